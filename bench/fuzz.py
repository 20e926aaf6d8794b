"""Long fuzz run: random and mutated configs through the engine (never a crash, every range
inside the text); with --leaks, the credential leak generator of tests/leaks instead.

    .venv/bin/python bench/fuzz.py [--inputs 100000] [--seed 1]
    .venv/bin/python bench/fuzz.py --leaks 20 [--seed 1]

Prints how many inputs it tried, how many failed (an exception, a range outside the text,
or start > end) and the slowest input's time. Exit status 1 when any failed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback

import benchlint
from benchlint.core.text import LineIndex
from benchlint.lint.registry import RULES

SEEDS = sorted({rule.bad for rule in RULES} | {rule.good for rule in RULES})
NOISE = "[]{}=\"'.,#\n\r\t \\abcHF_0123456789-+:é😀\x00\ufeff"


def mutate(rng: random.Random, text: str) -> str | bytes:
    for _ in range(rng.randint(1, 6)):
        at = rng.randint(0, len(text))
        kind = rng.randrange(9)
        if kind == 0:
            text = text[:at] + text[at + rng.randint(1, 30) :]
        elif kind == 1:
            text = (
                text[:at] + "".join(rng.choice(NOISE) for _ in range(rng.randint(1, 8))) + text[at:]
            )
        elif kind == 2:
            text = text[:at]
        elif kind == 3:
            lines = text.split("\n")
            lines.insert(rng.randrange(len(lines) + 1), rng.choice(lines))
            text = "\n".join(lines)
        elif kind == 4:
            lines = text.split("\n")
            rng.shuffle(lines)
            text = "\n".join(lines)
        elif kind == 5:
            text = text.replace("\n", "\r\n")
        elif kind == 6:
            other = rng.choice(SEEDS)
            cut = rng.randint(0, len(other))
            text = text[:at] + other[cut:]
        elif kind == 7:
            text = text[:at] + "[" * rng.randint(1, 400) + text[at:]
        else:
            data = bytearray(text.encode("utf-8", "surrogatepass"))
            if data:
                data[rng.randrange(len(data))] = rng.randrange(256)
            return bytes(data)
    return text


def check(source: str | bytes) -> str | None:
    try:
        found = benchlint.lint_text(source, path="configs/benchmark/fuzz.toml")
    except Exception:  # the property under test: nothing escapes
        return traceback.format_exc(limit=3)
    text = source if isinstance(source, str) else source.decode("utf-8", "replace")
    lines = LineIndex(text)
    for diagnostic in found:
        for rng in (diagnostic.range, *(r.range for r in diagnostic.related)):
            if rng.start > rng.end or not 1 <= rng.end.line <= lines.line_count:
                return f"{diagnostic.code}: range {rng} outside the text"
    return None


def leak_run(rounds: int, seed: int) -> int:
    """The leak generator of tests/leaks with fresh tokens each round, through every format
    of the command line (in process): prints how many cases it tried and how many leaked."""
    import contextlib
    import io
    import os
    import tempfile
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from benchlint.cli.main import main as cli
    from leaks.generator import cases
    from leaks.tokens import leaks, make_tokens

    runs = (["--format", f] for f in ("text", "json", "sarif", "github", "concise"))
    formats = [
        *runs,
        ["--diff", "--unsafe-fixes"],
        ["--format", "json", "--unsafe-fixes", "--diff"],
    ]
    tried = leaked = 0
    home = os.getcwd()
    for round_ in range(rounds):
        for case in cases(make_tokens(f"{seed}:{round_}")):
            with tempfile.TemporaryDirectory() as folder:
                for relative, text in case.files.items():
                    path = Path(folder) / relative
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_text(text, "utf-8")
                os.chdir(folder)
                try:
                    for args in formats:
                        out, err = io.StringIO(), io.StringIO()
                        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                            cli(["check", case.config, "--no-color", *args])
                        tried += 1
                        if leaks(out.getvalue() + err.getvalue(), case.token):
                            leaked += 1
                            print(f"LEAK {case.name} {' '.join(args)}", file=sys.stderr)
                finally:
                    os.chdir(home)
    print(f"tried {tried} case outputs, {leaked} leaked")
    return 1 if leaked else 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--inputs", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--leaks", type=int, metavar="ROUNDS", help="run the leak generator ROUNDS times instead"
    )
    args = parser.parse_args()
    if args.leaks:
        return leak_run(args.leaks, args.seed)
    rng = random.Random(args.seed)
    failed, slowest = 0, 0.0
    for count in range(1, args.inputs + 1):
        source = mutate(rng, rng.choice(SEEDS))
        start = time.perf_counter()
        problem = check(source)
        slowest = max(slowest, time.perf_counter() - start)
        if problem:
            failed += 1
            if failed <= 5:
                print(f"input {count} failed: {problem}\n{source!r:.300}", file=sys.stderr)
        if count % 5000 == 0:
            print(f"... {count} inputs, {failed} failed", file=sys.stderr)
    print(f"tried {args.inputs} inputs, {failed} failed, slowest {slowest * 1e3:.1f} ms")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
