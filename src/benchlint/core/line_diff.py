"""Which runs of lines changed between two versions of a text, in time linear in the lines.

`source.fixAll` sends the fixer's result back as small edits, one per changed run, so that
the text between them never travels. A longest-common-subsequence diff (difflib with autojunk
off) costs the product of the two lengths on a file of many identical lines; here:

1. the common first and last lines are set aside (a fix usually touches a few lines);
2. Myers' O((N + M)·D) algorithm finds a shortest edit script of the rest when it has at
   most `MAX_EDITS` insertions and deletions (D), which fixes almost always do;
3. past that, a greedy walk that re-aligns after a difference within `WINDOW` lines: each
   step compares at most WINDOW² pairs of lines, so it is linear, and its script is valid
   if not always the shortest.
"""

from __future__ import annotations

from collections.abc import Sequence

MAX_EDITS = 64
WINDOW = 16

Run = tuple[int, int, int, int]  # old[i1:i2] became new[j1:j2]


def changed_runs(old: Sequence[str], new: Sequence[str]) -> list[Run]:
    """The runs of `old` replaced in `new`, in order; the lines between them are equal."""
    n, m = len(old), len(new)
    low = 0
    while low < n and low < m and old[low] == new[low]:
        low += 1
    high_old, high_new = n, m
    while high_old > low and high_new > low and old[high_old - 1] == new[high_new - 1]:
        high_old -= 1
        high_new -= 1
    a, b = old[low:high_old], new[low:high_new]
    pairs = _shortest(a, b)
    if pairs is None:
        pairs = _greedy(a, b)
    runs: list[Run] = []
    x = y = 0
    for px, py in [*pairs, (len(a), len(b))]:
        if px > x or py > y:
            runs.append((low + x, low + px, low + y, low + py))
        x, y = px + 1, py + 1
    return runs


def _shortest(a: Sequence[str], b: Sequence[str]) -> list[tuple[int, int]] | None:
    """The equal pairs of a shortest edit script (Myers 1986), or None past MAX_EDITS."""
    n, m = len(a), len(b)
    if n == 0 or m == 0:
        return []
    offset = MAX_EDITS + 1
    furthest = [0] * (2 * offset + 1)  # furthest x reached on each diagonal k = x - y
    trace: list[list[int]] = []
    for d in range(min(n + m, MAX_EDITS) + 1):
        trace.append(furthest[:])
        for k in range(-d, d + 1, 2):
            if k == -d or (k != d and furthest[offset + k - 1] < furthest[offset + k + 1]):
                x = furthest[offset + k + 1]  # down: an insertion
            else:
                x = furthest[offset + k - 1] + 1  # right: a deletion
            y = x - k
            while x < n and y < m and a[x] == b[y]:
                x += 1
                y += 1
            furthest[offset + k] = x
            if x >= n and y >= m:
                pairs = _backtrack(trace, offset, x, y)
                return pairs if _valid(pairs, a, b) else None
    return None


def _backtrack(trace: list[list[int]], offset: int, x: int, y: int) -> list[tuple[int, int]]:
    pairs: list[tuple[int, int]] = []
    for d in range(len(trace) - 1, 0, -1):
        before = trace[d]
        k = x - y
        if k == -d or (k != d and before[offset + k - 1] < before[offset + k + 1]):
            previous_k = k + 1
        else:
            previous_k = k - 1
        previous_x = before[offset + previous_k]
        previous_y = previous_x - previous_k
        while x > previous_x and y > previous_y:
            x, y = x - 1, y - 1
            pairs.append((x, y))
        x, y = previous_x, previous_y
    while x > 0 and y > 0:
        x, y = x - 1, y - 1
        pairs.append((x, y))
    pairs.reverse()
    return pairs


def _valid(pairs: list[tuple[int, int]], a: Sequence[str], b: Sequence[str]) -> bool:
    """The pairs are equal lines, in order on both sides (a cheap guard on the algorithm)."""
    last_x = last_y = -1
    for x, y in pairs:
        if not (last_x < x < len(a) and last_y < y < len(b)) or a[x] != b[y]:
            return False
        last_x, last_y = x, y
    return True


def _greedy(a: Sequence[str], b: Sequence[str]) -> list[tuple[int, int]]:
    """Equal pairs found walking both sides: on a difference, the nearest equal pair within
    WINDOW lines on either side (nearest first, then the most balanced), else one line of
    each is taken as replaced."""
    pairs: list[tuple[int, int]] = []
    n, m = len(a), len(b)
    x = y = 0
    while x < n and y < m:
        if a[x] == b[y]:
            pairs.append((x, y))
            x, y = x + 1, y + 1
            continue
        found = None
        for step in range(1, WINDOW + 1):
            for skip in sorted(range(step + 1), key=lambda i: abs(2 * i - step)):
                dx, dy = skip, step - skip
                if x + dx < n and y + dy < m and a[x + dx] == b[y + dy]:
                    found = (x + dx, y + dy)
                    break
            if found is not None:
                break
        x, y = found if found is not None else (x + 1, y + 1)
    return pairs
