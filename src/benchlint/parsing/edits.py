"""Text edits that fixes are made of, computed from the source map.

Every helper returns one `Edit` over the *original* text (or None when the text has no shape
it can edit safely) and keeps what it does not touch:

- it replaces exactly one key or value, or removes/inserts whole lines with the line ending of
  the neighbouring line and the indentation of the table around them;
- a removed line's comments stay where they are ("fixes keep every comment"), and no edit
  copies text of the file back in: an edit holds only what the fix writes;
- an item of a one-line array or inline table goes with exactly one comma;
- keys are inserted where TOML puts them in the table they name: after the table's last
  key, so before any comment block and sub-table header that follows; into an inline table
  before its `}`; as a dotted key next to the dotted keys that made an implicit table.

The fixer re-parses every result anyway; these helpers aim never to need that safety net.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING

from ..core.diagnostic import Edit, Range
from ..core.paths import ConfigPath
from ..core.toml_syntax import toml_key
from .document import Document
from .span import Span

if TYPE_CHECKING:
    from weakref import WeakKeyDictionary

    from .mapping import Comment
    from .sourcemap import Entry


# -- lines -----------------------------------------------------------------------------------
def newline_of(text: str) -> str:
    """The file's line ending: CRLF when it has any, else LF."""
    return "\r\n" if "\r\n" in text else "\n"


def _ending_at(text: str, offset: int) -> str:
    """The line ending of the line holding `offset` (the file's own for a last line)."""
    at = text.find("\n", offset)
    if at < 0:
        return newline_of(text)
    return "\r\n" if at > 0 and text[at - 1] == "\r" else "\n"


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _line_end(text: str, offset: int) -> int:
    """Just after the line ending of the line holding `offset` (or the end of the text)."""
    at = text.find("\n", offset)
    return len(text) if at < 0 else at + 1


