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

import sys
from bisect import bisect_left
from collections.abc import Iterable, Iterator
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


class Bodies:
    """Where a blanked line may stand: a body, then (`below`) the ones it may also stand in
    (more than one: see the module's doc). Linked, not copied: every line below a header
    left in an open value shares the bodies above it, so a chain of n such headers is n
    links, not n tuples of up to n bodies."""

    __slots__ = ("below", "body")

    def __init__(self, body: Body, below: Bodies | None = None) -> None:
        self.body = body
        self.below = below

    def __iter__(self) -> Iterator[Body]:
        node: Bodies | None = self
        while node is not None:
            yield node.body
            node = node.below

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bodies) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Bodies{tuple(self)!r}"


class BrokenLine(NamedTuple):
    line: int  # 1-based
    bodies: Bodies  # where it may stand
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
    bodies = Bodies(Body(()))  # before any header: the root table
    open_value = False  # a blanked key line above may have opened a multi-line value
    result: list[BrokenLine] = []
    for number in range(1, lines.line_count + 1):
        if number in header_lines:
            bodies = Bodies(Body(header_lines[number]))
            open_value = False
        text = lines.line_text(number).strip()
        if not text or text.startswith("#"):
            continue
        if number not in blanked:
            open_value = False
            continue
        if HEADER_SHAPED.match(text):
            header = Body(None, read_header(text), number)
            alone = Bodies(header)
            # After a key line left open (`task_names = [`), this line may be a value of it.
            bodies = Bodies(header, bodies) if open_value else alone
            result.append(BrokenLine(number, alone, None, is_header=True))
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
    """Whether the blanked lines of a document could hold a path.

    The lines are indexed once (a lint asks about every absent key, and a broken file may
    have thousands of both): a `key = …` line by its whole path, in a trie of the paths its
    bodies of known tables give it; a broken header by its name, in a trie of the parts
    read; the keys of the lines in broken headers' bodies, in one trie, by the numbers of
    the links of their bodies (`_Forest`: the lines in the body of a header are a range of
    them, and a line below headers left in open values is filed once, not under each). A
    question walks the tries along its path, so it visits only the names that can be its
    table, a table above it, or one below it, and asks each name about all the header lines
    where it stands at once (sorted: a path through an array of tables reaches only the
    lines of one entry, a range), and about the keys by chain of links, not link by link."""

    def __init__(self, broken: Iterable[BrokenLine], source_map: SourceMap, lines: LineIndex):
        self.broken = tuple(broken)
        self.source_map = source_map
        self.lines = lines
        self._pairs: _PathNode | None = None  # the trie of the paths of `key = …` lines
        self._headers: _NameNode | None = None  # the trie of the names of broken headers
        self._always: list[_Name] = []  # the names read as nothing (`[`): asked every time
        self._entry_lines: dict[ConfigPath, list[int]] = {}
        self._ranges: dict[tuple[ConfigPath, bool], tuple[int, int] | None] = {}
        self._index()

    def _index(self) -> None:
        forest = self._forest = _Forest(self.broken)
        links, number, below_of = forest.links, forest.number, forest.below
        # The bodies of known tables: the number of a link's nearest one, at it or below.
        tables = [-1] * len(links)
        for at, link in enumerate(links):
            below = below_of[at]
            tables[at] = at if link.body.header is None else -1 if below < 0 else tables[below]
        held = [0] * (len(links) + 1)  # how many key lines start at the links before
        self._keys = keys = _KeyNode()  # the keys read, by the numbers of their lines' links
        unread: list[int] = []
        for line in self.broken:
            at = number[id(line.bodies)]
            key = line.key
            table = tables[at]
            while table >= 0:  # (one at most, at the root, in the lines the parser reads)
                path = links[table].body.table
                assert path is not None
                self._add_pair(path if key is None else (*path, *key))
                below = below_of[table]
                table = -1 if below < 0 else tables[below]
            if line.is_header:
                continue  # the header line itself makes only tables
            held[at + 1] += 1
            if key is None:
                unread.append(at)
            else:
                node = keys
                for part in key:
                    node = node.child(part)
                    node.through.append(at)
                node.ends.append(at)
        for at in range(len(links)):
            held[at + 1] += held[at]
        keys.finish()
        self._unread = _sorted(unread)
        names: dict[HeaderName, _Name] = {}
        for at, link in enumerate(links):
            header = link.body.header
            if header is None:
                continue
            name = names.get(header)
            if name is None:
                name = names[header] = _Name(header)
            name.lines.append(link.body.line)
            end = forest.end[at]
            if held[end] > held[at]:  # some key line stands in this body
                name.links.append((link.body.line, at, end))
        if names:  # (most broken files have only a key line or two)
            self._headers = _NameNode()
            for name in names.values():
                name.finish(forest.chains)
                self._add_name(self._headers, name)
            self._headers.finish()

    def _add_pair(self, path: ConfigPath) -> None:
        node = self._pairs
        if node is None:
            node = self._pairs = _PathNode()
        for part in path:
            below = node.children.get(part)
            if below is None:
                below = node.children[part] = _PathNode()
            node = below
        node.end = True

    def _add_name(self, node: _NameNode, name: _Name) -> None:
        header = name.header
        parts = header.parts
        if header.tail == "any" or not parts:
            self._always.append(name)
            return
        for part in parts[:-1]:
            node.add_below(header, name.lines)
            node = node.child(part)
        node.add_below(header, name.lines)  # the names strictly below each node on the way
        if header.tail == "cut":  # kept one level up: `[agents.mo` may be `agents.model`
            node.cut.setdefault(parts[-1], []).append(name)
        else:
            node.child(parts[-1]).names.append(name)

    def could_hold(self, path: ConfigPath, *, table: bool = True) -> bool:
        """Whether a blanked line may have defined `path`, a table or key above it (so that
        `path` would exist) or a key below it (so that the table `path` would not be empty).
        `table`: a table at `path` would count (a header can make only tables)."""
        if self._pairs is not None and self._pair_holds(self._pairs, path):
            return True
        keys = tuple(part for part in path if isinstance(part, str))
        for name in self._always:
            if self._name_holds(name, path, keys, table):
                return True
        node = self._headers
        if node is None:
            return False
        for part in keys:
            for name in (*node.names, *node.cut_names(part)):  # `keys` so far; cut: one more
                if self._name_holds(name, path, keys, table):
                    return True
            below = node.children.get(part)
            if below is None:
                return False
            node = below
        for name in node.names:  # exactly `keys`
            if self._name_holds(name, path, keys, table):
                return True
        # The names longer than `keys` (each can only be a table below `path`).
        return table and self._below_holds(node, path, keys)

    @staticmethod
    def _pair_holds(node: _PathNode, path: ConfigPath) -> bool:
        """Whether the path of a `key = …` line is `path`, above it or below it."""
        if node.end:
            return True
        for part in path:
            below = node.children.get(part)
            if below is None:
                return False
            if below.end:
                return True
            node = below
        return True  # some line's path goes on below `path`

    def _below_holds(self, node: _NameNode, path: ConfigPath, keys: tuple[str, ...]) -> bool:
        """Whether a header longer than `keys`, named below them, can open a table below
        `path` (a header line makes only tables, and can be nothing shorter)."""
        if node.below_double and len(keys) == len(path):
            return True  # `[[path.x]]`: a new entry of an array below `path`
        if node.below_exact and _any_in(node.below_exact, self._range(path, exact=True)):
            return True
        return bool(node.below_other) and _any_in(node.below_other, self._range(path, exact=False))

    def _name_holds(
        self, name: _Name, path: ConfigPath, keys: tuple[str, ...], table: bool
    ) -> bool:
        """Whether a broken header of this name, on one of its lines, or a line of its body
        may hold `path`."""
        header = name.header
        exact = header.tail == "exact"
        if table and header.names_under(keys):
            # `[path]` or `[path.x]` makes the table `path`; `[[path]]`, `[[path.x]]` too,
            # with the body in a new entry.
            if header.double is not False and len(keys) == len(path):
                return True
            if not header.double and _any_in(name.lines, self._range(path, exact=exact)):
                return True
        if header.double:
            # The body of `[[x]]` is a new entry of an array, which no path of the values
            # read names.
            return False
        last = len(path) if table else len(path) - 1
        count = 0  # the keys in `path[:depth]`
        for depth in range(1, last + 1):
            if isinstance(path[depth - 1], int):
                continue
            count += 1
            if not header.names(keys[:count]):
                continue
            opened = path[:depth]
            entry = self.source_map.get(opened)
            if entry is not None and entry.kind != "implicit" and not exact:
                continue  # defined already: no header opens it again
            if self._holds_key(name, path[depth:], self._range(opened, exact=exact)):
                return True
        return False

    def _holds_key(self, name: _Name, rest: ConfigPath, reach: tuple[int, int] | None) -> bool:
        """Whether a line of the body of one of the headers `name` on a line in `reach` has
        a key that is `rest`, above it or below it (or a key that cannot be read)."""
        if reach is None:
            return False
        roots = self._forest.root
        if self._unread and name.reaches(self._unread, reach, roots):
            return True
        node = self._keys
        for part in rest:
            below = node.children.get(part) if isinstance(part, str) else None
            if below is None:
                return False
            if below.ends and name.reaches(below.ends, reach, roots):
                return True
            node = below
        return name.reaches(node.through, reach, roots)

    def _range(self, path: ConfigPath, *, exact: bool) -> tuple[int, int] | None:
        """The lines [first, end) where a header can name `path`: each array index in it is
        the array's last entry above the line (the one a header there belongs to), and
        (unless the header names it `exact`ly) no value is on the way; None: no line."""
        cache_key = (path, exact)
        if cache_key in self._ranges:
            return self._ranges[cache_key]
        first, end = 0, _NO_END
        found: tuple[int, int] | None = None
        for depth, part in enumerate(path):
            if isinstance(part, int):
                starts = self._entries_above(path[:depth])
                if not 0 <= part < len(starts):
                    break
                first = max(first, starts[part])
                if part + 1 < len(starts):
                    end = min(end, starts[part + 1])
            elif not exact:
                entry = self.source_map.get(path[: depth + 1])
                if entry is not None and entry.kind == "pair":
                    break  # a value: no header reaches into it
        else:
            found = (first, end) if first < end else None
        self._ranges[cache_key] = found
        return found

    def _entries_above(self, array: ConfigPath) -> list[int]:
        """For each entry of the array of tables `array` in turn (up to the first without a
        header), the last line of a header of it or of an entry before it: the last entry
        whose header is above a line is the one just before the first of these past it."""
        starts = self._entry_lines.get(array)
        if starts is None:
            starts = self._entry_lines[array] = []
            line = 0
            index = 0
            while (entry := self.source_map.get((*array, index))) is not None:
                if entry.header is None:
                    break
                line = max(line, self.lines.position(entry.header.start).line)
                starts.append(line)
                index += 1
        return starts


