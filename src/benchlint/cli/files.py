"""Which files a command covers, and reading them.

Every config a command reads comes through `read` or `read_stdin` here, which hand its text
to the output masker before anything about it can be printed: no command has to remember to.
"""

from __future__ import annotations

import errno
import os
import stat
import sys

from ..core.boundary import leaves_repository, one_run, real, root_of
from ..core.reading import Content, NotARegularFile, announce, read_file, read_stdin
from ..core.record import NamedTuple
from ..parsing.document import decode
from ..report import Failure
from ..secrets.output import MASKER
from .usage import UsageError
from .walk import walk


class InputError(Exception):
    """A path the user gave that cannot be checked (or a fixed file that cannot be written)."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.line())
        self.failure = failure


class Target(NamedTuple):
    path: str  # as shown in output: as given, or joined to the directory given
    walked_from: str | None = None  # the folder given, for a file found by walking it


def expand(paths: list[str], follow: bool = False) -> tuple[list[Target], list[Failure]]:
    """Targets for the given paths, and a failure for each path that cannot be used. A
    linked folder out of the repository is a target itself (BL004 reports it; nothing in it
    is listed), unless `follow` (the user's `--follow-symlinks`) walks it. The folders'
    answers are remembered while it works (`core.boundary.one_run`, or the run it is in)."""
    with one_run():
        return _expand(paths, follow)


def _expand(paths: list[str], follow: bool) -> tuple[list[Target], list[Failure]]:
    targets: list[Target] = []
    errors: list[Failure] = []
    for given in paths:
        try:
            if os.path.isdir(given):
                if not follow and leaves_repository(given, os.getcwd()):
                    targets.append(Target(given))
                    continue
                found = walk(given, follow)
                if not found.configs and not found.outside:
                    reason = "no benchmark configs (configs/benchmark/*.toml) in this folder"
                    errors.append(Failure(given, reason))
                root = root_of(os.path.join(given, "x"), given)  # the walk's repository
                for path in (*found.configs, *found.outside):
                    announce(path, root)  # what lies below the root, the repository chose
                    targets.append(Target(path, given))
            elif os.path.lexists(given) or os.path.exists(given):
                info = os.stat(given)  # raises for dangling links and loops
                if stat.S_ISREG(info.st_mode):
                    targets.append(Target(given))
                else:  # a FIFO would block the read, a device never end it
                    errors.append(Failure(given, not_a_file(info.st_mode)))
            else:
                errors.append(Failure(given, "no such file or directory"))
        except OSError as error:
            errors.append(Failure(given, describe_os_error(error)))
    # A file reached twice (named twice, or through a link inside the repository) once.
    unique = {real(target.path): target for target in reversed(targets)}
    return [t for t in dict.fromkeys(targets) if unique[real(t.path)] == t], errors


def read(path: str, limit: int) -> Content:
    """A regular file's bytes, at most `limit + 1` of them (see `benchlint.core.reading`)."""
    try:
        content = read_file(path, limit)
    except NotARegularFile as error:
        raise InputError(Failure(path, not_a_file(error.mode))) from None
    except OSError as error:
        raise InputError(Failure(path, describe_os_error(error))) from None
    return _remembered(content, path, limit)


def read_standard_input(limit: int) -> Content:
    """Standard input's bytes, as `read` reads a file."""
    if sys.stdin is None or getattr(sys.stdin, "closed", False):
        raise UsageError('standard input is closed: there is nothing to read for "-"')
    return _remembered(read_stdin(sys.stdin.buffer, limit), "-", limit)


def _remembered(content: Content, source: str, limit: int) -> Content:
    text = decode(content.data, limit)
    if isinstance(text, str):
        MASKER.add(("input", source), text)
    return content


_KINDS = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a directory"),
)


def not_a_file(mode: int) -> str:
    kind = next((f"is {name}, not" for test, name in _KINDS if test(mode)), "is not")
    return f"{kind} a regular file"


def describe_os_error(error: OSError) -> str:
    if error.errno == errno.ELOOP:
        return "symbolic link loop"
    if error.errno == errno.EACCES:
        return "permission denied"
    if error.errno == errno.ENOENT:
        return "no such file (or a broken symbolic link)"
    if error.errno == errno.EISDIR:
        return "is a directory"
    return f"cannot read ({error.strerror or error})"