def _line_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The whole lines holding [start, end), line ending included."""
    return _line_start(text, start), _line_end(text, end)


def _rest_is_blank(text: str, offset: int) -> bool:
    """Only blanks, or a comment, from `offset` to the end of its line."""
    rest = text[offset : _line_end(text, offset)].strip()
    return not rest or rest.startswith("#")


def _alone_on_lines(text: str, start: int, end: int) -> bool:
    """[start, end) starts its line and is followed by nothing but a comment."""
    return not text[_line_start(text, start) : start].strip() and _rest_is_blank(text, end)


def _indent_at(text: str, offset: int) -> str:
    start = _line_start(text, offset)
    end = start
    while end < len(text) and text[end] in " \t":
        end += 1
    return text[start:end]


def _range(document: Document, start: int, end: int) -> Range:
    return document.lines.range(start, end)


def _insert(document: Document, at: int, new_text: str) -> Edit:
    return Edit(_range(document, at, at), new_text)


# -- replacing -------------------------------------------------------------------------------
def replace_span(document: Document, span: Span | None, new_text: str) -> Edit | None:
    if span is None:
        return None
    return Edit(_range(document, span.start, span.end), new_text)


def replace_key(document: Document, path: ConfigPath, new_key: str) -> Edit | None:
    """Rename the last key part of `path` (`new_key` as TOML text: see `toml_key`)."""
    entry = document.source_map.get(path)
    return replace_span(document, entry.key if entry else None, new_key)


def replace_value(document: Document, path: ConfigPath, new_value: str) -> Edit | None:
    """Replace the value at `path` (`new_value` as TOML text: see `toml_string`)."""
    entry = document.source_map.get(path)
    return replace_span(document, entry.value if entry else None, new_value)


# -- removing --------------------------------------------------------------------------------
def remove_pair(document: Document, path: ConfigPath) -> tuple[Edit, ...] | None:
    """Remove a `key = value` line (its comment stays, in place), or the pair and one comma
    inside an inline table."""
    entry = document.source_map.get(path)
    if entry is None or entry.pair is None:
        return None
    start, end = entry.pair.start, entry.pair.end
    if _alone_on_lines(document.text, start, end):
        return _remove_lines(document, start, end)
    return _remove_item(document, start, end)


def remove_element(document: Document, path: ConfigPath) -> tuple[Edit, ...] | None:
    """Remove one entry of an array with one separating comma; an entry on lines of its own
    goes with those lines (its comments stay)."""
    entry = document.source_map.get(path)
    if entry is None or entry.value is None or entry.kind != "element":
        return None
    text = document.text
    start, end = entry.value.start, entry.value.end
    comma = _comma_after(text, end, same_line=True)
    with_comma = end if comma is None else comma + 1
    if _alone_on_lines(text, start, with_comma) and (
        comma is not None or _comma_after(text, end, same_line=False) is None
    ):
        # The previous entry's comma may stay: TOML allows a trailing comma.
        return _remove_lines(document, start, with_comma)
    return _remove_item(document, start, end)


def _remove_lines(document: Document, start: int, end: int) -> tuple[Edit, ...]:
    """Remove the whole lines holding [start, end). A comment on them stays where it is, on
    its own line: only the text before it goes (a fix's edits hold only text the fix writes,
    never text of the file copied back in)."""
    text = document.text
    line_start, line_end = _line_bounds(text, start, end)
    comments = _comments_in(document, line_start, line_end)
    cuts: list[tuple[int, int]] = []
    at = line_start  # everything before `at` is decided
    for comment in comments:
        own_line = _line_start(text, comment.start)
        if own_line > at:
            cuts.append((at, own_line))  # whole lines without a comment
        code = max(at, own_line + len(_indent_at(text, own_line)), start)
        if code < comment.start:
            cuts.append((code, comment.start))  # the code before the comment, not its indent
        at = _line_end(text, comment.start)
    if at < line_end:
        cuts.append((at, line_end))
    return tuple(Edit(_range(document, a, b), "") for a, b in cuts if b > a)


def _remove_item(document: Document, start: int, end: int) -> tuple[Edit, ...]:
    """Remove an item of a comma-separated list (`[a, b]`, `{x = 1, y = 2}`) and one comma:
    the one after it, or, for the last item, the one before it."""
    text = document.text
    after = _comma_after(text, end, same_line=False)
    before = _comma_before(document, start)
    if after is not None:
        closer = _skip_blank(text, after + 1)
        if before is not None and closer < len(text) and text[closer] in "]}":
            # `[a, b,]`: keep the list's trailing-comma style, `[a,]`
            return (Edit(_range(document, before + 1, after + 1), ""),)
        stop = after + 1
        while stop < len(text) and text[stop] in " \t":
            stop += 1
        return (Edit(_range(document, start, stop), ""),)
    if before is not None:
        return (Edit(_range(document, before, end), ""),)
    return (Edit(_range(document, start, end), ""),)


def _skip_blank(text: str, offset: int) -> int:
    while offset < len(text) and text[offset] in " \t\r\n":
        offset += 1
    return offset


def _comma_after(text: str, end: int, *, same_line: bool) -> int | None:
    """The separating comma after an item: only blanks in between (never a comment)."""
    blanks = " \t" if same_line else " \t\r\n"
    at = end
    while at < len(text) and text[at] in blanks:
        at += 1
    return at if at < len(text) and text[at] == "," else None


def _comma_before(document: Document, start: int) -> int | None:
    """The separating comma before an item: only blanks in between (never a comment)."""
    text = document.text
    at = start
    while at > 0 and text[at - 1] in " \t\r\n":
        at -= 1
    if at == 0 or text[at - 1] != ",":
        return None
    comma = at - 1
    if _in_comment(document, comma):
        return None  # a comment ending in a comma, not a separator
    return comma


def _comments_in(document: Document, start: int, end: int) -> list[Span]:
    """The spans of the comments starting in [start, end), in the document's order."""
    comments = document.source_map.comments
    if len(comments) <= _FEW_COMMENTS:
        return [comment.span for comment in comments if start <= comment.span.start < end]
    return _indexed(document, comments).starting_in(start, end)


