"""## What it does
When a run budget is set (`max-attempts` in the settings, or `--max-attempts N`), reports a
run whose total number of attempts (tasks × agents × `attempts_per_task`, 1 by default) is
known and exceeds it, with the arithmetic. The count comes from the config and the catalog:
a task list counts its names; a full run or a task set needs a catalog that gives the
benchmark's task count (a saved `osmosis --json benchmark info KEY`). When the count is not
known, nothing is reported.

## Why is this bad?
A benchmark run costs model spend on your keys and sandbox time for every attempt. A full
benchmark where a sample was meant, or `attempts_per_task = 10` copied from another config,
multiplies the bill; the budget catches it before submit. `benchlint plan` shows the whole
arithmetic; raise the rule to an error (`[severity] BL505 = "error"`) to make the budget a
hard limit.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    budget = ctx.settings.max_attempts
    if budget is None:
        return
    from ..lint.plan import plan_of  # only with a budget set (most runs have none)

    plan = plan_of(ctx)
    total = plan.total_attempts
    if total is None or total.low <= budget:
        return  # unknown, or within the budget (a range reports only when all of it is over)
    related = []
    if ctx.has(("execution", "attempts_per_task")):
        related.append(("attempts per task", Anchor.value(("execution", "attempts_per_task"))))
    yield Finding(
        f"this run makes {total} attempts ({plan.product}), over the budget of {budget:,} "
        "set by max-attempts: narrow the task selection or lower attempts_per_task",
        Anchor.value(plan.tasks.path),
        related=tuple(related),
    )


_CONFIG = """\
[experiment]
benchmark = "terminal-bench-2-1"

[tasks]
task_names = ["terminal-bench/fix-permissions", "terminal-bench/git-multibranch"]

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "anthropic/claude-sonnet-4"
api_key_secret = "ANTHROPIC_API_KEY"

[execution]
attempts_per_task = {attempts}
"""

RULE = Rule(
    code="BL505",
    name="run-budget",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    example_settings={"max_attempts": 20, "ignore": ["BL502"]},
    bad=_CONFIG.format(attempts=10),
    good=_CONFIG.format(attempts=5),
)
