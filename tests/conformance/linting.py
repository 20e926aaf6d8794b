"""Running benchlint over the corpus, one profile at a time, keeping crashes as results."""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field

from benchlint import Diagnostic, Settings, lint_text

from .corpus import Case


@dataclass(frozen=True, slots=True)
class Linted:
    diagnostics: Sequence[Diagnostic] = ()
    crash: str | None = None  # the exception and where it was raised, when lint_text broke
    errors: frozenset[str] = field(init=False)  # the codes reported as errors

    def __post_init__(self) -> None:
        codes = frozenset(d.code for d in self.diagnostics if d.severity == "error")
        object.__setattr__(self, "errors", codes)


def lint_corpus(corpus: Sequence[Case], profile: str) -> list[Linted]:
    settings = Settings(profile=profile)
    return [_lint(case, settings) for case in corpus]


def case_path(case: Case) -> str:
    """Where the loader's driver writes the case, so path-dependent rules agree."""
    return f"configs/benchmark/{case.number}.toml"


def _lint(case: Case, settings: Settings) -> Linted:
    try:
        return Linted(lint_text(case.content, path=case_path(case), settings=settings))
    except Exception as error:  # reported by the crash test, not allowed to stop the others
        where = traceback.extract_tb(error.__traceback__)[-1]
        return Linted(crash=f"{type(error).__name__}: {error} ({where.filename}:{where.lineno})")
