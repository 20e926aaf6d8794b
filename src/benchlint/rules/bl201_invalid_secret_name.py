"""## What it does
Reports a secret reference (`api_key_secret`, `harness_api_key_secret`,
`judge_api_key_secret`, `[verifier].required`, `[secrets].required`) that is not a valid
secret record name: upper-case letters, digits and `_`, starting with a letter, at most 255
characters. An empty string is not a name.

## Why is this bad?
These keys hold the *name* of a Platform secret record (created with
`osmosis secret set NAME`), which the Platform injects as an environment variable of the same
name. The CLI refuses any other form. A value that looks like a credential is reported by
BL202 instead; whatever else fires on the reference (BL303 for a harness credential that is
not its harness's fixed name), an invalid name is still reported here.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import key_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..secrets.detection import contains_credential
from ..structure.spec import node_at
from ..structure.words import describe
from .wording import quoted, upper_name


def check(ctx: Context) -> Iterator[Finding]:
    for issue in ctx.owned("BL201"):
        path, value = issue.path, issue.input
        if contains_credential(value):
            continue  # BL202
        node = node_at(path, ctx.data) or {}
        if issue.kind == "length":
            message = (
                f"{key_label(path)} is longer than {node.get('max_length')} characters: not a "
                "secret record name"
            )
        else:
            message = f"{key_label(path)} must be {describe(node)}, found {quoted(value)}"
            fixed = _fixed_name(ctx, path)
            if fixed is not None:  # a harness credential has one name that works (BL303)
                yield Finding(f"{message}; the harness reads {fixed}", Anchor.value(path))
                continue
            # No suggestion from a value the renderer does not show whole (a token, a URL's
            # password, a long random run): `upper_name` gives "" for it.
            suggestion = upper_name(value)
            if suggestion and suggestion[0].isalpha() and suggestion != value:
                message += f"; e.g. {suggestion}"
        yield Finding(message, Anchor.value(path))


def _fixed_name(ctx: Context, path: tuple[str | int, ...]) -> str | None:
    """The variable the agent's harness reads, for its `harness_api_key_secret`."""
    if path[-1] != "harness_api_key_secret":
        return None
    harness = ctx.value_at((*path[:-1], "harness"))
    return ctx.profile.harness_secret_variable(harness if isinstance(harness, str) else None)


RULE = Rule(
    code="BL201",
    name="invalid-secret-name",
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
api_key_secret = "OpenAI key"
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
