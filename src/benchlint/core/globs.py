"""Glob patterns, matched without backtracking: `benchlint.globs` in the editor, and
`per-file-ignores` in the settings.

The syntax is VS Code's: `**` as a whole path segment spans any number of folders, `*` and
`?` stay inside one segment, `[abc]` / `[!abc]` are character classes and `{a,b}` are
alternatives. Patterns may come from a repository's own `.vscode/settings.json`, so matching
must cost no more than the pattern's length times the path's, whatever the pattern: no
regular expression (a pattern of many `**` made one backtrack for a minute), but segment by
segment and character by character, each pair of positions visited once. That product is
kept linear in the path by a bound on the pattern: its alternatives may hold at most
`_MAX_SEGMENTS` segments in all (`**/a/a/…/a{a,b}{a,b}…` of 1 KB took seconds against an
800-byte path), and a segment at most `_MAX_SEGMENT_LENGTH` characters (one name is matched
in time linear in the name, but each character costs operations on as many bits as the
segment has characters: `core.glob_segment`); a longer one is a settings error, and matches
nothing. No file name is that long.

Braces are read in one pass over the pattern (`{a}` repeated 300,000 times took seconds when
each brace copied the rest of the pattern, and each alternative grew by concatenation), and
`per-file-ignores` compiles its patterns once per settings into a `GlobSet`, which matches a
path only against the patterns a literal folder or name at a fixed place lets through.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import product

from .glob_segment import Segment

_MAX_ALTERNATIVES = 256  # `{a,b}{c,d}...` multiplies: past this, the braces are literal
_MAX_NESTING = 16  # `{a,{b,{c,...}}}`: deeper than this, the braces are literal
_MAX_SEGMENTS = 1024  # path segments over all of a pattern's alternatives
_MAX_SEGMENT_LENGTH = 1024  # characters of one segment of an alternative, braces expanded


def glob_problem(pattern: str) -> str | None:
    """Why a settings file or an editor cannot use `pattern`, or None: its braces stand for
    too many patterns. (Matching would treat them as literal; a user should hear of it.)"""
    if _counted(pattern) > _MAX_ALTERNATIVES:
        return (
            f"a pattern's `{{a,b}}` braces stand for more than {_MAX_ALTERNATIVES} patterns "
            f"(or nest deeper than {_MAX_NESTING} levels); use `*` or fewer alternatives"
        )
    if _too_long(pattern):
        return (
            f"a pattern's alternatives hold more than {_MAX_SEGMENTS} path segments in all; "
            "use `**` for a run of folders"
        )
    if len(pattern) > _MAX_SEGMENT_LENGTH and not _compiled(pattern):  # none is longer
        return (
            f"a path segment of the pattern (braces expanded) is longer than "
            f"{_MAX_SEGMENT_LENGTH} characters, which no file name is"
        )
    return None


def _too_long(pattern: str) -> bool:
    """Whether the pattern's alternatives may hold more than `_MAX_SEGMENTS` segments in all
    (each holds at most one more than the pattern has `/`), known without expanding them."""
    return (pattern.count("/") + 1) * _counted(pattern) > _MAX_SEGMENTS


@lru_cache(maxsize=256)
def _counted(pattern: str) -> int:
    """`alternatives(pattern)`, counted once per pattern (validating, bounding and compiling
    a pattern each ask)."""
    return alternatives(pattern)


def glob_match(pattern: str, path: str) -> bool:
    """Whether the whole of `path` (folders separated by `/`) matches `pattern`."""
    segments = path.split("/")
    return any(_match_segments(alternative, segments) for alternative in _compiled(pattern))


@lru_cache(maxsize=256)
def _compiled(pattern: str) -> tuple[tuple[str, ...], ...]:
    """`_compile`, remembered for the patterns asked about most recently (the editor's)."""
    return _compile(pattern)


def _compile(pattern: str) -> tuple[tuple[str, ...], ...]:
    """The pattern's alternatives, each as its segments, runs of `**` collapsed to one; none
    for a pattern too long to match in time linear in the path: too many segments, or one
    too long (`glob_problem` says so)."""
    if _too_long(pattern):
        return ()
    alternatives = _expand(pattern)
    compiled = []
    for alternative in alternatives:
        segments: list[str] = []
        for segment in alternative.split("/"):
            if len(segment) > _MAX_SEGMENT_LENGTH:
                return ()
            if segment == "**" and segments and segments[-1] == "**":
                continue
            segments.append(segment)
        compiled.append(tuple(segments))
    return tuple(compiled)


def _expand(pattern: str) -> list[str]:
    """`a{b,c}d` → `abd`, `acd` (nested braces too). Past `_MAX_ALTERNATIVES` alternatives
    or `_MAX_NESTING` levels the braces are literal: the count is made first, without
    expanding (`{a,b}` forty times is 2**40 alternatives, and expanding them to find out
    took exponential time). Literal as they stand: a segment's matcher reads `{`, `,` and `}`
    as themselves."""
    if _counted(pattern) > _MAX_ALTERNATIVES:
        return [pattern]
    return _expanded(pattern)


def _expanded(pattern: str, depth: int = 0) -> list[str]:
    """The alternatives, in order: the pattern read once, as runs of text between braces of
    several choices (a brace of one choice joins the run), each alternative joined once."""
    places: list[list[str]] = []  # the choices at each place, in order
    run: list[str] = []  # the text since the last brace of several choices
    at = 0
    while (brace := _top_brace(pattern, at)) is not None:
        start, end, options = brace
        run.append(pattern[at:start])
        choices = [item for option in options for item in _expanded(option, depth + 1)]
        if len(choices) == 1:
            run.append(choices[0])
        else:
            places += [["".join(run)], choices]
            run = []
        at = end + 1
    run.append(pattern[at:])
    places.append(["".join(run)])
    return ["".join(parts) for parts in product(*places)]


def alternatives(pattern: str, depth: int = 0) -> int:
    """How many patterns `pattern`'s braces stand for, `_MAX_ALTERNATIVES` + 1 meaning more
    (or nested deeper than `_MAX_NESTING`): the product over its braces of the sum over each
    brace's options. Each character is read once per level of braces around it, and none
    after the braces that make too many."""
    if depth > _MAX_NESTING:
        return _MAX_ALTERNATIVES + 1
    count, at = 1, 0
    while (brace := _top_brace(pattern, at)) is not None:
        _, end, options = brace
        inside = sum(alternatives(option, depth + 1) for option in options)
        count = count * inside
        if count > _MAX_ALTERNATIVES:
            return _MAX_ALTERNATIVES + 1  # more: no brace after it makes fewer
        at = end + 1
    return count


def _top_brace(pattern: str, at: int = 0) -> tuple[int, int, list[str]] | None:
    """The first `{...}` from `at` on, with its top-level options, or None (an unclosed `{`
    is literal, and so is all that follows it)."""
    start = pattern.find("{", at)
    if start < 0:
        return None
    depth, options, last = 0, [], start + 1
    for index in range(start, len(pattern)):
        char = pattern[index]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                options.append(pattern[last:index])
                return start, index, options
        elif char == "," and depth == 1:
            options.append(pattern[last:index])
            last = index + 1
    return None


class GlobSet:
    """Patterns compiled once, when the set is made, and kept here, not asked of
    `glob_match`'s bounded cache for each path (with more patterns than that cache holds,
    each was compiled again for every path). They are compiled through `_compiled`, so a
    long pattern `glob_problem` has compiled already is not compiled twice. They are also
    indexed: an alternative is filed under one literal segment (no `*`, `?` or `[`) at a
    fixed place, counted from the start before its first `**` or from the end after its
    last, the one that fewest alternatives share; a path is matched only against the
    alternatives filed under its own segments at those places, and those with no such
    segment. `matching` gives the indexes of the patterns that match a path, as `glob_match`
    would say."""

    def __init__(self, patterns: Iterable[str]) -> None:
        self.patterns = tuple(patterns)
        compiled = [
            (index, alternative)
            for index, p in enumerate(self.patterns)
            for alternative in _compiled(p)
        ]
        keys = [_literal_places(alternative) for _, alternative in compiled]
        shared: dict[tuple[int, str], int] = {}
        for places in keys:
            for key in places:
                shared[key] = shared.get(key, 0) + 1
        self._always: list[tuple[int, tuple[str, ...]]] = []
        self._filed: dict[tuple[int, str], list[tuple[int, tuple[str, ...]]]] = {}
        self._reach = 0  # how many places from either end anything is filed at
        for item, places in zip(compiled, keys, strict=True):
            if not places:
                self._always.append(item)
                continue
            key = min(places, key=lambda place: shared[place])
            self._filed.setdefault(key, []).append(item)
            self._reach = max(self._reach, key[0] + 1 if key[0] >= 0 else -key[0])

    def matching(self, path: str) -> list[int]:
        """The indexes of the patterns that match the whole of `path`, in order."""
        segments = path.split("/")
        found = set()
        for index, alternative in self._candidates(segments):
            if index not in found and _match_segments(alternative, segments):
                found.add(index)
        return sorted(found)

    def _candidates(self, segments: list[str]) -> Iterable[tuple[int, tuple[str, ...]]]:
        yield from self._always
        filed = self._filed
        if not filed:
            return
        count = len(segments)
        for place in range(min(count, self._reach)):
            yield from filed.get((place, segments[place]), ())
            yield from filed.get((-1 - place, segments[count - 1 - place]), ())


def _literal_places(alternative: tuple[str, ...]) -> list[tuple[int, str]]:
    """The literal segments of an alternative at fixed places: `(k, name)`, the k-th segment
    from the start (before the first `**`), or `(-1 - k, name)`, the k-th from the end
    (after the last `**`). A path it matches has that segment there."""
    places: list[tuple[int, str]] = []
    for place, segment in enumerate(alternative):
        if segment == "**":
            break
        if _literal(segment):
            places.append((place, segment))
    for place, segment in enumerate(reversed(alternative)):
        if segment == "**":
            break
        if _literal(segment):
            places.append((-1 - place, segment))
    return places


def _literal(segment: str) -> bool:
    return not any(char in segment for char in "*?[")


def _match_segments(pattern: tuple[str, ...], path: list[str]) -> bool:
    """Segment matching with `**` over any number of path segments: a table of reachable
    (pattern, path) positions, each computed once."""
    reachable = {0}  # pattern positions reachable before path segment `index`
    for segment in path:
        following: set[int] = set()
        for position in _closure(pattern, reachable):
            if position == len(pattern):
                continue
            current = pattern[position]
            if current == "**":
                following.add(position)  # `**` takes this segment and may take more
            elif _match_segment(current, segment):
                following.add(position + 1)
        if not following:
            return False
        reachable = following
    return len(pattern) in _closure(pattern, reachable)


def _closure(pattern: tuple[str, ...], positions: set[int]) -> set[int]:
    """Positions, plus those reached by letting `**` take no segment."""
    result = set(positions)
    stack = list(positions)
    while stack:
        position = stack.pop()
        if position < len(pattern) and pattern[position] == "**" and position + 1 not in result:
            result.add(position + 1)
            stack.append(position + 1)
    return result


@lru_cache(maxsize=1024)
def _match_segment(pattern: str, text: str) -> bool:
    """One segment against one name: `*`, `?`, `[...]` (a `**` inside a name is a `*`), in
    time linear in the name (`core.glob_segment`)."""
    return _segment(pattern).matches(text)


@lru_cache(maxsize=256)
def _segment(pattern: str) -> Segment:
    return Segment(pattern)


def clear_caches() -> None:
    """Forget compiled patterns and matched segments (benchmarks measure the work itself)."""
    _compiled.cache_clear()
    _counted.cache_clear()
    _match_segment.cache_clear()
    _segment.cache_clear()
