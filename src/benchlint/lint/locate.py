"""The one place that turns a config path into a range of the text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.diagnostic import Position, Range
from ..parsing.document import Document
from ..parsing.span import Span
from .rule import Anchor

if TYPE_CHECKING:
    from ..parsing.sourcemap import Entry


def locate(document: Document, anchor: Anchor) -> Range:
    """The range of an anchor; a path the text does not show falls back to the nearest
    table that it does (its header), and finally to the first line."""
    if anchor.part == "file" or not anchor.path:
        return first_line(document)
    get = document.source_map.get  # not `.entries`: that would build every entry
    path, part = anchor
    while path:
        entry = get(path)
        if entry is not None:
            span = _choose(entry, part)
            if span is not None:
                return document.lines.range(span.start, span.end)
        path = path[:-1]
        part = "header"
    return first_line(document)


def _choose(entry: Entry, part: str) -> Span | None:
    if part == "key":
        return entry.key or entry.header or entry.value
    if part == "header":
        return entry.header or entry.key or entry.value
    return entry.value or entry.header or entry.key


def first_line(document: Document) -> Range:
    """The content of line 1: where file-level findings point."""
    text = document.lines.line_text(1)
    stripped = text.rstrip()
    return Range(Position(1, 1), Position(1, max(1, len(stripped) + 1)))
