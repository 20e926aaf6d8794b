"""Recognising credential values, and keeping them out of every output.

Two jobs: `looks_like_credential` tells the secret rules that a value is a token rather than
a secret *name*; `redact` is the safety net every output passes through (messages, code
frames, diffs, hover text), replacing any token-shaped substring with a masked form such as
`sk-p…(51 chars)`.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from ahocorasick_rs import AhoCorasick

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
    r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]*",  # JWT
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----(?:.|\n)*?(?:-----END [A-Z ]*PRIVATE KEY-----|\Z)",
)
_ANY_TOKEN = "|".join(f"(?:{pattern})" for pattern in _TOKEN_PATTERNS)


@cache
def _token() -> re.Pattern[str]:
    """Any token, anywhere. Compiled on first use: most runs never get past the prefix
    search, and compiling costs a few milliseconds of every command's start-up."""
    return re.compile(_ANY_TOKEN)


@cache
def _token_only() -> re.Pattern[str]:
    """A value that is one token and nothing else (spaces aside)."""
    return re.compile(rf"\s*(?:{_ANY_TOKEN})\s*")


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


def _may_hold_url_secret(text: str) -> bool:
    return ("@" in text and "://" in text) or (
        "=" in text and ("?" in text or "&" in text or "#" in text or ";" in text)
    )


# user:password in a URL, and credentials in query parameters.
_QUERY_SECRET = re.compile(
    r"[?&#;](?:api[_-]?key|apikey|key|token|access[_-]?token|auth|password|secret|sig)"
    r"=([^&#\s\"',}]+)",
    re.IGNORECASE,
)
# user:password@ inside a line of source (the password is group 1; a quote is legal in it).
_USERINFO_IN_TEXT = re.compile(r"://[^/@\s\"':]*:([^/@\s]+)@")
# A scheme and its slashes as users type them: `https://`, `https:/`, `http//`, or just `//`.
_SCHEME_PREFIX = re.compile(r"\s*(?:[A-Za-z][A-Za-z0-9+.\-]*:?)?/+")


def _password_span(value: str) -> tuple[int, int] | None:
    """Where the password of a URL's `user:password@` is in one value, in any shape a user
    pastes: with or without a scheme, a typo in it, an `@` in the user name, spaces, quotes
    or `/` in the password (everything between the user's `:` and the last `@` counts; a
    port or path before that `@` is masked too, which is the safe side)."""
    at = value.rfind("@")
    if at < 0:
        return None
    scheme = _SCHEME_PREFIX.match(value)
    start = scheme.end() if scheme else len(value) - len(value.lstrip())
    colon = value.find(":", start, at)
    if colon < 0 or colon + 1 >= at:
        return None
    return colon + 1, at


# A long random-looking value: digits, lower and upper case letters, no spaces.
_GENERIC_SECRET_VALUE = re.compile(r"^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])[A-Za-z0-9_\-+/=]{32,}$")
# Words of key names whose values are credentials whatever they look like (`X-Api-Key`,
# `DB_PASSWORD`, `Authorization`), matched per word so that `GIT_AUTHOR_NAME` stays readable.
_SENSITIVE_WORD = re.compile(
    r"(?:api)?key|\w*token|secrets?|passw(?:or)?d|pass|pwd|auth(?:orization|entication)?"
    r"|cookie|credentials?|session|bearer|signature|private|apikey",
    re.I,
)


def _sensitive_key(key: str) -> bool:
    return any(_SENSITIVE_WORD.fullmatch(word) for word in re.split(r"[_\-. ]+", key) if word)


# The secret *reference* keys hold record names, which stay readable.
_NAME_KEYS = frozenset({"api_key_secret", "harness_api_key_secret", "judge_api_key_secret"})
# `key = "value"` (or a literal string) anywhere on a line, inline tables included.
_SOURCE_PAIR = re.compile(
    # (the lookbehind: a bare key is tried once per run of key characters, not at each of
    # them, which made a 30 KB line take seconds)
    r"(?P<key>\"(?:[^\"\\]|\\.)*\"|'[^']*'|(?<![A-Za-z0-9_-])[A-Za-z0-9_-]+)\s*=\s*"
    r"(?P<quote>\"|')(?P<value>(?:\\.|(?!(?P=quote)).)*)"
)


