"""`--format github`: one GitHub Actions workflow command per diagnostic.

    ::error file=PATH,line=L,col=C,endLine=L2,endColumn=C2,title=BL203 reserved-hf-token::MESSAGE

The runner turns each into an annotation on the file. `warning` diagnostics become
`::warning`, `info` ones `::notice`. Positions are the JSON output's numbers (code-point
columns, exclusive end); GitHub only accepts columns on a one-line range, so a range over
several lines gives `line` and `endLine` alone. Values are escaped the way the runner
decodes them (`%`, CR and LF everywhere; also `:` and `,` in properties), so no message or
path can end a command early or start another. The output holds messages (already masked
by the engine), paths and codes, never the file's text. A path that could not be read (or a
fixed file that could not be written) is an `::error` of its own. A summary line ends the
output.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath

from ..core.diagnostic import Diagnostic, Severity
from ..core.escapes import github_data, github_property
from . import Failure, FileReport, RunInfo, one_line_name
from .text import summary

COMMANDS: dict[Severity, str] = {"error": "error", "warning": "warning", "info": "notice"}


def render(reports: Sequence[FileReport], run: RunInfo) -> str:
    lines = [command(report.path, d) for report in reports for d in report.diagnostics]
    lines += [failure_command(failure) for failure in run.failures]
    lines.append(summary(reports, run))
    return "\n".join(lines) + "\n"


def command(path: str, diagnostic: Diagnostic) -> str:
    """The workflow command that annotates `path` with one diagnostic."""
    start, end = diagnostic.range.start, diagnostic.range.end
    # As the other formats show a name: bytes that are not UTF-8 and every control character
    # as backslash escapes (`one_line_name`): an ESC in a file's name is never sent as one.
    properties: list[tuple[str, object]] = [("file", PurePath(one_line_name(path)).as_posix())]
    properties.append(("line", start.line))
    if start.line == end.line:
        properties += [("col", start.column), ("endLine", end.line), ("endColumn", end.column)]
    else:
        properties.append(("endLine", end.line))
    properties.append(("title", f"{diagnostic.code} {diagnostic.name}"))
    rendered = ",".join(f"{name}={github_property(str(value))}" for name, value in properties)
    message = github_data(diagnostic.message)
    return f"::{COMMANDS[diagnostic.severity]} {rendered}::{message}"


def failure_command(failure: Failure) -> str:
    """An error annotation for a path the run could not read (or a fix it could not write):
    on the file when it exists, in the run's summary otherwise."""
    title = "benchlint could not " + ("read this path" if failure.kind == "read" else "write a fix")
    properties = f"file={github_property(PurePath(one_line_name(failure.path)).as_posix())}"
    properties += f",title={github_property(title)}"
    return f"::error {properties}::{github_data(one_line_name(failure.line()))}"
