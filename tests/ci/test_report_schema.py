"""The JSON report's schema: generated from `core.contract`, and real output validates."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from tests.helpers import MINIMAL
from tests.rules.test_rule_fixtures import discover_cases

from benchlint.cli.main import main

from .conftest import PROJECT_ROOT, RunCli, corpus_paths

SCHEMA_PATH = PROJECT_ROOT / "schema" / "benchlint-report.schema.json"
SCHEMA: dict[str, Any] = json.loads(SCHEMA_PATH.read_text("utf-8"))
REPORT = jsonschema.Draft202012Validator(SCHEMA, format_checker=None)
ENTRY = jsonschema.Draft202012Validator(
    {"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"], "$ref": "#/$defs/DiagnosticEntry"}
)


def errors_of(validator: jsonschema.Draft202012Validator, document: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]


def test_the_schema_is_valid_draft_2020_12() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_the_command_prints_the_committed_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "--report"]) == 0
    assert capsys.readouterr().out == SCHEMA_PATH.read_text("utf-8")


def test_the_corpus_report_validates(corpus_json: dict[str, Any]) -> None:
    assert corpus_json["files"] and errors_of(REPORT, corpus_json) == []


@pytest.mark.parametrize(
    "extra", [(), ("--fix",), ("--unsafe-fixes",), ("--profile", "osmosis-0.3.8")]
)
def test_reports_with_fixes_failures_and_profiles_validate(
    run_cli: RunCli, tmp_path: Path, extra: tuple[str, ...]
) -> None:
    work = tmp_path / "work"
    (work / "configs" / "benchmark").mkdir(parents=True)
    for name in corpus_paths():
        source = PROJECT_ROOT / "tests" / "ci" / "fixtures" / name
        (work / name).write_bytes(source.read_bytes())
    document = run_cli("json", "configs", "missing.toml", cwd=work, extra=extra).json()
    assert document["failures"] and errors_of(REPORT, document) == []


def test_standard_input_validates(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    stdin = io.TextIOWrapper(io.BytesIO(MINIMAL.replace("gpt", "gpt\x00").encode()))
    monkeypatch.setattr("sys.stdin", stdin)
    main(["check", "-", "--format", "json"])
    document = json.loads(capsys.readouterr().out)
    assert document["files"][0]["path"] == "-" and errors_of(REPORT, document) == []


def test_every_rule_fixture_diagnostic_is_a_valid_entry() -> None:
    checked = 0
    for case in discover_cases():
        for kind in ("bad", "good"):
            if getattr(case, kind) is None:
                continue
            for diagnostic in case.lint(kind):
                assert errors_of(ENTRY, diagnostic.to_dict()) == [], (case.id, diagnostic)
                checked += 1
    assert checked > 200


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda d: d.update(extra=1), "Additional properties"),
        (lambda d: d["summary"].pop("failures"), "'failures' is a required property"),
        (lambda d: d["files"][0]["diagnostics"][0].update(code="BX1"), "does not match"),
        (lambda d: d["files"][0]["diagnostics"][0]["range"]["start"].update(line=0), "minimum"),
        (lambda d: d.update(version=2), "1 was expected"),
    ],
)
def test_the_schema_refuses_what_the_contract_does_not_allow(
    corpus_json: dict[str, Any], change: Any, complaint: str
) -> None:
    document = copy.deepcopy(corpus_json)
    document["files"] = [f for f in document["files"] if f["diagnostics"]]
    change(document)
    assert any(complaint in error for error in errors_of(REPORT, document))
