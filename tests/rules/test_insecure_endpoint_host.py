"""BL110 names the host as the URL spells it (`urlsplit`'s `hostname` is lower-cased),
without its user part or port."""

from __future__ import annotations

import pytest

from benchlint import lint_text

CONFIG = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "endpoint"
model = "m"
base_url = "{url}"
api_key_secret = "K"
"""


def bl110_message(url: str) -> str:
    found = lint_text(CONFIG.format(url=url), path="configs/benchmark/a.toml")
    (message,) = [finding.message for finding in found if finding.code == "BL110"]
    return message


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("http://API.Example.com/v1", "to API.Example.com:"),
        ("http://api.example.com:8080/v1", "to api.example.com:"),
        ("http://bob:pw@Host.example.com/x", "to Host.example.com:"),
        ("http://C4_DSDC6L", "to C4_DSDC6L:"),
        ("http://[2001:DB8::1]:8080/v1", "to [2001:DB8::1]:"),
    ],
)
def test_the_host_is_named_as_written(url: str, shown: str) -> None:
    assert shown in bl110_message(url)


def test_the_user_part_is_never_named() -> None:
    message = bl110_message("http://cdbWB2d@C4_DSDC6L")
    assert "cdbwb2d" not in message.lower()
    assert "C4_DSDC6L" in message
