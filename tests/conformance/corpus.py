"""The generated corpus: seeded, so every run (and every failure report) sees the same cases.

Each case has its own random stream (`seed:number`), so any one case can be rebuilt alone.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import mutations_secrets, mutations_structure, mutations_text, valid
from .render import Renderer

SEED = "benchlint-conformance-1"
SIZE = 2600

DataMutation = Callable[[dict[str, Any], random.Random], str]
TextMutation = Callable[[str, random.Random], tuple[bytes, str]]
DATA_MUTATIONS: dict[str, tuple[DataMutation, int]] = {
    **mutations_structure.MUTATIONS,
    **mutations_secrets.MUTATIONS,
}
TEXT_MUTATIONS: dict[str, tuple[TextMutation, int]] = mutations_text.MUTATIONS


@dataclass(frozen=True, slots=True)
class Case:
    number: int
    kind: str  # "valid", or the mutations applied ("collision", "wrong-type+syntax", ...)
    detail: str  # what exactly was changed
    data: dict[str, Any]  # the config before any text mutation
    content: bytes  # the file as written

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", "backslashreplace")


def generate(size: int = SIZE, seed: str = SEED) -> list[Case]:
    return [build_case(number, seed) for number in range(size)]


def build_case(number: int, seed: str = SEED) -> Case:
    rng = random.Random(f"{seed}:{number}")
    config = valid.valid_config(rng)
    kinds: list[str] = []
    details: list[str] = []
    if rng.random() >= 0.3:  # 70% mutated, some twice so mutations meet each other
        kind = _weighted(rng, DATA_MUTATIONS)
        kinds.append(kind)
        details.append(DATA_MUTATIONS[kind][0](config, rng))
        if rng.random() < 0.12:
            config = _mutate_again(config, rng, kinds, details)
    text = Renderer(rng).document(config, crlf=rng.random() < 0.12)
    content = text.encode()
    if rng.random() < 0.18:
        kind = _weighted(rng, TEXT_MUTATIONS)
        content, detail = TEXT_MUTATIONS[kind][0](text, rng)
        kinds.append(kind)
        details.append(detail)
    return Case(number, "+".join(kinds) or "valid", "; ".join(details), config, content)


def _mutate_again(
    config: dict[str, Any], rng: random.Random, kinds: list[str], details: list[str]
) -> dict[str, Any]:
    """A second mutation, skipped when the first left no shape for it to work on."""
    kind = _weighted(rng, DATA_MUTATIONS)
    attempt = copy.deepcopy(config)
    try:
        detail = DATA_MUTATIONS[kind][0](attempt, rng)
    except (KeyError, IndexError, TypeError, AttributeError):  # e.g. `agents` was removed
        return config
    kinds.append(kind)
    details.append(detail)
    return attempt


def _weighted(rng: random.Random, table: dict[str, tuple[Any, int]]) -> str:
    names = sorted(table)
    return rng.choices(names, [table[name][1] for name in names])[0]
