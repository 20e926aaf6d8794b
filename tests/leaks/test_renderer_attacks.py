"""What attacks on the renderer found, each one a class: the next key spelling, a fix that
moves a value, a diff that prints the moved value."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchlint import lint_text
from benchlint.cli.main import main
from benchlint.lint.fixer import unified_diff
from benchlint.secrets.redaction import code_span, markdown_text
from benchlint.secrets.source import masked_source

from .surfaces import lsp_outputs, started_client

CONFIG = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[env]
{line}
"""


@pytest.mark.parametrize(
    "key", ["privateKey", "clientSecret", "dbPassword", "SECRETKEY", "db-passwd", "authToken"]
)
def test_a_key_naming_a_credential_in_any_spelling_hides_a_word_shaped_value(key: str) -> None:
    text = CONFIG.format(line=f'{key} = "correct-horse-battery"')
    assert "correct-horse-battery" not in masked_source(text)


def test_a_record_name_under_a_credential_named_key_stays_readable() -> None:
    text = CONFIG.format(line='OPENAI_API_KEY_NAME = "OPENAI_API_KEY"')
    assert 'OPENAI_API_KEY_NAME = "OPENAI_API_KEY"' in masked_source(text)


def test_no_fix_moves_a_literal_into_a_secret_reference_field() -> None:
    text = CONFIG.replace('api_key_secret = "OPENAI_API_KEY"', 'api_key = "hunter2"')
    (unknown,) = [d for d in lint_text(text, path="a.toml") if d.code == "BL101"]
    assert unknown.fix is None


def test_a_record_name_is_still_renamed_into_its_field() -> None:
    text = CONFIG.replace('api_key_secret = "OPENAI_API_KEY"', 'api_key = "OPENAI_API_KEY"')
    (unknown,) = [d for d in lint_text(text, path="a.toml") if d.code == "BL101"]
    assert unknown.fix is not None


def test_a_diff_hides_a_value_where_a_fix_moved_it() -> None:
    diff = unified_diff("a.toml", '[x]\npassword = "hunter2"\n', '[x]\nnote = "hunter2"\n')
    assert "hunter2" not in diff
    assert '+note = "*******"' in diff


# -- a second attack: refused tokens of short runs, escapes, names, the server's fields -----

GROUPS = "k4m2c3-l2q5b3-n8c5c8"  # refused for its interleaved groups; no run is 8 long
CATALOG = {
    "schema_version": 1,
    "data": {
        "benchmark": {
            "key": GROUPS,
            "name": "Demo",
            "task_sets": [{"name": "b6u9j8-v7a9l4-t3p2g6", "recommended": True}],
            "requires_judge_api_key": False,
        }
    },
}
AGENT = """
[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    main(args)
    out, err = capsys.readouterr()
    return out + err


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "configs" / "benchmark").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    "setting",
    [
        'profile = "b3h2s8-b5b4j8-e3s6r4"',
        'profile = "qzxkvwp\\u006cmrtbnhg\\u0066ydqabcd"',
        'fail-on = "b3h2s8-b5b4j8-e3s6r4"',
        '"b3h2s8-b5b4j8-e3s6r4" = 1',
        'catalog = ["b3h2s8-b5b4j8-e3s6r4.json"]',
    ],
)
def test_a_settings_error_shows_no_refused_value(
    setting: str, repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "benchlint.toml").write_text(setting + "\n", "utf-8")
    (repo / "configs/benchmark/x.toml").write_text(CONFIG.format(line='TZ = "UTC"'), "utf-8")
    shown = _run(["check", "configs/benchmark/x.toml"], capsys)
    assert "benchlint.toml" in shown  # the error is there
    assert "b3h2s8-b5b4j8" not in shown and "qzxkvwplmrtb" not in shown


def test_a_catalog_key_is_not_suggested_in_clear(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "cat.json").write_text(json.dumps(CATALOG), "utf-8")
    for command in (
        ["catalog", "k4m2c3-l2q5b3-n8c5cz", "--catalog", "cat.json"],
        ["new", "-", "--benchmark", "k4m2c3-l2q5b3-n8c5cz", "--catalog", "cat.json"],
    ):
        shown = _run(command, capsys)
        assert "did you mean" in shown
        assert GROUPS not in shown


def test_a_catalog_value_in_a_fix_edit_is_not_shown(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "cat.json").write_text(json.dumps(CATALOG), "utf-8")
    config = f'[experiment]\nbenchmark = "{GROUPS}"\n{AGENT}'
    (repo / "configs/benchmark/x.toml").write_text(config, "utf-8")
    shown = _run(
        ["check", "configs/benchmark/x.toml", "--catalog", "cat.json", "--format", "json"], capsys
    )
    assert "b6u9j8-v7a9l4" not in shown


def test_a_file_name_of_a_refused_shape_is_not_shown(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = f"configs/benchmark/{GROUPS}.toml"
    (repo / name).write_text('[experiment]\nbenchmark = "terminal-bench-2-1"\n', "utf-8")
    for fmt in ("text", "github", "json"):
        assert GROUPS not in _run(["check", name, "--format", fmt], capsys)


def test_no_value_sets_a_colour_of_its_own(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    config = f'[experiment]\nbenchmark = "hle\\u001b[8mhidden"\n{AGENT}'
    (repo / "configs/benchmark/x.toml").write_text(config, "utf-8")
    for command in (["check", "configs/benchmark/x.toml"], ["plan", "configs/benchmark/x.toml"]):
        shown = _run(command, capsys)
        assert "\x1b[0m" in shown or command[0] == "plan"  # colour is on
        assert "\x1b[8m" not in shown


def _strings(value: Any) -> Iterator[tuple[str, str]]:
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        key, item = stack.pop()
        if isinstance(item, str):
            yield key, item
        elif isinstance(item, dict):
            stack += list(item.items())
        elif isinstance(item, list):
            stack += [(key, member) for member in item]


def test_the_server_sends_no_value_that_starts_a_line_or_a_colour(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    config = tmp_path / "configs/benchmark/x.toml"
    config.parent.mkdir(parents=True)
    text = (
        '[experiment]\nbenchmark = "hle\\n::error::pwned\\u001b[8m"\n'
        '"k\\n::error::pwned" = 1\n' + AGENT.replace("terminus-2", "codex\\n::error::pwned")
    )
    config.write_text(text, "utf-8")
    client = started_client(tmp_path)
    try:
        lsp_outputs(client, config, text)
        sent = list(client.messages)
    finally:
        client.close()
    found = [(key, s) for message in sent for key, s in _strings(message)]
    assert not [s for _, s in found if "\x1b" in s]
    assert not [s for _, s in found if "\n::error::" in s]


def test_a_value_cannot_close_its_code_span_in_a_hover() -> None:
    span = code_span("x` ![t](https://evil.example/p.png) `")
    assert span.startswith("`` ") and span.endswith(" ``")
    assert markdown_text("[click](https://evil.example/)") == ("\\[click\\](https://evil.example/)")
