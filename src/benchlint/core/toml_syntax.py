"""The one place that spells values as TOML: keys, strings, and any value `tomllib` returns.

Fixes write with it, messages quote with it (a date reads `1979-05-27`, a list `[1, 2]`,
`True` reads `true`), the JSON `key` of a diagnostic quotes its key parts with it, and the
language server's completions insert with it. A key is quoted exactly when TOML needs it.
"""

from __future__ import annotations

import datetime
import math
from functools import lru_cache
from typing import Any

from .regex import lazy_regex

_BARE_KEY = lazy_regex(r"[A-Za-z0-9_-]+")
# What a basic string must escape: the quote, the backslash and every control character.
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f"}
_ESCAPES["\r"] = "\\r"
# Text with no quote, backslash or control character is its own basic-string body.
_PLAIN = lazy_regex(r'[^"\\\x00-\x1f\x7f]*')
_DEEPEST = 8


def toml_string(value: str) -> str:
    """`value` as a TOML basic string, escaped where TOML requires it."""
    if _PLAIN.fullmatch(value):  # the usual case: nothing to escape
        return f'"{value}"'
    out = []
    for char in value:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


@lru_cache(maxsize=4096)
def toml_key(name: str) -> str:
    """A key as TOML writes it: bare when it can be, a basic string otherwise."""
    return name if _BARE_KEY.fullmatch(name) else toml_string(name)


def toml_value(value: Any, depth: int = 0) -> str:
    """Any value `tomllib` returns, as TOML writes it inline; arrays and tables nested deeper
    than `_DEEPEST` are shown as `[…]` and `{…}` (a message needs no more, and the recursion
    stays bounded)."""
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)  # Python's shortest round-trip form is valid TOML (1e+300, 0.5)
    if isinstance(value, datetime.datetime):
        text = value.isoformat()
        return text[:-6] + "Z" if text.endswith("+00:00") else text
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list):
        if depth >= _DEEPEST and value:
            return "[…]"
        return "[" + ", ".join(toml_value(item, depth + 1) for item in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        if depth >= _DEEPEST:
            return "{…}"
        pairs = ", ".join(
            f"{toml_key(str(k))} = {toml_value(v, depth + 1)}" for k, v in value.items()
        )
        return "{ " + pairs + " }"
    raise TypeError(f"not a TOML value: {type(value).__name__}")


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
