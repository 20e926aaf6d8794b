"""## What it does
Reports a literal variable, in an agent's effective environment, with the name its harness
credential is injected as (`CURSOR_API_KEY` for `cursor-cli`; `MSWEA_API_KEY` for
`mini-swe-agent`, where the `osmosis-0.3.8` profile allows it for hosted models, which get no
injected key).

## Why is this bad?
The Platform injects the harness credential under that name, so the literal would be
overwritten (or would overwrite the key). The CLI refuses the file.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import table_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    reported: set[tuple[str | int, ...]] = set()
    for index, agent in ctx.agents:
        harness = ctx.string(agent, "harness")
        credential = ctx.profile.harness_credentials.get(harness or "")
        if credential is None:
            continue
        hosted = ctx.model_of(agent).get("type") == "hosted"
        if hosted and not credential.injected_for_hosted:
            continue
        literal = ctx.literal_in_env(index, agent, credential.variable)
        if literal is None or literal in reported:
            continue
        reported.add(literal)
        source = "harness_api_key_secret" if credential.takes_secret else "the agent's model key"
        yield Finding(
            f"{credential.variable} is set in {table_label(literal[:-1])}, but agent "
            f'{index + 1}\'s harness "{harness}" gets {credential.variable} injected from '
            f"{source}; remove the variable",
            Anchor.key(literal),
        )


RULE = Rule(
    code="BL304",
    name="harness-env-collision",
    severity="error",
    doc=__doc__ or "",
    check=check,
    bad="""\
[experiment]
benchmark = "gdpval"

[[agents]]
harness = "cursor-cli"
harness_api_key_secret = "CURSOR_API_KEY"

[agents.model]
type = "provider"
model = "anthropic/claude-sonnet-4"
api_key_secret = "ANTHROPIC_API_KEY"

[agents.env]
CURSOR_API_KEY = "placeholder"

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
