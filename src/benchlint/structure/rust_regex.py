"""Rust `regex` patterns, as pydantic runs them, rewritten for Python's `re`.

pydantic checks `pattern=` constraints with the Rust `regex` crate, searching (not matching
from the start). The two engines agree on most syntax but not everywhere:

- Rust's `$` (without the `m` flag) is the end of the text; Python's `$` also matches before a
  final newline, so `"A\\n"` would pass `^[A-Z]$`. `$` becomes `\\Z`.
- Rust's `\\s` is Unicode White_Space; Python's `\\s` also takes U+001C..U+001F (they count as
  `str.isspace()`). `\\s`/`\\S` become classes that correct for those four.

Only the constructs below are translated; anything else raises, so a new pattern in the models
fails at generation time instead of validating differently.
"""

from __future__ import annotations

# Python's `\s` is Rust's (Unicode White_Space) plus U+001C..U+001F; classes that add those
# four back to `\S` (or take them out of `\s`) are Rust's, and compile faster than a list of
# every White_Space character. tests/structure checks both against pydantic on every code point.
_CLASS_ESCAPES = {"S": "[\\S\\x1c-\\x1f]", "s": "[^\\S\\x1c-\\x1f]"}
# Characters that stand for themselves in both engines, outside and inside a class.
_LITERAL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
_QUANTIFIERS = frozenset("*+?")
_ESCAPED_PUNCTUATION = frozenset(".-/@:+*?()[]{}^$|\\")


class UnsupportedPattern(ValueError):
    """A pattern construct whose Rust and Python meanings were not checked to agree."""


def to_python(pattern: str) -> str:
    """The Python `re` pattern that accepts exactly what Rust `regex` search accepts."""
    out: list[str] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "^" and index == 0:
            out.append("^")  # without re.MULTILINE: start of text, as in Rust
        elif char == "$" and index == len(pattern) - 1:
            out.append("\\Z")
        elif char == "\\":
            escape = pattern[index + 1 : index + 2]
            if escape in _CLASS_ESCAPES:
                out.append(_CLASS_ESCAPES[escape])
            elif escape in _ESCAPED_PUNCTUATION:
                out.append("\\" + escape)
            else:
                raise UnsupportedPattern(f"escape \\{escape} in {pattern!r}")
            index += 1
        elif char == "[":
            end = pattern.find("]", index)
            if end < 0:
                raise UnsupportedPattern(f"unclosed class in {pattern!r}")
            out.append(_char_class(pattern[index + 1 : end], pattern))
            index = end
        elif char in _LITERAL or char in _QUANTIFIERS or char == ".":
            out.append(char)  # `.`: any character but `\n` in both engines
        else:
            raise UnsupportedPattern(f"{char!r} in {pattern!r}")
        index += 1
    return "".join(out)


def _char_class(body: str, pattern: str) -> str:
    """A class of literal characters and ranges between them, with an optional `^`."""
    negated = body.startswith("^")
    items = body[1:] if negated else body
    if not items:
        raise UnsupportedPattern(f"empty class in {pattern!r}")
    for position, char in enumerate(items):
        is_range_dash = char == "-" and 0 < position < len(items) - 1
        if char not in _LITERAL and not is_range_dash:
            raise UnsupportedPattern(f"{char!r} in a class in {pattern!r}")
    return f"[{'^' if negated else ''}{items}]"
