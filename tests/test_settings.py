"""Settings: discovery, selection, overrides, per-file ignores; unknown things are errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import benchlint
from benchlint import Settings, SettingsError
from helpers import MINIMAL, codes, lint

HF = MINIMAL.replace("[agents.model]", '[agents.env]\nHF_TOKEN = "x"\n\n[agents.model]')
GEMINI = MINIMAL.replace('"terminus-2"', '"gemini-cli"')


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """These projects are not git work trees: their root is the folder benchlint runs from
    (discovery looks no higher), so run from the project."""
    monkeypatch.chdir(tmp_path)


def test_select_and_ignore_take_codes_and_prefixes() -> None:
    both = HF.replace('"terminus-2"', '"gemini-cli"')
    assert codes(lint(both)) == ["BL403", "BL203"]
    assert codes(lint(both, select=["BL2"])) == ["BL203"]
    assert codes(lint(both, ignore=["BL4"])) == ["BL203"]
    assert codes(lint(both, select=["BL"], ignore=["BL203"])) == ["BL403"]


def test_severity_override() -> None:
    (diagnostic,) = lint(GEMINI, severity={"BL403": "error"})
    assert diagnostic.severity == "error"


@pytest.mark.parametrize(
    ("values", "fragment"),
    [
        ({"select": ["BL999"]}, "unknown rule code"),
        ({"ignore": ["XX1"]}, "unknown rule code"),
        ({"profile": "osmosis-9"}, "unknown profile"),
        ({"fail_on": "sometimes"}, "fail-on"),
        ({"severity": {"BL403": "fatal"}}, "severity of BL403"),
        ({"severity": {"BL4": "error"}}, "full rule codes"),
        ({"max_file_size": 0}, "max-file-size"),
    ],
)
def test_invalid_values_are_errors(values: dict, fragment: str) -> None:
    with pytest.raises(SettingsError, match=fragment):
        Settings(**values)


def test_unknown_setting_in_a_file_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "benchlint.toml").write_text('profil = "docs"\n')
    with pytest.raises(SettingsError, match=r"unknown setting `profil`.*did you mean `profile`"):
        Settings.discover(tmp_path / "configs" / "benchmark" / "a.toml")


def test_discovery_finds_the_nearest_file(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.benchlint]\nignore = ["BL403"]\n')
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    config = folder / "a.toml"
    config.write_text(GEMINI)
    assert codes(benchlint.lint_file(config)) == []
    (tmp_path / "configs" / "benchlint.toml").write_text('select = ["BL4"]\n')
    assert codes(benchlint.lint_file(config)) == ["BL403"]  # nearer file wins, whole


def test_a_pyproject_without_the_table_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.benchlint]\nprofile = "osmosis-0.3.8"\n')
    inner = tmp_path / "sub"
    inner.mkdir()
    (inner / "pyproject.toml").write_text('[project]\nname = "x"\n')
    assert Settings.discover(inner / "a.toml").profile == "osmosis-0.3.8"


def test_per_file_ignores_match_globs_relative_to_the_settings_file(tmp_path: Path) -> None:
    (tmp_path / "benchlint.toml").write_text(
        '[per-file-ignores]\n"configs/benchmark/experimental-*.toml" = ["BL403"]\n'
    )
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    (folder / "experimental-1.toml").write_text(GEMINI)
    (folder / "main.toml").write_text(GEMINI)
    assert codes(benchlint.lint_file(folder / "experimental-1.toml")) == []
    assert codes(benchlint.lint_file(folder / "main.toml")) == ["BL403"]


@pytest.mark.parametrize(
    "content",
    ["select = [\n", "max-file-size = " + "9" * 5000 + "\n", "x = " + "[" * 2000 + "]" * 2000],
    ids=["syntax", "integer-past-python-limit", "deep"],
)
def test_broken_settings_file_is_a_clear_error(tmp_path: Path, content: str) -> None:
    (tmp_path / "benchlint.toml").write_text(content)
    with pytest.raises(SettingsError, match="not valid TOML"):
        Settings.discover(tmp_path / "a.toml")


def test_profile_changes_rule_parameters() -> None:
    mini = (
        MINIMAL.replace('"terminus-2"', '"mini-swe-agent"').replace("terminal-bench-2-1", "gdpval")
        + '\n[execution]\njudge_api_key_secret = "OPENAI_API_KEY"\n'
    )
    assert codes(lint(mini)) == ["BL302"]
    assert codes(lint(mini, profile="osmosis-0.3.8")) == []
    assert codes(lint(HF, profile="osmosis-0.3.8")) == []


def test_settings_are_immutable_values() -> None:
    a = Settings(select=("BL2",), severity={"BL201": "warning"})
    b = Settings(select=("BL2",), severity={"BL201": "warning"})
    assert a == b and hash(a) == hash(b) and a != Settings()
    with pytest.raises(AttributeError):
        a.profile = "osmosis-0.3.8"
    with pytest.raises(AttributeError):
        del a.profile
    changed = a.with_overrides(profile="osmosis-0.3.8", select=None)
    assert (changed.profile, changed.select, a.profile) == ("osmosis-0.3.8", ("BL2",), "docs")
    assert "select=('BL2',)" in repr(a)
    with pytest.raises(TypeError):
        Settings(colour="red")  # type: ignore[call-arg]


@pytest.mark.parametrize("where", ["select", "severity"])
def test_a_token_given_as_a_code_is_masked_in_the_error(where: str) -> None:
    token = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"
    values: dict[str, Any] = (
        {"select": (token,)} if where == "select" else {"severity": {token: "info"}}
    )
    with pytest.raises(SettingsError) as caught:
        Settings(**values)
    assert token[8:] not in str(caught.value) and token[8:].upper() not in str(caught.value)


def test_the_command_line_and_the_editor_resolve_alike(tmp_path: Path) -> None:
    """Both surfaces lay their overrides over the same settings file with the one resolver."""
    from benchlint.cli.inputs import resolver_from
    from benchlint.cli.main import build_parser
    from benchlint.lsp.client_settings import parse_client_settings
    from benchlint.lsp.workspace_settings import WorkspaceSettings

    (tmp_path / "benchlint.toml").write_text('ignore = ["BL502"]\nseverity = { BL305 = "error" }\n')
    config = tmp_path / "configs" / "benchmark" / "a.toml"
    config.parent.mkdir(parents=True)
    args = build_parser("check").parse_args(
        ["check", "--ignore", "BL403", "--profile", "osmosis-0.3.8", str(config)]
    )
    editor = WorkspaceSettings()
    editor.set_root(tmp_path)
    editor.set_client(parse_client_settings({"ignore": ["BL403"], "profile": "osmosis-0.3.8"}))
    from_cli = resolver_from(args).for_path(str(config))
    from_editor = editor.for_path(str(config))
    assert from_editor.error is None
    assert from_editor.settings == from_cli
    assert from_cli.ignore == ("BL502", "BL403") and from_cli.profile == "osmosis-0.3.8"
