"""Reporters: pure functions from lint results to the text of one output format."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from ..core.diagnostic import Diagnostic
from ..core.escapes import printable
from ..core.record import NamedTuple
from ..secrets.controls import escaped_name

if TYPE_CHECKING:
    from ..core import contract


def run_relative(path: str) -> str | None:
    """An absolute path inside the folder benchlint runs in, relative to it; None for a path
    outside it (or on another drive). What the GitLab, JUnit and SARIF reports write, so that
    CI finds the file however it was named. A name that merely begins with two dots
    (`..a.toml`) is inside."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive (Windows): never inside
        return None
    if relative == os.pardir or relative.startswith((os.pardir + os.sep, os.pardir + "/")):
        return None
    return relative


def one_line_name(text: str) -> str:
    r"""A path (or a line that holds one) for output a person reads, as one line: what
    `printable` gives, with every character `str.isprintable` refuses but the space, and the
    blank-looking ones of `controls`, escaped (`controls.escaped_name`). A file named
    `ok.toml:1:1: BL000 …\nx.toml` cannot start a line of its own, nor a terminal escape
    sequence paint the screen. (JSON and SARIF keep names exact: they quote them.)"""
    return escaped_name(printable(text))


class FileReport:
    """One checked file: its path as the user gave it, its text and its diagnostics."""

    __slots__ = ("diagnostics", "fail_on", "fixed", "path", "text", "unfixable")

    def __init__(
        self,
        path: str,
        diagnostics: list[Diagnostic],
        text: str | None = None,  # for code frames; None when the bytes were not text
        fixed: int = 0,  # fixes applied by --fix
        fail_on: str = "error",  # the file's threshold (its settings'), for pass/fail formats
        unfixable: bool = False,  # not valid TOML: no fix is ever applied to it
    ) -> None:
        self.path = path
        self.diagnostics = diagnostics
        self.text = text
        self.fixed = fixed
        self.fail_on = fail_on
        self.unfixable = unfixable


class Failure(NamedTuple):
    """A path the run could not check (`read`), or a fixed file it could not write (`write`).
    Every format carries these: a run with one never looks clean."""

    path: str
    reason: str  # lower case, no path: "permission denied"
    kind: Literal["read", "write"] = "read"

    def line(self) -> str:
        """`path: reason`, as stderr shows it."""
        return f"{printable(self.path)}: {self.reason}"


class RunInfo(NamedTuple):
    """What every reporter may mention about the run itself."""

    version: str
    profile: str
    color: bool = False
    fix_applied: bool = False
    unsafe_fixes: bool = False  # the fix run applied unsafe fixes too (`--unsafe-fixes`)
    failures: tuple[Failure, ...] = ()


def counts(reports: Sequence[FileReport], run: RunInfo | None = None) -> contract.Summary:
    """The summary's numbers; `failures` counts the paths that could not be read or written."""
    by_severity = {"error": 0, "warning": 0, "info": 0}
    fixable = 0
    for report in reports:
        for diagnostic in report.diagnostics:
            by_severity[diagnostic.severity] += 1
            fixable += diagnostic.fix is not None
    return {
        "files": len(reports),
        "errors": by_severity["error"],
        "warnings": by_severity["warning"],
        "infos": by_severity["info"],
        "fixable": fixable,
        "failures": len(run.failures) if run is not None else 0,
    }
