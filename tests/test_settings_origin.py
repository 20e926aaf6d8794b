"""A repository can narrow, never widen (issue 26, part 3): settings that widen what
benchlint reads (`follow-symlinks`, catalog and secret-list files outside the repository) count
only from the user — a flag, a settings file outside the checkout, the editor — never from a
settings file inside the repository under check, which a pull request controls."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import benchlint
from benchlint import Settings, SettingsError
from benchlint.cli.main import main
from benchlint.lint.resolver import SettingsResolver
from benchlint.lsp.client_settings import parse_client_settings
from benchlint.lsp.workspace_settings import WorkspaceSettings
from helpers import MINIMAL

SECRET = "Zq8vN3xR7tLp2WmK9yB4cD6fH1jS5uE0"  # a shape no recogniser knows
WORDY = "hunter2-correct-horse"  # a password the renderer may show as words
CATALOG = {
    "key": "my-bench",
    "name": "My bench",
    "source_type": "harbor",
    "task_count": 1,
}


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A git work tree with one clean config; `home` beside it holds the user's files."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "credentials").write_text(f"[default]\naws_secret_access_key = {SECRET}\n")
    (home / "catalog.json").write_text(json.dumps(CATALOG), "utf-8")
    (home / "secrets.json").write_text(json.dumps(["OPENAI_API_KEY"]), "utf-8")
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    folder = root / "configs" / "benchmark"
    folder.mkdir(parents=True)
    (folder / "a.toml").write_text(MINIMAL, "utf-8")
    monkeypatch.chdir(root)
    return root


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one line `check` refuses with (exit 2, nothing on stdout)."""
    status, out, err = run(["check", "configs", *args], capsys)
    assert status == 2 and out == ""
    [line] = err.splitlines()
    assert SECRET not in line and WORDY not in line
    return line


@pytest.mark.parametrize(
    ("name", "text", "where"),
    [
        ("benchlint.toml", "follow-symlinks = true\n", "benchlint.toml"),
        ("pyproject.toml", "[tool.benchlint]\nfollow-symlinks = true\n", "[tool.benchlint] of"),
    ],
)
def test_a_committed_follow_symlinks_is_refused_naming_file_and_setting(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, where: str
) -> None:
    (repo / "configs" / "benchmark" / "x.toml").symlink_to(tmp_path / "home" / "credentials")
    (repo / name).write_text(text, "utf-8")
    line = refused(capsys)
    assert where in line and "`follow-symlinks = true`" in line and "--follow-symlinks" in line
    assert "never widen" in line


def test_the_users_flag_still_follows_and_a_committed_false_only_narrows(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "configs" / "benchmark" / "x.toml").symlink_to(tmp_path / "home" / "credentials")
    (repo / "benchlint.toml").write_text("follow-symlinks = false\n", "utf-8")
    _, out, _ = run(["check", "configs", "--format", "json"], capsys)
    assert "BL004" in out
    _, out, _ = run(["check", "configs", "--format", "json", "--follow-symlinks"], capsys)
    assert "BL004" not in out and "BL001" in out and SECRET not in out


@pytest.mark.parametrize(
    "entry",
    [
        "../home/catalog.json",  # relative, climbing out
        "configs/../../home/catalog.json",  # climbing out further down
        "{home}/catalog.json",  # absolute
        "../home/*.json",  # a pattern outside
        "linked/catalog.json",  # a committed folder link out
        "linked/*.json",  # a pattern through it
        "cat.json",  # a committed file link out
    ],
)
@pytest.mark.parametrize("setting", ["catalog", "secrets-list"])
def test_a_committed_file_setting_may_name_only_files_inside(
    repo: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    entry: str,
    setting: str,
) -> None:
    home = tmp_path / "home"
    (repo / "linked").symlink_to(home)
    (repo / "cat.json").symlink_to(home / "catalog.json")
    written = json.dumps(entry.format(home=home))
    (repo / "benchlint.toml").write_text(f"{setting} = [{written}]\n", "utf-8")
    line = refused(capsys)
    assert f"{setting} `" in line and "benchlint.toml" in line and "outside the repository" in line
    flag = "--catalog" if setting == "catalog" else "--secrets-list"
    assert flag in line
    # the same refusal with the user's --follow-symlinks: it is about who asks, not links
    assert refused(capsys, "--follow-symlinks") == line


