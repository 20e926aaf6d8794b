"""Recognising credentials: what the secret rules ask of a value, and what masking looks for.

`looks_like_credential` tells a token (`sk-…`, `hf_…`) from a secret *name*; `may_be_secret`
adds long random-looking values; `url_credentials` finds a password or a token in a URL.
Every output is masked with these facts by `benchlint.secrets.redaction`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from urllib.parse import unquote

from ahocorasick_rs import AhoCorasick

from ..core.regex import lazy_regex
from .shape import ascii_separators, harmless_token, has_lookalike

_JWT = r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]*"
# Known token formats. Each pattern needs enough characters after its prefix that ordinary
# words and secret *names* do not match (`OPENAI_API_KEY`, `sk-placeholder`).
_TOKEN_PATTERNS: tuple[str, ...] = (
    r"sk-ant-[A-Za-z0-9_\-]{16,}",  # Anthropic
    r"sk-or-v1-[A-Za-z0-9]{16,}",  # OpenRouter
    r"sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}",  # OpenAI and compatible
    r"hf_[A-Za-z0-9]{20,}",  # Hugging Face
    r"gh[pousr]_[A-Za-z0-9]{30,}",  # GitHub classic tokens
    r"github_pat_[A-Za-z0-9_]{22,}",  # GitHub fine-grained tokens
    r"glpat-[A-Za-z0-9_\-]{20,}",  # GitLab
    r"AIza[0-9A-Za-z_\-]{35}",  # Google API keys
    r"(?:AKIA|ASIA)[0-9A-Z]{16}",  # AWS access key IDs
    r"gsk_[A-Za-z0-9]{20,}",  # Groq
    r"xai-[A-Za-z0-9]{20,}",  # xAI
    r"pplx-[A-Za-z0-9]{20,}",  # Perplexity
    r"xox[abposr]-[A-Za-z0-9\-]{10,}",  # Slack
    r"(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}",  # Stripe
    r"r8_[A-Za-z0-9]{20,}",  # Replicate
    r"npm_[A-Za-z0-9]{30,}",  # npm
    r"ya29\.[A-Za-z0-9_\-]{20,}",  # Google OAuth access tokens
    _JWT,  # JSON Web Token (found by `TokenFinder` apart from the others)
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----(?:.|\n)*?(?:-----END [A-Z ]*PRIVATE KEY-----|\Z)",
)
# Not inside a lower-case word: `task-set-overrides-filters` holds no `sk-…` token (a token
# glued to an upper-case name, `OPENAI_API_KEYsk-…`, still counts).
_NOT_IN_WORD = "(?<![a-z0-9])"
_ANY_TOKEN = _NOT_IN_WORD + "(?:" + "|".join(f"(?:{pattern})" for pattern in _TOKEN_PATTERNS) + ")"


class TokenFinder:
    """Every known token in a text, leftmost first, in time linear in the text.

    One regular expression of all formats would do the same, but for the JWT: its header
    must be followed by `.eyJ`, so at each `eyJ` of a run like `eyJeyJeyJ…` the expression
    read to the end of the run and failed, which is quadratic. Every other format either
    matches what follows its prefix or is bounded. The JWT is found from the other end:
    each run of token characters followed by `.eyJ` is read once (the lookbehind starts it
    at the run's first character, the possessive quantifier never gives back), and the JWT
    pattern is tried once, at the run's first `eyJ` that may start a token (later ones end
    at the same dot and fail alike).
    """

    def __init__(self) -> None:
        others = "|".join(f"(?:{pattern})" for pattern in _TOKEN_PATTERNS if pattern != _JWT)
        self._others = lazy_regex(f"{_NOT_IN_WORD}(?:{others})")
        self._jwt = lazy_regex(_JWT)
        self._header_run = lazy_regex(r"(?<![A-Za-z0-9_\-])[A-Za-z0-9_\-]{11,}+(?=\.eyJ)")
        self._rest_of_run = lazy_regex(r"[A-Za-z0-9_\-]*+")

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        """The tokens of `text`, as a single alternation's `finditer` finds them."""
        if ".eyJ" not in text:  # no JWT: the common case costs one expression, as before
            return self._others.finditer(text)
        return self._merged(text)

    def _merged(self, text: str) -> Iterator[re.Match[str]]:
        other = self._others.search(text)
        jwt = self._next_jwt(text, 0)
        while other is not None or jwt is not None:
            if jwt is None or (other is not None and other.start() < jwt.start()):
                match = other
            else:
                match = jwt
            assert match is not None
            yield match
            end = match.end()
            if other is not None and other.start() < end:
                other = self._others.search(text, end)
            if jwt is not None and jwt.start() < end:
                jwt = self._next_jwt(text, end)

    def search(self, text: str) -> re.Match[str] | None:
        if ".eyJ" not in text:
            return self._others.search(text)
        return next(self._merged(text), None)

    def sub(self, replace: Callable[[re.Match[str]], str], text: str) -> str:
        if ".eyJ" not in text:
            return self._others.sub(replace, text)
        parts, last = [], 0
        for match in self._merged(text):
            parts += [text[last : match.start()], replace(match)]
            last = match.end()
        if not parts:
            return text
        parts.append(text[last:])
        return "".join(parts)

    def _next_jwt(self, text: str, pos: int) -> re.Match[str] | None:
        runs: list[tuple[int, int]] = []
        if 0 < pos < len(text) and _run_char(text[pos - 1]) and _run_char(text[pos]):
            # `pos` is inside a run (a token before it ended there): the rest of that run
            rest = self._rest_of_run.match(text, pos)
            if rest is not None and text.startswith(".eyJ", rest.end()):
                runs.append((pos, rest.end()))
        found = self._header_run.finditer(text, pos)
        for start, end in _chain(runs, (match.span() for match in found)):
            at = text.find("eyJ", start, end - 8)
            while at >= 0:
                if at == 0 or not _word_before(text[at - 1]):
                    match = self._jwt.match(text, at)
                    if match is not None:
                        return match
                    break  # the payload after this run is no JWT's: on to the next run
                at = text.find("eyJ", at + 1, end - 8)
        return None


