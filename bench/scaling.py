"""Cost per doubling of adversarial shapes, on the command line and in the language server.

    .venv/bin/python bench/scaling.py [--start 1000] [--stop 64000] [--shapes a,b]
    .venv/bin/python bench/scaling.py --in-process [--shapes a,b]

Each shape (parts per key, diagnostics on one line, multi-line secrets, tables, agents, env
keys, task names, syntax errors) is doubled from --start to --stop units, up to the 1 MiB size
limit (past it a file is one BL003). For each size it prints the time and peak memory of
`benchlint check` (text output, which prints a frame per diagnostic) and of the language
server from `didOpen` to its diagnostics plus an outline (its memory is the process's high-water
mark over the whole run), and the growth factor per doubling.
Besides those, a run of token prefixes (`eyJeyJ…`) in a comment and in a value, and a comment
of escaped quotes (`"a\\"a\\"…`). `--in-process` times instead every shape of bench/shapes.py
(the ones the instruction gate counts, editor code actions and settings globs included) at 1,
2, 4 and 8 times its size, in this process.
Target: at most 2.3x per doubling everywhere. Figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import itertools
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from leaks.rawlsp import RawClient

LIMIT = 1 << 20
HEAD = '[experiment]\nbenchmark = "terminal-bench-2-1"\n'
AGENT = (
    '[[agents]]\nharness = "terminus-2"\n'
    '[agents.model]\ntype = "provider"\nmodel = "m"\napi_key_secret = "K"\n'
)
REPEATS = 3  # the fastest of these (a shared machine's noise only ever adds time)


def parts_per_key(n: int) -> str:
    # keys of up to 100 parts (the most benchlint reads), as many as make n parts in all
    lines = [".".join(f"k{i}" for i in range(100)) + f" = {j}" for j in range(max(1, n // 100))]
    return HEAD + AGENT + "[env]\n" + "\n".join(f"[t{j}]\n{line}" for j, line in enumerate(lines))


def diagnostics_per_line(n: int) -> str:
    names = ", ".join('"terminal-bench/x"' for _ in range(n))  # each repeat is a BL503
    return HEAD + f"[tasks]\ntask_names = [{names}]\n" + AGENT


def multiline_secrets(n: int) -> str:
    body = "".join(f'K{i} = """\nsk-proj-{i:06d}abcdefghijklmnopqrstuvwx\n"""\n' for i in range(n))
    return HEAD + AGENT + "[env]\n" + body


def tables(n: int) -> str:
    return HEAD + AGENT + "".join(f"[extra{i}]\nx = 1\n" for i in range(n))


def agents(n: int) -> str:
    return HEAD + AGENT * n


def env_keys(n: int) -> str:
    return HEAD + AGENT + "[env]\n" + "".join(f'VAR_{i} = "v"\n' for i in range(n))


def task_names(n: int) -> str:
    names = "".join(f'  "terminal-bench/task-{i}",\n' for i in range(n))
    return HEAD + f"[tasks]\ntask_names = [\n{names}]\n" + AGENT


def syntax_errors(n: int) -> str:
    return HEAD + AGENT + "[env]\n" + "".join(f"broken {i} =\n" for i in range(n))


def token_prefix_comment(n: int) -> str:
    return HEAD + 'descripton = "x"  # token: ' + "eyJ" * n + "\n" + AGENT


def token_prefix_value(n: int) -> str:
    return HEAD + AGENT + '[env]\nK = "' + "eyJ" * n + '"\n'


def escaped_quotes_comment(n: int) -> str:
    return HEAD + 'descripton = "x"  # "' + 'a\\"' * n + "\n" + AGENT


SHAPES: dict[str, Callable[[int], str]] = {
    "parts-per-key": parts_per_key,
    "diagnostics-per-line": diagnostics_per_line,
    "multiline-secrets": multiline_secrets,
    "tables": tables,
    "agents": agents,
    "env-keys": env_keys,
    "task-names": task_names,
    "syntax-errors": syntax_errors,
    "token-prefix-comment": token_prefix_comment,
    "token-prefix-value": token_prefix_value,
    "escaped-quotes-comment": escaped_quotes_comment,
}


def cli(path: Path) -> tuple[float, int]:
    """Seconds and peak memory (KiB) of one `benchlint check` in a fresh process (the
    fastest of REPEATS; the peak is the process's own high-water mark)."""
    code = (
        "import sys, benchlint.cli.main as m; m.main(sys.argv[1:]);"
        "peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM:')][0];"
        "sys.stderr.write('\\nPEAK ' + peak.split()[1])"
    )
    best, peak = float("inf"), 0
    for _ in range(REPEATS):
        start = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "-c", code, "check", str(path), "--no-color"],
            capture_output=True,
            text=True,
            check=False,
        )
        best = min(best, time.perf_counter() - start)
        peak = int(result.stderr.rsplit("PEAK ", 1)[-1])
    return best, peak


