"""## What it does
Reports a literal value that holds a credential in a known format (see BL202): in `[env]`,
`[agents.env]`, endpoint `extra_headers` values, model names (`model`, `base_model`,
`lora_model_name`, `[execution].judge_model`), and `base_url` — where a
user name and password (`https://user:pass@host`) or an `api_key=`/`token=` query parameter
count too. The value is never printed, only a masked form.

## Why is this bad?
Literal values travel in clear text, in the file and in git history. Treat the key as
leaked: rotate it, store the new one with `osmosis secret set NAME`, and list `NAME` in
`[secrets].required` so the Platform injects it as a variable.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import key_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..secrets.detection import (
    SHORTEST_TOKEN,
    first_credential,
    mask,
    may_hold_token,
    url_credentials,
)
from .bl206_authorization_header import headers

_MODEL_NAME_KEYS = ("model", "base_model", "lora_model_name")


def literals(ctx: Context) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """(path, value) of each literal string long enough to hold a credential."""
    shortest = SHORTEST_TOKEN
    for name, value in ctx.env_of(ctx.data).items():
        if isinstance(value, str) and len(value) >= shortest:
            yield ("env", name), value
    for index, agent in ctx.agents:
        for name, value in ctx.env_of(agent).items():
            if isinstance(value, str) and len(value) >= shortest:
                yield ("agents", index, "env", name), value
        model = ctx.model_of(agent)
        for key in _MODEL_NAME_KEYS:
            value = ctx.string(model, key)
            if value is not None and len(value) >= shortest:
                yield ("agents", index, "model", key), value
    for path, _, value in headers(ctx):
        if isinstance(value, str) and len(value) >= shortest:
            yield path, value
    judge = ctx.string(ctx.table("execution"), "judge_model")
    if judge is not None and len(judge) >= shortest:
        yield ("execution", "judge_model"), judge


def check(ctx: Context) -> Iterator[Finding]:
    found = list(literals(ctx))
    # One prefix search over all the values (a newline joins them: no prefix spans one)
    # instead of one per value; a clean config ends here.
    if not may_hold_token("\n".join(value for _, value in found)):
        found = []
    for path, value in found:
        token = first_credential(value)
        if token is not None:
            header = "extra_headers" in path
            instead = (
                "rotate it and authenticate with `api_key_secret` instead"
                if header
                else "rotate it, store the new one with `osmosis secret set NAME` and list NAME "
                "in [secrets].required instead"
            )
            yield Finding(
                f"{key_label(path)} holds a credential ({mask(token)}) in clear text. Treat it "
                f"as leaked: {instead}",
                Anchor.value(path),
            )
    for index, agent in ctx.agents:
        url = ctx.string(ctx.model_of(agent), "base_url")
        if url is None:
            continue
        path = ("agents", index, "model", "base_url")
        token = first_credential(url)
        carried = f"a credential ({mask(token)})" if token else url_credentials(url)
        if carried:
            yield Finding(
                f"{key_label(path)} carries {carried} in clear text; authenticate with "
                "`api_key_secret` and rotate the exposed credential",
                Anchor.value(path),
            )


RULE = Rule(
    code="BL207",
    name="credential-in-literal",
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

[agents.env]
GITHUB_TOKEN = "ghp_EXAMPLEexampleEXAMPLEexample01234567"
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
