"""Applying fixes: text in, text out, safe by construction.

A *round* takes the fixes the caller allows (safe ones; unsafe ones too when asked), in the
order of their diagnostics, skipping any fix whose edits touch an edit already taken, and
applies them together to the text they were computed on. The result must still be TOML that
parses and must keep every comment; when it does not, the round falls back to taking the
fixes one at a time and keeps only those that pass. Rounds repeat on the re-linted text
(a fix may reveal another, and two fixes that touched each other need two rounds) until
nothing changes, at most `MAX_ROUNDS` times.

A text that does not parse to begin with is never fixed: its fixes were computed on a
partial reading of it. Pure: no file system, no global state.
"""

from __future__ import annotations

import difflib
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Literal

from ahocorasick_rs import AhoCorasick

from ..core.diagnostic import Diagnostic, Edit, Fix
from ..core.line_diff import changed_runs
from ..core.record import NamedTuple
from ..core.text import LineIndex
from ..parsing.document import BOM, EncodingProblem, decode, parse
from ..secrets.source import GRAM, masked_source, source_secrets
from .engine import lint
from .settings import Settings, default_settings

MAX_ROUNDS = 10
_ONE_BY_ONE = 64  # fixes tried one at a time in a round whose fixes break the text


class FixResult(NamedTuple):
    original: str
    text: str  # the fixed text (the original when nothing applied)
    fixed: int  # diagnostics whose fix was applied, over all rounds
    diagnostics: list[Diagnostic]  # what remains: the diagnostics of `text`
    original_diagnostics: list[Diagnostic]

    @property
    def changed(self) -> bool:
        return self.text != self.original


def allowed(fix: Fix, unsafe: bool) -> bool:
    return fix.applicability == "safe" or unsafe


def fix_text(
    text: str,
    path: str | None = None,
    settings: Settings | None = None,
    *,
    unsafe: bool = False,
) -> FixResult:
    """Apply the fixes of `text`'s diagnostics (safe ones; unsafe ones too when `unsafe`)."""
    settings = settings or default_settings()
    diagnostics = lint(text, path, settings)
    first = diagnostics
    current, fixed = text, 0
    if not _parses(text, settings):
        # A byte-order mark is the one syntax problem with a fix (exact, and often the only
        # problem): without it, the text may parse and the other fixes can follow.
        bom = any(d.code == "BL001" and d.fix is not None for d in diagnostics)
        if not (bom and text.startswith(BOM) and _parses(text[1:], settings)):
            return FixResult(text, text, 0, diagnostics, first)
        current, fixed = text[1:], 1
        diagnostics = lint(current, path, settings)
    seen = {current}
    for _ in range(MAX_ROUNDS):
        step = fix_round(current, diagnostics, settings, unsafe=unsafe)
        if step is None or step.text in seen:
            break  # nothing to do, or going round in circles
        current = step.text
        seen.add(current)
        fixed += step.fixed
        diagnostics = lint(current, path, settings)
    return FixResult(text, current, fixed, diagnostics, first)


class Round(NamedTuple):
    text: str  # after the round
    applied: tuple[Fix, ...]  # the fixes applied, each once
    fixed: int  # diagnostics those fixes fix


def fix_round(
    text: str, diagnostics: Sequence[Diagnostic], settings: Settings, *, unsafe: bool
) -> Round | None:
    """One round over `text` and its `diagnostics`; None when no fix can be applied."""
    lines = LineIndex(text)
    groups = _choose(lines, diagnostics, unsafe)
    if not groups:
        return None
    comments = _comments(text)
    if not _acceptable(_apply_groups(lines, groups), comments, settings):
        # Some fix breaks the text: keep the ones that do not, each checked with those kept
        # (a bounded number per round, so a hostile file cannot make a round slow).
        kept: list[_Group] = []
        for group in groups[:_ONE_BY_ONE]:
            if _acceptable(_apply_groups(lines, [*kept, group]), comments, settings):
                kept.append(group)
        if not kept:
            return None
        groups = kept
    return Round(
        _apply_groups(lines, groups),
        tuple(group.fix for group in groups),
        sum(group.count for group in groups),
    )


class _Group:
    """One fix, its edits as offsets, and how many diagnostics carry that same fix."""

    __slots__ = ("count", "edits", "fix")

    def __init__(self, fix: Fix, edits: list[tuple[int, int, str]]) -> None:
        self.fix = fix
        self.edits = edits
        self.count = 1


