"""`--format github`: workflow commands in the documented format, agreeing with JSON."""

from __future__ import annotations

import re
from typing import Any

import pytest

from benchlint.cli.main import main
from benchlint.core.diagnostic import Diagnostic, Position, Range
from benchlint.core.escapes import github_data, github_property
from benchlint.report.github import command

from .conftest import FIXTURES, RunCli, corpus_paths

# The documented shape; col/endColumn appear together, and only for one-line ranges.
COMMAND = re.compile(
    r"^::(?P<kind>error|warning|notice) "
    r"file=(?P<file>[^,:\r\n]+),line=(?P<line>\d+)"
    r"(?:,col=(?P<col>\d+))?,endLine=(?P<end_line>\d+)(?:,endColumn=(?P<end_col>\d+))?"
    r",title=(?P<code>BL\d{3}) (?P<name>[a-z0-9-]+)"
    r"::(?P<message>[^\r\n]*)$"
)
KIND_OF = {"error": "error", "warning": "warning", "info": "notice"}


def unescape(text: str) -> str:
    """What the runner decodes (the inverse of the escaping; `%25` last)."""
    for escaped, raw in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        text = text.replace(escaped, raw)
    return text


@pytest.fixture
def corpus_lines(run_cli: RunCli) -> list[str]:
    run = run_cli("github", *corpus_paths())
    assert run.status == 1, run.stderr
    return run.output.splitlines()


def test_every_line_is_a_workflow_command_then_a_summary(
    corpus_lines: list[str], run_cli: RunCli
) -> None:
    *commands, summary = corpus_lines
    for line in commands:
        match = COMMAND.match(line)
        assert match, line
        assert (match["col"] is None) == (match["end_col"] is None), line
    concise = run_cli("concise", *corpus_paths()).output.splitlines()
    assert summary == concise[-1]


def test_agrees_with_json(corpus_lines: list[str], corpus_json: dict[str, Any]) -> None:
    expected = [(f["path"], d) for f in corpus_json["files"] for d in f["diagnostics"]]
    matches = [COMMAND.match(line) for line in corpus_lines[:-1]]
    assert len(matches) == len(expected)
    for match, (path, diagnostic) in zip(matches, expected, strict=True):
        assert match is not None
        start, end = diagnostic["range"]["start"], diagnostic["range"]["end"]
        assert match["kind"] == KIND_OF[diagnostic["severity"]]
        assert unescape(match["file"]) == path
        assert (int(match["line"]), int(match["end_line"])) == (start["line"], end["line"])
        if start["line"] == end["line"]:
            assert (int(match["col"]), int(match["end_col"])) == (start["column"], end["column"])
        else:  # GitHub takes columns only on one-line ranges
            assert match["col"] is None
        assert (match["code"], match["name"]) == (diagnostic["code"], diagnostic["name"])
        assert unescape(match["message"]) == diagnostic["message"]


def test_a_multi_line_range_has_no_columns(corpus_lines: list[str]) -> None:
    (line,) = [line for line in corpus_lines if "title=BL105 " in line]
    match = COMMAND.match(line)
    assert match is not None
    assert match["col"] is None and int(match["end_line"]) > int(match["line"])


def test_commas_in_a_path_are_escaped(corpus_lines: list[str]) -> None:
    odd = [line for line in corpus_lines if "odd name" in line]
    assert odd
    assert all("file=configs/benchmark/odd name%2C with comma.toml," in line for line in odd)


def test_nothing_can_end_a_command_early_or_start_another() -> None:
    diagnostic = Diagnostic(
        code="BL101",
        name="unknown-key",
        severity="info",
        message="100% sure\r\n::error file=x,line=1::injected, a: b",
        range=Range(Position(2, 3), Position(2, 7)),
    )
    line = command("configs/benchmark/a:b,c%.toml", diagnostic)
    assert "\n" not in line and "\r" not in line
    _, head, _ = line.split("::", 2)
    assert ":" not in head, "the properties end at the first `::`; a value never contains one"
    match = COMMAND.match(line)
    assert match is not None
    assert match["kind"] == "notice"
    assert unescape(match["file"]) == "configs/benchmark/a:b,c%.toml"
    assert unescape(match["message"]) == diagnostic.message
    assert (match["line"], match["col"], match["end_line"], match["end_col"]) == (
        "2",
        "3",
        "2",
        "7",
    )


def test_escaping_follows_the_runner() -> None:
    assert github_data("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad:e,f"
    assert github_property("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad%3Ae%2Cf"


def test_chosen_automatically_on_github_actions(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.chdir(FIXTURES)
    assert main(["check", "configs/benchmark/hf-token-duplicate-agent.toml"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" ", 1)[0] for line in lines[:-1]] == ["::error", "::warning"]


def test_a_clean_run_prints_only_the_summary(run_cli: RunCli) -> None:
    run = run_cli("github", "configs/benchmark/clean.toml")
    assert run.status == 0
    assert run.output == "no problems in 1 file\n"
