"""A lint leaves nothing for the garbage collector: everything it builds (the document, its
source map with every entry and match, the findings) is freed by reference counting when
the last reference goes. A reference cycle (a lazy reader holding the map that holds it, an
exception kept with a traceback that holds the frame keeping it) made every lint leave its
source map behind until the next collection, which then walked it: time in every editor
keystroke and service call, and a measurement that moved with the collector's timing."""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import benchlint
from benchlint.lint.registry import RULES
from benchlint.lint.rule import Rule
from helpers import example_settings

TESTS = Path(__file__).resolve().parent
FIXTURES = sorted((TESTS / "rules" / "fixtures").rglob("*.toml"))
PATH = "configs/benchmark/run.toml"


@contextmanager
def collector_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def cyclic_garbage(work: Callable[[], object]) -> Counter[str]:
    """The types of what `work` left in reference cycles (none: an empty Counter)."""
    work()  # first-use caches and compiled patterns are not garbage
    with collector_off():
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            work()
            gc.collect()
            left = Counter(type(item).__qualname__ for item in gc.garbage)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
    return left


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: str(p.relative_to(TESTS)))
def test_a_lint_of_each_fixture_leaves_no_cycle(fixture: Path) -> None:
    data = fixture.read_bytes()
    assert cyclic_garbage(lambda: benchlint.lint_text(data, path=PATH)) == Counter()


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_a_lint_of_each_rule_example_leaves_no_cycle(rule: Rule, tmp_path: Path) -> None:
    settings = benchlint.Settings(**example_settings(rule, tmp_path))
    for text in (rule.bad, rule.good):

        def lint(text: str = text) -> object:
            return benchlint.lint_text(text, path=rule.example_path, settings=settings)

        assert cyclic_garbage(lint) == Counter(), rule.code


def test_plan_and_load_leave_no_cycle(tmp_path: Path) -> None:
    good = next(rule.good for rule in RULES if rule.code == "BL403")
    config = tmp_path / "configs" / "benchmark" / "run.toml"
    config.parent.mkdir(parents=True)
    config.write_text(good, "utf-8")
    assert cyclic_garbage(lambda: benchlint.plan_text(good, path=PATH)) == Counter()
    assert cyclic_garbage(lambda: benchlint.lint_file(config)) == Counter()
    assert cyclic_garbage(lambda: benchlint.load_config(good, path=PATH)) == Counter()


def test_a_lazy_map_read_in_part_leaves_no_cycle() -> None:
    """The case the cycle came from: a map read only as far as a path, then dropped."""
    from benchlint.parsing.document import parse

    text = "[a]\nx = 1\n\n[b]\ny = 2\n\n[c]\nz = 3\n"

    def read_part() -> None:
        source_map = parse(text).source_map
        assert source_map.get(("b", "y")) is not None
        assert source_map.resume is not None  # `[c]` is not read

    assert cyclic_garbage(read_part) == Counter()
