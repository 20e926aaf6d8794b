"""Characters that must never reach an output as themselves: control characters (C0, C1,
DEL, ESC, a lone CR), line and paragraph separators, bidirectional overrides and
zero-width characters, and lone surrogates. A value holding one could start a line of its
own in a CI log (`::add-mask::…`), repaint a terminal, or read differently from what it is.

`escaped(text)` writes each as a backslash escape (`\\x1b`, `\\u202e`), for messages and
names; `pictured(text)` as one visible character in its place (`␛`, `�`), for code frames,
whose columns must stay put; `output_safe(text)` is what the output masker applies to
everything sent: the same escapes, except the line breaks and tabs benchlint writes itself
and its own colour codes.

benchlint's own colour codes are written by `own_colour` only, as a mark no input can hold
(ESC, then this process's random mark of private-use characters, then the parameters), and
`output_safe` turns each such mark into the colour code (`ESC [ 1;31 m`), or drops it where
no colour is sent: every ESC in an input, an SGR sequence such as `ESC [ 31 m` included, is
escaped, whatever the output (by construction: what turns into colour is what
`own_colour` wrote).
"""

from __future__ import annotations

import os
import re

from ..core.regex import lazy_regex

_CLASS = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f"  # C0 (but tab and line feed), DEL, C1
    "\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff"  # bidi marks, zero-width, separators
    "\ud800-\udfff"  # lone surrogates (no UTF-8 output can hold one)
)
# What `output_safe` turns into colour: benchlint's own colour codes (`report.text`: bold,
# red, yellow, cyan, reset), written by `own_colour` with this process's mark, which no file,
# catalog or message can know (drawn when the process starts; private-use characters: no
# letter or digit of it is a word of a token, and no input is looked for in it).
_OWN_PARAMETERS = ("0", "1", "31", "33", "36", "1;31", "1;33", "1;36")
_MARK = "".join(chr(0xE000 + byte) for byte in os.urandom(8))
_OWN_COLOURS = rf"\x1b{_MARK}\[(?:{'|'.join(_OWN_PARAMETERS)})m"


def own_colour(parameters: str) -> str:
    """benchlint's own colour code `ESC [ parameters m`, as `output_safe` lets it through
    (and drops where no colour is sent); the only way colour reaches an output."""
    if parameters not in _OWN_PARAMETERS:
        raise ValueError(f"not one of benchlint's colours: {parameters!r}")
    return f"\x1b{_MARK}[{parameters}m"


# Compiled on first use: the class (the surrogate range above all) costs `re` millions of
# instructions to compile, and text that `str.isprintable` passes needs none of them: every
# character of the class is one it refuses (control, format, surrogate, separator; tested).
_UNSAFE = lazy_regex(f"[{_CLASS}]")
_ANY = lazy_regex(f"[{_CLASS}\t\n]")
_OUTPUT = lazy_regex(f"{_OWN_COLOURS}|\r\n|[{_CLASS}]")


_KEPT_ASCII = bytes(range(0x20, 0x7F)) + b"\t\n"


def _plain(text: str) -> bool:
    """Whether `text` holds no unsafe character, told without the patterns: in ASCII, no byte
    is left once the printable ones, tab and line feed are deleted (a C loop of a few
    instructions a byte); beyond it, besides the tab and line feed, which are kept, any
    unsafe character is one `str.isprintable` refuses."""
    if text.isascii():
        return not text.encode("ascii").translate(None, _KEPT_ASCII)
    return text.isprintable() or text.replace("\n", "").replace("\t", "").isprintable()


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(char: str) -> str:
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escaped(text: str) -> str:
    """`text` with every unsafe character, tab and line feed as a backslash escape."""
    if text.isprintable():  # the usual message, without a regex scan
        return text
    return _ANY.sub(lambda match: _escape(match.group()), text) if _ANY.search(text) else text


def pictured(text: str) -> str:
    """`text` with every unsafe character (tab and line feed kept) as one visible character:
    C0 controls as their Unicode control pictures (`␛`), DEL as `␡`, the rest as `�`."""
    if _plain(text) or not _UNSAFE.search(text):
        return text

    def picture(match: re.Match[str]) -> str:
        code = ord(match.group())
        if code < 0x20:
            return chr(0x2400 + code)
        return "\u2421" if code == 0x7F else "\ufffd"

    return _UNSAFE.sub(picture, text)


def output_safe(text: str, *, colour: bool = True) -> str:
    """`text` as any output may carry it: every unsafe character escaped (every ESC an input
    brought, an SGR sequence included), except CRLF line ends (a user's file shown in a diff
    keeps its line ends) and benchlint's own colour codes (`own_colour`), which become colour
    when `colour` is on and are dropped when it is off."""
    if _plain(text):
        return text

    def safe(match: re.Match[str]) -> str:
        found = match.group()
        if len(found) == 1:
            return _escape(found)
        if found == "\r\n":
            return found
        return "\x1b" + found[1 + len(_MARK) :] if colour else ""

    return _OUTPUT.sub(safe, text)
