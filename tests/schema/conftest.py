"""Shared fixtures for the JSON Schema tests: the committed schema file and a validator."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from benchlint.structure.jsonschema import SCHEMA_FILE

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def schema_path() -> Path:
    return REPO / SCHEMA_FILE


@pytest.fixture(scope="session")
def schema(schema_path: Path) -> dict[str, Any]:
    """The committed file: what editors and SchemaStore read."""
    data: dict[str, Any] = json.loads(schema_path.read_text("utf-8"))
    return data


@pytest.fixture(scope="session")
def validator(schema: dict[str, Any]) -> jsonschema.Draft7Validator:
    return jsonschema.Draft7Validator(schema)
