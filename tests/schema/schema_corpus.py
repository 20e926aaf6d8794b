"""A seeded corpus of benchmark configs for the schema agreement test, and a TOML writer.

`generated_corpus()` gives valid configs built from realistic parts, then structural
mutations of them (unknown and missing keys, wrong TOML types, bad names, counts and
numbers); `to_toml()` writes any of them as TOML text that `tomllib` reads back unchanged.
"""

from __future__ import annotations

import copy
import datetime
import json
import math
import random
import re
from typing import Any

Data = dict[str, Any]

SEED = 20260611
VALID_CONFIGS = 150
MUTANTS = 750

BENCHMARKS = ["terminal-bench-2-1", "hle", "HLE", "gdpval", "browsecomp", "acme/custom@1.0"]
HARNESSES = ["codex", "claude-code", "terminus-2", "openhands", "gemini-cli", "cursor-cli"]
SECRETS = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "K", "KEY_2", "MY_ENDPOINT_KEY", "CURSOR_API_KEY"]
ENV_NAMES = ["LOG_LEVEL", "TZ", "_", "_X", "_OSMOSIS", "OSMOSIS_X", "A1", "MAX_TURNS"]
OTHER_VALUES: list[object] = [
    0,
    1,
    -3,
    2.5,
    True,
    "x",
    "",
    " ",
    [],
    ["x"],
    [1],
    {},
    {"A": "b"},
    datetime.date(2026, 1, 1),
    datetime.datetime(2026, 1, 1, 12, 0),
    datetime.time(12, 0),
]
BAD_STRINGS = [
    "",
    " ",
    "\t",
    "\u00a0",
    "Parity",
    "providr",
    "lower_case",
    "9LIVES",
    "WITH-DASH",
    "WITH SPACE",
    "A" * 256,
    "A" * 255,
    "sk-proj-EXAMPLEexampleEXAMPLEexample0123",
    "AKIAIOSFODNN7EXAMPLE",
    "_LEADING",
    "ÄPFEL",
    "OK_NAME",
]
BAD_ENV_NAMES = ["lower", "WITH-DASH", "9X", "", " A", "A.B", "ÄB", "OK"]
BAD_ENV_NAMES += ["_OSMOSIS_X", "_OSMOSIS_", "_OSMOSIS__A", "_OSMOSIS", "_OSMOSIS_x"]
UNKNOWN_KEYS = ["typo", "checkpoint_name", "attempt_per_task", "task_name", "api_key", "harness"]
EXECUTION_KEYS = ["attempts_per_task", "max_concurrent_attempts", "max_retries"]
EXECUTION_KEYS += ["timeout_multiplier", "pass_threshold", "judge_model"]
NUMBERS: list[object] = [0, -1, 1, 2, 0.0, 0.5, 1.5, -0.1, 80, 1e300, True, "2", 2.0, math.inf]


def secret(rng: random.Random) -> str:
    if rng.random() < 0.7:
        return rng.choice(SECRETS)
    tail = "".join(rng.choice("ABCXYZ019_") for _ in range(rng.randint(0, 12)))
    return rng.choice("ABZ") + tail


def env_table(rng: random.Random) -> dict[str, str]:
    return {rng.choice(ENV_NAMES): rng.choice(["debug", "", "40", "UTC"]) for _ in range(3)}


def model(rng: random.Random) -> Data:
    kind = rng.choice(["provider", "endpoint", "hosted"])
    if kind == "hosted":
        return {"type": kind, "base_model": "Qwen/Qwen3-8B", "lora_model_name": "lora-v3"}
    table: Data = {"type": kind, "model": "openai/gpt-5.2", "api_key_secret": secret(rng)}
    if kind == "endpoint":
        table["base_url"] = "https://models.example.com/v1"
        if rng.random() < 0.5:
            table["extra_headers"] = {"X-Team": "evals"}
    return table


def agent(rng: random.Random) -> Data:
    table: Data = {}
    if rng.random() < 0.8:
        table["harness"] = rng.choice(HARNESSES)
    if table.get("harness") == "cursor-cli":
        table["harness_api_key_secret"] = "CURSOR_API_KEY"
    table["model"] = model(rng)
    if rng.random() < 0.3:
        table["env"] = env_table(rng)
    return table


def valid_config(rng: random.Random) -> Data:
    config: Data = {"experiment": {"benchmark": rng.choice(BENCHMARKS)}}
    if rng.random() < 0.5:
        tasks: Data = {}
        if rng.random() < 0.5:
            tasks["task_set"] = "parity"
        if rng.random() < 0.5:
            tasks["task_names"] = ["t/one", "t/two"][: rng.randint(0, 2)]
        if rng.random() < 0.3:
            tasks["categories"] = ["math"]
        config["tasks"] = tasks
    config["agents"] = [agent(rng) for _ in range(rng.randint(1, 8))]
    if rng.random() < 0.5:
        config["execution"] = {
            "attempts_per_task": rng.randint(1, 5),
            "max_concurrent_attempts": rng.randint(1, 8),
            "timeout_multiplier": rng.choice([0.5, 1, 1.0, 3]),
            "max_retries": rng.randint(0, 3),
            "pass_threshold": rng.choice([0, 0.5, 1, 1.0]),
            "judge_model": "openai/gpt-5-mini",
            "judge_api_key_secret": secret(rng),
        }
    for table in ("verifier", "secrets"):
        if rng.random() < 0.3:
            config[table] = {"required": [secret(rng) for _ in range(rng.randint(0, 16))]}
    if rng.random() < 0.4:
        config["env"] = env_table(rng)
    return config