_NO_END = sys.maxsize  # no line ends a range


def _any_in(lines: list[int], reach: tuple[int, int] | None) -> bool:
    """Whether the sorted `lines` have one in the range [first, end)."""
    if reach is None:
        return False
    at = bisect_left(lines, reach[0])
    return at < len(lines) and lines[at] < reach[1]


def _sorted(lines: list[int]) -> list[int]:
    return sorted(set(lines))


class _Forest:
    """The links of the blanked lines' bodies, each read once however many lines share it.

    Each link points to the one below it, so they make a forest; numbered in the order of a
    walk from the roots (a link before the ones above it), the links at a link or above it
    are a range of numbers, [its number, its `end`): a key line whose bodies start at one of
    them stands in the body of the link. `chains`: no link has two above it (the parser
    links each header only to the bodies of the line before), so each range is the rest of
    a chain and `root` gives the number where that chain starts."""

    __slots__ = ("below", "chains", "end", "links", "number", "root")

    def __init__(self, broken: tuple[BrokenLine, ...]) -> None:
        seen: set[int] = set()
        above: dict[int, list[Bodies]] = {}  # id(link) -> the links pointing to it
        roots: list[Bodies] = []
        for line in broken:
            link: Bodies | None = line.bodies
            while link is not None and id(link) not in seen:
                seen.add(id(link))
                if link.below is None:
                    roots.append(link)
                else:
                    above.setdefault(id(link.below), []).append(link)
                link = link.below
        self.chains = all(len(links) == 1 for links in above.values())
        self.number: dict[int, int] = {}  # id(link) -> its number
        self.links: list[Bodies] = []  # by number
        self.end: list[int] = []
        stack = [(root, False) for root in reversed(roots)]
        while stack:
            link, done = stack.pop()
            if done:
                self.end[self.number[id(link)]] = len(self.links)
                continue
            self.number[id(link)] = len(self.links)
            self.links.append(link)
            self.end.append(0)
            stack.append((link, True))
            stack.extend((up, False) for up in reversed(above.get(id(link), ())))
        self.below = [
            -1 if link.below is None else self.number[id(link.below)] for link in self.links
        ]
        self.root = list(range(len(self.links)))
        for at, below in enumerate(self.below):
            if below >= 0:
                self.root[at] = self.root[below]


