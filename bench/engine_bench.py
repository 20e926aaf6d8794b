"""Speed targets 1-4 of quality.md, as ratios measured side by side in one run.

    .venv/bin/python bench/engine_bench.py [--quick]

1. in-process, valid config: lint_text / tomllib.loads (target ≤ 2), and vs the official
   loader (tomllib + its pydantic model), measured in its Python 3.12 venv next to tomllib
   there (target: our ratio ≤ the loader's ratio);
2. in-process, broken config with 10 diagnostics: lint_text / tomllib.loads (≤ 4);
3. a 5,000-line config: lint_text / tomllib.loads (≤ 3), and a 1 MiB file (< 1 s);
4. command line, one file: `benchlint check` / `check-jsonschema` with the generated schema
   (≤ 0.35).
Prints figures only; no assertions (tests assert behaviour, this measures speed).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
import tomllib
from pathlib import Path

import benchlint
from configs import BROKEN, VALID, large, one_mebibyte

ROOT = Path(__file__).resolve().parents[1]


def per_call(function, repeat: int, number: int) -> float:
    """Median seconds per call over `repeat` batches of `number` calls."""
    return statistics.median(timeit.repeat(function, repeat=repeat, number=number)) / number


def ratio_line(label: str, ours: float, base: float, target: str) -> str:
    return f"{label:<44} {ours * 1e6:>10.0f} µs  vs {base * 1e6:>9.0f} µs  = {ours / base:5.2f}×  ({target})"


def in_process(quick: bool) -> None:
    repeat, number = (5, 100) if quick else (9, 400)
    for label, text, target in (
        ("1. valid 2-agent config (%d lines)" % VALID.count("\n"), VALID, "target ≤ 2×"),
        ("2. broken config, %d diagnostics" % len(benchlint.lint_text(BROKEN, path="configs/benchmark/b.toml")), BROKEN, "target ≤ 4×"),
    ):
        ours = per_call(lambda t=text: benchlint.lint_text(t, path="configs/benchmark/b.toml"), repeat, number)
        base = per_call(lambda t=text: tomllib.loads(t.replace('"Parity"', '"parity"')), repeat, number)
        print(ratio_line(label, ours, base, target))
    big = large(5000)
    ours = per_call(lambda: benchlint.lint_text(big, path="configs/benchmark/big.toml"), 3, 3)
    base = per_call(lambda: tomllib.loads(big), 3, 3)
    print(ratio_line(f"3. {big.count(chr(10)):,}-line config", ours, base, "target ≤ 3×"))
    huge = one_mebibyte()
    start = time.perf_counter()
    benchlint.lint_text(huge, path="configs/benchmark/huge.toml")
    print(f"{'3. 1 MiB file':<44} {time.perf_counter() - start:>10.3f} s   (target < 1 s)")


def official_loader() -> None:
    """Ratio loader/tomllib in the official CLI's own Python 3.12 venv, if one exists."""
    venvs = sorted((ROOT / ".cache" / "osmosis").glob("*/bin/python"))
    if not venvs:
        print("1. official loader: no .cache/osmosis venv (run the conformance tests once)")
        return
    script = """
import statistics, sys, tempfile, timeit, tomllib, pathlib
from osmosis_ai.platform.cli.benchmark_config import load_benchmark_submit_config
text = sys.stdin.read()
path = pathlib.Path(tempfile.mkdtemp()) / "c.toml"
path.write_text(text)
loader = statistics.median(timeit.repeat(lambda: load_benchmark_submit_config(path), repeat=9, number=200)) / 200
parse = statistics.median(timeit.repeat(lambda: tomllib.loads(text), repeat=9, number=200)) / 200
print(loader, parse)
"""
    out = subprocess.run([str(venvs[-1]), "-c", script], input=VALID, capture_output=True, text=True)
    if out.returncode:
        print("1. official loader: failed:", out.stderr.strip().splitlines()[-1:])
        return
    loader, parse = map(float, out.stdout.split())
    ours = per_call(lambda: benchlint.lint_text(VALID, path="configs/benchmark/b.toml"), 9, 200)
    base = per_call(lambda: tomllib.loads(VALID), 9, 200)
    print(
        f"{'1. vs official loader (' + venvs[-1].parts[-3] + ', incl. file read)':<44} "
        f"loader {loader / parse:4.2f}× tomllib, benchlint {ours / base:4.2f}× tomllib "
        f"(target: benchlint ≤ loader)"
    )


def command_line(quick: bool) -> None:
    schema = ROOT / "schema" / "benchmark-config.schema.json"
    checker = shutil.which("check-jsonschema", path=str(Path(sys.executable).parent))
    benchlint_cmd = str(Path(sys.executable).parent / "benchlint")
    runs = 5 if quick else 15
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "configs" / "benchmark" / "a.toml"
        config.parent.mkdir(parents=True)
        config.write_text(VALID)

        def median_run(command: list[str]) -> float:
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                subprocess.run(command, capture_output=True, cwd=tmp, env={**os.environ, "NO_COLOR": "1"})
                times.append(time.perf_counter() - start)
            return statistics.median(times)

        ours = median_run([benchlint_cmd, "check", str(config)])
        if checker and schema.is_file():
            base = median_run([checker, "--schemafile", str(schema), str(config)])
            print(
                f"{'4. command line, one file':<44} {ours * 1e3:>10.0f} ms  vs {base * 1e3:>9.0f} ms  "
                f"= {ours / base:5.2f}×  (check-jsonschema; target ≤ 0.35×)"
            )
        else:
            print(f"{'4. command line, one file':<44} {ours * 1e3:>10.0f} ms  (check-jsonschema or schema missing)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    print(f"benchlint {benchlint.__version__}, Python {sys.version.split()[0]}, medians")
    in_process(args.quick)
    official_loader()
    command_line(args.quick)


if __name__ == "__main__":
    main()
