"""## What it does
Warns about two agents with the same harness and the same model.

## Why is this bad?
The leaderboard keeps one entrant per harness-and-model pair, and both agents spend the same
money on the same experiment. To measure variance, raise `attempts_per_task` instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule


def identity(ctx: Context, agent: dict[str, Any]) -> tuple[Any, ...] | None:
    """What makes an agent's entrant on the leaderboard: harness and model."""
    harness = agent.get("harness")
    if harness is not None and not isinstance(harness, str):
        return None  # a wrong type is BL103's
    model = ctx.model_of(agent)
    kind = model.get("type")
    if kind == "provider":
        key: tuple[Any, ...] = (model.get("model"),)
    elif kind == "endpoint":
        key = (model.get("base_url"), model.get("model"))
    elif kind == "hosted":
        key = (model.get("base_model"), model.get("lora_model_name"))
    else:
        return None
    if any(not isinstance(part, str) for part in key):
        return None
    return (harness, kind, *key)


def check(ctx: Context) -> Iterator[Finding]:
    seen: dict[tuple[Any, ...], int] = {}
    for index, agent in ctx.agents:
        key = identity(ctx, agent)
        if key is None:
            continue
        if key not in seen:
            seen[key] = index
            continue
        first = seen[key]
        harness = agent.get("harness")
        label = f'harness "{harness}"' if isinstance(harness, str) else "the official scaffold"
        yield Finding(
            f"agent {index + 1} repeats agent {first + 1} ({label}, same model): the "
            "leaderboard keeps one entrant per harness and model; raise attempts_per_task "
            "to measure variance instead",
            Anchor.header(("agents", index)),
            related=((f"agent {first + 1} is defined here", Anchor.header(("agents", first))),),
        )


RULE = Rule(
    code="BL306",
    name="duplicate-agent",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
""",
    good="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[execution]
attempts_per_task = 2
""",
)
