"""Cached virtual environments holding one `osmosis-ai` release each.

Built once under `<repo>/.cache/osmosis/<release>/` (gitignored) and reused while they work.
An exclusive file lock per release keeps two pytest processes (or xdist workers) from building
the same environment at once; a marker written last tells a finished build from a broken one.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .interpreters import candidates, find_python312

CACHE_ROOT = Path(__file__).resolve().parents[2] / ".cache" / "osmosis"
READY_MARKER = ".benchlint-ready"
PACKAGE = "osmosis-ai"


class NoPython312(Exception):
    """No Python 3.12 on this machine: the official loader cannot run here."""


class VenvBuildFailed(Exception):
    """A 3.12 exists but the environment could not be built (pip, network, ...)."""


def loader_python(release: str) -> Path:
    """The interpreter of a working environment with `osmosis-ai==release`, built if needed."""
    venv = CACHE_ROOT / release
    if _works(venv, release):
        return _python(venv)
    CACHE_ROOT.mkdir(parents=True, exist_ok=True)
    with _locked(CACHE_ROOT / f"{release}.lock"):
        if not _works(venv, release):  # another process may have built it while we waited
            _build(venv, release)
    return _python(venv)


def _python(venv: Path) -> Path:
    return venv / "bin" / "python"


def _works(venv: Path, release: str) -> bool:
    marker = venv / READY_MARKER
    if not marker.is_file() or marker.read_text().strip() != release:
        return False
    done = _run(
        [
            str(_python(venv)),
            "-I",
            "-c",
            f"import importlib.metadata as m; print(m.version({PACKAGE!r}))",
        ]
    )
    return done is not None and done.returncode == 0 and done.stdout.strip() == release


def _build(venv: Path, release: str) -> None:
    base = find_python312()
    if base is None:
        looked = ", ".join(candidates()) or "python3.12 on PATH, $(pyenv root)/versions/3.12*"
        raise NoPython312(
            "CONFORMANCE WITH THE OFFICIAL LOADER NOT CHECKED: no working Python 3.12 "
            f"(looked at: {looked}). `osmosis-ai` needs Python >= 3.12; install one "
            "(e.g. `pyenv install 3.12`) to run these tests."
        )
    shutil.rmtree(venv, ignore_errors=True)  # a half-built or stale environment
    steps = [
        [base, "-m", "venv", str(venv)],
        [
            str(_python(venv)),
            "-m",
            "pip",
            "install",
            "-q",
            "--disable-pip-version-check",
            f"{PACKAGE}=={release}",
        ],
    ]
    for step in steps:
        done = _run(step, timeout=1200)
        if done is None or done.returncode != 0:
            output = "" if done is None else (done.stdout + done.stderr)[-4000:]
            raise VenvBuildFailed(f"`{' '.join(step)}` failed:\n{output}")
    (venv / READY_MARKER).write_text(release + "\n")
    if not _works(venv, release):
        raise VenvBuildFailed(f"{venv} was built but does not report {PACKAGE}=={release}")


@contextmanager
def _locked(lock_path: Path) -> Iterator[None]:
    with open(lock_path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released by the kernel even if we crash
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _run(command: list[str], timeout: float = 120) -> subprocess.CompletedProcess[str] | None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PIP_NO_INPUT"] = "1"
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env)
    except (OSError, subprocess.SubprocessError):
        return None
