"""In-process speed targets 1-3 as ratios of instruction counts (valgrind's callgrind).

    .venv/bin/python bench/instructions.py [valid|broken|large ...]

Wall-clock ratios on a shared 2-core machine move by ±30% from one run to the next;
instruction counts do not. Each figure is the count for N calls minus the count for 0 calls
(start-up and imports cancel out), divided by N. Needs `valgrind` (Debian package).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES = {
    "1. valid 2-agent config": ("VALID", 2.0),
    "2. broken config, 10 diagnostics": ("BROKEN", 4.0),
    "3. 5,000-line config": ("LARGE", 3.0),
}
CALLS = {"VALID": 40, "BROKEN": 40, "LARGE": 2}
WORKER = """
import sys, tomllib
sys.path.insert(0, {here!r})
import benchlint
from configs import BROKEN, VALID, large
texts = {{"VALID": VALID, "BROKEN": BROKEN, "LARGE": large(5000)}}
name, what, calls = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = texts[name]
benchlint.lint_text(text, path="configs/benchmark/b.toml")  # warm: caches, lazy imports
tomllib.loads(text)
for _ in range(calls):
    if what == "lint":
        benchlint.lint_text(text, path="configs/benchmark/b.toml")
    else:
        tomllib.loads(text)
"""


def instructions(name: str, what: str, calls: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                WORKER.format(here=str(HERE)),
                name,
                what,
                str(calls),
            ],
            check=True,
            capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        match = re.search(r"^summary:\s+(\d+)", out.read_text(), re.M)
        assert match, "callgrind wrote no summary"
        return int(match.group(1))


def per_call(name: str, what: str) -> float:
    calls = CALLS[name]
    return (instructions(name, what, calls) - instructions(name, what, 0)) / calls


def main() -> None:
    wanted = {arg.upper() for arg in sys.argv[1:]}
    for label, (name, target) in CASES.items():
        if wanted and name not in wanted:
            continue
        ours, base = per_call(name, "lint"), per_call(name, "tomllib")
        print(
            f"{label:<36} {ours / 1e6:8.2f} M vs {base / 1e6:8.2f} M instructions"
            f" = {ours / base:5.2f}×  (target ≤ {target:g}×)"
        )


if __name__ == "__main__":
    main()
