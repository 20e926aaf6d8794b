"""Where each key, value and table header of a config stands in its text.

Built from tree-sitter's concrete syntax tree, which keeps going after syntax errors. Paths
are tuples of keys and array indices, `("agents", 1, "model", "type")`, resolved with TOML's
own rules: a `[agents.model]` header belongs to the last `[[agents]]` entry above it, and
dotted keys create the tables they name. Offsets are code-point offsets into the text.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, NamedTuple

from ..text import LineIndex

if TYPE_CHECKING:
    from tree_sitter import Language, Node

Path = tuple[str | int, ...]
# "implicit": a table only named by a longer header (`[a.b]` makes `a`), which `[a]` may
# still define; "dotted": a table made by dotted keys (`a.b = 1`), which no header may.
EntryKind = Literal["pair", "table", "array-table", "implicit", "dotted", "element"]

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


class Span(NamedTuple):
    """Code-point offsets of a piece of text, end exclusive."""

    start: int
    end: int


@dataclass(slots=True)
class Entry:
    """What the text says about one path."""

    kind: EntryKind
    key: Span | None = None  # the key (part) that names this item
    value: Span | None = None  # a value, inline table or array
    header: Span | None = None  # the `[table]` / `[[array]]` header that defines it
    body_end: int | None = None  # end of the last key/value line of a header table
    indent: str = ""  # indentation of the table's keys
    pair: Span | None = None  # a key/value pair from its first key part to its value


@dataclass(slots=True)
class Duplicate:
    path: Path
    first: Entry
    second: Entry


@dataclass(slots=True)
class Comment:
    span: Span
    text: str


@dataclass
class SourceMap:
    entries: dict[Path, Entry] = field(default_factory=dict)
    tables: list[Path] = field(default_factory=list)  # header tables in document order
    duplicates: list[Duplicate] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)
    errors: list[Span] = field(default_factory=list)  # tree-sitter ERROR / MISSING nodes

    def get(self, path: Path) -> Entry | None:
        return self.entries.get(path)


@lru_cache(maxsize=4096)
def decode_key(text: str) -> str:
    """The key a quoted key's source text names (TOML escapes included)."""
    try:
        return next(iter(tomllib.loads(f"{text} = 0")))
    except (tomllib.TOMLDecodeError, StopIteration):
        return text.strip("\"'")


