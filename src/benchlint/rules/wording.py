"""Wording shared by rule messages: TOML type names, quoting and "did you mean"."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from ..core.toml_syntax import toml_string, toml_type
from ..secrets.detection import may_be_secret
from ..secrets.redaction import show_value, shown_text


def found_value(value: Any) -> str:
    """What a message says was found: the TOML type, and the value when it is a scalar
    ("a string "2"", "an integer 40", "a date 1979-05-27", "an array")."""
    kind = toml_type(value)
    return kind if isinstance(value, list | dict) else f"{kind} {quoted(value)}"


def quoted(value: Any) -> str:
    """A user's value as it appears in a message (masked when it may be a credential)."""
    return show_value(value)


def quoted_text(text: str, limit: int = 160) -> str:
    """A longer text from elsewhere (a server's error) quoted in a message, through the
    renderer (`shown_text`: what is not proven harmless shown by its shape), shortened when
    long. The cut comes after the rendering: a refused run cut short would read as a word."""
    shown = shown_text(text, escape=False)
    return toml_string(shown if len(shown) <= limit else shown[: limit - 1] + "…")


def shown_path(path: str) -> str:
    """A file a message names: relative to the current folder when it lies inside it, else
    its name alone (a message is read next to the command that ran)."""
    relative = os.path.relpath(path) if os.path.isabs(path) else path
    return relative if not relative.startswith("..") else os.path.basename(path)


def upper_name(text: str) -> str:
    """`text` as an upper-case name of letters, digits and `_`: accented letters keep their
    base letter (`Clé API` → `CLE_API`), camel case splits (`logLevel` → `LOG_LEVEL`), and
    everything else becomes one `_` (`ログ_LEVEL` → `LEVEL`). Nothing ("") for a text the
    renderer does not show whole (`shown_whole`): a name made from it would show what the
    renderer hid, in another case the output masker does not match (`dan:SummerBreeze@h`
    gave `DAN_SUMMER_BREEZE_H`). Every suggestion derived from a value goes through here."""
    if not shown_whole(text):
        return ""
    plain = "".join(
        char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char)
    )
    words = re.sub(r"([a-z])([A-Z])", r"\1_\2", plain)
    return re.sub(r"[^A-Z0-9]+", "_", words.upper()).strip("_")


def shown_whole(text: str) -> bool:
    """Whether the renderer shows all of `text` as it is: nothing in it is a credential a
    recogniser finds (a token, a URL's password in any shape), a password by structure or a
    run it does not prove harmless. Only such a text may be written again in another form."""
    if may_be_secret(text):
        return False
    return shown_text(text, escape=False, one_value=True) == text


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The single best close match, comparing case- and separator-insensitively first. A word
    longer than `LONGEST_WORD` characters is only matched exactly (ignoring case and
    separators): no typo fix makes sense there, and a comparison costs its length times a
    candidate's."""
    if len(word) > LONGEST_WORD:
        return _exact(word, tuple(candidates))
    return _closest(word, tuple(candidates), cutoff)


# Longer words are not searched: a misspelt name is a few dozen characters; a 100 KB one is
# no typo, and the comparison is quadratic in the lengths.
LONGEST_WORD = 256

# How many misses of one rule in one file are searched (`Suggestions`): the rules that search
# a list the workspace supplies (a manifest's tasks, the stored secret records: thousands of
# names) give a "did you mean" to the first 20 different misses of a file and none to the
# rest. Twenty fills a screen of findings; a file with more misses than that holds another
# benchmark's list (or the wrong workspace's), where a guess per line helps nobody. The bound
# keeps a check linear in the file's size: 20 searches of a 10,000-task manifest take about
# 20 ms, where 8,000 misses took 7 s.
SUGGESTIONS_PER_FILE = 20


class Suggestions:
    """The "did you mean" among `candidates` for one rule's misses in one file, made in the
    rule's `check`: the first `limit` different words are searched (`closest`), a word asked
    again gets the same answer, and any other word None without a search. Words are taken in
    the order the rule meets them, so the same text always gets the same suggestions."""

    __slots__ = ("_answers", "_candidates", "_limit")

    def __init__(self, candidates: Sequence[str], limit: int = SUGGESTIONS_PER_FILE) -> None:
        self._candidates = candidates
        self._limit = limit
        self._answers: dict[str, str | None] = {}

    def closest(self, word: str) -> str | None:
        answers = self._answers
        if word in answers:
            return answers[word]
        if len(answers) >= self._limit:
            return None
        answer = answers[word] = closest(word, self._candidates)
        return answer


