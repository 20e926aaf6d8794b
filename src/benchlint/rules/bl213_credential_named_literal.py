"""## What it does
Warns about a literal value under a key named like a credential (`DB_PASSWORD`,
`MY_TOKEN`, `SERVICE_API_KEY`, `CLIENT_SECRET`, `password`), in `[env]`, `[agents.env]` or any
other table, when the value looks like one: at least 8 characters, no spaces, and a digit,
both upper- and lower-case letters, or a symbol in it (`hunter2hunter2`, `Tr0ub4dor&3`). The
value is never printed, only a masked form.

Not reported, because such values are not told from placeholders and settings: a value
shorter than 8 characters (`AUTH_MODE = "basic"`), with spaces, only digits, only lower-case
words (`set-at-submit`, `changeme`, so also a passphrase of such words), a placeholder
(`<password>`, `${DB_PASSWORD}`, `$TOKEN`, `********`), a variable or record name
(`TOKEN_VAR = "GITHUB_TOKEN"`), a path, or a URL without a password (a URL with one is
BL207); a key whose last word says what the value
describes rather than holds (`TOKEN_URL`, `PASSWORD_FILE`, `SECRET_NAME`, `AUTH_MODE`,
`SESSION_TIMEOUT`); a word that only contains one (`TOKENIZERS_PARALLELISM`, `MAX_TOKENS`);
the secret references (record names, BL201/BL202) and `extra_headers` (BL206, BL208). A
value in a known credential format is BL207's, whatever its key.

## Why is this bad?
Literal values travel in clear text, in the file and in git history: a password written
here is leaked. Rotate it, store the new one with `osmosis secret set NAME`, and list `NAME`
in `[secrets].required` so the Platform injects it as a variable.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ..core.paths import ConfigPath, key_label
from ..core.regex import lazy_regex
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..secrets.detection import first_credential, mask, sensitive_key
from .bl207_credential_in_literal import instead, literals, url_secret

SHORTEST = 8  # shorter values are modes, flags and switches (`basic`, `true`, `none`)

# The last word of a key that describes a credential rather than holding one.
_DESCRIBES = frozenset(
    [
        "name",
        "names",
        "file",
        "path",
        "dir",
        "url",
        "uri",
        "endpoint",
        "host",
        "port",
        "type",
        "mode",
        "kind",
        "method",
        "format",
        "enabled",
        "disabled",
        "enable",
        "disable",
        "required",
        "optional",
        "timeout",
        "ttl",
        "expiry",
        "expires",
        "expiration",
        "seconds",
        "minutes",
        "header",
        "prefix",
        "var",
        "variable",
        "env",
        "scope",
        "scopes",
        "region",
        "user",
        "username",
        "version",
        "provider",
        "issuer",
        "audience",
        "length",
        "size",
        "count",
        "limit",
        "policy",
    ]
)
_NAME = lazy_regex(r"[A-Z][A-Z0-9_]*")
_SPACE = lazy_regex(r"\s")  # what `str.isspace` calls white space
_WORDS = lazy_regex(r"[_\-. ]+")
# Lower-case (or upper-case) words and separators, no digit: `set-at-submit`, `changeme`.
_WORDS_ONLY = lazy_regex(r"[a-z_.\-]+")
_ONE_CASE_WORDS = lazy_regex(r"[A-Z_.\-]+")


@lru_cache(maxsize=4096)
def credential_named(key: str) -> bool:
    """Whether a key's name says that its value is a credential (a config repeats its few
    keys thousands of times: asked once per key)."""
    words = [word for word in _WORDS.split(key) if word]
    return bool(words) and sensitive_key(key) and words[-1].lower() not in _DESCRIBES


def looks_like_a_password(value: str) -> bool:
    """Whether a value under a credential-named key may be the credential itself."""
    if len(value) < SHORTEST or _NAME.fullmatch(value):
        return False  # short; or a variable or record name, the usual value (tested first)
    if _SPACE.search(value) or value.isdigit():
        return False
    if value.startswith(("$", "<", "{{", "/", "./", "../", "~")) or "://" in value:
        return False  # a reference, a placeholder, a path or a URL (BL207 reads URLs)
    if len(set(value)) == 1:
        return False  # `********`
    return _WORDS_ONLY.fullmatch(value) is None and _ONE_CASE_WORDS.fullmatch(value) is None


def _key_of(path: ConfigPath) -> str | None:
    """The key a value stands under (for an array element: the array's)."""
    return next((part for part in reversed(path) if isinstance(part, str)), None)


def _may_have_one(ctx: Context) -> bool:
    """The cheap pass: no path is built for a file without a candidate (a loop, not `any`
    over a generator: every lint runs it over every long string)."""
    for key, value in ctx.long_strings:
        if key is not None and credential_named(key) and looks_like_a_password(value):
            return True
    return False


def check(ctx: Context) -> Iterator[Finding]:
    if not _may_have_one(ctx):
        return
    for path, value in literals(ctx, SHORTEST):
        key = _key_of(path)
        if key is None or "extra_headers" in path or not credential_named(key):
            continue
        if not looks_like_a_password(value) or first_credential(value) or url_secret(value):
            continue  # not a credential, or BL207's
        yield Finding(
            f"{key_label(path)} is named like a credential and holds a literal value "
            f"({mask(value)}), in clear text in the file and in git history. If it is a "
            f"credential, treat it as leaked: {instead(path)}",
            Anchor.value(path),
        )


RULE = Rule(
    code="BL213",
    name="credential-named-literal",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[agents.env]
DB_PASSWORD = "hunter2hunter2"
""",
    good="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[secrets]
required = ["DB_PASSWORD"]
""",
)