def _chain(
    first: list[tuple[int, int]], rest: Iterator[tuple[int, int]]
) -> Iterator[tuple[int, int]]:
    yield from first
    yield from rest


def _run_char(char: str) -> bool:  # `[A-Za-z0-9_-]`
    return char.isascii() and (char.isalnum() or char in "_-")


def _word_before(char: str) -> bool:  # the `(?<![a-z0-9])` of every format
    return "a" <= char <= "z" or "0" <= char <= "9"


@cache
def token_pattern() -> TokenFinder:
    """Any token, anywhere. Made on first use: most runs never get past the prefix search,
    and compiling costs a few milliseconds of every command's start-up."""
    return TokenFinder()


@cache
def _token_only() -> re.Pattern[str]:
    """A value that is one token and nothing else (spaces aside)."""
    return lazy_regex(rf"\s*(?:{_ANY_TOKEN})\s*")


# The literal text every token pattern starts with: a text without any of them cannot hold a
# token, which `str.__contains__` tells far faster than the regex (tested against the list).
TOKEN_PREFIXES: tuple[str, ...] = (
    "sk-",
    "hf_",
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "github_pat_",
    "glpat-",
    "AIza",
    "AKIA",
    "ASIA",
    "gsk_",
    "xai-",
    "pplx-",
    "xox",
    "sk_live_",  # not `sk_`: `task_set` holds that
    "sk_test_",
    "rk_live_",
    "rk_test_",
    "r8_",
    "npm_",
    "ya29.",
    "eyJ",
    "-----BEGIN ",
)


# One pass over the text for all prefixes at once (Aho-Corasick): every diagnostic's texts
# go through `redact`, and 23 separate substring scans cost three times as much.
_PREFIX_FINDER = AhoCorasick(list(TOKEN_PREFIXES))


def may_hold_token(text: str) -> bool:
    """False when no token can be in `text`: too short, or none of their prefixes occurs."""
    if len(text) < SHORTEST_TOKEN:
        return False
    try:
        # as_strings: no byte-to-character offset conversion, a third cheaper than as_indexes
        return bool(_PREFIX_FINDER.find_matches_as_strings(text))
    except UnicodeEncodeError:  # a lone surrogate (from an editor) is no Rust string
        return any(prefix in text for prefix in TOKEN_PREFIXES)


