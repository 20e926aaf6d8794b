"""Which files a `benchlint check` run covers, and reading them."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import PurePath
from typing import BinaryIO, NamedTuple

from ..report import printable

_SKIP_DIRS = frozenset({".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv"})


class InputError(Exception):
    """A path the user gave that cannot be checked; the message is one line for stderr."""


# Named tuples, not dataclasses: a dataclass costs about a millisecond of every command's
# start-up to create, and `dataclasses` imports `inspect`.
class Target(NamedTuple):
    path: str  # as shown in output: as given, or joined to the directory given


def _under_config_folder(path: str) -> bool:
    parts = PurePath(os.path.abspath(path)).parts[:-1]
    return any(parts[i : i + 2] == ("configs", "benchmark") for i in range(len(parts) - 1))


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
            if name.endswith(".toml") and _under_config_folder(path):
                found.append(path)
    return found


class Content(NamedTuple):
    """What was read of one input: all of it, or, when it is longer than the limit it was
    read with, its first `limit + 1` bytes (enough for BL003; the rest is never read)."""

    data: bytes
    size: int | None = None  # the whole input's size in bytes, when known (a regular file)

    def oversized(self, limit: int) -> bool:
        return len(self.data) > limit

    def whole_size(self) -> int | None:
        """The input's full size, when known; None for a stream cut short at the limit."""
        if self.size is not None and self.size >= len(self.data):
            return self.size
        return None


_CHUNK = 1 << 16


def _nonblocking(path: str, flags: int) -> int:
    # A FIFO put in place after the stat must not block the open; the fstat then refuses it.
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def read(path: str, limit: int) -> Content:
    """A regular file's bytes, at most `limit + 1` of them. Anything else that has a name (a
    FIFO, a device, a socket) is refused before it is opened: it could block or never end."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(not_a_file(path, info.st_mode))
        with open(path, "rb", opener=_nonblocking) as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise InputError(not_a_file(path, info.st_mode))
            return Content(read_bounded(handle, limit, info.st_size + 1), info.st_size)
    except OSError as error:
        raise InputError(describe_os_error(path, error)) from None


def read_stdin(stream: BinaryIO, limit: int) -> Content:
    """Standard input, at most `limit + 1` bytes of it (`- </dev/zero` must end)."""
    size: int | None = None
    try:
        fd = stream.fileno()
        info = os.fstat(fd)
        if stat.S_ISREG(info.st_mode):  # `- <file`: its size is known, as for a named file
            size = max(info.st_size - os.lseek(fd, 0, os.SEEK_CUR), 0)
    except (OSError, ValueError):  # not a file descriptor (a test's BytesIO), or no seeking
        size = None
    return Content(read_bounded(stream, limit), size)


def read_bounded(stream: BinaryIO, limit: int, hint: int = _CHUNK) -> bytes:
    """At most `limit + 1` bytes: enough to tell that the input is longer than `limit`. Read
    in pieces, as a single `read(limit + 1)` would allocate all of a large limit up front."""
    chunks: list[bytes] = []
    left = limit + 1
    size = max(hint, 1)
    while left > 0:
        chunk = stream.read(min(left, size))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
        size = _CHUNK
    return b"".join(chunks)


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
