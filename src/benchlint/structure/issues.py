"""Validating the values against the models, and naming each problem by kind and config path.

The values are checked by `benchlint.structure.validate`, which reports exactly what pydantic's
`BenchmarkConfig.model_validate` would (from a spec generated from the models) without the
cost of importing pydantic. Each problem becomes a `StructuralIssue`: its *kind* (wrong type,
not an allowed value, out of range, ...), its config path (pydantic's location without the
discriminator tag it inserts after `model`) and the value found. Which rule reports each issue
is decided in one place, `benchlint.structure.owners` (cfn-lint's idea: schema keywords get
rule identities, so they can be documented, selected and suppressed like any rule).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from ..core.paths import ConfigPath
from ..core.record import NamedTuple
from ..domain.constants import MODEL_TYPES, NON_BLANK_PATTERN
from . import validate

Kind = Literal[
    "unknown",  # a key the table does not allow
    "missing",  # a required key or table is absent
    "type",  # a value of the wrong TOML type
    "allowed",  # a string outside a closed set
    "blank",  # an empty or whitespace-only string where a name is needed
    "pattern",  # a string not in the required form
    "length",  # a string longer than allowed
    "invalid",  # a string the models' own check refuses
    "range",  # a number outside its bounds
    "count",  # an array with too few or too many entries
    "name",  # a table key whose *name* is not allowed (an env variable name)
]
KINDS: tuple[Kind, ...] = Kind.__args__  # type: ignore[attr-defined]

# pydantic's error types, by kind (those whose kind depends on the context are decided below).
_KIND_OF_TYPE: dict[str, Kind] = {
    "extra_forbidden": "unknown",
    "missing": "missing",
    "union_tag_not_found": "missing",
    "string_type": "type",
    "int_type": "type",
    "float_type": "type",
    "bool_type": "type",
    "list_type": "type",
    "dict_type": "type",
    "model_type": "type",
    "model_attributes_type": "type",
    "literal_error": "allowed",
    "greater_than": "range",
    "greater_than_equal": "range",
    "less_than": "range",
    "less_than_equal": "range",
    "finite_number": "range",
    "too_short": "count",
    "too_long": "count",
    "string_too_short": "length",
    "string_too_long": "length",
    "value_error": "invalid",
}
# Error types that say something is *absent*; after a syntax error the absent key may sit
# on a blanked line, so these are dropped when a blanked line could hold what is absent.
ABSENCE_TYPES = frozenset({"missing", "union_tag_not_found", "too_short"})


class StructuralIssue(NamedTuple):  # a named tuple: built for every problem of every lint
    kind: Kind
    path: ConfigPath
    input: Any  # the value found (for `missing` and `unknown`: the table, the key's value)
    on_key: bool  # the problem is the key's name (an env variable name), not its value
    error_type: str  # pydantic's error type, for the rules that say more about one
    context: dict[str, Any]  # pydantic's error context (bounds, lengths, expected values)


def check_structure(
    data: dict[str, Any], could_hold: Callable[[ConfigPath], bool] | None = None
) -> list[StructuralIssue]:
    """The structural issues of the values; after a syntax error (`could_hold`: whether a
    blanked line could have held a path), an absence is kept only where no broken line
    could have held what is absent."""
    issues = [issue_from_error(error) for error in validate.errors(data)]
    if could_hold is None:
        return issues
    return [i for i in issues if i.error_type not in ABSENCE_TYPES or not could_hold(i.path)]


def issue_from_error(error: dict[str, Any]) -> StructuralIssue:
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
    error_type, value = error["type"], error.get("input")
    context = dict(error.get("ctx") or {})
    if error_type == "union_tag_invalid":
        # The problem is the model's `type` value: a string outside the choices, or no string.
        location = (*location, "type")
        value = value.get("type") if isinstance(value, dict) else value
        kind: Kind = "allowed" if isinstance(value, str) else "type"
    elif on_key:
        kind = "name"
    elif error_type == "literal_error" and not isinstance(value, str):
        kind = "type"  # `task_set = ["parity"]`: the type is wrong before the value is
    elif error_type == "string_too_short" and context.get("min_length") == 1:
        kind = "blank"
    elif error_type == "string_pattern_mismatch":
        kind = "blank" if context.get("pattern") == NON_BLANK_PATTERN else "pattern"
    else:
        kind = _KIND_OF_TYPE.get(error_type, "invalid")
    return StructuralIssue(kind, location, value, on_key, error_type, context)
