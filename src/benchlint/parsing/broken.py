"""What the lines blanked after a syntax error could have said, by TOML's grammar.

A rule that reports something *absent* can still be trusted after a syntax error when no
blanked line could hold the absent path. Each blanked line (not blank, not a comment) is read
for what it can still say:

- a `key = …` line defines its key in the table whose body it stands in (the last header
  above it, or the root); a line whose key cannot be read may define any key of that table;
- a line shaped like a header (`[execut`, `[execution] x`, `agents.model]`) can only open a
  table its readable name allows: exactly that name when `]` closes it, or any name that
  starts with what was read when the line stops (or breaks) inside the name; the lines of its
  body define keys in that table.

And what TOML lets a line reach: a table defined by a header, by dotted keys or inline is
never opened again by another header (below `[tasks]`, a cut `[execut` cannot reopen the
`[execution]` above), a header that goes through an array of tables (`[agents.model]`)
belongs to the array's last entry above it, `[[agents]]` starts a new entry, and a header
makes a table, never a value (`[execution.judge_api_key_secret]` gives no secret name). Two
leniencies keep recovery from inventing errors: a header that names a defined table exactly
(`[execution]` twice: the parser refuses the second) may still be it, since the fix may be to
the first; and a header line below a key line left open (`task_names = [`) may be a value of
that array, so its body may still belong to the table above.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from ..core.paths import ConfigPath
from ..core.record import NamedTuple
from ..core.regex import lazy_regex
from ..core.text import LineIndex
from .header_shape import HEADER_SHAPED, KEY
from .mapping import SourceMap, decode_key

_PAIR = lazy_regex(rf"\s*({KEY}(?:\s*\.\s*{KEY})*)\s*=")
_PART = lazy_regex(KEY)
_OPENS = lazy_regex(r"\s*(?:\[|\"\"\"|''')")  # a value that may go on to later lines
_BARE = lazy_regex(r"[A-Za-z0-9_-]+")
_QUOTED = lazy_regex(r""""(?:[^"\\\n]|\\.)*"|'[^'\n]*'""")

# How a header's name may go on after the parts read: "exact" (closed by `]`), "open" (more
# parts may follow), "cut" (the last part may also be longer), "any" (nothing was readable).
Tail = Literal["exact", "open", "cut", "any"]


class HeaderName(NamedTuple):
    """What a broken header line can still name."""

    double: bool | None  # `[[…]]`; None: a lone `[` may become either
    parts: tuple[str, ...]
    tail: Tail

    def names(self, names: tuple[str, ...]) -> bool:
        """Whether the header can name exactly the table `names`."""
        count, parts = len(self.parts), self.parts
        if self.tail == "any":
            return True
        if self.tail == "exact":
            return names == parts
        if len(names) < count:
            return False
        if self.tail == "open":
            return names[:count] == parts
        return names[: count - 1] == parts[:-1] and names[count - 1].startswith(parts[-1])

    def names_under(self, names: tuple[str, ...]) -> bool:
        """Whether the header can name `names` or a table below it."""
        count, parts = len(self.parts), self.parts
        if self.tail == "any":
            return True
        if len(names) < count or (len(names) == count and self.tail != "cut"):
            return names == parts[: len(names)]
        if self.tail == "exact":
            return False
        return self.names(names)


class Body(NamedTuple):
    """The table a blanked line's body stands in: a known path, or a broken header's."""

    table: ConfigPath | None  # None: the table of `header`
    header: HeaderName | None = None
    line: int = 0  # the header's line (1-based), for what it can still reach there


class BrokenLine(NamedTuple):
    line: int  # 1-based
    bodies: tuple[Body, ...]  # where it may stand (more than one: see the module's doc)
    key: tuple[str, ...] | None  # its key; None: unreadable (any key of its table)
    is_header: bool = False  # the line is the broken header itself


def broken_lines(
    lines: LineIndex, source_map: SourceMap, blanked: frozenset[int]
) -> tuple[BrokenLine, ...]:
    """What each `blanked` line that held something (not blank, not a comment) may say;
    `lines` index the original text, `source_map` is the map of the text after blanking."""
    header_lines = {
        lines.position(entry.header.start).line: path
        for path in source_map.tables
        if (entry := source_map.get(path)) is not None and entry.header is not None
    }
    bodies: tuple[Body, ...] = (Body(()),)  # before any header: the root table
    open_value = False  # a blanked key line above may have opened a multi-line value
    result: list[BrokenLine] = []
    for number in range(1, lines.line_count + 1):
        if number in header_lines:
            bodies = (Body(header_lines[number]),)
            open_value = False
        text = lines.line_text(number).strip()
        if not text or text.startswith("#"):
            continue
        if number not in blanked:
            open_value = False
            continue
        if HEADER_SHAPED.match(text):
            header = Body(None, read_header(text), number)
            # After a key line left open (`task_names = [`), this line may be a value of it.
            bodies = (header, *bodies) if open_value else (header,)
            result.append(BrokenLine(number, (header,), None, is_header=True))
            open_value = False
            continue
        key = _key(text)
        result.append(BrokenLine(number, bodies, key))
        if key is not None:
            open_value = _OPENS.match(text.split("=", 1)[1]) is not None
    return tuple(result)


