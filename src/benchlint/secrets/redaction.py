"""Keeping credentials out of every output.

`redact` is the safety net every output passes through (messages, code frames, diffs, hover
text), replacing any token-shaped substring with a masked form such as `sk-p…(51 chars)`;
`redact_source*` mask the lines of a config shown in code frames and diffs, keeping every
character in place; `show_value` quotes a user's value for a message.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..core.toml_syntax import toml_string, toml_value
from .detection import (
    GENERIC_SECRET_VALUE,
    NAME_KEYS,
    QUERY_SECRET,
    USERINFO_IN_TEXT,
    mask,
    may_be_secret,
    may_hold_token,
    may_hold_url_secret,
    password_span,
    sensitive_key,
    token_pattern,
)

# `key = "value"` (or a literal string) anywhere on a line, inline tables included.
_SOURCE_PAIR = re.compile(
    # (the lookbehind: a bare key is tried once per run of key characters, not at each of
    # them, which made a 30 KB line take seconds)
    r"(?P<key>\"(?:[^\"\\]|\\.)*\"|'[^']*'|(?<![A-Za-z0-9_-])[A-Za-z0-9_-]+)\s*=\s*"
    r"(?P<quote>\"|')(?P<value>(?:\\.|(?!(?P=quote)).)*)"
)


def redact(text: str) -> str:
    """Replace every token-shaped substring of `text` with its masked form."""
    if not text:
        return text
    if may_hold_token(text):
        text = token_pattern().sub(lambda match: mask(match.group(0)), text)
    if may_hold_url_secret(text):
        text = USERINFO_IN_TEXT.sub(lambda match: _stars(match, 1), text)
        text = QUERY_SECRET.sub(lambda match: _stars(match, 1), text)
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


def redact_source_line(line: str) -> str:
    """A line of a config as it may be shown (code frames, diffs): tokens, URL passwords and
    query secrets masked, and every value of a credential-named key (`X-Api-Key`,
    `GITHUB_TOKEN`, `Authorization`) too; each character keeps its place."""
    line = redact_same_width(line)

    def pair(match: re.Match[str]) -> str:
        key = match.group("key")
        if key.startswith('"') and "\\" in key:  # `"db_pass\u0077ord"` is `db_password`
            from ..parsing.mapping import decode_key

            key = decode_key(key)
        key = key.strip("\"'")
        value = match.group("value")
        sensitive = key not in NAME_KEYS and sensitive_key(key)
        if len(value) > 4 and (sensitive or GENERIC_SECRET_VALUE.match(value)):
            return _stars(match, "value", keep=4)
        password = password_span(value) if "@" in value else None
        if password is not None:  # a URL password in any shape (no scheme, spaces, quotes)
            value_at = match.start("value") - match.start(0)
            return _starred(match.group(0), value_at + password[0], value_at + password[1])
        return match.group(0)

    return _SOURCE_PAIR.sub(pair, line)


# A multi-line string value and the key before it; an unclosed one runs to the end. (Only for
# a file with a syntax error: otherwise the source map finds them, comments understood.)
_MULTILINE_PAIR = re.compile(
    r"""(?P<key>"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|(?<![A-Za-z0-9_-])[A-Za-z0-9_-]+)[ \t]*="""
    r"""[ \t]*"""
    r"""(?P<quote>\"\"\"|''')(?P<value>.*?)(?:(?P=quote)|\Z)""",
    re.DOTALL,
)


def redact_source(text: str) -> str:
    """A config's whole text as it may be shown: each line as `redact_source_line` shows it,
    and the body of a multi-line string that a line alone cannot judge (a credential-named
    key's, or one holding a token or a private key) masked after its first 4 characters.
    Every character keeps its place, line breaks included."""
    return redact_source_range(text, 0, len(text))


def redact_source_range(text: str, start: int, end: int) -> str:
    """`text[start:end]` (whole lines, or a `key = value` from its key on) as
    `redact_source(text)` shows it, without masking the rest of the text (a report shows a
    few lines of each file)."""
    piece = "\n".join(redact_source_line(line) for line in text[start:end].split("\n"))
    return _hide(piece, text, start, end)


def _hide(shown: str, text: str, start: int, end: int) -> str:
    """`shown`, the masked form of `text[start:end]`, with the multi-line secret bodies of
    `text` that overlap it starred (line breaks kept)."""
    for body_start, body_end in _secret_bodies(text):
        low, high = max(body_start, start), min(body_end, end)
        if low < high:
            shown = _starred(shown, low - start, high - start)
    return shown


@lru_cache(maxsize=16)
def _secret_bodies(text: str) -> tuple[tuple[int, int], ...]:
    """Where the bodies of secret multi-line strings lie, each after its first 4 characters.

    Found through the source map, which knows comments and strings apart (three quotes in
    a comment must not put the rest out of step) and decodes quoted keys; in a file with a
    syntax error, the plain pattern's finds are added too (blanked lines hide strings)."""
    if '"""' not in text and "'''" not in text:
        return ()
    from ..parsing.document import parse  # only a text with a multi-line string gets here

    document = parse(text)
    bodies: set[tuple[int, int]] = set()
    for path, entry in document.source_map.entries.items():
        span = entry.value
        if span is None or not text.startswith(('"""', "'''"), span.start):
            continue
        key = next((part for part in reversed(path) if isinstance(part, str)), "")
        start, end = span.start + 3, max(span.start + 3, span.end - 3)
        if _is_secret_body(key, text[start:end]):
            bodies.add((start + 4, end))
    if document.syntax is not None:
        for match in _MULTILINE_PAIR.finditer(text):
            key = match.group("key").strip("\"'")
            if _is_secret_body(key, match.group("value")):
                bodies.add((match.start("value") + 4, match.end("value")))
    return tuple(sorted(body for body in bodies if body[0] < body[1]))


def _is_secret_body(key: str, body: str) -> bool:
    return len(body) > 4 and (
        (key not in NAME_KEYS and sensitive_key(key))
        or any(may_be_secret(part.strip()) or "PRIVATE KEY" in part for part in body.split("\n"))
    )


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
