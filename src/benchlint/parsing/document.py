"""Reading a config: bytes to text, text to values, and recovery after a syntax error.

Values are always read with the grammar of `tomllib`, the parser the official CLI uses, so
the two never disagree about what a file says (`toml_values`: the same parser, compiled). When
the text is rejected, the offending lines are blanked (replaced by spaces, so every offset
stays where it was) and the rest is parsed again: an editor user is mid-keystroke most of the
time, and the parts that still parse deserve their diagnostics.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from ..core.diagnostic import Position
from ..core.lazy import lazy
from ..core.paths import ConfigPath, key_label, table_name
from ..core.record import NamedTuple
from ..core.regex import lazy_regex
from ..core.text import LineIndex
from .header_shape import HEADER_SHAPED as _HEADER_SHAPED
from .span import Span
from .toml_values import DecodeError, loads

if TYPE_CHECKING:
    from .broken import BrokenLine, Reach
    from .sourcemap import Entry, SourceMap

_POSITION = lazy_regex(r"\s*\((?:at line (\d+), column (\d+)|at end of document)\)$")
_DUPLICATE_HINTS = ("Cannot overwrite", "Cannot declare", "Cannot mutate")
_MAX_RECOVERY_ROUNDS = 24


class EncodingProblem(NamedTuple):
    """The bytes are not a text benchlint can read (BL002) or too many of them (BL003)."""

    code: str
    message: str


class SyntaxProblem(NamedTuple):
    """The first syntax error, where it is, and (for redefinitions) the first definition."""

    message: str
    span: Span
    related: Span | None = None


class Document:
    def __init__(
        self,
        text: str,
        data: dict[str, Any],
        syntax: SyntaxProblem | None = None,
        parse_text: str = "",  # the text after blanking; same geometry as `text`
        parsed: bool = True,  # tomllib accepted `parse_text or text` (recovery may give up)
        bom: SyntaxProblem | None = None,  # a byte-order mark at the start (read past)
        blanked: frozenset[int] = frozenset(),  # the lines recovery blanked (1-based)
    ) -> None:
        self.text = text
        self.data = data
        self.syntax = syntax
        self.parse_text = parse_text
        self.parsed = parsed
        self.bom = bom
        self.blanked = blanked

    @property
    def recovered(self) -> bool:
        """True when the values are partial because a syntax error was blanked out (a
        byte-order mark is not: the rest is read as if it were absent)."""
        return self.syntax is not None

    @property
    def valid(self) -> bool:
        """Whether the official parser accepts the text as it is."""
        return self.syntax is None and self.bom is None

    def problems(self) -> list[SyntaxProblem]:
        """The syntax problems BL001 reports: a byte-order mark, and the first error."""
        return [problem for problem in (self.bom, self.syntax) if problem is not None]

    @lazy
    def broken_lines(self) -> tuple[BrokenLine, ...]:
        """What each blanked line could have defined (see `parsing.broken`)."""
        from .broken import broken_lines  # only a file with a syntax error gets here

        return broken_lines(self.lines, self.source_map, self.blanked)

    @lazy
    def _reach(self) -> Reach:
        from .broken import Reach

        return Reach(self.broken_lines, self.source_map, self.lines)

    def could_hold(self, path: ConfigPath, *, table: bool = True) -> bool:
        """Whether `path` may be absent from the values only because a broken line was blanked
        out (always, when recovery gave up and nothing was read). `table`: whether a table at
        `path` would be what is missing (a broken header can make only tables)."""
        if not self.recovered:
            return False
        if not self.parsed:
            return True
        return self._reach.could_hold(path, table=table)

    @lazy
    def lines(self) -> LineIndex:
        return LineIndex(self.text)

    @lazy
    def source_map(self) -> SourceMap:
        from .sourcemap import build_source_map  # only a file with findings needs positions

        return build_source_map(self.parse_text or self.text, self.lines, valid=self.parsed)


def decode(content: bytes | str, max_size: int) -> str | EncodingProblem:
    """The text of a config, or why it cannot be read."""
    if isinstance(content, str):
        size = utf8_size_over(content, max_size)
        if size is not None:
            return too_large(size, max_size)
        try:
            content.encode("utf-8")
        except UnicodeEncodeError as error:
            return EncodingProblem(
                "BL002",
                "the text contains a character that is not valid Unicode (a lone surrogate "
                f"at {_where(content[: error.start])})",
            )
        text = content
    else:
        if len(content) > max_size:
            return too_large(len(content), max_size)
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError as error:
            before = content[: error.start].decode("utf-8", "replace")
            return EncodingProblem(
                "BL002",
                f"the file is not valid UTF-8 (byte 0x{content[error.start]:02x} at "
                f"{_where(before)}); TOML files must be UTF-8 text",
            )
    if "\x00" in text:
        return EncodingProblem(
            "BL002",
            f"the file contains a NUL byte (at {_where(text[: text.index(chr(0))])}); it looks "
            "like a binary file, not TOML text",
        )
    return text


def _where(before: str) -> str:
    """ "line L, column C" of the character that follows `before`."""
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    return f"line {line}, column {column}"


def utf8_size_over(text: str, limit: int) -> int | None:
    """The UTF-8 size of `text` when it is over `limit` bytes, else None (encoded only when
    it could be: each character takes at most 4 bytes)."""
    size = len(text)
    if size * 4 > limit:
        size = len(text.encode("utf-8", "surrogatepass"))
    return size if size > limit else None


def too_large(size: int, max_size: int) -> EncodingProblem:
    return EncodingProblem(
        "BL003",
        f"the file is {size:,} bytes, larger than the configured limit of {max_size:,}; "
        "nothing else was checked (raise `max-file-size` if this is intended)",
    )


BOM = "\ufeff"
BOM_MESSAGE = (
    "invalid TOML: the file starts with a byte-order mark (U+FEFF, an invisible character "
    "some editors write first), which TOML parsers refuse; remove it"
)


def parse(text: str) -> Document:
    """Values and, when the text is not valid TOML, its first syntax error and what parses.

    A byte-order mark at the start is a problem of its own: the rest of the text is read as
    if it were absent (a space takes its place, so every offset stays put)."""
    bom = SyntaxProblem(BOM_MESSAGE, Span(0, 1)) if text.startswith(BOM) else None
    source = " " + text[1:] if bom else text
    try:
        data = loads(source)
    # ValueError: a TOML error (`DecodeError`), or an integer longer than Python's limit on
    # digits (`sys.get_int_max_str_digits`); RecursionError: absurd nesting. The CLI's
    # `tomllib` fails on the last two as well.
    except (RecursionError, ValueError) as error:
        document = _recover(text, source, error)
        document.bom = bom
        return document
    return Document(text, data, None, source if bom else "", bom=bom)


def _recover(text: str, source: str, first_error: Exception) -> Document:
    lines = LineIndex(text)
    chars = list(source)
    blanked: set[int] = set()
    problem: SyntaxProblem | None = None
    # Without their tracebacks: a traceback holds this frame, which holds the error (a
    # cycle that would keep every round's text and map until the garbage collector runs).
    error = first_error.with_traceback(None)
    for _ in range(_MAX_RECOVERY_ROUNDS):
        current = "".join(chars)
        # The syntax tree is built only when tomllib's message is not enough (duplicates,
        # "at end of document", no progress): on a 1 MiB file it costs more than tomllib.
        source_map = cache(partial(_build_source_map, current, lines))
        # Only the first error is reported; after it, the parser's own line is enough to know
        # what to blank, and a syntax tree per round made a large broken paste take seconds.
        line = _error_line(error) if problem is not None else None
        if line is None:
            located = _locate(error, current, lines, source_map)
            if problem is None:
                problem = located
            line = lines.position(located.span.start).line
        to_blank = _lines_to_blank(line, lines, source_map, blanked)
        if not to_blank:
            break
        for number in to_blank:
            _blank_line(chars, lines, number)
        blanked.update(to_blank)
        current = "".join(chars)
        try:
            data = loads(current)
        except (RecursionError, ValueError) as next_error:  # as in `parse`
            error = next_error.with_traceback(None)
            continue
        return Document(text, data, problem, current, blanked=frozenset(blanked))
    assert problem is not None
    return Document(text, {}, problem, source, parsed=False, blanked=frozenset(blanked))


def _error_line(error: Exception) -> int | None:
    """The line a TOML error names, if it names one."""
    match = _POSITION.search(str(error)) if isinstance(error, DecodeError) else None
    return int(match.group(1)) if match and match.group(1) else None


def _build_source_map(text: str, lines: LineIndex) -> SourceMap:
    from .sourcemap import build_source_map

    return build_source_map(text, lines)


def _locate(
    error: Exception,
    text: str,
    lines: LineIndex,
    source_map: Callable[[], SourceMap],
) -> SyntaxProblem:
    """Where a tomllib error is, refined with the syntax tree's view of the same text."""
    if not isinstance(error, DecodeError):
        return _unreadable(error, text, source_map)
    raw = str(error)
    match = _POSITION.search(raw)
    message = raw[: match.start()] if match else raw
    pretty = _describe(message)
    if message.startswith(_DUPLICATE_HINTS) and source_map().duplicates:
        duplicate = source_map().duplicates[0]
        second = duplicate.second.header or duplicate.second.key or Span(0, 0)
        first = duplicate.first.header or duplicate.first.key
        return SyntaxProblem(_describe_duplicate(duplicate.path, duplicate.second), second, first)
    if match and match.group(1):
        at = lines.offset(Position(int(match.group(1)), int(match.group(2))))
        header = _header_missing_bracket(lines.line_text(int(match.group(1))))
        if header is not None:
            pretty = f"invalid TOML: a table header must open with `[`: write {header}"
        return SyntaxProblem(pretty + _inline_table_hint(text, at), _token_span(text, at))
    if source_map().errors:  # "at end of document": the syntax tree knows better where
        span = min(source_map().errors, key=lambda s: s.start)
        return SyntaxProblem(pretty, _nonempty(text, span))
    end = len(text.rstrip())
    line_start = text.rfind("\n", 0, end) + 1
    return SyntaxProblem(pretty, Span(line_start + _indent(text, line_start), max(end, line_start)))


