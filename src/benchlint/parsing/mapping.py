"""What a source map is, and TOML's rules for turning keys into paths.

Paths are tuples of keys and array indices, `("agents", 1, "model", "type")`. A `[agents.model]`
header belongs to the last `[[agents]]` entry above it, and dotted keys create the tables they
name. Offsets are code-point offsets into the text. The rules live here once; the readers
(`tree_reader`, `line_reader`) only find key parts and spans and feed them to `MapBuilder`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Literal

from ..core.paths import ConfigPath
from ..core.record import NamedTuple
from .span import Span
from .toml_values import DecodeError, loads

# "implicit": a table only named by a longer header (`[a.b]` makes `a`), which `[a]` may
# still define; "dotted": a table made by dotted keys (`a.b = 1`), which no header may.
EntryKind = Literal["pair", "table", "array-table", "implicit", "dotted", "element"]


# Key parts mapped one by one (see `MapBuilder.resolve`): far beyond any config's depth.
MAX_MAPPED_DEPTH = 8

KeyParts = Sequence[tuple[str, Span]]  # the parts of a (dotted) key: name and where it is


class Entry:
    """What the text says about one path."""

    __slots__ = ("body_end", "header", "indent", "key", "kind", "pair", "value")
    FIELDS = ("kind", "key", "value", "header", "body_end", "indent", "pair")  # in this order

    def __init__(
        self,
        kind: EntryKind,
        key: Span | None = None,  # the key (part) that names this item
        value: Span | None = None,  # a value, inline table or array
        header: Span | None = None,  # the `[table]` / `[[array]]` header that defines it
        body_end: int | None = None,  # end of the last key/value line of a header table
        indent: str = "",  # indentation of the table's keys
        pair: Span | None = None,  # a key/value pair from its first key part to its value
    ) -> None:
        self.kind = kind
        self.key = key
        self.value = value
        self.header = header
        self.body_end = body_end
        self.indent = indent
        self.pair = pair

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entry) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable: the builder completes entries

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"Entry({fields})"


class Duplicate(NamedTuple):
    path: ConfigPath
    first: Entry
    second: Entry


class Comment(NamedTuple):
    span: Span
    text: str


class SourceMap:
    def __init__(self) -> None:
        # ConfigPath → Entry; or, for a `key = value` line of the line reader, the regex match that
        # found it, turned into an Entry when asked for: a lint looks up a handful of paths,
        # and building an Entry per line costs more than finding the line.
        self.by_path: dict[ConfigPath, Entry | re.Match[str]] = {}
        self._tables: list[ConfigPath] = []  # header tables in document order
        self._duplicates: list[Duplicate] = []
        self._comments: list[Comment] = []
        self.errors: list[Span] = []  # tree-sitter ERROR / MISSING nodes
        self.has_matches = False  # some values of `by_path` are still matches
        # The line reader reads a valid file only as far as the paths asked for (`get`):
        # `resume(map, path)` reads on until that path's entry is final, `resume(map, None)`
        # to the end (and then sets `resume` to None). Whatever needs the whole file finishes
        # the read. The reader is handed the map on each call instead of holding it: a reader
        # that held its map would make a cycle, and every map (with every entry and match in
        # it) would wait for the garbage collector instead of going with its document.
        self.resume: Callable[[SourceMap, ConfigPath | None], None] | None = None

    @property
    def tables(self) -> list[ConfigPath]:
        if self.resume is not None:
            self.resume(self, None)
        return self._tables

    @property
    def duplicates(self) -> list[Duplicate]:
        if self.resume is not None:
            self.resume(self, None)
        return self._duplicates

    @property
    def comments(self) -> list[Comment]:
        if self.resume is not None:
            self.resume(self, None)
        return self._comments

    def get(self, path: ConfigPath) -> Entry | None:
        if self.resume is not None:
            self.resume(self, path)
        return self.read_entry(path)

    def read_entry(self, path: ConfigPath) -> Entry | None:
        """The entry of `path` as far as the text has been read (the builder's view)."""
        return entry_in(self.by_path, path)

    @property
    def entries(self) -> dict[ConfigPath, Entry]:
        """Every path's entry, in document order."""
        if self.resume is not None:
            self.resume(self, None)
        if self.has_matches:
            by_path = self.by_path
            for path, entry in by_path.items():
                if not isinstance(entry, Entry):
                    by_path[path] = pair_entry(entry)
            self.has_matches = False
        return self.by_path  # type: ignore[return-value]  # all entries by now

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SourceMap):
            return NotImplemented
        return (self.entries, self.tables, self.duplicates, self.comments, self.errors) == (
            other.entries,
            other.tables,
            other.duplicates,
            other.comments,
            other.errors,
        )


