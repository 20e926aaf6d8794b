"""How the report formats escape the text they print, in one place. GitHub's workflow
commands escape with these; JSON strings and XML text and attributes are written by the
standard library, whose escaping these spell out (a test holds them to it). The output
masker looks for a refused file name in each of these forms (`secrets.output`): the text
between two escapes may be too short to be found any other way."""

from __future__ import annotations

import os


def github_data(text: str) -> str:
    """A workflow command's message (`::error …::message`)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def github_property(text: str) -> str:
    """A workflow command's property value (`file=…`)."""
    return github_data(text).replace(":", "%3A").replace(",", "%2C")


_JSON = {code: f"\\u{code:04x}" for code in range(0x20)}
_JSON.update({0x08: "\\b", 0x09: "\\t", 0x0A: "\\n", 0x0C: "\\f", 0x0D: "\\r"})
_JSON.update({ord('"'): '\\"', ord("\\"): "\\\\"})


def json_string(text: str) -> str:
    """The inside of a JSON string as `json.dumps(…, ensure_ascii=False)` writes it."""
    return text.translate(_JSON)


def printable(text: str) -> str:
    r"""`text` (a path, or a message that holds one) as valid Unicode that any output can carry.

    A file name that is not valid UTF-8 reaches Python with each bad byte as a lone surrogate
    (PEP 383: `a\xff.toml` becomes "a\udcff.toml"), which no UTF-8 output can hold. Such bytes
    are shown as backslash escapes of the original bytes (`a\xff.toml`), the form Python and
    git use. The text, concise, json and github formats show paths this way (so a written
    report is always valid UTF-8; in JSON the backslash is escaped as usual); SARIF keeps the
    exact bytes, percent-encoded in the URI. Every other text is returned unchanged.
    """
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        pass
    try:
        raw = os.fsencode(text)  # the bytes the operating system gave (surrogateescape)
    except UnicodeEncodeError:  # a surrogate that no byte gave: show its code point
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return raw.decode("utf-8", "backslashreplace")


def xml_text(text: str) -> str:
    """Text in an XML element, as `xml.etree.ElementTree` writes it."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xml_attribute(text: str) -> str:
    """An XML attribute's value, as `xml.etree.ElementTree` writes it."""
    escaped = xml_text(text).replace('"', "&quot;").replace("\r", "&#13;")
    return escaped.replace("\n", "&#10;").replace("\t", "&#09;")