class _Builder:
    def __init__(self, text: str, data: bytes, lines: LineIndex) -> None:
        self.text = text
        self.data = data
        self.lines = lines
        self.ascii = text.isascii()
        self.map = SourceMap()
        self.array_counts: dict[Path, int] = {}

    # -- coordinates ---------------------------------------------------------------------
    def offset(self, byte: int, point: tuple[int, int]) -> int:
        if self.ascii:
            return byte
        row, column = point
        if row >= self.lines.line_count:
            return len(self.text)
        char_column = self.lines.point_to_position(row, column).column - 1
        return self.lines.line_starts[row] + char_column

    def span(self, node: Node) -> Span:
        if self.ascii:  # byte offsets are code-point offsets; skip the row/column work
            return _new_tuple(Span, (node.start_byte, node.end_byte))
        return Span(
            self.offset(node.start_byte, tuple(node.start_point)),  # type: ignore[arg-type]
            self.offset(node.end_byte, tuple(node.end_point)),  # type: ignore[arg-type]
        )

    # -- keys ------------------------------------------------------------------------------
    def key_parts(self, node: Node) -> list[tuple[str, Node]]:
        kind = node.type
        if kind == "dotted_key":
            parts: list[tuple[str, Node]] = []
            for child in node.children:
                if child.type in _KEY_TYPES:
                    parts.extend(self.key_parts(child))
            return parts
        if self.ascii:
            raw = self.text[node.start_byte : node.end_byte]
        else:
            raw = self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")
        return [(raw if kind == "bare_key" else decode_key(raw), node)]

    def resolve(self, parts: list[tuple[str, Node]], prefix: Path = ()) -> Path:
        """The concrete path of a header's keys (array-of-tables names get their last index)."""
        path: Path = prefix
        for name, node in parts:
            path = (*path, name)
            count = self.array_counts.get(path)
            if count:
                path = (*path, count - 1)
            elif path not in self.map.entries:
                self.map.entries[path] = Entry("implicit", key=self.span(node))
        return path

    # -- walking ---------------------------------------------------------------------------
    def build(self, root: Node) -> SourceMap:
        if root.has_error:
            self.collect_errors(root)
        for child in root.children:
            kind = child.type
            if kind == "pair":
                self.pair(child, ())
            elif kind == "table":
                self.table(child)
            elif kind == "table_array_element":
                self.array_table(child)
            elif kind == "comment":
                self.comment(child)
        return self.map

    def collect_errors(self, node: Node) -> None:
        stack = [node]
        while stack:
            current = stack.pop()
            if current.is_error or current.is_missing:
                self.map.errors.append(self.span(current))
                continue
            if current.has_error:
                stack.extend(reversed(current.children))

    def comment(self, node: Node) -> None:
        span = self.span(node)
        self.map.comments.append(Comment(span, self.text[span.start : span.end]))

    def header_keys(self, children: list[Node]) -> list[tuple[str, Node]]:
        for child in children:
            if child.type in _KEY_TYPES:
                return self.key_parts(child)
        return []

    def table(self, node: Node) -> None:
        children = node.children  # one list for the header and the body
        parts = self.header_keys(children)
        if not parts:
            return
        path = self.resolve(parts[:-1])
        name, key_node = parts[-1]
        path = (*path, name)
        count = self.array_counts.get(path)
        header = self.header_span(node, children)
        entry = Entry("table", key=self.span(key_node), header=header, body_end=header.end)
        previous = self.map.entries.get(path)
        if count:  # `[x]` after `[[x]]`: TOML forbids it; point at the array's entry
            self.map.duplicates.append(Duplicate(path, self.map.entries[(*path, count - 1)], entry))
        elif previous is not None and previous.kind in ("table", "pair", "array-table", "dotted"):
            self.map.duplicates.append(Duplicate(path, previous, entry))
        else:
            self.map.entries[path] = entry
        self.map.tables.append(path)
        self.body(children, path, entry)

    def array_table(self, node: Node) -> None:
        children = node.children
        parts = self.header_keys(children)
        if not parts:
            return
        parent = self.resolve(parts[:-1])
        name, key_node = parts[-1]
        array_path = (*parent, name)
        index = self.array_counts.get(array_path, 0)
        self.array_counts[array_path] = index + 1
        header = self.header_span(node, children)
        if index == 0:
            previous = self.map.entries.get(array_path)
            if previous is not None and previous.kind != "implicit":
                self.map.duplicates.append(
                    Duplicate(array_path, previous, Entry("array-table", header=header))
                )
            self.map.entries[array_path] = Entry(
                "array-table", key=self.span(key_node), header=header
            )
        path = (*array_path, index)
        entry = Entry("table", key=self.span(key_node), header=header, body_end=header.end)
        self.map.entries[path] = entry
        self.map.tables.append(path)
        self.body(children, path, entry)

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

    def body(self, children: list[Node], path: Path, entry: Entry) -> None:
        first = True
        for child in children:
            kind = child.type
            if kind == "pair":
                end = self.pair(child, path)
                if end is not None:
                    entry.body_end = end
                if first:
                    start = child.start_byte if self.ascii else self.span(child).start
                    line_start = self.text.rfind("\n", 0, start) + 1
                    entry.indent = self.text[line_start:start]
                    first = False
            elif kind == "comment":
                self.comment(child)

    def pair(self, node: Node, prefix: Path, depth: int = 0) -> int | None:
        """Record one key/value pair; returns where its value ends (None if it has none)."""
        children = node.named_children  # key, value, comment: no `=` to step over
        if not children:
            return None
        first = children[0]
        first_kind = first.type
        if first_kind == "bare_key" and self.ascii:  # the common case, without key_parts()
            path = (*prefix, self.text[first.start_byte : first.end_byte])
            key_node = first
        elif first_kind in _KEY_TYPES:
            parts = self.key_parts(first)
            path = prefix
            for name, part_node in parts[:-1]:
                path = (*path, name)
                if path not in self.map.entries:
                    self.map.entries[path] = Entry("dotted", key=self.span(part_node))
            name, key_node = parts[-1]
            path = (*path, name)
        else:
            return None
        value_node = None
        for child in children[1:]:
            kind = child.type
            if kind == "comment":
                self.comment(child)
            elif kind != "ERROR":
                value_node = child
        if value_node is None:
            entry = Entry("pair", key=self.span(key_node))
            value = None
        elif self.ascii:  # byte offsets are the spans: no span() calls
            value = _new_tuple(Span, (value_node.start_byte, value_node.end_byte))
            key = _new_tuple(Span, (key_node.start_byte, key_node.end_byte))
            pair = _new_tuple(Span, (first.start_byte, value[1]))
            entry = Entry("pair", key, value, None, None, "", pair)
        else:
            value = self.span(value_node)
            pair = _new_tuple(Span, (self.span(first).start, value.end))
            entry = Entry("pair", self.span(key_node), value, pair=pair)
        previous = self.map.entries.get(path)
        if previous is not None and previous.kind != "implicit":
            self.map.duplicates.append(Duplicate(path, previous, entry))
            return value.end if value is not None else None
        self.map.entries[path] = entry
        if value_node is not None and value_node.type in _VALUE_CONTAINERS:
            self.container(value_node, path, depth + 1)
        return value.end if value is not None else None

    def container(self, node: Node, path: Path, depth: int) -> None:
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
                self.comment(child)
                continue
            element = (*path, index)
            self.map.entries[element] = Entry("element", value=self.span(child))
            if kind in _VALUE_CONTAINERS:
                self.container(child, element, depth + 1)
            index += 1


def build_source_map(text: str, lines: LineIndex) -> SourceMap:
    data = text.encode("utf-8", "surrogatepass")
    return _Builder(text, data, lines).build(parse_tree(data))