def _unreadable(error: Exception, text: str, source_map: Callable[[], SourceMap]) -> SyntaxProblem:
    """A failure the parser reports without a position."""
    if isinstance(error, RecursionError):
        return SyntaxProblem("the file nests arrays or tables too deeply to be read", Span(0, 0))
    limit = sys.get_int_max_str_digits()
    # The integer that Python refused to convert: a value (the syntax tree tells values from
    # strings and comments) of more than `limit` digits (underscores do not count).
    for entry in source_map().entries.values() if limit else ():
        span = entry.value
        if span is None or span.end - span.start <= limit:
            continue
        token = text[span.start : span.end]
        if _INTEGER.fullmatch(token) and sum(ch.isdigit() for ch in token) > limit:
            return SyntaxProblem(
                f"an integer of more than {limit:,} digits cannot be read: Python refuses to "
                "convert it, and so does the official CLI",
                span,
            )
    return SyntaxProblem(f"the file cannot be read: {error}", Span(0, 0))


_INTEGER = lazy_regex(r"[+-]?[0-9](?:_?[0-9])*")


def _header_missing_bracket(line: str) -> str | None:
    """`[agents.model]` for a line `agents.model]` (a header that lost its opening `[`)."""
    body = line.split("#", 1)[0].strip()
    if body.startswith("[") or not _HEADER_SHAPED.match(body):
        return None
    return ("[[" if body.endswith("]]") else "[") + body


