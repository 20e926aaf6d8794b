"""Validating the values against the models, and naming each problem by config path.

The values are checked by `benchlint.structure.validate`, which reports exactly what pydantic's
`BenchmarkConfig.model_validate` would (from a spec generated from the models) without the
cost of importing pydantic. Problems come as (error type, location); this module turns
locations into config paths (dropping the discriminator tag pydantic inserts after `model`)
and leaves the wording to the BL1xx rule that owns each error type (cfn-lint's idea: schema
keywords get rule identities, so they can be documented, selected and suppressed like any
rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.paths import ConfigPath
from ..domain.constants import MODEL_TYPES
from . import validate
from .tables import table_name

if TYPE_CHECKING:
    from pydantic import BaseModel

# Error types that say something is *absent*; after a syntax error the absent key may sit
# on a blanked line, so these are dropped for recovered documents.
ABSENCE_TYPES = frozenset({"missing", "union_tag_not_found", "too_short"})


class StructuralIssue(NamedTuple):  # a named tuple: a frozen dataclass costs 5x to build
    type: str
    path: ConfigPath
    input: Any
    context: dict[str, Any]
    on_key: bool  # the problem is the key's name (an env variable name), not its value


def check_structure(data: dict[str, Any], recovered: bool) -> list[StructuralIssue]:
    issues = [issue_from_error(error) for error in validate.errors(data)]
    if recovered:
        issues = [issue for issue in issues if issue.type not in ABSENCE_TYPES]
    return issues


def issue_from_error(error: Any) -> StructuralIssue:
    location = tuple(error["loc"])
    on_key = bool(location) and location[-1] == "[key]"
    if on_key:
        location = location[:-1]
    # pydantic puts the discriminator's value after `model`: agents.0.model.provider.x
    if "model" in location:
        for index in range(2, len(location) - 1):
            if location[index] == "model" and location[index + 1] in MODEL_TYPES:
                location = location[: index + 1] + location[index + 2 :]
                break
    context = error.get("ctx")
    return StructuralIssue(
        error["type"], location, error.get("input"), dict(context) if context else {}, on_key
    )


def table_model(path: ConfigPath, data: dict[str, Any]) -> type[BaseModel] | None:
    """The pydantic model that describes the table at `path` (None where no model applies).

    For the language server, which has pydantic loaded anyway; the check path uses
    `tables.table_name`.
    """
    from ..domain.models import MODELS_BY_NAME

    name = table_name(path, data)
    return MODELS_BY_NAME[name] if name is not None else None
