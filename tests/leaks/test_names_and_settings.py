"""File names, folder names and settings values in every line benchlint prints.

A name is known to the output masker before a message can say it, whatever names it: every
path is announced when it is read, refused at the repository's boundary, or listed by a walk
(`core.reading.announce`), with the part below the repository's root judged like any input.
Settings errors quote a string value through the renderer and any other value by its type.
Each case here printed a refused name or value in clear before (a helper's attack).
"""

from __future__ import annotations

import io
import json
import os
import stat
import urllib.parse
from pathlib import Path

import pytest

from benchlint.cli.main import main
from benchlint.domain.workspace_cache import META, benchmark_file, cache_folder

SECRET = "Zq8vKw2mPx7nR4tB9"  # refused: interleaved case and digits, no word in it
OTHER = "Hy6tGb4nMj8kLp2Qw"
KANA = "パスワードはひみつのあいことばです"  # refused for its length: 17 letters of one script
CONFIG = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""
FORMATS = ("text", "json", "sarif", "github", "gitlab", "junit")


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "configs" / "benchmark").mkdir(parents=True)
    (root / "configs/benchmark/ok.toml").write_text(CONFIG, "utf-8")
    monkeypatch.chdir(root)
    return root


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    main(list(args))
    out, err = capsys.readouterr()
    return out + err


def _none_of(shown: str, *secrets: str) -> None:
    for secret in secrets:
        for start in range(len(secret) - 7):
            assert secret[start : start + 8] not in shown, (secret, shown)


