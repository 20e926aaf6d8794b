"""Text geometry: the one place that converts between offsets, lines and columns.

Internally a position is a code-point offset into the decoded text. Public positions are
1-based (line, code-point column). Tree-sitter reports UTF-8 byte columns and the language
server speaks UTF-16 (or UTF-8) columns; the conversions all live here so that a line with
CJK or emoji before an error lands on the same character in every surface.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import Literal

from .diagnostic import Position, Range
from .lazy import lazy

Encoding = Literal["utf-8", "utf-16", "utf-32"]
_new_tuple = tuple.__new__


class LineIndex:
    """Line starts of a text, with conversions between its coordinate systems."""

    def __init__(self, text: str) -> None:
        self.text = text
        # row → each character's byte column in it (None: an ASCII line); see point_offset
        self._byte_starts: dict[int, list[int] | None] = {}
        # What `_counted` has read instead of building `line_starts`, and the last offset
        # it counted to, with its line (the next count starts there when it can).
        self._scanned = 0
        self._mark = (0, 1)

    @lazy
    def line_starts(self) -> list[int]:
        # Only "\n" ends a line in TOML (so not str.splitlines); split + accumulate is C-speed.
        lengths = [len(line) + 1 for line in self.text.split("\n")]
        return [0, *accumulate(lengths[:-1])]

    @property
    def line_count(self) -> int:
        return len(self.line_starts)

    def line_text(self, line: int) -> str:
        """The text of a 1-based line, without its line ending."""
        starts = self.line_starts
        if line < 1 or line > len(starts):
            return ""
        start = starts[line - 1]
        end = starts[line] - 1 if line < len(starts) else len(self.text)
        text = self.text[start:end]
        return text[:-1] if text.endswith("\r") else text

    def position(self, offset: int) -> Position:
        """1-based position of a code-point offset (clamped into the text)."""
        if offset < 0:
            offset = 0
        elif offset > len(self.text):
            offset = len(self.text)
        starts = self.line_starts
        line = bisect_right(starts, offset)
        # tuple.__new__ skips the named tuple's Python-level __new__: this runs per range end
        return _new_tuple(Position, (line, offset - starts[line - 1] + 1))

    def offset(self, position: Position) -> int:
        """Code-point offset of a 1-based position (clamped into its line)."""
        starts = self.line_starts
        line = max(1, min(position.line, len(starts)))
        start = starts[line - 1]
        end = starts[line] - 1 if line < len(starts) else len(self.text)
        return max(start, min(start + position.column - 1, end))

    def range(self, start: int, end: int) -> Range:
        """The range of [start, end) (code-point offsets; both clamped into the text)."""
        # position() twice, inlined: every diagnostic, edit and related place needs one.
        size = len(self.text)
        start = 0 if start < 0 else size if start > size else start
        end = start if end < start else size if end > size else end
        if "line_starts" not in self.__dict__:
            counted = self._counted(start, end)
            if counted is not None:
                return counted
        starts = self.line_starts
        first = bisect_right(starts, start)
        last = bisect_right(starts, end, first - 1)
        return _new_tuple(
            Range,
            (
                _new_tuple(Position, (first, start - starts[first - 1] + 1)),
                _new_tuple(Position, (last, end - starts[last - 1] + 1)),
            ),
        )

    def _counted(self, start: int, end: int) -> Range | None:
        """The range of [start, end) from counting line breaks (C loops over the text), or
        None once the counting would have read more than the whole text: a lint locates a
        handful of ranges, for which this costs less than building every line's start."""
        text = self.text
        mark, mark_line = self._mark
        if start < mark:
            mark, mark_line = 0, 1
        line_start = text.rfind("\n", 0, start) + 1
        cost = (start - mark) + (start - line_start) + (end - start)
        if self._scanned + cost > len(text):
            return None
        self._scanned += cost
        first = mark_line + text.count("\n", mark, start)
        between = text.count("\n", start, end)
        end_line_start = text.rfind("\n", start, end) + 1 if between else line_start
        self._mark = (start, first)
        return _new_tuple(
            Range,
            (
                _new_tuple(Position, (first, start - line_start + 1)),
                _new_tuple(Position, (first + between, end - end_line_start + 1)),
            ),
        )

    def point_offset(self, row: int, byte_column: int) -> int:
        """Tree-sitter's (0-based row, UTF-8 byte column) as a code-point offset. A lone
        surrogate (an editor may send one) takes 3 bytes, as the U+FFFD the tree reader puts
        in its place does."""
        if row >= self.line_count:
            return len(self.text)
        if row in self._byte_starts:
            starts = self._byte_starts[row]
        else:
            # Each character's byte column, built once per line: a syntax tree has many nodes
            # per line, and recovery reads the tree of a large file more than once.
            line = self.line_text(row + 1)
            starts = (
                None
                if line.isascii()
                else list(accumulate((client_width(ch, "utf-8") for ch in line), initial=0))
            )
            self._byte_starts[row] = starts
        column = byte_column if starts is None else bisect_right(starts, byte_column) - 1
        return self.line_starts[row] + column


def client_width(text: str, encoding: Encoding) -> int:
    """Length of `text` in code units of `encoding`."""
    if encoding == "utf-32" or text.isascii():
        return len(text)
    if encoding == "utf-16":
        return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)
    return len(text.encode("utf-8", "surrogatepass"))


def one_line(text: str) -> str:
    """`text` for a one-line message: quoted with escapes when it holds a newline, a NUL or
    another character that a terminal would not show as itself."""
    return text if text.isprintable() else repr(text)
