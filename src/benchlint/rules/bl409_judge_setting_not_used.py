"""## What it does
Warns about `judge_model` on a benchmark with a pinned grader (BrowseComp), and about any
judge setting (`judge_model`, `judge_api_key_secret`) on a benchmark that has no judge.

## Why is this bad?
The setting does nothing: a pinned grader always uses its own model, and a benchmark
without a judge never calls one. It usually means the config was copied from another
benchmark, or that the wrong benchmark is named.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import remove_pair

KEYS = ("judge_model", "judge_api_key_secret")


def check(ctx: Context) -> Iterator[Finding]:
    entry = ctx.catalog_entry
    if entry is None:
        return
    if entry.pinned_grader:
        unused: tuple[str, ...] = ("judge_model",)
        why = f"{entry.name} uses a pinned grader whose model cannot be changed"
    elif entry.requires_judge_model is False and entry.requires_judge_api_key is False:
        unused = KEYS
        why = f"{entry.name} has no LLM judge"
    else:
        return
    execution = ctx.table("execution")
    for key in unused:
        if key in execution:
            path = ("execution", key)
            edit = remove_pair(ctx.document, path)
            yield Finding(
                f"`{key}` has no effect: {why}",
                Anchor.key(path),
                fix=Fix(f"Remove `{key}`", "safe", edit) if edit else None,
            )


RULE = Rule(
    code="BL409",
    name="judge-setting-not-used",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    fix="Remove the key (safe: nothing reads it).",
    bad="""\
[experiment]
benchmark = "browsecomp"

[[agents]]
harness = "codex"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[execution]
judge_model = "openai/gpt-5.2"
judge_api_key_secret = "OPENAI_API_KEY"
""",
    good="""\
[experiment]
benchmark = "browsecomp"

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