def _in_comment(document: Document, offset: int) -> bool:
    """Whether a comment holds the character at `offset`."""
    comments = document.source_map.comments
    if len(comments) <= _FEW_COMMENTS:
        return any(c.span.start <= offset < c.span.end for c in comments)
    return _indexed(document, comments).cover(offset)


# Up to this many comments, a fix reads them all (as cheap as finding them); beyond, they are
# indexed once per document: every fix that removes an item asks, and a file may have
# thousands of both.
_FEW_COMMENTS = 16


class _Comments:
    """The comments of a document, found by offset."""

    __slots__ = ("comments", "ends", "ordered", "starts")

    def __init__(self, comments: list[Comment]) -> None:
        self.comments = comments
        self.starts = [comment.span.start for comment in comments]
        self.ordered = self.starts == sorted(self.starts)  # document order (else: one by one)
        self.ends: list[int] = []  # the furthest end of the comments up to each one
        furthest = -1
        for comment in comments:
            furthest = max(furthest, comment.span.end)
            self.ends.append(furthest)

    def starting_in(self, start: int, end: int) -> list[Span]:
        if not self.ordered:
            return [c.span for c in self.comments if start <= c.span.start < end]
        first = bisect_left(self.starts, start)
        last = bisect_left(self.starts, end, first)
        return [comment.span for comment in self.comments[first:last]]

    def cover(self, offset: int) -> bool:
        if not self.ordered:
            return any(c.span.start <= offset < c.span.end for c in self.comments)
        before = bisect_right(self.starts, offset)  # the comments starting at or before it
        return before > 0 and self.ends[before - 1] > offset


_INDEXED: WeakKeyDictionary[Document, _Comments] | None = None


def _indexed(document: Document, comments: list[Comment]) -> _Comments:
    global _INDEXED
    if _INDEXED is None:  # made on first use: `weakref` would cost every check its import
        from weakref import WeakKeyDictionary

        _INDEXED = WeakKeyDictionary()
    found = _INDEXED.get(document)
    if found is None:
        found = _INDEXED[document] = _Comments(comments)
    return found


# -- inserting -------------------------------------------------------------------------------
def insert_line_after(document: Document, path: ConfigPath, line: str) -> Edit | None:
    """Insert the pair `line` (`key = value`) next to the pair at `path`, in the same table:
    on the following line at the same indentation, with the same dotted prefix (`model.`)
    when that pair is written as a dotted key; inside an inline table, after a comma."""
    entry = document.source_map.get(path)
    if entry is None or entry.pair is None:
        return None
    text = document.text
    start, end = entry.pair.start, entry.pair.end
    prefix = text[start : entry.key.start] if entry.key else ""
    if not _alone_on_lines(text, start, end):
        return _insert(document, end, f", {prefix}{line}")
    line_end = _line_end(text, end)
    indent = text[_line_start(text, start) : start]
    newline = _ending_at(text, end)
    lead = "" if text.endswith("\n", 0, line_end) else newline
    return _insert(document, line_end, f"{lead}{indent}{prefix}{line}{newline}")


def insert_in_table(document: Document, table: ConfigPath, line: str) -> Edit | None:
    """Add the pair `line` (`key = value`) to the table at `path`, however it is written:
    after the last key under its `[header]`; before the `}` of an inline table; next to the
    dotted keys that define it; or, for a table that only exists because of a `[table.sub]`
    header, as a new `[table]` right above that header."""
    entry = document.source_map.get(table)
    if entry is None:
        return None
    if entry.header is not None and entry.body_end is not None:
        return _insert_under_header(document, entry, line)
    if entry.value is not None and document.text.startswith("{", entry.value.start):
        return _insert_inline(document, entry.value, line)
    if entry.kind in ("implicit", "dotted"):
        return _insert_implicit(document, table, entry, line)
    return None


def _insert_under_header(document: Document, entry: Entry, line: str) -> Edit:
    assert entry.header is not None and entry.body_end is not None
    text = document.text
    indent = (
        entry.indent if entry.body_end > entry.header.end else _indent_at(text, entry.header.start)
    )
    newline = _ending_at(text, entry.body_end)
    line_end = _line_end(text, entry.body_end)
    lead = "" if text.endswith("\n", 0, line_end) else newline
    return _insert(document, line_end, f"{lead}{indent}{line}{newline}")


