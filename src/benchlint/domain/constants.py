"""The plain values the models are built from and the rules read.

No pydantic here: the check path imports this module, `benchlint.domain.models` imports it to build
the models, so each value has one definition. What the models *derive* (which keys each
table allows, which model `type` has which keys) lives in `benchlint.structure.spec`.
"""

from __future__ import annotations

from collections.abc import Callable

SECRET_NAME_PATTERN = r"^[A-Z][A-Z0-9_]*$"
ENV_NAME_PATTERN = r"^[A-Z_][A-Z0-9_]*$"
NON_BLANK_PATTERN = r"\S"
RESERVED_ENV_PREFIX = "_OSMOSIS_"
MAX_SECRET_NAME_LENGTH = 255
MAX_AGENTS = 8
MAX_REQUIRED_SECRETS = 16
MODEL_TYPES = ("provider", "endpoint", "hosted")
TASK_SETS = ("parity",)
PASS_THRESHOLD_RANGE = (0, 1)  # advisory: a share of the score (BL107 warns outside it)


def not_reserved_env(name: str) -> str:
    """The models' check on env names, beyond their pattern."""
    if name.startswith(RESERVED_ENV_PREFIX):
        raise ValueError(f"names starting with {RESERVED_ENV_PREFIX} are reserved")
    return name


# Python validators the models use, by the name the generated structure spec records.
VALIDATORS: dict[str, Callable[[str], str]] = {"not_reserved_env": not_reserved_env}