# No known token is shorter than this (a Slack `xoxb-` and 10 more); shorter texts skip the
# prefix search and the regex. A test checks it against every pattern's minimum width.
SHORTEST_TOKEN = 15


def looks_like_credential(value: str) -> bool:
    """True when the whole value is a token in a known credential format."""
    return may_hold_token(value) and _token_only().fullmatch(value) is not None


def contains_credential(value: str) -> bool:
    """True when a known token format appears anywhere in the value."""
    return may_hold_token(value) and _token().search(value) is not None


def first_credential(value: str) -> str | None:
    """The first token-shaped substring of a value, if any."""
    if not may_hold_token(value):
        return None
    match = _token().search(value)
    return match.group(0) if match else None


def url_credentials(url: str) -> str | None:
    """What kind of credential a URL carries in clear text, if any."""
    if not _may_hold_url_secret(url):  # the cheap test both patterns imply
        return None
    if _USERINFO_IN_TEXT.search(url):
        return "a user name and password"
    match = _QUERY_SECRET.search(url)
    if match:
        return f"the `{match.group(0)[1:].split('=', 1)[0]}` query parameter"
    return None


def mask(value: str) -> str:
    """A form of a possibly secret value that is safe to print: `sk-p…(51 chars)`."""
    return f"{value[:4]}…({len(value)} chars)"


def redact(text: str) -> str:
    """Replace every token-shaped substring of `text` with its masked form."""
    if not text:
        return text
    if may_hold_token(text):
        text = _token().sub(lambda match: mask(match.group(0)), text)
    if _may_hold_url_secret(text):
        text = _USERINFO_IN_TEXT.sub(lambda match: _stars(match, 1), text)
        text = _QUERY_SECRET.sub(lambda match: _stars(match, 1), text)
    return text


def redact_same_width(text: str) -> str:
    """Like `redact`, keeping each character in place (code frames stay aligned)."""
    if not text:
        return text

    def hide(match: re.Match[str]) -> str:
        token = match.group(0)
        return token[:4] + "*" * (len(token) - 4)

    if may_hold_token(text):
        text = _token().sub(hide, text)
    if _may_hold_url_secret(text):
        text = _USERINFO_IN_TEXT.sub(lambda match: _stars(match, 1), text)
        text = _QUERY_SECRET.sub(lambda match: _stars(match, 1), text)
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
        sensitive = key not in _NAME_KEYS and _sensitive_key(key)
        if len(value) > 4 and (sensitive or _GENERIC_SECRET_VALUE.match(value)):
            return _stars(match, "value", keep=4)
        password = _password_span(value) if "@" in value else None
        if password is not None:  # a URL password in any shape (no scheme, spaces, quotes)
            value_at = match.start("value") - match.start(0)
            return _starred(match.group(0), value_at + password[0], value_at + password[1])
        return match.group(0)

    return _SOURCE_PAIR.sub(pair, line)


def may_be_secret(value: str) -> bool:
    """True when a whole value is to be masked: a known token in it, or a long random one."""
    return (len(value) >= 32 and _GENERIC_SECRET_VALUE.match(value) is not None) or (
        contains_credential(value)
    )


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
        (key not in _NAME_KEYS and _sensitive_key(key))
        or any(may_be_secret(part.strip()) or "PRIVATE KEY" in part for part in body.split("\n"))
    )


def show_value(value: object, limit: int = 60) -> str:
    """A user's value quoted for a message: masked when it may be secret, shortened when long."""
    if not isinstance(value, str):
        return repr(value) if not isinstance(value, bool) else str(value).lower()
    if may_be_secret(value):
        return f'"{mask(value)}"'
    # URL secrets are masked before shortening, so that a cut cannot split them from their
    # markers (no token is in the value: checked above).
    password = _password_span(value) if "@" in value else None
    if password is not None:
        value = _starred(value, *password)
    if _may_hold_url_secret(value):
        value = redact_same_width(value)
    shown = value if len(value) <= limit else value[: limit - 1] + "…"
    escaped = shown.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'
