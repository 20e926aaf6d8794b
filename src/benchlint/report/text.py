"""`--format text` (code frames) and `--format concise` (one line per diagnostic)."""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence

from ..core.diagnostic import Diagnostic
from ..core.text import LineIndex
from ..secrets.controls import own_colour
from ..secrets.source import masked_source
from . import FileReport, RunInfo, counts, one_line_name

_SEVERITY_COLOR = {"error": "31", "warning": "33", "info": "36"}


def _paint(text: str, code: str, run: RunInfo) -> str:
    """`text` (escaped already) in one of benchlint's colours (`own_colour`: the output masker
    turns only those into colour codes)."""
    return f"{own_colour(code)}{text}{own_colour('0')}" if run.color else text


def headline(report: FileReport, diagnostic: Diagnostic, run: RunInfo) -> str:
    start = diagnostic.range.start
    location = _paint(f"{one_line_name(report.path)}:{start.line}:{start.column}:", "1", run)
    code = _paint(diagnostic.code, "1;" + _SEVERITY_COLOR[diagnostic.severity], run)
    severity = _paint(f"[{diagnostic.severity}]", _SEVERITY_COLOR[diagnostic.severity], run)
    return f"{location} {code} {severity} {one_line_name(diagnostic.message)}"


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


# A frame shows at most this many characters of a line: a window around the range, elided
# with `…` (a long line repeated per diagnostic made the report grow with their product).
FRAME_WIDTH = 200
_LEAD = 60  # characters of the line shown before the range, when the line is cut


def code_frame(
    lines: LineIndex, diagnostic: Diagnostic, run: RunInfo, read: _ReadLines | None = None
) -> list[str]:
    """The diagnostic's first line with its range underlined; secrets masked in place (judged
    with the whole text: see `secrets.source`), a long line cut to a window around the
    range. `read`: the lines already masked for this text's other findings (each line is
    copied once however many findings it holds)."""
    start, end = diagnostic.range.start, diagnostic.range.end
    if start.line > lines.line_count:
        return []
    shown, content = _masked_line(lines, start.line, {} if read is None else read)
    first = start.column - 1
    last = end.column - 1 if end.line == start.line else content
    last = max(last, first + 1)
    if len(shown) > FRAME_WIDTH:
        shown, first, last = _window(shown, first, last)
    gutter = " " * len(str(start.line))
    marker = " " * _width(shown[:first]) + "^" * max(1, _width(shown[first:last]))
    color = "1;" + _SEVERITY_COLOR[diagnostic.severity]
    return [
        f"{gutter} |",
        f"{start.line} | {shown}",
        f"{gutter} | {_paint(marker, color, run)}",
    ]


_ReadLines = dict[int, tuple[str, int]]  # line -> (the line masked, its length unpadded)


def _masked_line(lines: LineIndex, line: int, read: _ReadLines) -> tuple[str, int]:
    found = read.get(line)
    if found is None:
        source = lines.line_text(line)
        line_start = lines.line_starts[line - 1]
        masked = masked_source(lines.text)[line_start : line_start + len(source)]
        found = read[line] = (masked.replace("\t", " "), len(source.rstrip()))
    return found


def _window(line: str, first: int, last: int) -> tuple[str, int, int]:
    """At most FRAME_WIDTH characters of `line` around [first, last), each cut side marked
    with `…`; the range's columns in the window."""
    begin = max(0, min(first - _LEAD, len(line) - FRAME_WIDTH))
    stop = min(len(line), begin + FRAME_WIDTH)
    window = line[begin:stop]
    if begin > 0:
        window = "…" + window
        first, last = first - begin + 1, last - begin + 1
    if stop < len(line):
        window += "…"
    return window, min(first, len(window)), min(last, len(window))