def _describe(message: str) -> str:
    """tomllib's message in the words of this tool (lower case, no parser jargon)."""
    message = message.rstrip(".")
    if message.startswith("A key has more than"):  # valid TOML, refused before reading
        return message[:1].lower() + message[1:]
    if message.startswith("Cannot overwrite a value"):
        return "invalid TOML: a key is defined twice"
    if message.startswith("Cannot declare"):
        return "invalid TOML: a table is defined twice"
    if message == "Illegal character '\\n'":
        return "invalid TOML: a string is not closed before the end of the line"
    if message.startswith("Cannot mutate immutable namespace"):
        return "invalid TOML: a table that was already defined inline or by value is extended"
    return "invalid TOML: " + message[:1].lower() + message[1:]


def _describe_duplicate(path: tuple[str | int, ...], second: Entry) -> str:
    if second.header is not None:
        return f"invalid TOML: table [{table_name(path)}] is defined twice"
    return f"invalid TOML: {key_label(path)} is defined twice"


def _inline_table_hint(text: str, at: int) -> str:
    """TOML 1.0 inline tables fit on one line: say so when the error follows an open `{`
    at the end of a line or on the next one."""
    line_end = text.find("\n", at)
    rest_of_line = text[at : len(text) if line_end < 0 else line_end]
    previous_line = text.rfind("\n", 0, max(0, text.rfind("\n", 0, at)))
    before = text[previous_line + 1 : at]
    opened = before.rfind("{")
    unclosed = opened >= 0 and "}" not in before[opened:]
    if unclosed and ("\n" in before[opened:] or not rest_of_line.strip()):
        return " (an inline table { ... } must fit on one line in TOML 1.0)"
    return ""


