"""Characters that must never reach an output as themselves: control characters (C0, C1,
DEL, ESC, a lone CR), line and paragraph separators, bidirectional overrides and
zero-width characters, and lone surrogates. A value holding one could start a line of its
own in a CI log (`::add-mask::…`), repaint a terminal, or read differently from what it is.

`escaped(text)` writes each as a backslash escape (`\\x1b`, `\\u202e`), for messages and
names; `pictured(text)` as one visible character in its place (`␛`, `�`), for code frames,
whose columns must stay put; `output_safe(text)` is what the output masker applies to
everything sent: the same escapes, except the line breaks and tabs benchlint writes itself
and its own colour codes (`ESC [ 1;31 m`), which hold no text.
"""

from __future__ import annotations

import re
from functools import cache

_CLASS = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f"  # C0 (but tab and line feed), DEL, C1
    "\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff"  # bidi marks, zero-width, separators
    "\ud800-\udfff"  # lone surrogates (no UTF-8 output can hold one)
)
_UNSAFE = re.compile(f"[{_CLASS}]")
# What `output_safe` lets through: benchlint's own colour codes (`report.text`: bold, red,
# yellow, cyan, reset; a value's `ESC [ 8 m` is escaped) and CRLF.
_OWN_COLOURS = r"\x1b\[(?:0|1|31|33|36|1;31|1;33|1;36)m"


# The patterns below are compiled on first use: their class (the surrogate range above all)
# costs `re` millions of instructions to compile, which a command whose output holds no
# unsafe character (the usual one) should not pay at start-up.
@cache
def _any() -> re.Pattern[str]:
    return re.compile(f"[{_CLASS}\t\n]")


@cache
def _output(colour: bool) -> re.Pattern[str]:
    """What `output_safe` replaces; without colour, where none is ever sent (the server)."""
    return re.compile(f"{_OWN_COLOURS}|\r\n|[{_CLASS}]" if colour else f"\r\n|[{_CLASS}]")


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(char: str) -> str:
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escaped(text: str) -> str:
    """`text` with every unsafe character, tab and line feed as a backslash escape."""
    if text.isascii() and text.isprintable():  # the usual message, without a regex scan
        return text
    pattern = _any()
    return pattern.sub(lambda match: _escape(match.group()), text) if pattern.search(text) else text


def pictured(text: str) -> str:
    """`text` with every unsafe character (tab and line feed kept) as one visible character:
    C0 controls as their Unicode control pictures (`␛`), DEL as `␡`, the rest as `�`."""
    if not _UNSAFE.search(text):
        return text

    def picture(match: re.Match[str]) -> str:
        code = ord(match.group())
        if code < 0x20:
            return chr(0x2400 + code)
        return "\u2421" if code == 0x7F else "\ufffd"

    return _UNSAFE.sub(picture, text)


def output_safe(text: str, *, colour: bool = True) -> str:
    """`text` as any output may carry it: every unsafe character escaped, except benchlint's
    own colour codes (unless `colour` is off) and CRLF line ends (a user's file shown in a
    diff keeps its line ends)."""
    if not _UNSAFE.search(text):
        return text

    def safe(match: re.Match[str]) -> str:
        found = match.group()
        return found if len(found) > 1 else _escape(found)

    return _output(colour).sub(safe, text)
