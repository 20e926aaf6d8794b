"""## What it does
Reports an agent without `harness` on a benchmark that requires one (Terminal-Bench 2.1),
and an agent with a `harness` on a benchmark that runs its official scaffold only
(Toolathlon-Verified).

## Why is this bad?
The Platform refuses both after submit. Benchmarks differ: some need you to choose the
scaffold, others only allow their own.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    entry = ctx.catalog_entry
    if entry is None:
        return
    for index, agent in ctx.agents:
        has_harness = "harness" in agent
        if entry.requires_harness and not has_harness:
            reference = (
                f' (its published scores were measured on "{entry.default_harness}")'
                if entry.default_harness
                else ""
            )
            yield Finding(
                f"{entry.name} requires a harness: set `harness` in agent {index + 1}{reference}",
                Anchor.header(("agents", index)),
                key=("agents", index, "harness"),
                absent=(("agents", index, "harness"),),
            )
        elif entry.official_scaffold_only and has_harness:
            yield Finding(
                f"{entry.name} runs its official scaffold only: remove `harness` from agent "
                f"{index + 1}",
                Anchor.key(("agents", index, "harness")),
            )


RULE = Rule(
    code="BL410",
    name="harness-requirement",
    severity="error",
    doc=__doc__ or "",
    check=check,
    needs_complete=True,
    bad="""\
[experiment]
benchmark = "toolathlon-verified"

[[agents]]
harness = "codex"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
""",
    good="""\
[experiment]
benchmark = "toolathlon-verified"

[[agents]]

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
""",
)
