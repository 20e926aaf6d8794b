"""## What it does
Reports a `[verifier]` table that lists secrets (a non-empty `required`) on an
Osmosis-managed benchmark. An empty `required` is harmless: the CLI sends no verifier then.

## Why is this bad?
`[verifier].required` passes secrets to a Harbor-registry dataset's own verifier. Managed
benchmarks grade with the Platform's own verifier, which takes no secrets from the run: the
Platform refuses a run that sends some.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    entry = ctx.catalog_entry
    required = ctx.value_at(("verifier", "required"))
    if entry is None or not entry.managed or not isinstance(required, list) or not required:
        return
    yield Finding(
        f"{entry.name} is an Osmosis-managed benchmark: its verifier takes no secrets "
        "(`[verifier].required` is for Harbor-registry datasets); remove the table",
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
