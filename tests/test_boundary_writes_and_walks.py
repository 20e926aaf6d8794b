"""Writes obey the boundary, always, and one repository has one root (issue 26, parts 4 and
5): `--fix`, `--unsafe-fixes`, `new` and `-o` never write through a link out of the
repository, whatever the settings say; a folder walk enters linked folders inside the
repository once and reports those out of it (BL004); outside git, discovery and the
boundary stop at the same folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchlint.cli.main import main
from helpers import MINIMAL

SECRET = "Zq8vN3xR7tLp2WmK9yB4cD6fH1jS5uE0"
FIXABLE = MINIMAL.replace(
    'harness = "terminus-2"', 'harness = "terminus-2"\nharness_api_key_secret = "X"'
)
NEW = ["--benchmark", "terminal-bench-2-1", "--agent", "terminus-2:openai/gpt-5.2"]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """Outside the repository: the user's files a pull request would like to reach."""
    folder = tmp_path / "home"
    folder.mkdir()
    (folder / "profile").write_text(f"export TOKEN={SECRET}\n", "utf-8")
    (folder / "outside.toml").write_text(FIXABLE, "utf-8")
    return folder


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "configs" / "benchmark").mkdir(parents=True)
    (root / "configs" / "benchmark" / "a.toml").write_text(MINIMAL, "utf-8")
    monkeypatch.chdir(root)
    return root


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def state(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        str(path): (path.read_bytes(), path.stat().st_mtime_ns)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


# -- part 4: writes ------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["check", "plan"])
@pytest.mark.parametrize("target", ["reports/out.txt", "report.txt", "reports/sub/x.txt"])
def test_output_never_goes_through_a_link_out(
    repo: Path, home: Path, capsys: pytest.CaptureFixture[str], command: str, target: str
) -> None:
    (repo / "reports").symlink_to(home)  # a committed folder link
    (repo / "report.txt").symlink_to(home / "profile")  # a committed file link
    before = state(home)
    status, out, err = run([command, "configs", "-o", target], capsys)
    assert status == 2 and out == ""
    [line] = err.splitlines()
    assert target in line and "symbolic link out of the repository" in line
    assert state(home) == before


def test_output_inside_and_where_the_user_names_it_is_written(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "out").mkdir()
    (repo / "linked-out").symlink_to(repo / "out")  # a link that stays inside
    assert run(["check", "configs", "-o", "linked-out/r.txt"], capsys)[0] == 0
    assert (repo / "out" / "r.txt").is_file()
    elsewhere = tmp_path / "elsewhere.json"  # written outside on purpose, by the user
    assert run(["check", "configs", "--format", "json", "-o", str(elsewhere)], capsys)[0] == 0
    assert json.loads(elsewhere.read_text("utf-8"))["files"]


@pytest.mark.parametrize("flag", ["--fix", "--unsafe-fixes"])
def test_a_fix_is_never_written_through_a_link_even_when_followed(
    repo: Path, home: Path, capsys: pytest.CaptureFixture[str], flag: str
) -> None:
    (repo / "configs" / "benchmark" / "o.toml").symlink_to(home / "outside.toml")
    before = state(home)
    status, _, err = run(["check", "configs", flag, "--follow-symlinks"], capsys)
    assert status == 2
    [line] = err.splitlines()
    assert "o.toml" in line and "out of the repository" in line and "never written" in line
    assert state(home) == before


def test_a_followed_linked_folder_is_read_but_never_fixed(
    repo: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "configs" / "benchmark" / "more").symlink_to(home)
    before = state(home)
    status, _, err = run(["check", "configs", "--fix", "--follow-symlinks"], capsys)
    assert status == 2 and "never written" in err
    assert state(home) == before


@pytest.mark.parametrize("path", [None, "configs/benchmark/", "configs/benchmark/x.toml"])
def test_new_never_writes_through_a_committed_folder_link(
    repo: Path, home: Path, capsys: pytest.CaptureFixture[str], path: str | None
) -> None:
    (repo / "configs" / "benchmark" / "a.toml").unlink()
    (repo / "configs" / "benchmark").rmdir()
    (repo / "configs" / "benchmark").symlink_to(home)
    before = state(home)
    status, out, err = run(["new", *([path] if path else []), *NEW], capsys)
    assert status == 2 and out == ""
    [line] = err.splitlines()
    assert "symbolic link out of the repository" in line
    assert state(home) == before


def test_new_never_creates_folders_through_a_dangling_link(
    repo: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "configs" / "benchmark" / "a.toml").unlink()
    (repo / "configs" / "benchmark").rmdir()
    (repo / "configs").rmdir()
    (repo / "configs").symlink_to(home / "not-yet")  # mkdir -p would create it out there
    status, _, err = run(["new", *NEW], capsys)
    assert status == 2 and "symbolic link out of the repository" in err
    assert not (home / "not-yet").exists()


def test_new_refuses_a_file_link_out_and_writes_inside(
    repo: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "configs" / "benchmark" / "x.toml").symlink_to(home / "gone.toml")  # dangling
    status, _, err = run(["new", "configs/benchmark/x.toml", *NEW], capsys)
    assert status == 2 and "symbolic link out of the repository" in err
    assert not (home / "gone.toml").exists()
    status, out, _ = run(["new", "configs/benchmark/", *NEW], capsys)
    assert status == 0 and "wrote" in out


# -- part 5: walks and one root ------------------------------------------------------------------
def paths_of(out: str) -> list[str]:
    return [entry["path"] for entry in json.loads(out)["files"]]


def test_a_linked_folder_inside_the_repository_is_walked_once(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shared = repo / "shared" / "bench"
    shared.mkdir(parents=True)
    (shared / "s.toml").write_text(MINIMAL, "utf-8")
    (repo / "configs" / "benchmark" / "shared").symlink_to(shared)
    (repo / "configs" / "benchmark" / "again").symlink_to(shared)  # the same target twice
    (repo / "configs" / "benchmark" / "loop").symlink_to(repo / "configs")  # a loop
    status, out, err = run(["check", ".", "--format", "json"], capsys)
    assert status == 0, err
    found = paths_of(out)
    assert sorted(found) == ["./configs/benchmark/a.toml", "./configs/benchmark/again/s.toml"]


def test_naming_a_linked_folder_inside_is_not_empty(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "alias").symlink_to(repo / "configs")
    status, out, err = run(["check", "alias", "--format", "json"], capsys)
    assert status == 0 and "no benchmark configs" not in err
    assert paths_of(out) == ["alias/benchmark/a.toml"]


@pytest.mark.parametrize("link", ["configs/benchmark/ext", "configs/benchmark", "sub/configs"])
@pytest.mark.parametrize("given", [".", "named"])
def test_a_linked_folder_out_is_bl004_and_never_listed(
    repo: Path,
    home: Path,
    capsys: pytest.CaptureFixture[str],
    link: str,
    given: str,
) -> None:
    (home / f"{SECRET}.toml").write_text(MINIMAL, "utf-8")  # a name from outside
    (home / "benchmark").mkdir()
    (home / "benchmark" / "b.toml").write_text(MINIMAL, "utf-8")
    if link == "configs/benchmark":
        (repo / "configs" / "benchmark" / "a.toml").unlink()
        (repo / "configs" / "benchmark").rmdir()
    (repo / link).parent.mkdir(parents=True, exist_ok=True)
    (repo / link).symlink_to(home)
    status, out, err = run(["check", "." if given == "." else link, "--format", "json"], capsys)
    assert status == 1 and "no benchmark configs" not in err and SECRET not in out + err
    bl004 = [f["path"] for f in json.loads(out)["files"] if f["diagnostics"]]
    assert bl004 == [("./" if given == "." else "") + link]
    [diagnostic] = next(f for f in json.loads(out)["files"] if f["diagnostics"])["diagnostics"]
    assert diagnostic["code"] == "BL004" and "folder" in diagnostic["message"]
    # the user's flag walks it
    (home / f"{SECRET}.toml").unlink()  # (a hidden name would hide the paths beside it)
    _, out, _ = run(
        ["check", "." if given == "." else link, "--format", "json", "--follow-symlinks"], capsys
    )
    assert "BL004" not in out
    assert any(path.endswith("/benchmark/b.toml") for path in paths_of(out))


def test_a_linked_folder_out_where_no_config_can_be_is_not_reported(
    repo: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "data").symlink_to(home)
    status, out, _ = run(["check", ".", "--format", "json"], capsys)
    assert status == 0 and "BL004" not in out


def test_plan_names_a_linked_folder_out_in_bl004s_words(
    repo: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "configs" / "benchmark" / "ext").symlink_to(home)
    status, _, err = run(["plan", "configs"], capsys)
    assert status == 2 and "ext: this folder is a symbolic link" in err


def test_outside_git_discovery_and_the_boundary_share_the_current_folder(
    tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Outside git the root is the folder benchlint runs from: a settings file above it is
    not used (a stray `/tmp/benchlint.toml`), and a link out of it is BL004."""
    (tmp_path / "benchlint.toml").write_text('ignore = ["BL"]\n', "utf-8")  # above the root
    work = tmp_path / "work"
    (work / "configs" / "benchmark").mkdir(parents=True)
    (work / "configs" / "benchmark" / "bad.toml").write_text(MINIMAL + '\n[env]\nHF_TOKEN = "x"\n')
    (work / "configs" / "benchmark" / "o.toml").symlink_to(home / "outside.toml")
    monkeypatch.chdir(work)
    status, out, _ = run(["check", "configs", "--format", "json"], capsys)
    codes = {d["code"] for f in json.loads(out)["files"] for d in f["diagnostics"]}
    assert status == 1 and {"BL203", "BL004"} <= codes
    # the root's own settings file applies, and it may not widen either
    (work / "benchlint.toml").write_text("follow-symlinks = true\n", "utf-8")
    status, _, err = run(["check", "configs"], capsys)
    assert status == 2 and "follow-symlinks" in err
