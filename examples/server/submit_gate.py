"""A submit gate: how a service that receives benchmark configs uses benchlint.

    python examples/server/submit_gate.py CONFIG.toml...

For each config it prints the answer the service would send, as one JSON line: whether the
run may start, and why not. The workspace's benchmarks and secret records come from files
here; a real service reads them from its own database (the same shapes as `osmosis --json
benchmark info` and `osmosis --json secret list`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from benchlint import ConfigError, Settings, Workspace, lint_text, load_config, refuses

HERE = Path(__file__).parent


def load_workspace() -> Workspace:
    """Built once per workspace, reused by every request (it is immutable and thread-safe)."""
    benchmark = json.loads((HERE.parent / "catalog" / "terminal-bench-2-1.json").read_text())
    secrets = json.loads((HERE / "secret-list.json").read_text())
    return Workspace(benchmarks=[benchmark], secrets=secrets)


class SubmitGate:
    def __init__(self, workspace: Workspace) -> None:
        # The profile names the CLI release the service's runner matches.
        self.settings = Settings(profile="osmosis-0.3.8", workspace=workspace)

    def review(self, text: str, path: str) -> dict[str, Any]:
        """The service's answer for one config: what reaches `fail_on` (errors, by default)
        refuses the run, the rest advise."""
        diagnostics = lint_text(text, path=path, settings=self.settings)
        answer: dict[str, Any] = {
            "path": path,
            "accepted": not refuses(diagnostics, settings=self.settings),
            "problems": [d.to_dict() for d in diagnostics],
        }
        if answer["accepted"]:
            # Raises ConfigError only for an error; with a `fail_on` that lets errors through
            # (`never`), a service would catch it here.
            config = load_config(text, path=path, settings=self.settings)
            answer["secrets"] = config.required_secrets
        return answer


def main(paths: list[str]) -> int:
    gate = SubmitGate(load_workspace())
    refused = 0
    for path in paths:
        answer = gate.review(Path(path).read_text("utf-8"), path)
        refused += not answer["accepted"]
        print(json.dumps(answer))
    return 1 if refused else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except ConfigError as error:  # unreachable by construction; a service would log it
        sys.exit(f"submit gate: {error}")
