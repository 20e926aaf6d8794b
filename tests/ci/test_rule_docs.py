"""The rule pages in docs/rules/ are generated from the registry and committed."""

from __future__ import annotations

from typing import Any

import pytest

from benchlint.cli.main import main
from benchlint.devtools import generate
from benchlint.devtools.rule_pages import RULES_DIR, generated_files, rule_page_path
from benchlint.lint.registry import RULES, rule_url

from .conftest import PROJECT_ROOT

REGENERATE = f"run `{generate.COMMAND}` and commit the result"


def test_committed_rule_pages_are_up_to_date() -> None:
    stale = [
        relative
        for relative, content in generated_files().items()
        if not (PROJECT_ROOT / relative).is_file()
        or (PROJECT_ROOT / relative).read_text("utf-8") != content
    ]
    shown = ", ".join(stale[:5]) + (f" and {len(stale) - 5} more" if len(stale) > 5 else "")
    assert not stale, f"stale or missing rule docs ({shown}): {REGENERATE}"


def test_no_page_for_a_rule_that_does_not_exist() -> None:
    committed = {
        path.relative_to(PROJECT_ROOT).as_posix()
        for path in (PROJECT_ROOT / RULES_DIR).glob("*.md")
    }
    extra = sorted(committed - set(generated_files()))
    assert not extra, f"pages without a rule {extra}: delete them, then {REGENERATE}"


def test_the_generator_command_writes_the_rule_pages() -> None:
    assert "benchlint.devtools.rule_pages" in generate.GENERATORS


def test_every_rule_has_a_page_where_its_url_points() -> None:
    files = generated_files()
    for rule in RULES:
        page = rule_page_path(rule.code)
        assert page in files
        assert rule_url(rule.code).endswith("/" + page)
        assert files[page].startswith(rule.document(marks=True))


def test_the_index_lists_every_rule_once() -> None:
    index = generated_files()[f"{RULES_DIR}/README.md"]
    rows = [line for line in index.splitlines() if line.startswith("| [BL")]
    assert [row.split("]", 1)[0].removeprefix("| [") for row in rows] == sorted(
        rule.code for rule in RULES
    )
    for rule, row in zip(sorted(RULES, key=lambda r: r.code), rows, strict=True):
        cells = [cell.strip() for cell in row.strip("|").split(" | ")]
        assert cells[1:3] == [f"`{rule.name}`", rule.severity]
        assert cells[-1] == ("yes" if rule.fixable else "")


def test_diagnostic_urls_point_at_generated_pages(corpus_json: dict[str, Any]) -> None:
    files = generated_files()
    urls = {d["url"] for f in corpus_json["files"] for d in f["diagnostics"]}
    assert urls
    for url in urls:
        assert f"docs/{url.split('/docs/', 1)[1]}" in files


@pytest.mark.parametrize("code", ["BL203", "BL901"])
def test_benchlint_rule_prints_the_same_document(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rule", code]) == 0
    (rule,) = [rule for rule in RULES if rule.code == code]
    assert capsys.readouterr().out == rule.document()
