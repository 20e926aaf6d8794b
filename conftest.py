"""Collects the documentation's examples as tests (tests/doctests/harness.py says how each
kind of example runs)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tests"))

import pytest  # noqa: E402
from sybil import Sybil  # noqa: E402

from doctests.harness import DocsParser  # noqa: E402

DOCUMENTS = {
    ROOT / "README.md",
    ROOT / "CONTRIBUTING.md",
    ROOT / "vscode-extension" / "README.md",
    *(ROOT / "docs").rglob("*.md"),
}
_collect = Sybil(parsers=[DocsParser()], patterns=["*.md"]).pytest()


def pytest_collect_file(file_path: Path, parent):  # type: ignore[no-untyped-def]
    if file_path in DOCUMENTS:
        return _collect(file_path, parent)
    return None


def pytest_configure(config):  # type: ignore[no-untyped-def]
    """`--snapshot-update` rewrites every snapshot file the run touches and deletes the
    snapshots it did not reach: with -x, --maxfail, -k, -m, --lf or a single test, it would
    delete the rest. Refused here, so the documented command is the only way to run it."""
    if not getattr(config.option, "update_snapshots", False):
        return
    option = config.option
    partial = [
        flag
        for flag, on in (
            ("-x/--maxfail", bool(option.maxfail)),
            ("-k", bool(option.keyword)),
            ("-m", bool(option.markexpr)),
            (
                "--lf/--ff",
                bool(getattr(option, "lf", False) or getattr(option, "failedfirst", False)),
            ),
            ("a test id (`::`)", any("::" in arg for arg in config.args)),
        )
        if on
    ]
    if partial:
        raise pytest.UsageError(
            f"--snapshot-update with {', '.join(partial)} would delete the snapshots this run "
            "does not reach; run `pytest tests/rules tests/fixes --snapshot-update` as "
            "CONTRIBUTING.md says"
        )
