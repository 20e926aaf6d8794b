"""`benchlint rule CODE|NAME` and `benchlint rules`."""

from __future__ import annotations

import json
import sys

from ..devtools.rule_pages import rule_document
from ..lint.registry import RULES, RULES_BY_CODE, find_rule, rule_url
from ..rules.wording import closest
from .main import UsageError


def show_rule(code_or_name: str) -> int:
    rule = find_rule(code_or_name)
    if rule is None:
        guess = closest(code_or_name, [*RULES_BY_CODE, *(r.name for r in RULES)])
        hint = f"; did you mean `{guess}`?" if guess else " (see `benchlint rules`)"
        raise UsageError(f"unknown rule `{code_or_name}`{hint}")
    sys.stdout.write(rule_document(rule))
    return 0


def list_rules(fmt: str) -> int:
    if fmt == "json":
        rows = [
            {
                "code": rule.code,
                "name": rule.name,
                "severity": rule.severity,
                "summary": rule.summary,
                "fixable": rule.fixable,
                "url": rule_url(rule.code),
            }
            for rule in RULES
        ]
        sys.stdout.write(json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
        return 0
    for rule in RULES:
        fixable = " [*]" if rule.fixable else ""
        sys.stdout.write(
            f"{rule.code}  {rule.name:<32} {rule.severity:<8}{fixable}  {rule.summary}\n"
        )
    return 0
