"""examples/server/submit_gate.py, run as docs/server.md says, answers as documented."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIGS = ROOT / "examples" / "configs" / "benchmark"


def test_the_submit_gate_accepts_and_refuses_with_reasons() -> None:
    names = ["terminal-bench-smoke.toml", "hle-first-run.toml", "terminal-bench-typo.toml"]
    run = subprocess.run(
        [sys.executable, "examples/server/submit_gate.py", *(f"{CONFIGS / n}" for n in names)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1, run.stderr
    smoke, hle, typo = (json.loads(line) for line in run.stdout.splitlines())
    assert smoke["accepted"] and smoke["secrets"] == ["ANTHROPIC_API_KEY"]
    assert not hle["accepted"] and "secrets" not in hle
    # One answer shape: each problem is `Diagnostic.to_dict()`, the JSON report's object.
    assert {p["code"] for p in hle["problems"]} >= {"BL212", "BL401", "BL207"}
    assert "hf_EXAMPLE" not in json.dumps(hle["problems"])  # masked
    assert not typo["accepted"]
    assert any(
        'did you mean "terminal-bench/fix-permissions"' in p["message"] for p in typo["problems"]
    )
