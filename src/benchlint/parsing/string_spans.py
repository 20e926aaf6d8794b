"""Where the multi-line strings of a valid TOML text are, in one pass.

A comment added at the end of a line, or on a line of its own, changes a valid file's values
only inside a multi-line string. The editor's "Ignore" actions ask this once per finding; a
whole parse for each made a request over a whole file quadratic. In a valid text, quotes
appear only in strings and `#` only in comments and strings, so a scan that knows the four
kinds of strings and comments finds them; each character is read once.
"""

from __future__ import annotations

import bisect
import re

from ..core.regex import lazy_regex

_NEXT = lazy_regex(r"#|\"\"\"|'''|\"|'")
_BASIC_END = lazy_regex(r'\\.|"|\n', re.DOTALL)  # an escape, the end, or a line break
_MULTI_BASIC_END = lazy_regex(r'\\.|"""', re.DOTALL)


class StringSpans:
    """The (start, end) offsets of every multi-line string, delimiters included."""

    def __init__(self, text: str) -> None:
        self.spans = _multiline_strings(text)
        self._starts = [start for start, _ in self.spans]

    def inside(self, offset: int) -> bool:
        """Whether text inserted at `offset` would be inside a multi-line string."""
        index = bisect.bisect_left(self._starts, offset) - 1
        return index >= 0 and offset < self.spans[index][1]


def _multiline_strings(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    at = 0
    while (found := _NEXT.search(text, at)) is not None:
        token, start = found.group(), found.start()
        if token == "#":
            end = text.find("\n", start)
            at = len(text) if end < 0 else end + 1
        elif token == "'''":
            end = _closing(text, text.find("'''", start + 3), "'")
            spans.append((start, end))
            at = end
        elif token == '"""':
            at = start + 3
            while (step := _MULTI_BASIC_END.search(text, at)) is not None and step.group() != '"""':
                at = step.end()
            end = _closing(text, -1 if step is None else step.start(), '"')
            spans.append((start, end))
            at = end
        elif token == "'":
            end = text.find("'", start + 1)
            at = len(text) if end < 0 else end + 1
        else:
            at = start + 1
            while (step := _BASIC_END.search(text, at)) is not None and step.group()[0] == "\\":
                at = step.end()
            at = len(text) if step is None else step.end()
    return spans


def _closing(text: str, found: int, quote: str) -> int:
    """The end of a multi-line string whose closing delimiter starts at `found` (-1: none,
    it runs to the end): up to two more quotes before it belong to the string."""
    if found < 0:
        return len(text)
    end = found + 3
    extra = 0
    while extra < 2 and text.startswith(quote, end):
        end += 1
        extra += 1
    return end
