"""## What it does
Reports an agent whose harness reads a credential of its own (`cursor-cli` reads
`CURSOR_API_KEY`; in the default profile `mini-swe-agent` reads `MSWEA_API_KEY`) but that
has no `harness_api_key_secret`.

## Why is this bad?
The harness would start without its key and every attempt would fail. The CLI refuses the
file.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import insert_line_after


def check(ctx: Context) -> Iterator[Finding]:
    for index, agent in ctx.agents:
        harness = ctx.string(agent, "harness")
        variable = ctx.profile.harness_secret_variable(harness)
        if variable is None or "harness_api_key_secret" in agent:
            continue
        path = ("agents", index, "harness")
        edit = insert_line_after(ctx.document, path, f'harness_api_key_secret = "{variable}"')
        yield Finding(
            f'agent {index + 1}\'s harness "{harness}" reads its own credential from {variable}: '
            f'add harness_api_key_secret = "{variable}" (a Platform secret record named '
            f"{variable})",
            Anchor.value(path),
            absent=(("agents", index, "harness_api_key_secret"),),
            fix=Fix(f'Add harness_api_key_secret = "{variable}"', "safe", (edit,))
            if edit
            else None,
        )


RULE = Rule(
    code="BL302",
    name="harness-secret-missing",
    severity="error",
    doc=__doc__ or "",
    check=check,
    fix='Insert `harness_api_key_secret = "CURSOR_API_KEY"` (or `MSWEA_API_KEY`) after the '
    "harness (safe: it is the only value that works).",
    needs_complete=True,
    bad="""\
[experiment]
benchmark = "gdpval"

[[agents]]
harness = "cursor-cli"

[agents.model]
type = "provider"
model = "anthropic/claude-sonnet-4"
api_key_secret = "ANTHROPIC_API_KEY"

[execution]
judge_api_key_secret = "OPENAI_API_KEY"
""",
    good="""\
[experiment]
benchmark = "gdpval"

[[agents]]
harness = "cursor-cli"
harness_api_key_secret = "CURSOR_API_KEY"

[agents.model]
type = "provider"
model = "anthropic/claude-sonnet-4"
api_key_secret = "ANTHROPIC_API_KEY"

[execution]
judge_api_key_secret = "OPENAI_API_KEY"
""",
)
