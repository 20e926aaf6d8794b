"""Reading the generated structure spec: which tables exist, which keys each allows, and what
each value must be.

The rules, hover and completion need these facts on paths where pydantic is not imported; the
spec is generated from the models, so they are the models' facts. Tables are named by their
model (`"Experiment"`, `"Agent"`, `"ProviderModel"`...); a *node* is the spec's description of
one value (`{"kind": "int", "ge": 1}`).
"""

from __future__ import annotations

from typing import Any

from ..core.paths import ConfigPath
from ..core.record import NamedTuple
from .generated_spec import SPEC

Node = dict[str, Any]
_MODELS: dict[str, Any] = SPEC["models"]

ROOT_MODEL_NAME: str = SPEC["root"]["name"]
MODEL_KEYS: dict[str, tuple[str, ...]] = {
    name: tuple(model["fields"]) for name, model in _MODELS.items()
}


def unwrap(node: Node) -> Node:
    """The node without the wrappers that do not change its shape (optional, after-checks)."""
    while node["kind"] in ("nullable", "after"):
        node = node["schema"]
    return node


def _field(model: str, key: str) -> Node | None:
    field = _MODELS[model]["fields"].get(key)
    return unwrap(field["schema"]) if field else None


# The top-level tables that are models, in the models' order: {"experiment": "Experiment"...}.
TABLE_MODEL_NAMES: dict[str, str] = {
    key: node["name"]
    for key in MODEL_KEYS[ROOT_MODEL_NAME]
    if (node := _field(ROOT_MODEL_NAME, key)) and node["kind"] == "model"
}
_AGENTS = _field(ROOT_MODEL_NAME, "agents")
assert _AGENTS is not None and _AGENTS["kind"] == "list"
AGENT_MODEL_NAME: str = unwrap(_AGENTS["items"])["name"]
_AGENT_MODEL_FIELD = _field(AGENT_MODEL_NAME, "model")
assert _AGENT_MODEL_FIELD is not None and _AGENT_MODEL_FIELD["kind"] == "tagged-union"
# The agent model's variants by `type`: {"provider": "ProviderModel"...}.
VARIANT_MODEL_NAMES: dict[str, str] = {
    tag: choice["name"] for tag, choice in _AGENT_MODEL_FIELD["choices"].items()
}
MODEL_TYPE_KEY: str = _AGENT_MODEL_FIELD["discriminator"]


class Field(NamedTuple):
    """A key of a table, as the spec describes it."""

    key: str
    node: Node  # what its value must be (unwrapped)
    required: bool
    description: str
    advisory: Node | None = None  # what a field that takes any value should hold


def fields(model: str) -> list[Field]:
    """Every key of a table model, in the model's order."""
    return [_field_of(key, entry) for key, entry in _MODELS[model]["fields"].items()]


def field(model: str, key: str) -> Field | None:
    entry = _MODELS[model]["fields"].get(key)
    return None if entry is None else _field_of(key, entry)


def _field_of(key: str, entry: Node) -> Field:
    return Field(
        key,
        unwrap(entry["schema"]),
        entry["required"],
        entry.get("description", ""),
        entry.get("advisory"),
    )


def model_description(model: str) -> str:
    return str(_MODELS[model].get("description", ""))


def node_at(path: ConfigPath, data: Any) -> Node | None:
    """What the value at `path` must be (None where the spec says nothing: an unknown key).

    Where the shape depends on a tag (an agent's `model.type`), `data` supplies it; without a
    valid tag, a model's node is the tagged union itself."""
    node: Node | None = unwrap(SPEC["root"])
    for depth, step in enumerate(path):
        if node is None:
            return None
        if node["kind"] == "tagged-union":
            node = _choice(node, path[:depth], data)
            if node is None:
                return None
        kind = node["kind"]
        if kind == "model" and isinstance(step, str):
            node = _field(node["name"], step)
        elif kind == "list" and isinstance(step, int):
            node = unwrap(node["items"])
        elif kind == "dict" and isinstance(step, str):
            node = unwrap(node["values"])
        else:
            return None
    return node


def may_be_table(path: ConfigPath, data: Any) -> bool:
    """Whether a table (or an array of tables) belongs at `path`; True where the spec says
    nothing. After a syntax error, a broken header can only have made a table."""
    node = node_at(path, data)
    if node is None:
        return True
    if node["kind"] == "list":
        node = unwrap(node["items"])
    return node["kind"] in ("model", "dict", "tagged-union")


def key_node_at(path: ConfigPath) -> Node | None:
    """What the *name* of the key at `path` must be, in a table with free keys (`[env]`)."""
    parent = node_at(path[:-1], None)
    return unwrap(parent["keys"]) if parent is not None and parent["kind"] == "dict" else None


def table_name(path: ConfigPath, data: dict[str, Any]) -> str | None:
    """The model that describes the table at `path` (None where no model applies)."""
    node = node_at(path, data)
    if node is not None and node["kind"] == "tagged-union":
        node = _choice(node, path, data)
    return node["name"] if node is not None and node["kind"] == "model" else None


def _choice(union: Node, path: ConfigPath, data: Any) -> Node | None:
    for step in path:
        try:
            data = data[step]
        except (TypeError, KeyError, IndexError):
            return None
    tag = data.get(union["discriminator"]) if isinstance(data, dict) else None
    choice = union["choices"].get(tag) if isinstance(tag, str) else None
    return choice if isinstance(choice, dict) else None


def allowed_at(path: ConfigPath, data: Any) -> tuple[str, ...]:
    """The closed set of values the string at `path` must be one of (empty when it is free):
    a literal's choices, or the tags of the tagged union whose discriminator `path` is."""
    node = node_at(path, data)
    if node is not None and node["kind"] == "literal":
        return tuple(node["expected"])
    if not path:
        return ()
    parent = node_at(path[:-1], None)
    if parent is None or parent["kind"] != "tagged-union":
        return ()
    return tuple(parent["choices"]) if path[-1] == parent["discriminator"] else ()


def pattern_paths(pattern: str) -> tuple[str, ...]:
    """Every config path (as an owners pattern: `agents[].model.api_key_secret`) whose string
    value must match `pattern`; the walk goes into every table, array and model variant."""
    found: list[str] = []

    def walk(node: Node, at: str) -> None:
        node = unwrap(node)
        kind = node["kind"]
        if kind == "str" and node.get("pattern") == pattern:
            found.append(at)
        elif kind == "list":
            walk(node["items"], at + "[]")
        elif kind == "model":
            for key, entry in _MODELS[node["name"]]["fields"].items():
                walk(entry["schema"], f"{at}.{key}" if at else key)
        elif kind == "tagged-union":
            for choice in node["choices"].values():
                walk(choice, at)

    walk(SPEC["root"], "")
    return tuple(dict.fromkeys(found))


def looks_like_config(data: dict[str, Any]) -> bool:
    """Whether any top-level key or table is one a benchmark config has (`experiment`,
    `agents`, ...): a file with none (a `~/.netrc`, an AWS credentials file) is no config, and
    its lines are not quoted back (see `lint.engine.shows_source`)."""
    allowed = {entry.key for entry in fields(ROOT_MODEL_NAME)}
    return any(key in allowed for key in data)
