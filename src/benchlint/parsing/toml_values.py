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

from typing import Any

import tomli

# Nesting depth is at most the number of opening brackets; below this many, neither parser
# can reach its recursion limit, whatever the caller's stack (2 frames per level in tomllib).
NESTING_SAFE = 256


class StdlibDecodeError(ValueError):
    """`tomllib`'s TOMLDecodeError, same message (`tomllib` is imported only when needed)."""


DecodeError = (tomli.TOMLDecodeError, StdlibDecodeError)


def loads(text: str) -> dict[str, Any]:
    """The values of `text`. Raises one of `DecodeError`, or RecursionError."""
    if text.count("[") + text.count("{") < NESTING_SAFE:
        try:
            return tomli.loads(text)
        except RecursionError:  # a key of more parts than tomli's limit
            pass
    import tomllib  # a few milliseconds of start-up that almost no file needs

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise StdlibDecodeError(str(error)) from None
