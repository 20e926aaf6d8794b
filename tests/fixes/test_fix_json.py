"""The `fix` object of the JSON output is complete: a client (the language server, an editor,
a bot) that applies its edits to the original text, knowing nothing else, gets what the
fixer gets."""

from __future__ import annotations

import json
from typing import Any

import pytest

from benchlint import lint_text
from benchlint.report import FileReport, RunInfo
from benchlint.report.json_report import render
from helpers import apply_edits

from .support import CONFIG_PATH, FIXABLE, crlf, fixture_names, read_fixture, settings_for

CASES = [(rule.code, rule.bad, rule) for rule in FIXABLE] + [
    (name, read_fixture(name), None) for name in fixture_names()
]


def _json_diagnostics(text: str, rule: Any) -> list[dict[str, Any]]:
    settings = settings_for(rule) if rule else None
    path = rule.example_path if rule else CONFIG_PATH
    diagnostics = lint_text(text, path=path, settings=settings)
    output = render([FileReport(path, diagnostics, text)], RunInfo("0", "docs"))
    return list(json.loads(output)["files"][0]["diagnostics"])


def _offset(text: str, position: dict[str, int]) -> int:
    """A 1-based (line, code-point column) position as an offset, the way a client would."""
    lines = text.split("\n")
    before = sum(len(line) + 1 for line in lines[: position["line"] - 1])
    return before + position["column"] - 1


def _apply(text: str, edits: list[dict[str, Any]]) -> str:
    spans = sorted(
        (_offset(text, e["range"]["start"]), _offset(text, e["range"]["end"]), e["new_text"])
        for e in edits
    )
    for start, end, new_text in reversed(spans):
        text = text[:start] + new_text + text[end:]
    return text


@pytest.mark.parametrize("newline", ["\n", "\r\n"], ids=["lf", "crlf"])
@pytest.mark.parametrize(("name", "text", "rule"), CASES, ids=[case[0] for case in CASES])
def test_json_fixes_are_complete_and_apply_alone(name: str, text: str, rule: Any, newline: str):
    text = crlf(text) if newline == "\r\n" else text
    lines = text.split("\n")
    fixes = [d["fix"] for d in _json_diagnostics(text, rule) if d["fix"] is not None]
    assert fixes or rule is None
    for fix in fixes:
        assert set(fix) == {"title", "applicability", "edits"}
        assert fix["title"] and fix["applicability"] in ("safe", "unsafe")
        assert fix["edits"]
        for edit in fix["edits"]:
            assert set(edit) == {"range", "new_text"}
            start, end = edit["range"]["start"], edit["range"]["end"]
            assert (start["line"], start["column"]) <= (end["line"], end["column"])
            for position in (start, end):
                assert 1 <= position["line"] <= len(lines)
                assert 1 <= position["column"] <= len(lines[position["line"] - 1]) + 1
            if newline == "\r\n":  # edits carry the file's line ending themselves
                assert edit["new_text"].count("\n") == edit["new_text"].count("\r\n")
                for position in (start, end):  # and never split a CRLF pair
                    offset = _offset(text, position)
                    assert text[offset - 1 : offset + 1] != "\r\n"


@pytest.mark.parametrize("newline", ["\n", "\r\n"], ids=["lf", "crlf"])
@pytest.mark.parametrize(("name", "text", "rule"), CASES, ids=[case[0] for case in CASES])
def test_a_client_applying_the_json_edits_gets_what_the_fixer_gets(
    name: str, text: str, rule: Any, newline: str
) -> None:
    text = crlf(text) if newline == "\r\n" else text
    settings = settings_for(rule) if rule else None
    diagnostics = lint_text(
        text, path=rule.example_path if rule else CONFIG_PATH, settings=settings
    )
    entries = _json_diagnostics(text, rule)
    assert [entry["code"] for entry in entries] == [d.code for d in diagnostics]
    for diagnostic, entry in zip(diagnostics, entries, strict=True):
        if diagnostic.fix is not None:
            assert _apply(text, entry["fix"]["edits"]) == apply_edits(text, diagnostic.fix.edits)
