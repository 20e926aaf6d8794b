"""Which documents benchlint serves: paths matching the configured globs, or TOML whose first
line is a `#:schema` comment naming the benchlint schema. Everything else (a
`pyproject.toml`, a `Cargo.toml`) is left alone. The default glob means what the command
line walks (`domain.locations`), so both surfaces check the same files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePosixPath

from ..core.globs import glob_match
from ..domain.locations import CONFIG_GLOB, is_config_path, names_schema

DEFAULT_GLOBS = (CONFIG_GLOB,)


def is_selected(
    path: str | None, uri: str, language_id: str, text: str, globs: Sequence[str], roots: list[str]
) -> bool:
    if path is not None and matches_globs(path, globs, roots):
        return True
    is_toml = language_id == "toml" or uri.lower().endswith(".toml")
    return is_toml and names_schema(text)


def matches_globs(path: str, globs: Sequence[str], roots: list[str]) -> bool:
    """Relative globs match the path relative to the workspace folder holding it (or the
    whole path when no folder does); absolute globs match the absolute path."""
    posix = PurePosixPath(path.replace("\\", "/"))
    relative = _relative(posix, roots)
    for pattern in globs:
        if pattern == CONFIG_GLOB and is_config_path(str(posix)):
            return True  # the command line's own test, linked folders and all
        target = str(posix) if pattern.startswith("/") else relative
        if glob_match(pattern, target):
            return True
    return False


def _relative(path: PurePosixPath, roots: list[str]) -> str:
    for root in sorted(roots, key=len, reverse=True):
        try:
            return str(path.relative_to(root.replace("\\", "/")))
        except ValueError:
            continue
    return str(path).lstrip("/")
