"""What the pydantic models say about a key: its description, type, allowed values and
limits. Hover and completion both read it here, so the editor says what the schema says."""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass
from typing import Any, Literal

from annotated_types import Ge, Gt, Le, Lt, MaxLen, MinLen
from pydantic import BaseModel

from ..core.paths import ConfigPath
from ..domain.models import MODEL_TYPES, MODEL_VARIANTS, field_description
from ..structure.issues import table_model


@dataclass(frozen=True)
class KeyDoc:
    key: str
    description: str
    type: str  # "integer ≥ 1", "array of strings", ...
    required: bool
    allowed: tuple[str, ...] = ()  # closed value set, if any

    def markdown(self) -> str:
        facts = [self.type, "required" if self.required else "optional"]
        lines = [f"**`{self.key}`** ({', '.join(f for f in facts if f)})", "", self.description]
        if self.allowed:
            lines += ["", "Allowed values: " + ", ".join(f'`"{v}"`' for v in self.allowed)]
        return "\n".join(lines).strip()


def model_keys(model: type[BaseModel]) -> list[str]:
    return list(model.model_fields)


def key_doc(model: type[BaseModel], key: str) -> KeyDoc | None:
    info = model.model_fields.get(key)
    if info is None:
        return None
    allowed = MODEL_TYPES if key == "type" and model in MODEL_VARIANTS.values() else None
    return KeyDoc(
        key=key,
        description=field_description(model, key) or "",
        type=_describe_type(info.annotation, [*info.metadata, *_metadata(info.annotation)]),
        required=info.is_required(),
        allowed=tuple(allowed or _literals(info.annotation)),
    )


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
    if len(parent) == 3 and parent[0] == "agents" and parent[2] == "model":
        # the variant its `type` names; without one, any variant's key documents it
        model = MODEL_VARIANTS.get(model_type or "") or next(
            (m for m in MODEL_VARIANTS.values() if key in m.model_fields), None
        )
    else:
        model = table_model(parent, {})
    if model is None and parent and parent[-1] == "env":
        scope = "every agent" if parent == ("env",) else f"agent {_agent(parent)} only"
        return KeyDoc(key, f"An environment variable for {scope}.", "string", False)
    return key_doc(model, key) if model is not None else None


def _agent(path: ConfigPath) -> int:
    return int(path[1]) + 1 if len(path) > 1 and isinstance(path[1], int) else 0


def _literals(annotation: Any) -> list[str]:
    if typing.get_origin(annotation) is Literal:
        return [str(arg) for arg in typing.get_args(annotation)]
    return [value for arg in typing.get_args(annotation) for value in _literals(arg)]


def _type_label(annotation: Any) -> str:
    origin = typing.get_origin(annotation)
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if origin in (typing.Union, types.UnionType):
        labels = list(dict.fromkeys(_type_label(a) for a in args))
        return labels[0] if len(labels) == 1 else " or ".join(labels)
    if origin is typing.Annotated:
        return _type_label(args[0])
    if origin is Literal:
        return "string"
    if origin is list:
        inner = _type_label(args[0]) if args else "value"
        return f"array of {'tables' if inner == 'table' else inner + 's'}"
    if origin is dict:
        return "table of string → string"
    if isinstance(annotation, type):
        if issubclass(annotation, BaseModel):
            return "table"
        return {int: "integer", float: "number", str: "string", bool: "boolean"}.get(
            annotation, annotation.__name__
        )
    return "value"


def _metadata(annotation: Any) -> list[Any]:
    """Constraints written inside the annotation (`Optional[Annotated[str, Field(...)]]`)."""
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is typing.Annotated:
        found: list[Any] = []
        for extra in annotation.__metadata__:
            found.extend(getattr(extra, "metadata", [extra]))
        return found + _metadata(args[0])
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return [item for arg in args for item in _metadata(arg)]
    return []


def _describe_type(annotation: Any, metadata: list[Any]) -> str:
    label = _type_label(annotation)
    bounds = []
    for item in metadata:
        if isinstance(item, Ge):
            bounds.append(f"≥ {item.ge}")
        elif isinstance(item, Gt):
            bounds.append(f"> {item.gt}")
        elif isinstance(item, Le):
            bounds.append(f"≤ {item.le}")
        elif isinstance(item, Lt):
            bounds.append(f"< {item.lt}")
    if bounds:
        label += " " + ", ".join(bounds)
    low = next((m.min_length for m in metadata if isinstance(m, MinLen)), 0)
    high = next((m.max_length for m in metadata if isinstance(m, MaxLen)), None)
    if label.startswith("array") and high is not None:
        label += f", {low} to {high} entries" if low else f", at most {high} entries"
    elif label == "string" and low:
        label = "non-blank string"
    return label
