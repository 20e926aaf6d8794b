"""Run inside an `osmosis-ai` environment: `osmosis --json benchmark info KEY`, with the SDK's
HTTP call answered by the server JSON read from standard input, so what it prints is the SDK's
own rendering of that data (no account, no network).

Usage: python sdk_driver.py KEY < server.json   (server.json: {"benchmark": {...}})
"""

import json
import sys
from pathlib import Path
from types import SimpleNamespace

import osmosis_ai.platform.api.client as client
import osmosis_ai.platform.cli.benchmark as benchmark_cli
from osmosis_ai.cli.main import main

SERVER = json.load(sys.stdin)


def answer(path, **_):
    if path.startswith("/api/cli/benchmark-runs"):
        return {"benchmark_runs": [], "total_count": 0, "has_more": False}
    if path.startswith("/api/cli/benchmarks/"):
        return SERVER
    raise SystemExit(f"unexpected request {path}")


def workspace():
    return SimpleNamespace(
        credentials=None,
        workspace_name="acme",
        workspace_directory=Path.cwd(),
        git_identity="github.com/acme/bench",
        repo_url="https://github.com/acme/bench",
    )


client.platform_request = answer
# 0.3.8 asks for the platform workspace, 0.3.0 for the git workspace directory
for name in ("require_platform_workspace_context", "require_git_workspace_directory_context"):
    if hasattr(benchmark_cli, name):
        setattr(benchmark_cli, name, workspace)
sys.exit(main(["--json", "benchmark", "info", sys.argv[1]]))
