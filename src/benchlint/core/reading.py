"""Reading one input with a bound: a config is small, and a path may name `/dev/zero`.

The command line, `lint_file` and catalog files share it: every read stops after
`max-file-size + 1` bytes, enough for BL003, whose message then still gives a file's real size
(`benchlint.lint.engine.lint_content`).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from typing import BinaryIO

from .record import NamedTuple

# Called with every input read here (its name and bytes) before the caller sees it: the
# output masker (`benchlint.secrets.output`) subscribes, so no reader has to remember to
# tell it. Every file benchlint reads is read here (`tests/test_reads_through_the_reader.py`
# holds it).
_OBSERVERS: list[Callable[[str, bytes], None]] = []


def observe(callback: Callable[[str, bytes], None]) -> None:
    """Have `callback(name, data)` called with every input read from now on."""
    _OBSERVERS.append(callback)


# Called with every path about to be named in output (`announce`), and the root the path
# belongs to when the caller knows it: a file read here, or refused or listed before it is.
# The output masker subscribes, so that a file's name is known before a message can say it.
_NAME_OBSERVERS: list[Callable[[str, str | None], None]] = []


def observe_names(callback: Callable[[str, str | None], None]) -> None:
    """Have `callback(path, root)` called with every path announced from now on."""
    _NAME_OBSERVERS.append(callback)


def announce(path: str | os.PathLike[str], root: str | None = None) -> None:
    """`path` may be named in output (read, refused, listed); `root`: the repository folder
    it belongs to, when known. Every read here announces its path first, and so does every
    check of a path against the repository's boundary (`core.boundary`)."""
    for callback in _NAME_OBSERVERS:
        callback(os.fspath(path), root)


def _seen(name: str, content: Content) -> Content:
    for callback in _OBSERVERS:
        callback(name, content.data)
    return content


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


class NotARegularFile(OSError):
    """A named FIFO, device, socket or directory: it could block, or never end."""

    def __init__(self, path: str | os.PathLike[str], mode: int) -> None:
        super().__init__(errno.EINVAL, "not a regular file", os.fspath(path))
        self.mode = mode


def read_file(path: str | os.PathLike[str], limit: int) -> Content:
    """A regular file's bytes, at most `limit + 1` of them. Anything else that has a name (a
    FIFO, a device, a socket) is refused before it is opened: it could block or never end.
    Raises OSError (NotARegularFile for those)."""
    announce(path)  # before the stat: an error may name it
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise NotARegularFile(path, info.st_mode)
    with open(path, "rb", opener=_nonblocking) as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise NotARegularFile(path, info.st_mode)
        content = Content(read_bounded(handle, limit, info.st_size + 1), info.st_size)
    return _seen(os.fspath(path), content)


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
    return _seen("-", Content(read_bounded(stream, limit), size))


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
