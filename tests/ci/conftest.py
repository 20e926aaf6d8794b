"""Shared helpers for the CI-output tests: the fixture corpus and an in-process CLI run."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from benchlint.cli.main import main

FIXTURES = Path(__file__).parent / "fixtures"
CORPUS_DIR = FIXTURES / "configs" / "benchmark"
PROJECT_ROOT = Path(__file__).resolve().parents[2]


def corpus_paths() -> list[str]:
    """Every corpus file, as given on the command line from `FIXTURES`."""
    return sorted(p.relative_to(FIXTURES).as_posix() for p in CORPUS_DIR.glob("*.toml"))


@dataclass
class CliRun:
    status: int
    output: str  # what the report said (written with -o)
    stderr: str

    def json(self) -> Any:
        return json.loads(self.output)


RunCli = Callable[..., CliRun]


@pytest.fixture
def run_cli(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> RunCli:
    """`run_cli(fmt, *paths, cwd=FIXTURES)`: `benchlint check` in this process."""
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    counter = iter(range(1_000_000))

    def run(fmt: str, *paths: str, cwd: Path = FIXTURES, extra: tuple[str, ...] = ()) -> CliRun:
        out = tmp_path / f"report-{next(counter)}.out"
        monkeypatch.chdir(cwd)
        capsys.readouterr()
        status = main(["check", *paths, "--format", fmt, "-o", str(out), *extra])
        captured = capsys.readouterr()
        assert captured.out == "", "with -o nothing goes to standard output"
        return CliRun(status, out.read_text("utf-8"), captured.err)

    return run


@pytest.fixture
def corpus_json(run_cli: RunCli) -> dict[str, Any]:
    """The JSON report of the whole corpus: the reference the other formats must agree with."""
    run = run_cli("json", *corpus_paths())
    assert run.status == 1, run.stderr
    document: dict[str, Any] = run.json()
    return document
