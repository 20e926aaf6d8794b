"""What the lines blanked after a syntax error could have said.

A rule that reports something *absent* can still be trusted after a syntax error when no
blanked line could hold the absent path. For each blanked line this module works out its
*reach*: the path it would define (the table it sits in, from the last readable header above
it, followed by its key), the table alone when its key cannot be read, or anything at all
when it could be a table header or its table is unknown (a broken header above it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from ..core.paths import ConfigPath
from ..core.text import LineIndex
from .header_shape import HEADER_SHAPED, KEY
from .mapping import SourceMap, decode_key
from .span import Span

_KEY = KEY
_PAIR = re.compile(rf"\s*({_KEY}(?:\s*\.\s*{_KEY})*)\s*=")
_PART = re.compile(_KEY)


class BrokenLine(NamedTuple):
    line: int  # 1-based
    reach: ConfigPath | None  # every path under it may be on the line; None: any path


def broken_lines(
    lines: LineIndex, source_map: SourceMap, blanked: frozenset[int]
) -> tuple[BrokenLine, ...]:
    """The reach of each `blanked` line that held something (not blank, not a comment);
    `lines` index the original text, `source_map` is the map of the text after blanking."""
    header_lines = {
        lines.position(header.start).line: path
        for path in source_map.tables
        if (header := _header(source_map, path)) is not None
    }
    table: ConfigPath | None = ()  # before any header: the root table
    result: list[BrokenLine] = []
    for number in range(1, lines.line_count + 1):
        if number in header_lines:
            table = header_lines[number]
        if number not in blanked:
            continue
        text = lines.line_text(number).strip()
        if not text or text.startswith("#"):
            continue
        if HEADER_SHAPED.match(text):
            table = None  # the lines below it belong to a table nobody can name
            result.append(BrokenLine(number, None))
            continue
        key = _key(text)
        if table is None:  # below a broken header
            result.append(BrokenLine(number, None))
        else:  # an unreadable key may be any key of its table
            result.append(BrokenLine(number, table if key is None else (*table, *key)))
    return tuple(result)


def could_hold(broken: Iterable[BrokenLine], path: ConfigPath) -> bool:
    """Whether a blanked line may have defined `path`, a table or key above it (so that
    `path` would exist) or a key below it (so that the table `path` would not be empty)."""
    for line in broken:
        reach = line.reach
        if reach is None:
            return True
        shorter = min(len(reach), len(path))
        if reach[:shorter] == path[:shorter]:
            return True
    return False


def _header(source_map: SourceMap, path: ConfigPath) -> Span | None:
    entry = source_map.get(path)
    return None if entry is None else entry.header


def _key(text: str) -> tuple[str, ...] | None:
    """The (dotted) key a `key = value` line starts with, or None when it cannot be read."""
    match = _PAIR.match(text)
    if match is None:
        return None
    return tuple(decode_key(part) for part in _PART.findall(match.group(1)))
