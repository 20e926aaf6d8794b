"""## What it does
Warns when `task_set` is combined with `task_names` or `categories`.

## Why is this bad?
The Platform gives `task_set` precedence: the explicit filters do nothing, and the run
covers the whole task set rather than the few tasks you listed.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule

FILTERS = ("task_names", "categories")


def check(ctx: Context) -> Iterator[Finding]:
    tasks = ctx.table("tasks")
    task_set = ctx.string(tasks, "task_set")
    if task_set is None:
        return
    for key in FILTERS:
        if key in tasks:
            yield Finding(
                f'`{key}` has no effect: the Platform runs task_set "{task_set}" and ignores '
                "task_names and categories; remove one of the two",
                Anchor.key(("tasks", key)),
                related=(("the task set is chosen here", Anchor.value(("tasks", "task_set"))),),
            )


RULE = Rule(
    code="BL501",
    name="task-set-overrides-filters",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    bad="""\
[experiment]
benchmark = "hle"

[tasks]
task_set = "parity"
categories = ["math"]

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
