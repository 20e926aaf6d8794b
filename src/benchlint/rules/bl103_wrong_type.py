"""## What it does
Reports a value of the wrong TOML type: `[agents]` written as a table instead of an array of
tables (`[[agents]]`), `task_names = "x"` instead of an array, a number in `[env]`, a table
where a string belongs.

## Why is this bad?
The CLI refuses the file. Types are easy to get wrong in TOML (a missing pair of brackets, a
missing pair of quotes), and the message says which type was expected and which was found.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import key_label
from ..core.toml_syntax import toml_value
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..structure.spec import allowed_at, node_at
from ..structure.words import describe, one_of
from .wording import found_value, quoted


def check(ctx: Context) -> Iterator[Finding]:
    for issue in ctx.owned("BL103"):
        path, value = issue.path, issue.input
        found = found_value(value)
        if path == ("agents",):
            yield Finding(
                "`agents` must be an array of tables: write each agent as [[agents]] "
                f"(double brackets), found {found}",
                Anchor.value(path),
            )
            continue
        choices = allowed_at(path, ctx.data)
        node = node_at(path, ctx.data)
        expected = one_of(choices) if choices else describe(node) if node else "another type"
        message = f"{key_label(path)} must be {expected}, found {found}"
        if expected.startswith(("a string", "a non-blank")) and isinstance(value, int | float):
            message += f"; quote it: {quoted(toml_value(value))}"
        elif expected.startswith("an array") and isinstance(value, str):
            # the hint shows the value: "found a string" is enough before it
            message = f"{key_label(path)} must be {expected}, found a string; write it as an "
            message += f"array: [{quoted(value)}]"
        yield Finding(message, Anchor.value(path))


RULE = Rule(
    code="BL103",
    name="wrong-type",
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

[env]
MAX_TURNS = 40
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

[env]
MAX_TURNS = "40"
""",
)
