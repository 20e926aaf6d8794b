"""`benchlint workspace pull` with the real `osmosis` CLI (each release the profiles name) as a
subprocess, talking to a fake Platform: what it saves is what the CLI printed, byte for byte;
every surface then checks against it; a failure is one line and keeps the cache as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from benchlint.cli.main import main

from .conftest import NEWEST, RELEASES, cache_bytes, osmosis_cli
from .fake_platform import FakePlatform

ROOT = Path(__file__).resolve().parents[2]
KEYS = ("acme-ready", "acme-syncing", "acme-failed")


def pull(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(["workspace", "pull", *arguments])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def check_json(capsys: pytest.CaptureFixture[str], *arguments: str) -> dict[str, list[str]]:
    """`benchlint check --format json`: the codes reported per file."""
    capsys.readouterr()
    main(["check", "--format", "json", "--fail-on", "never", *arguments])
    report = json.loads(capsys.readouterr().out)
    return {f["path"]: [d["code"] for d in f["diagnostics"]] for f in report["files"]}


@pytest.mark.parametrize("release", RELEASES)
def test_pull_saves_what_the_cli_printed(
    release: str,
    platform: FakePlatform,
    workspace: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    cli = osmosis_cli(release)
    status, out, err = pull(capsys, "--osmosis", str(cli))
    assert (status, err) == (0, "")
    assert out == (
        'workspace pull: fetched 3 benchmarks ("acme-failed", "acme-ready", "acme-syncing") '
        f"and 5 secret records into .benchlint/workspace with osmosis-ai {release}\n"
    )
    folder = workspace / ".benchlint" / "workspace"
    for key in KEYS:
        printed = subprocess.run(
            [str(cli), "--json", "benchmark", "info", key],
            cwd=workspace,
            capture_output=True,
            check=True,
        ).stdout
        assert (folder / "benchmarks" / f"{key}.json").read_bytes() == printed
        meta = json.loads((folder / "benchmarks" / f"{key}.meta.json").read_text("utf-8"))
        assert meta["cli_version"] == release
        assert meta["command"] == f"osmosis --json benchmark info {key}"
        assert meta["fetched_at"].endswith("Z")
    # Every page was read (two records a page), and only names and scopes were kept.
    offsets = [p for p in platform.requests if p.startswith("/api/cli/environment-secrets")]
    assert [p.split("offset=")[1].split("&")[0] for p in offsets] == ["0", "2", "4"]
    saved = json.loads((folder / "secrets.json").read_text("utf-8"))
    assert saved == {
        "schema_version": 1,
        "items": [
            {"name": "OPENAI_API_KEY", "scope": "workspace"},
            {"name": "OPENAI_API_KEY", "scope": "personal"},  # the CLI says personal
            {"name": "HF_TOKEN", "scope": "workspace"},
            {"name": "LEGACY", "scope": None},
            {"name": "TEAM_KEY", "scope": "team"},
        ],
    }
    # Git never sees the cache.
    shown = subprocess.run(
        ["git", "status", "--porcelain"], cwd=workspace, capture_output=True, text=True
    ).stdout
    assert ".benchlint" not in shown and "configs/" in shown


def test_every_surface_checks_against_the_pull(
    platform: FakePlatform, workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = osmosis_cli(NEWEST)
    assert pull(capsys, "--osmosis", str(cli))[0] == 0
    expected = {
        "configs/benchmark/failed.toml": ["BL411", "BL212"],
        "configs/benchmark/ready.toml": ["BL502", "BL406"],
        "configs/benchmark/syncing.toml": ["BL411"],
    }
    # check, with no settings at all
    assert check_json(capsys, "configs") == expected
    capsys.readouterr()
    main(["check", "configs/benchmark/failed.toml"])
    text = capsys.readouterr().out
    assert 'Acme Failed is not runnable, its sync failed: "Registry unreachable."' in text
    assert "(from .benchlint/workspace/benchmarks/acme-failed.json)" in text
    assert "no secret record ANTHROPIC_KEY in the workspace" in text
    # plan: the secret the workspace lacks, the errors check will show
    main(["plan", "configs/benchmark/failed.toml"])
    planned = capsys.readouterr().out
    assert "ANTHROPIC_KEY (model; not stored)" in planned
    # catalog: the workspace's benchmark, from its cache file
    main(["catalog", "acme-syncing", "--format", "json"])
    entry = json.loads(capsys.readouterr().out)
    assert entry["sync_status"] == "syncing"
    assert entry["origin"].endswith("acme-syncing.json")
    # the pre-commit hook: its entry, run as pre-commit runs it, on the staged configs
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text("utf-8"))
    entry_command = next(h["entry"] for h in hooks if h["id"] == "benchlint").split()
    assert entry_command[0] == "benchlint"
    hook = subprocess.run(
        [sys.executable, "-m", "benchlint", *entry_command[1:], *sorted(expected)],
        cwd=workspace,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert hook.returncode == 1
    for code in ("BL212", "BL406", "BL411"):
        assert f" {code} [error]" in hook.stdout
    # explicit settings win: a secret list named in the settings replaces the cached one
    (workspace / "names.json").write_text('["ANTHROPIC_KEY", "OPENAI_API_KEY"]', "utf-8")
    (workspace / "benchlint.toml").write_text('secrets-list = ["names.json"]\n', "utf-8")
    assert check_json(capsys, "configs")["configs/benchmark/failed.toml"] == ["BL411"]


@pytest.mark.parametrize(
    ("failure", "status", "line"),
    [
        ({"/api/cli/": 401}, 2, "osmosis is not logged in"),
        ({"/api/cli/benchmarks/acme-syncing": 500}, 1, "the Platform answered HTTP 500"),
        ({"/api/cli/benchmarks/": "hang"}, 2, "did not finish within 5 s"),
    ],
    ids=["401", "500", "timeout"],
)
def test_a_failed_pull_is_one_line_and_keeps_the_cache(
    failure: dict[str, int | str],
    status: int,
    line: str,
    platform: FakePlatform,
    workspace: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    cli = osmosis_cli(NEWEST)
    assert pull(capsys, "--osmosis", str(cli))[0] == 0
    before = cache_bytes(workspace)
    platform.failures.update(failure)
    platform.benchmarks["acme-syncing"]["benchmark"]["sync_status"] = "ready"  # changed since
    got, out, err = pull(capsys, "--osmosis", str(cli), "--timeout", "5")
    assert got == status
    [message] = err.splitlines()
    assert message.startswith("benchlint: workspace pull: ") and line in message
    assert "Traceback" not in out + err
    after = cache_bytes(workspace)
    syncing = ".benchlint/workspace/benchmarks/acme-syncing.json"
    assert after[syncing] == before[syncing]  # the failed fetch left it as it was
    assert b'"sync_status": "syncing"' in after[syncing]
    if status == 2:  # stopped before anything was saved
        assert after == before
    else:  # the others were fetched again
        assert "1 failed, kept as they were" in out
        assert set(after) == set(before)


def test_unknown_benchmark_and_network_down(
    platform: FakePlatform,
    workspace: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cli = osmosis_cli(NEWEST)
    status, out, err = pull(capsys, "--osmosis", str(cli), "--benchmark", "acme-nope")
    assert status == 1
    assert err == (
        'benchlint: workspace pull: "acme-nope": the workspace has no benchmark "acme-nope" '
        "(the Platform says \"Benchmark 'acme-nope' not found\")\n"
    )
    assert "fetched 5 secret records" in out
    before = cache_bytes(workspace)
    closed = "http://127.0.0.1:9"  # nothing listens on the discard port
    monkeypatch.setenv("OSMOSIS_PLATFORM_URL", closed)
    monkeypatch.setenv("OSMOSIS_TOKEN_PLATFORM_URL", closed)
    status, out, err = pull(capsys, "--osmosis", str(cli))
    assert status == 2 and out == ""
    [message] = err.splitlines()
    assert "osmosis cannot reach the Platform (the network may be down)" in message
    assert cache_bytes(workspace) == before
