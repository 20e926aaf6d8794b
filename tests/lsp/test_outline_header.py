"""The outline's header scan reads a line as the regular expression it replaced did, in one
pass: that expression tried every split of a run of blanks between its four optional blank
runs (a line `[` + spaces + `[` took seconds at a few hundred spaces)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from benchlint.lsp.outline import read_header

# The replaced pattern: the reference, on inputs short enough for it.
REFERENCE = re.compile(r"^\s*(\[\[?)\s*([^\[\]#]*?)\s*(\]\]?)?\s*(?:#.*)?$")
ALPHABET = "[]# a.\"'\t\n\r\x0b\x1c\x85\xa0\u2028"


def by_reference(content: str) -> tuple[str, str] | None:
    match = REFERENCE.match(content) if content.lstrip().startswith("[") else None
    return None if match is None else (match.group(1), match.group(2))


@settings(max_examples=3000)
@given(st.text(alphabet=ALPHABET, max_size=12))
def test_a_line_reads_as_the_reference_reads_it(content: str) -> None:
    assert read_header(content) == by_reference(content)


@given(st.text(alphabet=ALPHABET, max_size=10))
def test_a_header_shaped_line_reads_as_the_reference_reads_it(inside: str) -> None:
    for content in (f"[{inside}]", f"  [[{inside}]] # note", f"[{inside}", f"[[ {inside} ]]x"):
        assert read_header(content) == by_reference(content)


def test_headers_and_lines_that_are_not() -> None:
    assert read_header("[agents.model]") == ("[", "agents.model")
    assert read_header("  [[ agents ]]  # the second") == ("[[", "agents")
    assert read_header("[agents.mo") == ("[", "agents.mo")  # being typed
    assert read_header("[a] b") is None
    assert read_header("[a[b]") is None
    assert read_header("key = 1") is None
    assert read_header("[" + " " * 100_000 + "[") is None  # at once
