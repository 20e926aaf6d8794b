"""## What it does
Reports a value outside its allowed set: a model `type` other than "provider", "endpoint" or
"hosted" (with the closest one suggested), a `task_set` other than "parity", and a blank
string where a name is needed (`benchmark`, `harness`, task selectors, model fields).

## Why is this bad?
A `task_set` typo is the costliest mistake a config can hold: the Platform silently expands
an unknown task set to the *full* benchmark, so `"Parity"` runs every task at full price.
The CLI refuses the other cases, after you waited for it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..core.paths import key_label
from ..domain.constants import MODEL_TYPES, TASK_SETS
from ..domain.constants import NON_BLANK_PATTERN as BLANK_PATTERN
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import replace_value, toml_string
from .wording import closest, one_of, quoted


def check(ctx: Context) -> Iterator[Finding]:
    for issue in ctx.issues_of("literal_error", "union_tag_invalid"):
        path = issue.path
        allowed: tuple[str, ...]
        if issue.type == "union_tag_invalid":
            path = (*path, "type")
            allowed = MODEL_TYPES
            found = ctx.value_at(path)
            if not isinstance(found, str):
                continue  # a `type` that is not a string is BL103's
        else:
            allowed = TASK_SETS if path == ("tasks", "task_set") else ()
            found = issue.input
        if not allowed:
            continue
        match = closest(found, allowed) if isinstance(found, str) else None
        message = f"{key_label(path)} must be {one_of(allowed)}, found {quoted(found)}"
        if path == ("tasks", "task_set"):
            message += " (the Platform would silently run the full benchmark)"
        fix = None
        if match:
            message += f'; did you mean "{match}"?'
            edit = replace_value(ctx.document, path, toml_string(match))
            if edit is not None:
                fix = Fix(f'Replace with "{match}"', "unsafe", (edit,))
        yield Finding(message, Anchor.value(path), fix=fix)
    for issue in ctx.issues_of("string_pattern_mismatch", "string_too_short"):
        if issue.on_key or not _blank_check(issue.type, issue.context):
            continue
        if issue.path[:1] == ("execution",):
            continue  # judge_model: BL106
        yield Finding(f"{key_label(issue.path)} must not be blank", Anchor.value(issue.path))


def _blank_check(kind: str, context: dict[str, object]) -> bool:
    if kind == "string_too_short":
        return context.get("min_length") == 1
    return context.get("pattern") == BLANK_PATTERN


RULE = Rule(
    code="BL104",
    name="invalid-value",
    severity="error",
    doc=__doc__ or "",
    check=check,
    fix="Replace the value with the single close allowed value (unsafe: it changes what runs).",
    bad="""\
[experiment]
benchmark = "hle"

[tasks]
task_set = "Parity"

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