class _PathNode:
    """A node of the trie of the paths of the `key = …` lines (their table's and key's)."""

    __slots__ = ("children", "end")

    def __init__(self) -> None:
        self.children: dict[str | int, _PathNode] = {}
        self.end = False  # a line's path ends here


class _KeyNode:
    """A node of the trie of the keys read on the blanked lines, with the numbers of their
    lines' links (sorted, see `_Forest`) where a key ends here, or goes through here."""

    __slots__ = ("children", "ends", "through")

    def __init__(self) -> None:
        self.children: dict[str, _KeyNode] = {}
        self.ends: list[int] = []
        self.through: list[int] = []

    def child(self, part: str) -> _KeyNode:
        node = self.children.get(part)
        if node is None:
            node = self.children[part] = _KeyNode()
        return node

    def finish(self) -> None:
        stack = [self]
        while stack:
            node = stack.pop()
            node.ends = _sorted(node.ends)
            node.through = _sorted(node.through)
            stack.extend(node.children.values())


class _Name:
    """Every broken header of one name: the lines of the headers (sorted), and the links of
    the chains of bodies where it stands with a key line at or above them (by number, with
    the end of the range of numbers each holds, and the header's line)."""

    __slots__ = ("chains", "ends", "header", "lines", "links", "numbers", "starts")

    def __init__(self, header: HeaderName) -> None:
        self.header = header
        self.lines: list[int] = []
        self.links: list[tuple[int, int, int]] = []  # (line, number, end)
        self.starts: list[int] = []  # by link, in the order of their numbers: the lines
        self.numbers: list[int] = []
        self.ends: list[int] = []
        self.chains = False  # every link's range is the rest of its chain, lines in order

    def finish(self, chains: bool) -> None:
        self.lines = _sorted(self.lines)
        self.links.sort(key=lambda link: link[1])
        self.starts = [line for line, _, _ in self.links]
        self.numbers = [number for _, number, _ in self.links]
        self.ends = [end for _, _, end in self.links]
        starts = self.starts
        self.chains = chains and all(starts[at] <= starts[at + 1] for at in range(len(starts) - 1))

    def reaches(self, held: list[int], reach: tuple[int, int], roots: list[int]) -> bool:
        """Whether a header of this name on a line in `reach` holds a key line whose link has
        a number in `held` (sorted): one at the header's link or above it."""
        numbers, ends = self.numbers, self.ends
        if not self.chains:  # (links the parser never makes: each asked in turn)
            for line, number, end in self.links:
                if reach[0] <= line < reach[1]:
                    at = bisect_left(held, number)
                    if at < len(held) and held[at] < end:
                        return True
            return False
        # The links are chains (each link's range: the rest of its chain), numbered with the
        # lines in order: the headers on the lines of `reach` are a run of them.
        at = bisect_left(self.starts, reach[0])
        stop = bisect_left(self.starts, reach[1], at)
        while at < stop:
            found = bisect_left(held, numbers[at])
            if found == len(held):
                return False
            number = held[found]
            if number < ends[at]:
                return True
            # No key line above this link in its chain, nor in the chains up to the one of
            # `number`: the next link that can hold one is in that chain, or after it.
            at = bisect_left(numbers, max(ends[at], roots[number]), at + 1, stop)
        return False


