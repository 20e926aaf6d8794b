"""Which rule reports each structural issue: one explicit table, so that every issue has
exactly one owner, and a key added to the models is reported with no rule to change.

An issue's owner is the first row of `OWNERS` whose kind and path pattern match it, else the
default owner of its kind (`DEFAULT_OWNERS`). Path patterns are dotted config paths: `*` is
any one key, `[]` any array index (`agents[].model.api_key_secret`). The rules ask the lint
context for the issues they own (`Context.owned`) and never filter by hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..core.paths import ConfigPath
from ..domain.constants import SECRET_NAME_PATTERN
from .issues import Kind, StructuralIssue
from .spec import pattern_paths

DEFAULT_OWNERS: dict[Kind, str] = {
    "unknown": "BL101",
    "missing": "BL102",
    "type": "BL103",
    "allowed": "BL104",
    "blank": "BL104",
    "pattern": "BL104",
    "length": "BL104",
    "invalid": "BL104",
    "count": "BL105",
    "range": "BL106",
    "name": "BL108",
}

# Secret references hold record names (every string the models give the secret-name
# pattern): their form is BL201's (BL202 reports a reference that holds a credential instead).
SECRET_REFERENCES = pattern_paths(SECRET_NAME_PATTERN)

# (kind, path pattern, owner), first match wins.
OWNERS: tuple[tuple[Kind, str, str], ...] = (
    # The other [execution] values are forwarded unchecked by the CLI and refused by the
    # Platform: BL106 reports them whatever is wrong, and BL103 stays a mirror of the loader.
    # The judge's secret reference is a reference like any other.
    ("type", "execution.judge_api_key_secret", "BL103"),
    ("type", "execution.*", "BL106"),
    ("blank", "execution.*", "BL106"),
    *(("pattern", pattern, "BL201") for pattern in SECRET_REFERENCES),
    *(("length", pattern, "BL201") for pattern in SECRET_REFERENCES),
)


def owner_of(issue: StructuralIssue) -> str:
    return _owner(issue.kind, _shape(issue.path))


def by_owner(issues: Iterable[StructuralIssue]) -> dict[str, list[StructuralIssue]]:
    """The issues grouped by the code of the rule that reports them."""
    grouped: dict[str, list[StructuralIssue]] = {}
    for issue in issues:
        grouped.setdefault(owner_of(issue), []).append(issue)
    return grouped


def matches(pattern: str, path: ConfigPath) -> bool:
    return _matches(_parts(pattern), _shape(path))


def _shape(path: ConfigPath) -> tuple[str | None, ...]:
    """A path with its indices made anonymous (None): patterns match any index."""
    return tuple(None if isinstance(part, int) else part for part in path)


@lru_cache(maxsize=1024)
def _owner(kind: Kind, shape: tuple[str | None, ...]) -> str:
    for row_kind, pattern, code in OWNERS:
        if row_kind == kind and _matches(_parts(pattern), shape):
            return code
    return DEFAULT_OWNERS[kind]


@lru_cache(maxsize=64)
def _parts(pattern: str) -> tuple[str | None, ...]:
    """`agents[].model.type` → ("agents", None, "model", "type"); `*` stays "*"."""
    parts: list[str | None] = []
    for piece in pattern.split("."):
        name = piece.removesuffix("[]")
        parts.append(name)
        parts.extend([None] * ((len(piece) - len(name)) // 2))
    return tuple(parts)


def _matches(pattern: tuple[str | None, ...], shape: tuple[str | None, ...]) -> bool:
    if len(pattern) != len(shape):
        return False
    pairs = zip(pattern, shape, strict=True)
    return all(want == got or (want == "*" and got is not None) for want, got in pairs)