def lsp(client: RawClient, path: Path, text: str) -> tuple[float, int]:
    best = float("inf")
    for attempt in range(REPEATS):
        uri = path.with_name(f"{path.stem}-{attempt}.toml").as_uri()
        start = time.perf_counter()
        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "toml", "version": 1, "text": text}},
        )
        client.wait_for("textDocument/publishDiagnostics", uri, timeout=600)
        client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}}, timeout=600)
        best = min(best, time.perf_counter() - start)
        client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        with client.lock:
            client.messages.clear()
    with open(f"/proc/{client.process.pid}/status", encoding="utf-8") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    return best, peak


def growth(values: list[float]) -> str:
    factors = [b / a for a, b in itertools.pairwise(values) if a > 0]
    worst = f"  (max {max(factors):.2f}x)" if factors else ""
    return ", ".join(f"{f:.2f}x" for f in factors) + worst


def in_process(names: list[str]) -> None:
    """Every shape of bench/shapes.py at 1, 2, 4 and 8 times its size, the fastest of
    REPEATS runs each."""
    from shapes import SHAPES as IN_PROCESS

    for name in names or list(IN_PROCESS):
        make, size = IN_PROCESS[name]
        seconds = []
        for factor in (1, 2, 4, 8):
            work = make(size * factor)
            work()
            best = float("inf")
            for _ in range(REPEATS):
                start = time.perf_counter()
                work()
                best = min(best, time.perf_counter() - start)
            seconds.append(best)
        figures = "  ".join(f"{s * 1e3:8.2f} ms" for s in seconds)
        print(f"{name:34} {figures}   per doubling: {growth(seconds)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--start", type=int, default=1000)
    parser.add_argument("--stop", type=int, default=64000)
    parser.add_argument("--shapes", default="")
    parser.add_argument("--in-process", action="store_true")
    args = parser.parse_args()
    if args.in_process:
        in_process([name for name in args.shapes.split(",") if name])
        return
    args.shapes = args.shapes or ",".join(SHAPES)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "configs" / "benchmark").mkdir(parents=True)
        client = RawClient(str(root))
        client.request(
            "initialize", {"processId": None, "rootUri": root.as_uri(), "capabilities": {}}
        )
        client.notify("initialized", {})
        for name in args.shapes.split(","):
            make = SHAPES[name]
            rows = []
            size = args.start
            while size <= args.stop:
                text = make(size)
                if len(text.encode()) > LIMIT:
                    print(f"{name}: {size:,} units are over the 1 MiB limit; stopped")
                    break
                path = root / "configs" / "benchmark" / f"{name}-{size}.toml"
                path.write_text(text, "utf-8")
                rows.append((size, len(text), *cli(path), *lsp(client, path, text)))
                size *= 2
            for size, chars, cli_s, cli_kib, lsp_s, lsp_kib in rows:
                print(
                    f"{name:22} {size:>7,} units {chars:>9,} chars   cli {cli_s:6.2f} s "
                    f"{cli_kib / 1024:7.1f} MiB   lsp {lsp_s:6.2f} s {lsp_kib / 1024:7.1f} MiB"
                )
            if len(rows) > 1:
                print(f"  per doubling: cli time {growth([r[2] for r in rows])}")
                print(f"                cli memory {growth([r[3] for r in rows])}")
                print(f"                lsp time {growth([r[4] for r in rows])}")
            sys.stdout.flush()
        client.close()


if __name__ == "__main__":
    main()
