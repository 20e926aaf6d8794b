"""The interpreter reports what pydantic reports on every config the repository holds.

Rule examples, rule and schema fixtures, and the conformance corpus (2,600 generated cases,
each as generated and as the engine parses its possibly damaged text).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from benchlint.lint.registry import RULES
from benchlint.parsing.document import decode, parse
from conformance.corpus import generate

from .oracle import differences

TESTS = Path(__file__).resolve().parents[1]
FIXTURES = sorted(
    path
    for folder in ("rules/fixtures", "schema/fixtures")
    for path in (TESTS / folder).rglob("*.toml")
)


def _engine_data(content: str | bytes) -> dict[str, Any] | None:
    """The values the engine validates: after recovery from syntax errors, if any."""
    text = decode(content, 1 << 24)
    return parse(text).data if isinstance(text, str) else None


@pytest.mark.parametrize(
    ("code", "which"), [(rule.code, which) for rule in RULES for which in ("bad", "good")]
)
def test_rule_examples(code: str, which: str) -> None:
    rule = next(rule for rule in RULES if rule.code == code)
    data = _engine_data(getattr(rule, which))
    if data is None:
        assert (code, which) in {("BL002", "bad"), ("BL003", "bad")}  # no values to check
        return
    assert differences(data) is None


def test_fixture_files() -> None:
    assert len(FIXTURES) > 100  # the folders moved if this fails
    checked = 0
    for path in FIXTURES:
        content = path.read_bytes()
        try:
            data = tomllib.loads(content.decode("utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError):
            data = None
        for values in (data, _engine_data(content)):
            if values is not None:
                assert differences(values) is None, path
                checked += 1
    assert checked > len(FIXTURES)


def test_conformance_corpus() -> None:
    cases = generate()
    assert len(cases) >= 2600
    for case in cases:
        assert differences(case.data) is None, f"case {case.number} ({case.kind})"
        data = _engine_data(case.content)
        if data is not None:
            assert differences(data) is None, f"case {case.number} ({case.kind}), as parsed"
