"""`benchlint workspace pull|status`: bring the workspace's benchmarks and secret records in
through the user's `osmosis` CLI, and say what the cache holds.

The pull prints one progress line per benchmark on a terminal, one line per failure on
standard error, and a one-line summary; everything goes through the masked streams.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..core.boundary import repository_root
from ..domain.workspace_cache import (
    REFRESH,
    WorkspaceDataError,
    age_text,
    data_for,
    find_folder,
    now,
)
from ..lint.settings import Settings, SettingsError
from ..rules.wording import quoted
from ..secrets.redaction import shown_text
from ..workspace.osmosis import DEFAULT_TIMEOUT, Osmosis, OsmosisError
from ..workspace.pull import pull, references
from .usage import UsageError


def run_workspace(args: argparse.Namespace) -> int:
    if args.action == "status":
        return _status()
    return _pull(args)


def repository() -> Path:
    """The repository the command runs in: the cache lives at its top, and `osmosis` finds
    the workspace from its `origin` remote."""
    root = repository_root(os.path.join(os.getcwd(), "x"))
    if root is None:
        raise UsageError(
            "not in a git repository: the workspace cache lives in the repository's "
            ".benchlint/ folder, and osmosis finds the workspace from its `origin` remote"
        )
    return Path(root)


def _pull(args: argparse.Namespace) -> int:
    root = repository()
    keys: list[str] = list(dict.fromkeys(args.benchmark or ()))
    if not keys or args.paths:
        found, problems = references(args.paths or [str(root)])
        for problem in problems if args.paths else ():
            print(f"benchlint: workspace pull: {problem.what}: {problem.message}", file=sys.stderr)
        keys += [key for key in found if key not in keys]
    try:
        osmosis = Osmosis.find(args.osmosis, root, args.timeout)
    except OsmosisError as error:
        print(f"benchlint: workspace pull: {error}", file=sys.stderr)
        return 2
    terminal = sys.stderr.isatty()

    def progress(line: str) -> None:
        print(f"  {line}", file=sys.stderr, flush=True)

    report = pull(
        root, keys, osmosis, secrets=not args.no_secrets, progress=progress if terminal else None
    )
    if not terminal:  # on a terminal the progress lines said it
        for failure in report.failed:
            print(f"benchlint: workspace pull: {failure.what}: {failure.message}", file=sys.stderr)
    if report.stopped is not None:
        print(f"benchlint: workspace pull: {report.stopped}", file=sys.stderr)
        if report.status == 2:  # nothing fetched: the line above says it all
            return 2
    print(report.summary())
    return report.status


def _status() -> int:
    """What the cache of the current folder holds, how old, and what wins over it."""
    cwd = Path.cwd()
    try:
        data = data_for(cwd)
        settings = Settings.discover(cwd)
    except (WorkspaceDataError, SettingsError) as error:
        raise UsageError(str(error)) from None
    if data is None:
        folder = find_folder(cwd)
        print(f"no workspace data here{'' if folder is None else ' yet'}: run `{REFRESH}`")
        return 0
    moment = now()
    for entry in data.benchmarks:
        cached = data.file_of(entry)
        if cached is None:
            continue
        age = age_text(moment - cached.fetched.at)
        version = shown_text(cached.fetched.cli_version)  # a file in the repository wrote it
        print(f"benchmark {quoted(entry.key)}: fetched {age} ago with osmosis-ai {version}")
    if data.secrets_file is not None and data.secrets is not None:
        age = age_text(moment - data.secrets_file.fetched.at)
        print(f"secret list: {len(data.secrets)} record names submit reads, fetched {age} ago")
    if settings.catalogs:
        print("the `catalog` setting's files win over the cached benchmarks of the same key")
    if settings.secrets_lists:
        print("the `secrets-list` setting's files are checked instead of the cached secret list")
    print(f"older than {settings.workspace_max_age} days (`workspace-max-age`) is reported (BL902)")
    return 0


def add_arguments(workspace: argparse.ArgumentParser) -> None:
    actions = workspace.add_subparsers(dest="action", metavar="ACTION", required=True)
    fetch = actions.add_parser(
        "pull", help="fetch benchmarks and secret records through your `osmosis` CLI"
    )
    fetch.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="configs whose benchmarks to fetch (default: every config in the repository)",
    )
    fetch.add_argument(
        "--benchmark",
        metavar="KEY",
        action="append",
        help="a benchmark to fetch (repeatable; then configs are read only if PATHs are given)",
    )
    fetch.add_argument("--osmosis", metavar="PATH", help="the osmosis CLI (default: on PATH)")
    fetch.add_argument(
        "--timeout",
        metavar="SECONDS",
        type=_seconds,
        default=DEFAULT_TIMEOUT,
        help=f"give up on one osmosis command after this long (default {DEFAULT_TIMEOUT:g})",
    )
    fetch.add_argument("--no-secrets", action="store_true", help="do not fetch the secret list")
    fetch.add_argument("--verbose", action="store_true", help="tracebacks for internal errors")
    actions.add_parser("status", help="what the workspace cache holds and how old it is")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError("must be more than 0 and at most 3600")
    return value
