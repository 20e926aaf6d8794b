"""`benchlint plan`: what each run will do, before anyone pays for it.

Exit status: 0 every config planned and none has an error; 1 a config has errors (`benchlint
check` says which: its plan shows what the file says, but submit would fail); 2 a path could
not be read, or a usage error.
"""

from __future__ import annotations

import argparse
import sys

from ..core.boundary import one_run
from ..core.version import __version__
from ..lint.engine import lint_content, plan
from ..lint.settings import SettingsError
from ..parsing.document import decode
from ..report import Failure, RunInfo, one_line_name
from ..rules.bl004_symlink_outside_repository import message_for
from .inputs import given_paths, inputs, resolver_from
from .output import emit, refuse_write_outside
from .usage import UsageError


def run_plan(args: argparse.Namespace) -> int:
    from ..report.plan_report import PlannedFile, render_json, render_text

    if args.output:  # refused before any work (and again when written)
        refuse_write_outside(args.output)
    failures: list[Failure] = []
    planned: list[PlannedFile] = []
    try:
        resolver = resolver_from(args)
        with one_run():  # the folders' answers, remembered for the reads
            for given in inputs(given_paths(args), args.stdin_filename, resolver, failures):
                if given.outside:  # not read: nothing to plan (BL004's words say why)
                    failures.append(Failure(given.display, message_for(given.path)))
                    continue
                found = lint_content(given.content, given.path, given.settings)
                text = decode(given.content.data, given.settings.max_file_size)
                planned.append(
                    PlannedFile(
                        given.display,
                        plan(text if isinstance(text, str) else b"", given.path, given.settings),
                        sum(1 for d in found if d.severity == "error"),
                        sum(1 for d in found if d.severity == "warning"),
                    )
                )
        profile = args.profile or resolver.for_path(None).profile
    except SettingsError as error:
        raise UsageError(str(error)) from None
    run = RunInfo(version=__version__, profile=profile, failures=tuple(failures))
    render = render_json if args.format == "json" else render_text
    emit(render(planned, run), args.output, sys.stdout)
    for failure in failures:
        print(f"benchlint: {one_line_name(failure.line())}", file=sys.stderr)
    if failures:
        return 2
    return 1 if any(item.errors for item in planned) else 0
