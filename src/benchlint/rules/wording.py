"""Wording shared by rule messages: TOML type names, quoting and "did you mean"."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from ..secrets.redaction import show_value


def toml_type(value: Any) -> str:
    """The TOML name of a value's type, with an article: "a string", "an array of tables"."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a float"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        if value and all(isinstance(item, dict) for item in value):
            return "an array of tables"
        return "an array"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, datetime.datetime):
        return "a date-time"
    if isinstance(value, datetime.date):
        return "a date"
    if isinstance(value, datetime.time):
        return "a time"
    return "a value"


def quoted(value: Any) -> str:
    """A user's value as it appears in a message (masked when it may be a credential)."""
    return show_value(value)


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The single best close match, comparing case- and separator-insensitively first."""
    return _closest(word, tuple(candidates), cutoff)


# Memoized: the language server lints the same text again on every keystroke, and a typo
# stays while the user edits elsewhere; difflib costs more than the rest of a finding.
@lru_cache(maxsize=1024)
def _closest(word: str, candidates: tuple[str, ...], cutoff: float) -> str | None:
    normal: dict[str, str] = {}
    for candidate in candidates:
        normal.setdefault(_normal(candidate), candidate)  # the first spelling of a form wins
    target = _normal(word)
    exact = normal.get(target)
    if exact is not None and exact != word:
        return exact
    # Two cheap upper bounds of difflib's ratio, 2·matches / total length, reject most
    # candidates before a matcher is built: the shorter length bounds the matches, and so
    # does the number of the candidate's characters that occur in the word at all
    # (`translate` deletes those at C speed).
    size = len(target)
    drop_word_chars = dict.fromkeys(map(ord, target))
    near = [
        (form, candidate)
        for form, candidate in normal.items()
        if 2 * min(len(form), size, len(form) - len(form.translate(drop_word_chars)))
        >= cutoff * (len(form) + size)
    ]
    if not near:
        return None
    # One pass on the folded forms: case and `_`/`-` slips weigh nothing, the rest counts.
    # Ties go to the candidate listed first (a benchmark's key before its name).
    import difflib  # only a near miss gets here: a file without one never loads it

    matcher = difflib.SequenceMatcher(None, "", target, autojunk=False)
    best, best_score = None, cutoff
    for form, candidate in near:
        matcher.set_seq1(form)
        if matcher.real_quick_ratio() < best_score or matcher.quick_ratio() < best_score:
            continue
        score = matcher.ratio()
        if score > best_score or (best is None and score >= best_score):
            best, best_score = candidate, score
    return best


def one_of(values: Iterable[str]) -> str:
    items = [f'"{v}"' for v in values]
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


@lru_cache(maxsize=4096)
def _normal(word: str) -> str:
    return word.casefold().replace("_", "-").replace(" ", "-").strip()
