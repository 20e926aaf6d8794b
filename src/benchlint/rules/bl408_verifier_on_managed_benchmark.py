"""## What it does
Reports a `[verifier]` table on an Osmosis-managed benchmark.

## Why is this bad?
`[verifier].required` passes secrets to a Harbor-registry dataset's own verifier. Managed
benchmarks grade with the Platform's verifier, and submit refuses the table for them.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    entry = ctx.catalog_entry
    if entry is None or not entry.managed or "verifier" not in ctx.data:
        return
    yield Finding(
        f"{entry.name} is an Osmosis-managed benchmark: it takes no [verifier] table (that is "
        "for Harbor-registry datasets); remove it",
        Anchor.header(("verifier",)),
    )


RULE = Rule(
    code="BL408",
    name="verifier-on-managed-benchmark",
    severity="error",
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

[verifier]
required = ["GITHUB_TOKEN"]
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
""",
)
