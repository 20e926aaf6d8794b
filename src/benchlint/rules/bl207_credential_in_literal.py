"""## What it does
Reports a literal value that holds a credential in a known format (see BL202), whole or
inside a longer string, under any key of any table — known, unknown or misspelled (`api_key`
in `[agents.model]`), in `[env]`, `[agents.env]`, endpoint `extra_headers`, model names, and
inside inline tables and arrays at any depth. Secret references (`api_key_secret` and the
other record names BL202 checks) are left to BL202, so a value is reported once. In any URL
(`base_url`, a `DATABASE_URL` in `[env]`, ...) a user name and password
(`postgres://user:pass@host/db`) or an `api_key=`/`token=` query parameter count too. The
value is never printed, only a masked form. (A value that is only *named* like a credential,
`DB_PASSWORD = "…"`, is BL213.)

## Why is this bad?
Literal values travel in clear text, in the file and in git history. Treat the key as
leaked: rotate it, store the new one with `osmosis secret set NAME`, and list `NAME` in
`[secrets].required` so the Platform injects it as a variable.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import ConfigPath, key_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..secrets.detection import (
    SHORTEST_TOKEN,
    first_credential,
    mask,
    may_hold_token,
    may_hold_url_secret,
    sensitive_key,
    url_credentials,
)


def literals(ctx: Context, shortest: int = SHORTEST_TOKEN) -> Iterator[tuple[ConfigPath, str]]:
    """(path, value) of each literal string of at least `shortest` characters (8 or more),
    anywhere in the file but the secret references (BL202's) and the agents' `base_url`
    (checked below)."""
    elsewhere = {ref.path for ref in ctx.secret_references}
    elsewhere.update(_base_url_path(index) for index, _ in _base_urls(ctx))
    for path, value in ctx.literals(shortest):
        if path not in elsewhere:
            yield path, value


# `a://b:c@d`: no URL that carries a password is shorter.
SHORTEST_URL_SECRET = 9


def url_secret(value: str) -> str | None:
    """What credential a literal that is a URL carries in clear text (user:password, a
    credential query parameter), if any; None for anything that is not a URL."""
    return url_credentials(value) if "://" in value else None


def _base_urls(ctx: Context) -> Iterator[tuple[int, str]]:
    for index, agent in ctx.agents:
        url = ctx.string(ctx.model_of(agent), "base_url")
        if url is not None:
            yield index, url


def _base_url_path(index: int) -> ConfigPath:
    return ("agents", index, "model", "base_url")


def instead(path: ConfigPath) -> str:
    """What to do instead of writing the credential where it was found."""
    if "extra_headers" in path:
        return "rotate it and authenticate with `api_key_secret` instead"
    key = path[-1]
    # A key named like a credential in a model table (`api_key`): the model's key, misnamed.
    if path[:1] == ("agents",) and path[2:] == ("model", key) and sensitive_key(str(key)):
        return (
            "rotate it, store the new one with `osmosis secret set NAME` and reference NAME "
            "in `api_key_secret` instead"
        )
    return (
        "rotate it, store the new one with `osmosis secret set NAME` and list NAME in "
        "[secrets].required instead"
    )


def check(ctx: Context) -> Iterator[Finding]:
    # The cheap first pass over every string of 8 characters or more, joined: a token can
    # be only where a known prefix is, a URL secret only in a URL with `@` or a query.
    values = [value for _, value in ctx.long_strings]
    joined = "\n".join(values)
    tokens = may_hold_token(joined)
    reported = set()
    if tokens:
        for path, value in literals(ctx):
            token = first_credential(value)
            if token is not None:
                reported.add(path)
                yield Finding(
                    f"{key_label(path)} holds a credential ({mask(token)}) in clear text. "
                    f"Treat it as leaked: {instead(path)}",
                    Anchor.value(path),
                )
    if (
        "://" in joined
        and may_hold_url_secret(joined)  # the joined text holds whatever one value does
        and any("://" in value and may_hold_url_secret(value) for value in values)
    ):
        for path, value in literals(ctx, SHORTEST_URL_SECRET):
            carried = url_secret(value)
            if carried and path not in reported:
                yield Finding(
                    f"{key_label(path)} carries {carried} in clear text. Treat it as leaked: "
                    f"{instead(path)}",
                    Anchor.value(path),
                )
    for index, url in _base_urls(ctx):
        path = _base_url_path(index)
        token = first_credential(url) if tokens else None
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
