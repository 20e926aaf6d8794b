"""The values every surface shares: positions, ranges, fixes and diagnostics.

Positions are 1-based; a column counts Unicode code points and a range's end is exclusive,
exactly as the JSON output promises. Surfaces that need another encoding (the language
server's UTF-16) convert with `benchlint.core.text.LineIndex`.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Literal

from .record import NamedTuple

if TYPE_CHECKING:
    from . import contract

Severity = Literal["error", "warning", "info"]
Applicability = Literal["safe", "unsafe"]

SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")
SEVERITY_RANK: dict[str, int] = {"error": 3, "warning": 2, "info": 1}


def fails(severity: str, fail_on: str) -> bool:
    """Whether a diagnostic of `severity` fails a run whose threshold is `fail_on` (a severity,
    or "never"): the one test the CLI's exit code, JUnit and `benchlint.refuses` share."""
    return fail_on != "never" and SEVERITY_RANK[severity] >= SEVERITY_RANK[fail_on]


# Every value here is a named tuple: immutable and ordered.
class Position(NamedTuple):
    line: int
    column: int

    def to_dict(self) -> contract.Position:
        return {"line": self.line, "column": self.column}


class Range(NamedTuple):
    start: Position
    end: Position

    def to_dict(self) -> contract.Range:
        return {"start": self.start.to_dict(), "end": self.end.to_dict()}


FILE_START = Range(Position(1, 1), Position(1, 1))


class Related(NamedTuple):
    message: str
    range: Range

    def to_dict(self) -> contract.Related:
        return {"message": self.message, "range": self.range.to_dict()}


class Edit(NamedTuple):
    range: Range
    new_text: str

    def to_dict(self) -> contract.Edit:
        return {"range": self.range.to_dict(), "new_text": self.new_text}


class Fix(NamedTuple):
    title: str
    applicability: Applicability
    edits: tuple[Edit, ...]

    def to_dict(self) -> contract.Fix:
        return {
            "title": self.title,
            "applicability": self.applicability,
            "edits": [edit.to_dict() for edit in self.edits],
        }


class Diagnostic(NamedTuple):
    """One finding of one rule, positioned in the file it was found in."""

    code: str
    name: str
    severity: Severity
    message: str
    range: Range
    key: str | None = None
    related: tuple[Related, ...] = ()
    fix: Fix | None = None
    url: str = ""

    def to_dict(self) -> contract.DiagnosticEntry:
        """One entry of the `--format json` output (the contract: `core.contract`)."""
        return {
            "code": self.code,
            "name": self.name,
            "severity": self.severity,
            "message": self.message,
            "range": self.range.to_dict(),
            "key": self.key,
            "related": [item.to_dict() for item in self.related],
            "fix": self.fix.to_dict() if self.fix else None,
            "url": self.url,
        }


# The order of diagnostics: by start position (a Position compares as (line, column)), then
# code. An attrgetter: no Python call per diagnostic while sorting.
SORT_KEY = attrgetter("range.start", "code")
