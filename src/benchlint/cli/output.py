"""Where the command line's output goes: standard output and error, masked.

`masked_streams()` puts every text written to `sys.stdout` and `sys.stderr` during a command
through the one output masker (`secrets.output`), whatever wrote it: a report, a diff, a
usage error, an internal error. Bytes written to a stream's `buffer` pass untouched: that is
how `--fix` with `-` gives back the fixed file, which is the user's own text. A stream that is
closed (`>&-`, some daemons) writes nowhere instead of failing.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from ..core.boundary import write_escape
from ..secrets.output import MASKER
from .usage import UsageError


class MaskedStream(io.TextIOBase):
    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(MASKER.mask(text))
        return len(text)

    def flush(self) -> None:
        # `io.IOBase.__del__` flushes a stream that outlived its command, when the stream
        # under it (a test's capture) may be closed already: nothing is left to write then.
        if not getattr(self._stream, "closed", False):
            self._stream.flush()

    def isatty(self) -> bool:
        return self._stream.isatty()

    def fileno(self) -> int:
        return self._stream.fileno()

    @property
    def buffer(self) -> Any:  # the unmasked bytes: only for a file's own text
        return self._stream.buffer

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._stream.encoding


@contextmanager
def masked_streams() -> Iterator[None]:
    """Mask `sys.stdout` and `sys.stderr` for the duration (one command)."""
    saved = sys.stdout, sys.stderr
    MASKER.clear()
    sys.stdout = MaskedStream(_usable(sys.stdout))
    sys.stderr = MaskedStream(_usable(sys.stderr))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
        MASKER.clear()


def _usable(stream: TextIO | None) -> TextIO:
    """The stream, or a sink when the process has none (a closed file descriptor)."""
    if stream is None or getattr(stream, "closed", False):
        return open(os.devnull, "w", encoding="utf-8")
    return stream


def refuse_write_outside(path: str, what: str = "the output file") -> None:
    """A usage error (one line, exit 2) when a symbolic link takes a write to `path` out of
    the repository (see `core.boundary.write_escape`): a committed `reports -> ~/.config`
    link must not let `-o reports/x` or `new` write outside the checkout."""
    if write_escape(path, os.getcwd()) is not None:
        from ..report import one_line_name

        raise UsageError(
            f"{what} {one_line_name(path)} is behind a symbolic link out of the repository: "
            "not written (benchlint never writes outside the repository through a link)"
        )


def emit(output: str, path: str | None, stream: TextIO) -> None:
    """A command's output, to the file `-o` names (masked as the streams are) or `stream`."""
    if path:
        refuse_write_outside(path)
        try:
            # The reporters show paths that are not UTF-8 with backslash escapes (`printable`);
            # any lone surrogate left (from a file name quoted in a message) is escaped the
            # same way stdout escapes it, so the output is always valid UTF-8.
            Path(path).write_text(MASKER.mask(output), "utf-8", errors="backslashreplace")
        except OSError as error:
            raise UsageError(f"cannot write {path}: {error.strerror}") from None
    else:
        stream.write(output)
        stream.flush()
