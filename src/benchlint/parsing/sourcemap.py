"""Where each key, value and table header of a config stands in its text.

`build_source_map` picks the reader: the line reader for a valid file of simple lines (the
common case, at well under half the cost), the tree-sitter reader for everything else, broken
files included. Both produce the same map; `tests/test_source_map.py` holds them to it.
"""

from __future__ import annotations

from ..core.paths import ConfigPath
from ..core.text import LineIndex
from .line_reader import read_lines_lazily
from .mapping import Comment, Duplicate, Entry, SourceMap
from .span import Span
from .tree_reader import read_tree

__all__ = ["Comment", "ConfigPath", "Duplicate", "Entry", "SourceMap", "Span", "build_source_map"]


def build_source_map(text: str, lines: LineIndex, *, valid: bool = False) -> SourceMap:
    """The source map of `text`; `valid` says that tomllib has accepted exactly this text."""
    if valid:  # read as far as asked; the syntax tree takes over at a line it cannot read
        return read_lines_lazily(text, lambda: read_tree(text, lines))
    return read_tree(text, lines)
