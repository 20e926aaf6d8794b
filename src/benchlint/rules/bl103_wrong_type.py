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
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from .wording import quoted, toml_type

EXPECTED = {
    "string_type": "a string",
    "int_type": "an integer",
    "float_type": "a number",
    "bool_type": "a boolean",
    "list_type": "an array",
    "dict_type": "a table",
    "model_type": "a table",
    "model_attributes_type": "a table",
}


def owns(path: tuple[str | int, ...]) -> bool:
    """Type errors under [execution] are BL106's and BL107's, except the judge secret."""
    return not (len(path) == 2 and path[0] == "execution" and path[1] != "judge_api_key_secret")


def check(ctx: Context) -> Iterator[Finding]:
    for issue in ctx.issues_of(*EXPECTED):
        path = issue.path
        if not owns(path):
            continue
        found = toml_type(issue.input)
        if path == ("agents",):
            message = (
                "`agents` must be an array of tables: write each agent as [[agents]] "
                f"(double brackets), found {found}"
            )
        else:
            expected = EXPECTED[issue.type]
            if (
                issue.type == "list_type"
                and len(path) == 2
                and path[0] in ("tasks", "verifier", "secrets")
            ):
                expected = "an array of strings"
            message = f"{key_label(path)} must be {expected}, found {found}"
            if expected == "a string" and isinstance(issue.input, int | float | bool):
                message += f"; quote it: {quoted(_as_toml(issue.input))}"
            elif expected.startswith("an array") and isinstance(issue.input, str):
                message += f"; write it as an array: [{quoted(issue.input)}]"
        yield Finding(message, Anchor.value(path))
    for issue in ctx.issues_of("union_tag_invalid"):
        path = (*issue.path, "type")
        value = ctx.value_at(path)
        if not isinstance(value, str):
            yield Finding(
                f"{key_label(path)} must be a string, found {toml_type(value)}",
                Anchor.value(path),
            )


def _as_toml(value: int | float | bool) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


RULE = Rule(
    code="BL103",
    name="wrong-type",
    severity="error",
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
