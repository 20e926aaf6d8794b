""" "Did you mean": the short-list comparison (pure Python, no import cost) gives exactly what
RapidFuzz gives for long lists, so a suggestion never depends on how many candidates there
are."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz, process

from benchlint.rules.wording import _FEW, closest, indel_similarity

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
