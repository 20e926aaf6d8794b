"""The repository a file belongs to, and whether reaching a file leaves it through a link.

One root for everything: `root_of` is what links may not leave (BL004, writes), how high
settings discovery looks, and which settings files are the repository's own (a repository's
settings may narrow what benchlint reads or writes, never widen it). In a git work tree it is
the work tree; outside git, the folder a walk started from, or the current folder, when the
path lies in it as written, else the path's own folder.

A pull request can commit `configs/benchmark/x.toml` as a symbolic link to `~/.aws/credentials`:
reading it would print the target in code frames, and fixing it would write outside the
checkout. Everything that reads a workspace file by a path it did not choose (a config found
or named, a catalog or secret list named by settings, a settings file) asks
`leaves_repository` first.

One run of the command line (`one_run`: a check's reads, one `expand`) remembers what it
learns about folders (`Folders`): each folder's git work tree and each path's real path,
made from its parent's answer. A walk of `n` files `d` folders deep then looks at `n + d`
folders, not `n · d` (`a/a/a/…/configs/benchmark/x.toml` at every level was `d²`). Outside a
run (the language server, where files come and go unannounced) every question looks afresh,
and so does every write (`write_escape`).
"""

from __future__ import annotations

import os
from contextvars import ContextVar

from .reading import announce


class Folders:
    """What one run learns about folders (see the module docstring): the answers of
    `repository_root` by folder and anchor, and `os.path.realpath` of each path as written,
    made from its parent's (a path as written: a relative one is the current folder's)."""

    __slots__ = ("_real", "_repositories")

    def __init__(self) -> None:
        self._real: dict[str, str] = {}  # path as written → `os.path.realpath` of it
        # (folder, anchor) → the git work tree of the files in folder (absolute, normal)
        self._repositories: dict[tuple[str, str | None], str | None] = {}

    def real(self, path: str) -> str:
        """`os.path.realpath(path)`: its parent's, joined to its name unless the name is a
        link (or `.`, `..`, a root: those, and a link, are resolved whole)."""
        walked: list[str] = []
        current = path
        while (found := self._real.get(current)) is None:
            parent, name = os.path.split(current)
            if name in ("", ".", "..") or not parent or os.path.islink(current):
                found = self._real[current] = os.path.realpath(current)
                break
            walked.append(current)
            current = parent
        for below in reversed(walked):  # from the top down: each below the last
            found = self._real[below] = os.path.join(found, os.path.split(below)[1])
        return found

    def repository_root(self, path: str, anchor: str | None = None) -> str | None:
        """`repository_root`, from the answers of the folders above."""
        top = None if anchor is None else os.path.abspath(anchor)
        return self.repository_of_folder(os.path.dirname(os.path.abspath(path)), top)

    def repository_of_folder(self, folder: str, top: str | None) -> str | None:
        """`repository_root` of the files in `folder` (absolute, normal), anchored at `top`
        (absolute, normal, or None)."""
        walked: list[tuple[str, str | None]] = []
        current = folder
        while True:
            key = (current, top)
            if key in self._repositories:
                found = self._repositories[key]
                break
            walked.append(key)
            if os.path.lexists(os.path.join(current, ".git")) and not _linked_below(current, top):
                found = current
                break
            parent = os.path.dirname(current)
            if parent == current:
                found = None
                break
            current = parent
        for key in walked:
            self._repositories[key] = found
        return found


_RUN: ContextVar[Folders | None] = ContextVar("benchlint_folders", default=None)


class one_run:  # (used as a function: `with one_run():`)
    """The folders' answers are remembered inside (see the module docstring); a run inside
    a run shares the outer one's. Only for work that changes no folder and makes no link:
    whatever is written is checked afresh."""

    __slots__ = ("_token",)

    def __enter__(self) -> Folders:
        run = _RUN.get()
        if run is not None:
            self._token = None
            return run
        run = Folders()
        self._token = _RUN.set(run)
        return run

    def __exit__(self, *_: object) -> None:
        if self._token is not None:
            _RUN.reset(self._token)


