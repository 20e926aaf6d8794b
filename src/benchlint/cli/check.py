"""`benchlint check`: resolve settings per file, lint, report, and choose the exit status."""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..diagnostic import SEVERITY_RANK, Diagnostic
from ..engine import lint
from ..parsing.document import decode
from ..report import FileReport, RunInfo
from ..settings import Settings, SettingsError, find_settings_file
from .files import InputError, expand, read
from .main import UsageError


@dataclass
class SettingsResolver:
    """Settings for each file: its discovered (or the --config) file, then the flags."""

    config: str | None
    overrides: dict[str, Any]
    extra_ignore: tuple[str, ...] = ()
    extra_catalogs: tuple[str, ...] = ()
    _cache: dict[Path | None, Settings] = field(default_factory=dict)

    def for_path(self, path: str | None) -> Settings:
        source: Path | None
        if self.config is not None:
            source = Path(self.config)
        else:
            source = find_settings_file(Path(path) if path else Path.cwd())
        cached = self._cache.get(source)
        if cached is not None:
            return cached
        if self.config is not None and not Path(self.config).is_file():
            raise SettingsError(f"settings file {self.config} does not exist")
        base = Settings.from_file(source) if source is not None else Settings()
        settings = base.with_overrides(
            **self.overrides,
            ignore=(*base.ignore, *self.extra_ignore) if self.extra_ignore else None,
            catalogs=(*base.catalog_paths_as_given(), *self.extra_catalogs)
            if self.extra_catalogs
            else None,
        )
        settings.catalog  # noqa: B018  -- read catalog files now: a broken one is a usage error
        self._cache[source] = settings
        return settings


def _codes(value: str | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    return tuple(part.strip() for part in value.split(",") if part.strip())


def resolver_from(args: argparse.Namespace) -> SettingsResolver:
    overrides: dict[str, Any] = {
        "profile": args.profile,
        "select": _codes(args.select),
        "fail_on": args.fail_on,
    }
    return SettingsResolver(
        config=args.config,
        overrides=overrides,
        extra_ignore=_codes(args.ignore) or (),
        extra_catalogs=tuple(os.path.abspath(c) for c in args.catalog),
    )


def run_check(args: argparse.Namespace) -> int:
    if args.stdin_filename and "-" not in args.paths:
        args.paths.append("-")
    paths = args.paths or ["."]
    if paths.count("-") > 1:
        raise UsageError('"-" (standard input) may be given only once')
    fmt = args.format or ("github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text")
    try:
        resolver = resolver_from(args)
        reports, problems, settings_of = _lint_all(paths, args, resolver)
        profile = args.profile or resolver.for_path(None).profile
    except SettingsError as error:
        raise UsageError(str(error)) from None

    run = RunInfo(
        version=__version__,
        profile=profile,
        color=_use_color(args),
    )
    output = _render(fmt, reports, run, args)
    if args.output:
        try:
            Path(args.output).write_text(output, "utf-8")
        except OSError as error:
            raise UsageError(f"cannot write {args.output}: {error.strerror}") from None
    else:
        sys.stdout.write(output)
        sys.stdout.flush()
    for problem in problems:
        print(f"benchlint: {problem}", file=sys.stderr)
    if problems:
        return 2
    failed = any(
        _fails(d, settings_of[report.path].fail_on)
        for report in reports
        for d in report.diagnostics
    )
    return 1 if failed else 0


def _fails(diagnostic: Diagnostic, fail_on: str) -> bool:
    return fail_on != "never" and SEVERITY_RANK[diagnostic.severity] >= SEVERITY_RANK[fail_on]


def _lint_all(
    paths: list[str], args: argparse.Namespace, resolver: SettingsResolver
) -> tuple[list[FileReport], list[str], dict[str, Settings]]:
    targets, problems = expand([p for p in paths if p != "-"])
    reports: list[FileReport] = []
    settings_of: dict[str, Settings] = {}
    for given in paths:
        if given == "-":
            display = args.stdin_filename or "-"
            settings = resolver.for_path(args.stdin_filename)
            content = sys.stdin.buffer.read()
            reports.append(_lint_one(content, display, args.stdin_filename, settings))
            settings_of[display] = settings
    for target in targets:
        settings = resolver.for_path(target.path)
        try:
            content = read(target.path)
        except InputError as error:
            problems.append(str(error))
            continue
        reports.append(_lint_one(content, target.path, target.path, settings))
        settings_of[target.path] = settings
    return reports, problems, settings_of


def _lint_one(content: bytes, display: str, path: str | None, settings: Settings) -> FileReport:
    diagnostics = lint(content, path, settings)
    text = decode(content, settings.max_file_size)
    return FileReport(display, diagnostics, text if isinstance(text, str) else None)


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
