"""A piece of the text, by code-point offsets (its own module: modules that only pass spans
around need not import the source-map readers, which a file without findings never uses)."""

from __future__ import annotations

from ..core.record import NamedTuple


class Span(NamedTuple):
    """Code-point offsets of a piece of text, end exclusive."""

    start: int
    end: int
