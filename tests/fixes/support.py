"""Shared by the fix tests: the rules that offer fixes, fixtures, and text checks."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from benchlint.core.diagnostic import Edit
from benchlint.core.text import LineIndex
from benchlint.lint.registry import RULES
from benchlint.lint.rule import Rule
from benchlint.lint.settings import Settings
from helpers import example_settings

FIXTURES = Path(__file__).parent / "fixtures"
CONFIG_PATH = "configs/benchmark/example.toml"

# Every rule that documents a fix, read from the registry so that new rules are covered.
FIXABLE: tuple[Rule, ...] = tuple(rule for rule in RULES if rule.fix)


def settings_for(rule: Rule) -> Settings:
    """The settings of a rule's examples, with their catalog and secret list in a folder of
    their own (kept for the run: a few small files)."""
    return Settings(**example_settings(rule, Path(tempfile.mkdtemp(prefix="benchlint-example-"))))


def fixture_names() -> list[str]:
    return sorted(path.stem for path in FIXTURES.glob("*.toml"))


def read_fixture(name: str) -> str:
    return (FIXTURES / f"{name}.toml").read_bytes().decode("utf-8")


def crlf(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


def only_crlf(text: str) -> bool:
    return text.count("\n") == text.count("\r\n")


def visible(text: str) -> str:
    """Line endings made visible for snapshots (CR would vanish in a review)."""
    return text.replace("\r", "␍")


_COMMENT_MARK = re.compile(r"#[^\r\n]*")


def touched_lines(text: str, edits: list[Edit]) -> set[int]:
    """1-based lines of `text` whose content an edit changes. An insertion at the start of a
    line changes no line; a range ending at column 1 stops at the line before."""
    lines: set[int] = set()
    for edit in edits:
        start, end = edit.range.start, edit.range.end
        if start == end:
            if start.column > 1:
                lines.add(start.line)
            continue
        last = end.line - 1 if end.column == 1 else end.line
        lines.update(range(start.line, max(start.line, last) + 1))
    return lines


def is_subsequence(needles: list[str], haystack: list[str]) -> bool:
    it = iter(haystack)
    return all(any(line == candidate for candidate in it) for line in needles)


def untouched_lines(text: str, edits: list[Edit]) -> list[str]:
    index = LineIndex(text)
    touched = touched_lines(text, edits)
    return [index.line_text(n) for n in range(1, index.line_count + 1) if n not in touched]


def output_lines(text: str) -> list[str]:
    index = LineIndex(text)
    return [index.line_text(n) for n in range(1, index.line_count + 1)]
