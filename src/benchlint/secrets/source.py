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
from typing import Any
from urllib.parse import unquote

from ahocorasick_rs import AhoCorasick

from ..core.record import NamedTuple
from ..core.regex import lazy_regex
from .controls import pictured
from .detection import (
    NAME_KEYS,
    TOKEN_PREFIXES,
    looks_random,
    may_be_secret,
    may_hold_token,
    may_hold_url_secret,
    password_span,
    public_prefix,
    query_value_spans,
    random_runs,
    recognised_spans,
    sensitive_key,
    token_pattern,
    url_credentials,
    url_password_shaped,
    url_passwords,
)
from .shape import harmless, has_lookalike, offending_runs, unproven_spans

_TRIPLE_QUOTES = ('"""', "'''")
# A hidden span shows nothing of itself but a known token format's public prefix (`sk-`,
# `hf_`): enough to tell which credential it is, nothing of the secret.
KEEP = len(max(TOKEN_PREFIXES, key=len))
# A value of a credential-named key this short is shown: `pass_threshold = "0.8"` names no
# password, and no credential is four characters long.
_SHORTEST_HIDDEN = 4
SHORTEST_CREDENTIAL = 8  # shorter strings are not looked for in output (too many false hits)

# `key = "value"` (or a literal string) anywhere on a line, inline tables and comments
# included. (The lookbehinds: a bare key is tried once per run of key characters, not at each
# of them, which made a 30 KB line take seconds; a quoted key never starts at an escaped
# quote, so the scans of two quoted keys never overlap: `"a\"a\"a\"…` was quadratic.)
_SOURCE_PAIR = lazy_regex(
    r"(?P<key>(?<!\\)\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*'|(?<![A-Za-z0-9_-])[A-Za-z0-9_-]+)"
    r"[ \t]*=[ \t]*"
    r"(?P<quote>\"|')(?P<value>(?:\\.|(?!(?P=quote))[^\n])*)"
)
# `KEY=value`, `key: value` (a `.env` line, YAML, a comment): a credential-named key's
# unquoted value, up to a blank, quote or comma. The key may be quoted (`"db password" = x`,
# JSON's `"password": x`).
_KEY = (
    r"(?:(?<![A-Za-z0-9_.-])(?P<key>[A-Za-z_][A-Za-z0-9_.-]*)"
    r"|(?P<kq>[\"'])(?P<quoted>[^\"'\n]+)(?P=kq))"
)
_PLAIN_ASSIGNMENT = lazy_regex(_KEY + r"[ \t]*(?:=|:(?!//))[ \t]*(?P<value>[^\s\"'`,;{}\[\]#]{5,})")
# `key: "value"` (YAML, JSON): a quoted value after a colon, to its closing quote. (After `=`
# it is TOML's, judged by `_SOURCE_PAIR`: a TOML `*_secret` key holds a record name.)
_QUOTED_AFTER_COLON = lazy_regex(
    _KEY + r"[ \t]*:[ \t]*(?P<vq>[\"'])(?P<value>(?:\\.|(?!(?P=vq))[^\n\\]){5,})"
)
# A `.netrc` password: `password VALUE` after `machine HOST`, `login USER`, `account ACCT`,
# `default` or at the start of a line (prose such as "a token pasted into" must stay readable).
_SPACED_PAIR = lazy_regex(
    r"(?:^[ \t]*|\b(?:machine|login|account)[ \t]+\S+[ \t]+|\bdefault[ \t]+)"
    r"(?P<key>password|passwd)[ \t]+(?P<value>[^\s\"'`,;{}\[\]#=:]{5,})",
    re.IGNORECASE | re.MULTILINE,
)
# A multi-line string value after its key, in a file with a syntax error (the source map does
# not see the blanked lines); an unclosed one runs to the end.
_MULTILINE_PAIR = lazy_regex(
    r"""(?P<key>(?<!\\)"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|(?<![A-Za-z0-9_-])[A-Za-z0-9_-]+)[ \t]*="""
    r"""[ \t]*(?P<quote>\"\"\"|''')(?P<value>.*?)(?:(?P=quote)|\Z)""",
    re.DOTALL,
)


# The output masker looks for runs of this many characters of what is hidden (shorter runs
# match ordinary words: a fake key `EXAMPLEexample…` must not star "example" in every URL).
GRAM = 8


class SourceSecrets(NamedTuple):
    masked: str  # the text as shown: every hidden span starred, controls pictured
    credentials: frozenset[str]  # credential strings in it (as written, and decoded)
    hidden: frozenset[str]  # every text the masked form hides (the output masker's list)
    starred: frozenset[str] = frozenset()  # the starred spans' texts, as written


def masked_source(text: str) -> str:
    """`text` as a code frame, a diff or an outline may show it (see the module docstring)."""
    return source_secrets(text).masked


