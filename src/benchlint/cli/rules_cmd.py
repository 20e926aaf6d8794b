"""`benchlint rule CODE|NAME` and `benchlint rules`."""

from __future__ import annotations

import argparse
import json
import sys

from ..lint.registry import RULES, RULES_BY_CODE, find_rule, rule_url
from ..rules.wording import closest
from .usage import UsageError


def show_rule(args: argparse.Namespace) -> int:
    code_or_name: str = args.code
    rule = find_rule(code_or_name)
    if rule is None:
        guess = closest(code_or_name, [*RULES_BY_CODE, *(r.name for r in RULES)])
        hint = f"; did you mean `{guess}`?" if guess else " (see `benchlint rules`)"
        raise UsageError(f"unknown rule `{code_or_name}`{hint}")
    sys.stdout.write(rule.document())
    return 0


def list_rules(args: argparse.Namespace) -> int:
    if args.format == "json":
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
