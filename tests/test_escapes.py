"""`core.escapes` spells out how the standard library writes JSON strings and XML: the output
masker looks for a refused file name in these forms, so they must be what the formats print."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree

from hypothesis import given
from hypothesis import strategies as st

from benchlint.core.escapes import (
    github_data,
    github_property,
    json_string,
    xml_attribute,
    xml_text,
)

# Printable text with every character the formats escape, and no control character (the
# formats escape those before, as backslash escapes).
TEXT = st.text(
    st.sampled_from(list("ab \\\"&<>%:,'/\t\n\r\u00e9\u3000"))
    | st.characters(blacklist_categories=("Cc", "Cs"))
)


@given(TEXT | st.text(st.characters(max_codepoint=0x2F, blacklist_categories=("Cs",))))
def test_json_string_is_what_json_writes(text: str) -> None:
    assert json.dumps(text, ensure_ascii=False) == f'"{json_string(text)}"'


@given(TEXT)
def test_xml_forms_are_what_element_tree_writes(text: str) -> None:
    attribute = ElementTree.tostring(ElementTree.Element("e", {"a": text}), "unicode")
    assert attribute == f'<e a="{xml_attribute(text)}" />'
    element = ElementTree.Element("e")
    element.text = text + "."  # (an empty element is written `<e />`)
    assert ElementTree.tostring(element, "unicode") == f"<e>{xml_text(text)}.</e>"


def test_github_forms_escape_what_the_runner_reads() -> None:
    assert github_data("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad:e,f"
    assert github_property("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad%3Ae%2Cf"
