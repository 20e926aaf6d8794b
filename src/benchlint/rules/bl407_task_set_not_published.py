"""## What it does
Reports `task_set = "parity"` on a benchmark whose catalog entry publishes no parity set.
Entries of the bundled catalog are trusted only when they list task sets (HLE); load a saved
`osmosis --json benchmark info KEY` for an authoritative answer about the others.

## Why is this bad?
The Platform silently expands a task set the benchmark does not publish to the *full*
benchmark: the run costs the price of every task while the file says "a sample".
"""

from __future__ import annotations

from collections.abc import Iterator

from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule

PATH = ("tasks", "task_set")


def check(ctx: Context) -> Iterator[Finding]:
    entry = ctx.catalog_entry
    task_set = ctx.string(ctx.table("tasks"), "task_set")
    if entry is None or task_set != "parity" or entry.publishes(task_set):
        return
    if entry.bundled and not entry.task_sets:
        return  # the documentation does not say; do not guess
    published = ", ".join(f'"{ts.name}"' for ts in entry.task_sets) or "none"
    yield Finding(
        f'{entry.name} publishes no "{task_set}" task set (published: {published}); the '
        "Platform would run the full benchmark instead",
        Anchor.value(PATH),
    )


RULE = Rule(
    code="BL407",
    name="task-set-not-published",
    severity="error",
    doc=__doc__ or "",
    check=check,
    example_catalog=(
        {
            "key": "gdpval",
            "name": "GDPVal",
            "source_type": "osmosis_managed",
            "task_sets": [],
            "requires_judge_model": True,
            "requires_judge_api_key": True,
        },
    ),
    bad="""\
[experiment]
benchmark = "gdpval"

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
