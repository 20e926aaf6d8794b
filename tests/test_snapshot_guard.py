"""`--snapshot-update` on part of a run would delete the snapshots it does not reach: the
root conftest refuses it (CONTRIBUTING.md documents the one safe command)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TARGET = "tests/fixes/test_edit_helpers.py"


@pytest.mark.parametrize(
    "extra",
    [["-x"], ["--maxfail", "2"], ["-k", "replace"], ["-m", "slow"], [f"{TARGET}::test_x"]],
    ids=["x", "maxfail", "k", "m", "test-id"],
)
def test_a_partial_snapshot_update_is_refused(extra: list[str]) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--snapshot-update",
         "--collect-only", "-q", TARGET, *extra],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 4, run.stdout + run.stderr
    assert "would delete the snapshots this run does not reach" in run.stderr


def test_the_documented_command_is_not_refused() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--snapshot-update",
         "--collect-only", "-q", TARGET],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