def test_the_user_names_files_outside_and_the_repository_names_files_inside(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    status, _, err = run(
        [
            "check",
            "configs",
            "--catalog",
            str(home / "catalog.json"),
            "--secrets-list",
            str(home / "secrets.json"),
        ],
        capsys,
    )
    assert status == 0, err
    (repo / "catalog").mkdir()
    (repo / "catalog" / "c.json").write_text(json.dumps(CATALOG), "utf-8")
    (repo / "benchlint.toml").write_text(f'catalog = ["catalog/*.json", "{repo}/catalog/c.json"]\n')
    status, _, err = run(["check", "configs"], capsys)
    assert status == 0, err


def test_a_config_file_outside_the_checkout_is_the_users(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--config ~/benchlint.toml` is the user's: it may follow links and name files outside;
    `--config benchlint.toml` inside the checkout is the repository's."""
    home = tmp_path / "home"
    (repo / "configs" / "benchmark" / "x.toml").symlink_to(home / "credentials")
    mine = home / "benchlint.toml"
    mine.write_text('follow-symlinks = true\ncatalog = ["catalog.json"]\n', "utf-8")
    _, out, _ = run(["check", "configs", "--config", str(mine), "--format", "json"], capsys)
    assert "BL004" not in out and "BL001" in out and SECRET not in out
    (repo / "committed.toml").write_text("follow-symlinks = true\n", "utf-8")
    line = refused(capsys, "--config", "committed.toml")
    assert "committed.toml" in line and "follow-symlinks" in line


@pytest.mark.parametrize("git", ["dir", "file", "none"])
@pytest.mark.parametrize("walk", ["configs", "."])
def test_a_root_of_its_own_below_does_not_make_the_checkouts_file_the_users(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], git: str, walk: str
) -> None:
    """The configs in a submodule (`.git` file) or below a `.git` folder a tarball brought
    have a root of their own; `--config benchlint.toml` of the checkout is still the
    checkout's, inside git or out of it."""
    if git == "none":
        (repo / ".git").rmdir()
    inner = repo / "configs"
    if git == "file":
        (inner / ".git").write_text("gitdir: ../.git/modules/configs\n", "utf-8")
    else:
        (inner / ".git").mkdir()
    (inner / "benchmark" / "x.toml").symlink_to(tmp_path / "home" / "credentials")
    (repo / "benchlint.toml").write_text("follow-symlinks = true\n", "utf-8")
    status, out, err = run(["check", walk, "--config", "benchlint.toml"], capsys)
    assert status == 2 and SECRET not in out + err and "follow-symlinks" in err
    # refused for the config itself, not only for the current folder's settings
    resolver = SettingsResolver(config_file=Path("benchlint.toml"))
    with pytest.raises(SettingsError, match="follow-symlinks"):
        resolver.for_path(str(inner / "benchmark" / "x.toml"), walk)


def test_a_settings_file_reached_through_a_link_is_still_the_repositorys(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    (repo / "configs" / "benchmark" / "x.toml").symlink_to(home / "credentials")
    (repo / "sub").mkdir()
    (repo / "sub" / "real.toml").write_text("follow-symlinks = true\n", "utf-8")
    (repo / "benchlint.toml").symlink_to(repo / "sub" / "real.toml")
    assert "follow-symlinks" in refused(capsys)
    # a committed link to a file of the user's, read because the user follows links, is
    # still the repository's choice: it cannot widen either
    (home / "shared.toml").write_text("follow-symlinks = true\n", "utf-8")
    (repo / "benchlint.toml").unlink()
    (repo / "benchlint.toml").symlink_to(home / "shared.toml")
    assert "follow-symlinks" in refused(capsys, "--follow-symlinks")


@pytest.mark.parametrize("value", [SECRET, WORDY])
def test_a_json_file_named_as_the_catalog_is_not_quoted(
    repo: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    """A committed setting naming a JSON file that is no catalog (inside the repository, so
    allowed) gets an error that quotes nothing of the file: not its `key`."""
    (repo / "package.json").write_text(json.dumps({"key": value, "version": "1"}), "utf-8")
    (repo / "benchlint.toml").write_text('catalog = ["package.json"]\n', "utf-8")
    line = refused(capsys)
    assert "package.json" in line and value not in line


def test_the_api_and_the_editor_apply_the_same_origin_rule(repo: Path, tmp_path: Path) -> None:
    (repo / "benchlint.toml").write_text("follow-symlinks = true\n", "utf-8")
    config = repo / "configs" / "benchmark" / "a.toml"
    with pytest.raises(SettingsError, match="follow-symlinks"):
        Settings.discover(config)
    with pytest.raises(SettingsError, match="follow-symlinks"):
        benchlint.lint_file(config)
    # given as data, settings are the caller's
    assert Settings.from_mapping({"follow-symlinks": True}).follow_symlinks
    editor = WorkspaceSettings()
    editor.set_root(repo)
    resolved = editor.for_path(str(config))
    assert resolved.error is not None and "follow-symlinks" in resolved.error
    assert not resolved.settings.follow_symlinks
    # the editor's own settings (the user's, or a trusted workspace's) may name files outside
    (repo / "benchlint.toml").unlink()
    editor.set_client(parse_client_settings({"catalog": [str(tmp_path / "home" / "catalog.json")]}))
    resolved = editor.for_path(str(config))
    assert resolved.error is None
    assert resolved.settings.catalog.find("my-bench") is not None