def public_prefix(text: str, start: int) -> int:
    """The length of the known token prefix (`sk-`, `hf_`) that `text` has at `start`, or 0:
    the public part of a token, which says what it is and nothing of the secret."""
    return next((len(p) for p in TOKEN_PREFIXES if text.startswith(p, start)), 0)


def may_hold_url_secret(text: str) -> bool:
    # not ASCII: an `@` may be written as a look-alike (`ascii_separators`)
    return ("://" in text and ("@" in text or has_lookalike(text))) or (
        "=" in text and ("?" in text or "&" in text or "#" in text or ";" in text)
    )


# A URL's query parameter (or fragment or matrix parameter): `?name=value`, `&name=value`,
# `#name=value`, `;name=value`. Linear: the name's class holds no separator and no `=`, so
# the reads tried from two separators never overlap, and a value ends at the next `&`, `#`
# or blank.
QUERY_PARAMETER = lazy_regex(
    r"(?P<sep>[?&#;])(?P<name>[A-Za-z0-9_.\-\[\]%]+)=(?P<value>[^&#\s\"'`]*)"
)
# A query value proven harmless by its shape alone: a flag, a number, a few characters.
_PLAIN_QUERY_VALUES = frozenset(
    ("true", "false", "yes", "no", "on", "off", "none", "null", "json", "xml", "html", "raw")
)
_SHORTEST_QUERY_SECRET = 4  # no credential is shorter (`secrets.source`'s `_SHORTEST_HIDDEN`)


def plain_query_value(value: str) -> bool:
    """A query parameter's value that is shown whatever its name: at most 3 characters, a
    number of at most 10 digits, or a flag (`true`, `json`). Anything else is not proven
    harmless in a query, whatever the shape allow-list says of it as a word: the next
    spelling of a parameter that carries a credential (`private_token`, `pwd`) is always
    one no list holds."""
    return (
        len(value) < _SHORTEST_QUERY_SECRET
        or (value.isascii() and value.isdigit() and len(value) <= 10)
        or value.lower() in _PLAIN_QUERY_VALUES
    )


def credential_parameter(name: str) -> bool:
    """A query parameter's name that says its value is a credential (`token`, `sig`,
    `private_token`, `client_secret`, `X-Amz-Signature`, `pwd`, `accessToken`), for the
    rules that report one: a name list, which may miss a spelling (the renderer does not
    rely on it: `query_value_spans`)."""
    if "%" in name:
        name = unquote(name)
    if name.lower() in ("key", "sig", "pass"):
        return True
    words = [name, *_CAMEL_WORD.findall(name)]
    return any(sensitive_key(word) for word in words if len(word) > 1)


