"""Many configs from many threads and processes, each with its own workspace: the same
results as one serial run (the engine keeps no state that one call can leak into another)."""

from __future__ import annotations

import json
import multiprocessing
import random
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

from tests.strategies import SEEDS

from benchlint import Settings, Workspace, lint_text

THREADS = 8
CONFIGS = 2000
CORPUS = Path(__file__).parent / "ci" / "fixtures" / "configs" / "benchmark"
SECRET_NAMES = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "HF_TOKEN", "CURSOR_API_KEY", "JUDGE_KEY"]
TOKEN = "sk-proj-" + "Ab3dE" * 9 + "xyz"


def _configs() -> list[str]:
    """2,000 configs: every rule's examples and the CI corpus, each also with a reference
    changed, a pasted credential, a task list and a benchmark swapped."""
    corpus = (p.read_bytes().decode("utf-8", "surrogateescape") for p in CORPUS.glob("*.toml"))
    seeds = [*SEEDS, *sorted(corpus)]
    rng = random.Random(20261202)
    variants: list[str] = []
    while len(variants) < CONFIGS:
        text = rng.choice(seeds)
        match rng.randrange(5):
            case 0:
                text = text.replace("OPENAI_API_KEY", rng.choice([*SECRET_NAMES, "OPENAI_APIKEY"]))
            case 1:
                text = text.replace('"OPENAI_API_KEY"', json.dumps(TOKEN))
            case 2:
                text += '\n[tasks]\ntask_names = ["task-1", "task-7", "tsak-3"]\n'
            case 3:
                text = text.replace("terminal-bench-2-1", rng.choice(["hle", "bench-3", "gdpval"]))
        variants.append(text)
    return variants


def _benchmark(key: str, tasks: int) -> dict[str, Any]:
    return {
        "key": key,
        "name": key.title(),
        "source_type": "harbor_registry",
        "sync_status": "ready",
        "tasks": [{"name": f"task-{n}", "category": f"c{n % 3}"} for n in range(tasks)],
    }


@cache
def workspace(number: int) -> Workspace:
    """Workspace `number`: its own secret records and benchmarks (manifests of its size)."""
    names = SECRET_NAMES[: 1 + number % len(SECRET_NAMES)]
    secrets = [
        {"name": name, "scope": ("workspace", "user")[n % 2]} for n, name in enumerate(names)
    ]
    benchmarks = [_benchmark(f"bench-{b}", 5 + number) for b in range(1 + number)]
    benchmarks.append(_benchmark("terminal-bench-2-1", 3 + number))
    return Workspace(benchmarks=benchmarks, secrets=secrets)


@cache
def settings(number: int) -> Settings:
    return Settings(workspace=workspace(number))


def results(number: int, texts: list[str]) -> list[list[dict[str, Any]]]:
    """What workspace `number` gives for each text (as the bytes a request carries)."""
    chosen = settings(number)
    return [
        [
            d.to_dict()
            for d in lint_text(_bytes(t), path="configs/benchmark/x.toml", settings=chosen)
        ]
        for t in texts
    ]


def _bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")  # a corpus file that is not UTF-8 stays so


def _share(texts: list[str], number: int) -> list[str]:
    return texts[number::THREADS]


def test_threads_and_processes_give_the_serial_results() -> None:
    texts = _configs()
    serial = {n: results(n, _share(texts, n)) for n in range(THREADS)}
    assert sum(map(len, serial.values())) == CONFIGS
    assert len({json.dumps(r) for rs in serial.values() for r in rs}) > 300  # varied results
    fired = {d["code"] for rs in serial.values() for r in rs for d in r}
    assert fired >= {"BL001", "BL002", "BL202", "BL207", "BL212", "BL401", "BL406"}
    # The workspaces answer differently: a call that used another's would show.
    assert results(0, texts[:200]) != results(THREADS - 1, texts[:200])

    start = threading.Barrier(THREADS)

    def threaded(number: int) -> list[list[dict[str, Any]]]:
        start.wait()  # all threads at once
        return results(number, _share(texts, number))

    with ThreadPoolExecutor(THREADS) as pool:
        assert dict(zip(range(THREADS), pool.map(threaded, range(THREADS)), strict=True)) == serial

    # Spawned, as on macOS and Windows: forking a process that runs threads (pytest-xdist's,
    # the pool's above) may deadlock, and Python 3.13 warns about it.
    with ProcessPoolExecutor(4, mp_context=multiprocessing.get_context("spawn")) as pool:
        shares = [_share(texts, n) for n in range(THREADS)]
        assert dict(enumerate(pool.map(results, range(THREADS), shares))) == serial
