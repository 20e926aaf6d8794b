"""Settings are never silently empty, dropped or different between surfaces: an empty
`select` is refused, repeated list flags add up, every settings error names where the
setting came from, `--config` takes either layout under any name."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from benchlint import Settings, SettingsError
from benchlint.cli.main import COMMANDS, build_parser, main
from benchlint.lint.setting_keys import FILE_KEYS
from helpers import MINIMAL

HF = MINIMAL.replace("[agents.model]", '[agents.env]\nHF_TOKEN = "x"\n\n[agents.model]')
BOTH = HF.replace('"terminus-2"', '"gemini-cli"')  # BL203 and BL403


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository with one config (BL203, BL403), as the current folder."""
    (tmp_path / ".git").mkdir()
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    (folder / "a.toml").write_text(BOTH)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["check", "--no-color", *args])
    out, err = capsys.readouterr()
    return status, out, err


def found(out: str) -> set[str]:
    """The codes of a `--format json` report."""
    return {d["code"] for f in json.loads(out)["files"] for d in f["diagnostics"]}


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one stderr line of a run refused with exit 2."""
    status, out, err = run(capsys, *args)
    assert status == 2, out + err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    return err


# -- 1. an empty select ------------------------------------------------------------------------


def test_an_empty_select_flag_is_refused(repo: Path, capsys) -> None:
    err = refused(capsys, "--select", "", "configs")
    assert "`select` in --select is empty: it would turn every rule off" in err
    assert "`ignore` turns rules off one by one" in err
    assert "in --select is empty" in refused(capsys, "--select", " , ", "configs")


@pytest.mark.parametrize(
    ("name", "text", "where"),
    [
        ("benchlint.toml", "select = []\n", "{path}"),
        ("pyproject.toml", "[tool.benchlint]\nselect = []\n", "[tool.benchlint] of {path}"),
    ],
)
def test_an_empty_select_in_a_settings_file_is_refused(
    repo: Path, capsys, name: str, text: str, where: str
) -> None:
    path = repo / name
    path.write_text(text)
    err = refused(capsys, "configs")
    assert f"`select` in {where.format(path=path)} is empty" in err


def test_an_empty_select_is_refused_by_the_api() -> None:
    with pytest.raises(SettingsError, match="`select` in settings is empty"):
        Settings(select=())


def test_a_select_that_is_not_empty_still_works(repo: Path, capsys) -> None:
    status, out, _ = run(capsys, "--format", "json", "--select", "BL2", "configs")
    assert status == 1 and found(out) == {"BL203"}


# -- 2. repeated list flags add up -------------------------------------------------------------


def _list_flags() -> list[tuple[str, str, argparse.Action]]:
    """Every list-valued flag of every subcommand, as the parser declares it."""
    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found = []
    for command, sub in subparsers.choices.items():
        for action in sub._actions:
            accumulates = isinstance(action, argparse._AppendAction | argparse._ExtendAction)
            if action.option_strings and accumulates:
                found.append((command, action.option_strings[-1], action))
    return found


def test_every_list_setting_flag_is_a_list_flag() -> None:
    """A flag named after a list-valued setting must accumulate (no hand-kept list)."""
    lists = {
        key for key, field in FILE_KEYS.items() if isinstance(getattr(Settings(), field), tuple)
    }
    declared = {flag for _, flag, _ in _list_flags()}
    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for sub in subparsers.choices.values():
        for action in sub._actions:
            for flag in action.option_strings:
                if flag.removeprefix("--") in lists:
                    assert flag in declared, f"{flag} does not accumulate"
    assert {"--select", "--ignore", "--catalog", "--secrets-list"} <= declared


@pytest.mark.parametrize(
    ("command", "flag"), [(c, f) for c, f, _ in _list_flags()], ids=lambda v: str(v)
)
def test_repeated_list_flags_accumulate(command: str, flag: str) -> None:
    required = {"new": ["--benchmark", "hle"]}.get(command, [])
    args = build_parser(command).parse_args(
        [command, *required, flag, "first", flag, "second,third"]
    )
    dest = next(a.dest for c, f, a in _list_flags() if (c, f) == (command, flag))
    values = getattr(args, dest)
    assert values[0] == "first" and "second" in ",".join(values), values
    assert COMMANDS[command]


def test_repeated_code_flags_reach_the_settings(repo: Path, capsys) -> None:
    status, out, _ = run(
        capsys, "--format", "json", "--ignore", "BL203", "--ignore", "BL403", "configs"
    )
    assert status == 0 and found(out) == set()
    status, out, _ = run(capsys, "--format", "json", "--select", "BL2,BL3", "--select", "BL4")
    assert found(out) == {"BL203", "BL403"}


# -- 3. errors name their source ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--ignore", "BL999"], "unknown rule code or prefix `BL999` in --ignore"),
        (["--select", "BLX"], "unknown rule code or prefix `BLX` in --select"),
        (["--catalog", "nope.json"], "catalog file `{root}/nope.json` in --catalog does not exist"),
        (
            ["--secrets-list", "s/*.json"],
            "secrets-list pattern `{root}/s/*.json` in --secrets-list",
        ),
    ],
)
def test_flag_errors_name_the_flag(repo: Path, capsys, args: list[str], says: str) -> None:
    (repo / "benchlint.toml").write_text('ignore = ["BL502"]\n')  # not what is named
    err = refused(capsys, *args, "configs")
    assert says.format(root=repo) in err
    assert "benchlint.toml" not in err


@pytest.mark.parametrize(
    ("name", "text", "where"),
    [
        ("benchlint.toml", 'ignore = ["BL999"]\n', "in {path}"),
        (
            "pyproject.toml",
            '[tool.benchlint]\nignore = ["BL999"]\n',
            "in [tool.benchlint] of {path}",
        ),
    ],
)
def test_file_errors_name_the_file(repo: Path, capsys, name: str, text: str, where: str) -> None:
    path = repo / name
    path.write_text(text)
    err = refused(capsys, "--ignore", "BL203", "configs")
    assert f"unknown rule code or prefix `BL999` {where.format(path=path)}" in err


# -- 4. --config takes either layout, whatever the name ------------------------------------------


@pytest.mark.parametrize(
    "text",
    ['ignore = ["BL203"]\n', '[project]\nname = "x"\n[tool.benchlint]\nignore = ["BL203"]\n'],
)
def test_config_reads_either_layout_under_any_name(repo: Path, capsys, text: str) -> None:
    (repo / "cfg.toml").write_text(text)
    status, out, _ = run(capsys, "--format", "json", "--config", "cfg.toml", "configs")
    assert status == 0 and found(out) == {"BL403"}


def test_a_tool_table_without_benchlint_says_what_to_do(repo: Path, capsys) -> None:
    (repo / "cfg.toml").write_text("[tool.other]\nx = 1\n")
    err = refused(capsys, "--config", "cfg.toml", "configs")
    assert "no [tool.benchlint] table" in err and "top-level keys" in err


def test_config_help_says_so(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "[tool.benchlint] table when it has a [tool] table, else its top-level keys" in help_text


# -- 5. files named by settings ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "setting"), [("catalog", "catalog"), ("secrets-list", "secrets-list")]
)
def test_a_pattern_matching_nothing_names_the_file_and_folder(
    repo: Path, capsys, key: str, setting: str
) -> None:
    settings = repo / "sub" / "benchlint.toml"
    settings.parent.mkdir()
    settings.write_text(f'{key} = ["data/*.json"]\n')
    err = refused(capsys, "--config", str(settings), "configs")
    assert f"{setting} pattern `data/*.json` in {settings} matches no file" in err
    assert f"(looked in {settings.parent})" in err


def test_a_named_file_that_does_not_exist_names_the_file_and_folder(repo: Path, capsys) -> None:
    (repo / "benchlint.toml").write_text('catalog = ["catalog.json"]\n')
    err = refused(capsys, "configs")
    assert f"catalog file `catalog.json` in {repo / 'benchlint.toml'} does not exist" in err
    assert f"(looked in {repo})" in err


# -- 6. a `#:schema` first line makes a config anywhere ------------------------------------------


def test_a_schema_line_config_gets_no_bl504_on_the_command_line(repo: Path, capsys) -> None:
    elsewhere = repo / "experiments" / "x.toml"
    elsewhere.parent.mkdir()
    elsewhere.write_text("#:schema ../schema/benchmark-config.schema.json\n" + MINIMAL)
    status, out, _ = run(capsys, "--format", "json", str(elsewhere))
    assert status == 0 and "BL504" not in found(out)
    elsewhere.write_text(MINIMAL)
    _, out, _ = run(capsys, "--format", "json", str(elsewhere))
    assert "BL504" in found(out)
