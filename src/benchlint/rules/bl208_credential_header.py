"""## What it does
Warns about an endpoint header whose name carries credentials: `Proxy-Authorization`,
`X-Api-Key`, `Api-Key`, `Cookie`, `X-Auth-Token` and the like. (`Authorization` itself is
BL206.)

## Why is this bad?
`extra_headers` values are literal text in the file, so a credential sent this way is
stored in clear text and in git. Authenticate with `api_key_secret` where the endpoint
allows it; otherwise keep the file out of shared history.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import table_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from .bl206_authorization_header import headers

CREDENTIAL_HEADERS = frozenset(
    {
        "proxy-authorization",
        "x-api-key",
        "api-key",
        "apikey",
        "x-apikey",
        "cookie",
        "x-auth-token",
        "x-access-token",
        "authentication",
        "x-goog-api-key",
        "x-amz-security-token",
        "ocp-apim-subscription-key",
        "x-functions-key",
        "private-token",
        "x-token",
    }
)


def check(ctx: Context) -> Iterator[Finding]:
    for path, name, _ in headers(ctx):
        folded = name.strip().casefold()
        near_authorization = folded == "authorization" and name.casefold() != folded
        if folded in CREDENTIAL_HEADERS or near_authorization:
            yield Finding(
                f"header `{name}` in {table_label(path[:-1])} usually carries a credential, and "
                "extra_headers values are clear text in the file; authenticate with "
                "`api_key_secret` instead",
                Anchor.key(path),
            )


RULE = Rule(
    code="BL208",
    name="credential-header",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "endpoint"
base_url = "https://models.example.com/v1"
model = "team/coder-32b"
api_key_secret = "TEAM_ENDPOINT_KEY"

[agents.model.extra_headers]
X-Api-Key = "placeholder"
""",
    good="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "endpoint"
base_url = "https://models.example.com/v1"
model = "team/coder-32b"
api_key_secret = "TEAM_ENDPOINT_KEY"

[agents.model.extra_headers]
X-Team = "evals"
""",
)
