"""Finding a Python 3.12 interpreter: the official loader needs one, benchlint runs on 3.11."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
from pathlib import Path

WANTED = (3, 12)


def candidates() -> list[str]:
    """Places a 3.12 interpreter may live, most specific first (not yet checked)."""
    found: list[str] = []
    on_path = shutil.which("python3.12")
    if on_path:
        found.append(on_path)
    roots = [os.environ.get("PYENV_ROOT", ""), _pyenv_root(), str(Path.home() / ".pyenv")]
    for root in dict.fromkeys(r for r in roots if r):
        found.extend(sorted(glob.glob(os.path.join(root, "versions", "3.12*", "bin", "python"))))
    return list(dict.fromkeys(found))


def find_python312() -> str | None:
    """The first candidate that really runs as 3.12 (a pyenv shim may exist yet refuse)."""
    for candidate in candidates():
        if _version(candidate) == WANTED:
            return candidate
    return None


def _pyenv_root() -> str:
    pyenv = shutil.which("pyenv")
    if not pyenv:
        return ""
    try:
        done = subprocess.run([pyenv, "root"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def _version(python: str) -> tuple[int, ...] | None:
    try:
        done = subprocess.run(
            [python, "-c", "import sys; print(*sys.version_info[:2])"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    return tuple(int(part) for part in done.stdout.split())
