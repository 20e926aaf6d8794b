"""## What it does
Reports a secret reference that holds a credential rather than a record name: a known token
format such as `sk-…`, `sk-ant-…`, `hf_…`, `ghp_…`, `github_pat_…`, `AIza…`, `AKIA…`/`ASIA…`,
`gsk_…`, `sk-or-v1-…`, `xai-…`, `pplx-…`, a JWT or a PEM block, whole or inside a longer
string (a pasted `.env` line `ANTHROPIC_API_KEY=sk-ant-…`, `Bearer hf_…`,
`export GITHUB_TOKEN=ghp_…`). The value is never printed, only a masked form.

## Why is this bad?
The key is now in the file, and probably in git history: treat it as leaked. Rotate it,
store the new one with `osmosis secret set NAME`, and reference `NAME`. (`AKIA…` access-key
IDs even pass the name pattern, so the CLI would accept them and look for a record named
after the key.)
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..core.paths import key_label
from ..core.regex import lazy_regex
from ..core.toml_syntax import toml_string
from ..domain.providers import provider_key
from ..lint.context import Context, SecretReference
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import replace_value
from ..secrets.detection import contains_credential, first_credential, mask

_TOKEN_KEYS = (
    ("sk-ant-", "ANTHROPIC_API_KEY"),
    ("sk-or-", "OPENROUTER_API_KEY"),
    ("sk-", "OPENAI_API_KEY"),
    ("gsk_", "GROQ_API_KEY"),
    ("xai-", "XAI_API_KEY"),
    ("pplx-", "PERPLEXITY_API_KEY"),
    ("AIza", "GEMINI_API_KEY"),
    ("hf_", "HF_API_TOKEN"),
    ("ghp_", "GITHUB_TOKEN"),
    ("github_pat_", "GITHUB_TOKEN"),
)


# A record name pasted with the token: `NAME=sk-…`, `export NAME=…`, `NAME: …`.
_PASTED_NAME = lazy_regex(r"(?:^|\s)([A-Z][A-Z0-9_]*)\s*[=:]\s*[\"']?$")


def suggested_name(ctx: Context, ref: SecretReference, token: str) -> str:
    """A record name for the credential: the harness's fixed variable, a name pasted with the
    token, the model's provider, or the token's kind."""
    if ref.kind == "harness":
        harness = ctx.value_at((*ref.path[:-1], "harness"))
        fixed = ctx.profile.harness_secret_variable(harness if isinstance(harness, str) else None)
        if fixed:
            return fixed
    pasted = _PASTED_NAME.search(ref.value[: ref.value.find(token)])
    if pasted and not contains_credential(pasted.group(1)):
        return pasted.group(1)
    if ref.kind == "model":
        model = ctx.value_at((*ref.path[:-1], "model"))
        named = provider_key(model) if isinstance(model, str) else None
        if named:
            return named
    for prefix, name in _TOKEN_KEYS:
        if token.startswith(prefix):
            return name
    return "JUDGE_API_KEY" if ref.kind == "judge" else "API_KEY"


def check(ctx: Context) -> Iterator[Finding]:
    for ref in ctx.secret_references:
        token = first_credential(ref.value)
        if token is None:
            continue
        name = suggested_name(ctx, ref, token)
        edit = replace_value(ctx.document, ref.path, toml_string(name))
        yield Finding(
            f"{key_label(ref.path)} holds what looks like a credential "
            f"({mask(token)}), not a secret record name. Treat the key as leaked: "
            "rotate it, store the new one "
            f'with `osmosis secret set {name}`, and reference "{name}"',
            Anchor.value(ref.path),
            fix=Fix(f'Reference the secret record "{name}" instead', "unsafe", (edit,))
            if edit
            else None,
        )


RULE = Rule(
    code="BL202",
    name="credential-in-secret-name",
    severity="error",
    doc=__doc__ or "",
    check=check,
    fix="Replace the value with a suggested record name such as OPENAI_API_KEY (unsafe: the "
    "record must exist, and the leaked key must still be rotated).",
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "sk-proj-EXAMPLEexampleEXAMPLEexample0123"
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