def _choose(lines: LineIndex, diagnostics: Iterable[Diagnostic], unsafe: bool) -> list[_Group]:
    """Fixes to apply together: allowed, changing something, touching no fix taken before."""
    taken: list[_Group] = []
    spans = _Spans()
    by_edits: dict[tuple[tuple[int, int, str], ...], _Group] = {}
    for diagnostic in diagnostics:
        fix = diagnostic.fix
        if fix is None or not fix.edits or not allowed(fix, unsafe):
            continue
        edits = sorted(_offsets(lines, edit) for edit in fix.edits)
        key = tuple(edits)
        if key in by_edits:  # another diagnostic with the very same fix
            by_edits[key].count += 1
            continue
        if all(lines.text[start:end] == new for start, end, new in edits):
            continue  # changes nothing
        if _overlapping(edits) or any(spans.clashes(start, end) for start, end, _ in edits):
            continue
        for start, end, _ in edits:
            spans.add(start, end)
        group = _Group(fix, edits)
        taken.append(group)
        by_edits[key] = group
    return taken


def _offsets(lines: LineIndex, edit: Edit) -> tuple[int, int, str]:
    return lines.offset(edit.range.start), lines.offset(edit.range.end), edit.new_text


def _clash(start_a: int, end_a: int, start_b: int, end_b: int) -> bool:
    """Two edits that share a character, or two insertions at one place (whose order would
    be a guess). Edits that only touch, end to start, are fine."""
    return start_a == start_b or (start_a < end_b and start_b < end_a)


def _overlapping(edits: list[tuple[int, int, str]]) -> bool:
    ordered = sorted(edits)
    return any(_clash(a[0], a[1], b[0], b[1]) for a, b in pairwise(ordered))


class _Spans:
    """The (start, end) spans taken so far: sorted, none clashing with another, so a new
    span need only be compared with its two neighbours (thousands of fixes stay fast)."""

    def __init__(self) -> None:
        self.spans: list[tuple[int, int]] = []

    def clashes(self, start: int, end: int) -> bool:
        at = bisect_left(self.spans, (start, start))
        neighbours = self.spans[max(0, at - 1) : at + 1]
        return any(
            _clash(start, end, other_start, other_end) for other_start, other_end in neighbours
        )

    def add(self, start: int, end: int) -> None:
        insort(self.spans, (start, end))


def _apply_groups(lines: LineIndex, groups: Iterable[_Group]) -> str:
    return apply_edits_at(lines.text, [edit for group in groups for edit in group.edits])


def apply_edits_at(text: str, edits: Iterable[tuple[int, int, str]]) -> str:
    """Apply (start, end, new text) offset edits. Inserted line endings follow the file's:
    a file that uses CRLF everywhere gets CRLF in what is inserted too."""
    crlf = "\r\n" in text and text.count("\n") == text.count("\r\n")
    out: list[str] = []
    at = 0
    for start, end, new_text in sorted(edits, key=lambda edit: (edit[0], edit[1])):
        if start < at:
            raise ValueError("overlapping edits")
        if crlf:
            new_text = new_text.replace("\r\n", "\n").replace("\n", "\r\n")
        out.append(text[at:start])
        out.append(new_text)
        at = end
    out.append(text[at:])
    return "".join(out)


def _parses(text: str, settings: Settings) -> bool:
    if isinstance(decode(text, settings.max_file_size), EncodingProblem):
        return False
    return parse(text).valid


def _comments(text: str) -> Counter[str]:
    return Counter(comment.text.rstrip() for comment in parse(text).source_map.comments)


def _acceptable(text: str, comments: Counter[str], settings: Settings) -> bool:
    """Still readable, still TOML, and no comment lost."""
    return _parses(text, settings) and not comments - _comments(text)


def unified_diff(path: str, before: str, after: str) -> str:
    """A unified diff (`--- a/PATH`, `+++ b/PATH`) with credential-looking text masked.

    The diff is of the real lines; only what is printed of them is masked (the whole text
    at once, so that a multi-line string's body is judged by its key)."""
    old, new = _shown_lines(before, after)
    out: list[str] = []
    for line in _unified_lines(old, new, f"a/{path}", f"b/{path}"):
        if not line.endswith("\n"):
            line += "\n\\ No newline at end of file\n"
        out.append(line)
    return "".join(out)