def _insert_inline(document: Document, value: Span, line: str) -> Edit:
    text = document.text
    closing = value.end - 1  # the `}`
    last = closing
    while last > value.start + 1 and text[last - 1] in " \t":
        last -= 1
    if last == value.start + 1:  # `{}` or `{ }`
        return Edit(_range(document, value.start + 1, closing), line)
    return _insert(document, last, f", {line}")


def _insert_implicit(document: Document, table: ConfigPath, entry: Entry, line: str) -> Edit | None:
    """A table made by dotted keys (`tasks.categories = [...]`) gets another dotted key; one
    made by a sub-table header (`[tasks.sub]`) gets its own header above that one."""
    source_map = document.source_map
    direct = [
        (child.pair.start, path)
        for path, child in source_map.entries.items()
        if len(path) == len(table) + 1
        and path[: len(table)] == table
        and child.kind == "pair"
        and child.pair is not None
    ]
    if direct:
        return insert_line_after(document, max(direct)[1], line)
    text = document.text
    if entry.key is None:
        return None
    if not text[_line_start(text, entry.key.start) : entry.key.start].lstrip().startswith("["):
        return None
    # `[agents.x.y]` belongs to the last `[[agents]]` above it, and so will `[agents.x]`
    # right above it: array indices drop out of the name.
    name = ".".join(toml_key(part) for part in table if isinstance(part, str))
    return _insert_block_above(document, entry.key.start, [f"[{name}]", line])


def insert_table_before(document: Document, before: ConfigPath, lines: list[str]) -> Edit | None:
    """A new table, on lines of its own above the header of `before` and above the comment
    lines that sit right on top of that header (they describe it)."""
    entry = document.source_map.get(before)
    header = entry.header if entry else None
    if header is None:
        return None
    return _insert_block_above(document, header.start, lines)


def _insert_block_above(document: Document, offset: int, lines: list[str]) -> Edit:
    text = document.text
    comment_starts = {comment.span.start for comment in document.source_map.comments}
    at = _line_start(text, offset)
    while at > 0:
        previous = _line_start(text, at - 1)
        if previous + len(_indent_at(text, previous)) not in comment_starts:
            break
        at = previous
    newline = _ending_at(text, at)
    block = newline.join(lines) + newline + newline
    if at > 0 and text[_line_start(text, at - 1) : at].strip():
        block = newline + block  # a blank line between the table above and the new one
    return _insert(document, at, block)


def append_table(document: Document, lines: list[str]) -> Edit:
    """A new table at the end of the file, after one blank line."""
    text = document.text
    newline = newline_of(text)
    if not text.strip():
        lead = ""
    elif not text.endswith("\n"):
        lead = newline + newline
    elif text[_line_start(text, len(text) - 1) :].strip():
        lead = newline
    else:
        lead = ""  # the file already ends with a blank line
    return _insert(document, len(text), lead + newline.join(lines) + newline)


def set_key(
    document: Document,
    table: ConfigPath,
    key: str,
    value: str,
    *,
    new_table_before: tuple[ConfigPath, ...] = (),
) -> Edit | None:
    """Make `table.key = value` true: replace the value when the key is there, else add the
    key to the table, else create the table above the first of `new_table_before` that
    exists, else at the end of the file. `key` is a plain name, `value` TOML text."""
    if document.source_map.get((*table, key)) is not None:
        return replace_value(document, (*table, key), value)
    line = f"{toml_key(key)} = {value}"
    if document.source_map.get(table) is not None:
        return insert_in_table(document, table, line)
    if not table or any(isinstance(part, int) for part in table):
        return None
    header = "[" + ".".join(toml_key(str(part)) for part in table) + "]"
    for before in new_table_before:
        edit = insert_table_before(document, before, [header, line])
        if edit is not None:
            return edit
    return append_table(document, [header, line])
