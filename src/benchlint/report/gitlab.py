"""`--format gitlab`: a GitLab Code Quality report (a JSON array of CodeClimate issues).

GitLab reads `description`, `check_name`, `fingerprint`, `severity` (error → `major`,
warning → `minor`, info → `info`) and `location` (a path relative to the repository, and a
line; benchlint gives `positions` with columns). A path given as an absolute one inside the
folder benchlint runs in is made relative to it: run benchlint from the repository root.

Fingerprints are hashes of the rule, the path and the message (and, for repeats, how many
came before): stable when lines move, distinct for distinct findings (GitLab merges equal
fingerprints). A path that could not be read, or a fix that could not be written, is a
`critical` issue of its own (`check_name` `benchlint/unreadable`, `benchlint/unwritten`), so
the merge request shows that the check did not cover it.
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Sequence
from pathlib import PurePath
from typing import Any

from ..core.diagnostic import Severity
from ..core.escapes import printable
from ..secrets.output import MASKER
from . import FileReport, RunInfo, run_relative
from .json_text import json_text

SEVERITIES: dict[Severity, str] = {"error": "major", "warning": "minor", "info": "info"}


def render(reports: Sequence[FileReport], run: RunInfo) -> str:
    return json_text(issues(reports, run))


def issues(reports: Sequence[FileReport], run: RunInfo) -> list[dict[str, Any]]:
    seen: Counter[tuple[str, ...]] = Counter()
    found: list[dict[str, Any]] = []
    for report in reports:
        path = repository_path(report.path)
        for d in report.diagnostics:
            found.append(
                {
                    "type": "issue",
                    "check_name": d.code,
                    "description": f"{d.code} {d.name}: {d.message}",
                    "categories": ["Bug Risk" if d.severity == "error" else "Style"],
                    "severity": SEVERITIES[d.severity],
                    "fingerprint": _fingerprint(seen, d.code, path, d.message),
                    "location": {
                        "path": path,
                        "positions": {
                            "begin": {"line": d.range.start.line, "column": d.range.start.column},
                            "end": {"line": d.range.end.line, "column": d.range.end.column},
                        },
                    },
                }
            )
    for failure in run.failures:
        path = repository_path(failure.path)
        check = "benchlint/unreadable" if failure.kind == "read" else "benchlint/unwritten"
        found.append(
            {
                "type": "issue",
                "check_name": check,
                "description": f"benchlint could not check {path}: {failure.reason}",
                "categories": ["Bug Risk"],
                "severity": "critical",
                "fingerprint": _fingerprint(seen, check, path, failure.reason),
                "location": {"path": path, "lines": {"begin": 1}},
            }
        )
    return found


def repository_path(path: str) -> str:
    """The path relative to the folder benchlint runs in (the repository root on CI), with
    forward slashes; a path outside it stays as given."""
    shown = printable(path)
    if os.path.isabs(shown):
        relative = run_relative(shown)
        if relative is not None:
            shown = relative
    return PurePath(shown).as_posix()


def _fingerprint(seen: Counter[tuple[str, ...]], *written: str) -> str:
    """A stable hash of what the issue shows: each part as the output masker sends it, so
    the hash cannot be matched against guesses of a hidden value."""
    parts = tuple(MASKER.mask(part) for part in written)
    seen[parts] += 1
    digest = hashlib.sha256()
    for part in (*parts, str(seen[parts])):
        digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
    return digest.hexdigest()
