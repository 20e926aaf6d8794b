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
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..structure.spec import node_at, unwrap
from ..structure.words import plural


def check(ctx: Context) -> Iterator[Finding]:
    for issue in ctx.owned("BL105"):
        path = issue.path
        size = len(issue.input) if isinstance(issue.input, list) else 0
        node = node_at(path, ctx.data) or {}
        if issue.error_type == "too_short":
            least = node.get("min_length", 1)
            what = (
                "`agents` is empty: a run needs at least one agent"
                if path == ("agents",)
                else f"{key_label(path)} has {size} entries; at least {least} are needed"
            )
            yield Finding(what, Anchor.value(path))
        elif path == ("agents",):
            most = node.get("max_length", size - 1)
            yield Finding(
                f"a run takes at most {most} agents; this file has {size} "
                f"(agent {most + 1} starts here)",
                Anchor.header(("agents", most)),
                key=path,
            )
        else:
            most = node.get("max_length", size - 1)
            what = plural(unwrap(node["items"])) if "items" in node else "entries"
            yield Finding(
                f"{key_label(path)} lists {size} {what}; at most {most} are allowed",
                Anchor.value(path),
            )


RULE = Rule(
    code="BL105",
    name="item-count",
    severity="error",
    doc=__doc__ or "",
    check=check,
    owned_issues_only=True,
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
