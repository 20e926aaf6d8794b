"""What every adversarial shape builds on: the config's head and an agent, and `check`, a
whole `benchlint check FILE` in process (lint, text report, masked output)."""

from __future__ import annotations

import atexit
import itertools
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from benchlint import Settings, lint_text
from benchlint.report import FileReport, RunInfo
from benchlint.report.text import render_text
from benchlint.secrets.output import MASKER

__all__ = [
    "AGENT",
    "HEAD",
    "MASKER",
    "PATH",
    "Work",
    "check",
    "checking",
    "fresh",
    "temporary_folder",
]

PATH = "configs/benchmark/shape.toml"
HEAD = '[experiment]\nbenchmark = "terminal-bench-2-1"\n'
AGENT = (
    '[[agents]]\nharness = "terminus-2"\n'
    '[agents.model]\ntype = "provider"\nmodel = "m"\napi_key_secret = "K"\n'
)

Work = Callable[[], object]


def check(text: str, settings: Settings | None = None) -> str:
    """What `benchlint check FILE` does in process: lint, render text, mask the output."""
    found = lint_text(text, path=PATH, settings=settings)
    report = render_text([FileReport(PATH, found, text)], RunInfo("0", "default"))
    MASKER.clear()
    MASKER.add(PATH, text)
    return MASKER.mask(report)


def fresh() -> None:
    """Forget what a run memoizes by whole text or token: each run pays for its input."""
    from benchlint.rules import wording
    from benchlint.secrets import shape, source

    wording._closest.cache_clear()  # each run searches its "did you mean" again
    source.source_secrets.cache_clear()
    source.credentials.cache_clear()
    shape.harmless_token.cache_clear()


def checking(text: str, settings: Settings | None = None) -> Work:
    def work() -> object:
        fresh()
        return check(text, settings)

    return work


_FOLDERS = itertools.count()


def temporary_folder() -> Path:
    """A folder for a shape's files (a catalog, a tree to walk), removed when the process
    ends: made in the shape's setup, outside the work measured. Named by the process and a
    count, not at random: the renderer and the output masker judge a path's name like any
    text (`benchlint-shape-k2j4h8s0` is refused, `benchlint-shape-abcdefgh` is not), so a
    random name moved the count of a shape that shows the path by 20% from run to run. The
    process id is written with a fixed width, so that the paths' lengths do not change with
    it either (the path of each folder in a deep chain holds it)."""
    folder = Path(tempfile.gettempdir()) / f"benchlint-shape-{os.getpid():07}-{next(_FOLDERS)}"
    shutil.rmtree(folder, ignore_errors=True)  # left by a process of the same id that died
    folder.mkdir()
    atexit.register(shutil.rmtree, folder, True)
    return folder
