"""Text edits that fixes are made of, computed from the source map.

Every helper keeps the bytes it does not touch: it removes or inserts whole lines with the
file's own line ending and the table's own indentation, or replaces exactly one key or value.
"""

from __future__ import annotations

from .diagnostic import Edit, Range
from .parsing.document import Document
from .parsing.sourcemap import Span
from .rule import Path


def newline_of(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def _range(document: Document, start: int, end: int) -> Range:
    return document.lines.range(start, end)


def replace_span(document: Document, span: Span | None, new_text: str) -> Edit | None:
    if span is None:
        return None
    return Edit(_range(document, span.start, span.end), new_text)


def replace_key(document: Document, path: Path, new_key: str) -> Edit | None:
    entry = document.source_map.get(path)
    return replace_span(document, entry.key if entry else None, new_key)


def replace_value(document: Document, path: Path, new_value: str) -> Edit | None:
    entry = document.source_map.get(path)
    return replace_span(document, entry.value if entry else None, new_value)


def _line_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The whole lines holding [start, end), line ending included."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    return line_start, (len(text) if line_end < 0 else line_end + 1)


def _alone_on_lines(text: str, start: int, end: int) -> bool:
    line_start, line_end = _line_bounds(text, start, end)
    before = text[line_start:start]
    after = text[end:line_end].strip()
    return not before.strip() and (not after or after.startswith("#"))


def remove_pair(document: Document, path: Path) -> Edit | None:
    """Remove a `key = value` line (with its trailing comment), or the pair and its comma
    inside an inline table."""
    entry = document.source_map.get(path)
    if entry is None or entry.pair is None:
        return None
    start, end = entry.pair.start, entry.pair.end
    if _alone_on_lines(document.text, start, end):
        line_start, line_end = _line_bounds(document.text, start, end)
        return Edit(_range(document, line_start, line_end), "")
    return _remove_listed(document, start, end)


def remove_element(document: Document, path: Path) -> Edit | None:
    """Remove one entry of an array, with its separating comma."""
    entry = document.source_map.get(path)
    if entry is None or entry.value is None:
        return None
    text = document.text
    start, end = entry.value.start, entry.value.end
    after = end
    while after < len(text) and text[after] in " \t":
        after += 1
    if after < len(text) and text[after] == ",":
        end_with_comma = after + 1
        if _alone_on_lines(text, start, end_with_comma):
            line_start, line_end = _line_bounds(text, start, end_with_comma)
            return Edit(_range(document, line_start, line_end), "")
    if _alone_on_lines(text, start, end):
        line_start, line_end = _line_bounds(text, start, end)
        # the previous element's comma stays: TOML allows a trailing comma
        return Edit(_range(document, line_start, line_end), "")
    return _remove_listed(document, start, end)


def _remove_listed(document: Document, start: int, end: int) -> Edit:
    """Remove an item of a one-line list (`a, b, c` or `{x = 1, y = 2}`) and one comma."""
    text = document.text
    after = end
    while after < len(text) and text[after] in " \t":
        after += 1
    if after < len(text) and text[after] == ",":
        after += 1
        while after < len(text) and text[after] in " \t":
            after += 1
        return Edit(_range(document, start, after), "")
    before = start
    while before > 0 and text[before - 1] in " \t":
        before -= 1
    if before > 0 and text[before - 1] == ",":
        before -= 1
        return Edit(_range(document, before, end), "")
    return Edit(_range(document, start, end), "")


def insert_line_after(document: Document, path: Path, line: str) -> Edit | None:
    """Insert `line` after the line that ends the pair at `path`, at the same indentation."""
    entry = document.source_map.get(path)
    if entry is None or entry.pair is None:
        return None
    text = document.text
    if not _alone_on_lines(text, entry.pair.start, entry.pair.end):
        return None  # inside an inline table: no line of its own to add after
    line_start, line_end = _line_bounds(text, entry.pair.start, entry.pair.end)
    indent = text[line_start : entry.pair.start]
    newline = newline_of(text)
    prefix = "" if text.endswith("\n", 0, line_end) else newline
    return Edit(_range(document, line_end, line_end), f"{prefix}{indent}{line}{newline}")


def insert_in_table(document: Document, table: Path, line: str) -> Edit | None:
    """Append `key = value` as the last line of a table that has a header."""
    entry = document.source_map.get(table)
    if entry is None or entry.header is None or entry.body_end is None:
        return None
    text = document.text
    at = text.find("\n", entry.body_end)
    newline = newline_of(text)
    if at < 0:
        return Edit(
            _range(document, len(text), len(text)), f"{newline}{entry.indent}{line}{newline}"
        )
    return Edit(_range(document, at + 1, at + 1), f"{entry.indent}{line}{newline}")


def insert_table_before(document: Document, before: Path, lines: list[str]) -> Edit | None:
    """A new table, inserted on its own lines right above the header of `before`."""
    entry = document.source_map.get(before)
    header = entry.header if entry else None
    if header is None:
        return None
    text = document.text
    line_start = text.rfind("\n", 0, header.start) + 1
    newline = newline_of(text)
    block = newline.join(lines) + newline + newline
    return Edit(_range(document, line_start, line_start), block)


def append_table(document: Document, lines: list[str]) -> Edit:
    text = document.text
    newline = newline_of(text)
    lead = "" if not text or text.endswith("\n") else newline
    lead += newline if text.strip() else ""
    block = newline.join(lines) + newline
    return Edit(_range(document, len(text), len(text)), lead + block)
