"""The config file's JSON Schema (draft-07), generated from the pydantic models.

Editors (taplo / Even Better TOML, tombi) and SchemaStore read draft-07; pydantic writes
2020-12 with OpenAPI extras. The conversion below keeps every constraint and description
from the models and rewrites only the form: `$defs` → `definitions`, optional keys lose
their `anyOf [X, null]` and `default: null` (TOML has no null), `discriminator` goes (the
`oneOf` branches are told apart by their single-value `type` enum), and env tables get
`propertyNames` carrying the reserved-prefix check pydantic keeps in a Python validator.
Only `benchlint schema` and `python -m benchlint.devtools.generate` import this module.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from ..domain.models import (
    ENV_NAME_PATTERN,
    MODEL_VARIANTS,
    RESERVED_ENV_PREFIX,
    TABLE_MODELS,
    Agent,
    BenchmarkConfig,
    field_description,
)

SCHEMA_FILE = "schema/benchmark-config.schema.json"
DRAFT_07 = "http://json-schema.org/draft-07/schema#"
TITLE = "Osmosis benchmark-run config"

Schema = dict[str, Any]

# Keywords whose value is a schema, a list of schemas, or a name → schema map.
_SCHEMA_VALUED = ("items", "additionalProperties", "propertyNames", "not")
_SCHEMA_LISTS = ("anyOf", "oneOf", "allOf")
_SCHEMA_MAPS = ("properties", "patternProperties", "definitions")
# pydantic-only or noise: titles are the Python names ("Api Key Secret").
_DROPPED = ("discriminator", "title")
# Output order of keywords; mapping keys (property names) keep the models' order.
_KEYWORD_ORDER = (
    "$schema",
    "title",
    "description",
    "type",
    "enum",
    "const",
    "pattern",
    "minLength",
    "maxLength",
    "minimum",
    "exclusiveMinimum",
    "maximum",
    "items",
    "minItems",
    "maxItems",
    "required",
    "properties",
    "propertyNames",
    "patternProperties",
    "additionalProperties",
    "not",
    "allOf",
    "anyOf",
    "oneOf",
    "definitions",
)
_RANK = {keyword: index for index, keyword in enumerate(_KEYWORD_ORDER)}


def build_schema() -> Schema:
    raw = BenchmarkConfig.model_json_schema(ref_template="#/definitions/{model}")
    definitions = raw.pop("$defs", {})
    _describe_keys(raw, BenchmarkConfig)
    tables: list[type[BaseModel]] = [Agent, *TABLE_MODELS.values(), *MODEL_VARIANTS.values()]
    for model in tables:
        _describe_keys(definitions[model.__name__], model)
    root = {"$schema": DRAFT_07, "title": TITLE, **_convert(raw)}
    root["definitions"] = {name: _convert(node) for name, node in definitions.items()}
    ordered: Schema = _ordered(root)
    return ordered


def schema_text() -> str:
    return json.dumps(build_schema(), indent=2, ensure_ascii=False) + "\n"


def generated_files() -> dict[str, str]:
    return {SCHEMA_FILE: schema_text()}


def _describe_keys(node: Schema, model: type[BaseModel]) -> None:
    """Every key gets the description hover shows (pydantic omits some beside a `$ref`)."""
    properties = node["properties"]
    for key in model.model_fields:
        description = field_description(model, key)
        if not description:
            raise ValueError(f"{model.__name__}.{key} has no description")
        properties[key]["description"] = description


def _convert(node: Schema) -> Schema:
    out: Schema = {}
    for key, value in node.items():
        if key in _DROPPED or (key == "default" and value is None):
            continue
        if key in _SCHEMA_VALUED and isinstance(value, dict):
            out[key] = _convert(value)
        elif key in _SCHEMA_LISTS:
            out[key] = [_convert(item) for item in value]
        elif key in _SCHEMA_MAPS:
            out[key] = {name: _convert(item) for name, item in value.items()}
        elif key == "const":
            out["enum"] = [value]  # completion lists in editors read `enum`
        else:
            out[key] = value
    out = _without_null(out)
    out = _env_table(out)
    return _ref_with_siblings(out)


def _without_null(node: Schema) -> Schema:
    """`anyOf [X, {type: null}]` (an optional key) → X, keeping the outer description."""
    branches = node.get("anyOf")
    if not branches:
        return node
    kept = [branch for branch in branches if branch != {"type": "null"}]
    if len(kept) == len(branches):
        return node
    outer = {key: value for key, value in node.items() if key != "anyOf"}
    if len(kept) != 1:
        return {**outer, "anyOf": kept}
    return _ref_with_siblings({**kept[0], **outer})


def _env_table(node: Schema) -> Schema:
    """An env table: names must match the pattern and not start with the reserved prefix.

    pydantic writes the name pattern as `patternProperties` (which lets other names
    through) and cannot see the prefix check; Rust regex (taplo, tombi) has no lookahead,
    hence `not`.
    """
    patterns = node.get("patternProperties")
    if not patterns or list(patterns) != [ENV_NAME_PATTERN]:
        return node
    out = {key: value for key, value in node.items() if key != "patternProperties"}
    out["propertyNames"] = {
        "pattern": ENV_NAME_PATTERN,
        "not": {"pattern": f"^{RESERVED_ENV_PREFIX}"},
    }
    out["additionalProperties"] = patterns[ENV_NAME_PATTERN]
    return out


def _ref_with_siblings(node: Schema) -> Schema:
    """draft-07 ignores keywords beside `$ref`: move the ref into `allOf` to keep them."""
    if "$ref" not in node or len(node) == 1:
        return node
    siblings = {key: value for key, value in node.items() if key != "$ref"}
    return {**siblings, "allOf": [{"$ref": node["$ref"]}]}


def _ordered(node: Any, *, names: bool = False) -> Any:
    """Keywords in `_KEYWORD_ORDER`; the entries of name → schema maps in their own order."""
    if isinstance(node, list):
        return [_ordered(item) for item in node]
    if not isinstance(node, dict):
        return node
    if names:
        return {name: _ordered(value) for name, value in node.items()}
    keys = sorted(node, key=lambda key: _RANK.get(key, len(_RANK)))
    return {key: _ordered(node[key], names=key in _SCHEMA_MAPS) for key in keys}
