"""## What it does
Reports an `Authorization` header (in any letter case) in an endpoint's `extra_headers`.

## Why is this bad?
Endpoint authentication comes from `api_key_secret`, which the Platform sends for you.
A literal `Authorization` header puts the key in the file (and in git) and conflicts with the
one the Platform sets. The CLI refuses the file.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import table_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule


def headers(ctx: Context) -> Iterator[tuple[tuple[str | int, ...], str, object]]:
    """(path, name, value) of every endpoint header, whatever the model type."""
    for index, agent in ctx.agents:
        table = ctx.model_of(agent).get("extra_headers")
        if isinstance(table, dict):
            for name, value in table.items():
                yield ("agents", index, "model", "extra_headers", name), name, value


def check(ctx: Context) -> Iterator[Finding]:
    for path, name, _ in headers(ctx):
        if name.casefold() == "authorization":  # exactly the CLI's test; near misses: BL208
            yield Finding(
                f"`{name}` header in {table_label(path[:-1])}: endpoint authentication comes "
                "from `api_key_secret`, which the Platform sends; remove the header",
                Anchor.key(path),
            )


RULE = Rule(
    code="BL206",
    name="authorization-header",
    severity="error",
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
Authorization = "Bearer placeholder"
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
""",
)