@lru_cache(maxsize=32)
def credentials(text: str) -> frozenset[str]:
    """The credentials a text holds (cheap when it can hold none, as most configs)."""
    if not _may_hold_credentials(text):
        return frozenset()
    return source_secrets(text).credentials


@lru_cache(maxsize=32)
def source_secrets(text: str, *, toml: bool = True) -> SourceSecrets:
    """What of `text` is hidden. `toml`: the text is a config (its parsed values are judged
    too); other inputs (a catalog, a settings file, a file name) are judged by their text."""
    found = _Finder(text)
    found.from_shape()
    if _may_hold_credentials(text) or _may_name_credentials(text):
        found.from_text()
        if toml:
            found.from_values()
    elif toml and "\\" in text:  # an escape or a continuation: judge the decoded shapes
        found.from_values()
    return SourceSecrets(
        pictured(found.starred()),
        frozenset(found.credentials),
        frozenset(found.hidden()),
        frozenset(text[start:end] for start, end in found.spans),
    )


# Stems of the words `sensitive_key` knows: a text holding none of them has no credential-
# named key, and needs no parse to find one.
_KEY_STEMS = AhoCorasick(
    [
        "key",
        "token",
        "secret",
        "pass",
        "pwd",
        "auth",
        "cookie",
        "credential",
        "session",
        "bearer",
        "signature",
        "private",
    ]
)


def _may_name_credentials(text: str) -> bool:
    try:
        # casefold, not lower: the patterns' IGNORECASE takes `ſ` for `s` (`paſſword`)
        return bool(_KEY_STEMS.find_matches_as_strings(text.casefold()))
    except UnicodeEncodeError:  # a lone surrogate: judge the text as if it named one
        return True


def _may_hold_credentials(text: str) -> bool:
    if may_hold_token(text) or may_hold_url_secret(text) or _may_hold_password(text):
        return True
    return bool(random_runs(text))


def _may_hold_password(text: str) -> bool:
    """A `:` before an `@`: what a URL's password needs in a value of any shape, with no
    `://` (`bob:pw@host`, `https:/amy:pw@host`)."""
    at = text.rfind("@")
    return at > 0 and text.find(":", 0, at) >= 0


def _names_a_credential(key: str) -> bool:
    """A key whose value is a credential whatever it looks like; never a key that holds a
    secret *record name* (`api_key_secret`, `harness_api_key_secret`, ...)."""
    return not _reference_key(key) and not key.endswith("_secret") and _credential_named(key)


