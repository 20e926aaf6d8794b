"""## What it does
Reports an endpoint `base_url` that is not an absolute `http://` or `https://` URL with a
host.

## Why is this bad?
The CLI forwards the URL as written; the run fails only when the first agent tries to reach
the model. `models.example.com/v1` (no scheme) and `https:/models…` (one slash) are the usual
slips.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from urllib.parse import SplitResult, urlsplit

from ..core.paths import key_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from .wording import quoted


def endpoint_urls(ctx: Context) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """(path, value) of each endpoint model's non-blank `base_url`."""
    for index, agent in ctx.agents:
        model = ctx.model_of(agent)
        url = ctx.string(model, "base_url")
        if model.get("type") == "endpoint" and url and url.strip():
            yield ("agents", index, "model", "base_url"), url


@lru_cache(maxsize=256)
def split_url(url: str) -> tuple[SplitResult | None, str | None]:
    """The URL's parts and host, or (None, None) when it cannot be split."""
    try:
        parts = urlsplit(url)
        return parts, parts.hostname
    except ValueError:
        return None, None


@lru_cache(maxsize=256)
def _valid(url: str) -> bool:
    parts, host = split_url(url)
    if parts is None or parts.scheme not in ("http", "https") or not host:
        return False
    if url != url.strip() or any(c.isspace() for c in parts.netloc):
        return False  # urlsplit forgives spaces that an HTTP client will not
    try:
        parts.port  # noqa: B018 -- raises ValueError for a port that is not a number
    except ValueError:
        return False
    return True


def check(ctx: Context) -> Iterator[Finding]:
    for path, url in endpoint_urls(ctx):
        if _valid(url):
            continue
        parts, _ = split_url(url)
        message = (
            f"{key_label(path)} must be an absolute http:// or https:// URL with a host, "
            f"found {quoted(url)}"
        )
        if parts is not None and not parts.scheme and "." in url.split("/", 1)[0]:
            message += f"; did you mean {quoted('https://' + url.strip())}?"
        yield Finding(message, Anchor.value(path))


RULE = Rule(
    code="BL109",
    name="invalid-endpoint-url",
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
base_url = "models.example.com/v1"
model = "team/coder-32b"
api_key_secret = "TEAM_ENDPOINT_KEY"
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
