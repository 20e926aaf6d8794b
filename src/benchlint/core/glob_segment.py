"""One glob segment (`*`, `?`, `[...]`, literal characters) matched against one name in
time linear in the name, whatever the pattern.

The pattern is read once into items, and the name is read once, character by character,
carrying the set of items the characters so far can end before as the bits of one integer:
a character moves each bit whose item accepts it one place on, and a `*` keeps its bit and
lets the next item start. So a character costs a few integer operations on as many bits as
the pattern has items (at most `core.globs._MAX_SEGMENT_LENGTH`, 1,024: 16 machine words),
never a walk back: `*aaa…ab` against a long name of `a` cost the pattern's length per
character of the name when a mismatch returned to the last `*`.

A segment of literal characters and `*` only (`*.toml`, the usual kind) is matched without
items: the name must start with the text before the first `*` and end with the text after
the last, and each piece between is found (`str.find`, linear) after the one before it; the
leftmost place for each is as good as any.

Which items accept a character is looked up by its code point: the classes' ranges are
merged into one sorted table of intervals, each with the items it satisfies, built once per
pattern, so a name of many different characters costs a binary search per character, not a
pass over every class.
"""

from __future__ import annotations

from bisect import bisect_right

_LAST = 0x10FFFF


class Segment:
    """A compiled segment pattern; `matches(name)` says whether the whole name matches."""

    __slots__ = (
        "_any",
        "_bounds",
        "_class_masks",
        "_final",
        "_literals",
        "_pieces",
        "_stars",
        "_start",
    )

    def __init__(self, pattern: str) -> None:
        # literal characters and `*` only: the pieces between the stars
        self._pieces = None if "?" in pattern or "[" in pattern else pattern.split("*")
        if self._pieces is not None:
            return
        stars = any_char = 0
        literals: dict[str, int] = {}
        ranges: list[tuple[int, int, int]] = []  # (first, last, bit) per class item
        bit, at = 1, 0
        while at < len(pattern):
            char = pattern[at]
            if char == "*":
                while at < len(pattern) and pattern[at] == "*":  # `**` in a name is a `*`
                    at += 1
                stars |= bit
                bit <<= 1
                continue
            close = pattern.find("]", at + 2) if char == "[" else -1
            if close == at + 2 and pattern[at + 1] != "!":  # `[x]`: the literal `x`
                char = pattern[at + 1]
                literals[char] = literals.get(char, 0) | bit
                at = close + 1
            elif close > 0:
                body = pattern[at + 1 : close]
                negate = body.startswith("!")
                spans = _spans(body[1:] if negate else body)
                ranges += [
                    (first, last, bit) for first, last in (_outside(spans) if negate else spans)
                ]
                at = close + 1
            elif char == "?":
                any_char |= bit
                at += 1
            else:
                literals[char] = literals.get(char, 0) | bit
                at += 1
            bit <<= 1
        self._stars = stars
        self._any = any_char
        self._literals = literals
        self._final = bit
        self._start = 1 | ((1 & stars) << 1)
        self._bounds, self._class_masks = _intervals(ranges)

    def matches(self, name: str) -> bool:
        if self._pieces is not None:
            return _in_order(self._pieces, name)
        stars, any_char, literals = self._stars, self._any, self._literals
        bounds, class_masks = self._bounds, self._class_masks
        state = self._start
        for char in name:
            accepted = any_char | literals.get(char, 0)
            if bounds:
                accepted |= class_masks[bisect_right(bounds, ord(char))]
            state = ((state & accepted) << 1) | (state & stars)
            if not state:
                return False
            state |= (state & stars) << 1
        return bool(state & self._final)


def _in_order(pieces: list[str], name: str) -> bool:
    """Whether `name` is `pieces` joined by runs of any characters (the pieces of a segment
    split at its stars)."""
    if len(pieces) == 1:
        return name == pieces[0]
    first, last = pieces[0], pieces[-1]
    end = len(name) - len(last)
    if end < len(first) or not name.startswith(first) or not name.endswith(last):
        return False
    at = len(first)
    for piece in pieces[1:-1]:
        found = name.find(piece, at, end)
        if found < 0:
            return False
        at = found + len(piece)
    return True


def _spans(body: str) -> list[tuple[int, int]]:
    """A class body's characters as sorted, disjoint ranges of code points (`a-z` a range
    when a character follows the `-`; a range backwards holds nothing)."""
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(body):
        if index + 2 < len(body) and body[index + 1] == "-":
            first, last = ord(body[index]), ord(body[index + 2])
            index += 3
        else:
            first = last = ord(body[index])
            index += 1
        if first <= last:
            spans.append((first, last))
    spans.sort()
    merged: list[tuple[int, int]] = []
    for first, last in spans:
        if merged and first <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], last))
        else:
            merged.append((first, last))
    return merged


def _outside(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The code points not in `spans` (sorted, disjoint), as ranges."""
    outside, next_free = [], 0
    for first, last in spans:
        if first > next_free:
            outside.append((next_free, first - 1))
        next_free = last + 1
    if next_free <= _LAST:
        outside.append((next_free, _LAST))
    return outside


def _intervals(ranges: list[tuple[int, int, int]]) -> tuple[list[int], list[int]]:
    """Cut the code points where any class range starts or ends: `bounds` are the cuts,
    `masks[i]` the class items satisfied between `bounds[i - 1]` and `bounds[i]`. Each
    item's own ranges are disjoint, so its bit is toggled on at a start and off after an end."""
    if not ranges:
        return [], [0]
    toggles: dict[int, int] = {}
    for first, last, bit in ranges:
        toggles[first] = toggles.get(first, 0) ^ bit
        toggles[last + 1] = toggles.get(last + 1, 0) ^ bit
    bounds = sorted(toggles)
    masks, mask = [0], 0
    for bound in bounds:
        mask ^= toggles[bound]
        masks.append(mask)
    return bounds, masks
