"""`benchlint check`: resolve settings per file, lint, report, and choose the exit status.

With `--fix` (safe fixes) or `--unsafe-fixes` (safe and unsafe fixes; it applies them on its
own, no `--fix` needed) each fixed file is written atomically and the diagnostics that remain
are reported; standard input's fixed text goes to stdout and the report to stderr. With
`--diff` nothing is written: the fixes are printed as a unified diff, exit status 1 when
there is something to change.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import stat
import sys
from typing import TYPE_CHECKING

from ..core.boundary import one_run
from ..core.diagnostic import Diagnostic, fails
from ..core.reading import Content
from ..core.record import NamedTuple
from ..core.version import __version__
from ..lint.engine import lint_content, outside_link, quotable
from ..lint.resolver import SettingsResolver
from ..lint.retired import retired_notes
from ..lint.settings import Settings, SettingsError
from ..parsing.document import BOM, decode, parse
from ..report import Failure, FileReport, RunInfo, one_line_name
from ..secrets.output import MASKER
from .files import InputError
from .inputs import given_paths, inputs, resolver_from
from .output import emit, refuse_write_outside
from .usage import UsageError

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..lint.fixer import FixResult


class FixMode(NamedTuple):
    """What `--fix`, `--unsafe-fixes` and `--diff` ask for."""

    unsafe: bool  # apply unsafe fixes too
    diff: bool  # show the fixes as a diff, write nothing

    @staticmethod
    def from_args(args: argparse.Namespace) -> FixMode | None:
        if not (args.fix or args.unsafe_fixes or args.diff):
            return None
        return FixMode(unsafe=args.unsafe_fixes, diff=args.diff)


class Fixed(NamedTuple):
    """One file on the fix path: its report, where a fix is written, and the fixer's result."""

    report: FileReport
    target: str | None  # the file to write; None for standard input
    content: bytes  # the bytes read
    result: FixResult | None  # None when the bytes are not text benchlint can fix
    more: bool = False  # the input goes on after `content` (too large: read no further)
    linked_out: bool = False  # read through a link out of the repository: never written


def run_check(args: argparse.Namespace) -> int:
    if args.output:  # refused before any work (and again when written)
        refuse_write_outside(args.output)
    paths = given_paths(args)
    fmt = args.format or ("github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text")
    mode = FixMode.from_args(args)
    try:
        resolver = resolver_from(args)
        reports, problems, settings_of, fixed = _lint_all(paths, args, resolver, mode)
        profile = args.profile or resolver.for_path(None).profile
    except SettingsError as error:
        raise UsageError(str(error)) from None

    if mode is not None and mode.diff:
        return _show_diff(fixed, problems, args)
    report_stream = sys.stdout
    if mode is not None:
        problems.extend(_write_fixes(fixed))
        if _emit_fixed_stdin(fixed):
            report_stream = sys.stderr  # stdout carries the fixed text
    run = RunInfo(
        version=__version__,
        profile=profile,
        color=_use_color(args) and report_stream is sys.stdout,
        fix_applied=mode is not None,
        unsafe_fixes=mode is not None and mode.unsafe,
        failures=tuple(problems),
    )
    emit(_render(fmt, reports, run, args), args.output, report_stream)
    _print_notes(settings_of.values())
    _print_problems(problems)
    if problems:
        return 2
    failed = any(
        fails(d.severity, settings_of[report.path].fail_on)
        for report in reports
        for d in report.diagnostics
    )
    return 1 if failed else 0


def _print_notes(settings: Iterable[Settings]) -> None:
    """Retired codes the settings name: a note on stderr, never a failure."""
    notes = dict.fromkeys(note for each in set(settings) for note in retired_notes(each))
    for note in sorted(notes):
        print(MASKER.mask(f"benchlint: {note}"), file=sys.stderr)


def _print_problems(problems: list[Failure]) -> None:
    for problem in problems:
        print(f"benchlint: {one_line_name(problem.line())}", file=sys.stderr)


