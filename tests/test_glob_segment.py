"""`core.glob_segment`: one segment against one name, linear in the name. Held to the
two-pointer matcher it replaced (kept here as the reference: same answers, but a mismatch
returned to the last `*`, so `*aaa…ab` against a long name cost pattern × name), on random
patterns and names over a small alphabet, where every feature meets every other."""

from __future__ import annotations

import fnmatch

from hypothesis import given
from hypothesis import strategies as st

from benchlint.core import globs
from benchlint.core.glob_segment import Segment


def _reference(pattern: str, text: str) -> bool:
    p = t = 0
    star_p, star_t = -1, 0
    while t < len(text):
        if p < len(pattern):
            if pattern[p] == "*":
                while p < len(pattern) and pattern[p] == "*":
                    p += 1
                star_p, star_t = p, t
                continue
            width = _single(pattern, p, text[t])
            if width:
                p, t = p + width, t + 1
                continue
        if star_p < 0:
            return False
        star_t += 1
        p, t = star_p, star_t
    while p < len(pattern) and pattern[p] == "*":
        p += 1
    return p == len(pattern)


def _single(pattern: str, at: int, char: str) -> int:
    current = pattern[at]
    if current == "?":
        return 1
    if current == "[":
        close = pattern.find("]", at + 2)
        if close > 0:
            body = pattern[at + 1 : close]
            negate = body.startswith("!")
            inside = _in_class(body[1:] if negate else body, char)
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


PATTERN = st.text(alphabet="ab*?[]!-é", max_size=12)
NAME = st.text(alphabet="ab]-!*[?é\U0001f600", max_size=12)


@given(PATTERN, NAME)
def test_the_same_answers_as_the_two_pointer_matcher(pattern: str, name: str) -> None:
    assert Segment(pattern).matches(name) == _reference(pattern, name)


@given(st.text(alphabet="ab.*?", max_size=10), st.text(alphabet="ab.", max_size=10))
def test_without_classes_it_is_fnmatch(pattern: str, name: str) -> None:
    assert Segment(pattern).matches(name) == fnmatch.fnmatchcase(name, pattern)


def test_classes_ranges_negation_and_code_points_above_the_bmp() -> None:
    cases = [
        ("[a-c]x", "bx", True),
        ("[a-c]x", "dx", False),
        ("[!a-c]x", "dx", True),
        ("[!a-c]x", "ax", False),
        ("[]]", "]", True),  # a `]` first in a class is in it
        ("[!]]", "a]", True),  # `[!]` any character, then `]`
        ("[c-a]", "b", False),  # backwards: holds nothing
        ("[a-]", "-", True),
        ("[\U0001f600-\U0001f64f]*", "\U0001f610.toml", True),
        ("[!\U0001f600]", "\U0001f600", False),
        ("[!\U0001f600]", "\U0010ffff", True),
        ("[ab", "[ab", True),  # unclosed: literal
        ("*.[tj]s[!x]", "a.tsy", True),
        ("a**b", "axxb", True),
        ("", "", True),
        ("*", "", True),
        ("?", "", False),
    ]
    for pattern, name, expected in cases:
        assert Segment(pattern).matches(name) is expected, (pattern, name)
        assert _reference(pattern, name) is expected, (pattern, name)


def test_what_the_two_pointer_matcher_took_pattern_times_name_for() -> None:
    name = "a" * 20_000
    for pattern in ("*" + "a" * 1_000 + "b", "*" + "[a]" * 300 + "b", "*a?" * 300 + "b"):
        assert not globs.glob_match(pattern, name)
        assert globs.glob_match(pattern.removesuffix("b"), name)


def test_a_segment_longer_than_any_file_name_is_a_settings_error() -> None:
    long = "*" + "a" * 1100
    assert globs.glob_problem(f"configs/{long}.toml") is not None
    assert "longer than 1024 characters" in str(globs.glob_problem(long))
    assert not globs.glob_match(long, "a" * 1100)
    # braces expanded: two segments of 600 as written are one of 1200
    joined = "a" * 600 + "{/,}" + "a" * 600
    assert globs.glob_problem(joined) is not None
    assert globs.glob_problem("a" * 1024) is None
    assert globs.glob_match("a" * 1024, "a" * 1024)


def test_braces_past_the_bound_are_literal_characters() -> None:
    pattern = "{a,b}" * 60  # 2**60 alternatives: refused, and matched as written
    assert globs.glob_problem(pattern) is not None
    assert globs.glob_match(pattern, pattern)
    assert not globs.glob_match(pattern, "ab")
    assert globs.glob_match(f"x/{pattern}*", f"x/{pattern}.toml")
