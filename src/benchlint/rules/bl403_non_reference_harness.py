"""## What it does
Warns when a benchmark's published scores were measured on one harness (Terminal-Bench
2.1: `terminus-2`, its default) and an agent uses another. The benchmark is matched as the
CLI matches it (ignoring case and surrounding spaces).

## Why is this bad?
The run is valid, but its scores will not be comparable with the published ones: the
harness accounts for much of a score. Suppress it on purpose with
`# benchlint: ignore[BL403]` when comparing harnesses is the point.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from .wording import quoted


def check(ctx: Context) -> Iterator[Finding]:
    entry = ctx.loose_catalog_entry
    if entry is None or not entry.default_harness:
        return
    reference = entry.default_harness
    for index, agent in ctx.agents:
        harness = agent.get("harness")
        if harness is None or harness == reference or not isinstance(harness, str):
            continue  # no harness: the benchmark's default, which is the reference
        yield Finding(
            f"agent {index + 1} runs harness {quoted(harness)}, but {entry.name}'s published "
            f'scores were measured on "{reference}": this run\'s scores will not be comparable',
            Anchor.value(("agents", index, "harness")),
        )


RULE = Rule(
    code="BL403",
    name="non-reference-harness",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "gemini-cli"

[agents.model]
type = "provider"
model = "gemini/gemini-2.5-pro"
api_key_secret = "GEMINI_API_KEY"
""",
    good="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "gemini/gemini-2.5-pro"
api_key_secret = "GEMINI_API_KEY"
""",
)
