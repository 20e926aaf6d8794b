"""## What it does
Warns when an endpoint `base_url` uses plain `http://` to a host that is not loopback.

## Why is this bad?
Every request carries the endpoint key from `api_key_secret`; over plain HTTP it crosses the
network unencrypted. Loopback addresses (`localhost`, `127.0.0.1`, `::1`) are exempt.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator
from functools import lru_cache

from ..core.paths import key_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from .bl109_invalid_endpoint_url import endpoint_urls, split_url


@lru_cache(maxsize=256)
def is_loopback(host: str) -> bool:
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def written_host(netloc: str) -> str:
    """The host as the URL spells it (`urlsplit`'s `hostname` is lower-cased): after the
    user part, without the port; an IPv6 address keeps its brackets."""
    host = netloc.rpartition("@")[2]
    if host.startswith("["):
        return host[: host.find("]") + 1] or host
    return host.partition(":")[0]


def check(ctx: Context) -> Iterator[Finding]:
    for path, url in endpoint_urls(ctx):
        parts, host = split_url(url)
        if parts is not None and parts.scheme == "http" and host and not is_loopback(host):
            yield Finding(
                f"{key_label(path)} uses plain http:// to {written_host(parts.netloc)}: the "
                "endpoint key would cross "
                "the network unencrypted; use https://",
                Anchor.value(path),
            )


RULE = Rule(
    code="BL110",
    name="insecure-endpoint",
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
base_url = "http://models.example.com/v1"
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
