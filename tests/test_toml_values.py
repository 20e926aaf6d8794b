"""`toml_values.loads` reads every text exactly as `tomllib` does: the same values (types,
order, NaN and -0.0 included) and the same error messages, positions included."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchlint.parsing.toml_values import NESTING_SAFE, DecodeError, KeyTooLongError, loads
from strategies import SEEDS, TOML_PUNCTUATION, mutated_config

FIXTURES = sorted(Path(__file__).parent.glob("**/*.toml"))

EDGE_CASES = [
    'a = "\\u00e9\\U0001F600\\t\\"\\\\"\nb = \'C:\\path\'\n',
    'a = "\\ud800"\n',  # a surrogate escape: not a Unicode scalar value
    'a = "\\x41"\n',  # TOML 1.1 escape, rejected by TOML 1.0
    'a = "\\e"\n',  # TOML 1.1 escape
    "t = { a = 1,\n b = 2 }\n",  # TOML 1.1 newlines in inline tables
    "t = { a = 1, }\n",  # TOML 1.1 trailing comma
    "d = 1979-05-27T07:32\n",  # TOML 1.1 optional seconds
    "f = [nan, -nan, +inf, -0.0, 1e1_0, 0.1]\ni = [0x_1, 0o7, 0b1, 1_000, -0]\n",
    "d = [1979-05-27, 07:32:00.999999999, 1979-05-27 07:32:00+01:30, 1979-05-27t07:32:00z]\n",
    "a = \"\"\"\\\n  folded \\\n  text\"\"\"\nb = '''\nraw'''' \n",
    "a.b = 1\na.b = 2\n",
    "[a]\n[a]\n",
    "a = {b = 1}\n[a.c]\n",
    "[[a]]\n[a]\n",
    "a = 1 b = 2\n",
    "a = [1,,]\n",
    "= 1\n",
    '"" = 1\n',
    "a = 1\r\nb = 2\r",
    "a = \x01\n",
    "x",
    "",
    "# 😀\na = '日本' # 注\n",
    "a = 9223372036854775808\n",
    "a = 1979-02-29\n",
    "a = 24:00:00\n",
    "a = [" * 40 + "]" * 40 + "\n",
    "a = " + "{b = " * 40 + "1" + "}" * 40 + "\n",
    "a = " + "[" * (NESTING_SAFE + 10) + "]" * (NESTING_SAFE + 10) + "\n",
    "a = " + "[" * 1_200 + "]" * 1_200 + "\n",  # deeper than tomllib can recurse
]


def outcome(parse: Callable[[str], Any], text: str) -> tuple[str, str]:
    """What a parser makes of `text`, as comparable text (repr tells 1 from 1.0 and True)."""
    try:
        return "values", repr(parse(text))
    except (*DecodeError, tomllib.TOMLDecodeError) as error:
        return "error", str(error)
    except RecursionError:
        return "too deep", ""


def assert_reads_as_tomllib(text: str) -> None:
    assert outcome(loads, text) == outcome(tomllib.loads, text)


@pytest.mark.parametrize("text", EDGE_CASES, ids=range(len(EDGE_CASES)))
def test_edge_cases(text: str) -> None:
    assert_reads_as_tomllib(text)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_fixtures(path: Path) -> None:
    assert_reads_as_tomllib(path.read_text(encoding="utf-8", errors="replace"))


@pytest.mark.parametrize("text", SEEDS, ids=range(len(SEEDS)))
def test_rule_examples(text: str) -> None:
    assert_reads_as_tomllib(text)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(mutated_config(), TOML_PUNCTUATION))
def test_damaged_and_random_texts(text: str) -> None:
    assert_reads_as_tomllib(text)


def test_possibly_deep_texts_go_to_tomllib(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past NESTING_SAFE brackets the stdlib parser decides, so its recursion limit holds."""
    called: list[str] = []
    stdlib_loads = tomllib.loads

    def spy(text: str) -> dict[str, Any]:
        called.append(text)
        return stdlib_loads(text)

    monkeypatch.setattr(tomllib, "loads", spy)
    loads("a = [1]\n")
    assert called == []
    deep = "a = " + "[" * NESTING_SAFE + "]" * NESTING_SAFE + "\n"
    loads(deep)
    assert called == [deep]


@pytest.mark.parametrize(
    "text",
    [
        "a" + ".a" * 1_100 + " = 1\n",  # more parts than tomli allows
        "[" + ".".join(f"k{i}" for i in range(20_000)) + "]\nx = 1\n",  # minutes in tomllib
        'x = 1\n"q.q"' + ".b" * 150 + " = 2\n",
    ],
    ids=["dotted", "header", "quoted"],
)
def test_a_key_of_too_many_parts_is_refused_before_either_parser(text: str) -> None:
    """The one deliberate difference: such a key is never a config's (each is a structural
    error), and `tomllib`'s time on it grows with the square of its parts."""
    with pytest.raises(KeyTooLongError, match="more than 100 parts"):
        loads(text)
    assert loads("a" + ".a" * 99 + " = 1\n")  # 100 parts is fine
