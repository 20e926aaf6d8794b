"""What of a config's own text may be shown: the text with every secret in it starred, and the
credentials it holds, found once per text.

A secret is found where the file says it is, not only where a pattern sees one:

- from the parsed values, through the source map: a value is judged by what it *is* (escapes
  decoded, line continuations joined: `"\\u0073k-…"` is a token), and its whole span is
  starred, whatever it looks like in the text; so are array elements, inline-table members
  and multi-line strings, a key or header name that is a token, and a value whose key names a
  credential (`DB_PASSWORD`, `X-Api-Key`), except the config's own secret references, which
  hold record names that the user must see (those are judged by their form alone);
- from the text itself, for what no value covers: tokens, private keys and long random-looking
  runs anywhere, comments and broken lines included (a private key's body spans lines),
  passwords in URLs, and values of credential-named keys written as `KEY=value` or
  `key: value`.

`masked_source(text)` keeps every character in place (line breaks too), so code frames,
diffs and outlines line up with the real text. `credentials(text)` are the strings that no
output may contain: the output masker (`secrets.output`) looks for them in everything sent.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

from .detection import (
    NAME_KEYS,
    QUERY_SECRET,
    USERINFO_IN_TEXT,
    looks_random,
    may_be_secret,
    may_hold_token,
    may_hold_url_secret,
    password_span,
    random_runs,
    sensitive_key,
    token_pattern,
    url_credentials,
)

_TRIPLE_QUOTES = ('"""', "'''")
KEEP = 4  # characters of a secret left readable: enough to recognise it, not to use it
SHORTEST_CREDENTIAL = 8  # shorter strings are not looked for in output (too many false hits)

# `key = "value"` (or a literal string) anywhere on a line, inline tables and comments
# included. (The lookbehind: a bare key is tried once per run of key characters, not at each
# of them, which made a 30 KB line take seconds.)
_SOURCE_PAIR = re.compile(
    r"(?P<key>\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*'|(?<![A-Za-z0-9_-])[A-Za-z0-9_-]+)[ \t]*=[ \t]*"
    r"(?P<quote>\"|')(?P<value>(?:\\.|(?!(?P=quote))[^\n])*)"
)
# `KEY=value`, `key: value` (a `.env` line, YAML, a comment): a credential-named key's
# unquoted value, up to a blank, quote or comma. The key may be quoted (`"db password" = x`,
# JSON's `"password": x`).
_KEY = (
    r"(?:(?<![A-Za-z0-9_.-])(?P<key>[A-Za-z_][A-Za-z0-9_.-]*)"
    r"|(?P<kq>[\"'])(?P<quoted>[^\"'\n]+)(?P=kq))"
)
_PLAIN_ASSIGNMENT = re.compile(_KEY + r"[ \t]*(?:=|:(?!//))[ \t]*(?P<value>[^\s\"'`,;{}\[\]#]{5,})")
# `key: "value"` (YAML, JSON): a quoted value after a colon, to its closing quote. (After `=`
# it is TOML's, judged by `_SOURCE_PAIR`: a TOML `*_secret` key holds a record name.)
_QUOTED_AFTER_COLON = re.compile(
    _KEY + r"[ \t]*:[ \t]*(?P<vq>[\"'])(?P<value>(?:\\.|(?!(?P=vq))[^\n\\]){5,})"
)
# A `.netrc` password: `password VALUE` after `machine HOST`, `login USER`, `account ACCT`,
# `default` or at the start of a line (prose such as "a token pasted into" must stay readable).
_SPACED_PAIR = re.compile(
    r"(?:^[ \t]*|\b(?:machine|login|account)[ \t]+\S+[ \t]+|\bdefault[ \t]+)"
    r"(?P<key>password|passwd)[ \t]+(?P<value>[^\s\"'`,;{}\[\]#=:]{5,})",
    re.IGNORECASE | re.MULTILINE,
)
# A multi-line string value after its key, in a file with a syntax error (the source map does
# not see the blanked lines); an unclosed one runs to the end.
_MULTILINE_PAIR = re.compile(
    r"""(?P<key>"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|(?<![A-Za-z0-9_-])[A-Za-z0-9_-]+)[ \t]*="""
    r"""[ \t]*(?P<quote>\"\"\"|''')(?P<value>.*?)(?:(?P=quote)|\Z)""",
    re.DOTALL,
)


class SourceSecrets(NamedTuple):
    masked: str  # the text, every secret starred after its first KEEP characters
    credentials: frozenset[str]  # credential strings in it (as written, and decoded)


def masked_source(text: str) -> str:
    return source_secrets(text).masked


@lru_cache(maxsize=32)
def credentials(text: str) -> frozenset[str]:
    """The credentials a text holds (cheap when it can hold none, as most configs)."""
    if not _may_hold_credentials(text):
        return frozenset()
    return source_secrets(text).credentials


@lru_cache(maxsize=32)
def source_secrets(text: str) -> SourceSecrets:
    found = _Finder(text)
    found.from_text()
    found.from_values()
    return SourceSecrets(found.starred(), frozenset(found.credentials))


def _may_hold_credentials(text: str) -> bool:
    if may_hold_token(text) or may_hold_url_secret(text):
        return True
    return bool(random_runs(text))


def _names_a_credential(key: str) -> bool:
    """A key whose value is a credential whatever it looks like; never a key that holds a
    secret *record name* (`api_key_secret`, `harness_api_key_secret`, ...)."""
    return not _reference_key(key) and not key.endswith("_secret") and sensitive_key(key)


