"""The repository a file belongs to, and whether reaching a file leaves it through a link.

A pull request can commit `configs/benchmark/x.toml` as a symbolic link to `~/.aws/credentials`:
reading it would print the target in code frames, and fixing it would write outside the
checkout. Everything that reads a workspace file by a path it did not choose (a config found
or named, a catalog or secret list named by settings, a settings file) asks
`leaves_repository` first.
"""

from __future__ import annotations

import os


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
    """Whether a symbolic link takes `path` out of the repository that holds it (outside git:
    out of `start`, the folder a walk started from or the current folder)."""
    return escapes(path, boundary_of(path, start)) is not None


def boundary_of(path: str, fallback: str) -> str:
    """What `path` must stay within: its repository, else `fallback` (the folder a walk
    started from, or the current folder)."""
    return repository_root(path, fallback) or os.path.abspath(fallback)


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
