"""## What it does
Warns about a name repeated within `[secrets].required` or `[verifier].required`.

## Why is this bad?
A repeat does nothing but hide how many secrets the run really needs, and counts toward the
limit of 16. It is usually a merge leftover.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..lint.context import Context
from ..lint.rule import Finding, Rule
from .repeats import repeats


def check(ctx: Context) -> Iterator[Finding]:
    for table in ("secrets", "verifier"):
        yield from repeats(ctx, (table, "required"), str)


RULE = Rule(
    code="BL211",
    name="duplicate-secret",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    fix="Remove the repeat (safe).",
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[secrets]
required = ["GITHUB_TOKEN", "GITHUB_TOKEN"]
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

[secrets]
required = ["GITHUB_TOKEN"]
""",
)
