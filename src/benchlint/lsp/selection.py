"""Which documents benchlint serves: paths matching the configured globs, or TOML whose first
line is a `#:schema` comment naming the benchlint schema. Everything else (a
`pyproject.toml`, a `Cargo.toml`) is left alone."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePosixPath

from ..core.globs import glob_match

DEFAULT_GLOBS = ("**/configs/benchmark/*.toml",)
SCHEMA_FILE = "benchmark-config.schema.json"
_SCHEMA_LINE = re.compile(r"\A\ufeff?[ \t]*#:schema[ \t]+(\S+)")


def is_selected(
    path: str | None, uri: str, language_id: str, text: str, globs: Sequence[str], roots: list[str]
) -> bool:
    if path is not None and matches_globs(path, globs, roots):
        return True
    is_toml = language_id == "toml" or uri.lower().endswith(".toml")
    return is_toml and names_schema(text)


def names_schema(text: str) -> bool:
    """True when the first line is `#:schema .../benchmark-config.schema.json`."""
    match = _SCHEMA_LINE.match(text[:4096])
    return match is not None and match.group(1).rsplit("/", 1)[-1] == SCHEMA_FILE


def matches_globs(path: str, globs: Sequence[str], roots: list[str]) -> bool:
    """Relative globs match the path relative to the workspace folder holding it (or the
    whole path when no folder does); absolute globs match the absolute path."""
    posix = PurePosixPath(path.replace("\\", "/"))
    relative = _relative(posix, roots)
    for pattern in globs:
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
