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
from ..core.toml_syntax import toml_string
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import replace_value
from ..structure.issues import StructuralIssue
from ..structure.spec import allowed_at, node_at
from ..structure.words import describe, one_of
from .wording import closest, quoted


def check(ctx: Context) -> Iterator[Finding]:
    for issue in ctx.owned("BL104"):
        path = issue.path
        if issue.kind == "allowed":
            yield _not_allowed(ctx, issue)
        elif issue.kind == "blank":
            yield Finding(f"{key_label(path)} must not be blank", Anchor.value(path))
        else:
            node = node_at(path, ctx.data)
            if issue.kind == "length" and node is not None and "max_length" in node:
                message = (
                    f"{key_label(path)} is longer than {node['max_length']} characters "
                    f"({len(str(issue.input))})"
                )
            elif issue.kind == "invalid":
                reason = issue.context.get("error", "not accepted")
                message = f"{key_label(path)} is not valid: {reason}, found {quoted(issue.input)}"
            else:
                expected = describe(node) if node is not None else "another value"
                message = f"{key_label(path)} must be {expected}, found {quoted(issue.input)}"
            yield Finding(message, Anchor.value(path))


def _not_allowed(ctx: Context, issue: StructuralIssue) -> Finding:
    path, found = issue.path, issue.input
    allowed = allowed_at(path, ctx.data)
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
    return Finding(message, Anchor.value(path), fix=fix)


RULE = Rule(
    code="BL104",
    name="invalid-value",
    severity="error",
    doc=__doc__ or "",
    check=check,
    owned_issues_only=True,
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
