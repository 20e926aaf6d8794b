"""Every rule is a documented unit whose own examples prove it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchlint import Settings
from benchlint.lint.registry import RETIRED, RULES, RULES_BY_CODE, RULES_BY_NAME, find_rule
from helpers import example_settings, lint, lint_through_link

SECTIONS = ("What it does", "Why is this bad?")


def test_codes_and_names_are_unique_and_well_formed() -> None:
    assert len(RULES_BY_CODE) == len(RULES) == len(RULES_BY_NAME)
    for rule in RULES:
        assert re.fullmatch(r"BL\d{3}", rule.code)
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.name)
        assert rule.severity in ("error", "warning", "info")
    assert [r.code for r in RULES] == sorted(r.code for r in RULES)


def test_codes_run_without_gaps_within_each_group() -> None:
    """A group's codes are numbered from 01 up; a gap is only a retired code (never reused)."""
    assert not set(RETIRED) & set(RULES_BY_CODE), "a retired code is registered again"
    groups: dict[str, set[int]] = {}
    for code in [*RULES_BY_CODE, *RETIRED]:
        groups.setdefault(code[:3], set()).add(int(code[3:]))
    assert set(groups) <= {f"BL{digit}" for digit in "0123459"}, sorted(groups)
    for group, numbers in groups.items():
        expected = set(range(1, max(numbers) + 1))
        missing = sorted(f"{group}{n:02}" for n in expected - numbers)
        assert not missing, f"codes missing from the registry (retire them instead): {missing}"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_documentation_has_its_sections(rule) -> None:
    for section in SECTIONS:
        assert rule.section(section), f"{rule.code} lacks '## {section}'"
    assert rule.summary.endswith("."), rule.summary
    assert find_rule(rule.code) is rule and find_rule(rule.name) is rule


def _example_settings(rule, tmp_path: Path) -> dict:
    return example_settings(rule, tmp_path)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_bad_example_fires_exactly_this_rule(rule, tmp_path: Path) -> None:
    settings = _example_settings(rule, tmp_path)
    if rule.example_link:  # found by the reader: the bad example is read through a link
        found = lint_through_link(rule.bad, tmp_path, Settings(**settings))
        assert lint(rule.bad, path=rule.example_path, **settings) == []
    else:
        found = lint(rule.bad, path=rule.example_path, **settings)
    assert found, f"{rule.code}: its bad example is clean"
    assert {d.code for d in found} == {rule.code}, [(d.code, d.message) for d in found]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_good_example_is_clean(rule, tmp_path: Path) -> None:
    path = "configs/benchmark/example.toml"
    found = lint(rule.good, path=path, **_example_settings(rule, tmp_path))
    assert found == [], [(d.code, d.message) for d in found]


@pytest.mark.parametrize("rule", [r for r in RULES if r.fix], ids=lambda r: r.code)
def test_a_fixable_rule_offers_its_fix_on_its_example(rule, tmp_path: Path) -> None:
    found = lint(rule.bad, path=rule.example_path, **_example_settings(rule, tmp_path))
    assert any(d.fix is not None for d in found), f"{rule.code} documents a fix but offers none"


@pytest.mark.parametrize("rule", [r for r in RULES if r.fix], ids=lambda r: r.code)
def test_a_fix_description_says_how_safe_the_fix_is(rule, tmp_path: Path) -> None:
    """`Rule.fix` ends in `(safe).`, `(unsafe).` or either with a reason after a colon, and
    says what the fixes the rule offers on its example are."""
    match = re.search(r"\((safe|unsafe)(: [^)]+)?\)\.$", rule.fix)
    assert match, f"{rule.code}: {rule.fix!r} must end in (safe). or (unsafe: why)."
    found = lint(rule.bad, path=rule.example_path, **_example_settings(rule, tmp_path))
    offered = {d.fix.applicability for d in found if d.fix is not None}
    assert offered == {match.group(1)}, (rule.code, offered)


def _loops_over_its_owned_issues_only(rule) -> bool:
    """The check's body is one `for` over `ctx.owned("<its code>")` (docstring aside)."""
    import ast
    import inspect
    import textwrap

    tree = ast.parse(textwrap.dedent(inspect.getsource(rule.check)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], ast.For):
        return False
    loop = body[0].iter
    return (
        isinstance(loop, ast.Call)
        and isinstance(loop.func, ast.Attribute)
        and loop.func.attr == "owned"
        and [a.value for a in loop.args if isinstance(a, ast.Constant)] == [rule.code]
    )


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_a_rule_skipped_without_structural_issues_reports_only_those(rule) -> None:
    """The engine skips an `owned_issues_only` rule when the structure check found nothing:
    its check must report exactly its own structural issues, and each rule that does is
    marked (so none runs for nothing on every file)."""
    if rule.check is None:
        return
    assert rule.owned_issues_only == _loops_over_its_owned_issues_only(rule)
