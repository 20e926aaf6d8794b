"""Session fixtures: the generated corpus, the official loaders' verdicts, benchlint's findings.

The loaders (subprocesses) and benchlint (this process) work on the corpus at the same time:
`loader_run` starts the drivers, `findings` lints meanwhile, `verdicts` collects.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest

from benchlint.domain.profiles import PROFILES

from .corpus import Case, generate
from .linting import Linted, lint_corpus
from .oracle import LoaderRun, Verdict
from .venvs import NoPython312, VenvBuildFailed, loader_python


@pytest.fixture(scope="session")
def corpus() -> list[Case]:
    return generate()


@contextmanager
def loaders_or_skip() -> Iterator[None]:
    """Turns a missing Python 3.12 into a skip (a failure on CI, which must run them) and a
    failed environment build into a failure."""
    try:
        yield
    except NoPython312 as reason:
        if os.environ.get("BENCHLINT_REQUIRE_LOADER") == "1":  # CI: never skip silently
            pytest.fail(f"{reason} (BENCHLINT_REQUIRE_LOADER=1)", False)
        pytest.skip(str(reason))
    except VenvBuildFailed as reason:
        pytest.fail(f"could not build the official loader's environment: {reason}", False)


@pytest.fixture(scope="session")
def loader_run(corpus: list[Case]) -> LoaderRun:
    """The drivers of every release a profile names, started (environments built if needed)."""
    releases = sorted({profile.release for profile in PROFILES.values()})
    with loaders_or_skip(), ThreadPoolExecutor(len(releases)) as pool:
        # first builds run side by side
        pythons = dict(zip(releases, pool.map(loader_python, releases), strict=True))
    return LoaderRun(pythons, [case.content for case in corpus])


@pytest.fixture(scope="session")
def findings(corpus: list[Case], loader_run: LoaderRun) -> dict[str, list[Linted]]:
    """benchlint's results on every case, per profile (linted while the loaders run)."""
    return {profile: lint_corpus(corpus, profile) for profile in PROFILES}


@pytest.fixture(scope="session")
def verdicts(loader_run: LoaderRun, findings: dict[str, list[Linted]]) -> dict[str, list[Verdict]]:
    """Each release's verdict on every case, keyed by release."""
    return loader_run.wait()
