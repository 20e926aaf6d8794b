"""The JSON Schema of the `--format json` report, generated from `benchlint.core.contract`.

pydantic writes it (draft 2020-12) from the contract's types; each field's docstring is its
description and every object is closed (`additionalProperties: false`), so a report that
grows a field the contract does not declare fails the tests that validate real output.
Only `benchlint schema --report` and `python -m benchlint.devtools.generate` import this.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter

from ..core.contract import PlanReport, Report

SCHEMA_FILE = "schema/benchlint-report.schema.json"
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"


def report_schema() -> dict[str, Any]:
    """The check report at the root; `benchlint plan --format json`'s document is
    `#/$defs/PlanReport` (they share their common parts)."""
    generated = _tidy(TypeAdapter(Report).json_schema())
    plans = _tidy(TypeAdapter(PlanReport).json_schema())
    definitions = {**generated.pop("$defs"), **plans.pop("$defs")}
    definitions["PlanReport"] = plans
    generated["$defs"] = dict(sorted(definitions.items()))
    return {"$schema": DRAFT_2020_12, **generated, "title": "benchlint report"}


def _tidy(node: Any, in_properties: bool = False) -> Any:
    """Descriptions on one line each; no per-key titles (pydantic's are the Python names)."""
    if isinstance(node, list):
        return [_tidy(item) for item in node]
    if not isinstance(node, dict):
        return node
    tidy: dict[str, Any] = {}
    for key, value in node.items():
        if in_properties:  # keys here are field names, each mapping to a schema
            tidy[key] = _tidy(value)
        elif key == "title":
            if "properties" in node:  # an object's title names its type: keep it
                tidy[key] = value
        elif key == "description" and isinstance(value, str):
            tidy[key] = " ".join(value.split())
        else:
            tidy[key] = _tidy(value, in_properties=key in ("properties", "$defs"))
    return tidy


def schema_text() -> str:
    return json.dumps(report_schema(), indent=2, ensure_ascii=False) + "\n"


def generated_files() -> dict[str, str]:
    return {SCHEMA_FILE: schema_text()}