def _reference_key(key: str) -> bool:
    """One of the config's secret reference fields, however it is written (`API_KEY_SECRET`
    in a `.env` line, `judge-api-key-secret:` in YAML): its value is a record name."""
    return re.sub(r"[-. ]", "_", key.lower()) in NAME_KEYS


def _is_credential(value: str) -> bool:
    return may_be_secret(value) or "PRIVATE KEY" in value or url_credentials(value) is not None


class _Finder:
    def __init__(self, text: str) -> None:
        self.text = text
        self.spans: list[tuple[int, int]] = []
        self.credentials: set[str] = set()

    def hide(self, start: int, end: int, *, keep: int = KEEP) -> None:
        if end - start > keep:
            self.spans.append((start + keep, end))

    def credential(self, value: str) -> None:
        if len(value) >= SHORTEST_CREDENTIAL:
            self.credentials.add(value)

    # -- the text itself ----------------------------------------------------------------------
    def from_text(self) -> None:
        text = self.text
        if may_hold_token(text):
            for match in token_pattern().finditer(text):
                self.hide(match.start(), match.end())
                self.credential(match.group(0))
        if may_hold_url_secret(text):
            for pattern in (USERINFO_IN_TEXT, QUERY_SECRET):
                for match in pattern.finditer(text):
                    self.hide(match.start(1), match.end(1), keep=0)
                    self.credential(match.group(1))
        for start, end in random_runs(text):  # a random-looking run, wherever it stands
            self.hide(start, end)
            self.credential(text[start:end])
        for match in _SOURCE_PAIR.finditer(text):
            self._pair(match)
        for pattern in (_PLAIN_ASSIGNMENT, _QUOTED_AFTER_COLON):
            for match in pattern.finditer(text):
                # not TOML (a `.env`, YAML or `.ini` line): any `*_secret` key but the config's
                # own reference fields holds a secret, not a record name
                key = match.group("key") or match.group("quoted")
                if not _reference_key(key) and sensitive_key(key):
                    self.hide(match.start("value"), match.end("value"))
        for match in _SPACED_PAIR.finditer(text):
            self.hide(match.start("value"), match.end("value"))
            self.credential(match.group("value"))
        if '"""' in text or "'''" in text:
            for match in _MULTILINE_PAIR.finditer(text):
                body = match.group("value")
                key = _decoded_key(match.group("key"))
                if _names_a_credential(key) or any(
                    _is_credential(part.strip()) for part in body.split("\n")
                ):
                    self.hide(match.start("value"), match.end("value"))

    def _pair(self, match: re.Match[str]) -> None:
        value = match.group("value")
        start = match.start("value")
        if len(value) > KEEP and (
            _names_a_credential(_decoded_key(match.group("key"))) or looks_random(value)
        ):
            self.hide(start, match.end("value"))
            if looks_random(value):
                self.credential(value)
            return
        password = password_span(value) if "@" in value else None
        if password is not None:  # a URL password in any shape (no scheme, spaces, quotes)
            self.hide(start + password[0], start + password[1], keep=0)

    # -- the parsed values --------------------------------------------------------------------
    def from_values(self) -> None:
        from ..parsing.document import parse  # only a text that is shown gets here

        document = parse(self.text)
        data = document.data
        text = self.text
        for path, entry in document.source_map.entries.items():
            names = [part for part in path if isinstance(part, str)]
            if entry.key is not None and names and _is_credential(names[-1]):
                self.hide(entry.key.start, entry.key.end)
                self.credential(names[-1])
            if entry.header is not None and any(_is_credential(name) for name in names):
                self.hide(entry.header.start + 1, entry.header.end - 1)
            span = entry.value
            value = _value_at(data, path)
            if span is None or not isinstance(value, str):
                continue
            key = names[-1] if names and not isinstance(path[-1], int) else ""
            credential = _is_credential(value)
            quote = 3 if text.startswith(_TRIPLE_QUOTES, span.start) else 1
            inside = (span.start + quote, max(span.start + quote, span.end - quote))
            written = text[inside[0] : inside[1]]
            # A token written as it reads was found in the text, and only it is hidden (the
            # rest of `NAME=sk-…` stays readable); anything else that is a credential is
            # hidden whole: escaped, joined from lines, or a credential as a whole.
            whole = credential and (
                written != value or looks_random(value) or "PRIVATE KEY" in value
            )
            if whole or (_names_a_credential(key) and len(value) > KEEP):
                self.hide(*inside)
            if credential:
                self.credential(value)
                self.credential(text[inside[0] : inside[1]])

    # -- the result ----------------------------------------------------------------------------
    def starred(self) -> str:
        if not self.spans:
            return self.text
        out: list[str] = []
        at = 0
        for start, end in sorted(self.spans):
            start = max(start, at)
            if start >= end:
                continue
            out.append(self.text[at:start])
            out.append("".join(ch if ch in "\r\n" else "*" for ch in self.text[start:end]))
            at = end
        out.append(self.text[at:])
        return "".join(out)


def _decoded_key(written: str) -> str:
    if written.startswith('"') and "\\" in written:  # `"db_pass\u0077ord"` is `db_password`
        from ..parsing.mapping import decode_key

        return decode_key(written)
    return written.strip("\"'")


def _value_at(data: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        if isinstance(data, dict) and isinstance(part, str):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data
