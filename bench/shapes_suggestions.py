"""Adversarial shapes of the "did you mean" searches (see bench/shapes.py), each a whole check
against a workspace (a benchmark's manifest, stored secret names):

- check-task-misses: `n` unknown task names, a line each, against a manifest of `n` tasks
  (each miss searched the whole manifest: BL406; past 256 candidates the search is
  RapidFuzz's, so keep `n` above that);
- check-secret-misses: `n` `[secrets].required` names against `n` stored names none of
  which holds them (BL212);
- check-long-task-name: one unknown task name of `n` characters against a manifest task of
  `n` that differs in its last one (the similarity was quadratic in the lengths).
"""

from __future__ import annotations

from collections.abc import Callable

from shape_kit import AGENT, HEAD, Work, checking

from benchlint import Settings, Workspace


def _workspace(tasks: list[str], records: int = 0) -> Settings:
    """terminal-bench-2-1 with a complete manifest of `tasks`, and `records` stored names."""
    entry = {
        "key": "terminal-bench-2-1",
        "name": "Terminal-Bench 2.1",
        "source_type": "osmosis_managed",
        "supports_harness": True,
        "requires_harness": True,
        "default_harness": "terminus-2",
        "tasks": [{"name": name, "category": f"c{i % 50}"} for i, name in enumerate(tasks)],
    }
    secrets = ["K", *(f"SECRET_{i:05d}" for i in range(records))]
    return Settings(workspace=Workspace(benchmarks=[entry], secrets=secrets))


def task_misses(n: int) -> Work:
    settings = _workspace([f"terminal-bench/task-{i:05d}" for i in range(n)])
    names = "".join(f'  "terminal-bench/tusk-{i:05d}",\n' for i in range(n))
    return checking(HEAD + f"[tasks]\ntask_names = [\n{names}]\n" + AGENT, settings)


def secret_misses(n: int) -> Work:
    settings = _workspace([], records=n)
    required = "".join(f'  "SECRIT_{i:05d}",\n' for i in range(n))
    return checking(HEAD + f"[secrets]\nrequired = [\n{required}]\n" + AGENT, settings)


def long_task_name(n: int) -> Work:
    half = "ab" * (n // 2)
    settings = _workspace(["terminal-bench/fix-permissions", f"terminal-bench/{half}c"])
    return checking(HEAD + f'[tasks]\ntask_names = ["terminal-bench/{half}d"]\n' + AGENT, settings)


# name -> (the work for a size, the smaller of the two sizes the gate counts)
SUGGESTION_SHAPES: dict[str, tuple[Callable[[int], Work], int]] = {
    "check-task-misses": (task_misses, 300),
    "check-secret-misses": (secret_misses, 300),
    "check-long-task-name": (long_task_name, 5000),
}
