"""The workspace data's JSON Schema: generated, committed, printed by `benchlint schema
--workspace`, and giving the same verdict as the readers on every document tried."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from benchlint import Settings, Workspace
from benchlint.cli.main import main
from benchlint.devtools.generate import COMMAND
from benchlint.domain.catalog.entry import CatalogShapeError
from benchlint.domain.catalog.store import entries_from_document
from benchlint.domain.secret_records import SecretRecords, SecretRecordsError
from benchlint.domain.workspace_schema import SCHEMA_FILE, SYNC_STATUSES, generated_files

ROOT = Path(__file__).resolve().parents[1]
SCHEMA: dict[str, Any] = json.loads((ROOT / SCHEMA_FILE).read_text("utf-8"))
SDK = ROOT / "tests" / "sdk_output"


def _validator(definition: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(
        {"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{definition}"}
    )


DOCUMENT = _validator("BenchmarkDocument")
SECRETS = _validator("SecretList")
WORKSPACE = jsonschema.Draft202012Validator(SCHEMA)


def test_the_committed_schema_is_current_and_valid(capsys: pytest.CaptureFixture[str]) -> None:
    assert (ROOT / SCHEMA_FILE).read_text("utf-8") == generated_files()[SCHEMA_FILE], (
        f"{SCHEMA_FILE} is stale: run `{COMMAND}`"
    )
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert main(["schema", "--workspace"]) == 0
    assert capsys.readouterr().out == generated_files()[SCHEMA_FILE]


def test_every_sync_status_is_described() -> None:
    described = SCHEMA["$defs"]["Benchmark"]["properties"]["sync_status"]["description"]
    assert all(f"`{status}`" in described for status in SYNC_STATUSES)


def _reads_benchmarks(document: Any) -> bool:
    try:
        entries_from_document(document, "test")
    except CatalogShapeError:
        return False
    return True


def _reads_secrets(document: Any) -> bool:
    try:
        SecretRecords.from_json(document)
    except SecretRecordsError:
        return False
    return True


VALUES: list[Any] = [
    None, "", "x", 0, 3, -1, 2.5, True, [], {}, ["a"], [{}], [{"name": "a"}], [{"name": 3}],
    [{"name": "a", "task_count": "3"}], [{"name": "a", "category": 1}],
]  # fmt: skip
BENCHMARK = {"key": "acme", "name": "Acme", "sync_status": "ready", "tasks": [{"name": "t"}]}
FIELDS = [*SCHEMA["$defs"]["Benchmark"]["properties"], "data", "benchmark", "items", "benchmarks"]


def _benchmark_documents() -> list[Any]:
    documents: list[Any] = [
        json.loads(path.read_text("utf-8"))
        for path in [*SDK.glob("benchmark-*.json"), *(ROOT / "examples" / "catalog").glob("*.json")]
    ]
    documents.append(json.loads((ROOT / "src/benchlint/domain/catalog/bundled.json").read_text()))
    for field, value in itertools.product(FIELDS, VALUES):  # one field changed at a time
        changed = {**BENCHMARK, field: value}
        documents += [changed, {"benchmark": changed}, {"data": {"items": [changed]}}, [changed]]
    for field in ("key", "name"):
        missing = {k: v for k, v in BENCHMARK.items() if k != field}
        documents += [missing, {**missing, "source_ref": "acme"}, {"items": [missing]}]
    documents += [
        3, "x", None, {}, [], {"items": 3}, {"benchmark": {"key": "a", "name": "A"}, "items": 3},
        {"benchmark": {"key": "a"}, "items": [BENCHMARK]}, {"data": 3, **BENCHMARK},
        {"data": {}, **BENCHMARK}, {"items": [BENCHMARK], "benchmarks": 3},
        {"benchmarks": [BENCHMARK], "items": {}}, {"key": "", "source_ref": "a", "name": "A"},
        {"key": None, "source_ref": "", "name": "A"},
    ]  # fmt: skip
    return documents


@pytest.mark.parametrize("document", _benchmark_documents(), ids=lambda d: json.dumps(d)[:60])
def test_the_schema_and_the_catalog_reader_agree(document: Any) -> None:
    assert DOCUMENT.is_valid(document) is _reads_benchmarks(copy.deepcopy(document))


def _secret_documents() -> list[Any]:
    documents: list[Any] = [json.loads((SDK / "secret-list.json").read_text("utf-8"))]
    documents.append(json.loads((ROOT / "examples/server/secret-list.json").read_text("utf-8")))
    records: list[Any] = [
        "A", "", 3, None, [], {}, {"name": "A"}, {"name": "A", "scope": None},
        {"name": "A", "scope": "user"}, {"name": "A", "scope": 7}, {"name": 3}, {"name": ""},
        {"name": None}, {"scope": "workspace"},
    ]  # fmt: skip
    for record in records:
        documents += [[record], {"items": [record]}, {"environment_secrets": [record, "B"]}]
    documents += [3, "A", None, {}, {"items": 3}, {"items": 3, "environment_secrets": ["A"]}]
    documents += [{"items": {}, "environment_secrets": []}, {"environment_secrets": {}}]
    return documents


@pytest.mark.parametrize("document", _secret_documents(), ids=lambda d: json.dumps(d)[:60])
def test_the_schema_and_the_secret_list_reader_agree(document: Any) -> None:
    assert SECRETS.is_valid(document) is _reads_secrets(document)


def test_the_root_is_what_workspace_accepts() -> None:
    data = {
        "benchmarks": [{"benchmark": BENCHMARK}, {"items": [BENCHMARK]}],
        "secrets": {"items": [{"name": "A", "scope": "workspace"}, {"name": "B"}]},
    }
    assert (
        WORKSPACE.is_valid(data)
        and WORKSPACE.is_valid({})
        and WORKSPACE.is_valid({"secrets": None})
    )
    workspace = Workspace(**data)
    assert [entry.key for entry in workspace.benchmarks] == ["acme", "acme"]
    assert Settings(workspace=workspace).secret_records is not None
    assert not WORKSPACE.is_valid({"benchmarks": [BENCHMARK], "secret": []})