def tables(config: Data) -> list[Data]:
    """Every table of the config (including free-form ones), the root first."""
    found = [config]
    for value in config.values():
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, dict):
                found.extend(tables(item))
    return found


def slots(config: Data) -> list[tuple[Data, str]]:
    """Every (table, key) pair, for mutations that replace one value."""
    return [(table, key) for table in tables(config) for key in table]


def add_unknown_key(rng: random.Random, config: Data) -> None:
    rng.choice(tables(config))[rng.choice(UNKNOWN_KEYS)] = "x"


def drop_key(rng: random.Random, config: Data) -> None:
    table, key = rng.choice(slots(config))
    del table[key]


def retype_value(rng: random.Random, config: Data) -> None:
    table, key = rng.choice(slots(config))
    table[key] = copy.deepcopy(rng.choice(OTHER_VALUES))


def bad_string(rng: random.Random, config: Data) -> None:
    strings = [(t, k) for t, k in slots(config) if isinstance(t[k], str)]
    table, key = rng.choice(strings)
    table[key] = rng.choice(BAD_STRINGS)


def bad_list_item(rng: random.Random, config: Data) -> None:
    lists = [t[k] for t, k in slots(config) if isinstance(t[k], list) and k != "agents"]
    if lists:
        rng.choice(lists).append(rng.choice([*BAD_STRINGS, 1]))


def bad_env_name(rng: random.Random, config: Data) -> None:
    owners = [config, *config["agents"]] if isinstance(config.get("agents"), list) else [config]
    owner = rng.choice([o for o in owners if isinstance(o, dict)])
    env = owner.setdefault("env", {})
    if isinstance(env, dict):
        env[rng.choice(BAD_ENV_NAMES)] = rng.choice(["x", 1])


def resize_agents(rng: random.Random, config: Data) -> None:
    agents = config.get("agents") or [agent(rng)]
    size = rng.choice([0, 8, 9, 12])
    config["agents"] = [copy.deepcopy(agents[i % len(agents)]) for i in range(size)]


def grow_required(rng: random.Random, config: Data) -> None:
    names = [secret(rng) for _ in range(rng.choice([16, 17, 20]))]
    config[rng.choice(["verifier", "secrets"])] = {"required": names}


def bad_number(rng: random.Random, config: Data) -> None:
    execution = config.setdefault("execution", {})
    if isinstance(execution, dict):
        execution[rng.choice(EXECUTION_KEYS)] = rng.choice(NUMBERS)


def bad_secret_name(rng: random.Random, config: Data) -> None:
    """A bad value in one of the places that name a secret record."""
    places: list[tuple[Any, Any]] = [
        (t, k)
        for t in tables(config)
        for k in ("api_key_secret", "harness_api_key_secret", "judge_api_key_secret")
        if k in t
    ]
    places += [
        (t["required"], i) for t in tables(config) for i in range(len(t.get("required", [])))
    ]
    execution = config.get("execution")
    if isinstance(execution, dict):
        places.append((execution, "judge_api_key_secret"))
    if places:
        owner, key = rng.choice(places)
        owner[key] = rng.choice(BAD_STRINGS)


def bad_task_set(rng: random.Random, config: Data) -> None:
    tasks = config.setdefault("tasks", {})
    if isinstance(tasks, dict):
        tasks["task_set"] = rng.choice(["Parity", "full", "", " parity", "parity"])


def swap_model_type(rng: random.Random, config: Data) -> None:
    models = [t["model"] for t in tables(config) if isinstance(t.get("model"), dict)]
    if models:
        rng.choice(models)["type"] = rng.choice(["provider", "endpoint", "hosted", "Provider"])


MUTATIONS = (
    add_unknown_key,
    drop_key,
    retype_value,
    bad_string,
    bad_list_item,
    bad_env_name,
    resize_agents,
    grow_required,
    bad_number,
    bad_secret_name,
    bad_task_set,
    swap_model_type,
)


def generated_corpus() -> list[Data]:
    rng = random.Random(SEED)
    valid = [valid_config(rng) for _ in range(VALID_CONFIGS)]
    mutants = []
    for _ in range(MUTANTS):
        config = copy.deepcopy(rng.choice(valid))
        for mutate in rng.sample(MUTATIONS, rng.choice([1, 1, 2])):
            mutate(rng, config)
        mutants.append(config)
    return valid + mutants


def to_toml(data: Data) -> str:
    """TOML text whose `tomllib` value is `data`: tables and arrays of tables with headers."""
    lines = [f"{key_text(k)} = {value_text(v)}" for k, v in data.items() if not is_table(v)]
    for key, value in data.items():
        if not is_table(value):
            continue
        for table in value if isinstance(value, list) else [value]:
            header = f"[[{key_text(key)}]]" if isinstance(value, list) else f"[{key_text(key)}]"
            lines += ["", header]
            lines += [f"{key_text(k)} = {value_text(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


def is_table(value: object) -> bool:
    if isinstance(value, list):
        return bool(value) and all(isinstance(item, dict) for item in value)
    return isinstance(value, dict)


def key_text(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else string_text(key)


def value_text(value: object) -> str:
    if isinstance(value, str):
        return string_text(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)  # repr gives TOML's `inf`, `nan` and exponents too
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(value_text(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key_text(k)} = {value_text(v)}" for k, v in value.items()) + "}"
    raise TypeError(type(value))


def string_text(text: str) -> str:
    escapes = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}
    out = []
    for char in text:
        if char in escapes:
            out.append(escapes[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def canonical(data: object) -> str:
    return json.dumps(data, sort_keys=True, default=repr)
