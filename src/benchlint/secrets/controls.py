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

from ..core.regex import lazy_regex

_CLASS = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f"  # C0 (but tab and line feed), DEL, C1
    "\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff"  # bidi marks, zero-width, separators
    "\ud800-\udfff"  # lone surrogates (no UTF-8 output can hold one)
)
# What `output_safe` lets through: benchlint's own colour codes (`report.text`: bold, red,
# yellow, cyan, reset; a value's `ESC [ 8 m` is escaped) and CRLF.
_OWN_PARAMETERS = ("0", "1", "31", "33", "36", "1;31", "1;33", "1;36")
_OWN_CODES = tuple(f"\x1b[{parameters}m" for parameters in _OWN_PARAMETERS)
_OWN_COLOURS = rf"\x1b\[(?:{'|'.join(_OWN_PARAMETERS)})m"

# Compiled on first use: the class (the surrogate range above all) costs `re` millions of
# instructions to compile, and text that `str.isprintable` passes needs none of them: every
# character of the class is one it refuses (control, format, surrogate, separator; tested).
_UNSAFE = lazy_regex(f"[{_CLASS}]")
_ANY = lazy_regex(f"[{_CLASS}\t\n]")
_OUTPUT = lazy_regex(f"{_OWN_COLOURS}|\r\n|[{_CLASS}]")
_OUTPUT_PLAIN = lazy_regex(f"\r\n|[{_CLASS}]")  # where no colour is ever sent (the server)


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
    """`text` as any output may carry it: every unsafe character escaped, except benchlint's
    own colour codes (unless `colour` is off) and CRLF line ends (a user's file shown in a
    diff keeps its line ends)."""
    uncoloured = text
    if colour and "\x1b" in text:
        for code in _OWN_CODES:  # a space, not nothing: `ESC[1ESC[0m;31m` stays unsafe
            uncoloured = uncoloured.replace(code, " ")
    if _plain(uncoloured):
        return text

    def safe(match: re.Match[str]) -> str:
        found = match.group()
        return found if len(found) > 1 else _escape(found)

    return (_OUTPUT if colour else _OUTPUT_PLAIN).sub(safe, text)
