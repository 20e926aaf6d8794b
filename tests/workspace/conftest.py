"""What the workspace tests share: the real `osmosis` CLI of each release the conformance
tests install (built once under .cache/osmosis; a skip with the reason when this machine has
no Python 3.12, a failure on CI, which must run them), an Osmosis workspace for it to run in
(a git repository with an `origin` remote and the scaffold folders), and a fake Platform the
CLI is pointed at through its own environment variables."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.conformance.venvs import NoPython312, VenvBuildFailed, loader_python

from benchlint.domain.profiles import PROFILES

from .fake_platform import FakePlatform, benchmark, secret

RELEASES = sorted({profile.release for profile in PROFILES.values()})  # 0.3.0 and 0.3.8
NEWEST = RELEASES[-1]

CONFIGS = {
    # a typo in a task name (BL406), a secret record that exists in two scopes
    "ready.toml": """\
[experiment]
benchmark = "acme-ready"

[tasks]
task_names = ["acme/one", "acme/tow"]

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
""",
    "syncing.toml": """\
[experiment]
benchmark = "acme-syncing"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
""",
    # a failed sync (BL411) and a record the workspace does not hold (BL212)
    "failed.toml": """\
[experiment]
benchmark = "acme-failed"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "anthropic/claude-sonnet-4.5"
api_key_secret = "ANTHROPIC_KEY"
""",
}


def osmosis_cli(release: str) -> Path:
    """The `osmosis` executable of `osmosis-ai==release` (its environment built if needed,
    as the conformance tests build it). No Python 3.12 on this machine: a skip that says so
    (a failure on CI, `BENCHLINT_REQUIRE_LOADER=1`, which must run these)."""
    try:
        python = loader_python(release)
    except NoPython312 as reason:
        if os.environ.get("BENCHLINT_REQUIRE_LOADER") == "1":
            pytest.fail(f"{reason} (BENCHLINT_REQUIRE_LOADER=1)", False)
        pytest.skip(f"needs the Osmosis CLI, which needs Python 3.12: {reason}")
    except VenvBuildFailed as reason:
        pytest.fail(f"could not install osmosis-ai {release}: {reason}", False)
    cli = python.parent / "osmosis"
    assert cli.is_file(), f"osmosis-ai {release} installed no `osmosis` command at {cli}"
    return cli


def make_workspace(root: Path) -> Path:
    """An Osmosis workspace as the CLI wants one, holding the configs above."""
    if shutil.which("git") is None:
        pytest.fail("git is needed (the Osmosis CLI reads the workspace from `origin`)", False)
    root.mkdir(parents=True, exist_ok=True)
    for command in (
        ["git", "init", "-q"],
        ["git", "remote", "add", "origin", "https://github.com/acme/bench.git"],
    ):
        subprocess.run(command, cwd=root, check=True, capture_output=True)
    for folder in ("rollouts", "configs/training", "configs/eval", "data", "configs/benchmark"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    for name, text in CONFIGS.items():
        (root / "configs" / "benchmark" / name).write_text(text, "utf-8")
    return root


def populate(platform: FakePlatform) -> None:
    """The workspace the tests pull: three benchmarks and five secret records (three pages)."""
    platform.benchmarks["acme-ready"] = benchmark("acme-ready", ["acme/one", "acme/two"])
    platform.benchmarks["acme-syncing"] = benchmark(
        "acme-syncing", ["s/1", "s/2", "s/3"], sync_status="syncing", synced=1
    )
    platform.benchmarks["acme-failed"] = benchmark(
        "acme-failed", ["f/1"], sync_status="failed", sync_error="Registry unreachable."
    )
    platform.secrets = [
        secret("OPENAI_API_KEY", "workspace", 1),
        secret("OPENAI_API_KEY", "user", 2),
        secret("HF_TOKEN", "workspace", 3),
        secret("LEGACY", None, 4),
        secret("TEAM_KEY", "team", 5),
    ]


@pytest.fixture
def platform(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[FakePlatform]:
    """A fake Platform with the workspace above, and this process's environment pointing the
    CLI at it (a private HOME: nothing of the user's own login is read or written)."""
    fake = FakePlatform()
    populate(fake)
    for name in list(os.environ):
        if name.startswith("OSMOSIS_"):
            monkeypatch.delenv(name)
    for name, value in fake.environment().items():
        monkeypatch.setenv(name, value)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.setenv("OSMOSIS_TOKEN_STORE", "file")
    with fake.running():
        yield fake


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = make_workspace(tmp_path / "bench")
    monkeypatch.chdir(root)
    return root


def cache_bytes(root: Path) -> dict[str, bytes]:
    """Every file of the cache, by path."""
    folder = root / ".benchlint"
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
