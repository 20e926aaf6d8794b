"""Every rule is a documented unit whose own examples prove it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchlint.lint.registry import RULES, RULES_BY_CODE, RULES_BY_NAME, find_rule
from helpers import lint, write_catalog

SECTIONS = ("What it does", "Why is this bad?")


def test_codes_and_names_are_unique_and_well_formed() -> None:
    assert len(RULES_BY_CODE) == len(RULES) == len(RULES_BY_NAME)
    for rule in RULES:
        assert re.fullmatch(r"BL\d{3}", rule.code)
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.name)
        assert rule.severity in ("error", "warning", "info")
    assert [r.code for r in RULES] == sorted(r.code for r in RULES)


def test_every_rule_of_the_catalogue_is_registered() -> None:
    spec = (
        [f"BL00{n}" for n in range(1, 4)]
        + [f"BL1{n:02}" for n in range(1, 11)]
        + [f"BL2{n:02}" for n in range(1, 12)]
        + [f"BL3{n:02}" for n in range(1, 7)]
        + [f"BL4{n:02}" for n in range(1, 11)]
        + [f"BL5{n:02}" for n in range(1, 5)]
        + ["BL901"]
    )
    assert sorted(RULES_BY_CODE) == spec


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_documentation_has_its_sections(rule) -> None:
    for section in SECTIONS:
        assert rule.section(section), f"{rule.code} lacks '## {section}'"
    assert rule.summary.endswith("."), rule.summary
    assert find_rule(rule.code) is rule and find_rule(rule.name) is rule


def _example_settings(rule, tmp_path: Path) -> dict:
    settings = dict(rule.example_settings)
    if rule.example_catalog:
        settings["catalogs"] = [str(write_catalog(tmp_path, *rule.example_catalog))]
    return settings


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_bad_example_fires_exactly_this_rule(rule, tmp_path: Path) -> None:
    found = lint(rule.bad, path=rule.example_path, **_example_settings(rule, tmp_path))
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
