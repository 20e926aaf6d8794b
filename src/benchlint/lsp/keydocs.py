"""What the structure spec says about a key: its description, type, allowed values and
limits. Hover and completion both read it here, from the spec the engine validates with, so
the editor says what the rules say (and what the JSON Schema says: all three come from the
models)."""

from __future__ import annotations

from ..core.paths import ConfigPath
from ..core.record import NamedTuple
from ..structure.spec import (
    MODEL_KEYS,
    MODEL_TYPE_KEY,
    VARIANT_MODEL_NAMES,
    Node,
    field,
    table_name,
    unwrap,
)
from ..structure.words import describe


class KeyDoc(NamedTuple):
    key: str
    description: str
    type: str  # "an integer ≥ 1", "an array of strings", ...
    required: bool
    allowed: tuple[str, ...] = ()  # closed value set, if any
    is_table: bool = False  # a table or array of tables: written as a `[header]`

    def markdown(self) -> str:
        facts = [self.type, "required" if self.required else "optional"]
        lines = [f"**`{self.key}`** ({', '.join(f for f in facts if f)})", "", self.description]
        if self.allowed:
            lines += ["", "Allowed values: " + ", ".join(f'`"{v}"`' for v in self.allowed)]
        return "\n".join(lines).strip()


def model_keys(model: str) -> tuple[str, ...]:
    return MODEL_KEYS[model]


def key_doc(model: str, key: str) -> KeyDoc | None:
    """The documentation of `key` in the table model named `model` (None if it has no such key)."""
    found = field(model, key)
    if found is None:
        return None
    node = found.node
    if key == MODEL_TYPE_KEY and model in VARIANT_MODEL_NAMES.values():
        allowed = tuple(VARIANT_MODEL_NAMES)  # every variant's tag, not only this one's
        kind = "a string"
    else:
        allowed = tuple(node["expected"]) if node["kind"] == "literal" else ()
        kind = describe(node) if not allowed else "a string"
        if found.advisory is not None:  # takes any value, should hold this (a warning says)
            kind = describe(found.advisory)
    return KeyDoc(key, found.description, kind, found.required, allowed, _is_table(node))


def doc_at(path: ConfigPath, model_type: str | None = None) -> KeyDoc | None:
    """The documentation of the key (or table) at a config path; array entries and agents
    are documented by their array's key. `model_type` is the `type` of the agent model the
    path lies in, when written."""
    while path and isinstance(path[-1], int):
        path = path[:-1]
    if not path:
        return None
    parent, key = path[:-1], path[-1]
    assert isinstance(key, str)
    model: str | None
    if len(parent) == 3 and parent[0] == "agents" and parent[2] == "model":
        # the variant its `type` names; without one, any variant's key documents it
        model = VARIANT_MODEL_NAMES.get(model_type or "") or next(
            (name for name in VARIANT_MODEL_NAMES.values() if key in MODEL_KEYS[name]), None
        )
    else:
        model = table_name(parent, {})
    if model is None and parent and parent[-1] == "env":
        scope = "every agent" if parent == ("env",) else f"agent {_agent(parent)} only"
        return KeyDoc(key, f"An environment variable for {scope}.", "a string", False)
    return key_doc(model, key) if model is not None else None


def _is_table(node: Node) -> bool:
    kind = node["kind"]
    if kind == "list":
        return unwrap(node["items"])["kind"] in ("model", "tagged-union")
    return kind in ("model", "tagged-union")  # (a free table such as `env` may be inline)


def _agent(path: ConfigPath) -> int:
    return int(path[1]) + 1 if len(path) > 1 and isinstance(path[1], int) else 0
