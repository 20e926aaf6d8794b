"""The interpreter reports what pydantic reports on random config-shaped values."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .oracle import differences
from .shaped_data import ANY_VALUE, CONFIGS, TEXT

RANDOM = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@RANDOM
@given(CONFIGS)
def test_config_shaped_values(data: Any) -> None:
    assert differences(data) is None


@settings(RANDOM, max_examples=150)
@given(st.one_of(ANY_VALUE, st.dictionaries(TEXT, ANY_VALUE, max_size=4)))
def test_anything_at_the_root(data: Any) -> None:
    assert differences(data) is None
