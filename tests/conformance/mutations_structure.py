"""Structural mutations: what the loader's pydantic models check (keys, types, values, counts).

Each mutation changes a config (data, in place) and returns a short description of the change.
Some deliberately stay legal (an `[execution]` value of any type, a blank benchmark name) so
the no-unexplained-rejects side is exercised too.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from . import valid
from .render import Deep

UNKNOWN_KEYS = {
    "root": ("experiments", "Experiment", "task", "agent", "environment", "secret", "advanced"),
    "experiment": ("name", "benchmark_key", "dataset", "Benchmark", "version"),
    "tasks": ("taskset", "task_name", "category", "limit", "task_ids", "Task_set"),
    "agent": ("harnes", "Harness", "api_key_secret", "name", "environment", "model_name"),
    "provider": ("base_url", "extra_headers", "api_key", "checkpoint_name", "lora_model_name"),
    "endpoint": ("api_key", "headers", "url", "base_model", "Model", "temperature"),
    "hosted": ("checkpoint_name", "api_key_secret", "model", "Type", "extra_headers"),
    "execution": ("attempts", "timeout", "judge_secret", "concurrency", "judge_api_key", "seed"),
    "verifier": ("names", "optional", "require", "Required"),
    "secrets": ("names", "optional", "require", "Required"),
}
SAMPLES: dict[str, Any] = {
    "string": "text",
    "integer": 7,
    "float": 2.5,
    "boolean": True,
    "datetime": dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC),
    "local-date": dt.date(2026, 11, 1),
    "local-time": dt.time(7, 30),
    "array": ["a", "b"],
    "empty-array": [],
    "int-array": [1, 2],
    "mixed-array": ["a", 1],
    "table": {"a": "b"},
    "empty-table": {},
    "table-array": [{"a": "b"}],
}
# Values of every TOML type: the loader takes any of them in the untyped [execution] keys.
ANY_VALUES: tuple[Any, ...] = (
    *SAMPLES.values(),
    "3",
    -1,
    0,
    0.0,
    -2.5,
    float("nan"),
    float("inf"),
    float("-inf"),
    10**18,
    "",
    " ",
    False,
    dt.datetime(2026, 11, 1, 12, 0),
)
UNTYPED_EXECUTION = (
    "attempts_per_task",
    "max_concurrent_attempts",
    "timeout_multiplier",
    "max_retries",
    "pass_threshold",
    "judge_model",
)
BAD_MODEL_TYPES = (
    "Provider",
    "PROVIDER",
    "openai",
    "endpoints",
    "",
    " provider",
    "hosted\n",
    "lora",
)
BAD_TASK_SETS = ("Parity", "PARITY", "full", "all", "parity ", "", "sample", " parity", "parity\n")
# Whitespace by Python's and by the loader's (Rust regex `\S`) standards, which differ.
BLANKISH = (
    "",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\u3000",
    "\u00a0",
    "\u0085",
    "\u2028",
    "\u2007",
    "\x1f",
    "\x1c",
    "\u200b",
    "\ufeff",
    "\u180e",
    " x ",
)
BLANKABLE = ("benchmark", "harness", "model", "base_url", "base_model", "lora_model_name")


def unknown_key(config: dict[str, Any], rng: random.Random) -> str:
    where = rng.choice(sorted(UNKNOWN_KEYS))
    key = rng.choice(UNKNOWN_KEYS[where])
    value = rng.choice(("x", 1, True, {"a": "b"}, ["x"]))
    if where == "root":
        table = config
    elif where in ("agent", "provider", "endpoint", "hosted"):
        agent = rng.choice(config["agents"])
        if where == "agent":
            table = agent
        else:
            agent["model"] = valid.model(rng, where)
            table = agent["model"]
    else:
        table = config.setdefault(where, {})
    table[key] = value
    return f"{where}.{key}"


def missing_key(config: dict[str, Any], rng: random.Random) -> str:
    agent = rng.choice(config["agents"])
    choice = rng.choice(("experiment", "benchmark", "agents", "model", "type", "model-field"))
    if choice == "experiment":
        del config["experiment"]
    elif choice == "benchmark":
        config["experiment"].pop("benchmark")
    elif choice == "agents":
        del config["agents"]
    elif choice == "model":
        del agent["model"]
    elif choice == "type":
        del agent["model"]["type"]
    else:
        fields = [k for k in agent["model"] if k not in ("type", "extra_headers")]
        choice = rng.choice(fields)
        del agent["model"][choice]
    return choice


def wrong_type(config: dict[str, Any], rng: random.Random) -> str:
    """Replace an existing value, or fill an optional slot, with a value of another type."""
    slots = list(_paths(config)) + _optional_slots(config)
    path = rng.choice(slots)
    try:
        current = _get(config, path)
    except KeyError:  # an optional slot not yet filled
        current = None
    kinds = [k for k, v in SAMPLES.items() if _kind(v) != _kind(current)]
    kind = rng.choice(kinds)
    _set(config, path, _fresh(SAMPLES[kind]))
    return f"{'.'.join(map(str, path))} = {kind}"


def bad_model_type(config: dict[str, Any], rng: random.Random) -> str:
    model = rng.choice(config["agents"])["model"]
    if rng.random() < 0.3:  # a real type with the other type's keys
        model["type"] = rng.choice(
            [t for t in ("provider", "endpoint", "hosted") if t != model["type"]]
        )
    else:
        model["type"] = rng.choice(BAD_MODEL_TYPES)
    return repr(model["type"])


def bad_task_set(config: dict[str, Any], rng: random.Random) -> str:
    config.setdefault("tasks", {})["task_set"] = value = rng.choice(BAD_TASK_SETS)
    return repr(value)


def blank_task_selector(config: dict[str, Any], rng: random.Random) -> str:
    key = rng.choice(("task_names", "categories"))
    selectors = config.setdefault("tasks", {}).setdefault(key, [])
    value = rng.choice(BLANKISH)
    selectors.insert(rng.randint(0, len(selectors)), value)
    return f"{key} += {value!r}"


def item_count(config: dict[str, Any], rng: random.Random) -> str:
    target = rng.choice(("agents", "secrets", "verifier"))
    if target == "agents":
        count = rng.choice((0, 8, 9, 10, 13))
        config["agents"] = [valid.agent(rng) for _ in range(count)]
    else:
        count = rng.choice((16, 17, 20))
        config[target] = {"required": [f"{target.upper()}_{n}" for n in range(count)]}
    return f"{count} {target}"


def execution_any(config: dict[str, Any], rng: random.Random) -> str:
    """Any TOML value in the keys the loader leaves untyped (legal for the loader)."""
    key = rng.choice(UNTYPED_EXECUTION)
    value = _fresh(rng.choice(ANY_VALUES))
    config.setdefault("execution", {})[key] = value
    return f"{key} = {value!r}"


def blank_value(config: dict[str, Any], rng: random.Random) -> str:
    """A blank name the loader takes as it is (benchlint may refuse it beyond the loader)."""
    field = rng.choice(BLANKABLE)
    value = rng.choice(("", " ", "\t", "\u3000"))
    if field == "benchmark":
        config["experiment"]["benchmark"] = value
    elif field == "harness":
        rng.choice(config["agents"])["harness"] = value
    else:
        kind = {"model": "provider", "base_url": "endpoint"}.get(field, "hosted")
        agent = rng.choice(config["agents"])
        agent["model"] = valid.model(rng, kind)
        agent["model"][field] = value
    return f"{field} = {value!r}"


def deep_nesting(config: dict[str, Any], rng: random.Random) -> str:
    """A deeply nested value where the loader takes anything; depths stay clear of the
    parser's recursion limit (≈ 330 inline tables, ≈ 500 arrays) so the verdict is stable."""
    key = rng.choice(UNTYPED_EXECUTION)
    value = Deep(rng.choice(("array", "table")), rng.choice((1, 50, 200, 2000)))
    config.setdefault("execution", {})[key] = value
    return f"{key} nested {value.depth} deep ({value.shape}s)"


