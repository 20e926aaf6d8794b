"""## What it does
Reports an `[[agents]]` array with no entries or more than 8, and a `[secrets].required` or
`[verifier].required` array with more than 16 names.

## Why is this bad?
The CLI refuses the file. A run compares 1 to 8 agents under identical conditions; a ninth is
usually a copy-and-paste that went one block too far.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import key_label
from ..domain.constants import MAX_AGENTS, MAX_REQUIRED_SECRETS
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    for issue in ctx.issues_of("too_short", "too_long"):
        path = issue.path
        size = len(issue.input) if isinstance(issue.input, list) else 0
        if path == ("agents",):
            if issue.type == "too_short":
                yield Finding(
                    "`agents` is empty: a run needs at least one agent", Anchor.value(path)
                )
            else:
                yield Finding(
                    f"a run takes at most {MAX_AGENTS} agents; this file has {size} "
                    f"(agent {MAX_AGENTS + 1} starts here)",
                    Anchor.header(("agents", MAX_AGENTS)),
                    key=path,
                )
        elif issue.type == "too_long" and path[-1:] == ("required",):
            yield Finding(
                f"{key_label(path)} lists {size} names; at most {MAX_REQUIRED_SECRETS} are allowed",
                Anchor.value(path),
            )


RULE = Rule(
    code="BL105",
    name="item-count",
    severity="error",
    doc=__doc__ or "",
    check=check,
    bad="""\
agents = []

[experiment]
benchmark = "terminal-bench-2-1"
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
