"""## What it does
Notes that a run selecting tasks by `categories` or `task_names` gets a run page and scores,
but never a leaderboard rank.

## Why is this bad?
It is not, for a smoke test or a focused experiment; it is worth knowing before paying for a
run meant to rank. Only full runs, or the parity set a benchmark publishes, rank.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule

FILTERS = ("task_names", "categories")


def check(ctx: Context) -> Iterator[Finding]:
    tasks = ctx.table("tasks")
    if "task_set" in tasks:
        return  # the filters are ignored (BL501); the task set decides
    for key in FILTERS:
        if key in tasks:
            yield Finding(
                f"selecting tasks with `{key}` gives this run scores but no leaderboard rank; "
                "only full runs and published task sets rank",
                Anchor.key(("tasks", key)),
            )


RULE = Rule(
    code="BL502",
    name="not-leaderboard-eligible",
    severity="info",
    doc=__doc__ or "",
    check=check,
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[tasks]
task_names = ["terminal-bench/fix-permissions"]

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
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
