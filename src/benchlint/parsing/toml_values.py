"""TOML text to values, exactly as the official CLI's `tomllib` reads it, at a third to half the
cost.

`tomllib` *is* tomli: CPython copied tomli 2.0 into the standard library. tomli 2.2–2.3 keeps
that grammar (TOML 1.0; 2.4 moved to TOML 1.1, hence the pin below 2.4) and the same
messages, and its wheels are compiled with mypyc, which parses two to three times as fast.
`tests/test_toml_values.py` holds the two to the same values and the same errors.

The one difference is depth. `tomllib` recurses in Python per nested array or inline table
and raises RecursionError somewhere past ~450 levels (where, depends on the caller's stack);
compiled tomli allows more, but stops keys of more than ~1,000 parts, which `tomllib` reads.
So a text that *could* nest that deep (it has that many brackets), and one tomli gives up on,
goes to `tomllib` itself: the verdict on absurd input stays the CLI's.
"""

from __future__ import annotations

import re
from typing import Any

import tomli

from ..core.regex import lazy_regex

# Nesting depth is at most the number of opening brackets; below this many, neither parser
# can reach its recursion limit, whatever the caller's stack (2 frames per level in tomllib).
NESTING_SAFE = 256


# More key parts than any config has, by far (its deepest key has 5); tomli takes time that
# grows with the square of a key's parts, refuses keys past about 1,000 parts, and
# `tomllib` reads them in time that grows with the square of their length (minutes at 1 MiB).
MAX_KEY_PARTS = 100


class StdlibDecodeError(ValueError):
    """`tomllib`'s TOMLDecodeError, same message (`tomllib` is imported only when needed)."""


class KeyTooLongError(ValueError):
    """A key of more than MAX_KEY_PARTS parts: not read at all (see `loads`)."""


DecodeError = (tomli.TOMLDecodeError, StdlibDecodeError, KeyTooLongError)


def loads(text: str) -> dict[str, Any]:
    """The values of `text`. Raises one of `DecodeError`, or RecursionError.

    A key of more than MAX_KEY_PARTS parts is refused before either parser sees it: no
    benchmark config has one (each is a structural error anyway), and `tomllib`'s time on it
    grows with the square of its length."""
    if text.count(".") > MAX_KEY_PARTS:
        _refuse_long_keys(text)
    if _may_nest(text) < NESTING_SAFE:
        try:
            return tomli.loads(text)
        except RecursionError:  # a key of more parts than tomli's limit
            pass
    import tomllib  # a few milliseconds of start-up that almost no file needs

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise StdlibDecodeError(str(error)) from None


# A line of a table header, or anything else whose brackets open and close on it.
_HEADER_LINE = lazy_regex(r"^[ \t]*\[\[?[^\[\]\n]*\]\]?[ \t]*(?:#[^\n]*)?$", re.M)


def _may_nest(text: str) -> int:
    """At least the text's deepest nesting of arrays and inline tables: every opening bracket
    counts, but those of balanced lines such as table headers (one such line at the deepest
    point adds at most 2). A file of many tables nests no deeper than a file of one."""
    opens = text.count("[") + text.count("{")
    if opens < NESTING_SAFE:
        return opens
    headers = sum(
        match.group(0).count("[") + match.group(0).count("{")
        for match in _HEADER_LINE.finditer(text)
    )
    return opens - headers + 2


def _refuse_long_keys(text: str) -> None:
    """Raise KeyTooLongError, located as the parsers locate errors, at the first line whose
    key (before its `=`, or inside its `[` header) has more than MAX_KEY_PARTS parts. Keys are
    on one line in TOML, so this looks line by line, and only at lines with that many dots."""
    for number, line in enumerate(text.split("\n"), start=1):
        if line.count(".") <= MAX_KEY_PARTS:
            continue
        if _key_parts(line) > MAX_KEY_PARTS:
            column = len(line) - len(line.lstrip()) + 1
            raise KeyTooLongError(
                f"A key has more than {MAX_KEY_PARTS:,} parts; benchlint does not read it "
                f"(no benchmark config has one) (at line {number}, column {column})"
            )


def _key_parts(line: str) -> int:
    """How many dot-separated parts the key at the start of a line has (quotes respected)."""
    stripped = line.lstrip().lstrip("[")
    parts, quote = 1, ""
    for char in stripped:
        if quote:
            if char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == ".":
            parts += 1
        elif char in "=]#":
            break
    return parts
