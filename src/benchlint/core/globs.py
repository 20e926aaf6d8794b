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
800-byte path); a longer one is a settings error, and matches nothing.
"""

from __future__ import annotations

from functools import lru_cache

_MAX_ALTERNATIVES = 256  # `{a,b}{c,d}...` multiplies: past this, the braces are literal
_MAX_NESTING = 16  # `{a,{b,{c,...}}}`: deeper than this, the braces are literal
_MAX_SEGMENTS = 1024  # path segments over all of a pattern's alternatives


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
    """The pattern's alternatives, each as its segments, runs of `**` collapsed to one; none
    for a pattern too long to match in time linear in the path (`glob_problem` says so)."""
    if _too_long(pattern):
        return ()
    alternatives = _expand(pattern)
    compiled = []
    for alternative in alternatives:
        segments: list[str] = []
        for segment in alternative.split("/"):
            if segment == "**" and segments and segments[-1] == "**":
                continue
            segments.append(segment)
        compiled.append(tuple(segments))
    return tuple(compiled)


def _expand(pattern: str) -> list[str]:
    """`a{b,c}d` → `abd`, `acd` (nested braces too). Past `_MAX_ALTERNATIVES` alternatives
    or `_MAX_NESTING` levels the braces are literal: the count is made first, without
    expanding (`{a,b}` forty times is 2**40 alternatives, and expanding them to find out
    took exponential time)."""
    if _counted(pattern) > _MAX_ALTERNATIVES:
        return [pattern.replace("{", "[{]").replace("}", "[}]")]
    return _expanded(pattern)


def _expanded(pattern: str, depth: int = 0) -> list[str]:
    results = [""]
    while (brace := _top_brace(pattern)) is not None:
        start, end, options = brace
        choices = [item for option in options for item in _expanded(option, depth + 1)]
        results = [done + pattern[:start] + choice for done in results for choice in choices]
        pattern = pattern[end + 1 :]
    return [done + pattern for done in results]


def alternatives(pattern: str, depth: int = 0) -> int:
    """How many patterns `pattern`'s braces stand for, `_MAX_ALTERNATIVES` + 1 meaning more
    (or nested deeper than `_MAX_NESTING`): the product over its braces of the sum over each
    brace's options. Each character is read once per level of braces around it."""
    if depth > _MAX_NESTING:
        return _MAX_ALTERNATIVES + 1
    count = 1
    while (brace := _top_brace(pattern)) is not None:
        _, end, options = brace
        inside = sum(alternatives(option, depth + 1) for option in options)
        count = min(count * inside, _MAX_ALTERNATIVES + 1)
        pattern = pattern[end + 1 :]
    return count


def _top_brace(pattern: str) -> tuple[int, int, list[str]] | None:
    """The first `{...}` with its top-level options, or None (an unclosed `{` is literal)."""
    start = pattern.find("{")
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
    """One segment against one name: `*`, `?`, `[...]` (a `**` inside a name is a `*`). The
    classic two-pointer match: on a mismatch it returns to the last `*` only, so it costs at
    most len(pattern) × len(text) steps."""
    p = t = 0
    star_p, star_t = -1, 0
    while t < len(text):
        if p < len(pattern):
            char = pattern[p]
            if char == "*":
                while p < len(pattern) and pattern[p] == "*":
                    p += 1
                star_p, star_t = p, t
                continue
            width = _single(pattern, p, text[t])
            if width:
                p += width
                t += 1
                continue
        if star_p < 0:
            return False
        star_t += 1
        p, t = star_p, star_t
    while p < len(pattern) and pattern[p] == "*":
        p += 1
    return p == len(pattern)


def _single(pattern: str, at: int, char: str) -> int:
    """How many pattern characters match `char` at `at` (`?`, a class, a literal): 0 if none."""
    current = pattern[at]
    if current == "?":
        return 1
    if current == "[":
        close = pattern.find("]", at + 2)
        if close > 0:
            body = pattern[at + 1 : close]
            negate = body.startswith("!")
            if negate:
                body = body[1:]
            inside = _in_class(body, char)
            return close - at + 1 if inside != negate else 0
    return 1 if current == char else 0


def _in_class(body: str, char: str) -> bool:
    index = 0
    while index < len(body):
        if index + 2 < len(body) and body[index + 1] == "-":
            if body[index] <= char <= body[index + 2]:
                return True
            index += 3
        else:
            if body[index] == char:
                return True
            index += 1
    return False


def clear_caches() -> None:
    """Forget compiled patterns and matched segments (benchmarks measure the work itself)."""
    _compiled.cache_clear()
    _counted.cache_clear()
    _match_segment.cache_clear()
