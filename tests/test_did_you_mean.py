""" "Did you mean": the short-list comparison (pure Python, no import cost) gives exactly what
RapidFuzz gives for long lists, so a suggestion never depends on how many candidates there
are."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz, process

from benchlint import Diagnostic, Settings, Workspace, lint_text
from benchlint.rules import bl406_unknown_task_selector, wording
from benchlint.rules.wording import (
    _FEW,
    LONGEST_WORD,
    SUGGESTIONS_PER_FILE,
    Suggestions,
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


# --- The cap: a rule's misses in one file are searched for the first 20 only --------------


def test_suggestions_search_the_first_different_words_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searched: list[str] = []

    def counted(word: str, candidates: object, cutoff: float = 0.6) -> str:
        searched.append(word)
        return word.upper()

    monkeypatch.setattr(wording, "closest", counted)
    suggestions = Suggestions(("a", "b"), limit=3)
    answers = [suggestions.closest(w) for w in ["w1", "w2", "w1", "w3", "w4", "w2", "w5"]]
    assert answers == ["W1", "W2", "W1", "W3", None, "W2", None]
    assert searched == ["w1", "w2", "w3"]


def _manifest_settings(tasks: int) -> Settings:
    entry = {
        "key": "big-bench",
        "name": "Big Bench",
        "source_type": "osmosis_managed",
        "supports_harness": True,
        "requires_harness": True,
        "default_harness": "terminus-2",
        "tasks": [
            {"name": f"big-bench/task-{i:04d}", "category": f"cat-{i % 7}"} for i in range(tasks)
        ],
    }
    secrets = ["K", *(f"SECRET_{i:02d}" for i in range(40))]
    return Settings(workspace=Workspace(benchmarks=[entry], secrets=secrets))


HEAD = '[experiment]\nbenchmark = "big-bench"\n'
AGENT = (
    '[[agents]]\nharness = "terminus-2"\n'
    '[agents.model]\ntype = "provider"\nmodel = "m"\napi_key_secret = "K"\n'
)


def _hinted(found: list[Diagnostic], code: str) -> list[bool]:
    return ["did you mean" in d.message for d in found if d.code == code]


@pytest.mark.parametrize("tasks", [50, _FEW * 2])  # the short-list search, and RapidFuzz
def test_bl406_suggests_for_the_first_misses_of_a_file(tasks: int) -> None:
    settings = _manifest_settings(tasks)
    misses = [f"big-bench/tusk-{i:04d}" for i in range(SUGGESTIONS_PER_FILE + 10)]
    listed = ", ".join(f'"{name}"' for name in misses)
    categories = ", ".join(f'"kat-{i}"' for i in range(SUGGESTIONS_PER_FILE + 3))
    text = HEAD + f"[tasks]\ntask_names = [{listed}]\ncategories = [{categories}]\n" + AGENT
    found = lint_text(text, path="configs/benchmark/x.toml", settings=settings)
    tasks_hinted = [
        "did you mean" in d.message for d in found if d.code == "BL406" and " task " in d.message
    ]
    assert tasks_hinted == [True] * SUGGESTIONS_PER_FILE + [False] * 10
    categories_hinted = [
        "did you mean" in d.message
        for d in found
        if d.code == "BL406" and " category " in d.message
    ]
    assert categories_hinted == [True] * SUGGESTIONS_PER_FILE + [False] * 3
    first = next(d for d in found if d.code == "BL406")
    assert first.message.endswith('did you mean "big-bench/task-0000"?')
    # the same text, the same findings (the cap depends on the text alone)
    again = lint_text(text, path="configs/benchmark/x.toml", settings=settings)
    assert [d.message for d in again] == [d.message for d in found]


def test_bl406_searches_the_manifest_at_most_the_cap_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searched: list[str] = []
    original = wording.closest

    def counted(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
        searched.append(word)
        return original(word, candidates, cutoff)

    monkeypatch.setattr(wording, "closest", counted)
    monkeypatch.setattr(bl406_unknown_task_selector, "closest", counted, raising=False)
    settings = _manifest_settings(_FEW * 2)
    listed = ", ".join(f'"big-bench/tusk-{i:04d}"' for i in range(200))
    text = HEAD + f"[tasks]\ntask_names = [{listed}]\n" + AGENT
    found = lint_text(text, path="configs/benchmark/x.toml", settings=settings)
    assert len([d for d in found if d.code == "BL406"]) == 200
    assert len(searched) == SUGGESTIONS_PER_FILE


def test_bl406_a_repeated_miss_keeps_its_suggestion_past_the_cap() -> None:
    settings = _manifest_settings(50)
    names = [f"big-bench/tusk-{i:04d}" for i in range(SUGGESTIONS_PER_FILE + 5)]
    names.append("big-bench/tusk-0000")  # seen first: answered again, not searched
    listed = ", ".join(f'"{name}"' for name in names)
    text = HEAD + f"[tasks]\ntask_names = [{listed}]\n" + AGENT
    found = lint_text(text, path="configs/benchmark/x.toml", settings=settings)
    hinted = _hinted(found, "BL406")
    assert hinted == [True] * SUGGESTIONS_PER_FILE + [False] * 5 + [True]


def test_bl212_suggests_and_fixes_for_the_first_misses_of_a_file() -> None:
    settings = _manifest_settings(5)
    count = SUGGESTIONS_PER_FILE + 4
    agents = "".join(
        '[[agents]]\nharness = "terminus-2"\n'
        f'[agents.model]\ntype = "provider"\nmodel = "m"\napi_key_secret = "SECRIT_{i:02d}"\n'
        for i in range(count)
    )
    found = lint_text(HEAD + agents, path="configs/benchmark/x.toml", settings=settings)
    missing = [d for d in found if d.code == "BL212"]
    assert len(missing) == count
    assert ["did you mean" in d.message for d in missing] == [True] * SUGGESTIONS_PER_FILE + [
        False
    ] * 4
    assert [d.fix is not None for d in missing] == [True] * SUGGESTIONS_PER_FILE + [False] * 4
    assert missing[0].message.endswith('did you mean "SECRET_00"?')
