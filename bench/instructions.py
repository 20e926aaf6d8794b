"""The speed gate: instruction counts (valgrind's callgrind) against a committed baseline.

    .venv/bin/python bench/instructions.py            # measure, print against the baseline
    .venv/bin/python bench/instructions.py --check    # the same; exit 1 on a regression (CI)
    .venv/bin/python bench/instructions.py --record   # measure and rewrite the baseline
    .venv/bin/python bench/instructions.py --cache    # cache misses, mispredicted branches

Times on a shared machine move by ±30% from one run to the next; instruction counts barely
move, so a small regression shows. What is counted:

- in process, per call: `lint_text` of the clean, typical, broken and big configs
  (bench/configs.py), and `tomllib.loads` of each (the yardstick of the ratios printed);
- in process, one language-server keystroke (`didChange` in, `publishDiagnostics` out, the
  real server without its pipe: bench/keystroke.py) with 1 and with 100 documents open;
- a whole process: `python -m benchlint check` of one typical file and of one broken file
  (start-up included);
- every adversarial shape of bench/shapes.py at two sizes 4× apart.

`--check` fails when any count is more than 2% above the baseline, when a shape's count grows
more than 5× from the smaller size to the larger (linear is 4×), or when the keystroke with
100 documents open costs more than 1.2× the one with 1. Raising the baseline is its own
commit that says why (`--record`, then commit `bench/instructions-baseline.json`); the
counts hold for the Python and valgrind versions recorded with them (another version is
reported, not failed: re-record on it).

In-process figures come from one valgrind run per group: the worker calls `os.getppid()`
between measurements, and `--dump-before=getppid` makes callgrind write the count of each
stretch apart, so start-up and warm-up are never part of a figure. Before each measurement
the garbage is collected (a stretch of its own, left out): a collection that the counts
include is one the measured work's own allocations cause, so a count does not move by a
collection's worth when code elsewhere allocates a little more or less.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
BASELINE = HERE / "instructions-baseline.json"
TOLERANCE = 0.02  # a count may grow by this much over the baseline
MAX_GROWTH = 5.0  # a shape's count at 4× the size, over its count at the size (linear: 4)
MAX_KEYSTROKE_RATIO = 1.2  # a keystroke with 100 documents open over one with 1
GROUPS = ("engine", "editor", "shapes")
# The official loader (`osmosis-ai`'s, Python 3.12, in its own venv: `--loader`), and
# `tomllib` in the same interpreter: printed as a ratio of ratios, never recorded or judged.
LOADER = [
    ("loader:clean", 20),
    ("loader-tomllib:clean", 20),
    ("loader:typical", 20),
    ("loader-tomllib:typical", 20),
]

# Counts per call, as (name, how many calls) in measuring order; see `_work`.
ENGINE = [
    ("lint:clean", 20),
    ("lint:typical", 20),
    ("lint:broken", 20),
    ("lint:big", 1),
    ("tomllib:clean", 20),
    ("tomllib:typical", 20),
    ("tomllib:broken", 20),
    ("tomllib:big", 2),
]
EDITOR = [("keystroke:1-open", 10), ("keystroke:100-open", 10)]
# A whole `benchlint check` process on one file: the typical config, and the broken one
# (whose findings a check prints with code frames). Measurement → the config it checks.
CLI = {"cli:check-one-file": "TYPICAL", "cli:check-one-broken-file": "BROKEN"}


def _importable() -> None:
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))


def shape_names() -> list[tuple[str, int]]:
    _importable()
    from shapes import SHAPES

    return [(f"shape:{name}@{size}", 1) for name, (_, n) in SHAPES.items() for size in (n, 4 * n)]


# -- inside valgrind ---------------------------------------------------------------------------
def _work(group: str) -> list[tuple[str, int, Callable[[], object]]]:
    """The group's measurements, each with its work set up (imports, inputs, editor)."""
    _importable()
    if group == "engine":
        import tomllib

        from configs import BROKEN, TYPICAL, VALID, large

        import benchlint

        texts = {"clean": VALID, "typical": TYPICAL, "broken": BROKEN, "big": large(5000)}
        path = "configs/benchmark/b.toml"
        work: dict[str, Callable[[], object]] = {}
        for name, text in texts.items():
            work[f"lint:{name}"] = lambda t=text: benchlint.lint_text(t, path=path)
            work[f"tomllib:{name}"] = lambda t=text: _loads_or_error(tomllib.loads, t)
        return [(name, calls, work[name]) for name, calls in ENGINE]
    if group == "loader":
        import tomllib

        from configs import TYPICAL, VALID
        from osmosis_ai.platform.cli.benchmark_config import (  # type: ignore[import-not-found]
            load_benchmark_submit_config,
        )

        folder = Path(tempfile.mkdtemp())
        work = {}
        for name, text in (("clean", VALID), ("typical", TYPICAL)):
            path = folder / f"{name}.toml"
            path.write_text(text)
            work[f"loader:{name}"] = lambda p=path: load_benchmark_submit_config(p)
            work[f"loader-tomllib:{name}"] = lambda t=text: tomllib.loads(t)
        return [(name, calls, work[name]) for name, calls in LOADER]
    if group == "editor":
        from keystroke import Editor

        one, hundred = Editor(1), Editor(100)
        work = {"keystroke:1-open": one.keystroke, "keystroke:100-open": hundred.keystroke}
        return [(name, calls, work[name]) for name, calls in EDITOR]
    from shape_kit import temporary_folder
    from shapes import SHAPES

    # The shapes run from a folder of their own: where the checkout lies must not count. The
    # folders that hold the current one are the machine's, whose names the output masker
    # leaves out of a path it judges: run from a clone in /tmp, the shapes' folders in /tmp
    # were judged one name shorter than from /work/main (a shape moved by 2.7%), and a
    # settings file above the checkout would have been found by the shapes' lints.
    os.chdir(temporary_folder())
    out = []
    for name, (make, n) in SHAPES.items():
        for size in (n, 4 * n):
            out.append((f"shape:{name}@{size}", 1, make(size)))
    return out


