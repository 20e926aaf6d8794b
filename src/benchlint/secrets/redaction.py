"""Keeping credentials out of every output.

`redact` replaces every token-shaped substring of a text, and every password or key in a
URL, with a masked form such as `sk-p…(51 chars)`: the engine passes every message through
it, and so does the output masker (`secrets.output`) for everything that leaves the process.
`show_value` quotes a user's value for a message. What of a config's own text may be shown
is `secrets.source`'s.
"""

from __future__ import annotations

import re

from ..core.toml_syntax import toml_string, toml_value
from .detection import (
    QUERY_SECRET,
    USERINFO_IN_TEXT,
    mask,
    may_be_secret,
    may_hold_token,
    may_hold_url_secret,
    password_span,
    random_runs,
    token_pattern,
)


def redact(text: str) -> str:
    """Replace every token-shaped substring of `text`, every password or key in a URL and
    every long random-looking run with a masked form."""
    if not text:
        return text
    if may_hold_token(text):
        text = token_pattern().sub(lambda match: mask(match.group(0)), text)
    if may_hold_url_secret(text):
        text = USERINFO_IN_TEXT.sub(lambda match: _stars(match, 1), text)
        text = QUERY_SECRET.sub(lambda match: _stars(match, 1), text)
    runs = random_runs(text)
    for start, end in reversed(runs):
        text = text[:start] + mask(text[start:end]) + text[end:]
    return text


def redact_same_width(text: str) -> str:
    """Like `redact`, keeping each character in place (code frames stay aligned)."""
    if not text:
        return text

    def hide(match: re.Match[str]) -> str:
        token = match.group(0)
        return token[:4] + "*" * (len(token) - 4)

    if may_hold_token(text):
        text = token_pattern().sub(hide, text)
    if may_hold_url_secret(text):
        text = USERINFO_IN_TEXT.sub(lambda match: _stars(match, 1), text)
        text = QUERY_SECRET.sub(lambda match: _stars(match, 1), text)
    return text


def _stars(match: re.Match[str], group: int | str, keep: int = 0) -> str:
    """The match with a group's characters after the first `keep` replaced by `*`."""
    whole = match.group(0)
    start = match.start(group) - match.start(0) + keep
    return _starred(whole, start, max(start, match.end(group) - match.start(0)))


def _starred(text: str, start: int, end: int) -> str:
    """`text` with `text[start:end]` replaced by as many `*`, line breaks kept in place."""
    hidden = "".join(ch if ch in "\r\n" else "*" for ch in text[start:end])
    return text[:start] + hidden + text[end:]


def show_value(value: object, limit: int = 60) -> str:
    """A user's value quoted for a message, as TOML writes it: masked when it may be secret,
    shortened when long."""
    if not isinstance(value, str):
        text = toml_value(value)
        return text if len(text) <= limit else text[: limit - 1] + "…"
    if may_be_secret(value):
        return f'"{mask(value)}"'
    # URL secrets are masked before shortening, so that a cut cannot split them from their
    # markers (no token is in the value: checked above).
    password = password_span(value) if "@" in value else None
    if password is not None:
        value = _starred(value, *password)
    if may_hold_url_secret(value):
        value = redact_same_width(value)
    return toml_string(value if len(value) <= limit else value[: limit - 1] + "…")