def entry_in(by_path: dict[ConfigPath, Entry | re.Match[str]], path: ConfigPath) -> Entry | None:
    """The entry of `path` in a map's `by_path`, a line reader's match turned into one."""
    entry = by_path.get(path)
    if entry is None or isinstance(entry, Entry):
        return entry
    entry = by_path[path] = pair_entry(entry)
    return entry


def pair_entry(match: re.Match[str]) -> Entry:
    """The entry of a line reader match: group 1 the key, group 2 the value."""
    key = match.span(1)
    value = match.span(2)
    return Entry(
        "pair",
        _new_tuple(Span, key),
        _new_tuple(Span, value),
        None,
        None,
        "",
        _new_tuple(Span, (key[0], value[1])),
    )


_new_tuple = tuple.__new__  # a Span from a (start, end) tuple, without Python-level __new__


@lru_cache(maxsize=4096)
def decode_key(text: str) -> str:
    """The key a quoted key's source text names (TOML escapes included)."""
    try:
        return next(iter(loads(f"{text} = 0")))
    except (*DecodeError, StopIteration):
        return text.strip("\"'")


class MapBuilder:
    """Fills a SourceMap from key parts and spans, in document order. It holds the map's
    parts, not the map (see `SourceMap.resume`)."""

    def __init__(self, text: str, source_map: SourceMap) -> None:
        self.text = text
        self.entries = source_map.by_path
        self.tables = source_map._tables
        self.duplicates = source_map._duplicates
        self.comments = source_map._comments
        self.array_counts: dict[ConfigPath, int] = {}
        self.body: Entry | None = None  # the table whose key/value lines come now
        self.body_is_empty = True

    def header(self, parts: KeyParts, span: Span, *, array: bool) -> ConfigPath:
        """A `[table]` or `[[array]]` header; returns its path. The pairs that follow are
        its body (see `body_pair`)."""
        path, self.body = self.array_table(parts, span) if array else self.table(parts, span)
        self.body_is_empty = True
        return path

    def one_key_header(self, name: str, key: Span, span: Span, array: bool) -> ConfigPath:
        """`header` of a header of one key (`[experiment]`, `[[agents]]`, the usual kind),
        without making and resolving its key parts when nothing is at its path yet; else
        `header` itself."""
        entries = self.entries
        counts = self.array_counts
        path: ConfigPath = (name,)
        if array:
            index = counts.get(path, 0)
            if index == 0:
                if path in entries:  # an `implicit` table, or a duplicate
                    return self.header(((name, key),), span, array=True)
                entries[path] = Entry("array-table", key, None, span)
            counts[path] = index + 1
            path = (name, index)
        elif path in entries or path in counts:
            return self.header(((name, key),), span, array=False)
        entry = Entry("table", key, None, span, span[1])
        entries[path] = entry
        self.tables.append(path)
        self.body = entry
        self.body_is_empty = True
        return path

    def body_pair(self, start: int, value_end: int | None) -> None:
        """A pair under the current header, starting at `start`: the first sets the
        indentation new keys get, and the body ends with the last value."""
        table = self.body
        if table is None:
            return
        if self.body_is_empty:
            table.indent = self.text[self.text.rfind("\n", 0, start) + 1 : start]
            self.body_is_empty = False
        if value_end is not None:
            table.body_end = value_end

    def resolve(self, parts: KeyParts, prefix: ConfigPath = ()) -> ConfigPath:
        """The concrete path of a header's keys (array-of-tables names get their last index).

        Only the first MAX_MAPPED_DEPTH parts of a key get prefix entries and array indices:
        no config is deeper, and a path per prefix of a key of a thousand parts would cost the
        square of its length."""
        entries = self.entries
        path: ConfigPath = prefix
        for name, span in parts[:MAX_MAPPED_DEPTH]:
            path = (*path, name)
            count = self.array_counts.get(path)
            if count:
                path = (*path, count - 1)
            elif path not in entries:
                entries[path] = Entry("implicit", key=span)
        if len(parts) <= MAX_MAPPED_DEPTH:  # every config: no generator for the rest
            return path
        return (*path, *(name for name, _ in parts[MAX_MAPPED_DEPTH:]))

    def table(self, parts: KeyParts, header: Span) -> tuple[ConfigPath, Entry]:
        """A `[table]` header; returns its path and entry (whose body the reader fills)."""
        entries = self.entries
        name, key = parts[-1]
        path = (*self.resolve(parts[:-1]), name) if len(parts) > 1 else (name,)
        count = self.array_counts.get(path)
        entry = Entry("table", key, None, header, header.end)
        previous = entry_in(entries, path)
        if count:  # `[x]` after `[[x]]`: TOML forbids it; point at the array's entry
            array_entry = entry_in(entries, (*path, count - 1))
            assert array_entry is not None
            self.duplicates.append(Duplicate(path, array_entry, entry))
        elif previous is not None and previous.kind in ("table", "pair", "array-table", "dotted"):
            self.duplicates.append(Duplicate(path, previous, entry))
        else:
            entries[path] = entry
        self.tables.append(path)
        return path, entry

    def array_table(self, parts: KeyParts, header: Span) -> tuple[ConfigPath, Entry]:
        """A `[[array]]` header: a new element of the array; returns its path and entry."""
        entries = self.entries
        name, key = parts[-1]
        array_path = (*self.resolve(parts[:-1]), name) if len(parts) > 1 else (name,)
        index = self.array_counts.get(array_path, 0)
        self.array_counts[array_path] = index + 1
        if index == 0:
            previous = entry_in(entries, array_path)
            if previous is not None and previous.kind != "implicit":
                self.duplicates.append(
                    Duplicate(array_path, previous, Entry("array-table", header=header))
                )
            entries[array_path] = Entry("array-table", key=key, header=header)
        path = (*array_path, index)
        entry = Entry("table", key, None, header, header.end)
        entries[path] = entry
        self.tables.append(path)
        return path, entry

    def pair(
        self, prefix: ConfigPath, parts: KeyParts, value: Span | None, start: int
    ) -> ConfigPath | None:
        """A key/value pair whose first key part starts at `start`; returns its path, or None
        when the path was already defined (recorded as a duplicate)."""
        entries = self.entries
        path = prefix
        if len(parts) > 1:  # a dotted key: its tables
            for name, span in parts[: min(len(parts) - 1, MAX_MAPPED_DEPTH)]:
                path = (*path, name)
                if path not in entries:
                    entries[path] = Entry("dotted", key=span)
            if len(parts) > MAX_MAPPED_DEPTH + 1:  # beyond any config
                path = (*path, *(name for name, _ in parts[MAX_MAPPED_DEPTH:-1]))
        name, key = parts[-1]
        path = (*path, name)
        if value is None:
            entry = Entry("pair", key=key)
        else:
            pair = _new_tuple(Span, (start, value[1]))
            entry = Entry("pair", key, value, None, None, "", pair)
        previous = entry_in(entries, path)
        if previous is not None and previous.kind != "implicit":
            self.duplicates.append(Duplicate(path, previous, entry))
            return None
        entries[path] = entry
        return path

    def element(self, array: ConfigPath, index: int, value: Span) -> ConfigPath:
        path = (*array, index)
        self.entries[path] = Entry("element", None, value)
        return path

    def comment(self, span: Span) -> None:
        self.comments.append(Comment(span, self.text[span.start : span.end]))