def _loads_or_error(loads: Callable[[str], object], text: str) -> object:
    try:
        return loads(text)
    except ValueError:  # the broken config: tomllib stops at its first error
        return None


def worker(group: str) -> None:
    """Run under callgrind: warm every measurement once, then each between two markers."""
    items = _work(group)
    for _, _, work in items:
        work()  # lazy imports, compiled patterns, first-use caches
    print(len(items), flush=True)
    for _, calls, work in items:
        os.getppid()  # marker: callgrind dumps the count so far (the measurement before)
        # Each measurement starts with no garbage pending: a collection inside it is then one
        # its own allocations cause, not one the measurements before it had almost started.
        gc.collect()
        os.getppid()  # marker: the collection's count, left out
        for _ in range(calls):
            work()
    os.getppid()


# -- outside -----------------------------------------------------------------------------------
def valgrind() -> str:
    found = shutil.which("valgrind")
    if found is None:
        sys.exit("bench/instructions.py: no valgrind (Debian: apt-get install valgrind)")
    return found


def _callgrind(
    command: list[str],
    out: Path,
    *,
    markers: bool,
    cwd: str | None = None,
    simulate: bool = False,
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONHASHSEED"] = "0"
    env["NO_COLOR"] = "1"
    # glibc's malloc adapts its thresholds to what was freed before, so a large allocation's
    # cost depended on the process's history (a shape moved by 5% in a clone elsewhere):
    # fixed thresholds and a large heap step make it the same from one process to the next.
    env["MALLOC_MMAP_THRESHOLD_"] = str(1 << 20)
    env["MALLOC_TRIM_THRESHOLD_"] = str(1 << 28)
    env["MALLOC_TOP_PAD_"] = str(1 << 26)
    subprocess.run(command, cwd=cwd, env=env, capture_output=True, check=False)  # bytecode
    options = [f"--callgrind-out-file={out}"] + (["--dump-before=getppid"] if markers else [])
    if simulate:  # first-level cache misses and mispredicted branches, besides instructions
        options += ["--cache-sim=yes", "--branch-sim=yes"]
    done = subprocess.run(
        [valgrind(), "--tool=callgrind", *options, *command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode not in (0, 1):  # `check` exits 1 when it finds something
        sys.exit(f"bench/instructions.py: {' '.join(command[:4])} failed:\n{done.stderr[-3000:]}")


def _total(dump: Path) -> int:
    match = re.search(r"^(?:summary|totals):\s+(\d+)", dump.read_text(), re.M)
    if match is None:
        sys.exit(f"bench/instructions.py: no count in {dump}")
    return int(match.group(1))


def _events(dump: Path) -> dict[str, int]:
    """Every event a simulating run counted (`Ir`, `I1mr`, `D1mr`, `Bcm`, ...) in a dump."""
    text = dump.read_text()
    names = re.search(r"^events:\s+(.+)$", text, re.M)
    totals = re.search(r"^(?:summary|totals):\s+(.+)$", text, re.M)
    if names is None or totals is None:
        sys.exit(f"bench/instructions.py: no events in {dump}")
    return dict(zip(names.group(1).split(), map(int, totals.group(1).split()), strict=True))


def measure_group(group: str, python: str = sys.executable) -> dict[str, int]:
    return {name: events["Ir"] for name, events in _measure_events(group, python).items()}


def _measure_events(
    group: str, python: str = sys.executable, *, simulate: bool = False
) -> dict[str, dict[str, int]]:
    names = {"engine": ENGINE, "editor": EDITOR, "loader": LOADER}.get(group) or shape_names()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        _callgrind([python, __file__, "--worker", group], out, markers=True, simulate=simulate)
        # part 1 is start-up and warm-up; then, for each measurement, a garbage collection
        # (left out) and the measurement
        parts = sorted(Path(tmp).glob("callgrind.out.*"), key=lambda p: int(p.suffix[1:]))
        if len(parts) != 2 * len(names) + 1:
            sys.exit(f"bench/instructions.py: {len(parts)} dumps for {len(names)} measurements")
        return {
            name: {event: round(count / calls) for event, count in _events(part).items()}
            for (name, calls), part in zip(names, parts[2::2], strict=True)
        }


# Events of a simulating run, and what they count (valgrind's names).
CACHE_EVENTS = {
    "Ir": "instructions",
    "I1mr": "instruction-cache misses",
    "D1mr": "data-cache read misses",
    "D1mw": "data-cache write misses",
    "Bcm": "mispredicted conditional branches",
    "Bim": "mispredicted indirect branches",
}


def cache_report(python: str = sys.executable) -> str:
    """Per event, a lint over `tomllib.loads` of the same config: why a lint's time is a
    larger multiple of tomllib's than its instruction count is (printed, never judged)."""
    events = _measure_events("engine", python, simulate=True)
    lines = [f"{'per call, lint / tomllib':<36}" + "".join(f"{n:>10}" for n in CACHE_EVENTS)]
    for config in ("clean", "typical", "broken", "big"):
        ours, base = events[f"lint:{config}"], events[f"tomllib:{config}"]
        ratios = "".join(
            f"{ours[e] / base[e]:>9.2f}×" if base[e] else f"{'-':>10}" for e in CACHE_EVENTS
        )
        lines.append(f"{config:<36}{ratios}")
    lines += [f"  {name}: {meaning}" for name, meaning in CACHE_EVENTS.items()]
    return "\n".join(lines)


def measure_cli() -> dict[str, int]:
    _importable()
    import configs

    counts = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "configs" / "benchmark"
        folder.mkdir(parents=True)
        for name, config in CLI.items():
            file = f"{config.lower()}.toml"
            (folder / file).write_text(getattr(configs, config))
            out = Path(tmp) / f"{file}.callgrind.out"
            command = [sys.executable, "-m", "benchlint", "check", f"configs/benchmark/{file}"]
            _callgrind(command, out, markers=False, cwd=tmp)
            counts[name] = _total(out)
    return counts


def measure(groups: list[str], python: str = sys.executable) -> dict[str, int]:
    counts: dict[str, int] = {}
    for group in groups:
        counts.update(measure_cli() if group == "cli" else measure_group(group, python))
        print(f"measured {group}", file=sys.stderr, flush=True)
    return counts


# -- judging -----------------------------------------------------------------------------------
def regressions(baseline: dict[str, int], counts: dict[str, int]) -> list[str]:
    """Every count more than TOLERANCE above its baseline, and every baseline not measured."""
    problems = []
    for name, count in counts.items():
        base = baseline.get(name)
        if base is None:
            problems.append(f"{name}: not in the baseline (record it: --record)")
        elif count > base * (1 + TOLERANCE):
            problems.append(
                f"{name}: {count:,} instructions, {count / base - 1:+.1%} over {base:,}"
            )
    return problems


def growths(counts: dict[str, int]) -> dict[str, float]:
    """Each shape's count at the larger size over its count at the smaller."""
    sizes: dict[str, list[tuple[int, int]]] = {}
    for name, count in counts.items():
        if name.startswith("shape:"):
            shape, size = name.removeprefix("shape:").rsplit("@", 1)
            sizes.setdefault(shape, []).append((int(size), count))
    return {shape: max(pair)[1] / min(pair)[1] for shape, pair in sizes.items() if len(pair) == 2}


def growth_problems(counts: dict[str, int]) -> list[str]:
    problems = [
        f"shape {shape}: {factor:.1f}× the instructions for 4× the input (≤ {MAX_GROWTH:g}×)"
        for shape, factor in growths(counts).items()
        if factor > MAX_GROWTH
    ]
    one, hundred = counts.get("keystroke:1-open"), counts.get("keystroke:100-open")
    if one and hundred and hundred > one * MAX_KEYSTROKE_RATIO:
        problems.append(
            f"a keystroke with 100 documents open costs {hundred / one:.2f}× one with 1 "
            f"(at most {MAX_KEYSTROKE_RATIO:g}×)"
        )
    return problems


def _loader_counts(python: str | None) -> dict[str, int]:
    """The official loader's counts (`--loader`), or none when not asked for."""
    if python is None:
        return {}
    if python == "newest":
        venvs = sorted((HERE.parent / ".cache" / "osmosis").glob("*/bin/python"))
        if not venvs:
            sys.exit("bench/instructions.py: no .cache/osmosis venv (run the conformance tests)")
        python = str(venvs[-1])
    counts = measure_group("loader", python)
    print("measured the official loader", file=sys.stderr, flush=True)
    return counts


def environment() -> dict[str, str]:
    version = subprocess.run([valgrind(), "--version"], capture_output=True, text=True).stdout
    return {"python": platform.python_version(), "valgrind": version.strip()}


def report(
    counts: dict[str, int], baseline: dict[str, int], loader: dict[str, int] | None = None
) -> str:
    lines = [f"{'measurement':<48} {'instructions':>14} {'baseline':>14} {'change':>8}"]
    for name, count in counts.items():
        base = baseline.get(name)
        change = f"{count / base - 1:+.1%}" if base else "new"
        lines.append(f"{name:<48} {count:>14,} {base or 0:>14,} {change:>8}")
    for name, count in (loader or {}).items():
        lines.append(f"{name:<48} {count:>14,} {'(not recorded)':>23}")
    counts = {**counts, **(loader or {})}
    for name in ("clean", "typical", "broken", "big"):
        ours, base = counts.get(f"lint:{name}"), counts.get(f"tomllib:{name}")
        if ours and base:
            lines.append(f"lint:{name} / tomllib:{name} = {ours / base:.2f}×")
    for name in ("clean", "typical"):
        figures = [
            counts.get(f"{k}:{name}") for k in ("lint", "tomllib", "loader", "loader-tomllib")
        ]
        if all(figures):
            ours, base, official, official_base = (figure or 1 for figure in figures)
            ratio, official_ratio = ours / base, official / official_base
            lines.append(
                f"lint:{name} against the official loader = {ratio / official_ratio:.2f}× "
                f"(each over tomllib in its own interpreter: {ratio:.2f}× and "
                f"{official_ratio:.2f}×)"
            )
    for shape, factor in growths(counts).items():
        lines.append(f"shape {shape}: {factor:.2f}× for 4× the input")
    return "\n".join(lines)


def judge(
    counts: dict[str, int], recorded: dict[str, object], here: dict[str, str]
) -> tuple[list[str], list[str]]:
    """(problems that fail the gate, notes that do not)."""
    baseline = recorded.get("counts", {})
    assert isinstance(baseline, dict)
    notes = []
    problems = growth_problems(counts)
    same = all(recorded.get(key) == value for key, value in here.items())
    if same:
        problems += regressions(baseline, counts)
    else:
        notes.append(
            f"the baseline was recorded on {recorded.get('python')} / {recorded.get('valgrind')}"
            f", this is {here['python']} / {here['valgrind']}: counts compared but not failed"
        )
        notes += regressions(baseline, counts)
    return problems, notes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="exit 1 on a regression")
    mode.add_argument("--record", action="store_true", help="rewrite the baseline")
    mode.add_argument("--worker", choices=(*GROUPS, "loader"), help=argparse.SUPPRESS)
    parser.add_argument(
        "--only", nargs="+", choices=(*GROUPS, "cli"), help="measure these groups only"
    )
    parser.add_argument(
        "--python",
        help="with --only engine: the interpreter of another checkout's venv, to print its "
        "counts beside the baseline (the previous release, side by side); never recorded",
    )
    parser.add_argument(
        "--loader",
        nargs="?",
        const="newest",
        help="also count the official loader, run by this Python (by default the newest venv "
        "under .cache/osmosis, which the conformance tests make); printed, never recorded",
    )
    parser.add_argument(
        "--cache",
        action="store_true",
        help="count the engine group's cache misses and mispredicted branches too (valgrind's "
        "simulation) and print each as lint over tomllib; printed, never recorded",
    )
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker)
        return 0
    if args.cache:
        if args.record or args.check or args.only or args.loader:
            parser.error("--cache goes alone (with --python at most)")
        print(cache_report(args.python or sys.executable))
        return 0
    if args.python and (args.record or args.check or args.only != ["engine"]):
        parser.error("--python goes with --only engine, without --check or --record")
    groups = args.only or [*GROUPS, "cli"]
    counts = measure(groups, args.python or sys.executable)
    loader = _loader_counts(args.loader)
    recorded = json.loads(BASELINE.read_text()) if BASELINE.is_file() else {}
    here = environment()
    print(report(counts, recorded.get("counts", {}), loader))
    if args.record:
        kept = {k: v for k, v in recorded.get("counts", {}).items() if k not in counts}
        BASELINE.write_text(json.dumps({**here, "counts": {**kept, **counts}}, indent=2) + "\n")
        print(f"recorded {BASELINE.name}")
        return 0
    problems, notes = judge(counts, recorded, here)
    for note in notes:
        print(f"note: {note}")
    for problem in problems:
        print(f"REGRESSION: {problem}")
    return 1 if problems and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
