"""Wording shared by rule messages: TOML type names, quoting and "did you mean"."""

from __future__ import annotations

import datetime
import difflib
from collections.abc import Iterable
from typing import Any

from ..credentials import show_value


def toml_type(value: Any) -> str:
    """The TOML name of a value's type, with an article: "a string", "an array of tables"."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a float"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        if value and all(isinstance(item, dict) for item in value):
            return "an array of tables"
        return "an array"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, datetime.datetime):
        return "a date-time"
    if isinstance(value, datetime.date):
        return "a date"
    if isinstance(value, datetime.time):
        return "a time"
    return "a value"


def quoted(value: Any) -> str:
    """A user's value as it appears in a message (masked when it may be a credential)."""
    return show_value(value)


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The single best close match, comparing case- and separator-insensitively first."""
    pool = list(dict.fromkeys(candidates))
    normal = {_normal(c): c for c in pool}
    exact = normal.get(_normal(word))
    if exact is not None and exact != word:
        return exact
    matches = difflib.get_close_matches(word, pool, n=1, cutoff=cutoff)
    if matches:
        return matches[0]
    folded = difflib.get_close_matches(_normal(word), list(normal), n=1, cutoff=cutoff)
    return normal[folded[0]] if folded else None


def did_you_mean(word: str, candidates: Iterable[str], fmt: str = "`{}`") -> str:
    match = closest(word, candidates)
    return f"; did you mean {fmt.format(match)}?" if match else ""


def one_of(values: Iterable[str]) -> str:
    items = [f'"{v}"' for v in values]
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


def _normal(word: str) -> str:
    return word.casefold().replace("_", "-").replace(" ", "-").strip()
