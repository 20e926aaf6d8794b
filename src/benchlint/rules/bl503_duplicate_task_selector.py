"""## What it does
Warns about an entry repeated in `task_names` or `categories`.

## Why is this bad?
A repeat selects nothing more; it usually means another task was meant, or a merge left a
copy behind.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..lint.context import Context
from ..lint.rule import Finding, Rule
from .repeats import repeats
from .wording import quoted


def check(ctx: Context) -> Iterator[Finding]:
    for key in ("task_names", "categories"):
        yield from repeats(ctx, ("tasks", key), quoted)


RULE = Rule(
    code="BL503",
    name="duplicate-task-selector",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    fix="Remove the repeat (safe).",
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[tasks]
task_names = ["terminal-bench/fix-permissions", "terminal-bench/fix-permissions"]

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

[tasks]
task_names = ["terminal-bench/fix-permissions"]

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
""",
    example_settings={"ignore": ["BL502"]},
)