def _lint_all(
    paths: list[str],
    args: argparse.Namespace,
    resolver: SettingsResolver,
    mode: FixMode | None = None,
) -> tuple[list[FileReport], list[Failure], dict[str, Settings], list[Fixed]]:
    reports: list[FileReport] = []
    failures: list[Failure] = []
    settings_of: dict[str, Settings] = {}
    fixed: list[Fixed] = []
    # the folders' answers are remembered for the reads (a fix is written after: afresh)
    with one_run():
        for given in inputs(paths, args.stdin_filename, resolver, failures):
            settings_of[given.display] = given.settings
            if given.outside:  # not read, never written
                reports.append(FileReport(given.display, outside_link(given.path, given.settings)))
                continue
            if mode is None:
                reports.append(_lint_one(given.content, given.display, given.path, given.settings))
                continue
            item = _fix_one(
                given.content, given.display, given.path, given.target, given.settings, mode
            )._replace(linked_out=given.linked_out)
            if item.result is not None:
                MASKER.add((len(reports), "fixed"), item.result.text)
            reports.append(item.report)
            fixed.append(item)
    for report in reports:  # pass/fail formats (JUnit) use each file's own threshold
        report.fail_on = settings_of[report.path].fail_on
    return reports, failures, settings_of, fixed


def _lint_one(content: Content, display: str, path: str | None, settings: Settings) -> FileReport:
    limit = settings.max_file_size
    diagnostics = lint_content(content, path, settings)
    text = decode(content.data, limit)
    shown = quotable(text, diagnostics) if isinstance(text, str) else None
    unfixable = isinstance(text, str) and _unfixable(text, diagnostics, path, settings)
    return FileReport(display, diagnostics, shown, unfixable=unfixable)


def _unfixable(
    text: str, diagnostics: list[Diagnostic], path: str | None, settings: Settings
) -> bool:
    """Whether the fixer would refuse `text` (it fixes only valid TOML; a byte-order mark is
    the one syntax problem with a fix), for the summary not to offer its fixes."""
    if not any(d.fix is not None for d in diagnostics):
        return False
    if "BL001" in settings.enabled_for(path):
        return any(d.code == "BL001" and d.fix is None for d in diagnostics)
    return not parse(text.removeprefix(BOM)).valid


# -- the fix path ----------------------------------------------------------------------------
def _fix_one(
    content: Content,
    display: str,
    path: str | None,
    target: str | None,
    settings: Settings,
    mode: FixMode,
) -> Fixed:
    text = decode(content.data, settings.max_file_size)
    if not isinstance(text, str):
        report = _lint_one(content, display, path, settings)
        more = content.oversized(settings.max_file_size)
        return Fixed(report, target, content.data, None, more=more)
    from ..lint.fixer import fix_text

    result = fix_text(text, path, settings, unsafe=mode.unsafe)
    shown = quotable(result.text, result.diagnostics)
    report = FileReport(
        display,
        result.diagnostics,
        shown,
        fixed=result.fixed,
        unfixable=_unfixable(result.text, result.diagnostics, path, settings),
    )
    return Fixed(report, target, content.data, result)


def _show_diff(fixed: list[Fixed], problems: list[Failure], args: argparse.Namespace) -> int:
    """`--diff`: the fixes as a unified diff on stdout (credentials masked), nothing written."""
    from ..lint.fixer import unified_diff

    changed = [item for item in fixed if item.result is not None and item.result.changed]
    diff = "".join(
        unified_diff(one_line_name(item.report.path), item.result.original, item.result.text)
        for item in changed
        if item.result is not None
    )
    emit(diff, args.output, sys.stdout)
    if not args.quiet:
        count = sum(item.result.fixed for item in changed if item.result is not None)
        files = f"{len(changed)} file{'' if len(changed) == 1 else 's'}"
        print(
            f"would fix {count} problem{'' if count == 1 else 's'} in {files}"
            if changed
            else "nothing to fix",
            file=sys.stderr,
        )
    _print_problems(problems)
    if problems:
        return 2
    return 1 if changed else 0


