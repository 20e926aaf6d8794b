"""The schema's verdict agrees with the engine's structural rules.

For every config of the corpus (the hand-written files in `fixtures/` plus a seeded set of
generated configs and structural mutations of them), validating the `tomllib` data against
the committed schema with `jsonschema` must say "invalid" exactly when the engine reports a
structural finding:

- BL101–BL105, BL108, BL201 (the structural rules proper);
- BL106: the `[execution]` types and numeric bounds, which the schema carries too;
- BL107: `pass_threshold` outside 0..1 — a warning for benchlint, but a schema has no
  severities, so it is a violation there;
- BL202 when the secret name fails the name pattern: a credential-shaped value is reported
  *instead of* BL201 (BL303 is not: a harness credential that is not a valid name gets both).

Cases the schema deliberately cannot express, excluded from the comparison (`EXCLUSIONS`,
also listed in docs/schema.md) — `test_known_gaps` pins each one down:

- non-finite numbers (`nan`, `inf`): JSON has neither, so no schema keyword can reject them;
- an integral float where an integer belongs (`attempts_per_task = 2.0`): JSON Schema counts
  2.0 as an integer, TOML and the engine do not;
- a name ending in a newline (`"KEY\\n"`): Python's `re`, which the `jsonschema` package
  uses for `pattern`, lets `$` match before a final newline (ECMA-262, the draft-07 dialect,
  and the Rust regex of taplo, tombi and pydantic do not) — the schema is right, this
  validator is lax;
- a "blank" string made of U+001C..U+001F: Python's `re` counts them as whitespace for
  `\\S`, Rust and ECMA-262 do not.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from schema_corpus import MUTANTS, VALID_CONFIGS, canonical, generated_corpus, to_toml

import benchlint
from benchlint.domain.models import SECRET_NAME_PATTERN

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CONFIG_PATH = "configs/benchmark/corpus.toml"

STRUCTURAL = frozenset(
    {"BL101", "BL102", "BL103", "BL104", "BL105", "BL106", "BL107", "BL108", "BL201"}
)
INSTEAD_OF_BL201 = frozenset({"BL202"})

Data = dict[str, Any]


# --- the two verdicts -----------------------------------------------------------------------


def schema_rejects(validator: jsonschema.Draft7Validator, data: Data) -> bool:
    return not validator.is_valid(data)


def engine_rejects(text: str, data: Data) -> bool:
    for diagnostic in benchlint.lint_text(text, path=CONFIG_PATH):
        if diagnostic.code in STRUCTURAL:
            return True
        if diagnostic.code in INSTEAD_OF_BL201 and not is_secret_name(
            value_at(data, diagnostic.key)
        ):
            return True
    return False


def is_secret_name(value: object) -> bool:
    return (
        isinstance(value, str)
        and len(value) <= 255
        and re.fullmatch(SECRET_NAME_PATTERN.strip("^$"), value) is not None
    )


def value_at(data: Data, key: str | None) -> object:
    """The value at a diagnostic's `key` (`agents[0].model.api_key_secret`)."""
    node: Any = data
    for name, index in re.findall(r"([A-Za-z_]+)|\[(\d+)\]", key or ""):
        node = node[int(index)] if index else node[name]
    return node


# --- exclusions -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Exclusion:
    name: str
    reason: str
    applies: Callable[[Data], bool]


def leaves(node: object, key: object = None) -> Iterator[tuple[object, object]]:
    """(key, value) for every value, under the key it sits at (array items: the array's
    key), and (key, key) for every key, since names are checked too."""
    if isinstance(node, dict):
        for name, value in node.items():
            yield name, name
            yield name, value
            yield from leaves(value, name)
    elif isinstance(node, list):
        for item in node:
            yield key, item
            yield from leaves(item, key)


def _non_finite(data: Data) -> bool:
    return any(isinstance(v, float) and not math.isfinite(v) for _, v in leaves(data))


def _integral_float_integer(data: Data) -> bool:
    integer_keys = {"attempts_per_task", "max_concurrent_attempts", "max_retries"}
    return any(
        k in integer_keys and isinstance(v, float) and v.is_integer() for k, v in leaves(data)
    )


def _name_with_final_newline(data: Data) -> bool:
    return any(
        isinstance(v, str) and v.endswith("\n") and re.fullmatch(r"[A-Z_][A-Z0-9_]*", v[:-1])
        for _, v in leaves(data)
    )


