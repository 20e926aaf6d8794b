"""The allow-list as docs/security.md states it: what is shown, what is shown by its shape."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchlint.secrets import shape
from benchlint.secrets.controls import _ANY, escaped, pictured
from benchlint.secrets.redaction import shown_text
from benchlint.secrets.shape import TOKEN, all_harmless, harmless, harmless_token, tokens

SHOWN = [
    "openai/gpt-5.2",
    "OPENAI_API_KEY",
    "gpt4o",
    "privateKey",
    "20241022",
    "mistral7b",
    "gpt4o-mini",
    "claude-3-5-sonnet-20241022",
    "https://example.com/runs/2024-10-21",
    "docs/keys.md",
    "hle-0001",
    "BL501/BL502",
    "7f3a2c",  # six characters: too few to be a credential alone
    "Summer2024",  # word-shaped: the documented gap
]
REFUSED = [
    "hunter2hunter2",
    "AKIAIOSFODNN7EXAMPLE",
    "3f9a1c2e7b6d4a5f8e0c1b2a3d4e5f60",
    "4111111111111111",  # a card number: more than 10 digits
    "abcdefghijklmnopq",  # 17 letters
    "123e4567-e89b-12d3-a456-426614174000",  # a UUID: too many interleaved runs
    "00000000000/0A0A",
]


@pytest.mark.parametrize("token", SHOWN)
def test_a_harmless_shape_is_shown(token: str) -> None:
    assert harmless_token(token)
    assert shown_text(token) == token


@pytest.mark.parametrize("token", REFUSED)
def test_anything_else_is_shown_by_its_shape(token: str) -> None:
    assert not harmless_token(token)
    prefix = "AKIA" if token.startswith("AKIA") else ""  # a known format's public prefix
    assert shown_text(token) == f"{prefix}…({len(token)} chars)"


def test_a_known_format_keeps_only_its_public_prefix() -> None:
    key = "sk-proj-" + "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH"
    assert shown_text(key) == f"sk-…({len(key)} chars)"


def test_comments_are_judged_word_by_word() -> None:
    assert harmless("# rotate monthly, see docs/keys.md")
    assert shown_text("# old key: 3f9a1c2e7b6d") == "# old key: …(12 chars)"


def test_control_characters_are_escaped_or_pictured() -> None:
    assert escaped("a\x1bb\nc\u202e") == "a\\x1bb\\nc\\u202e"
    assert pictured("a\x1bb") == "a␛b"


# Every ASCII character, punctuation and the controls `str.isspace` and `bytes.split` disagree
# about (0x1c-0x1f) included, and some beyond (which take the regular expressions' way).
_ANY_TEXT = st.text(st.characters(max_codepoint=0x7F) | st.sampled_from("é\x85\u2028\u3000"))


@pytest.mark.parametrize("code", range(0x80))
def test_each_ascii_character_cuts_tokens_as_the_pattern_says(code: int) -> None:
    text = f"ab{chr(code)}cd {chr(code)}e{chr(code)}"
    assert tokens(text) == TOKEN.findall(text)


@given(_ANY_TEXT)
def test_the_ascii_tokenizer_cuts_where_the_token_pattern_does(text: str) -> None:
    assert tokens(text) == TOKEN.findall(text)


@given(_ANY_TEXT)
def test_text_is_left_as_it_is_only_when_nothing_needs_an_escape(text: str) -> None:
    assert (escaped(text) == text) == (_ANY.search(text) is None)


@given(st.lists(st.sampled_from(SHOWN + REFUSED + ["a" * 70, "x"]), max_size=6))
def test_the_set_of_proven_tokens_answers_as_the_allow_list(words: list[str]) -> None:
    expected = all(map(harmless_token, words))
    assert all_harmless(words) == expected
    assert all_harmless(words) == expected  # again, from the set
    assert not shape._PROVEN.intersection(REFUSED)  # only what was proven goes in


def test_the_set_of_proven_tokens_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shape, "_PROVEN", set())
    monkeypatch.setattr(shape, "_PROVEN_ENTRIES", 3)
    assert all_harmless(["gpt4o", "mistral7b", "openai/gpt-5.2", "privateKey", "abc/" * 20])
    assert len(shape._PROVEN) <= 3
    assert "abc/" * 20 not in shape._PROVEN  # a long token is proven again each time
