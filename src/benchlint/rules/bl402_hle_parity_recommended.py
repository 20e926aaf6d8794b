"""## What it does
Warns when the benchmark recommends a published task set — HLE recommends `"parity"`, the
sample its reference scores were measured on — and `[tasks].task_set` is not that set. The
benchmark is matched as the CLI matches it (ignoring case and surrounding spaces); for HLE
the CLI prints the same warning (`HLE_PARITY_RECOMMENDED`) at submit. Any other benchmark
whose catalog entry marks a task set `recommended` (a saved `osmosis --json benchmark info`)
gets the same warning, though the CLI itself warns only for HLE.

## Why is this bad?
A full HLE run costs far more than the parity sample, and a custom selection cannot be
compared with published scores.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..core.toml_syntax import toml_string
from ..domain.constants import TASK_SETS
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import set_key


def check(ctx: Context) -> Iterator[Finding]:
    entry = ctx.loose_catalog_entry
    if entry is None:
        return
    recommended = next((ts for ts in entry.task_sets if ts.recommended), None)
    if recommended is None:
        return
    current = ctx.table("tasks").get("task_set")
    if current == recommended.name or (current is not None and current not in TASK_SETS):
        return  # an invalid task_set is BL104's: one problem, one diagnostic
    edit = set_key(
        ctx.document,
        ("tasks",),
        "task_set",
        toml_string(recommended.name),
        new_table_before=(("agents",), ("execution",)),
    )
    # With no [tasks] the message says the run covers every task: any key there would not.
    absent = ("tasks", "task_set") if ctx.table("tasks") else ("tasks",)
    yield Finding(
        f'{entry.name}: set task_set = "{recommended.name}" in [tasks] so results are comparable '
        "with published scores; this run "
        + (
            "uses a custom task selection"
            if ctx.table("tasks")
            else "covers every task (the full benchmark)"
        ),
        Anchor.value(("experiment", "benchmark")),
        absent=(absent,),
        fix=Fix(f'Set task_set = "{recommended.name}"', "unsafe", (edit,)) if edit else None,
    )


RULE = Rule(
    code="BL402",
    name="hle-parity-recommended",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    needs_complete=True,
    fix='Set `task_set = "parity"`, creating `[tasks]` when needed (unsafe: it changes which '
    "tasks run).",
    bad="""\
[experiment]
benchmark = "hle"

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
