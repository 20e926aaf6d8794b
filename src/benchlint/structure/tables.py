"""Which tables exist and which keys each allows, read from the generated structure spec.

The rules need these facts on the check path, where pydantic is not imported; the spec is
generated from the models, so they are the models' facts. Tables are named by their model
(`"Experiment"`, `"Agent"`, `"ProviderModel"`...).
"""

from __future__ import annotations

from typing import Any

from ..core.paths import ConfigPath
from .generated_spec import SPEC

_MODELS: dict[str, Any] = SPEC["models"]

ROOT_MODEL_NAME: str = SPEC["root"]["name"]
MODEL_KEYS: dict[str, tuple[str, ...]] = {
    name: tuple(model["fields"]) for name, model in _MODELS.items()
}


def _unwrap(node: dict[str, Any]) -> dict[str, Any]:
    return _unwrap(node["schema"]) if node["kind"] in ("nullable", "after") else node


def _field(model: str, key: str) -> dict[str, Any] | None:
    field = _MODELS[model]["fields"].get(key)
    return _unwrap(field["schema"]) if field else None


# The top-level tables that are models, in the models' order: {"experiment": "Experiment"...}.
TABLE_MODEL_NAMES: dict[str, str] = {
    key: node["name"]
    for key in MODEL_KEYS[ROOT_MODEL_NAME]
    if (node := _field(ROOT_MODEL_NAME, key)) and node["kind"] == "model"
}
_AGENTS = _field(ROOT_MODEL_NAME, "agents")
assert _AGENTS is not None and _AGENTS["kind"] == "list"
AGENT_MODEL_NAME: str = _unwrap(_AGENTS["items"])["name"]
_AGENT_MODEL_FIELD = _field(AGENT_MODEL_NAME, "model")
assert _AGENT_MODEL_FIELD is not None and _AGENT_MODEL_FIELD["kind"] == "tagged-union"
# The agent model's variants by `type`: {"provider": "ProviderModel"...}.
VARIANT_MODEL_NAMES: dict[str, str] = {
    tag: choice["name"] for tag, choice in _AGENT_MODEL_FIELD["choices"].items()
}


def table_name(path: ConfigPath, data: dict[str, Any]) -> str | None:
    """The model that describes the table at `path` (None where no model applies).

    Where the model depends on a tag (an agent's `model.type`), `data` supplies it.
    """
    node: dict[str, Any] | None = SPEC["root"]
    for depth, step in enumerate(path):
        if node is None:
            return None
        if node["kind"] == "model" and isinstance(step, str):
            node = _field(node["name"], step)
        elif node["kind"] == "list" and isinstance(step, int):
            node = _unwrap(node["items"])
        else:
            return None
        if node is not None and node["kind"] == "tagged-union":
            node = _choice(node, path[: depth + 1], data)
    return node["name"] if node is not None and node["kind"] == "model" else None


def _choice(union: dict[str, Any], path: ConfigPath, data: Any) -> dict[str, Any] | None:
    for step in path:
        try:
            data = data[step]
        except (TypeError, KeyError, IndexError):
            return None
    tag = data.get(union["discriminator"]) if isinstance(data, dict) else None
    choice = union["choices"].get(tag) if isinstance(tag, str) else None
    return choice if isinstance(choice, dict) else None