def _write_fixes(fixed: list[Fixed]) -> list[Failure]:
    """Write each changed file; a file that cannot be written keeps its old report."""
    problems: list[Failure] = []
    for item in fixed:
        result = item.result
        if item.target is None or result is None or not result.changed:
            continue
        try:
            if item.linked_out:  # read because the user follows links; never written
                raise _unwritten(
                    item.target,
                    "a symbolic link takes it out of the repository; fixes are never written "
                    "there, even with --follow-symlinks",
                )
            if not parse(result.text).valid:  # the fixer promises this never happens
                raise _unwritten(item.target, "the fixed text would not parse; not written")
            write_atomically(item.target, result.text.encode("utf-8"))
        except (InputError, OSError) as error:
            problems.append(
                error.failure
                if isinstance(error, InputError)
                else _write_error(item.target, error).failure
            )
            item.report.diagnostics = result.original_diagnostics
            item.report.text = result.original
            item.report.fixed = 0
    return problems


def _emit_fixed_stdin(fixed: list[Fixed]) -> bool:
    """Standard input's fixed text (its bytes as read when not fixable) on stdout. Input too
    large to read whole is passed through piece by piece: every byte comes out."""
    for item in fixed:
        if item.target is None:
            data = item.result.text.encode("utf-8") if item.result else item.content
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            if item.more:
                import shutil  # only here: it imports bz2, lzma and zlib (~2 ms of a check)

                shutil.copyfileobj(sys.stdin.buffer, sys.stdout.buffer)
            sys.stdout.buffer.flush()
            return True
    return False


def write_atomically(path: str, data: bytes) -> None:
    """Replace a file's content: write a temporary file next to it, then rename it over the
    file, so that nothing ever sees half a file. Keeps the file's mode (and owner, where
    allowed); writes through a symbolic link to its target. A file, or a folder, that no
    one may write (no write bit at all) is refused even when root could write it."""
    real = os.path.realpath(path)
    folder = os.path.dirname(real)
    info = os.stat(real)
    if not info.st_mode & 0o222 or not os.access(real, os.W_OK):
        raise _unwritten(path, "the file is read-only; fixes were not written")
    if not os.stat(folder).st_mode & 0o222 or not os.access(folder, os.W_OK | os.X_OK):
        raise _unwritten(
            path,
            "its folder is read-only (fixes are written to a temporary file next to the "
            "file); fixes were not written",
        )
    import tempfile  # only when writing fixes; it costs a plain check's start-up

    handle, temporary = tempfile.mkstemp(prefix=".benchlint-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if hasattr(os, "chown"):
            with contextlib.suppress(OSError):
                os.chown(temporary, info.st_uid, info.st_gid)
        os.chmod(temporary, stat.S_IMODE(info.st_mode))
        os.replace(temporary, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _unwritten(path: str, reason: str) -> InputError:
    return InputError(Failure(path, reason, "write"))


def _write_error(path: str, error: OSError) -> InputError:
    reason = (error.strerror or str(error)).lower()
    return _unwritten(path, f"cannot write the fixed file ({reason}); fixes were not written")


def _use_color(args: argparse.Namespace) -> bool:
    if args.no_color or os.environ.get("NO_COLOR") or args.output:
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


def _render(fmt: str, reports: list[FileReport], run: RunInfo, args: argparse.Namespace) -> str:
    if fmt == "json":
        from ..report.json_report import render

        return render(reports, run)
    if fmt == "sarif":
        from ..report.sarif import render as render_sarif

        return render_sarif(reports, run)
    if fmt == "github":
        from ..report.github import render as render_github

        return render_github(reports, run)
    if fmt == "gitlab":
        from ..report.gitlab import render as render_gitlab

        return render_gitlab(reports, run)
    if fmt == "junit":
        from ..report.junit import render as render_junit

        return render_junit(reports, run)
    from ..report import text

    if args.statistics:
        return text.render_statistics(reports, run)
    if fmt == "concise":
        output = text.render_concise(reports, run)
    else:
        output = text.render_text(reports, run)
    if args.quiet:
        output = output[: output.rstrip("\n").rfind("\n") + 1]
    return output
