"""## What it does
Warns when `[secrets].required` repeats a secret the benchmark requires implicitly, as the
catalog lists it (`required_secret_names` of `osmosis benchmark info`): HLE's `HF_TOKEN`.

## Why is this bad?
Implicit requirements are resolved by the Platform from the record of that name; listing
them again makes submit prompt for a value that should come from the record, and invites
pasting the token.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import remove_element


def check(ctx: Context) -> Iterator[Finding]:
    entry = ctx.catalog_entry
    if entry is None or not entry.required_secret_names:
        return
    implicit = set(entry.required_secret_names)
    for path, name in ctx.strings(("secrets", "required")):
        if name in implicit:
            edit = remove_element(ctx.document, path)
            yield Finding(
                f"{entry.name} requires the secret {name} implicitly (the Platform reads it from "
                f"the record named {name}); do not list it in [secrets].required",
                Anchor.value(path),
                fix=Fix(f"Remove {name} from [secrets].required", "safe", edit) if edit else None,
            )


RULE = Rule(
    code="BL209",
    name="implicit-secret-listed",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    fix="Remove the name from the array (safe).",
    bad="""\
[experiment]
benchmark = "hle"

[tasks]
task_set = "parity"

[[agents]]
harness = "codex"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[execution]
judge_api_key_secret = "OPENAI_API_KEY"

[secrets]
required = ["HF_TOKEN"]
""",
    good="""\
[experiment]
benchmark = "hle"

[tasks]
task_set = "parity"

[[agents]]
harness = "codex"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[execution]
judge_api_key_secret = "OPENAI_API_KEY"
""",
)
