"""## What it does
Reports `HF_TOKEN` set as a variable in `[env]` or any `[agents.env]`, or used as a model's
`api_key_secret`.

## Why is this bad?
The benchmark runner reserves `HF_TOKEN` for every benchmark: HLE's gated dataset credential
lives only in a Platform secret record named `HF_TOKEN`, which the benchmark requires
implicitly. A literal `HF_TOKEN` would clash with it (and is usually a pasted token).
The `osmosis-0.3.8` profile does not reserve it: that release lets an agent carry its own.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..core.paths import key_label, table_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import remove_pair

NAME = "HF_TOKEN"


def check(ctx: Context) -> Iterator[Finding]:
    if not ctx.profile.hf_token_reserved:
        return
    for table, env in ctx.env_tables:
        if NAME in env:
            path = (*table, NAME)
            edit = remove_pair(ctx.document, path)
            yield Finding(
                f"HF_TOKEN is reserved by the benchmark runner and cannot be set in "
                f"{table_label(table)}; a benchmark that needs it (HLE) reads it from the "
                "Platform secret record named HF_TOKEN",
                Anchor.key(path),
                fix=Fix(f"Remove HF_TOKEN from {table_label(table)}", "unsafe", edit)
                if edit
                else None,
            )
    for ref in ctx.secret_references:
        if ref.kind == "model" and ref.value == NAME:
            yield Finding(
                f"{key_label(ref.path)} cannot be HF_TOKEN: the benchmark runner reserves that "
                "name; store the model key under another record name",
                Anchor.value(ref.path),
            )


RULE = Rule(
    code="BL203",
    name="reserved-hf-token",
    severity="error",
    doc=__doc__ or "",
    check=check,
    fix="Remove the `HF_TOKEN` line (unsafe: an agent that needed the value must get it "
    "from the Platform record).",
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
HF_TOKEN = "set-me"
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