def _unified_lines(old: list[_Shown], new: list[_Shown], before: str, after: str) -> list[str]:
    """`difflib.unified_diff`'s lines, over the changed runs of `core.line_diff` (linear):
    difflib's own matching cost the product of the lengths when every match is short (a
    fix deleting every other line of a long list took seconds)."""
    out: list[str] = []
    for group in _Hunks(_opcodes(old, new)).get_grouped_opcodes(3):
        if not out:
            out += [f"--- {before}\n", f"+++ {after}\n"]
        first, last = group[0], group[-1]
        out.append(f"@@ -{_hunk_range(first[1], last[2])} +{_hunk_range(first[3], last[4])} @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out += [" " + line for line in old[i1:i2]]
                continue
            out += ["-" + line for line in old[i1:i2]]
            out += ["+" + line for line in new[j1:j2]]
    return out


Opcode = tuple[Literal["replace", "delete", "insert", "equal"], int, int, int, int]


def _opcodes(old: Sequence[str], new: Sequence[str]) -> list[Opcode]:
    """difflib's opcodes (equal, replace, delete, insert) of the changed runs."""
    codes: list[Opcode] = []
    i = j = 0
    for i1, i2, j1, j2 in changed_runs(old, new):
        if i1 > i:
            codes.append(("equal", i, i1, j, j1))
        if i2 > i1 and j2 > j1:
            codes.append(("replace", i1, i2, j1, j2))
        else:
            codes.append(("delete" if i2 > i1 else "insert", i1, i2, j1, j2))
        i, j = i2, j2
    if i < len(old):
        codes.append(("equal", i, len(old), j, len(new)))
    return codes


class _Hunks(difflib.SequenceMatcher):  # type: ignore[type-arg]
    """difflib's grouping of opcodes into hunks with context, over opcodes given to it."""

    def __init__(self, opcodes: list[Opcode]) -> None:  # only the grouping is used
        self._given = opcodes

    def get_opcodes(self) -> list[Opcode]:
        return self._given


def _hunk_range(start: int, stop: int) -> str:
    """A hunk header's range, as `diff -u` writes it (1-based; `start,0` when empty)."""
    length = stop - start
    if length == 1:
        return str(start + 1)
    return f"{start + 1 if length else start},{length}"


class _Shown(str):
    """A masked line that compares and hashes as the real line it stands for, so that difflib
    matches real lines while printing masked ones."""

    real: str

    def __new__(cls, shown: str, real: str) -> _Shown:
        line = super().__new__(cls, shown)
        line.real = real
        return line

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Shown) and self.real == other.real

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.real)


def _shown_lines(before: str, after: str) -> tuple[list[_Shown], list[_Shown]]:
    """Both texts' lines, masked. A real line prints one way on both sides, masked wherever
    either side masks it: the new text may count a body as secret that the old one did not
    (a renamed key), and difflib prints unchanged lines from the old side."""
    sides = [
        list(zip(_lines(masked_source(text)), _lines(text), strict=True))
        for text in (before, after)
    ]
    # What was hidden before stays hidden after, wherever a fix moved it (a value renamed
    # from `password` to a key that does not name a credential).
    moved = [value for value in source_secrets(before).starred if len(value) >= 4]
    if moved:
        finder = _Moved(moved)
        sides[1] = [(finder.starring(shown, real), real) for shown, real in sides[1]]
    strictest: dict[str, str] = {}
    for shown, real in (*sides[0], *sides[1]):
        known = strictest.get(real)
        strictest[real] = shown if known is None else _union(known, shown)
    old, new = ([_Shown(strictest[real], real) for _, real in side] for side in sides)
    return old, new


class _Moved:
    """Values hidden before a fix, to star wherever the fixed text has them. A short value
    (under `GRAM` characters) is starred where it occurs; a longer one wherever any `GRAM`
    characters of it occur, as the output masker does. Linear in a line: at one place at
    most one short value of each length ends, where every occurrence of nested values
    (`aaaaa`, `aaaaaa`, ...) made a line's matches grow with its square."""

    def __init__(self, values: list[str]) -> None:
        short = [value for value in values if len(value) < GRAM]
        self._short = AhoCorasick(short) if short else None
        self._grams = {
            value[i : i + GRAM]
            for value in values
            if len(value) >= GRAM
            for i in range(len(value) - GRAM + 1)
        }

    def starring(self, shown: str, real: str) -> str:
        """`shown` (the masked form of `real`) with what `real` holds of the values starred."""
        spans: list[tuple[int, int]] = []
        if self._short is not None:
            spans += [(a, b) for _, a, b in self._short.find_matches_as_indexes(real, True)]
        if self._grams:
            grams = self._grams
            spans += [
                (i, i + GRAM) for i in range(len(real) - GRAM + 1) if real[i : i + GRAM] in grams
            ]
        if not spans:
            return shown
        chars = list(shown)
        reach = 0  # stars already written up to here: each character starred once
        for start, end in sorted(spans):
            start = max(start, reach)
            if start < end:
                chars[start:end] = "*" * (end - start)
                reach = end
        return "".join(chars)


def _union(one: str, other: str) -> str:
    """Two masked forms of one line, every character masked in either masked."""
    return "".join("*" if "*" in (a, b) else a for a, b in zip(one, other, strict=True))


def _lines(text: str) -> list[str]:
    """Lines with their endings, split at line feeds only (TOML's lines, not Unicode's)."""
    lines = text.split("\n")
    result = [line + "\n" for line in lines[:-1]]
    if lines[-1]:
        result.append(lines[-1])
    return result
