"""The committed JSON Schema: valid draft-07, current, and shaped the way editors need it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import BaseModel

from benchlint.cli.main import main
from benchlint.devtools.generate import COMMAND
from benchlint.domain.models import (
    ENV_NAME_PATTERN,
    MAX_AGENTS,
    MAX_REQUIRED_SECRETS,
    MODEL_TYPES,
    MODEL_VARIANTS,
    RESERVED_ENV_PREFIX,
    SECRET_NAME_PATTERN,
    TABLE_MODELS,
    TASK_SETS,
    Agent,
    BenchmarkConfig,
    field_description,
)
from benchlint.structure.jsonschema import SCHEMA_FILE, generated_files

Schema = dict[str, Any]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "schema.md"
SCHEMA_VALUED = ("items", "additionalProperties", "propertyNames", "not")
SCHEMA_LISTS = ("allOf", "anyOf", "oneOf")
SCHEMA_MAPS = ("properties", "definitions", "patternProperties")


def walk(node: Schema, pointer: str = "#") -> Iterator[tuple[str, Schema]]:
    """Every subschema with its JSON pointer."""
    yield pointer, node
    for key in SCHEMA_VALUED:
        if isinstance(node.get(key), dict):
            yield from walk(node[key], f"{pointer}/{key}")
    for key in SCHEMA_LISTS:
        for index, item in enumerate(node.get(key, [])):
            yield from walk(item, f"{pointer}/{key}/{index}")
    for key in SCHEMA_MAPS:
        for name, item in node.get(key, {}).items():
            yield from walk(item, f"{pointer}/{key}/{name}")


def resolve(schema: Schema, node: Schema) -> Schema:
    """The table schema behind a property: itself, or the definition it refers to."""
    refs = [node.get("$ref")] + [item.get("$ref") for item in node.get("allOf", [])]
    for ref in filter(None, refs):
        definition: Schema = schema["definitions"][ref.removeprefix("#/definitions/")]
        return definition
    return node


def test_schema_is_valid_draft07(schema: Schema) -> None:
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(schema)


def test_committed_schema_is_current(schema_path: Path) -> None:
    expected = generated_files()[SCHEMA_FILE]
    actual = schema_path.read_text("utf-8") if schema_path.is_file() else None
    assert actual == expected, f"{SCHEMA_FILE} is stale: run `{COMMAND}` and commit the result"


def test_generated_text_is_stable_json_with_trailing_newline() -> None:
    text = generated_files()[SCHEMA_FILE]
    assert text.endswith("}\n")
    assert text == generated_files()[SCHEMA_FILE]
    assert json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n" == text


def test_schema_command_prints_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    assert capsys.readouterr().out == generated_files()[SCHEMA_FILE]


def test_has_a_title_and_describes_the_root(schema: Schema) -> None:
    assert schema["title"]
    assert schema["description"]


def test_every_key_has_the_description_hover_shows(schema: Schema) -> None:
    models: list[tuple[Schema, type[BaseModel]]] = [(schema, BenchmarkConfig)]
    models += [
        (schema["definitions"][model.__name__], model)
        for model in (Agent, *TABLE_MODELS.values(), *MODEL_VARIANTS.values())
    ]
    for node, model in models:
        assert list(node["properties"]) == list(model.model_fields), model.__name__
        for key, prop in node["properties"].items():
            assert prop["description"] == field_description(model, key), f"{model.__name__}.{key}"
    for pointer, node in walk(schema):  # also the closed-set `type` beside the oneOf
        for key, prop in node.get("properties", {}).items():
            assert prop.get("description"), f"{pointer}/properties/{key}"


def test_every_table_forbids_unknown_keys(schema: Schema) -> None:
    for pointer, node in walk(schema):
        if "properties" not in node or pointer.endswith("/model"):
            continue  # `model` is a oneOf of tables, each closed (checked below)
        assert node.get("additionalProperties") is False, pointer
    model = schema["definitions"]["Agent"]["properties"]["model"]
    for branch in model["oneOf"]:
        assert resolve(schema, branch)["additionalProperties"] is False


def test_free_form_tables_say_what_their_values_are(schema: Schema) -> None:
    """`[env]` and `extra_headers` take any (valid) name, but only string values."""
    agent = schema["definitions"]["Agent"]["properties"]
    headers = schema["definitions"]["EndpointModel"]["properties"]["extra_headers"]
    for node in (schema["properties"]["env"], agent["env"], headers):
        assert node["type"] == "object"
        assert node["additionalProperties"]["type"] == "string"
        assert node["additionalProperties"]["description"]


def test_closed_sets_are_enums(schema: Schema) -> None:
    tasks = schema["definitions"]["Tasks"]["properties"]
    assert tasks["task_set"]["enum"] == list(TASK_SETS)
    model = schema["definitions"]["Agent"]["properties"]["model"]
    assert model["properties"]["type"]["enum"] == list(MODEL_TYPES)
    assert model["required"] == ["type"]


def test_model_types_are_a_oneof_keyed_on_type(schema: Schema) -> None:
    model = schema["definitions"]["Agent"]["properties"]["model"]
    branches = [resolve(schema, branch) for branch in model["oneOf"]]
    assert [branch["properties"]["type"]["enum"] for branch in branches] == [
        [kind] for kind in MODEL_TYPES
    ]
    for branch, variant in zip(branches, MODEL_VARIANTS.values(), strict=True):
        required = [k for k, f in variant.model_fields.items() if f.is_required()]
        assert branch["required"] == required


def test_count_limits_and_bounds(schema: Schema) -> None:
    agents = schema["properties"]["agents"]
    assert (agents["minItems"], agents["maxItems"]) == (1, MAX_AGENTS)
    for table in ("Verifier", "Secrets"):
        required = schema["definitions"][table]["properties"]["required"]
        assert required["maxItems"] == MAX_REQUIRED_SECRETS
        assert required["items"]["pattern"] == SECRET_NAME_PATTERN
        assert required["items"]["maxLength"] == 255
    execution = schema["definitions"]["Execution"]["properties"]
    assert execution["attempts_per_task"] == execution["attempts_per_task"] | {
        "type": "integer",
        "minimum": 1,
    }
    assert execution["max_retries"]["minimum"] == 0
    assert execution["timeout_multiplier"]["exclusiveMinimum"] == 0
    assert (execution["pass_threshold"]["minimum"], execution["pass_threshold"]["maximum"]) == (
        0,
        1,
    )


def test_env_names_exclude_the_reserved_prefix_without_lookahead(schema: Schema) -> None:
    agent_env = schema["definitions"]["Agent"]["properties"]["env"]
    for node in (schema["properties"]["env"], agent_env):
        assert node["propertyNames"] == {
            "pattern": ENV_NAME_PATTERN,
            "not": {"pattern": f"^{RESERVED_ENV_PREFIX}"},
        }
    patterns = [node["pattern"] for _, node in walk(schema) if "pattern" in node]
    assert not [p for p in patterns if re.search(r"\(\?[=!<]", p)], "Rust regex: no lookaround"


def test_nothing_draft07_tools_misread(schema: Schema) -> None:
    text = json.dumps(schema)
    for keyword in ('"$defs"', '"discriminator"', '"null"', '"default": null', "#/$defs/"):
        assert keyword not in text
    for pointer, node in walk(schema):
        assert "$ref" not in node or len(node) == 1, f"{pointer}: draft-07 ignores $ref siblings"
        assert "anyOf" not in node, pointer  # what pydantic writes for optional keys


def test_check_does_not_import_the_schema_module() -> None:
    code = (
        "import sys, benchlint; "
        "benchlint.lint_text('[experiment]\\nbenchmark = \"hle\"\\n'); "
        "print('benchlint.structure.jsonschema' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_docs_give_a_schemastore_catalog_entry() -> None:
    docs = DOCS.read_text("utf-8")
    section = docs.split("## SchemaStore catalog entry", 1)[1]
    block = re.search(r"```json\n(.*?)```", section, re.DOTALL)
    assert block is not None
    entry = json.loads(block.group(1))
    assert set(entry) == {"name", "description", "fileMatch", "url"}
    assert "configs/benchmark/*.toml" in entry["fileMatch"]
    assert entry["url"].startswith("https://") and entry["url"].endswith(SCHEMA_FILE)