def test_configs_that_are_never_read_are_not_named_in_clear(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = repo / "configs/benchmark"
    (folder / f"a.{SECRET}.toml").symlink_to("missing.toml")  # dangling
    (folder / f"b.{OTHER}.toml").symlink_to("/etc/hostname")  # out of the repository: BL004
    for fmt in FORMATS:
        shown = _run(capsys, "check", ".", "--format", fmt, "--no-color")
        assert "BL004" in shown  # the finding is there
        _none_of(shown, SECRET, OTHER)
    _none_of(_run(capsys, "plan", "."), SECRET, OTHER)


def test_a_catalog_found_by_a_settings_pattern_is_not_named_in_clear(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "cat").mkdir()
    (repo / f"cat/a.{SECRET}.json").write_text("{oops", "utf-8")
    (repo / "benchlint.toml").write_text('catalog = ["cat/*.json"]\n', "utf-8")
    shown = _run(capsys, "check", ".")
    assert "is not valid JSON" in shown
    _none_of(shown, SECRET)


def test_a_settings_file_in_a_refused_folder_is_not_named_in_clear(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    team = repo / f"configs/benchmark/team.{SECRET}"
    team.mkdir()
    (team / "benchlint.toml").write_text("profile = \n", "utf-8")
    (team / "run.toml").write_text(CONFIG, "utf-8")
    shown = _run(capsys, "check", ".")
    assert "is not valid TOML" in shown
    _none_of(shown, SECRET)


@pytest.mark.parametrize("how", ["relative", "absolute"])
def test_folders_below_a_tree_checked_from_outside_it_are_not_named_in_clear(
    how: str, repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    team = repo / f"configs/benchmark/team.{SECRET}"
    team.mkdir()
    (team / "run.toml").write_text(CONFIG + "X = 1\n", "utf-8")
    elsewhere = repo.parent / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    target = "../repo" if how == "relative" else str(repo)
    for fmt in ("text", "github", "json"):
        shown = _run(capsys, "check", target, "--format", fmt, "--no-color")
        assert "BL101" in shown
        _none_of(shown, SECRET)


def test_a_folder_walked_outside_git_keeps_what_lies_below_it_hidden(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    team = tmp_path / f"tree/configs/benchmark/team.{SECRET}"
    team.mkdir(parents=True)
    (team / "run.toml").write_text(CONFIG + "X = 1\n", "utf-8")
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    shown = _run(capsys, "check", "../tree", "--no-color")
    assert "BL101" in shown
    _none_of(shown, SECRET)


def test_sarif_does_not_show_a_refused_name_percent_encoded(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / f"configs/benchmark/{KANA}.toml").write_text(CONFIG + "X = 1\n", "utf-8")
    shown = _run(capsys, "check", ".", "--format", "sarif")
    assert "BL101" in shown
    _none_of(urllib.parse.unquote(shown), KANA)
    _none_of(shown, urllib.parse.quote(KANA))


# Each holds a password by its place (`user:password@host`); `zqk`, `vyr` and `wub` are its
# pieces, each too short to be looked for alone: shown anywhere, a piece of it leaked.
SPACED_NAMES = [
    "dan:zqk vyr wub@h.toml",  # spaces (each word harmless)
    "dan:zqk\u00a0vyr wub@h.toml",  # a no-break space, which the text formats escape
    "dan:zqk/vyr wub@h.toml",  # over a folder and the file, with a space
    "dan:zqk vyr/wub@h.toml",
    "dan:zqk\\vyr wub@h.toml",  # a backslash: a character of a name (not on Windows)
    'dan:zqk"vyr"wub@h.toml',  # quotes, which JSON escapes
    "dan:zqk&vyr<wub>@h.toml",  # what XML escapes (JUnit)
    "dan:zqk%vyr wub,x@h.toml",  # what a GitHub command escapes (and SARIF otherwise)
]


@pytest.mark.parametrize("name", SPACED_NAMES)
def test_a_password_in_a_file_name_is_not_shown_in_any_format(
    name: str, repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name is one run, white space and all, over its folders too: the password's place,
    widened to the parts it touches, is looked for as each format prints it (helpers'
    findings: each of these showed `zqk`, `vyr` or `wub` in some format)."""
    path = repo / "configs/benchmark" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(CONFIG + "X = 1\n", "utf-8")
    outputs = {fmt: ["check", ".", "--format", fmt, "--no-color"] for fmt in FORMATS}
    outputs |= {"plan": ["plan", "."], "diff": ["check", ".", "--diff"]}
    outputs["statistics"] = ["check", ".", "--statistics"]
    for what, args in outputs.items():
        shown = _run(capsys, *args)
        assert "run.toml" not in shown or "configs" in shown  # (a report was printed)
        for piece in ("zqk", "vyr", "wub"):
            assert piece not in shown, (what, shown)


def _pieces_hidden(shown: str) -> None:
    for piece in ("zqk", "vyr", "wub"):
        assert piece not in shown, shown


@pytest.mark.parametrize(
    "given",
    [
        "configs/benchmark/dan:zqk/../vyr wub@h.toml",  # a `..` the output keeps
        "configs//benchmark/./dan:zqk/../vyr wub@h.toml",
        "configs//a:b/vyr//wub//xyz@h.toml",  # deleted since: `no such file`
    ],
)
def test_a_path_is_judged_as_written_too(
    given: str, repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "configs/benchmark/dan:zqk").mkdir()
    (repo / "configs/benchmark/vyr wub@h.toml").write_text(CONFIG + "X = 1\n", "utf-8")
    for fmt in FORMATS:
        _pieces_hidden(_run(capsys, "check", given, "--format", fmt))
    _pieces_hidden(_run(capsys, "plan", given))


def test_a_submodule_folder_is_the_repositorys_choice(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A `.git` inside the repository (a submodule) is a root of its own, but the folders
    above it up to the current folder are still the repository's: judged."""
    module = repo / "configs/benchmark/dan:zqk"
    module.mkdir()
    (module / ".git").write_text("gitdir: elsewhere\n", "utf-8")
    (module / "vyr wub@h.toml").write_text(CONFIG + "X = 1\n", "utf-8")
    for fmt in FORMATS:
        _pieces_hidden(_run(capsys, "check", ".", "--format", fmt))


def test_a_submodule_folder_is_judged_from_a_folder_beside_it_too(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    module = repo / "configs/benchmark/dan:zqk vyr wub@h"
    module.mkdir()
    (module / ".git").write_text("gitdir: elsewhere\n", "utf-8")
    (module / "run.toml").write_text(CONFIG + "X = 1\n", "utf-8")
    (repo / "tools").mkdir()
    monkeypatch.chdir(repo / "tools")
    for fmt in FORMATS:
        _pieces_hidden(_run(capsys, "check", "../configs", "--format", fmt))


@pytest.mark.parametrize("how", ["relative", "absolute"])
def test_the_folders_above_a_repository_are_the_machines_wherever_one_runs(
    how: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A repository in a temporary folder (`tmpa8f3k2_x`, a name the renderer refuses) checked
    from a folder above it: no pull request chose the folders that hold the repository."""
    repo = tmp_path / "t/tmpa8f3k2_x/repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "configs/benchmark").mkdir(parents=True)
    (repo / "configs/benchmark/run.toml").write_text(CONFIG + "X = 1\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    given = "t/tmpa8f3k2_x/repo" if how == "relative" else str(repo)
    shown = _run(capsys, "check", given, "--no-color")
    assert "BL101" in shown and "tmpa8f3k2_x/repo/configs/benchmark/run.toml" in shown, shown


@pytest.mark.parametrize("where", ["inside", "beside"])
def test_outside_git_a_walk_of_a_subfolder_judges_the_folders_above_it(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "tree/configs/benchmark/dan:zqk"
    folder.mkdir(parents=True)
    (folder / "vyr wub@h.toml").write_text(CONFIG + "X = 1\n", "utf-8")
    (tmp_path / "beside").mkdir()
    monkeypatch.chdir(tmp_path / ("tree" if where == "inside" else "beside"))
    given = (
        "configs/benchmark/dan:zqk" if where == "inside" else "../tree/configs/benchmark/dan:zqk"
    )
    for fmt in FORMATS:
        _pieces_hidden(_run(capsys, "check", given, "--format", fmt))


@pytest.mark.parametrize("byte", [b"\x85", b"\x01", b"\xff"])
def test_a_name_with_bytes_each_format_escapes_is_hidden_in_each(
    byte: bytes, repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bytes that are not UTF-8 (`\\x85`) and control characters (`\\u0001` in JSON) are
    escaped by each format its own way; the pieces between them were shown."""
    name = b"configs/benchmark/dan:zqk" + byte + b"vyr" + byte + b"wub@h.toml"
    with open(os.path.join(os.fsencode(repo), name), "w", encoding="utf-8") as file:
        file.write(CONFIG + "X = 1\n")
    for fmt in FORMATS:
        _pieces_hidden(_run(capsys, "check", ".", "--format", fmt, "--no-color"))
    _pieces_hidden(_run(capsys, "plan", ".", "--format", "json"))


def test_sarif_keeps_the_slashes_of_a_refused_path(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = repo / "configs/benchmark/a:zqk/vyr /wub "
    folder.mkdir(parents=True)
    (folder / "xyz@h.toml").write_text(CONFIG + "X = 1\n", "utf-8")
    _pieces_hidden(_run(capsys, "check", ".", "--format", "sarif"))


@pytest.mark.parametrize(
    "settings",
    ['"dan:zqk vyr wub@h.toml" = 1\n', '[per-file-ignores]\n"dan:zqk vyr wub@h.toml" = 7\n'],
)
def test_a_settings_key_is_quoted_through_the_renderer(
    settings: str, repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "benchlint.toml").write_text(settings, "utf-8")
    shown = _run(capsys, "check", ".")
    assert "benchlint.toml" in shown
    _pieces_hidden(shown)


@pytest.mark.parametrize("setting", ["catalog", "secrets-list"])
@pytest.mark.parametrize(
    "entry", ["dan:zqk vyrwub@h.json", "dan:zqk vyr*@h.json", "c/dan:zqk\\u00a0vyrwub@h.json"]
)
def test_a_settings_entry_naming_no_file_is_quoted_through_the_renderer(
    setting: str, entry: str, repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "benchlint.toml").write_text(f'{setting} = ["{entry}"]\n', "utf-8")
    shown = _run(capsys, "check", ".")
    assert "does not exist" in shown or "matches no file" in shown
    assert "zqk" not in shown and "vyr" not in shown, shown


@pytest.mark.parametrize("how", ["missing", "stdin"])
def test_a_file_name_given_on_the_command_line_is_judged(
    how: str, repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name from the command line (a list `git diff --name-only` gave, whose file was deleted
    since; a `--stdin-filename`) is known to the masker before anything names it."""
    name = f"configs/benchmark/a.{SECRET}.toml"
    if how == "stdin":
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(CONFIG.encode())))
        args = ["check", "-", "--stdin-filename", name, "--no-color"]
    else:
        args = ["check", name]
    for fmt in FORMATS:
        shown = _run(capsys, *args, "--format", fmt)
        assert ("no such file" in shown) == (how == "missing"), shown
        _none_of(shown, SECRET)


@pytest.mark.parametrize(
    ("setting", "hidden"),
    [
        ('profile = "qzxkvwp\\u006cmrtbnhg\\u0066ydqabcd"', "qzxkvwplmrtbnhgfydqabcd"),
        ("profile = 4111_1111_1111_1111", "4111111111111111"),
        ("fail-on = 4111_1111_1111_1111", "4111111111111111"),
        ("[severity]\nBL101 = 4111_1111_1111_1111", "4111111111111111"),
    ],
)
@pytest.mark.parametrize("name", ["lint.cfg", "lint.toml"])
def test_a_settings_value_is_not_shown_as_it_decodes(
    setting: str, hidden: str, name: str, repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo.parent / name).write_text(setting + "\n", "utf-8")
    shown = _run(capsys, "check", ".", "--config", str(repo.parent / name))
    assert name in shown  # the error is there, naming the file
    _none_of(shown, hidden)


def test_a_non_string_setting_is_named_by_its_type(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "benchlint.toml").write_text("profile = 7\n", "utf-8")
    shown = _run(capsys, "check", ".")
    assert "must name a profile (`docs`, `osmosis-0.3.8`), not a number" in shown


def test_workspace_status_does_not_show_a_meta_file_in_clear(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = {"key": "acme/x@1", "name": "X", "source_type": "harbor_registry", "tasks": []}
    folder = cache_folder(repo)
    path = benchmark_file(folder, "acme/x@1")
    path.write_text(json.dumps({"schema_version": 1, "data": {"benchmark": entry}}), "utf-8")
    meta = path.with_name(path.name[: -len(".json")] + META)
    meta.write_text(
        json.dumps({"fetched_at": "2026-01-01T00:00:00Z", "cli_version": SECRET}), "utf-8"
    )
    shown = _run(capsys, "workspace", "status")
    assert "acme/x@1" in shown
    _none_of(shown, SECRET)


def test_workspace_pull_does_not_echo_a_benchmark_key_in_clear(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = repo / "configs/benchmark/ok.toml"
    config.write_text(CONFIG.replace("terminal-bench-2-1", SECRET), "utf-8")
    cli = tmp_path / "osmosis"
    cli.write_text(
        "#!/bin/sh\n"
        'case "$1" in --version) echo "osmosis-ai 0.3.8"; exit 0;; esac\n'
        'if [ "$2" = "benchmark" ]; then\n'
        '  echo \'{"schema_version": 1, "error": {"code": "NOT_FOUND", '
        '"message": "Benchmark not found"}}\' >&2; exit 1\n'
        "fi\n"
        'echo \'{"schema_version": 1, "items": []}\'\n',
        "utf-8",
    )
    cli.chmod(cli.stat().st_mode | stat.S_IXUSR)
    shown = _run(capsys, "workspace", "pull", "--osmosis", str(cli))
    assert "no benchmark" in shown
    _none_of(shown, SECRET)
    assert os.path.isdir(repo / ".benchlint")


@pytest.mark.parametrize(
    "args",
    [
        [f"configs/benchmark/{SECRET}.toml"],  # the command forgotten: an invalid choice
        [f"dan:{SECRET}@host.toml"],
        ["check", f"--bogus=dan:{SECRET}@host"],  # an unknown option, its value attached
        ["check", f"--{SECRET}.toml"],  # a file name starting with `--`, from a list
        ["check", f"-x{SECRET}"],
        ["check", "--format", SECRET],  # an invalid choice
        ["check", "--fail-on", f"{SECRET}"],
        ["plan", "configs/benchmark/ok.toml", f"--x={SECRET}"],
        ["rule", SECRET],
        # the next spellings: an abbreviated option, bytes that are not UTF-8 (as Python
        # hands them over: surrogate escapes), an argument file's `@`, a control sequence
        ["check", f"--form={SECRET}"],
        ["check", f"--sel=\udcff{SECRET}"],
        [f"\udcff{SECRET}"],
        [f"@{SECRET}"],
        ["check", "--select", f"BL1\x1b[2J{SECRET}"],
        ["catalog", f"\udcff{SECRET}"],
    ],
)
def test_a_usage_error_does_not_echo_a_refused_argument(
    args: list[str], repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every word of the command line is known to the masker before the parser can quote it:
    `git diff --name-only | xargs benchlint check` passes names a repository chose."""
    capsys.readouterr()
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    _none_of(err, SECRET)


def test_a_usage_error_keeps_the_options_it_names(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An option's name is judged apart from its value: the error still says which one."""
    capsys.readouterr()
    assert main(["check", f"--bogus-option=dan:{SECRET}@host"]) == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --bogus-option=*" in err, err
    _none_of(err, SECRET)


RANDOM_NAME = "kJ8sL2mN9pQ4rT7v"  # refused, and short: only the folders made a long run


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_random_file_name_does_not_hide_its_folders(
    fmt: str, repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A random-looking file name is hidden, and only it: `configs/benchmark/` before it made
    a run long enough to look random, which starred the folders in the name, and their
    words (`benchmark`) in every message."""
    (repo / f"configs/benchmark/{RANDOM_NAME}.toml").write_text(
        CONFIG.replace("[[agents]]", "descripton = 1\n\n[[agents]]"), "utf-8"
    )
    shown = _run(capsys, "check", f"configs/benchmark/{RANDOM_NAME}.toml", "--format", fmt)
    _none_of(shown, RANDOM_NAME)
    assert "configs" in shown and "benchmark/" in shown.replace("%2F", "/"), shown
    assert "allowed here: `benchmark`" in shown, shown


def test_a_random_run_keeps_only_its_plain_leading_folders() -> None:
    from benchlint.secrets.detection import random_runs

    token = "Zq8vKw2mPx7nR4tB9Hy6tGb4nMj8kLp2Qw"

    def runs(text: str) -> list[str]:
        return [text[start:end] for start, end in random_runs(text)]

    assert runs(f"configs/benchmark/{RANDOM_NAME}.toml") == [RANDOM_NAME]
    assert runs(f"//configs/{token}") == [token]
    assert runs(f"Zq8v/{token}") == [f"Zq8v/{token}"]  # not a word: part of the run
    assert runs(f"configs/{token[:4]}/{token[4:]}") == [f"{token[:4]}/{token[4:]}"]
    assert runs(token) == [token]
