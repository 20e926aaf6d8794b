"""The generator itself: reproducible, faithful to its data, and covering every mutation."""

from __future__ import annotations

import math
import tomllib
from typing import Any

from .corpus import DATA_MUTATIONS, TEXT_MUTATIONS, Case, build_case
from .render import Deep

MIN_PER_KIND = 15


def test_cases_are_reproducible_one_by_one(corpus: list[Case]) -> None:
    for number in (0, 1, 17, 404, len(corpus) - 1):
        assert build_case(number).content == corpus[number].content


def test_text_says_what_the_data_says(corpus: list[Case]) -> None:
    """Where no text mutation applied, the rendering parses back to the generated data."""
    checked = 0
    for case in corpus:
        if _text_mutated(case) or _holds_deep(case.data):
            continue
        parsed = tomllib.loads(case.content.decode())
        assert _comparable(parsed) == _comparable(case.data), f"case {case.number}:\n{case.text}"
        checked += 1
    assert checked > len(corpus) // 2


def test_every_mutation_is_exercised(corpus: list[Case]) -> None:
    counts = {kind: 0 for kind in (*DATA_MUTATIONS, *TEXT_MUTATIONS, "valid")}
    for case in corpus:
        for kind in case.kind.split("+"):
            counts[kind] += 1
    rare = {kind: count for kind, count in counts.items() if count < MIN_PER_KIND}
    assert not rare, f"mutations with fewer than {MIN_PER_KIND} cases: {rare}"


def _text_mutated(case: Case) -> bool:
    return any(kind in TEXT_MUTATIONS for kind in case.kind.split("+"))


def _holds_deep(value: Any) -> bool:
    if isinstance(value, Deep):
        return True
    if isinstance(value, dict):
        return any(_holds_deep(v) for v in value.values())
    return isinstance(value, list) and any(_holds_deep(v) for v in value)


def _comparable(value: Any) -> Any:
    """NaN never equals itself; compare it as a marker instead."""
    if isinstance(value, float) and math.isnan(value):
        return "<nan>"
    if isinstance(value, dict):
        return {k: _comparable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_comparable(v) for v in value]
    return value
