"""`--format sarif`: SARIF 2.1.0, ready for GitHub code scanning (`upload-sarif`).

One run. `tool.driver.rules` lists the rules that fired, in code order; each result points at
its rule by `ruleId` and `ruleIndex`.

Positions are the JSON output's numbers, unchanged: 1-based lines, columns counting Unicode
code points (declared with `run.columnKind = "unicodeCodePoints"`; SARIF's default would be
UTF-16 code units), and an exclusive `endColumn`, which is what SARIF means by it too.

A relative path, and an absolute one inside the folder benchlint ran in, becomes a URI
relative to `%SRCROOT%`, that folder (run it from the repository root so that GitHub finds
the files); an absolute path outside it becomes a `file://` URI. Message text is the
diagnostic's message as is (the engine has already masked any credential in it; it uses
no `{0}` placeholders). No snippet of the file's text is ever included, so a credential in a
config cannot leave through this report.

`invocations[0].executionSuccessful` is false when a path could not be read or a fix could
not be written, and each of them is a `toolExecutionNotifications` entry: a run that failed
never reads as clean.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import PurePath
from typing import Any
from urllib.parse import quote

from ..core.diagnostic import Diagnostic, Range, Severity
from ..lint.registry import RULES_BY_CODE, index_url, rule_url
from ..lint.rule import Rule
from . import FileReport, RunInfo, run_relative
from .json_text import json_text

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
LEVELS: dict[Severity, str] = {"error": "error", "warning": "warning", "info": "note"}

Json = dict[str, Any]


def render(reports: Sequence[FileReport], run: RunInfo) -> str:
    return json_text(as_log(reports, run))


def as_log(reports: Sequence[FileReport], run: RunInfo) -> Json:
    """The SARIF log as a JSON-ready dict: a pure function of the reports."""
    fired = sorted({d.code: d for r in reports for d in r.diagnostics}.items())
    rule_index = {code: index for index, (code, _) in enumerate(fired)}
    artifacts = _artifacts(reports)
    results = [
        _result(diagnostic, rule_index[diagnostic.code], artifacts[report.path])
        for report in reports
        for diagnostic in report.diagnostics
    ]
    driver = {
        "name": "benchlint",
        "version": run.version,
        "informationUri": index_url(),
        "rules": [_descriptor(code, example) for code, example in fired],
    }
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": driver},
                "columnKind": "unicodeCodePoints",
                "artifacts": [location for location, _ in artifacts.values()],
                "results": results,
                "invocations": [_invocation(run)],
                "properties": {"profile": run.profile},
            }
        ],
    }


def _invocation(run: RunInfo) -> Json:
    """Whether the run checked everything it was given; each path it could not read (or
    fixed file it could not write) is a notification, as SARIF records a tool's own trouble."""
    invocation: Json = {"executionSuccessful": not run.failures}
    if run.failures:
        invocation["toolExecutionNotifications"] = [
            {
                "level": "error",
                "message": {"text": failure.line()},
                "locations": [
                    {"physicalLocation": {"artifactLocation": artifact_location(failure.path)}}
                ],
                "properties": {"kind": failure.kind},
            }
            for failure in run.failures
        ]
    return invocation


def artifact_location(path: str) -> Json:
    """Where a checked file is, as a SARIF `artifactLocation` (without its index)."""
    pure = PurePath(path)
    if pure.is_absolute():
        # Inside the folder benchlint runs in: relative to %SRCROOT%, as GitLab and JUnit
        # write it, so code scanning finds the file whichever way it was named.
        relative = run_relative(path)
        if relative is None:
            return {"uri": pure.as_uri()}  # percent-encodes the name's bytes (os.fsencode)
        pure = PurePath(relative)
    # The name's bytes, percent-encoded: a name that is not UTF-8 (its bad bytes are lone
    # surrogates here) keeps its exact bytes (`a%FF.toml`), so the URI names the very file.
    return {"uri": quote(os.fsencode(pure.as_posix())), "uriBaseId": SRCROOT}


def _artifacts(reports: Sequence[FileReport]) -> dict[str, tuple[Json, int]]:
    """Each distinct path: its `artifacts` entry and that entry's index."""
    found: dict[str, tuple[Json, int]] = {}
    for report in reports:
        if report.path not in found:
            found[report.path] = ({"location": artifact_location(report.path)}, len(found))
    return found


def _descriptor(code: str, example: Diagnostic) -> Json:
    rule = RULES_BY_CODE.get(code)
    if rule is None:  # not in the registry: describe it from what the diagnostic says
        return {
            "id": code,
            "name": example.name,
            "shortDescription": {"text": example.name},
            "helpUri": example.url or rule_url(code),
            "defaultConfiguration": {"level": LEVELS[example.severity]},
        }
    short = rule.summary or rule.name  # SARIF wants non-empty text, even for a bare rule
    full = _full_description(rule) or short
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": short},
        "fullDescription": {"text": full},
        "helpUri": rule_url(rule.code),
        # The rule page quotes its examples; an example token must not read as a leak either.
        "help": {"text": full, "markdown": rule.document()},
        "defaultConfiguration": {"level": LEVELS[rule.severity]},
    }


def _full_description(rule: Rule) -> str:
    """*What it does* and *Why is this bad?* as plain paragraphs."""
    sections = (rule.section("What it does"), rule.section("Why is this bad?"))
    return " ".join(" ".join(section.split()) for section in sections if section)


def _result(diagnostic: Diagnostic, rule_index: int, artifact: tuple[Json, int]) -> Json:
    location, artifact_index = artifact
    where = {**location["location"], "index": artifact_index}
    primary: Json = {"physicalLocation": _physical(where, diagnostic.range)}
    if diagnostic.key is not None:
        primary["logicalLocations"] = [{"fullyQualifiedName": diagnostic.key}]
    result: Json = {
        "ruleId": diagnostic.code,
        "ruleIndex": rule_index,
        "level": LEVELS[diagnostic.severity],
        "message": {"text": diagnostic.message},
        "locations": [primary],
    }
    if diagnostic.related:
        result["relatedLocations"] = [
            {
                "id": number,
                "message": {"text": related.message},
                "physicalLocation": _physical(where, related.range),
            }
            for number, related in enumerate(diagnostic.related, start=1)
        ]
    return result


def _physical(where: Json, span: Range) -> Json:
    return {
        "artifactLocation": where,
        "region": {
            "startLine": span.start.line,
            "startColumn": span.start.column,
            "endLine": span.end.line,
            "endColumn": span.end.column,
        },
    }
