"""What stands at a cursor in a parsed document: which key, value or table header, by config
path (hover and symbols read the engine's source map through this)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..parsing.document import Document
from ..parsing.sourcemap import Span
from ..rule import Path

Part = Literal["key", "value", "header"]


@dataclass(frozen=True)
class Item:
    path: Path
    part: Part
    span: Span


def item_at(document: Document, offset: int) -> Item | None:
    """The innermost key, value or header containing `offset` (its end included, so that a
    cursor right after a word still finds it); deeper paths win ties."""
    best: Item | None = None
    for path, entry in document.source_map.entries.items():
        parts: tuple[tuple[Part, Span | None], ...] = (
            ("value", entry.value),
            ("key", entry.key),
            ("header", entry.header),
        )
        for part, span in parts:
            if span is None or not span.start <= offset <= span.end:
                continue
            if best is None or _narrower(span, path, best):
                best = Item(path, part, span)
    return best


def _narrower(span: Span, path: Path, than: Item) -> bool:
    width, best_width = span.end - span.start, than.span.end - than.span.start
    return width < best_width or (width == best_width and len(path) > len(than.path))