# Stems that name a credential even glued to other words (`SECRETKEY`, `dbpassword`), and
# the camel-case words of a key (`clientSecret` is `client` `Secret`).
_GLUED_STEMS = ("secret", "passw", "pwd", "token", "credential", "private", "apikey", "auth")
_NOT_AUTH = lazy_regex("author", re.I)  # `GIT_AUTHOR_NAME` names a person
_CAMEL_WORD = lazy_regex(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def _credential_named(key: str) -> bool:
    """`sensitive_key`, and the spellings it splits no words in: glued or camel-case names.
    For hiding only: it may hide more than a key that names a credential."""
    lowered = _NOT_AUTH.sub("", key.lower())
    if lowered == "key":
        return False
    return (
        sensitive_key(key)
        or any(stem in lowered for stem in _GLUED_STEMS)
        or any(sensitive_key(word) for word in _CAMEL_WORD.findall(key) if len(word) > 1)
    )


# An environment variable's or a record's name (`OPENAI_API_KEY`): what a credential-named
# key holds when it names where the credential is, not the credential.
_VARIABLE_NAME = lazy_regex(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")


def _by_name(key: str, value: str) -> bool:
    """A value hidden for its key's name alone: the key names a credential, and the value is
    not a variable's name of words (`OPENAI_API_KEY_NAME = "OPENAI_API_KEY"`)."""
    if not _names_a_credential(key):
        return False
    return not (_VARIABLE_NAME.fullmatch(value) and harmless(value))


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
        self.unproven: set[str] = set()  # runs that keep a token from being proven harmless
        self.credentials: set[str] = set()

    def hide(self, start: int, end: int, *, keep: int = KEEP) -> None:
        """Star `text[start:end]`; a known token format's prefix (`sk-`, `hf_`), which is
        public, stays readable when `keep` allows it."""
        keep = min(keep, public_prefix(self.text, start))
        if end - start > keep:
            self.spans.append((start + keep, end))

    def from_shape(self) -> None:
        """Every token not proven harmless (`shape`): the allow-list decides what is shown."""
        for start, end in unproven_spans(self.text):
            self.hide(start, end)
        self.unproven.update(self.text[start:end] for start, end in offending_runs(self.text))

    def hidden(self) -> set[str]:
        """What the output masker looks for everywhere: the runs that keep a token from
        being proven harmless (`offending_runs`), and the secret parts of every credential
        a recogniser found. (A value hidden for its key's name alone, `HF_TOKEN =
        "hf-token-goes-here"`, is starred in frames but not looked for: its words would
        star the same words in every message.)"""
        found = self.unproven | self.credentials
        # A known format's prefix (`sk-`, `github_pat_`) is public: messages name it, so no
        # run within it is looked for; a run reaching past it is (it holds secret
        # characters: `sk-0000A0A` cut from `sk-0000A0A.00000000` showed 7 of them).
        return {text[max(0, public_prefix(text, 0) - (GRAM - 1)) :] for text in found}

    def credential(self, value: str) -> None:
        """Look for `value`'s secret parts in output: not the words around them (a value
        `OPENAI_API_KEY=sk-…` must not star the name in every message that gives it)."""
        forms = (value, unquote(value)) if "%" in value else (value,)  # a URL's escapes
        for form in forms:
            for part in _secret_parts(form):
                if len(part) >= SHORTEST_CREDENTIAL:
                    self.credentials.add(part)

    # -- the text itself ----------------------------------------------------------------------
    def from_text(self) -> None:
        text = self.text
        if may_hold_token(text):
            for match in token_pattern().finditer(text):
                self.hide(match.start(), match.end())
                self.credential(match.group(0))
        if may_hold_url_secret(text):
            for start, end in url_passwords(text):  # hidden whole; looked for if no port
                self.hide(start, end, keep=0)
                if url_password_shaped(text[start:end]):
                    self.credential(text[start:end])
            for start, end in query_value_spans(text):  # not proven harmless: hidden, looked for
                self.hide(start, end, keep=0)
                self.credential(text[start:end])
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
                if not _reference_key(key) and _credential_named(key):
                    self.hide(match.start("value"), match.end("value"))
        if "passw" in text.casefold():  # what `_SPACED_PAIR` needs, in any case (tested)
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
                else:
                    self._password(match.start("value"), match.end("value"), body)

    def _pair(self, match: re.Match[str]) -> None:
        value = match.group("value")
        start = match.start("value")
        if len(value) > _SHORTEST_HIDDEN and (
            _by_name(_decoded_key(match.group("key")), value) or looks_random(value)
        ):
            self.hide(start, match.end("value"))
            if looks_random(value):
                self.credential(value)
            return
        self._password(start, match.end("value"), value)

    def _password(self, start: int, end: int, value: str) -> None:
        """A URL's password in the string value `value`, written at `text[start:end]`, in any
        shape (`password_span`: no scheme, `https:/`, spaces, `@` or `/` in it), wherever the
        value stands: one line, an array element, an inline table's member, a multi-line
        string. Every string value comes here; hidden where the source spells it as it reads,
        and the whole value where it does not (an escape, a line continuation)."""
        found = (
            password_span(value)
            if "@" in value or (not value.isascii() and has_lookalike(value))
            else None
        )
        if found is None or found[0] >= found[1]:
            return
        written = self.text[start:end]
        lead = len(written) - len(value)  # a multi-line string's first line break, trimmed
        if 0 <= lead <= 2 and written[:lead] in ("", "\n", "\r\n") and written[lead:] == value:
            self.hide(start + lead + found[0], start + lead + found[1], keep=0)
        else:
            self.hide(start, end)
        for line in value.split("\n"):  # the masker looks for each line's URL password
            found = (
                password_span(line)
                if "@" in line or (not line.isascii() and has_lookalike(line))
                else None
            )
            password = line[found[0] : found[1]] if found is not None else ""
            if password and not any(char.isspace() for char in password):  # not a sentence's
                self.credential(password)

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
            elif entry.key is not None and names:
                self._decoded(entry.key.start, entry.key.end, names[-1])
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
            if whole or (_by_name(key, value) and len(value) > _SHORTEST_HIDDEN):
                self.hide(*inside)
                if written != value:  # escaped: output would show it decoded
                    self.unproven.update(value[a:b] for a, b in offending_runs(value))
            else:
                self._decoded(*inside, value)
                if "@" in value:  # (tested here: most values hold none, and calls cost)
                    self._password(*inside, value)
            if credential:
                self.credential(value)
                self.credential(text[inside[0] : inside[1]])

    def _decoded(self, start: int, end: int, value: str) -> None:
        """The shape is judged on the value, not on how it is spelled: an escape or a line
        continuation cuts a long run into words in the source."""
        if "\\" in self.text[start:end] and not harmless(value):
            self.hide(start, end)
            self.unproven.update(value[a:b] for a, b in offending_runs(value))

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


def _secret_parts(value: str) -> list[str]:
    """The parts of a credential-holding `value` that carry the secret: tokens in a known
    format, a URL's password, random-looking runs and the runs no shape proves harmless;
    the value itself when none of them is found in it."""
    spans = offending_runs(value) + random_runs(value) + recognised_spans(value, one_value=True)
    return [value[start:end] for start, end in spans] or [value]


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