def render_text(reports: Sequence[FileReport], run: RunInfo) -> str:
    out: list[str] = []
    for report in reports:
        lines = LineIndex(report.text) if report.text is not None else None
        read: _ReadLines = {}
        for diagnostic in report.diagnostics:
            out.append(headline(report, diagnostic, run))
            if lines is not None:
                out.extend(code_frame(lines, diagnostic, run, read))
            gutter = " " * len(str(diagnostic.range.start.line))
            for related in diagnostic.related:
                where = f"{related.range.start.line}:{related.range.start.column}"
                out.append(f"{gutter} = note: {where}: {related.message}")
            if diagnostic.fix is not None:
                out.append(
                    f"{gutter} = fix ({diagnostic.fix.applicability}): {diagnostic.fix.title}"
                )
            out.append("")
    out.append(summary(reports, run))
    return "\n".join(out) + "\n"


def render_concise(reports: Sequence[FileReport], run: RunInfo) -> str:
    out = [headline(r, d, run) for r in reports for d in r.diagnostics]
    out.append(summary(reports, run))
    return "\n".join(out) + "\n"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _fixes(count: int) -> str:
    return f"{count} fix{'' if count == 1 else 'es'}"


def failed(run: RunInfo) -> str:
    """What the run could not do, for the summary ("" when nothing failed)."""
    unread = sum(1 for failure in run.failures if failure.kind == "read")
    unwritten = len(run.failures) - unread
    parts = []
    if unread:
        parts.append(f"{_plural(unread, 'path')} could not be read")
    if unwritten:
        parts.append(f"{_plural(unwritten, 'fixed file')} could not be written")
    return "; ".join(parts)


def summary(reports: Sequence[FileReport], run: RunInfo) -> str:
    totals = counts(reports)
    files = _plural(totals["files"], "file")
    fixed = sum(report.fixed for report in reports)
    fixed_text = f"fixed {_plural(fixed, 'problem')}; " if run.fix_applied and fixed else ""
    failures = failed(run)
    tallies = ((totals["errors"], "error"), (totals["warnings"], "warning"))
    found = [_plural(n, word) for n, word in (*tallies, (totals["infos"], "info")) if n]
    if not found and failures:  # never "no problems": something was not checked
        return f"{failures}; {fixed_text}nothing found in the {files} checked"
    if not found:
        return f"{fixed_text}no problems in {files}"
    fixed_text = f"{failures}; {fixed_text}" if failures else fixed_text
    tail = _fixes_left(reports, run)
    return f"{fixed_text}{', '.join(found)} in {files}" + (f"; {', '.join(tail)}" if tail else "")


def _fixes_left(reports: Sequence[FileReport], run: RunInfo) -> list[str]:
    """What the summary says of the fixes still attached to diagnostics: only those a run
    would apply are offered. A fix of a file that is not valid TOML waits for the syntax to be
    fixed; after a fix run, a fix of the kind it applied was refused (it conflicts with
    another, or would break the file), so no option is offered for it."""
    safe = unsafe = waiting = refused = 0
    for report in reports:
        for d in report.diagnostics:
            if d.fix is None:
                continue
            is_safe = d.fix.applicability == "safe"
            if report.unfixable:
                waiting += 1
            elif run.fix_applied and (is_safe or run.unsafe_fixes):
                refused += 1
            elif is_safe:
                safe += 1
            else:
                unsafe += 1
    tail = []
    if safe:
        tail.append(f"{safe} fixable with --fix")
    if unsafe:
        tail.append(f"{unsafe} more with --unsafe-fixes")
    if waiting:
        tail.append(f"{_fixes(waiting)} once the TOML syntax is fixed")
    if refused:
        tail.append(f"{_fixes(refused)} could not be applied")
    return tail


def render_statistics(reports: Sequence[FileReport], run: RunInfo) -> str:
    tally: Counter[tuple[str, str, str, bool]] = Counter()
    for report in reports:
        for d in report.diagnostics:
            tally[(d.code, d.name, d.severity, d.fix is not None)] += 1
    rows = sorted(tally.items(), key=lambda item: (-item[1], item[0][0]))
    width = max((len(str(count)) for _, count in rows), default=1)
    out = [
        f"{count:>{width}}  {code}  {name:<32} [{severity}]{'  [*]' if fixable else ''}"
        for (code, name, severity, fixable), count in rows
    ]
    out.append(summary(reports, run))
    return "\n".join(out) + "\n"
