"""Configs that a loader should accept, as data: the base every mutation starts from.

Valid for `osmosis-ai` 0.3.0 and 0.3.8 alike except where the releases differ on purpose
(`mini-swe-agent`'s harness secret), so both verdicts stay plentiful under each release.
"""

from __future__ import annotations

import random
from typing import Any

BENCHMARKS = (
    "terminal-bench-2-1",
    "Terminal-Bench 2.1",
    "hle",
    "HLE",
    "gdpval",
    "browsecomp",
    "toolathlon-verified",
    "acme/custom@1.0",
    "7f3c2a9e-1b4d-4c1a-9a55-0e2d3c4b5a69",
    "ベンチ ✓",
)
PLAIN_HARNESSES = ("codex", "claude-code", "terminus-2", "openhands", "gemini-cli", "aider", "nop")
PROVIDER_MODELS = (
    "openai/gpt-5.2",
    "anthropic/claude-sonnet-4",
    "google/gemini-2.5-pro",
    "qwen/qwq",
)
MODEL_SECRETS = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "MY_ENDPOINT_KEY", "K")
JUDGE_SECRETS = ("JUDGE_API_KEY", "OPENAI_API_KEY", "J1")
VERIFIER_SECRETS = ("VERIFIER_TOKEN", "GITHUB_TOKEN", "V_2")
EXTRA_SECRETS = ("EXTRA_TOKEN", "HF_TOKEN", "SERPER_API_KEY", "X")
ENV_NAMES = ("TZ", "LOG_LEVEL", "HTTP_PROXY", "_PRIVATE", "DEBUG", "A_1", "_", "LANG")
ENV_VALUES = ("UTC", "debug", "", "1", "http://proxy.local:3128", "ünïcödé ✓", "a\tb", 'q"uote')
TASK_NAMES = ("terminal-bench/git-multibranch", "hle/q-0001", "task one", "日本語タスク", "x")
CATEGORIES = ("math", "software-engineering", "Biology/Medicine", "é")


def valid_config(rng: random.Random) -> dict[str, Any]:
    parts: dict[str, Any] = {"experiment": {"benchmark": rng.choice(BENCHMARKS)}}
    parts["agents"] = [agent(rng) for _ in range(_agent_count(rng))]
    if rng.random() < 0.4:
        parts["tasks"] = tasks(rng)
    if rng.random() < 0.45:
        parts["execution"] = execution(rng)
    if rng.random() < 0.15:
        parts["verifier"] = {"required": _names(rng, VERIFIER_SECRETS)}
    if rng.random() < 0.25:
        parts["secrets"] = {"required": _names(rng, EXTRA_SECRETS)}
    if rng.random() < 0.4:
        parts["env"] = env(rng)
    return shuffled(rng, parts)


def agent(rng: random.Random) -> dict[str, Any]:
    parts: dict[str, Any] = {"model": model(rng)}
    roll = rng.random()
    if roll < 0.55:
        parts["harness"] = rng.choice(PLAIN_HARNESSES)
    elif roll < 0.7:
        parts["harness"] = "cursor-cli"
        parts["harness_api_key_secret"] = "CURSOR_API_KEY"
    elif roll < 0.75:  # 0.3.0 wants the secret, 0.3.8 refuses it
        parts["harness"] = "mini-swe-agent"
        if rng.random() < 0.5:
            parts["harness_api_key_secret"] = "MSWEA_API_KEY"
    if rng.random() < 0.25:
        parts["env"] = env(rng)
    return shuffled(rng, parts)


def model(rng: random.Random, kind: str | None = None) -> dict[str, Any]:
    kind = kind or rng.choices(("provider", "endpoint", "hosted"), (5, 3, 2))[0]
    parts: dict[str, Any] = {"type": kind}
    if kind == "provider":
        parts["model"] = rng.choice(PROVIDER_MODELS)
        parts["api_key_secret"] = rng.choice(MODEL_SECRETS)
    elif kind == "endpoint":
        parts["base_url"] = rng.choice(("https://models.example.com/v1", "http://localhost:8000"))
        parts["model"] = rng.choice(("my-model", "Qwen/Qwen3-8B", "モデル"))
        parts["api_key_secret"] = rng.choice(MODEL_SECRETS)
        if rng.random() < 0.4:
            parts["extra_headers"] = rng.choice(
                ({}, {"X-Trace": "1"}, {"User-Agent": "bench/1.0 ✓", "X-Org": "acme"})
            )
    else:
        parts["base_model"] = rng.choice(("Qwen/Qwen3-8B", "meta-llama/Llama-3.1-8B"))
        parts["lora_model_name"] = rng.choice(("my-lora", "ckpt-2026-11-01", "lora ✓"))
    return shuffled(rng, parts)


def tasks(rng: random.Random) -> dict[str, Any]:
    parts: dict[str, Any] = {}
    if rng.random() < 0.4:
        parts["task_set"] = "parity"
    if rng.random() < 0.5:
        parts["task_names"] = rng.sample(TASK_NAMES, rng.randint(0, 3))
    if rng.random() < 0.4:
        parts["categories"] = rng.sample(CATEGORIES, rng.randint(0, 2))
    return shuffled(rng, parts)


def execution(rng: random.Random) -> dict[str, Any]:
    options: dict[str, Any] = {
        "attempts_per_task": rng.randint(1, 5),
        "max_concurrent_attempts": rng.randint(1, 16),
        "timeout_multiplier": rng.choice((0.5, 1.0, 2.0, 1)),
        "max_retries": rng.randint(0, 3),
        "pass_threshold": rng.choice((0.5, 1.0, 0, 0.75)),
        "judge_model": rng.choice(("openai/gpt-5.2", "o4-mini")),
        "judge_api_key_secret": rng.choice(JUDGE_SECRETS),
    }
    chosen = rng.sample(sorted(options), rng.randint(0, len(options)))
    return {key: options[key] for key in chosen}


def env(rng: random.Random) -> dict[str, str]:
    names = rng.sample(ENV_NAMES, rng.randint(0, 3))
    return {name: rng.choice(ENV_VALUES) for name in names}


def shuffled(rng: random.Random, parts: dict[str, Any]) -> dict[str, Any]:
    keys = list(parts)
    rng.shuffle(keys)
    return {key: parts[key] for key in keys}


def _agent_count(rng: random.Random) -> int:
    return rng.choices(range(1, 9), (30, 25, 12, 6, 3, 2, 2, 3))[0]


def _names(rng: random.Random, pool: tuple[str, ...]) -> list[str]:
    return rng.sample(pool, rng.randint(0, len(pool)))
