"""Shared fixtures for the VS Code extension's tests: where things are, and its npm packages.

A missing prerequisite (Node.js, npm, code-server, Chromium) skips these tests with the command
that installs it; with BENCHLINT_REQUIRE_VSCODE=1 (set by CI) it fails them instead, so that a
broken install step cannot hide behind a skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXTENSION = ROOT / "vscode-extension"
NPM_TIMEOUT_S = 600


def missing(reason: str) -> None:
    """Skip, loudly, or fail when CI says these tests must run."""
    if os.environ.get("BENCHLINT_REQUIRE_VSCODE") == "1":
        pytest.fail(f"{reason} (BENCHLINT_REQUIRE_VSCODE=1)")
    pytest.skip(f"VS CODE TESTS NOT RUN: {reason}")


def run(command: list[str], cwd: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    """Runs a command, failing the test with its output when it fails."""
    result = subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False
    )
    if result.returncode != 0:
        pytest.fail(
            f"`{' '.join(command)}` exited with {result.returncode}\n"
            f"--- stdout ---\n{result.stdout[-6000:]}\n--- stderr ---\n{result.stderr[-6000:]}"
        )
    return result


@pytest.fixture(scope="session")
def extension_dir() -> Path:
    """vscode-extension/, with its npm packages installed from the lock file (`npm ci`)."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            missing(f"`{tool}` is not on PATH; install Node.js 20 and npm")
    if not (EXTENSION / "node_modules" / ".package-lock.json").is_file():
        run(["npm", "ci", "--no-audit", "--no-fund"], EXTENSION, NPM_TIMEOUT_S)
    return EXTENSION


@pytest.fixture(scope="session")
def vsix(extension_dir: Path) -> Path:
    """The packaged extension (`npm run package`: lint, production bundle, vsce)."""
    run(["npm", "run", "package"], extension_dir, timeout=300)
    return extension_dir / "benchlint.vsix"