def current_run() -> Folders | None:
    """The run whose answers are remembered, if one is under way (`one_run`)."""
    return _RUN.get()


def real(path: str) -> str:
    """`os.path.realpath(path)`, remembered for the run when one is under way."""
    run = _RUN.get()
    return os.path.realpath(path) if run is None else run.real(path)


def repository_root(path: str, anchor: str | None = None) -> str | None:
    """The git work tree that holds `path` (the nearest folder above it, as written, with a
    `.git` folder or file); None outside git.

    With `anchor` (the folder the user started from), a `.git` below it that is reached
    through a symbolic link does not count: `configs/benchmark` linked to another checkout
    (or a home folder kept in git) would otherwise make that checkout the repository."""
    run = _RUN.get()
    if run is not None:
        return run.repository_root(path, anchor)
    folder = os.path.dirname(os.path.abspath(path))
    while True:
        if os.path.lexists(os.path.join(folder, ".git")) and not _linked_below(folder, anchor):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def leaves_repository(path: str, start: str) -> bool:
    """Whether a symbolic link takes `path` out of the repository that holds it (see
    `root_of`; `start` is the folder a walk started from, or the current folder). The path
    is announced (`core.reading.announce`) with its root: whatever asks is about to read it
    or name it."""
    root = root_of(path, start)
    announce(path, root)
    return escapes(path, root) is not None


def root_of(path: str, start: str) -> str:
    """The root `path` belongs to: the git work tree that holds it; outside git, `start` (the
    folder a walk started from, or the current folder) when `path` lies inside it as written,
    else the folder `path` is in. Absolute, links not resolved."""
    found = repository_root(path, start)
    if found is not None:
        return found
    top = os.path.abspath(start)
    absolute = os.path.abspath(path)
    return top if _within(absolute, top) else os.path.dirname(absolute)


def write_escape(path: str, start: str) -> str | None:
    """Where a write to `path` would land when a symbolic link (the file itself, or a folder
    on the way) takes it out of its root (`root_of`; `start`: the folder a walk started from,
    or the current folder); None when the write stays inside. Writes are refused there
    whatever the settings say: `--follow-symlinks` is for reading. Asked afresh, even in a
    run (`one_run`): the folders may have changed since the run looked."""
    token = _RUN.set(None)
    try:
        return escapes(path, root_of(path, start))
    finally:
        _RUN.reset(token)


def inside(path: str, root: str) -> bool:
    """Whether `path` lies inside `root` both as written and once every link is resolved: a
    file a repository's settings may name, a place benchlint may write."""
    absolute = os.path.abspath(path)
    if not _within(absolute, os.path.abspath(root)):
        return False
    return _within(os.path.realpath(absolute), os.path.realpath(root))


def escapes(path: str, boundary: str) -> str | None:
    """The real file `path` leads to, when the path lies inside `boundary` as written but a
    symbolic link on the way (the file itself, or a folder) takes it outside; None otherwise.
    A path written outside the boundary (named on purpose: `../other/x.toml`) is not a link
    escape, and neither is a link that stays inside."""
    if "\0" in path:  # not a path at all: the reader that opens it says so
        return None
    absolute = os.path.abspath(path)
    if not _within(absolute, os.path.abspath(boundary)):
        return None
    found = real(path)
    return None if _within(found, real(boundary)) else found


def inside_as_written(path: str, root: str) -> bool:
    """Whether `path` lies inside `root` as written (links not resolved)."""
    return _within(os.path.abspath(path), os.path.abspath(root))


def _linked_below(folder: str, anchor: str | None) -> bool:
    """Whether a symbolic link lies on the way from `anchor` (exclusive) down to `folder`."""
    if anchor is None:
        return False
    top = os.path.abspath(anchor)
    while folder != top and _within(folder, top):
        if os.path.islink(folder):
            return True
        folder = os.path.dirname(folder)
    return False


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)