def read_header(text: str) -> HeaderName:
    """The name a header-shaped line can still give (see `HeaderName`)."""
    text = text.strip()
    if text.startswith("[["):
        double: bool | None = True
        at = 2
    elif text.startswith("["):
        double, at = False, 1
    else:  # `agents.model]`: a header missing its `[`, the name closed by `]`
        double, at = text.rstrip().split("#", 1)[0].rstrip().endswith("]]"), 0
    parts: list[str] = []
    while True:
        while at < len(text) and text[at] in " \t":
            at += 1
        bare = _BARE.match(text, at)
        quoted = None if bare else _QUOTED.match(text, at)
        part = bare or quoted
        if part is None:
            if not parts:
                lone = not text[at:].strip() or text[at:].lstrip().startswith("#")
                return HeaderName(None if lone and double is False else double, (), "any")
            return HeaderName(double, tuple(parts), "open")  # after a `.`: anything follows
        parts.append(decode_key(part.group()))
        at = part.end()
        while at < len(text) and text[at] in " \t":
            at += 1
        if text.startswith(".", at):
            at += 1
            continue
        if text.startswith("]", at):
            return HeaderName(double, tuple(parts), "exact")
        # The name stops or breaks here: a bare part may go on, a quoted one cannot.
        return HeaderName(double, tuple(parts), "cut" if bare and at == part.end() else "open")


class Reach:
    """Whether the blanked lines of a document could hold a path."""

    def __init__(self, broken: Iterable[BrokenLine], source_map: SourceMap, lines: LineIndex):
        self.broken = tuple(broken)
        self.source_map = source_map
        self.lines = lines

    def could_hold(self, path: ConfigPath, *, table: bool = True) -> bool:
        """Whether a blanked line may have defined `path`, a table or key above it (so that
        `path` would exist) or a key below it (so that the table `path` would not be empty).
        `table`: a table at `path` would count (a header can make only tables)."""
        return any(self._line_holds(line, path, table) for line in self.broken)

    def _line_holds(self, line: BrokenLine, path: ConfigPath, table: bool) -> bool:
        for body in line.bodies:
            if body.header is None:
                assert body.table is not None
                if self._pair_holds(body.table, line.key, path):
                    return True
            elif self._header_holds(body, line, path, table):
                return True
        return False

    @staticmethod
    def _pair_holds(table: ConfigPath, key: tuple[str, ...] | None, path: ConfigPath) -> bool:
        return _related(table if key is None else (*table, *key), path)

    def _header_holds(self, body: Body, line: BrokenLine, path: ConfigPath, table: bool) -> bool:
        header = body.header
        assert header is not None
        if table and self._can_open_under(header, body.line, path):
            return True  # `[path]` or `[path.x]` makes the table `path`
        if line.is_header or header.double:
            # The header line itself makes only tables; the body of `[[x]]` is a new entry of
            # an array, which no path of the values read names.
            return False
        last = len(path) if table else len(path) - 1
        for depth in range(1, last + 1):
            opened = path[:depth]
            if isinstance(opened[-1], int) or not self._can_open(header, body.line, opened):
                continue
            rest = path[depth:]
            if line.key is None or _related(line.key, rest):
                return True
        return False

    def _names(self, path: ConfigPath, at_line: int, *, exact: bool) -> tuple[str, ...] | None:
        """The header name of `path` at a line: its keys, when each array index in it is the
        array's last entry above that line (the one a header there belongs to), and (unless
        the header names it `exact`ly: see `_can_open`) no value is on the way."""
        names: list[str] = []
        for depth, part in enumerate(path):
            if isinstance(part, int):
                if part != self._last_entry(path[:depth], at_line):
                    return None
            else:
                entry = self.source_map.get(path[: depth + 1])
                if entry is not None and entry.kind == "pair" and not exact:
                    return None  # a value: no header reaches into it
                names.append(part)
        return tuple(names)

    def _can_open(self, header: HeaderName, at_line: int, path: ConfigPath) -> bool:
        """Whether the header at `at_line` can be `[path]`: a table no header, dotted key or
        value defines (one only named by a longer header may still be defined). A header
        that names it exactly may define it again: the parser refuses the second definition,
        but the fix may as well be in the first."""
        names = self._names(path, at_line, exact=header.tail == "exact")
        if names is None or not header.names(names):
            return False
        entry = self.source_map.get(path)
        return entry is None or entry.kind == "implicit" or header.tail == "exact"

    def _can_open_under(self, header: HeaderName, at_line: int, path: ConfigPath) -> bool:
        """Whether the header can be `[path]`, `[[path]]` or a table below `path`."""
        keys = tuple(part for part in path if isinstance(part, str))
        if header.double is not False and len(keys) == len(path) and header.names_under(keys):
            return True  # `[[path]]`, `[[path.x]]`: the body goes into a new entry
        if header.double:
            return False
        names = self._names(path, at_line, exact=header.tail == "exact")
        return names is not None and header.names_under(names)

    def _last_entry(self, array: ConfigPath, at_line: int) -> int | None:
        """The index of the last entry of the array of tables `array` whose header is above
        `at_line`."""
        last = None
        index = 0
        while (entry := self.source_map.get((*array, index))) is not None:
            if entry.header is None or self.lines.position(entry.header.start).line > at_line:
                break
            last = index
            index += 1
        return last


def _related(a: ConfigPath, b: ConfigPath) -> bool:
    """One path is the other or leads to it."""
    shorter = min(len(a), len(b))
    return a[:shorter] == b[:shorter]


def _key(text: str) -> tuple[str, ...] | None:
    """The (dotted) key a `key = value` line starts with, or None when it cannot be read."""
    match = _PAIR.match(text)
    if match is None:
        return None
    return tuple(decode_key(part) for part in _PART.findall(match.group(1)))
