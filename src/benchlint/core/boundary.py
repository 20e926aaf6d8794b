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
"""

from __future__ import annotations

import os

from .reading import announce


def repository_root(path: str, anchor: str | None = None) -> str | None:
    """The git work tree that holds `path` (the nearest folder above it, as written, with a
    `.git` folder or file); None outside git.

    With `anchor` (the folder the user started from), a `.git` below it that is reached
    through a symbolic link does not count: `configs/benchmark` linked to another checkout
    (or a home folder kept in git) would otherwise make that checkout the repository."""
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
    whatever the settings say: `--follow-symlinks` is for reading."""
    return escapes(path, root_of(path, start))


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
    real = os.path.realpath(path)
    return None if _within(real, os.path.realpath(boundary)) else real


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