def _exact(word: str, candidates: tuple[str, ...]) -> str | None:
    """The candidate that `word` spells with another case or separators, if one does (not
    memoized: the word is long)."""
    normal, _ = _forms(candidates)
    exact = normal.get(_fold(word))
    return exact if exact is not None and exact != word else None


# Memoized: the language server lints the same text again on every keystroke, and a typo
# stays while the user edits elsewhere.
@lru_cache(maxsize=1024)
def _closest(word: str, candidates: tuple[str, ...], cutoff: float) -> str | None:
    normal, forms = _forms(candidates)
    target = _normal(word)
    exact = normal.get(target)
    if exact is not None and exact != word:
        return exact
    # One pass on the folded forms: case and `_`/`-` slips weigh nothing, the rest counts as
    # the Indel similarity, 2·(longest common subsequence) / total length. Ties go to the
    # candidate listed first (a benchmark's key before its name).
    if len(forms) <= _FEW:
        return _closest_of_few(target, normal, forms, cutoff)
    # RapidFuzz computes the same similarity in C++ with the cutoff applied as it goes: a
    # 10,000-task manifest costs well under a millisecond per miss (difflib took tens). Its
    # import costs ~15 ms, a tenth of a one-file `benchlint check`, so only a long list of
    # candidates (a manifest, the stored secret names) brings it in.
    from rapidfuzz import fuzz, process

    found = process.extractOne(
        target, forms, scorer=fuzz.ratio, processor=None, score_cutoff=cutoff * 100
    )
    return normal[found[0]] if found else None


# Up to this many candidates (the keys of a table, the bundled benchmarks) are compared here.
_FEW = 256


def _closest_of_few(
    target: str, normal: dict[str, str], forms: tuple[str, ...], cutoff: float
) -> str | None:
    best, best_score = None, cutoff
    size = len(target)
    for form in forms:
        # The similarity is at most 2·min(lengths)/(sum of lengths) (the common subsequence
        # is no longer than the shorter word): skip a candidate whose length alone keeps it
        # from winning, computed as `indel_similarity` computes a full match.
        total = size + len(form)
        if total:
            bound = 2 * min(size, len(form)) / total
            if bound < best_score or (best is not None and bound <= best_score):
                continue
        score = indel_similarity(target, form)
        if score >= best_score and (best is None or score > best_score):
            best, best_score = form, score
    return normal[best] if best is not None else None


def indel_similarity(a: str, b: str) -> float:
    """2·LCS(a, b) / (len(a) + len(b)), what `rapidfuzz.fuzz.ratio` gives (over 100). The
    longest common subsequence is counted bit-parallel (Allison and Dix, 1986): one pass over
    `b`, each step a few operations on an integer holding a bit per character of `a`."""
    total = len(a) + len(b)
    if total == 0:
        return 1.0
    masks: dict[str, int] = {}
    for index, char in enumerate(a):
        masks[char] = masks.get(char, 0) | (1 << index)
    row = (1 << len(a)) - 1
    for char in b:
        matched = row & masks.get(char, 0)
        row = ((row + matched) | (row - matched)) & ((1 << len(a)) - 1)
    common = len(a) - row.bit_count()
    return 2 * common / total


@lru_cache(maxsize=64)
def _forms(candidates: tuple[str, ...]) -> tuple[dict[str, str], tuple[str, ...]]:
    """Each candidate's folded form → the first candidate of that form; and the forms. Built
    once per candidate list (a manifest's task names, the stored secret names)."""
    normal: dict[str, str] = {}
    for candidate in candidates:
        normal.setdefault(_normal(candidate), candidate)  # the first spelling of a form wins
    return normal, tuple(normal)


def _fold(word: str) -> str:
    return word.casefold().replace("_", "-").replace(" ", "-").strip()


_normal = lru_cache(maxsize=4096)(_fold)
