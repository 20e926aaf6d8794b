"""Configs (and settings files, catalog files, file names) with a credential placed in every
position TOML allows: keys, values, array elements, inline-table members, comments,
multi-line basic and literal strings, an escaped first or middle character, pieces joined by
line continuations, broken lines, a settings file, a catalog file and the file's own name.

`cases(tokens, positions)` gives every (token, position) pair that makes sense; the test suite
runs a fixed sample of them, `bench/fuzz.py --leaks` runs them all with fresh tokens.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import NamedTuple

from benchlint.core.toml_syntax import toml_string

from .tokens import PASSWORD, Token

BASE = """\
[experiment]
benchmark = "acme/custom@1.0"

[[agents]]
harness = "codex"
{agent}
[agents.model]
type = "provider"
model = {model}
api_key_secret = {reference}

[env]
TZ = "UTC"
{env}
"""
CONFIG = "configs/benchmark/leak.toml"
_BARE = re.compile(r"[A-Za-z0-9_-]+")


class Case(NamedTuple):
    name: str
    token: Token
    files: dict[str, str]  # repository-relative path → text
    config: str  # the config's path among `files`


def _config(
    *,
    agent: str = "",
    model: str = '"openai/gpt-5.2"',
    reference: str = '"OPENAI_API_KEY"',
    env: str = "",
) -> str:
    return BASE.format(agent=agent, model=model, reference=reference, env=env)


def _escaped(text: str, at: int) -> str:
    """`text` as a basic string with the character at `at` written as a `\\u` escape."""
    inner = (
        toml_string(text[:at])[1:-1] + f"\\u{ord(text[at]):04X}" + toml_string(text[at + 1 :])[1:-1]
    )
    return f'"{inner}"'


def _one(text: str) -> dict[str, str]:
    return {CONFIG: text}


Position = Callable[[Token], dict[str, str] | None]


def _env_value(t: Token) -> dict[str, str]:
    return _one(_config(env=f"LEAK_VALUE = {toml_string(t.value)}"))


def _env_key_quoted(t: Token) -> dict[str, str]:
    return _one(_config(env=f'{toml_string(t.value)} = "x"'))


def _env_key_bare(t: Token) -> dict[str, str] | None:
    return _one(_config(env=f'{t.value} = "x"')) if _BARE.fullmatch(t.value) else None


def _array_element(t: Token) -> dict[str, str]:
    tail = f'\n[secrets]\nrequired = ["EXTRA_KEY", {toml_string(t.value)}]\n'
    return _one(_config() + tail)


def _inline_member(t: Token) -> dict[str, str]:
    return _one(_config(agent=f"env = {{ X_KEY = {toml_string(t.value)} }}"))


def _comment(t: Token) -> dict[str, str] | None:
    if "\n" in t.value:
        lines = t.value.split("\n")
        return _one(_config(env="# deploy key: " + "\n".join(lines)))  # the body breaks lines
    return _one(_config(env=f"# old key: {t.value}"))


def _multiline_basic(t: Token) -> dict[str, str]:
    return _one(_config(env=f'MULTI = """\n{t.value}\n"""'))


def _multiline_literal(t: Token) -> dict[str, str]:
    return _one(_config(env=f"MULTI = '''\n{t.value}\n'''"))


def _escaped_first(t: Token) -> dict[str, str]:
    return _one(_config(env=f"ESCAPED = {_escaped(t.value, 0)}"))


def _escaped_middle(t: Token) -> dict[str, str]:
    at = len(t.prefix) + len(t.body) // 2
    return _one(_config(env=f"ESCAPED = {_escaped(t.value, at)}"))


def _continued(t: Token) -> dict[str, str] | None:
    if "\n" in t.value:
        return None
    cut = len(t.prefix) + len(t.body) // 3
    return _one(_config(env=f'SPLIT = """{t.value[:cut]}\\\n      {t.value[cut:]}"""'))


def _broken_line(t: Token) -> dict[str, str]:
    return _one(_config(env=f"BROKEN = {toml_string(t.value)[:-1]}"))  # never closed


def _broken_key(t: Token) -> dict[str, str] | None:
    if "\n" in t.value:
        return None
    return _one(_config(env=f"{t.value} and more = 1"))


def _model_name(t: Token) -> dict[str, str]:
    return _one(_config(model=toml_string(t.value)))


def _secret_reference(t: Token) -> dict[str, str]:
    return _one(_config(reference=toml_string(t.value)))


def _header(t: Token) -> dict[str, str]:
    return _one(_config() + f"\n[env.{toml_string(t.value)}]\nX = 1\n")


def _settings_file(t: Token) -> dict[str, str]:
    return {CONFIG: _config(), "benchlint.toml": f"ignore = [{toml_string(t.value)}]\n"}


def _catalog_file(t: Token) -> dict[str, str]:
    entry = {
        "key": "acme/custom@1.0",
        "name": t.value,
        "source_type": "harbor_registry",
        "sync_status": "failed",
        "sync_error": f"fetch failed with {t.value}",
    }
    catalog = json.dumps({"schema_version": 1, "data": {"benchmark": entry}})
    return {
        CONFIG: _config(),
        "catalog/acme.json": catalog,
        "benchlint.toml": 'catalog = ["catalog/acme.json"]\n',
    }


def _file_name(t: Token) -> dict[str, str] | None:
    if "/" in t.value or "\n" in t.value:
        return None
    return {f"configs/benchmark/{t.value}.toml": _config(env='HF_TOKEN = "x"')}


POSITIONS: dict[str, Position] = {
    "env-value": _env_value,
    "env-key-quoted": _env_key_quoted,
    "env-key-bare": _env_key_bare,
    "array-element": _array_element,
    "inline-member": _inline_member,
    "comment": _comment,
    "multiline-basic": _multiline_basic,
    "multiline-literal": _multiline_literal,
    "escaped-first": _escaped_first,
    "escaped-middle": _escaped_middle,
    "continued": _continued,
    "broken-line": _broken_line,
    "broken-key": _broken_key,
    "model-name": _model_name,
    "secret-reference": _secret_reference,
    "header": _header,
    "settings-file": _settings_file,
    "catalog-file": _catalog_file,
    "file-name": _file_name,
}


# Where only the key (or the keyword before it) says the value is a secret.
def _netrc_line(t: Token) -> dict[str, str] | None:
    if "\n" in t.value:
        return None
    return _one(_config(env=f"machine api.example.com login bob password {t.value}"))


def _credentials_file(t: Token) -> dict[str, str] | None:
    if "\n" in t.value:
        return None
    return _one(f"[default]\naws_access_key_id = AKIAEXAMPLE\naws_secret_access_key = {t.value}\n")


def _password_key(t: Token) -> dict[str, str]:
    return _one(_config(env=f"DB_PASSWORD = {toml_string(t.value)}"))


def _dotenv_comment(t: Token) -> dict[str, str] | None:
    if "\n" in t.value:
        return None
    return _one(_config(env=f"# pasted from .env: API_TOKEN={t.value}"))


def _yaml_line(t: Token) -> dict[str, str] | None:
    if "\n" in t.value:
        return None
    return _one(_config(env=f"client_secret: {t.value}"))


KEY_NAMED: dict[str, Position] = {
    "netrc-line": _netrc_line,
    "credentials-file": _credentials_file,
    "password-key": _password_key,
    "dotenv-comment": _dotenv_comment,
    "yaml-line": _yaml_line,
}


def cases(tokens: list[Token]) -> Iterator[Case]:
    for token in tokens:
        positions = KEY_NAMED if token.name == PASSWORD else {**POSITIONS, **KEY_NAMED}
        for name, position in positions.items():
            files = position(token)
            if files is None:
                continue
            config = next(path for path in files if path.startswith("configs/"))
            yield Case(f"{name}-{token.name}", token, files, config)
