"""## What it does
Reports a name the Platform injects into an agent (its model's `api_key_secret`, the
`judge_api_key_secret`, any `[verifier].required` name) that is also a literal variable in
that agent's effective environment (`[env]` merged with its own `[agents.env]`). The check is
per agent: agent 2 may use agent 1's secret name as a literal variable.

## Why is this bad?
The Platform injects each secret as a variable of the same name, which would silently
overwrite the literal (or the other way round). The CLI refuses the file.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import key_label, table_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    literals = {name for _, env in ctx.env_tables for name in env}
    if not any(ref.value in literals for ref in ctx.secret_references if ref.kind != "harness"):
        return  # no injected name is set literally anywhere (the usual file)
    # Each agent is asked only about the verifier names that can collide there: those in its
    # own env, and those in `[env]` not reported yet (one reported for an agent is the same
    # finding for every later agent, unless that agent's env or model key takes the name).
    verifier = ctx.verifier_secrets
    rank = {name: at for at, name in enumerate(verifier)}
    shared = ctx.env_of(ctx.data)
    waiting = [name for name in verifier if name in shared]
    reported: set[tuple[tuple[str | int, ...], tuple[str | int, ...]]] = set()
    for index, agent in ctx.agents:
        own = [name for name in ctx.env_of(agent) if name in rank]
        colliding = sorted({*own, *waiting}, key=rank.__getitem__)
        names = ctx.injected_names(index, agent, colliding)
        for name, reference in names.items():
            literal = ctx.literal_in_env(index, agent, name)
            if literal is None or (literal, reference) in reported:
                continue
            reported.add((literal, reference))
            yield Finding(
                f"{name} is set in {table_label(literal[:-1])} and is also injected into "
                + (f"agent {index + 1}" if reference[0] == "agents" else "every agent")
                + f" as the secret named by {key_label(reference)}: the Platform would "
                "overwrite one with the other; remove the variable or rename it",
                Anchor.key(literal),
                related=((f"the secret {name} is referenced here", Anchor.value(reference)),),
            )
        waiting = [name for name in waiting if (("env", name), verifier[name]) not in reported]


RULE = Rule(
    code="BL205",
    name="secret-env-collision",
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

[agents.env]
OPENAI_API_KEY = "placeholder"
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