def _separator_blank(data: Data) -> bool:
    return any(
        isinstance(v, str) and not re.search(r"\S", v) and re.search(r"[\x1c-\x1f]", v)
        for _, v in leaves(data)
    )


EXCLUSIONS = (
    Exclusion("non-finite number", "JSON has no NaN or infinity", _non_finite),
    Exclusion("integral float", "JSON Schema counts 2.0 as an integer", _integral_float_integer),
    Exclusion(
        "name + final newline", "Python re: `$` before a final newline", _name_with_final_newline
    ),
    Exclusion("U+001C..U+001F blank", "Python re: `\\s` includes U+001C..U+001F", _separator_blank),
)


def excluded(data: Data) -> str | None:
    return next((e.name for e in EXCLUSIONS if e.applies(data)), None)


# --- hand-written fixtures --------------------------------------------------------------------


def fixture_files(prefix: str) -> list[Path]:
    return sorted(FIXTURES.glob(f"{prefix}-*.toml"))


@pytest.mark.parametrize("path", fixture_files("ok") + fixture_files("bad"), ids=lambda p: p.stem)
def test_fixture_verdicts_agree(path: Path, validator: jsonschema.Draft7Validator) -> None:
    text = path.read_text("utf-8")
    data = tomllib.loads(text)
    assert excluded(data) is None
    expected = path.name.startswith("bad-")
    assert engine_rejects(text, data) is expected
    assert schema_rejects(validator, data) is expected, list(validator.iter_errors(data))


GAPS = {
    "gap-nan-timeout": "non-finite number",
    "gap-integral-float": "integral float",
    "gap-trailing-newline": "name + final newline",
    "gap-separator-blank": "U+001C..U+001F blank",
}


def test_every_gap_has_a_fixture() -> None:
    assert sorted(GAPS) == sorted(path.stem for path in fixture_files("gap"))
    assert sorted(GAPS.values()) == sorted(exclusion.name for exclusion in EXCLUSIONS)


@pytest.mark.parametrize("stem", GAPS)
def test_known_gaps(stem: str, validator: jsonschema.Draft7Validator) -> None:
    """Each gap still exists, and exactly the exclusion that explains it covers it."""
    text = (FIXTURES / f"{stem}.toml").read_text("utf-8")
    data = tomllib.loads(text)
    assert [e.name for e in EXCLUSIONS if e.applies(data)] == [GAPS[stem]]
    assert engine_rejects(text, data) is not schema_rejects(validator, data)


@dataclass(frozen=True)
class Case:
    index: int
    data: Data
    text: str
    rejected: bool | None  # the engine's structural verdict; None when it crashed
    crash: str | None = None


@pytest.fixture(scope="module")
def corpus_cases() -> list[Case]:
    """The generated corpus, each config written as TOML and linted once."""
    cases = []
    for index, data in enumerate(generated_corpus()):
        text = to_toml(data)
        assert canonical(tomllib.loads(text)) == canonical(data), text
        try:
            cases.append(Case(index, data, text, engine_rejects(text, data)))
        except Exception as error:
            cases.append(Case(index, data, text, None, f"{error!r}"))
    return cases


def test_engine_survives_the_generated_corpus(corpus_cases: list[Case]) -> None:
    crashes = [f"#{case.index}: {case.crash}\n{case.text}" for case in corpus_cases if case.crash]
    assert not crashes, crashes[0]


def test_generated_corpus_agrees(
    corpus_cases: list[Case], validator: jsonschema.Draft7Validator
) -> None:
    disagreements = []
    counts = {"valid": 0, "invalid": 0, "excluded": 0, "crashed": 0}
    for case in corpus_cases:
        if excluded(case.data):
            counts["excluded"] += 1
            continue
        if case.rejected is None:
            counts["crashed"] += 1  # no verdict to compare; see the test above
            continue
        counts["invalid" if case.rejected else "valid"] += 1
        by_schema = schema_rejects(validator, case.data)
        if by_schema != case.rejected:
            disagreements.append(
                f"#{case.index}: schema {'rejects' if by_schema else 'accepts'}, engine "
                f"{'rejects' if case.rejected else 'accepts'}\n{case.text}"
            )
    assert not disagreements, "\n".join(disagreements[:5])
    # Not vacuous: both verdicts well represented; exclusions stay rare.
    assert counts["valid"] >= VALID_CONFIGS, counts
    assert counts["invalid"] >= MUTANTS // 2, counts
    assert counts["excluded"] <= MUTANTS // 10, counts
    assert counts["crashed"] <= 3, counts
