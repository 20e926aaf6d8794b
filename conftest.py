"""Collects the documentation's examples as tests (tests/doctests/harness.py says how each
kind of example runs)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tests"))

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
