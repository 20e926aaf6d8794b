"""Wording shared by rule messages: TOML type names, quoting and "did you mean"."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from ..core.toml_syntax import toml_string, toml_type
from ..secrets.redaction import redact, show_value


def found_value(value: Any) -> str:
    """What a message says was found: the TOML type, and the value when it is a scalar
    ("a string "2"", "an integer 40", "a date 1979-05-27", "an array")."""
    kind = toml_type(value)
    return kind if isinstance(value, list | dict) else f"{kind} {quoted(value)}"


def quoted(value: Any) -> str:
    """A user's value as it appears in a message (masked when it may be a credential)."""
    return show_value(value)


def quoted_text(text: str, limit: int = 160) -> str:
    """A longer text from elsewhere (a server's error) quoted in a message: every credential
    in it masked, the rest kept readable, shortened when long."""
    masked = redact(text)
    return toml_string(masked if len(masked) <= limit else masked[: limit - 1] + "…")


def shown_path(path: str) -> str:
    """A file a message names: relative to the current folder when it lies inside it, else
    its name alone (a message is read next to the command that ran)."""
    relative = os.path.relpath(path) if os.path.isabs(path) else path
    return relative if not relative.startswith("..") else os.path.basename(path)


def upper_name(text: str) -> str:
    """`text` as an upper-case name of letters, digits and `_`: accented letters keep their
    base letter (`Clé API` → `CLE_API`), camel case splits (`logLevel` → `LOG_LEVEL`), and
    everything else becomes one `_` (`ログ_LEVEL` → `LEVEL`)."""
    plain = "".join(
        char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char)
    )
    words = re.sub(r"([a-z])([A-Z])", r"\1_\2", plain)
    return re.sub(r"[^A-Z0-9]+", "_", words.upper()).strip("_")


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The single best close match, comparing case- and separator-insensitively first."""
    return _closest(word, tuple(candidates), cutoff)


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
    # the Indel similarity, 2·(longest common subsequence) / total length. RapidFuzz computes
    # it in C++ with the cutoff applied as it goes: a 10,000-task manifest costs well under a
    # millisecond per miss (difflib took tens). Ties go to the candidate listed first (a
    # benchmark's key before its name).
    from rapidfuzz import fuzz, process  # only a near miss gets here

    found = process.extractOne(
        target, forms, scorer=fuzz.ratio, processor=None, score_cutoff=cutoff * 100
    )
    return normal[found[0]] if found else None


@lru_cache(maxsize=64)
def _forms(candidates: tuple[str, ...]) -> tuple[dict[str, str], tuple[str, ...]]:
    """Each candidate's folded form → the first candidate of that form; and the forms. Built
    once per candidate list (a manifest's task names, the stored secret names)."""
    normal: dict[str, str] = {}
    for candidate in candidates:
        normal.setdefault(_normal(candidate), candidate)  # the first spelling of a form wins
    return normal, tuple(normal)


@lru_cache(maxsize=4096)
def _normal(word: str) -> str:
    return word.casefold().replace("_", "-").replace(" ", "-").strip()