def _indent(text: str, line_start: int) -> int:
    count = 0
    while line_start + count < len(text) and text[line_start + count] in " \t":
        count += 1
    return count


def _token_span(text: str, at: int) -> Span:
    """The run of non-blank characters at `at`; at the end of a line (an unclosed string
    ends there), the empty span at `at`: the error's column is the parser's column."""
    at = min(at, len(text))
    end = at
    while end < len(text) and not text[end].isspace():
        end += 1
    return Span(at, end)


def _nonempty(text: str, span: Span) -> Span:
    if span.end > span.start:
        # Never spread a syntax error over many lines: keep its first line.
        newline = text.find("\n", span.start, span.end)
        return Span(span.start, newline) if newline > span.start else span
    return _token_span(text, span.start)


def _lines_to_blank(
    line: int, lines: LineIndex, source_map: Callable[[], SourceMap], done: set[int]
) -> list[int]:
    """The line at fault, plus the body of a broken table header (its keys would otherwise
    land in the table above)."""
    candidates = [line] if line not in done else []
    if not candidates:
        # No progress on that line: blank every line the syntax tree marks as broken.
        for span in source_map().errors:
            first = lines.position(span.start).line
            last = lines.position(span.end).line
            candidates.extend(n for n in range(first, last + 1) if n not in done)
        if not candidates:
            later = [n for n in range(line + 1, lines.line_count + 1) if n not in done]
            candidates = later[:1]
    result: list[int] = []
    for number in dict.fromkeys(candidates):
        result.append(number)
        if _HEADER_SHAPED.match(lines.line_text(number)):
            following = number + 1
            while following <= lines.line_count:
                stripped = lines.line_text(following).lstrip()
                if stripped.startswith("["):
                    break
                result.append(following)
                following += 1
    return [n for n in result if n not in done]


def _blank_line(chars: list[str], lines: LineIndex, number: int) -> None:
    start = lines.line_starts[number - 1]
    end = lines.line_starts[number] - 1 if number < lines.line_count else len(chars)
    for index in range(start, end):
        if chars[index] not in "\r\n":
            chars[index] = " "