MUTATIONS = {
    "unknown-key": (unknown_key, 8),
    "missing-key": (missing_key, 5),
    "wrong-type": (wrong_type, 14),
    "bad-model-type": (bad_model_type, 3),
    "bad-task-set": (bad_task_set, 3),
    "blank-task-selector": (blank_task_selector, 4),
    "item-count": (item_count, 4),
    "execution-any": (execution_any, 6),
    "blank-value": (blank_value, 3),
    "deep-nesting": (deep_nesting, 2),
}


# -- walking the data ------------------------------------------------------------------------
Path = tuple[str | int, ...]


def _paths(node: Any, prefix: Path = ()) -> list[Path]:
    found: list[Path] = []
    items = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else ()
    )
    for key, value in items:
        found.append((*prefix, key))
        found.extend(_paths(value, (*prefix, key)))
    return found


def _optional_slots(config: dict[str, Any]) -> list[Path]:
    slots: list[Path] = [("tasks",), ("execution",), ("verifier",), ("secrets",), ("env",)]
    slots += [("tasks", k) for k in ("task_set", "task_names", "categories")]
    slots += [("execution", k) for k in (*UNTYPED_EXECUTION, "judge_api_key_secret")]
    slots += [("verifier", "required"), ("secrets", "required")]
    for index, agent in enumerate(config["agents"]):
        slots += [("agents", index, k) for k in ("harness", "harness_api_key_secret", "env")]
        if agent["model"].get("type") == "endpoint":
            slots.append(("agents", index, "model", "extra_headers"))
    return [slot for slot in slots if _parent_is_table(config, slot)]


def _parent_is_table(config: dict[str, Any], path: Path) -> bool:
    try:
        return isinstance(_get(config, path[:-1]), dict)
    except (KeyError, IndexError, TypeError):
        return len(path) == 2 and path[0] not in config  # the table will be created


def _get(node: Any, path: Path) -> Any:
    for part in path:
        node = node[part]
    return node


def _set(config: dict[str, Any], path: Path, value: Any) -> None:
    parent: Any = config
    for part in path[:-1]:
        parent = parent.setdefault(part, {}) if isinstance(parent, dict) else parent[part]
    parent[path[-1]] = value


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return "table-array" if value and all(isinstance(v, dict) for v in value) else "array"
    return type(value).__name__


def _fresh(value: Any) -> Any:
    """A copy, so no two places in one config share a mutable value."""
    if isinstance(value, dict):
        return {k: _fresh(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_fresh(v) for v in value]
    return value