_CAMEL_WORD = lazy_regex(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def query_secrets(text: str) -> Iterator[re.Match[str]]:
    """Every query parameter of `text` whose name says it carries a credential
    (`credential_parameter`) and whose value is not empty (group `value`)."""
    if not may_hold_url_secret(text):
        return
    for match in QUERY_PARAMETER.finditer(text):
        if match.group("value") and credential_parameter(match.group("name")):
            yield match


def query_value_spans(text: str) -> list[tuple[int, int]]:
    """Where a query parameter's value that is not proven harmless stands in `text`: every
    `?name=value`, `&name=value`, `#name=value` (a fragment's: OAuth's `#code=`) and
    `;name=value` (a matrix parameter: `;jsessionid=`) value but a plain one
    (`plain_query_value`), whatever its name; and every value of a credential-named one
    (`query_secrets`), whatever its shape."""
    if not may_hold_url_secret(text):
        return []
    spans = []
    for match in QUERY_PARAMETER.finditer(text):
        value = match.group("value")
        if value and (not plain_query_value(value) or credential_parameter(match.group("name"))):
            spans.append(match.span("value"))
    return spans


# After `://`, a URL's user name up to its `:` (an `@` may be in it: `bob@corp:pw@host`, and
# a quote: `o'brien:pw@host`, `a"b:pw@host`; a quote ending the name showed the password).
_USER = lazy_regex(r"[^/\s:]*")
_BLANK = lazy_regex(r"\s")


def url_passwords(text: str) -> list[tuple[int, int]]:
    """Where the password of each `scheme://user:password@host` in free text is (a comment, a
    catalog's description, a server's error): from the user's `:` to the last `@` of the URL,
    its run of non-blank characters, so a password holding `@` or `/` is found whole (a port
    or path before that `@` is hidden too, the safe side; a quote is legal in a password).

    Linear, with no pattern that backtracks: each `://` is looked at once; a user name is
    read up to its first `:` or `/`, so no two reads overlap (the next `://` starts at a
    `:`); each URL's end and last `@` are found once, and once its password is found (up to
    that `@`) the rest of the URL holds no other."""
    spans: list[tuple[int, int]] = []
    if not text.isascii():  # `＠`, `：` are `@`, `:` (offsets unchanged)
        text = ascii_separators(text)
    if "@" not in text:
        return spans
    end = last_at = -1  # the current URL's end, and its last `@`
    at = text.find("://")
    while at >= 0:
        if at >= end:  # a URL of its own: where it ends, and its last `@`
            blank = _BLANK.search(text, at)
            end = blank.start() if blank is not None else len(text)
            last_at = text.rfind("@", at, end)
        user = _USER.match(text, at + 3)
        assert user is not None  # `*`: it always matches
        colon = user.end()
        if text.startswith(":", colon):
            if colon + 1 < last_at:
                spans.append((colon + 1, last_at))
            at = text.find("://", end)  # no later `://` of this URL has an `@` after it
        else:
            at = text.find("://", colon)
    return spans


# What `url_passwords` finds in `host:443/@scope/pkg`: a port and a path, no password.
_PORT_AND_PATH = lazy_regex(r"[0-9]{1,5}/[^:]*")


def url_password_shaped(password: str) -> bool:
    """A password `url_passwords` found that is not a port and a path (which it hides too,
    the safe side): what a URL that *carries* a password has."""
    return _PORT_AND_PATH.fullmatch(password) is None


# A scheme and its slashes as users type them: `https://`, `https:/`, `http//`, or just `//`.
_SCHEME_PREFIX = lazy_regex(r"\s*(?:[A-Za-z][A-Za-z0-9+.\-]*:?)?/+")


def password_span(value: str) -> tuple[int, int] | None:
    """Where the password of a URL's `user:password@` is in one value, in any shape a user
    pastes: with or without a scheme, a typo in it, an `@` in the user name, spaces, quotes
    or `/` in the password (everything between the user's `:` and the last `@` counts; a
    port or path before that `@` is masked too, which is the safe side). A look-alike of `@`
    or `:` counts as one (`ascii_separators`)."""
    if not value.isascii():
        value = ascii_separators(value)
    at = value.rfind("@")
    if at < 0:
        return None
    scheme = _SCHEME_PREFIX.match(value)
    start = scheme.end() if scheme else len(value) - len(value.lstrip())
    colon = value.find(":", start, at)
    if colon < 0 or colon + 1 >= at:
        return None
    return colon + 1, at


def recognised_spans(text: str, *, one_value: bool = False) -> list[tuple[int, int]]:
    """Where the recognisers find a credential in `text`: tokens in a known format, URL
    passwords and credential query parameters. `one_value`: `text` is one value, so a URL
    password is found in any shape a value may hold it (`password_span`); in a sentence,
    `owner/name@version` is not a URL."""
    spans: list[tuple[int, int]] = []
    if may_hold_token(text):
        spans += [match.span() for match in token_pattern().finditer(text)]
    if one_value and ("@" in text or has_lookalike(text)):
        password = password_span(text)
        if password is not None and password[0] < password[1]:
            spans.append(password)
    if may_hold_url_secret(text):
        spans += url_passwords(text)
        spans += query_value_spans(text)
    return spans


# A long random-looking value: digits, lower and upper case letters, no spaces.
GENERIC_SECRET_VALUE = lazy_regex(r"^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])[A-Za-z0-9_\-+/=]{32,}$")
# Words of key names whose values are credentials whatever they look like (`X-Api-Key`,
# `DB_PASSWORD`, `Authorization`), matched per word so that `GIT_AUTHOR_NAME` stays readable.
_SENSITIVE_WORD = lazy_regex(
    r"(?:api)?key|\w*token|secrets?|passw(?:or)?d|pass|pwd|auth(?:orization|entication)?"
    r"|cookie|credentials?|session|bearer|signature|private|apikey",
    re.I,
)


@lru_cache(maxsize=4096)
def sensitive_key(key: str) -> bool:
    """A key name that says its value is a credential. A key named just `key` does not: it
    is a catalog's benchmark key, a dictionary's entry (`api_key`, `private-key` are)."""
    if key.lower() == "key":
        return False
    return any(_SENSITIVE_WORD.fullmatch(word) for word in re.split(r"[_\-. ]+", key) if word)


# The secret *reference* keys hold record names, which stay readable.
NAME_KEYS = frozenset({"api_key_secret", "harness_api_key_secret", "judge_api_key_secret"})

# No known token is shorter than this (a Slack `xoxb-` and 10 more); shorter texts skip the
# prefix search and the regex. A test checks it against every pattern's minimum width.
SHORTEST_TOKEN = 15


def looks_like_credential(value: str) -> bool:
    """True when the whole value is a token in a known credential format."""
    return may_hold_token(value) and _token_only().fullmatch(value) is not None


def contains_credential(value: str) -> bool:
    """True when a known token format appears anywhere in the value."""
    return may_hold_token(value) and token_pattern().search(value) is not None


def first_credential(value: str) -> str | None:
    """The first token-shaped substring of a value, if any."""
    if not may_hold_token(value):
        return None
    match = token_pattern().search(value)
    return match.group(0) if match else None


def url_credentials(url: str) -> str | None:
    """What kind of credential a URL carries in clear text, if any."""
    if not may_hold_url_secret(url):  # the cheap test both patterns imply
        return None
    if any(url_password_shaped(url[start:end]) for start, end in url_passwords(url)):
        return "a user name and password"
    match = next(query_secrets(url), None)
    if match:
        return f"the `{match.group('name')}` query parameter"
    return None


def mask(value: str) -> str:
    """A form of a possibly secret value that is safe to print: its shape, and the known
    token prefix it starts with if any (`sk-…(51 chars)`, `…(32 chars)`)."""
    return f"{value[: public_prefix(value, 0)]}…({len(value)} chars)"


# A run of the characters random credentials are made of, long enough to be one.
LONG_RUN = lazy_regex(r"[A-Za-z0-9_\-+/=]{32,}")


# Runs of one kind of character: lower case, upper case, digits (separators between them).
_SAME_KIND = lazy_regex(r"[a-z]+|[A-Z]+|[0-9]+")


def looks_random(value: str) -> bool:
    """A long string of letters of both cases and digits that changes between them often, as
    random text does (a 40-character key changes about 25 times; a path or a model name
    such as `github.com/acme/Coder-32B/v2` a handful)."""
    if len(value) < 32 or GENERIC_SECRET_VALUE.match(value) is None:
        return False
    changes = len(_SAME_KIND.findall(value)) - 1  # about, when separators split a run
    return changes * 4 >= len(value)


def random_runs(text: str) -> list[tuple[int, int]]:
    """Where `text` holds a long random-looking run (a credential of no known format),
    without the folders of plain words a path puts before it (`configs/benchmark/` before
    a random file name made the run long enough to look random, and starred `benchmark`
    in every message) or a key (`file=`)."""
    if len(text) < 32:
        return []
    return [
        (match.start() + _plain_folders(match.group(0)), match.end())
        for match in LONG_RUN.finditer(text)
        if looks_random(match.group(0))
    ]


# A leading piece of a run that is no part of a secret: `/` (a path's root, `//`), or a
# lower-case word before `/` (a folder) or `=` (GitHub's `file=`, a key).
_LEADING_PIECE = lazy_regex(r"/|([a-z]{3,}+(?:[-_][a-z]++)*+)[/=]")


def _plain_folders(run: str) -> int:
    """How long the run's leading pieces are that the shape proves harmless
    (`harmless_token`); never the run's last piece, which no `/` or `=` ends."""
    start = 0
    while (piece := _LEADING_PIECE.match(run, start)) is not None and (
        piece.group(1) is None or harmless_token(piece.group(1))
    ):
        start = piece.end()
    return start if start < len(run) else 0


def may_be_secret(value: str) -> bool:
    """True when a whole value is to be masked: a known token in it, or a long random one."""
    return looks_random(value) or contains_credential(value)
