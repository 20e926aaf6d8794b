"""The structure spec (`structure_spec.py`), generated from the models' pydantic core schema.

`benchlint check` must start fast, and importing pydantic costs more than the whole budget.
So the models stay the single source of truth, and this generator walks the core schema
pydantic builds from them into a plain data literal that `benchlint.structure.validate`
interprets. Every construct the walk meets must be one it understands: an unknown schema type,
key or setting raises `SpecError`, so a model change cannot make the spec silently disagree
with pydantic. `python -m benchlint.devtools.generate` writes the file; `--check` fails when it
is stale.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic_core import SchemaValidator, ValidationError

from ..domain.constants import VALIDATORS
from ..domain.models import BenchmarkConfig, field_description
from ..structure.rust_regex import UnsupportedPattern, to_python

SPEC_FILE = "src/benchlint/structure/generated_spec.py"
GENERATED_BY = "python -m benchlint.devtools.generate"

Node = dict[str, Any]
# Keys that never change what validation accepts or reports.
_INERT = frozenset({"type", "metadata", "serialization", "ref"})
# Per schema type: the keys this walk interprets (anything else raises).
_KNOWN = {
    "model": {"cls", "config", "custom_init", "root_model", "schema", "post_init"},
    "model-fields": {"fields", "model_name", "computed_fields"},
    "model-field": {"schema", "serialization_exclude", "frozen"},
    "default": {"schema", "default"},
    "nullable": {"schema", "strict"},
    "str": {"pattern", "min_length", "max_length", "strict"},
    "function-after": {"function", "schema"},
    "int": {"gt", "ge", "lt", "le", "strict"},
    "float": {"gt", "ge", "lt", "le", "allow_inf_nan", "strict"},
    "literal": {"expected"},
    "list": {"items_schema", "min_length", "max_length", "strict"},
    "dict": {"keys_schema", "values_schema", "strict"},
    # Lax and from-attributes only matter for mappings and objects that are not dicts, and
    # for tags that are str subclasses or enums; `tomllib` gives none of those.
    "tagged-union": {"choices", "discriminator", "strict", "from_attributes"},
    "definitions": {"schema", "definitions"},
    "definition-ref": {"schema_ref"},
    "any": set(),
}
_CONFIG_KNOWN = {"title", "strict", "extra_fields_behavior", "allow_inf_nan"}


def _advisory(model: type, key: str) -> Node | None:
    """What a field that takes any value *should* hold (its JSON Schema hint), as a node: the
    rule that warns about it and hover read it (`pass_threshold`: a number from 0 to 1)."""
    info = model.model_fields[key]  # type: ignore[attr-defined]
    hint = info.json_schema_extra
    if not isinstance(hint, dict) or hint.get("type") != "number":
        return None
    node: Node = {"kind": "float"}
    for schema_key, bound in (("minimum", "ge"), ("maximum", "le")):
        if schema_key in hint:
            node[bound] = hint[schema_key]
    return node


class SpecError(ValueError):
    """The core schema holds something the structure spec cannot express faithfully."""


def generated_files() -> dict[str, str]:
    return {SPEC_FILE: render(build_spec(BenchmarkConfig.__pydantic_core_schema__))}


def build_spec(core_schema: Mapping[str, Any]) -> Node:
    walker = _Walker()
    root = walker.node(core_schema, config={}, where="<root>")
    return {"root": root, "models": walker.models}


class _Walker:
    def __init__(self) -> None:
        self.models: dict[str, Node] = {}
        self.classes: dict[str, type] = {}
        self.definitions: dict[str, Mapping[str, Any]] = {}

    def node(self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str) -> Node:
        kind = schema.get("type")
        if kind not in _KNOWN:
            raise SpecError(f"{where}: unsupported core-schema type {kind!r}")
        unknown = set(schema) - _KNOWN[kind] - _INERT
        if unknown:
            raise SpecError(f"{where}: unsupported {kind!r} settings {sorted(unknown)}")
        if schema.get("strict") is False and kind != "tagged-union":
            raise SpecError(f"{where}: lax mode is not supported")
        method = getattr(self, "_" + kind.replace("-", "_"))
        result: Node = method(schema, config, where)
        return result

    def _definitions(
        self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str
    ) -> Node:
        for definition in schema["definitions"]:
            self.definitions[definition["ref"]] = definition
        return self.node(schema["schema"], config, where)

    def _definition_ref(
        self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str
    ) -> Node:
        target = self.definitions.get(schema["schema_ref"])
        if target is None or target.get("type") != "model":
            raise SpecError(f"{where}: only references to models are supported")
        return self.node(target, config, where)

    def _model(self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str) -> Node:
        name = schema["cls"].__name__
        if schema.get("custom_init") or schema.get("root_model") or schema.get("post_init"):
            raise SpecError(f"{where}: model {name} has a custom init, root or post-init")
        model_config = schema.get("config", {})
        unknown = set(model_config) - _CONFIG_KNOWN
        if unknown:
            raise SpecError(f"{where}: model {name} config {sorted(unknown)}")
        if model_config.get("strict") is not True:
            raise SpecError(f"{where}: model {name} must be strict")
        if model_config.get("extra_fields_behavior") != "forbid":
            raise SpecError(f"{where}: model {name} must forbid extra keys")
        if self.classes.setdefault(name, schema["cls"]) is not schema["cls"]:
            raise SpecError(f"{where}: two models named {name}")
        if schema["schema"].get("type") != "model-fields":
            raise SpecError(f"{where}: model {name} has validators around its fields")
        if name not in self.models:
            self.models[name] = {}  # claimed before the walk, for recursive models
            fields = self.node(schema["schema"], model_config, name)
            model = schema["cls"]
            for key, field in fields.items():  # hover and messages read these
                field["description"] = field_description(model, key) or ""
                advisory = _advisory(model, key)
                if advisory is not None:
                    field["advisory"] = advisory
            self.models[name] = {
                "class_name": name,
                "description": " ".join((model.__doc__ or "").split()),
                "fields": fields,
            }
        return {"kind": "model", "name": name}

    def _model_fields(
        self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str
    ) -> Node:
        fields: dict[str, Node] = {}
        for key, field in schema["fields"].items():
            at = f"{where}.{key}"
            if field.get("type") != "model-field":
                raise SpecError(f"{at}: expected a model-field")
            unknown = set(field) - _KNOWN["model-field"] - _INERT
            if unknown:
                raise SpecError(f"{at}: unsupported field settings {sorted(unknown)}")
            inner = field["schema"]
            required = inner.get("type") != "default"
            if not required:
                unknown = set(inner) - _KNOWN["default"] - _INERT
                if unknown:
                    raise SpecError(f"{at}: unsupported default settings {sorted(unknown)}")
                inner = inner["schema"]
            fields[key] = {"required": required, "schema": self.node(inner, config, at)}
        return fields

    def _model_field(
        self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str
    ) -> Node:
        raise SpecError(f"{where}: a model-field outside model-fields")

    def _default(self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str) -> Node:
        raise SpecError(f"{where}: a default outside a model field")

    def _nullable(self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str) -> Node:
        return {"kind": "nullable", "schema": self.node(schema["schema"], config, where)}

    def _str(self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str) -> Node:
        node: Node = {"kind": "str"}
        for key in ("min_length", "max_length"):
            if key in schema:
                node[key] = _whole(schema[key], where)
        if "pattern" in schema:
            try:
                to_python(schema["pattern"])  # the interpreter translates it the same way
            except UnsupportedPattern as error:
                raise SpecError(f"{where}: {error}") from None
            node["pattern"] = schema["pattern"]
        return node

    def _function_after(
        self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str
    ) -> Node:
        function = schema["function"]
        names = [n for n, f in VALIDATORS.items() if f is function.get("function")]
        if function.get("type") != "no-info" or not names:
            raise SpecError(f"{where}: an after-validator not in constants.VALIDATORS")
        inner = self.node(schema["schema"], config, where)
        if inner["kind"] != "str":
            raise SpecError(f"{where}: after-validators are supported on strings only")
        return {"kind": "after", "validator": names[0], "schema": inner}

    def _int(self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str) -> Node:
        node: Node = {"kind": "int"}
        for key in ("gt", "ge", "lt", "le"):
            if key in schema:
                node[key] = _whole(schema[key], where)
        return node

    def _float(self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str) -> Node:
        allow = schema.get("allow_inf_nan", config.get("allow_inf_nan", True))
        node: Node = {"kind": "float", "allow_inf_nan": bool(allow)}
        for key in ("gt", "ge", "lt", "le"):
            if key in schema:
                node[key] = float(schema[key])  # pydantic compares, and reports, as floats
        return node

    def _literal(self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str) -> Node:
        expected = list(schema["expected"])
        if not expected or not all(type(value) is str for value in expected):
            raise SpecError(f"{where}: only literal strings are supported")
        context = _probe_context({"type": "literal", "expected": expected}, object())
        return {"kind": "literal", "expected": expected, "context": context}

    def _any(self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str) -> Node:
        return {"kind": "any"}

    def _list(self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str) -> Node:
        node: Node = {"kind": "list", "items": self.node(schema["items_schema"], config, where)}
        for key in ("min_length", "max_length"):
            if key in schema:
                node[key] = _whole(schema[key], where)
        return node

    def _dict(self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str) -> Node:
        keys = self.node(schema.get("keys_schema", {"type": "any"}), config, where)
        if keys["kind"] not in ("str", "after"):
            raise SpecError(f"{where}: table keys must be validated as strings")
        values = self.node(schema.get("values_schema", {"type": "any"}), config, where)
        return {"kind": "dict", "keys": keys, "values": values}

    def _tagged_union(
        self, schema: Mapping[str, Any], config: Mapping[str, Any], where: str
    ) -> Node:
        discriminator = schema["discriminator"]
        if not isinstance(discriminator, str):
            raise SpecError(f"{where}: only a plain key can be the discriminator")
        choices: dict[str, Node] = {}
        for tag, choice in schema["choices"].items():
            if not isinstance(tag, str) or not isinstance(choice, Mapping):
                raise SpecError(f"{where}: union tags must be strings naming a schema")
            choices[tag] = self.node(choice, config, f"{where}[{tag}]")
            if choices[tag]["kind"] != "model":
                raise SpecError(f"{where}: union choices must be models")
        probe = {
            "type": "tagged-union",
            "discriminator": discriminator,
            "choices": {tag: {"type": "any"} for tag in choices},
        }
        return {
            "kind": "tagged-union",
            "discriminator": discriminator,
            "choices": choices,
            "invalid_context": _probe_context(probe, {discriminator: object()}),
            "not_found_context": _probe_context(probe, {}),
        }


def _whole(value: Any, where: str) -> int:
    if type(value) is not int:
        raise SpecError(f"{where}: expected a whole-number limit, got {value!r}")
    return value


def _probe_context(schema: Any, value: Any) -> dict[str, str | None]:
    """The error context pydantic reports for `value`, with the tag's text left blank.

    The wording of `expected` lists and discriminators is pydantic's; asking it beats
    re-deriving its quoting rules.
    """
    try:
        SchemaValidator(schema).validate_python(value, strict=True)
    except ValidationError as error:
        context = dict(error.errors()[0].get("ctx") or {})
        # The tag's text depends on the value; its slot keeps pydantic's key order.
        return {key: None if key == "tag" else str(text) for key, text in context.items()}
    raise SpecError(f"probe {value!r} unexpectedly passed {schema}")


def render(spec: Node) -> str:
    """The spec as a module, in the layout `ruff format` keeps (one item a line)."""
    lines = [
        f'"""The config structure, as data. Generated by `{GENERATED_BY}`: do not edit.',
        "",
        "Walked from `BenchmarkConfig.__pydantic_core_schema__` by `benchlint.devtools.specgen`;",
        "`benchlint.structure.validate` validates with it, reporting what pydantic would.",
        '"""',
        "",
        "from typing import Any",
        "",
        f"SPEC: dict[str, Any] = {_literal(spec, 0)}",
        "",
    ]
    return "\n".join(lines)


def _literal(value: Any, depth: int) -> str:
    indent = "    " * (depth + 1)
    close = "    " * depth
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [
            f"{indent}{_literal(k, depth + 1)}: {_literal(v, depth + 1)}," for k, v in value.items()
        ]
        return "{\n" + "\n".join(items) + f"\n{close}}}"
    if isinstance(value, list):
        if not value:
            return "[]"
        items = [f"{indent}{_literal(v, depth + 1)}," for v in value]
        return "[\n" + "\n".join(items) + f"\n{close}]"
    if isinstance(value, str):
        text = repr(value)
        if text.startswith("'") and '"' not in value:
            text = '"' + text[1:-1] + '"'  # ruff format's preferred quotes
        return text
    if value is None or isinstance(value, bool | int | float):
        return repr(value)
    raise SpecError(f"cannot write {value!r} into the spec")
