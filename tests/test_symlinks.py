"""Trust boundaries (issue 20): a config that a symbolic link takes out of the repository is
neither read nor written (BL004), unless asked; a file that is no config is never quoted."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from tests.helpers import MINIMAL

import benchlint
from benchlint import Settings
from benchlint.cli.main import main

AWS = "wJalrXUtnFEMIK7MDENGbPxRfiCYzEXAMPLEKEY"
NETRC = "S3cr3tPassw0rdValue"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A git work tree with two links out of it (the reproducers) and the current folder."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "credentials").write_text(f"[default]\naws_secret_access_key = {AWS}\n", "utf-8")
    (home / "netrc").write_text(f"machine api.example.com login bob password {NETRC}\n", "utf-8")
    (home / "outside.toml").write_text(MINIMAL.replace("[[agents]]", "[tasks]\n\n[[agents]]"))
    root = tmp_path / "repo"
    folder = root / "configs" / "benchmark"
    folder.mkdir(parents=True)
    (root / ".git").mkdir()
    (folder / "x.toml").symlink_to(home / "credentials")
    (folder / "n.toml").symlink_to(home / "netrc")
    monkeypatch.chdir(root)
    return root


def check(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["check", *args])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github", "gitlab", "junit"])
def test_links_out_of_the_repository_are_reported_not_read(
    repo: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    status, out = check(["configs", "--format", fmt], capsys)
    assert status == 1
    assert AWS not in out and NETRC not in out and "aws_secret" not in out
    assert out.count("BL004") >= 2 or fmt in ("sarif", "junit")  # (SARIF names rules once)


def test_named_on_the_command_line_too(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out = check(["configs/benchmark/n.toml", "--format", "json"], capsys)
    [entry] = json.loads(out)["files"]
    assert [d["code"] for d in entry["diagnostics"]] == ["BL004"]
    assert entry["diagnostics"][0]["range"]["start"] == {"line": 1, "column": 1}


def test_a_fix_is_never_written_through_such_a_link(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = tmp_path / "home" / "outside.toml"
    before = outside.read_bytes()
    (repo / "configs" / "benchmark" / "o.toml").symlink_to(outside)
    _, out = check(["configs", "--unsafe-fixes"], capsys)
    assert outside.read_bytes() == before and "BL004" in out


def test_follow_symlinks_reads_them_and_masks_by_key_name(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = check(["configs", "--follow-symlinks"], capsys)
    assert status == 1 and "BL004" not in out
    # The AWS key is masked by its key name; neither file looks like a config, so no line of
    # either is quoted at all.
    assert AWS not in out and NETRC not in out
    assert "does not look like a benchmark config" in out
    assert " | " not in out  # no code frame


def test_the_repository_cannot_opt_in_for_the_user(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A committed `follow-symlinks = true` is refused (one line naming the file and the
    setting), and nothing behind the links is read."""
    (repo / "benchlint.toml").write_text("follow-symlinks = true\n", "utf-8")
    status, out = check(["configs", "--format", "json"], capsys)
    assert status == 2 and AWS not in out and NETRC not in out
    [line] = out.splitlines()
    assert "follow-symlinks = true" in line and "benchlint.toml" in line
    assert "--follow-symlinks" in line


def test_a_link_inside_the_repository_is_read_once_and_fixed_at_its_target(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("x.toml", "n.toml"):
        (repo / "configs" / "benchmark" / name).unlink()
    real = repo / "configs" / "benchmark" / "real.toml"
    real.write_text(
        MINIMAL.replace(
            'harness = "terminus-2"', 'harness = "terminus-2"\nharness_api_key_secret = "X"'
        )
    )
    (repo / "configs" / "benchmark" / "alias.toml").symlink_to(real)
    _, out = check(["configs", "--format", "json"], capsys)
    assert [f["path"] for f in json.loads(out)["files"]] == ["configs/benchmark/alias.toml"]
    _, out = check(["configs", "--fix"], capsys)
    assert "harness_api_key_secret" not in real.read_text("utf-8")
    assert (repo / "configs" / "benchmark" / "alias.toml").is_symlink()


def test_outside_git_the_walk_start_is_the_boundary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = tmp_path / "secret.toml"
    secret.write_text(f"password = {NETRC}\n", "utf-8")
    folder = tmp_path / "work" / "configs" / "benchmark"
    folder.mkdir(parents=True)
    (folder / "s.toml").symlink_to(secret)
    monkeypatch.chdir(tmp_path / "work")
    _, out = check(["configs"], capsys)
    assert "BL004" in out and NETRC not in out


def test_the_python_api_applies_the_same_policy(repo: Path) -> None:
    link = repo / "configs" / "benchmark" / "n.toml"
    assert [d.code for d in benchlint.lint_file(link)] == ["BL004"]
    read = benchlint.lint_file(link, settings=Settings(follow_symlinks=True))
    assert [d.code for d in read] == ["BL001"]


def test_catalog_and_settings_files_behind_such_links_are_refused(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("x.toml", "n.toml"):
        (repo / "configs" / "benchmark" / name).unlink()
    (repo / "configs" / "benchmark" / "ok.toml").write_text(MINIMAL, "utf-8")
    (repo / "catalog.json").symlink_to(tmp_path / "home" / "credentials")
    (repo / "benchlint.toml").write_text('catalog = ["catalog.json"]\n', "utf-8")
    status, out = check(["configs"], capsys)
    assert status == 2 and "`catalog.json` in " in out and "outside the repository" in out
    assert AWS not in out
    (repo / "benchlint.toml").unlink()
    (repo / "benchlint.toml").symlink_to(tmp_path / "home" / "credentials")
    status, out = check(["configs"], capsys)
    assert status == 2 and "settings file" in out and AWS not in out


def test_settings_discovery_stops_at_the_repository(
    tmp_path: Path, repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "benchlint.toml").write_text('ignore = ["BL"]\n', "utf-8")  # above the repo
    for name in ("x.toml", "n.toml"):
        (repo / "configs" / "benchmark" / name).unlink()
    (repo / "configs" / "benchmark" / "bad.toml").write_text(MINIMAL + '\n[env]\nHF_TOKEN = "x"\n')
    status, out = check(["configs"], capsys)
    assert status == 1 and "BL203" in out


def test_a_loop_and_a_dangling_link_are_failures(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = repo / "configs" / "benchmark"
    (folder / "loop.toml").symlink_to(folder / "loop.toml")
    (folder / "gone.toml").symlink_to(folder / "missing-target.toml")
    status, out = check([str(folder / "loop.toml"), str(folder / "gone.toml")], capsys)
    assert status == 2 and "symbolic link loop" in out and "broken symbolic link" in out
    assert os.path.islink(folder / "loop.toml")


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_plan_reads_no_link_out_of_the_repository(
    repo: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    """`plan` cannot plan what it does not read: each link is a failure (exit 2) in BL004's
    words, and nothing of the target is shown."""
    status = main(["plan", "configs", "--format", fmt])
    captured = capsys.readouterr()
    out = captured.out + captured.err
    assert status == 2
    assert AWS not in out and NETRC not in out and "aws_secret" not in out
    assert captured.err.count("symbolic link to a file outside the repository") == 2


def test_the_flags_help_names_everything_it_covers(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    start = text.index("--follow-symlinks read")
    covered = text[start : start + 400]
    for word in ("configs", "folders", "settings files", "catalog", "secrets-list", "never fixed"):
        assert word in covered, word
