"""The submit service's figures (docs/server.md): speed with and without a large workspace,
and memory over many calls.

    .venv/bin/python bench/service.py [--quick]

1. configs per second on one core, the typical config (bench/configs.py VALID), with no
   workspace and with one holding 500 benchmarks (manifests of 10,000 tasks each) and 1,000
   secret records; the same for a config that selects 3 tasks of a workspace benchmark (its
   manifest checked by BL406). Target: the workspace costs at most 10% per call.
2. memory (resident set) after 1,000 calls and after 100,000 calls of varied configs (each
   call a new secret name, model and task name, every tenth a new typo, so every memo
   fills): target, no growth
   after warm-up. Then every memo the engine keeps, with its bound and its size.
Prints figures only; no assertions.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from configs import VALID
from engine_bench import side_by_side

from benchlint import Settings, Workspace, lint_text
from benchlint.domain.catalog import query

BENCHMARKS = 500
TASKS = 10_000
RECORDS = 1_000
PATH = "configs/benchmark/run.toml"
SELECTING = VALID.replace('benchmark = "terminal-bench-2-1"', 'benchmark = "bench-250"').replace(
    "[[agents]]", '[tasks]\ntask_names = ["task-17", "task-9000", "task-4242"]\n\n[[agents]]', 1
)


def big_workspace() -> Workspace:
    """500 benchmarks of 10,000 tasks (names shared, as a real server's strings are not, to
    keep the bench's own memory modest) and 1,000 secret records in both scopes."""
    names = [f"task-{n}" for n in range(TASKS)]
    tasks = [{"name": name, "category": f"cat-{n % 40}"} for n, name in enumerate(names)]

    def benchmarks() -> Iterator[dict[str, Any]]:
        for number in range(BENCHMARKS):
            yield {
                "schema_version": 1,
                "data": {
                    "benchmark": {
                        "key": f"bench-{number}",
                        "name": f"Bench {number}",
                        "source_type": "harbor_registry",
                        "sync_status": "ready",
                        "task_count": TASKS,
                        "tasks": tasks,
                    }
                },
            }

    records = [
        {"name": f"SECRET_{n}", "scope": ("workspace", "personal")[n % 2]} for n in range(RECORDS)
    ]
    records += [{"name": "OPENAI_API_KEY", "scope": "workspace"}]
    records += [{"name": "TEAM_ENDPOINT_KEY", "scope": "workspace"}]
    records += [{"name": "GITHUB_TOKEN", "scope": "personal"}]
    return Workspace(benchmarks=benchmarks(), secrets={"items": records})


def speed(quick: bool) -> None:
    started = time.perf_counter()
    workspace = big_workspace()
    built = time.perf_counter() - started
    plain = Settings()
    with_workspace = Settings(workspace=workspace)
    lint_text(VALID, path=PATH, settings=with_workspace)  # the catalog index is built on first use
    print(f"workspace built in {built:.2f} s ({workspace!r})")
    rounds, number = (5, 200) if quick else (15, 600)
    for label, text in (
        ("typical config", VALID),
        ("3 tasks of a 10,000-task manifest", SELECTING),
    ):
        ours, base = side_by_side(
            lambda t=text: lint_text(t, path=PATH, settings=with_workspace),
            lambda t=text: lint_text(t, path=PATH, settings=plain),
            rounds,
            number,
        )
        print(
            f"1. {label:<36} {1 / base:>7.0f} configs/s/core without, {1 / ours:>7.0f} with "
            f"the workspace: {100 * (ours / base - 1):+5.1f}% per call (target ≤ +10%)"
        )


def resident_megabytes() -> float:
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def varied(count: int) -> Iterator[str]:
    for n in range(count):
        yield (
            SELECTING.replace("OPENAI_API_KEY", f"KEY_{n}")
            .replace("gpt-5.2", f"gpt-{n}")
            # a task that exists, and every tenth call a new typo ("did you mean" memo)
            .replace("task-17", f"task-{n % TASKS}" if n % 10 else f"task-{n}x")
        )


def memory(quick: bool) -> None:
    settings = Settings(workspace=big_workspace())
    total = 20_000 if quick else 100_000

    def calls(count: int) -> None:
        for text in varied(count):
            lint_text(text, path=PATH, settings=settings)

    calls(1_000)
    gc.collect()
    after_warm_up = resident_megabytes()
    started = time.perf_counter()
    calls(total - 1_000)
    elapsed = time.perf_counter() - started
    gc.collect()
    after_all = resident_megabytes()
    print(
        f"2. resident memory after 1,000 calls {after_warm_up:.1f} MB, after {total:,} calls "
        f"{after_all:.1f} MB ({after_all - after_warm_up:+.1f} MB; target: no growth); "
        f"{(total - 1_000) / elapsed:.0f} varied calls/s"
    )
    for name, size, bound in memos():
        print(f"   memo {name:<58} {size:>5} of at most {bound}")


def memos() -> list[tuple[str, int, int | str]]:
    """Every memo in the engine's modules: lru_caches (their bound), unbounded caches (the
    few that hold one value per process) and the manifest memo."""
    found: list[tuple[str, int, int | str]] = []
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("benchlint"):
            continue
        for attribute, value in sorted(vars(module).items()):
            info: Callable[[], Any] | None = getattr(value, "cache_info", None)
            if info is None or getattr(value, "__module__", None) != module_name:
                continue
            stats = info()
            bound = stats.maxsize if stats.maxsize is not None else "1 per process (no argument)"
            found.append((f"{module_name}.{attribute}", stats.currsize, bound))
    found.append(
        ("benchlint.domain.catalog.query._MANIFESTS", len(query._MANIFESTS), query.MAX_MANIFESTS)
    )
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer rounds and calls")
    args = parser.parse_args()
    speed(args.quick)
    memory(args.quick)


if __name__ == "__main__":
    main()
