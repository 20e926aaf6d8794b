"""`benchlint rule CODE|NAME` and `benchlint rules`."""

from __future__ import annotations

import argparse
import sys

from ..lint import registry
from ..lint.registry import RULES, RULES_BY_CODE, find_rule, rule_url
from ..lint.retired import retired_reason
from ..report.json_text import json_text
from ..rules.wording import closest
from .usage import UsageError


def show_rule(args: argparse.Namespace) -> int:
    code_or_name: str = args.code
    rule = find_rule(code_or_name)
    reason = retired_reason(code_or_name)
    if rule is None and reason is not None:
        code = code_or_name.strip().upper()
        sys.stdout.write(
            f"# {code} (retired)\n\n{reason}\n\n{code} no longer reports anything, and is "
            "never reused. Settings and suppression comments that name it keep working, with "
            "a note: drop it from them when convenient.\n"
        )
        return 0
    if rule is None:
        known = [*RULES_BY_CODE, *registry.RETIRED, *(r.name for r in RULES)]
        guess = closest(code_or_name, known)
        hint = f"; did you mean `{guess}`?" if guess else " (see `benchlint rules`)"
        raise UsageError(f"unknown rule `{code_or_name}`{hint}")
    sys.stdout.write(rule.document())
    return 0


def list_rules(args: argparse.Namespace) -> int:
    retired = sorted(registry.RETIRED.items())
    if args.format == "json":
        rows: list[dict[str, object]] = [
            {
                "code": rule.code,
                "name": rule.name,
                "severity": rule.severity,
                "summary": rule.summary,
                "fixable": rule.fixable,
                "url": rule_url(rule.code),
                "retired": None,
            }
            for rule in RULES
        ]
        rows.extend(
            {
                "code": code,
                "name": None,
                "severity": None,
                "summary": reason,
                "fixable": False,
                "url": None,
                "retired": reason,
            }
            for code, reason in retired
        )
        sys.stdout.write(json_text(rows))
        return 0
    for rule in RULES:
        fixable = " [*]" if rule.fixable else ""
        sys.stdout.write(
            f"{rule.code}  {rule.name:<32} {rule.severity:<8}{fixable}  {rule.summary}\n"
        )
    for code, reason in retired:
        sys.stdout.write(f"{code}  {'(retired)':<32} {'':<8}  {reason}\n")
    return 0
