"""## What it does
Warns when `pass_threshold` is not a number between 0 and 1.

## Why is this bad?
The threshold is the score an attempt needs to count as a pass, a share between 0 and 1.
`80` (a percentage) means no attempt can ever pass; a negative value means every attempt
does.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import key_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from .wording import quoted, toml_type

PATH = ("execution", "pass_threshold")


def check(ctx: Context) -> Iterator[Finding]:
    for issue in ctx.issues:
        if issue.path != PATH:
            continue
        value = issue.input
        found = f"{toml_type(value)} {quoted(value)}"
        message = f"{key_label(PATH)} should be a number from 0 to 1, found {found}"
        if isinstance(value, int | float) and not isinstance(value, bool) and 1 < value <= 100:
            message += f"; a share, not a percentage: {value / 100:g}?"
        yield Finding(message, Anchor.value(PATH))
        return


RULE = Rule(
    code="BL107",
    name="pass-threshold-range",
    severity="warning",
    doc=__doc__ or "",
    check=check,
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
pass_threshold = 80
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
pass_threshold = 0.8
""",
)
