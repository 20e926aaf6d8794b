"""Recovery after a syntax error, tried on every line of many configs.

Each line of each config (the rule fixtures, the CI fixtures and the examples) is broken the
ways an editor user breaks a line mid-keystroke: cut at a column, its closing `]` or `"`
dropped, a stray word after it. Two things must hold on every broken text that is not TOML:

- **nothing invented**: the original text is one way to finish the broken one, so a finding
  about something absent (a rule that `needs_complete`) on the broken text was already a
  finding on the original;
- **nothing lost that the break cannot reach**: a key absent from a table that a header
  defined and closed above the broken lines stays reported (TOML cannot reopen the table
  there), as does the rule's finding about it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

import benchlint
from benchlint import Diagnostic, Settings
from benchlint.core.paths import ConfigPath
from benchlint.lint.engine import _context, _resolve
from benchlint.lint.registry import RULES
from benchlint.parsing.document import Document, parse
from benchlint.structure.spec import may_be_table

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
NEEDS_COMPLETE = frozenset(rule.code for rule in RULES if rule.needs_complete)
SETTINGS = Settings()
PATH = "configs/benchmark/run.toml"


def corpus() -> list[Path]:
    found = [
        *sorted((TESTS / "rules" / "fixtures").rglob("*.toml")),
        *sorted((TESTS / "ci" / "fixtures" / "configs").rglob("*.toml")),
        *sorted((ROOT / "examples").rglob("*.toml")),
    ]
    configs = []
    for path in found:
        try:
            text = path.read_text("utf-8")
        except UnicodeDecodeError:
            continue  # BL002's fixtures
        if parse(text).valid and "[experiment]" in text:
            configs.append(path)
    return configs


CONFIGS = corpus()


class Break(NamedTuple):
    line: int  # 1-based
    how: str
    text: str


def breaks(text: str, *, every_column: bool) -> Iterator[Break]:
    lines = text.splitlines(keepends=True)
    for number, line in enumerate(lines):
        body = line.rstrip("\r\n")
        ending = line[len(body) :] or "\n"
        if not body.strip() or body.lstrip().startswith("#"):
            continue
        columns = (
            range(1, len(body)) if every_column else sorted({1, len(body) // 2, len(body) - 1})
        )
        variants = [(f"cut at {cut}", body[:cut]) for cut in columns if cut > 0]
        code = body.split(" #", 1)[0].rstrip()
        for closing in ("]", '"'):
            at = code.rfind(closing)
            if at >= 0:
                variants.append((f"no last {closing}", code[:at] + code[at + 1 :]))
        variants.append(("a stray word", code + " x"))
        for how, broken in variants:
            new = "".join(lines[:number]) + broken + ending + "".join(lines[number + 1 :])
            yield Break(number + 1, how, new)


Identity = tuple[str, int, str]  # code, line, key without array indices


def identity(d: Diagnostic) -> Identity:
    """A finding as a break cannot change it: a broken `[[agents]]` header renumbers the
    agents below it, but every line stays where it was."""
    return (d.code, d.range.start.line, re.sub(r"\[\d+\]", "", d.key or ""))


def absent_findings(diagnostics: list[Diagnostic]) -> Counter[tuple[str, str]]:
    """How many findings of each rule about each key (a finding may move: BL401 stands on
    the `[execution]` header, or on the benchmark when that header is broken)."""
    return Counter(identity(d)[::2] for d in diagnostics if d.code in NEEDS_COMPLETE)


def lint(text: str) -> list[Diagnostic]:
    return benchlint.lint_text(text, path=PATH, settings=SETTINGS)


def check_config(path: Path, *, every_column: bool) -> tuple[int, int]:
    """Break every line of one config; return (broken texts tried, findings kept)."""
    text = path.read_text("utf-8")
    before = absent_findings(lint(text))
    closed = closed_absences(text)
    tried = kept = 0
    for item in breaks(text, every_column=every_column):
        diagnostics = lint(item.text)
        if not any(d.code == "BL001" for d in diagnostics):
            continue  # still TOML: an ordinary edit
        tried += 1
        where = f"{path.name} line {item.line}, {item.how}"
        invented = absent_findings(diagnostics) - before
        assert not invented, f"{where}: invented {sorted(invented)}"
        after = {identity(d) for d in diagnostics}
        first = min(parse(item.text).blanked, default=0)
        for finding, body_end in closed.items():
            if first > body_end:
                assert finding in after, f"{where}: lost {finding} (blanked from {first})"
                kept += 1
    return tried, kept


def closed_absences(text: str) -> dict[Identity, int]:
    """The findings that report only values absent from tables a header defines, each with
    the last line of those tables' bodies (below it, TOML cannot add a key to them)."""
    document = parse(text)
    context = _context(document, PATH, SETTINGS)
    found: dict[Identity, int] = {}
    for rule in RULES:
        if not rule.needs_complete or rule.check is None:
            continue
        for finding in rule.check(context):
            ends = [_body_end(document, path) for path in finding.absent]
            if finding.absent and None not in ends:
                diagnostic = _resolve(context, rule, finding)
                found[identity(diagnostic)] = max(e for e in ends if e is not None)
    return found


def _body_end(document: Document, path: ConfigPath) -> int | None:
    """The last line of the body of the header table holding the value `path`, if it is one."""
    if may_be_table(path, document.data):
        return None
    entry = document.source_map.get(path[:-1])
    if entry is None or entry.header is None:
        return None
    lines = document.lines
    below = [
        lines.position(header.start).line
        for table in document.source_map.tables
        if (other := document.source_map.get(table)) is not None
        and (header := other.header) is not None
        and header.start > entry.header.start
    ]
    return min(below, default=lines.line_count + 1) - 1


def test_the_corpus_is_large_enough() -> None:
    assert len(CONFIGS) >= 60


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_breaking_any_line_invents_nothing_and_keeps_closed_tables(path: Path) -> None:
    tried, _ = check_config(path, every_column=False)
    assert tried > 0


HLE = """\
[experiment]
benchmark = "hle"

[execution]
max_retries = 1

[tasks]
task_set = "parity"

[[agents]]
harness = "codex"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[env]
TZ = "UTC"
"""


def test_every_column_of_a_judged_run(tmp_path: Path) -> None:
    """Every cut of every line of an HLE run with no judge key: the cuts below [execution]
    keep BL401 (its table is closed), and none invents an absence."""
    path = tmp_path / "hle-no-judge.toml"
    path.write_text(HLE, "utf-8")
    tried, kept = check_config(path, every_column=True)
    assert tried > 100 and kept > 50


def test_an_unclosed_array_after_a_closed_table_keeps_its_finding() -> None:
    broken = HLE.replace('task_set = "parity"', "task_names = [")
    assert {d.code for d in lint(broken)} >= {"BL001", "BL401"}
    one_line = HLE.replace('task_set = "parity"', "task_names = ]")
    assert {d.code for d in lint(one_line)} >= {"BL001", "BL401"}


def test_a_broken_header_with_a_readable_name_is_that_table() -> None:
    text = '[experiment]\nbenchmark = "terminal-bench-2-1"\n\n[execution\nmax_retries = 1\n'
    diagnostics = lint(text)
    assert [(d.code, d.message) for d in diagnostics if d.code == "BL102"] == [
        ("BL102", "missing [[agents]]: a run compares 1 to 8 agents, each a harness and a model")
    ]
    # A name that could still become `[[agents]]` hides it.
    for head in ("[", "[[", "[[ag", "[a"):
        codes = {d.code for d in lint(text.replace("[execution", head))}
        assert "BL102" not in codes, head
