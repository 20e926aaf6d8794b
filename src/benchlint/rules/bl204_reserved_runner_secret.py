"""## What it does
Reports a model `api_key_secret` that names a variable the benchmark runner reserves:
`DAYTONA_API_KEY`, `DAYTONA_API_URL`, `SKYPILOT_SERVICE_ACCOUNT_TOKEN`,
`SKYPILOT_API_SERVER_ENDPOINT` (the `osmosis-0.3.8` profile reserves only the first two).

## Why is this bad?
The runner removes these variables before it sets up the model key, so the agent would start
without its key. The CLI refuses the file.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import key_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    reserved = ctx.profile.reserved_model_secrets
    for ref in ctx.secret_references:
        if ref.kind != "model" or ref.value not in reserved:
            continue
        model_type = ctx.value_at((*ref.path[:-1], "type"))
        if model_type == "hosted":
            continue
        yield Finding(
            f"{key_label(ref.path)} is {ref.value}, a name the benchmark runner reserves; "
            "store the model key under another secret record name",
            Anchor.value(ref.path),
        )


RULE = Rule(
    code="BL204",
    name="reserved-runner-secret",
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
api_key_secret = "DAYTONA_API_KEY"
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
