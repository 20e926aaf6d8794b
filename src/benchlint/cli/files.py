"""Which files a `benchlint check` run covers, and reading them."""

from __future__ import annotations

import errno
import os
import stat
from typing import NamedTuple

from ..core.reading import Content, NotARegularFile, read_file
from ..domain.locations import in_config_folder, is_config_name
from ..report import printable

_SKIP_DIRS = frozenset({".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv"})


class InputError(Exception):
    """A path the user gave that cannot be checked; the message is one line for stderr."""


class Target(NamedTuple):
    path: str  # as shown in output: as given, or joined to the directory given


def expand(paths: list[str]) -> tuple[list[Target], list[str]]:
    """Targets for the given paths, and one error line for each path that cannot be used."""
    targets: list[Target] = []
    errors: list[str] = []
    for given in paths:
        try:
            if os.path.isdir(given):
                found = _walk(given)
                if not found:
                    errors.append(
                        f"{printable(given)}: no benchmark configs (configs/benchmark/*.toml) "
                        "in this folder"
                    )
                targets.extend(Target(p) for p in found)
            elif os.path.lexists(given) or os.path.exists(given):
                info = os.stat(given)  # raises for dangling links and loops
                if stat.S_ISREG(info.st_mode):
                    targets.append(Target(given))
                else:  # a FIFO would block the read, a device never end it
                    errors.append(not_a_file(given, info.st_mode))
            else:
                errors.append(f"{printable(given)}: no such file or directory")
        except OSError as error:
            errors.append(describe_os_error(given, error))
    return list(dict.fromkeys(targets)), errors


def _walk(top: str) -> list[str]:
    found: list[str] = []
    for folder, dirs, files in os.walk(top, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and not d.startswith("."))
        for name in sorted(files):
            path = os.path.join(folder, name)
            if is_config_name(name) and in_config_folder(path):
                found.append(path)
    return found


def read(path: str, limit: int) -> Content:
    """A regular file's bytes, at most `limit + 1` of them (see `benchlint.lint.reading`)."""
    try:
        return read_file(path, limit)
    except NotARegularFile as error:
        raise InputError(not_a_file(path, error.mode)) from None
    except OSError as error:
        raise InputError(describe_os_error(path, error)) from None


_KINDS = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a directory"),
)


def not_a_file(path: str, mode: int) -> str:
    kind = next((f"is {name}, not" for test, name in _KINDS if test(mode)), "is not")
    return f"{printable(path)}: {kind} a regular file"


def describe_os_error(path: str, error: OSError) -> str:
    path = printable(path)
    if error.errno == errno.ELOOP:
        return f"{path}: symbolic link loop"
    if error.errno == errno.EACCES:
        return f"{path}: permission denied"
    if error.errno == errno.ENOENT:
        return f"{path}: no such file (or a broken symbolic link)"
    if error.errno == errno.EISDIR:
        return f"{path}: is a directory"
    return f"{path}: cannot read ({error.strerror or error})"
