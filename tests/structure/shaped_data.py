"""Hypothesis strategies for values shaped like configs, and wrong in every way they can be.

The walk follows the generated spec (the oracle is pydantic, so following the spec decides
nothing): at every key it draws either a value of the expected shape, near its boundaries, or
any other TOML value; tables gain unknown keys and lose required ones.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from hypothesis import strategies as st

from benchlint.domain.constants import MODEL_TYPES, RESERVED_ENV_PREFIX
from benchlint.structure.generated_spec import SPEC

# White_Space and the characters where Python's `\s` and Rust's disagree (U+001C..U+001F),
# line ends, and look-alikes of valid name characters.
EDGE_CHARACTERS = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000"
    "\x1c\x1d\x1e\x1f\x00\x7f\u180e\u200b\ufeff"
    "AZaz09_-.$^Éé\u0130ﬁ𝐀"
)

_CHARACTER = st.one_of(
    st.sampled_from(EDGE_CHARACTERS),
    st.characters(exclude_categories=("Cs",)),  # tomllib never returns lone surrogates
)
TEXT = st.one_of(
    st.text(_CHARACTER, max_size=12),
    st.sampled_from(["", " ", "A", "A\n", "\nA", "A\r\n", "_", "_OSMOSIS_", "9A"]),
    st.text("ABZ09_", min_size=1, max_size=8).map(lambda name: RESERVED_ENV_PREFIX + name),
    st.text("ABZ09_", min_size=1, max_size=8).map(lambda name: name + "\n"),
    st.sampled_from([254, 255, 256, 300]).flatmap(
        lambda size: st.sampled_from(["A" * size, "a" * size, "A" * (size - 1) + "\n"])
    ),
)
INTEGERS = st.one_of(
    st.integers(-3, 3),
    st.sampled_from([2**31, 2**63 - 1, -(2**63), 2**70, -(2**70), 2**1024, -(2**1100)]),
)
FLOATS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -0.0, 1.0, 0.5, 1.0000000000000002, 5e-324, 1.7976931348623157e308]),
)
MOMENTS = st.one_of(
    st.datetimes(timezones=st.none() | st.just(dt.UTC)),
    st.dates(),
    st.times(),
)
SCALARS = st.one_of(st.booleans(), INTEGERS, FLOATS, TEXT, MOMENTS)
ANY_VALUE = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(TEXT, inner, max_size=3)),
    max_leaves=8,
)

# Table keys: anything, and names close to valid env names.
KEYS = TEXT | st.text("ABCXYZ_019", min_size=1, max_size=6)

_MODELS: dict[str, Any] = SPEC["models"]
_ALL_KEYS = sorted({key for model in _MODELS.values() for key in model["fields"]})
_CACHE: dict[int, st.SearchStrategy[Any]] = {}
_TABLES: dict[str, st.SearchStrategy[dict[str, Any]]] = {}


def shaped(node: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Mostly the shape `node` expects, sometimes anything at all (built once per node)."""
    if id(node) not in _CACHE:
        expected = st.deferred(lambda: _expected(node))
        _CACHE[id(node)] = st.one_of(expected, expected, expected, ANY_VALUE)
    return _CACHE[id(node)]


def _expected(node: dict[str, Any]) -> st.SearchStrategy[Any]:
    kind = node["kind"]
    if kind == "model":
        return _table(node["name"])
    if kind in ("nullable", "after"):
        return shaped(node["schema"])
    if kind == "str":
        return TEXT
    if kind == "int":
        return INTEGERS | st.booleans() | FLOATS
    if kind == "float":
        return FLOATS | INTEGERS | st.booleans()
    if kind == "literal":
        return st.sampled_from([*node["expected"], *(v.title() for v in node["expected"])])
    if kind == "list":
        longest = node.get("max_length", 3)
        return st.lists(shaped(node["items"]), max_size=longest + 2)
    if kind == "dict":
        return st.dictionaries(KEYS, shaped(node["values"]), max_size=4)
    if kind == "any":
        return ANY_VALUE
    if kind == "tagged-union":
        return _union(node, {tag: _table(c["name"]) for tag, c in node["choices"].items()})
    raise AssertionError(f"no strategy for {kind}")


def _table(name: str) -> st.SearchStrategy[dict[str, Any]]:
    if name not in _TABLES:
        _TABLES[name] = _draw_table(name)
    return _TABLES[name]


@st.composite
def _draw_table(draw: st.DrawFn, name: str) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for key, field in _MODELS[name]["fields"].items():
        if draw(st.integers(0, 9)) < 8:  # sometimes a required key goes missing
            table[key] = draw(shaped(field["schema"]))
    for key in draw(st.lists(st.sampled_from(_ALL_KEYS) | TEXT, max_size=2)):
        table.setdefault(key, draw(ANY_VALUE))  # unknown keys, some valid elsewhere
    return table


@st.composite
def _union(
    draw: st.DrawFn, node: dict[str, Any], tables: dict[str, st.SearchStrategy[dict[str, Any]]]
) -> Any:
    tag = draw(
        st.one_of(
            st.sampled_from(list(node["choices"])),
            st.sampled_from([*MODEL_TYPES, "Provider", "", 1, True, 1.0, ["provider"], {}]),
            ANY_VALUE,
        )
    )
    table = draw(tables[tag]) if isinstance(tag, str) and tag in tables else {}
    if draw(st.integers(0, 9)):  # sometimes the tag is missing
        table[node["discriminator"]] = tag
    return table


CONFIGS = shaped(SPEC["root"])
