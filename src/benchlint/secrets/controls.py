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

# Generated (`python3.11 -m tests.leaks.test_format_characters python3.12 python3.13`; tests
# fail when it is stale): every character of Unicode categories Cc (but tab and line feed),
# Cf, Cs, Zl and Zp, the noncharacters, and the whole tag block U+E0000-E007F, in the Unicode
# database of any of `_UNICODE_VERSIONS` (one per supported Python): a character a later
# version made a format character is escaped on every Python, since the terminal showing the
# output may know that version. Each is one `str.isprintable` refuses.
_UNICODE_VERSIONS = ("14.0.0", "15.0.0", "15.1.0")
_CLASS = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"
    "\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ud800-\udfff\ufdd0-\ufdef\ufeff"
    "\ufff9-\ufffb\ufffe\uffff\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U0001fffe\U0001ffff\U0002fffe\U0002ffff\U0003fffe\U0003ffff"
    "\U0004fffe\U0004ffff\U0005fffe\U0005ffff\U0006fffe\U0006ffff\U0007fffe\U0007ffff"
    "\U0008fffe\U0008ffff\U0009fffe\U0009ffff\U000afffe\U000affff\U000bfffe\U000bffff"
    "\U000cfffe\U000cffff\U000dfffe-\U000e007f\U000efffe\U000effff\U000ffffe\U000fffff"
    "\U0010fffe\U0010ffff"
)
# Characters `str.isprintable` passes that show as nothing (or a blank box): the combining
# grapheme joiner, the Hangul fillers, the braille blank and the object replacement
# character. Escaped too; the fast paths below look for them in non-ASCII text only.
_BLANKS = "\u034f\u115f\u1160\u2800\u3164\uffa0\ufffc"
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
# character of the class is one it refuses (control, format, surrogate, separator,
# noncharacter; tested), and the few blanks it passes (`_BLANKS`) are looked for apart.
_UNSAFE = lazy_regex(f"[{_CLASS}{_BLANKS}]")
_ANY = lazy_regex(f"[{_CLASS}{_BLANKS}\t\n]")
_OUTPUT = lazy_regex(f"{_OWN_COLOURS}|\r\n|[{_CLASS}{_BLANKS}]")


_KEPT_ASCII = bytes(range(0x20, 0x7F)) + b"\t\n"


def _no_blank(text: str) -> bool:
    """Whether `text` (not ASCII: no blank is) holds none of `_BLANKS`, which `str.isprintable`
    passes: a substring search each, no pattern."""
    return not any(blank in text for blank in _BLANKS)


def _plain(text: str) -> bool:
    """Whether `text` holds no unsafe character, told without the patterns: in ASCII, no byte
    is left once the printable ones, tab and line feed are deleted (a C loop of a few
    instructions a byte); beyond it, besides the tab and line feed, which are kept, any
    unsafe character is one `str.isprintable` refuses or one of `_BLANKS`."""
    if text.isascii():
        return not text.encode("ascii").translate(None, _KEPT_ASCII)
    printable = text.isprintable() or text.replace("\n", "").replace("\t", "").isprintable()
    return printable and _no_blank(text)


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escape_character(char: str) -> str:
    """One character as a backslash escape: `\\n`, `\\r`, `\\t` by name, else `\\x1b`,
    `\\u202e` or, above U+FFFF, `\\U000e0041` (eight digits: `\\ue0041` would read as
    U+E004 and a "1")."""
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


_escape = escape_character


def escaped(text: str) -> str:
    """`text` with every unsafe character, tab and line feed as a backslash escape."""
    if text.isprintable() and (text.isascii() or _no_blank(text)):  # no regex scan
        return text
    return _ANY.sub(lambda match: _escape(match.group()), text) if _ANY.search(text) else text


def escaped_name(text: str) -> str:
    r"""A file's name as the text formats print it: every character `str.isprintable`
    refuses but the space (so also a no-break space, a private-use character), and the
    blank-looking ones, as a backslash escape (`\n`, `\x1b`, `\xa0`, `\U000e0041`). The
    output masker looks for a refused name in this form too (`secrets.output`)."""
    if text.isprintable() and (text.isascii() or _no_blank(text)):
        return text
    return "".join(
        char if (char.isprintable() or char == " ") and char not in _BLANKS else _escape(char)
        for char in text
    )


def json_safe(text: str) -> str:
    """JSON text (`json.dumps(..., ensure_ascii=False)`) with each unsafe character inside
    its strings written as an escaped escape: U+0085 becomes `\\x85`, which a JSON reader
    reads as the visible `\x85` the other formats print. `output_safe` would write `\x85`,
    which is no JSON escape: the document would not parse. (A JSON text's structure is
    ASCII, and `json.dumps` escapes C0 controls itself, so only characters inside strings
    are changed; tab and line feed stay, the indentation's.)"""
    if _plain(text):
        return text
    return _UNSAFE.sub(lambda match: "\\" + escape_character(match.group()), text)


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
