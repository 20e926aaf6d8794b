"""## What it does
Reports an `[execution]` value the Platform refuses: `attempts_per_task` or
`max_concurrent_attempts` that is not an integer ≥ 1, `max_retries` that is not an integer
≥ 0, `timeout_multiplier` that is not a number > 0, or a `judge_model` that is not a
non-blank string.

## Why is this bad?
The CLI forwards these values unchecked, so the mistake surfaces only when the Platform
refuses the run. A quoted number (`attempts_per_task = "2"`) is the usual culprit.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import key_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..structure.spec import node_at
from ..structure.words import describe
from .wording import found_value


def check(ctx: Context) -> Iterator[Finding]:
    for issue in ctx.owned("BL106"):
        path, value = issue.path, issue.input
        node = node_at(path, ctx.data)
        expected = describe(node) if node is not None else "within its bounds"
        message = f"{key_label(path)} must be {expected}, found {found_value(value)}"
        if isinstance(value, str) and _as_number(value) is not None:
            message += f"; remove the quotes: {path[-1]} = {value.strip()}"
        yield Finding(message, Anchor.value(path))


def _as_number(value: str) -> float | None:
    try:
        return float(value.strip())
    except ValueError:
        return None


RULE = Rule(
    code="BL106",
    name="execution-value",
    severity="error",
    doc=__doc__ or "",
    check=check,
    owned_issues_only=True,
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[execution]
attempts_per_task = "2"
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

[execution]
attempts_per_task = 2
""",
)
