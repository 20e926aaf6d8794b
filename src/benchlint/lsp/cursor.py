"""Reading a document for hover, symbols and code actions: tree-sitter's map of where each
key, value and table header stands, and the value of any single token.

One pass over the text, broken lines included: the engine's own parse recovers from syntax
errors by re-parsing, which costs far more than an editor request can wait for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..core.lazy import lazy
from ..core.paths import ConfigPath
from ..core.text import LineIndex
from ..parsing import toml_values
from ..parsing.sourcemap import Comment, SourceMap, Span, build_source_map
from ..parsing.string_spans import StringSpans

Part = Literal["key", "value", "header"]


@dataclass(frozen=True)
class Item:
    path: ConfigPath
    part: Part
    span: Span


class Reading:
    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = LineIndex(text)
        self.source_map: SourceMap = build_source_map(text, self.lines)

    @lazy
    def comments_by_line(self) -> dict[int, list[Comment]]:
        """The comments that start on each (1-based) line."""
        by_line: dict[int, list[Comment]] = {}
        for comment in self.source_map.comments:
            by_line.setdefault(self.lines.position(comment.span.start).line, []).append(comment)
        return by_line

    @lazy
    def ignore_lists(self) -> dict[int, tuple[frozenset[str], int]]:
        """Per (1-based) line, the codes of the first `# benchlint: ignore[...]` comment that
        starts on it and where its list of codes ends: read once per version (a whole-file
        request asks once per diagnostic, and a line may have as many as it names codes)."""
        from ..lint.suppression import IGNORE_COMMENT

        lists: dict[int, tuple[frozenset[str], int]] = {}
        for line, comments in self.comments_by_line.items():
            for comment in comments:
                match = IGNORE_COMMENT.search(comment.text)
                if match is not None:
                    codes = (c.strip().upper() for c in match.group("codes").split(","))
                    end = comment.span.start + match.end("codes")
                    lists[line] = (frozenset(code for code in codes if code), end)
                    break
        return lists

    @lazy
    def may_hold_multiline_strings(self) -> bool:
        """Whether the text has a triple quote (asked once per diagnostic by a whole-file
        request: a search per diagnostic read the whole text each time)."""
        return '"""' in self.text or "'''" in self.text

    @lazy
    def newline(self) -> str:
        """The line break a new line gets: CRLF when the text has one."""
        return "\r\n" if "\r\n" in self.text else "\n"

    @lazy
    def values(self) -> dict[str, Any] | None:
        """The whole text's values, when it is valid TOML (None when it is not)."""
        try:
            return toml_values.loads(self.text)
        except (ValueError, RecursionError):  # ValueError: TOMLDecodeError, or an int too long
            return None

    @lazy
    def multiline_strings(self) -> StringSpans:
        """Where this version's multi-line strings are (meaningful when `values` is not None)."""
        return StringSpans(self.text)

    def value(self, path: ConfigPath) -> Any:
        """The value written at `path`, read from its own token (None when unreadable)."""
        entry = self.source_map.get(path)
        if entry is None or entry.value is None:
            return None
        token = self.text[entry.value.start : entry.value.end]
        try:
            return toml_values.loads(f"v = {token}")["v"]
        except (ValueError, RecursionError):  # ValueError: TOMLDecodeError, or an int too long
            return None

    def string(self, path: ConfigPath) -> str | None:
        value = self.value(path)
        return value if isinstance(value, str) else None

    def model_type(self, path: ConfigPath) -> str | None:
        """The `type` of the agent model a path lies in (`agents[i].model...`), if written."""
        if len(path) >= 3 and path[0] == "agents" and path[2] == "model":
            return self.string(("agents", path[1], "model", "type"))
        return None

    def item_at(self, offset: int) -> Item | None:
        """The innermost key, value or header containing `offset` (its end included, so that
        a cursor right after a word still finds it); deeper paths win ties."""
        best: Item | None = None
        for path, entry in self.source_map.entries.items():
            parts: tuple[tuple[Part, Span | None], ...] = (
                ("value", entry.value),
                ("key", entry.key),
                ("header", entry.header),
            )
            for part, span in parts:
                if span is None or not span.start <= offset <= span.end:
                    continue
                if best is None or _narrower(span, path, best):
                    best = Item(path, part, span)
        return best


def _narrower(span: Span, path: ConfigPath, than: Item) -> bool:
    width, best_width = span.end - span.start, than.span.end - than.span.start
    return width < best_width or (width == best_width and len(path) > len(than.path))
