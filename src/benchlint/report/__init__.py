"""Reporters: pure functions from lint results to the text of one output format."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..diagnostic import Diagnostic


@dataclass
class FileReport:
    """One checked file: its path as the user gave it, its text and its diagnostics."""

    path: str
    diagnostics: list[Diagnostic]
    text: str | None = None  # for code frames; None when the bytes were not text
    fixed: int = 0  # fixes applied by --fix


@dataclass(frozen=True)
class RunInfo:
    """What every reporter may mention about the run itself."""

    version: str
    profile: str
    color: bool = False
    fix_applied: bool = False


def counts(reports: Sequence[FileReport]) -> dict[str, int]:
    totals = {"files": len(reports), "errors": 0, "warnings": 0, "infos": 0, "fixable": 0}
    for report in reports:
        for diagnostic in report.diagnostics:
            totals[diagnostic.severity + "s"] += 1
            if diagnostic.fix is not None:
                totals["fixable"] += 1
    return totals
