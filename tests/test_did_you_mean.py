""" "Did you mean": the short-list comparison (pure Python, no import cost) gives exactly what
RapidFuzz gives for long lists, so a suggestion never depends on how many candidates there
are."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz, process

from benchlint.rules import wording
from benchlint.rules.wording import (
    _FEW,
    LONGEST_WORD,
    _closest_of_few,
    closest,
    indel_similarity,
)

WORDS = st.text(alphabet="abcdeé_-KQ0", max_size=24)


@given(WORDS, WORDS)
def test_the_similarity_is_rapidfuzz_ratio(a: str, b: str) -> None:
    assert abs(indel_similarity(a, b) * 100 - fuzz.ratio(a, b)) < 1e-9


@settings(max_examples=300)
@given(WORDS, st.lists(WORDS, min_size=1, max_size=12, unique=True))
def test_a_short_list_picks_what_rapidfuzz_picks(word: str, candidates: list[str]) -> None:
    folded = [c.casefold().replace("_", "-").strip() for c in candidates]
    if len(set(folded)) != len(folded) or word.casefold().replace("_", "-") in folded:
        return  # (exact and case-folded hits are answered before either comparison)
    found = process.extractOne(
        word.casefold().replace("_", "-").strip(),
        folded,
        scorer=fuzz.ratio,
        processor=None,
        score_cutoff=60,
    )
    expected = candidates[folded.index(found[0])] if found else None
    assert closest(word, candidates) == expected


def test_a_long_list_is_answered_too() -> None:
    names = [f"terminal-bench/task-{n:05}" for n in range(_FEW * 4)]
    assert closest("terminal-bench/task-0100", names) == "terminal-bench/task-00100"
    assert closest("experimnt", ["experiment", "tasks", "agents"]) == "experiment"
    assert closest("zzzz", ["experiment", "tasks"]) is None


# --- Bounds: long words are not searched, and lengths alone rule candidates out -------------


def _unpruned(target: str, forms: tuple[str, ...], cutoff: float) -> str | None:
    """The short-list search as it was before lengths pruned it: every form compared."""
    best, best_score = None, cutoff
    for form in forms:
        score = indel_similarity(target, form)
        if score >= best_score and (best is None or score > best_score):
            best, best_score = form, score
    return best


SHORT = st.text(alphabet="abcab-", max_size=16)


@settings(max_examples=500)
@given(
    SHORT,
    st.lists(SHORT, min_size=1, max_size=20, unique=True),
    st.sampled_from([0.0, 0.3, 0.5, 0.6, 2 / 3, 0.75, 0.8, 1.0]),
)
def test_the_pruned_search_finds_what_the_full_one_finds(
    target: str, forms: list[str], cutoff: float
) -> None:
    normal = {form: form for form in forms}
    assert _closest_of_few(target, normal, tuple(forms), cutoff) == _unpruned(
        target, tuple(forms), cutoff
    )


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    calls: list[tuple[str, str]] = []

    def counted(a: str, b: str) -> float:
        calls.append((a, b))
        return indel_similarity(a, b)

    monkeypatch.setattr(wording, "indel_similarity", counted)
    wording._closest.cache_clear()
    return calls


def test_a_candidate_too_long_or_short_to_reach_the_cutoff_is_not_compared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _counting(monkeypatch)
    far = ["experiment-" + "x" * 40, "ex", "e" * 500]  # 2·min/(sum) < 0.6 for each
    assert closest("experimnt", [*far, "experiment"]) == "experiment"
    assert calls == [("experimnt", "experiment")]


def test_a_candidate_that_cannot_beat_the_best_so_far_is_not_compared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _counting(monkeypatch)
    # "abce" scores 0.75; "abcdefgh" could reach the cutoff (2·4/12 ≥ 0.6) but not 0.75
    assert closest("abcd", ["abce", "abcdefgh"]) == "abce"
    assert calls == [("abcd", "abce")]


def test_a_long_word_is_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    word = "x" * LONGEST_WORD + "a"
    assert closest(word, ["x" * LONGEST_WORD + "b", "y"]) is None  # (0.998 similar)
    assert calls == []
    # at the bound, the same pair is compared as before
    at_bound = "x" * (LONGEST_WORD - 1) + "a"
    assert closest(at_bound, ["x" * (LONGEST_WORD - 1) + "b", "y"]) == "x" * 255 + "b"
    # a long word still finds the name it spells with another case or separators
    assert closest("X_" * 200, ["x-" * 200, "y"]) == "x-" * 200


def test_a_long_word_never_reaches_rapidfuzz(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a long word was searched")

    monkeypatch.setattr(process, "extractOne", refused)
    wording._closest.cache_clear()
    names = [f"terminal-bench/task-{n:05}" for n in range(_FEW * 2)]
    assert closest("terminal-bench/task-" + "0" * 100_000, names) is None
    assert closest("TERMINAL_BENCH/TASK-00007", names) == "terminal-bench/task-00007"
