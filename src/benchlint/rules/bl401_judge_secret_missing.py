"""## What it does
Reports a run on a benchmark whose judge needs your key (HLE, GDPVal, BrowseComp: catalog
entries with `requires_judge_api_key: true`) without `[execution].judge_api_key_secret`. A
judge that needs no key from you (`requires_judge_model: true`,
`requires_judge_api_key: false`) is not reported. The benchmark is matched as the CLI
matches it for its own warnings: exactly, or ignoring case and surrounding spaces.

## Why is this bad?
The judge calls a model with your provider key. Without one, every attempt runs (and
costs) and then cannot be graded.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import set_key

LINE = 'judge_api_key_secret = "OPENAI_API_KEY"'


def check(ctx: Context) -> Iterator[Finding]:
    entry = ctx.loose_catalog_entry
    if entry is None or not entry.needs_judge_key:
        return
    execution = ctx.data.get("execution")
    if isinstance(execution, dict) and "judge_api_key_secret" in execution:
        return
    grader = "a pinned grader" if entry.pinned_grader else "an LLM judge"
    has_table = ctx.has(("execution",))
    edit = set_key(ctx.document, ("execution",), "judge_api_key_secret", '"OPENAI_API_KEY"')
    yield Finding(
        f"{entry.name} is graded by {grader} that calls a model with your key: set "
        "`judge_api_key_secret` in [execution] to the Platform secret record holding it",
        Anchor.header(("execution",)) if has_table else Anchor.value(("experiment", "benchmark")),
        key=("execution", "judge_api_key_secret"),
        absent=(("execution", "judge_api_key_secret"),),
        fix=Fix(f"Add {LINE} to [execution]", "unsafe", (edit,)) if edit else None,
    )


RULE = Rule(
    code="BL401",
    name="judge-secret-missing",
    severity="error",
    doc=__doc__ or "",
    check=check,
    needs_complete=True,
    fix='Insert `judge_api_key_secret = "OPENAI_API_KEY"` into `[execution]`, creating the '
    "table when needed (unsafe: the record must exist and hold a key for the judge's provider).",
    bad="""\
[experiment]
benchmark = "gdpval"

[[agents]]
harness = "codex"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
""",
    good="""\
[experiment]
benchmark = "gdpval"

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
