"""The accessors CONTRIBUTING.md tells a rule to read scalars with: each gives the value of
its TOML type, and None for any other, so a rule never mistakes `true` for 1."""

from __future__ import annotations

import tomllib

import pytest

from benchlint.lint.context import Context

TABLE = tomllib.loads(
    'n = 3\nneg = -2\nflag = true\noff = false\nf = 3.0\ns = "3"\nsb = "true"\narr = [1]\n'
)


@pytest.mark.parametrize(
    ("key", "integer", "boolean", "string"),
    [
        ("n", 3, None, None),
        ("neg", -2, None, None),
        ("flag", None, True, None),
        ("off", None, False, None),
        ("f", None, None, None),
        ("s", None, None, "3"),
        ("sb", None, None, "true"),
        ("arr", None, None, None),
        ("absent", None, None, None),
    ],
)
def test_each_accessor_reads_only_its_type(
    key: str, integer: int | None, boolean: bool | None, string: str | None
) -> None:
    assert Context.integer(TABLE, key) == integer
    assert Context.boolean(TABLE, key) is boolean
    assert Context.string(TABLE, key) == string
