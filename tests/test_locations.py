"""Where configs are taken from (`benchlint.domain.locations`)."""

from __future__ import annotations

from pathlib import PurePath

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchlint.domain.locations import is_config_name


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("configs/benchmark/run.toml", True),
        ("run.toml", True),
        ("..toml", True),  # a name `.` and the suffix, as `PurePath` reads it
        ("configs\\benchmark\\run.toml", True),
        ("run.toml/", True),
        ("run.toml/.", True),
        (".toml", False),  # a hidden file without a suffix
        ("configs/.toml", False),
        ("run.TOML", False),
        ("run.toml.", False),
        ("run.toml/..", False),
        ("", False),
    ],
)
def test_a_config_name_ends_in_toml_after_a_name(path: str, expected: bool) -> None:
    assert is_config_name(path) is expected


@given(st.text(alphabet="a./\\tomlT ", max_size=12))
def test_a_config_name_is_what_purepath_calls_a_toml_suffix(path: str) -> None:
    assert is_config_name(path) == (PurePath(path.replace("\\", "/")).suffix == ".toml")
