"""`--format json`: the stable contract of `interfaces.md` (version 1)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from . import FileReport, RunInfo, counts


def as_document(reports: Sequence[FileReport], run: RunInfo) -> dict[str, object]:
    return {
        "version": 1,
        "tool": {"name": "benchlint", "version": run.version, "profile": run.profile},
        "files": [
            {"path": report.path, "diagnostics": [d.to_dict() for d in report.diagnostics]}
            for report in reports
        ],
        "summary": counts(reports),
    }


def render(reports: Sequence[FileReport], run: RunInfo) -> str:
    return json.dumps(as_document(reports, run), indent=2, ensure_ascii=False) + "\n"
