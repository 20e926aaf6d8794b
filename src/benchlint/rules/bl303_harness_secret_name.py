"""## What it does
Reports a `harness_api_key_secret` that is not exactly the variable its harness reads
(`CURSOR_API_KEY` for `cursor-cli`, `MSWEA_API_KEY` for `mini-swe-agent`).

## Why is this bad?
The Platform injects the record under its own name, and the harness reads one fixed
variable, so the record must be named after the variable. The CLI refuses anything else.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..core.toml_syntax import toml_string
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import replace_value
from ..secrets.detection import contains_credential
from .wording import quoted


def check(ctx: Context) -> Iterator[Finding]:
    for index, agent in ctx.agents:
        value = ctx.string(agent, "harness_api_key_secret")
        harness = ctx.string(agent, "harness")
        variable = ctx.profile.harness_secret_variable(harness)
        if value is None or variable is None or value == variable:
            continue
        if contains_credential(value):
            continue  # BL202 says it, with the same replacement
        path = ("agents", index, "harness_api_key_secret")
        edit = replace_value(ctx.document, path, toml_string(variable))
        yield Finding(
            f'agent {index + 1}\'s harness "{harness}" reads {variable}, so '
            f'`harness_api_key_secret` must be "{variable}" (a record named exactly after the '
            f"variable), found {quoted(value)}",
            Anchor.value(path),
            fix=Fix(f'Replace with "{variable}"', "safe", (edit,)) if edit else None,
        )


RULE = Rule(
    code="BL303",
    name="harness-secret-name",
    severity="error",
    doc=__doc__ or "",
    check=check,
    fix="Replace the value with the variable's name (safe: it is the only value that works).",
    bad="""\
[experiment]
benchmark = "gdpval"

[[agents]]
harness = "cursor-cli"
harness_api_key_secret = "CURSOR_TOKEN"

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
