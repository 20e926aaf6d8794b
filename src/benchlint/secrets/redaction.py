"""Keeping credentials out of every output.

`redact` replaces every token-shaped substring of a text, and every password or key in a
URL, with a masked form such as `sk-p…(51 chars)`: the engine passes every message through
it, and so does the output masker (`secrets.output`) for everything that leaves the process.
`show_value` quotes a user's value for a message. What of a config's own text may be shown
is `secrets.source`'s.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.regex import lazy_regex
from ..core.toml_syntax import toml_string, toml_value
from .controls import escaped
from .detection import (
    mask,
    may_be_secret,
    may_hold_token,
    may_hold_url_secret,
    query_secrets,
    random_runs,
    recognised_spans,
    token_pattern,
    url_passwords,
)
from .shape import unproven_spans


def one_line_message(text: str) -> str:
    """A message (a title, a key) as every diagnostic carries it: credentials masked, and no
    control, bidirectional or zero-width character, nor a line break, that some text quoted
    into it brought along (a catalog's benchmark name, a key). The whole message goes
    through the renderer (`shown_text`), so a rule that quotes a value without
    `show_value` still shows nothing the allow-list has not proven harmless."""
    return shown_text(text)


def redact(text: str) -> str:
    """Replace every token-shaped substring of `text`, every password or key in a URL and
    every long random-looking run with a masked form."""
    if not text:
        return text
    if may_hold_token(text):
        text = token_pattern().sub(lambda match: mask(match.group(0)), text)
    if may_hold_url_secret(text):
        text = _passwords_starred(text)
        text = _query_secrets_starred(text)
    runs = random_runs(text)
    if not runs:
        return text
    # One pass: rebuilding the text per run cost the text's length per run (a report of
    # 20,000 random-looking keys took 23 s).
    parts, at = [], 0
    for start, end in runs:
        parts += [text[at:start], mask(text[start:end])]
        at = end
    return "".join(parts) + text[at:]


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
        text = _passwords_starred(text)
        text = _query_secrets_starred(text)
    return text


def _passwords_starred(text: str) -> str:
    """`text` with every URL's password (`url_passwords`) starred, in place, in one pass."""
    parts, at = [], 0
    for start, end in url_passwords(text):
        parts += [text[at:start], _starred(text[start:end], 0, end - start)]
        at = end
    return "".join(parts) + text[at:] if parts else text


def _query_secrets_starred(text: str) -> str:
    """`text` with the value of every credential-named query parameter (`query_secrets`)
    starred, in place."""
    parts, at = [], 0
    for match in query_secrets(text):
        start, end = match.span("value")
        parts += [text[at:start], "*" * (end - start)]
        at = end
    return "".join(parts) + text[at:] if parts else text


def _starred(text: str, start: int, end: int) -> str:
    """`text` with `text[start:end]` replaced by as many `*`, line breaks kept in place."""
    hidden = "".join(ch if ch in "\r\n" else "*" for ch in text[start:end])
    return text[:start] + hidden + text[end:]


def shown_text(text: str, *, escape: bool = True, one_value: bool = False) -> str:
    """Free text from a config, catalog, settings file or file name, as a message may quote
    it: every token not proven harmless (`shape`), every token-shaped run and every URL
    password replaced by its shape (`sk-…(51 chars)`, `…(32 chars)`), every control,
    bidirectional or zero-width character escaped. `one_value`: `text` is one value (not a
    sentence), so a URL password is found in any shape the value may have it (`password_span`;
    in a sentence, `owner/name@version` is not a URL)."""
    spans = unproven_spans(text) + recognised_spans(text, one_value=one_value)
    plain = escaped if escape else str
    if not spans:
        return plain(text)
    out: list[str] = []
    at = 0
    for start, end in _merged(spans):
        out.append(plain(text[at:start]))
        out.append(mask(text[start:end]))
        at = end
    out.append(plain(text[at:]))
    return "".join(out)


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def show_value(value: object, limit: int = 60) -> str:
    """A user's value quoted for a message, as TOML writes it, through the renderer: what is
    not proven harmless shown by its shape (`shown_text`), shortened when long. The cut comes
    after the rendering, so it never shows part of a hidden value."""
    if isinstance(value, str):
        if may_be_secret(value):
            return f'"{mask(value)}"'
        text = toml_string(
            shown_text(value, escape=False, one_value=True)
        )  # TOML's escapes, then the rest
    else:
        text = shown_text(toml_value(value))
    return escaped(text if len(text) <= limit else text[: limit - 1] + "…")


def rendered(data: Any) -> Any:
    """JSON-like data from a config or a catalog with every string through `shown_text`
    (object keys too): what `plan --format json` and `catalog --format json` print."""
    if isinstance(data, str):
        return shown_text(data, one_value=True)
    if isinstance(data, dict):
        return {shown_text(str(key)): rendered(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [rendered(item) for item in data]
    return data


def shown_lines(text: str) -> str:
    """Multi-line text through `shown_text` line by line (its own line breaks kept)."""
    return "\n".join(shown_text(line) for line in text.split("\n"))


_BACKTICKS = lazy_regex(r"`+")
# Inline Markdown's structure: emphasis, code, links and images (no `[`, no link), HTML,
# tables, strike-through; a value is never at a line's start, so `-`, `#`, `1.` are text.
_MARKDOWN = lazy_regex(r"[\\`*_\[\]<>|~]")


def code_span(value: str) -> str:
    """A value as Markdown code (a hover), through the renderer: fenced with more backticks
    than it holds, so no value closes the span and writes a link or an image of its own."""
    shown = shown_text(value, one_value=True)
    longest = max((len(run) for run in _BACKTICKS.findall(shown)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest else ""
    return f"{fence}{pad}{shown}{pad}{fence}"


def markdown_text(text: str) -> str:
    """Free text (a catalog's description, a plan row) as Markdown that reads as written:
    through the renderer, every Markdown punctuation character escaped."""
    return _MARKDOWN.sub(lambda match: "\\" + match.group(), shown_text(text))
