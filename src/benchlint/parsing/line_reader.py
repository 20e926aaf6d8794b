"""The source map of a valid config, read with regular expressions instead of a syntax tree.

Configs are `[table]` headers and `key = value` lines whose values are strings, numbers,
booleans, dates, arrays and inline tables. Once `tomllib` has accepted a text, every token in
it is known to be well-formed, and regular expressions find the same keys, values and headers
as tree-sitter at well under half the cost. Multi-line strings, a date-time written with a space
and absurd nesting make this reader give up, and the caller reads the syntax tree instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from ..core.paths import ConfigPath
from ..core.record import NamedTuple
from ..core.regex import lazy_regex
from .mapping import Entry, KeyParts, MapBuilder, SourceMap, decode_key
from .span import Span

_BARE = r"[A-Za-z0-9_-]+"
_BASIC = r'"[^"\\\r\n]*(?:\\.[^"\\\r\n]*)*"'  # unrolled: a char class per run is fast in `re`
_LITERAL = r"'[^'\r\n]*'"
_SCALAR = r"""[^\s#,\[\]{}"'=]+"""  # numbers, booleans, dates: tomllib vouched for them
_ATOM = rf"{_BASIC}|{_LITERAL}|{_SCALAR}"
_KEY_PART = rf"{_BARE}|{_BASIC}|{_LITERAL}"
_KEY = rf"(?:{_KEY_PART})(?:[ \t]*\.[ \t]*(?:{_KEY_PART}))*"
# The same atoms for the one-line patterns, each quantifier possessive (what follows it can
# never match what it gave back, so the matches are the same, found without the bookkeeping
# of giving back), and a string without escapes tried first: about a tenth cheaper a line.
_ATOM_ONCE = rf""""[^"\\\r\n]*+"|{_BASIC}|{_LITERAL}|[^\s#,\[\]{{}}"'=]++"""
_BARE_ONCE = r"[A-Za-z0-9_-]++"


class _Patterns(NamedTuple):
    entry: re.Pattern[str]
    simple_pair: re.Pattern[str]
    simple_header: re.Pattern[str]
    simple_open: re.Pattern[str]
    flat_array: re.Pattern[str]
    atom: re.Pattern[str]
    tail: re.Pattern[str]
    key_parts: re.Pattern[str]
    array_token: re.Pattern[str]
    inline_key: re.Pattern[str]
    inline_next: re.Pattern[str]


@cache
def _patterns() -> _Patterns:
    """Each compiled on its first use (`lazy_regex`): milliseconds that a command checking
    only valid files (which never needs positions) should not pay at start-up, nor a file
    without inline tables for their patterns."""
    return _Patterns(
        # A line up to its trailing comment: a header, or a key and the start of its value
        # (the whole value when it is a string, number, boolean or date). Empty when blank.
        entry=lazy_regex(
            rf"[ \t]*(?:(?P<header>\[\[[ \t]*(?P<array_key>{_KEY})[ \t]*\]\]"
            rf"|\[[ \t]*(?P<table_key>{_KEY})[ \t]*\])"
            rf"|(?P<key>{_KEY})[ \t]*=[ \t]*(?P<atom>{_ATOM})?)?"
        ),
        # The common line, `key = "value"  # comment`, in one match.
        simple_pair=lazy_regex(
            rf"[ \t]*+({_BARE_ONCE})[ \t]*+=[ \t]*+({_ATOM_ONCE})[ \t]*+(#[^\r\n]*+)?\r?(?:\n|\Z)"
        ),
        # The common header, `[agents.model]` or `[[agents]]`, with bare keys and line end.
        simple_header=lazy_regex(
            rf"(\[\[?)({_BARE_ONCE}(?:\.{_BARE_ONCE})*+)\]\]?[ \t]*+(#[^\r\n]*+)?\r?(?:\n|\Z)"
        ),
        # A bare key opening an array or an inline table, `task_names = [`.
        simple_open=lazy_regex(rf"[ \t]*({_BARE})[ \t]*=[ \t]*(?=[\[{{])"),
        # An array of strings, numbers, booleans or dates on one line, `["a", "b"]`: its
        # items are then the atoms in it (`atom`), found without a match per token.
        # Group 1 is the first item, group 2 the rest (usually none: no search for them).
        flat_array=lazy_regex(
            rf"\[[ \t]*+(?:({_ATOM_ONCE})[ \t]*+((?:,[ \t]*+(?:{_ATOM_ONCE})[ \t]*+)*+)"
            rf"(?:,[ \t]*+)?)?\]"
        ),
        atom=lazy_regex(_ATOM_ONCE),
        # The end of a line: spaces, a comment; alone, a blank or comment line.
        tail=lazy_regex(r"[ \t]*(?P<comment>#[^\r\n]*)?\r?(?:\n|\Z)"),
        key_parts=lazy_regex(_KEY_PART),
        array_token=lazy_regex(
            rf"[ \t\r\n]*(?:(?P<comment>#[^\r\n]*)|(?P<comma>,)|(?P<close>\])|(?P<open>[\[{{])"
            rf"|(?P<atom>{_ATOM}))"
        ),
        inline_key=lazy_regex(
            rf"[ \t]*(?P<close>}})|[ \t]*(?P<key>{_KEY})[ \t]*=[ \t]*(?P<atom>{_ATOM})?"
        ),
        inline_next=lazy_regex(r"[ \t]*(?:(?P<comma>,)|})"),
    )


_new_tuple = tuple.__new__  # a Span from a match's span() tuple, without Python-level __new__
_MAX_DEPTH = 32  # deeper values go to the tree reader, which knows its own limit


class _Comment(NamedTuple):
    span: Span


class _Array(NamedTuple):
    span: Span
    items: list[Value | _Comment]


class _Table(NamedTuple):
    span: Span
    pairs: list[tuple[KeyParts, int, Value]]  # key parts, where the key starts, the value


Value = Span | _Array | _Table  # a Span is a string, number, boolean or date


class _NotSimple(Exception):
    """The text has a construct this reader leaves to the syntax tree."""


def read_simple_lines(text: str) -> SourceMap | None:
    """The whole source map of `text`, which tomllib has accepted; None when it holds a
    construct this reader does not handle."""
    source_map = SourceMap()
    try:
        _Reader(text, None, source_map).read(source_map, None)
    except _NotSimple:
        return None
    return source_map


def read_lines_lazily(text: str, fallback: Callable[[], SourceMap]) -> SourceMap:
    """The source map of `text`, which tomllib has accepted, read only as far as it is asked
    (see `SourceMap.resume`). Where a line holds a construct this reader does not handle,
    the map becomes `fallback()`'s (the syntax tree's); the lines read before it are read
    alike by both readers, so what was already answered stands."""
    source_map = SourceMap()
    _Reader(text, fallback, source_map)
    return source_map


class _Reader:
    """The line reader's state between two `resume` calls. The map it fills holds it (as
    `resume`), never the other way round (see `SourceMap.resume`)."""

    def __init__(
        self, text: str, fallback: Callable[[], SourceMap] | None, source_map: SourceMap
    ) -> None:
        self.text = text
        self.fallback = fallback
        self.builder = MapBuilder(text, source_map)
        source_map.has_matches = True
        source_map.resume = self.resume
        self.position = 0
        self.table_path: ConfigPath = ()

    def resume(self, source_map: SourceMap, path: ConfigPath | None) -> None:
        try:
            self.read(source_map, path)
        except _NotSimple:
            assert self.fallback is not None
            tree = self.fallback()
            source_map.by_path = tree.by_path
            source_map._tables = tree._tables
            source_map._duplicates = tree._duplicates
            source_map._comments = tree._comments
            source_map.errors = tree.errors
            source_map.has_matches = tree.has_matches
            source_map.resume = None

    def read(self, source_map: SourceMap, path: ConfigPath | None) -> None:
        """Reads lines until the entry of `path` is final, or to the end (then the map's
        `resume` is cleared). An entry is final once read, except a table's, which grows
        until the next header, and an "implicit" one, which a later header may define."""
        text = self.text
        builder = self.builder
        entries = builder.entries
        patterns = _patterns()
        simple_pair_at = patterns.simple_pair.match
        simple_header_at = patterns.simple_header.match
        simple_open_at = patterns.simple_open.match
        tail_at = patterns.tail.match
        size = len(text)
        position = self.position
        table_path = self.table_path
        body = builder.body  # changes only at a header
        while position < size:
            if path is not None and path in entries:
                found = entries[path]
                if type(found) is not Entry or (
                    found.kind != "implicit" and found is not builder.body
                ):
                    self.position, self.table_path = position, table_path
                    return
            first = text[position]
            if first == "\n":  # a blank line
                position += 1
                continue
            if first == "[":
                header = simple_header_at(text, position)
                if header is not None:
                    name_start, name_end = name_at = header.span(2)
                    name = text[name_start:name_end]
                    array = header.end(1) - position == 2
                    span = _new_tuple(Span, (position, name_end + (2 if array else 1)))
                    if "." in name:
                        parts = _bare_parts(name, name_start)
                        table_path = builder.header(parts, span, array=array)
                    else:  # one key: the usual `[experiment]`, `[[agents]]`
                        key = _new_tuple(Span, name_at)
                        table_path = builder.one_key_header(name, key, span, array)
                    body = builder.body
                    if header.lastindex == 3:  # a comment after the header
                        builder.comment(_new_tuple(Span, header.span(3)))
                    position = header.end()
                    continue
            elif first == "#":  # a comment line
                tail = tail_at(text, position)
                if tail is not None:
                    builder.comment(_new_tuple(Span, tail.span("comment")))
                    position = tail.end()
                    continue
            pair = simple_pair_at(text, position)
            if pair is not None:
                # The hot path, without MapBuilder.pair: a bare key under a header cannot be
                # defined already in a text tomllib accepted, so no duplicate check is needed;
                # the match stands for the entry until somebody asks for it (SourceMap.get).
                entries[(*table_path, pair.group(1))] = pair
                if body is not None:  # MapBuilder.body_pair, inlined
                    if builder.body_is_empty:  # `position` is where the line starts
                        body.indent = text[position : pair.start(1)]
                        builder.body_is_empty = False
                    body.body_end = pair.end(2)
                if pair.lastindex == 3:  # a comment after the value
                    builder.comment(_new_tuple(Span, pair.span(3)))
                position = pair.end()
                continue
            # The common lines `entry` would read too, without it (it costs millions of
            # instructions to compile): a bare key opening a value, a blank or comment line.
            opening = simple_open_at(text, position)
            if opening is not None:
                key_start, key_end = opening.span(1)
                parts = ((text[key_start:key_end], _new_tuple(Span, (key_start, key_end))),)
                start = opening.end()
                flat = patterns.flat_array.match(text, start)
                if flat is not None:  # `task_names = ["a", "b"]`, the usual array
                    end = flat.end()
                    span = _new_tuple(Span, (start, end))
                    array_path = builder.pair(table_path, parts, span, key_start)
                    if array_path is not None:
                        _feed_items(builder, array_path, _items(flat))
                else:
                    value, end = _container(text, start, 1)
                    _feed_pair(builder, table_path, parts, key_start, value)
                builder.body_pair(key_start, end)
            else:
                tail = tail_at(text, position)
                if tail is not None:
                    if tail.start("comment") >= 0:
                        builder.comment(_new_tuple(Span, tail.span("comment")))
                    position = tail.end()
                    continue
                entry = patterns.entry.match(text, position)  # compiled only if needed
                assert entry is not None  # every part of the pattern is optional
                end = entry.end()
                key_start = entry.start("key")
                if key_start >= 0:
                    parts = _key_parts(text, key_start, entry.end("key"))
                    atom = entry.start("atom")
                    if atom >= 0:
                        builder.pair(table_path, parts, Span(atom, end), key_start)
                    else:
                        value, end = _container(text, end, 1)
                        _feed_pair(builder, table_path, parts, key_start, value)
                    builder.body_pair(key_start, end)
                elif entry.start("header") >= 0:
                    span = Span(entry.start("header"), entry.end("header"))
                    array = entry.start("array_key") >= 0
                    group = "array_key" if array else "table_key"
                    parts = _key_parts(text, entry.start(group), entry.end(group))
                    table_path = builder.header(parts, span, array=array)
                    body = builder.body
            tail = tail_at(text, end)
            if tail is None:  # `"""`, a date-time with a space, ...
                raise _NotSimple
            if tail.start("comment") >= 0:
                builder.comment(Span(tail.start("comment"), tail.end("comment")))
            position = tail.end()
        self.position, self.table_path = position, table_path
        source_map.resume = None


def _bare_parts(key: str, start: int) -> KeyParts:
    """The parts of a dotted key of bare keys without spaces (`agents.model`)."""
    parts = []
    for name in key.split("."):
        end = start + len(name)
        parts.append((name, _new_tuple(Span, (start, end))))
        start = end + 1
    return parts


def _key_parts(text: str, start: int, end: int) -> KeyParts:
    raw = text[start:end]
    if "." not in raw and raw[0] not in "\"'":  # one bare key: the common case
        return ((raw, Span(start, end)),)
    parts = []
    for part in _patterns().key_parts.finditer(text, start, end):
        name = part.group()
        parts.append((decode_key(name) if name[0] in "\"'" else name, Span(*part.span())))
    return parts


# -- values that span more than one token -----------------------------------------------------
def _items(flat: re.Match[str]) -> list[Value | _Comment]:
    """The items of a one-line array `flat_array` matched: group 1, then the atoms of group 2
    (searched only when there is more than one item)."""
    if flat.start(1) < 0:  # `[]`
        return []
    items: list[Value | _Comment] = [_new_tuple(Span, flat.span(1))]
    rest_start, rest_end = flat.span(2)
    if rest_start < rest_end:
        atoms = _patterns().atom.finditer(flat.string, rest_start, rest_end)
        items.extend(_new_tuple(Span, atom.span()) for atom in atoms)
    return items


def _container(text: str, position: int, depth: int) -> tuple[Value, int]:
    """The array or inline table opening at `position`, and where it ends."""
    if depth > _MAX_DEPTH:
        raise _NotSimple
    opening = text[position : position + 1]
    if opening == "[":
        return _array(text, position, depth)
    if opening == "{":
        return _inline_table(text, position, depth)
    raise _NotSimple


def _array(text: str, start: int, depth: int) -> tuple[_Array, int]:
    items: list[Value | _Comment] = []
    token_at = _patterns().array_token.match
    position = start + 1
    expect_value = True
    while True:
        token = token_at(text, position)
        if token is None:
            raise _NotSimple
        position = token.end()
        if token.start("atom") >= 0 or token.start("open") >= 0:
            if not expect_value:  # a second token for one value: a date-time with a space
                raise _NotSimple
            if token.start("atom") >= 0:
                items.append(Span(token.start("atom"), position))
            else:
                value, position = _container(text, token.start("open"), depth + 1)
                items.append(value)
            expect_value = False
        elif token.start("comma") >= 0:
            expect_value = True
        elif token.start("close") >= 0:
            return _Array(Span(start, position), items), position
        else:
            items.append(_Comment(Span(token.start("comment"), position)))


def _inline_table(text: str, start: int, depth: int) -> tuple[_Table, int]:
    pairs: list[tuple[KeyParts, int, Value]] = []
    patterns = _patterns()
    position = start + 1
    while True:
        token = patterns.inline_key.match(text, position)
        if token is None:
            raise _NotSimple
        if token.start("close") >= 0:  # `{}` (after a comma TOML 1.0 forbids it: tomllib did)
            return _Table(Span(start, token.end()), pairs), token.end()
        key_start = token.start("key")
        parts = _key_parts(text, key_start, token.end("key"))
        position = token.end()
        value: Value
        if token.start("atom") >= 0:
            value = Span(token.start("atom"), position)
        else:
            value, position = _container(text, position, depth + 1)
        pairs.append((parts, key_start, value))
        after = patterns.inline_next.match(text, position)
        if after is None:
            raise _NotSimple
        position = after.end()
        if after.start("comma") < 0:
            return _Table(Span(start, position), pairs), position


# -- feeding the builder in the syntax tree's order ---------------------------------------------
def _feed_pair(
    builder: MapBuilder, prefix: ConfigPath, parts: KeyParts, start: int, value: Value
) -> None:
    span = value if type(value) is Span else value.span  # type: ignore[union-attr]
    path = builder.pair(prefix, parts, span, start)
    if path is not None and type(value) is not Span:
        _feed_container(builder, path, value)  # type: ignore[arg-type]


def _feed_container(builder: MapBuilder, path: ConfigPath, value: _Array | _Table) -> None:
    if type(value) is _Table:
        for parts, start, item in value.pairs:
            _feed_pair(builder, path, parts, start, item)
        return
    _feed_items(builder, path, value.items)  # type: ignore[union-attr]


def _feed_items(builder: MapBuilder, path: ConfigPath, items: list[Value | _Comment]) -> None:
    """An array's elements (and the comments between them), at `path`."""
    index = 0
    for element in items:
        if type(element) is Span:  # an atom, the usual element: asked first
            builder.element(path, index, element)
        elif type(element) is _Comment:
            builder.comment(element.span)
            continue
        else:
            element_path = builder.element(path, index, element.span)  # type: ignore[union-attr]
            _feed_container(builder, element_path, element)  # type: ignore[arg-type]
        index += 1
