"""How the report formats escape the text they print, in one place. GitHub's workflow
commands escape with these; JSON strings and XML text and attributes are written by the
standard library, whose escaping these spell out (a test holds them to it). The output
masker looks for a refused file name in each of these forms (`secrets.output`): the text
between two escapes may be too short to be found any other way."""

from __future__ import annotations


def github_data(text: str) -> str:
    """A workflow command's message (`::error …::message`)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def github_property(text: str) -> str:
    """A workflow command's property value (`file=…`)."""
    return github_data(text).replace(":", "%3A").replace(",", "%2C")


def json_string(text: str) -> str:
    """The inside of a JSON string as `json.dumps(…, ensure_ascii=False)` writes it, for a
    text without control characters (those the formats escape before)."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def xml_text(text: str) -> str:
    """Text in an XML element, as `xml.etree.ElementTree` writes it."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xml_attribute(text: str) -> str:
    """An XML attribute's value, as `xml.etree.ElementTree` writes it."""
    escaped = xml_text(text).replace('"', "&quot;").replace("\r", "&#13;")
    return escaped.replace("\n", "&#10;").replace("\t", "&#09;")
