"""Validating the values against the models, and naming each problem by config path.

pydantic reports problems as (error type, location); this module turns locations into
config paths (dropping the discriminator tag pydantic inserts after `model`) and leaves
the wording to the BL1xx rule that owns each error type (cfn-lint's idea: schema keywords
get rule identities, so they can be documented, selected and suppressed like any rule).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from .models import (
    MODEL_TYPES,
    MODEL_VARIANTS,
    TABLE_MODELS,
    Agent,
    BenchmarkConfig,
    validate,
)
from .rule import Path

# Error types that say something is *absent*; after a syntax error the absent key may sit
# on a blanked line, so these are dropped for recovered documents.
ABSENCE_TYPES = frozenset({"missing", "union_tag_not_found", "too_short"})


@dataclass(frozen=True, slots=True)
class StructuralIssue:
    type: str
    path: Path
    input: Any
    context: dict[str, Any]
    on_key: bool  # the problem is the key's name (an env variable name), not its value


def check_structure(data: dict[str, Any], recovered: bool) -> list[StructuralIssue]:
    try:
        validate(data)
    except ValidationError as error:
        issues = [_issue(item) for item in error.errors(include_url=False)]
        if recovered:
            issues = [issue for issue in issues if issue.type not in ABSENCE_TYPES]
        return issues
    except RecursionError:
        return []
    return []


def _issue(error: Any) -> StructuralIssue:
    location = list(error["loc"])
    on_key = bool(location) and location[-1] == "[key]"
    if on_key:
        location.pop()
    # pydantic puts the discriminator's value after `model`: agents.0.model.provider.x
    for index in range(len(location) - 1):
        if location[index] == "model" and location[index + 1] in MODEL_TYPES and index >= 2:
            del location[index + 1]
            break
    return StructuralIssue(
        type=error["type"],
        path=tuple(location),
        input=error.get("input"),
        context=dict(error.get("ctx") or {}),
        on_key=on_key,
    )


def table_model(path: Path, data: dict[str, Any]) -> type[BaseModel] | None:
    """The model that describes the table at `path` (None where no model applies)."""
    if not path:
        return BenchmarkConfig
    if len(path) == 1 and isinstance(path[0], str):
        return TABLE_MODELS.get(path[0])
    if path[0] != "agents" or not isinstance(path[1], int):
        return None
    if len(path) == 2:
        return Agent
    if len(path) == 3 and path[2] == "model":
        agents = data.get("agents")
        try:
            model = agents[path[1]]["model"]  # type: ignore[index]
        except (TypeError, KeyError, IndexError):
            return None
        kind = model.get("type") if isinstance(model, dict) else None
        return MODEL_VARIANTS.get(kind) if isinstance(kind, str) else None
    return None
