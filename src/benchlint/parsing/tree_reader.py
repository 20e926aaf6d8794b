"""The source map of any text, from tree-sitter's concrete syntax tree.

The syntax tree keeps going after syntax errors, so this reader maps broken files too (and
lists the ERROR / MISSING nodes). Valid files made of simple lines take the faster
`line_reader`; both feed the same `MapBuilder`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.paths import ConfigPath
from ..core.regex import lazy_regex
from ..core.text import LineIndex
from .mapping import MapBuilder, SourceMap, decode_key
from .span import Span

if TYPE_CHECKING:
    from tree_sitter import Language, Node

_KEY_TYPES = frozenset({"bare_key", "quoted_key", "dotted_key"})
_VALUE_CONTAINERS = frozenset({"array", "inline_table"})
_new_tuple = tuple.__new__  # builds a named tuple without its Python-level __new__ (hot path)
# Deeper values are not mapped (no config nests like that; hostile input must not recurse).
_MAX_DEPTH = 48


@lru_cache(maxsize=1)
def _language() -> Language:
    # Imported on first use: a valid config never needs positions, and the command line
    # starts faster without loading the grammar.
    import tree_sitter_toml
    from tree_sitter import Language

    return Language(tree_sitter_toml.language())


def parse_tree(data: bytes) -> Node:
    """The root of tree-sitter's syntax tree for `data` (a new parser each call: thread-safe)."""
    from tree_sitter import Parser

    return Parser(_language()).parse(data).root_node


def read_tree(text: str, lines: LineIndex) -> SourceMap:
    data = tree_bytes(text)
    return _TreeReader(text, data, lines).read(parse_tree(data))


def tree_bytes(text: str) -> bytes:
    """The UTF-8 that tree-sitter reads. A lone surrogate (an editor may send one) is not
    UTF-8: it becomes U+FFFD, which takes the same 3 bytes, so every offset stays put."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text).encode("utf-8")


_SURROGATE = lazy_regex("[\ud800-\udfff]")


class _TreeReader:
    def __init__(self, text: str, data: bytes, lines: LineIndex) -> None:
        self.text = text
        self.data = data
        self.lines = lines
        self.ascii = text.isascii()
        self.map = SourceMap()
        self.builder = MapBuilder(text, self.map)

    # -- coordinates ---------------------------------------------------------------------
    def offset(self, byte: int, point: tuple[int, int]) -> int:
        return byte if self.ascii else self.lines.point_offset(*point)

    def span(self, node: Node) -> Span:
        if self.ascii:  # byte offsets are code-point offsets; skip the row/column work
            return _new_tuple(Span, (node.start_byte, node.end_byte))
        return Span(
            self.offset(node.start_byte, tuple(node.start_point)),  # type: ignore[arg-type]
            self.offset(node.end_byte, tuple(node.end_point)),  # type: ignore[arg-type]
        )

    # -- keys ------------------------------------------------------------------------------
    def key_parts(self, node: Node) -> list[tuple[str, Span]]:
        # A loop, not recursion: dotted keys nest one level per part, and a key of 1,000
        # parts must not exhaust the stack.
        parts: list[tuple[str, Span]] = []
        pending = [node]
        while pending:
            current = pending.pop()
            kind = current.type
            if kind == "dotted_key":
                pending.extend(
                    child for child in reversed(current.children) if child.type in _KEY_TYPES
                )
                continue
            if self.ascii:
                raw = self.text[current.start_byte : current.end_byte]
            else:
                raw = self.data[current.start_byte : current.end_byte].decode("utf-8", "replace")
            parts.append((raw if kind == "bare_key" else decode_key(raw), self.span(current)))
        return parts

    def header_keys(self, children: list[Node]) -> list[tuple[str, Span]]:
        for child in children:
            if child.type in _KEY_TYPES:
                return self.key_parts(child)
        return []

    # -- walking ---------------------------------------------------------------------------
    def read(self, root: Node) -> SourceMap:
        if root.has_error:
            self.collect_errors(root)
        for child in root.children:
            kind = child.type
            if kind == "pair":
                self.pair(child, ())
            elif kind in ("table", "table_array_element"):
                self.table(child, kind == "table")
            elif kind == "comment":
                self.builder.comment(self.span(child))
        return self.map

    def collect_errors(self, node: Node) -> None:
        stack = [node]
        errors = self.map.errors
        while stack:
            current = stack.pop()
            if current.is_error or current.is_missing:
                errors.append(self.span(current))
                continue
            if current.has_error:
                stack.extend(reversed(current.children))

    def table(self, node: Node, plain: bool) -> None:
        children = node.children  # one list for the header and the body
        parts = self.header_keys(children)
        if not parts:
            return
        header = self.header_span(node, children)
        builder = self.builder
        path = builder.header(parts, header, array=not plain)
        for child in children:
            kind = child.type
            if kind == "pair":
                end = self.pair(child, path)
                builder.body_pair(child.start_byte if self.ascii else self.span(child).start, end)
            elif kind == "comment":
                builder.comment(self.span(child))

    def header_span(self, node: Node, children: list[Node]) -> Span:
        """From the opening bracket to the closing one (the table's pairs excluded)."""
        closing = node
        for child in children:
            closing = child
            if child.type in ("]", "]]"):
                break
        if self.ascii:
            return _new_tuple(Span, (node.start_byte, closing.end_byte))
        return Span(self.span(node).start, self.span(closing).end)

    def pair(self, node: Node, prefix: ConfigPath, depth: int = 0) -> int | None:
        """Record one key/value pair; returns where its value ends (None if it has none)."""
        children = node.named_children  # key, value, comment: no `=` to step over
        if not children or children[0].type not in _KEY_TYPES:
            return None
        first = children[0]
        parts = self.key_parts(first)
        value_node = None
        comments = []
        for child in children[1:]:
            kind = child.type
            if kind == "comment":
                comments.append(child)
            elif kind != "ERROR":
                value_node = child
        value = None if value_node is None else self.span(value_node)
        start = first.start_byte if self.ascii else self.span(first).start
        path = self.builder.pair(prefix, parts, value, start)
        if path is not None and value_node is not None and value_node.type in _VALUE_CONTAINERS:
            self.container(value_node, path, depth + 1)
        for comment in comments:  # after the value's own comments: document order
            self.builder.comment(self.span(comment))
        return value.end if value is not None else None

    def container(self, node: Node, path: ConfigPath, depth: int) -> None:
        if depth > _MAX_DEPTH:
            return
        if node.type == "inline_table":
            for child in node.named_children:
                if child.type == "pair":
                    self.pair(child, path, depth)
            return
        index = 0
        for child in node.named_children:  # elements and comments, no brackets or commas
            kind = child.type
            if kind == "ERROR":
                continue
            if kind == "comment":
                self.builder.comment(self.span(child))
                continue
            element = self.builder.element(path, index, self.span(child))
            if kind in _VALUE_CONTAINERS:
                self.container(child, element, depth + 1)
            index += 1