class _NameNode:
    """A node of the trie of broken header names, by their parts read: the names of exactly
    these parts, the names cut one part further (by that part), and the header lines of
    the names strictly below (which can open a table below any path that leads here)."""

    __slots__ = ("below_double", "below_exact", "below_other", "children", "cut", "names")

    def __init__(self) -> None:
        self.children: dict[str, _NameNode] = {}
        self.names: list[_Name] = []
        self.cut: dict[str, list[_Name]] = {}
        self.below_double = False  # a name below may be `[[…]]`
        self.below_exact: list[int] = []  # the lines of the names below closed by `]`
        self.below_other: list[int] = []  # … and of the others (neither may be `[[…]]`)

    def child(self, part: str) -> _NameNode:
        node = self.children.get(part)
        if node is None:
            node = self.children[part] = _NameNode()
        return node

    def add_below(self, header: HeaderName, lines: list[int]) -> None:
        if header.double is not False:
            self.below_double = True
        if not header.double:
            (self.below_exact if header.tail == "exact" else self.below_other).extend(lines)

    def cut_names(self, part: str) -> Iterator[_Name]:
        """The names cut one part below this node whose last part starts `part`."""
        cut = self.cut
        if not cut:
            return
        if len(cut) <= len(part):
            for start, names in cut.items():
                if part.startswith(start):
                    yield from names
        else:
            for size in range(len(part) + 1):
                yield from cut.get(part[:size], ())

    def finish(self) -> None:
        stack = [self]
        while stack:
            node = stack.pop()
            node.below_exact = _sorted(node.below_exact)
            node.below_other = _sorted(node.below_other)
            stack.extend(node.children.values())


def _key(text: str) -> tuple[str, ...] | None:
    """The (dotted) key a `key = value` line starts with, or None when it cannot be read."""
    match = _PAIR.match(text)
    if match is None:
        return None
    return tuple(decode_key(part) for part in _PART.findall(match.group(1)))
