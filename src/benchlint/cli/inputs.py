"""The configs a command reads (files, folders, standard input) with each one's settings:
the flags laid over the settings file found for it, as the editor lays its settings."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from pathlib import Path

from ..core.boundary import leaves_repository
from ..core.reading import Content
from ..core.record import NamedTuple
from ..lint.resolver import Overrides, SettingsResolver
from ..lint.settings import Settings
from ..report import Failure
from .files import InputError, Target, expand, read, read_standard_input
from .usage import UsageError
from .walk import walk


class Input(NamedTuple):
    content: Content  # at most `max-file-size + 1` bytes: enough for BL003
    display: str  # the path as reported: as given, or joined to the folder given
    path: str | None  # for path-dependent rules (the `--stdin-filename` for "-")
    target: str | None  # the file fixes are written to; None for standard input
    settings: Settings
    # A symbolic link out of the repository: nothing was read (content is empty), no fix may
    # be written; reported as BL004 (see `core.boundary`).
    outside: bool = False
    # Read through a link out of the repository (the user's --follow-symlinks): never written.
    linked_out: bool = False


def _codes(value: list[str] | None) -> tuple[str, ...] | None:
    """A list flag's codes; None when it was not given (given but empty is refused later)."""
    return None if value is None else tuple(value)


def resolver_from(args: argparse.Namespace) -> SettingsResolver:
    """The flags, laid over each file's settings file (commands without a flag pass none)."""
    overrides = Overrides(
        profile=args.profile,
        select=_codes(getattr(args, "select", None)),
        fail_on=getattr(args, "fail_on", None),
        ignore=_codes(getattr(args, "ignore", None)) or (),
        follow_symlinks=args.follow_symlinks or None,
        catalogs=tuple(os.path.abspath(c) for c in args.catalog),
        secrets_lists=tuple(os.path.abspath(c) for c in args.secrets_list),
        max_attempts=args.max_attempts,
    )
    return SettingsResolver(overrides, Path(args.config) if args.config else None)


def given_paths(args: argparse.Namespace) -> list[str]:
    """The paths to read: "." when none is given; "-" added by `--stdin-filename`."""
    paths = list(args.paths or ["."])
    if args.stdin_filename and "-" not in args.paths:
        paths = [*args.paths, "-"]
    if paths.count("-") > 1:
        raise UsageError('"-" (standard input) may be given only once')
    return paths


def inputs(
    paths: list[str],
    stdin_filename: str | None,
    resolver: SettingsResolver,
    failures: list[Failure],
) -> Iterator[Input]:
    """Each config in turn, read when its turn comes (a file that vanishes meanwhile is a
    failure, added to `failures` with those of paths that cannot be used at all)."""
    targets, unusable = expand(
        [p for p in paths if p != "-"], bool(resolver.overrides.follow_symlinks)
    )
    failures.extend(unusable)
    if "-" in paths:
        settings = resolver.for_path(stdin_filename)
        content = read_standard_input(settings.max_file_size)
        yield Input(content, stdin_filename or "-", stdin_filename, None, settings)
    for target in targets:
        yield from _target_inputs(target, resolver, failures)


def _target_inputs(
    target: Target, resolver: SettingsResolver, failures: list[Failure]
) -> Iterator[Input]:
    # one root for the boundary and discovery: the folder walked, else the current one
    start = target.walked_from or os.getcwd()
    settings = resolver.for_path(target.path, start)
    linked_out = leaves_repository(target.path, start)
    if linked_out:
        if not settings.follow_symlinks:
            yield Input(Content(b""), target.path, target.path, None, settings, outside=True)
            return
        if os.path.isdir(target.path):  # a linked folder, followed by a user's settings file
            for found in walk(target.path, follow=True).configs:
                yield from _target_inputs(Target(found, start), resolver, failures)
            return
    try:
        content = read(target.path, settings.max_file_size)
    except InputError as error:
        failures.append(error.failure)
        return
    yield Input(content, target.path, target.path, target.path, settings, linked_out=linked_out)
