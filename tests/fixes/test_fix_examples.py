"""Every fix, shown as the diff it makes: each rule's bad example and the fixture files.

Snapshots live in `__snapshots__/`; after a deliberate change, update them with
`python -m pytest tests/fixes --snapshot-update` and read the new diffs before committing.
"""

from __future__ import annotations

import tomllib

import pytest

from benchlint import lint_text
from benchlint.lint.fixer import fix_text, unified_diff
from benchlint.lint.rule import Rule
from benchlint.lint.settings import Settings

from .support import CONFIG_PATH, FIXABLE, crlf, fixture_names, read_fixture, settings_for, visible


def test_the_registry_has_fixable_rules() -> None:
    assert len(FIXABLE) >= 11


@pytest.mark.parametrize("rule", FIXABLE, ids=lambda rule: rule.code)
def test_rule_fix_diff(rule: Rule, snapshot: object) -> None:
    settings = settings_for(rule)
    result = fix_text(rule.bad, rule.example_path, settings, unsafe=True)

    assert result.fixed >= 1, f"{rule.code}'s bad example offers no fix that applies"
    assert rule.code not in {d.code for d in result.diagnostics}
    tomllib.loads(result.text)
    assert unified_diff(rule.example_path, rule.bad, result.text) == snapshot


@pytest.mark.parametrize("rule", FIXABLE, ids=lambda rule: rule.code)
def test_rule_fix_applicability_matches_its_documentation(rule: Rule) -> None:
    diagnostics = lint_text(rule.bad, path=rule.example_path, settings=settings_for(rule))
    fixes = [d.fix for d in diagnostics if d.code == rule.code and d.fix is not None]
    assert fixes
    for fix in fixes:
        assert f"({fix.applicability}" in (rule.fix or ""), (rule.code, rule.fix)


@pytest.mark.parametrize("rule", FIXABLE, ids=lambda rule: rule.code)
def test_rule_fix_needs_unsafe_fixes_when_unsafe(rule: Rule) -> None:
    settings = settings_for(rule)
    safe_only = fix_text(rule.bad, rule.example_path, settings, unsafe=False)
    diagnostics = lint_text(rule.bad, path=rule.example_path, settings=settings)
    if all(d.fix is None or d.fix.applicability == "unsafe" for d in diagnostics):
        assert not safe_only.changed
    else:
        assert safe_only.changed


@pytest.mark.parametrize("rule", FIXABLE, ids=lambda rule: rule.code)
def test_rule_fix_keeps_crlf(rule: Rule) -> None:
    settings = settings_for(rule)
    lf = fix_text(rule.bad, rule.example_path, settings, unsafe=True)
    windows = fix_text(crlf(rule.bad), rule.example_path, settings, unsafe=True)
    assert windows.text == crlf(lf.text)
    assert windows.fixed == lf.fixed


@pytest.mark.parametrize("unsafe", [False, True], ids=["safe", "unsafe"])
@pytest.mark.parametrize("name", fixture_names())
def test_fixture_fix_diff(name: str, unsafe: bool, snapshot: object) -> None:
    text = read_fixture(name)
    result = fix_text(text, CONFIG_PATH, Settings(), unsafe=unsafe)
    tomllib.loads(result.text)
    assert fix_text(result.text, CONFIG_PATH, Settings(), unsafe=unsafe).changed is False
    assert visible(unified_diff(f"{name}.toml", text, result.text)) == snapshot


@pytest.mark.parametrize("name", fixture_names())
def test_fixture_fix_keeps_crlf(name: str) -> None:
    text = read_fixture(name)
    lf = fix_text(text, CONFIG_PATH, Settings(), unsafe=True)
    windows = fix_text(crlf(text), CONFIG_PATH, Settings(), unsafe=True)
    assert windows.text == crlf(lf.text)


@pytest.mark.parametrize("name", fixture_names())
def test_fixture_edits_carry_crlf_themselves(name: str) -> None:
    """The JSON output and the language server apply edits as they are: a CRLF file's
    edits must already say CRLF, not rely on the fixer to convert them."""
    for diagnostic in lint_text(crlf(read_fixture(name)), path=CONFIG_PATH):
        for edit in diagnostic.fix.edits if diagnostic.fix else ():
            assert edit.new_text.count("\n") == edit.new_text.count("\r\n"), diagnostic.code
