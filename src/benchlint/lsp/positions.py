"""Positions as the client counts them.

The engine speaks 1-based lines split at `\\n` and code-point columns. A client speaks
0-based lines split at `\\n`, `\\r\\n` *or* a lone `\\r` (LSP's definition), and columns in
the negotiated encoding (UTF-16 unless UTF-8 or UTF-32 was agreed). Every conversion goes
through a code-point offset, so the two line models never have to agree.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import accumulate

from lsprotocol import types as lsp

from ..core.diagnostic import Position, Range
from ..core.lazy import lazy
from ..core.regex import lazy_regex
from ..core.text import Encoding, LineIndex, client_width

_LINE_BREAK = lazy_regex(r"\r\n|\r|\n")
# Characters `str.splitlines` also breaks at, which LSP does not.
_OTHER_BREAKS = lazy_regex("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


class ClientText:
    """One version of a document's text, with conversions to and from client positions."""

    def __init__(self, text: str, encoding: Encoding) -> None:
        self.text = text
        self.encoding = encoding
        # 0-based line → each character's client column in it (None: one unit each), built
        # once per line: many positions on one long line must not each rescan it
        self._columns: dict[int, list[int] | None] = {}

    def _line_columns(self, line: int) -> list[int] | None:
        if line not in self._columns:
            content = self.text[self.line_starts[line] : self._content_end(line)]
            one_each = self.encoding == "utf-32" or content.isascii()
            self._columns[line] = (
                None
                if one_each
                else list(accumulate((client_width(c, self.encoding) for c in content), initial=0))
            )
        return self._columns[line]

    @lazy
    def line_starts(self) -> list[int]:
        text = self.text
        if _OTHER_BREAKS.search(text) is None:
            # `splitlines` breaks exactly at LSP's line ends here, and runs in C.
            starts = list(accumulate(map(len, text.splitlines(keepends=True)), initial=0))
            if text and text[-1] not in "\r\n":
                starts.pop()  # the text's end is not the start of another line
            return starts
        return [0, *(match.end() for match in _LINE_BREAK.finditer(text))]

    @lazy
    def engine_lines(self) -> LineIndex:
        return LineIndex(self.text)

    def _content_end(self, line: int) -> int:
        """Offset where a 0-based line's content ends (before its line break)."""
        starts = self.line_starts
        if line + 1 >= len(starts):
            return len(self.text)
        end = starts[line + 1] - 1
        if self.text[end] == "\n" and end > starts[line] and self.text[end - 1] == "\r":
            end -= 1
        return end

    # -- client -> offset ----------------------------------------------------------------------
    def offset(self, position: lsp.Position) -> int:
        """Code-point offset of a client position, clamped into the text (as LSP asks)."""
        starts = self.line_starts
        if position.line < 0:
            return 0
        if position.line >= len(starts):
            return len(self.text)
        start = starts[position.line]
        end = self._content_end(position.line)
        character = max(0, position.character)
        columns = self._line_columns(position.line)
        if columns is None:
            return start + min(character, end - start)
        return start + min(bisect_left(columns, character), end - start)

    # -- offset -> client ----------------------------------------------------------------------
    def position(self, offset: int) -> lsp.Position:
        """Client position of a code-point offset (inside a line break: the line's end)."""
        offset = max(0, min(offset, len(self.text)))
        line = bisect_right(self.line_starts, offset) - 1
        start = self.line_starts[line]
        offset = min(offset, self._content_end(line))
        columns = self._line_columns(line)
        return lsp.Position(line, offset - start if columns is None else columns[offset - start])

    def range(self, start: int, end: int) -> lsp.Range:
        return lsp.Range(self.position(start), self.position(max(start, end)))

    # -- engine <-> client ---------------------------------------------------------------------
    def engine_offset(self, position: Position) -> int:
        return self.engine_lines.offset(position)

    def from_engine(self, range_: Range) -> lsp.Range:
        """A diagnostic's (or fix's) range in client coordinates."""
        return self.range(self.engine_offset(range_.start), self.engine_offset(range_.end))

    def line_of(self, offset: int) -> int:
        """0-based client line of an offset."""
        return bisect_right(self.line_starts, max(0, min(offset, len(self.text)))) - 1

    def line_text(self, line: int) -> str:
        """A 0-based client line's content, without its line break."""
        if line < 0 or line >= len(self.line_starts):
            return ""
        return self.text[self.line_starts[line] : self._content_end(line)]

    def line_bounds(self, line: int) -> tuple[int, int]:
        """Offsets where a 0-based line's content starts and ends."""
        return self.line_starts[line], self._content_end(line)


def encoding_of(kind: str | None) -> Encoding:
    """The engine's name of a negotiated `PositionEncodingKind` (UTF-16 when unknown)."""
    if kind == "utf-8":
        return "utf-8"
    if kind == "utf-32":
        return "utf-32"
    return "utf-16"
