"""Every pattern in the spec accepts, with Python's `re`, exactly what pydantic's Rust regex
accepts: checked for every code point, alone and in the positions anchors and classes care
about."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pydantic_core import SchemaValidator

from benchlint.structure.generated_spec import SPEC
from benchlint.structure.rust_regex import UnsupportedPattern, to_python

SURROGATES = range(0xD800, 0xE000)
SPACES_END = 0x3100  # past U+3000, the last White_Space character


def _patterns(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if node.get("kind") == "str" and "pattern" in node:
            yield node["pattern"]
        for value in node.values():
            yield from _patterns(value)


PATTERNS = sorted(set(_patterns(SPEC)))


def _rust_accepts(pattern: str) -> Callable[[str], bool]:
    schema: Any = {"type": "str", "pattern": pattern}
    return SchemaValidator(schema).isinstance_python  # type: ignore[no-any-return]


def test_the_spec_has_patterns() -> None:
    assert len(PATTERNS) >= 3


@pytest.mark.parametrize("pattern", [*PATTERNS, r"\s", r"^\s*$", r"^.$"])
def test_every_code_point(pattern: str) -> None:
    search, rust_accepts = re.compile(to_python(pattern)).search, _rust_accepts(pattern)
    for code in range(0x110000):
        if code in SURROGATES:
            continue
        char = chr(code)
        texts = [char, "A" + char]
        if code < SPACES_END:  # where every space-like and ASCII character is
            texts += [char + " ", "A_" + char + "\n"]
        for text in texts:
            assert (search(text) is not None) == rust_accepts(text), ascii(text)


@pytest.mark.parametrize(
    ("rust", "python"),
    [
        (r"^[A-Z][A-Z0-9_]*$", r"^[A-Z][A-Z0-9_]*\Z"),
        (r"\S", r"[\S\x1c-\x1f]"),
        (r"^\s*$", r"^[^\S\x1c-\x1f]*\Z"),
        (r"^a\.b+c?.$", r"^a\.b+c?.\Z"),
    ],
)
def test_translation(rust: str, python: str) -> None:
    assert to_python(rust) == python


@pytest.mark.parametrize(
    "pattern", [r"\d", r"\w", "a|b", "(a)", "a{2}", "a$b", "[[:alpha:]]", "[a-", "[]", "x^", r"\b"]
)
def test_untranslated_constructs_raise(pattern: str) -> None:
    with pytest.raises(UnsupportedPattern):
        to_python(pattern)
