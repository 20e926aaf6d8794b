"""`--format json`: the stable contract of docs/json-output.md (version 1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.escapes import printable
from . import FileReport, RunInfo, counts
from .json_text import json_text

if TYPE_CHECKING:
    from ..core import contract


def as_document(reports: Sequence[FileReport], run: RunInfo) -> contract.Report:
    """A path that is not valid UTF-8 is given with backslash escapes of its bad bytes
    (`a\\xff.toml`, see `printable`), not as a lone-surrogate `\\udcff` escape that strict JSON
    parsers refuse."""
    return {
        "version": 1,
        "tool": {"name": "benchlint", "version": run.version, "profile": run.profile},
        "files": [
            {
                "path": printable(report.path),
                "diagnostics": [d.to_dict() for d in report.diagnostics],
            }
            for report in reports
        ],
        "failures": [
            {"path": printable(failure.path), "kind": failure.kind, "reason": failure.reason}
            for failure in run.failures
        ],
        "summary": counts(reports, run),
    }


def render(reports: Sequence[FileReport], run: RunInfo) -> str:
    return json_text(as_document(reports, run))
