"""A `user:password@host` is hidden by its structure, wherever it stands.

A security tester's attack (each test here failed before): every password was word-shaped,
so the allow-list's token rule passed it, and only a recogniser could hide it; each gap was a
place no recogniser looked:

- a key or a header holding `bob:SummerBreeze@db.example.com` (no `://`): code frames,
  `--diff`, JSON `key`, SARIF, BL103's message, the outline, a settings file's unknown key;
- a quote in the URL's user name (`https://o'brien:pw@host`, `a"b:pw@host`): the token
  ended at the quote, and `url_passwords` stopped reading the user name there;
- rules quoting a value with an f-string (BL501's task_set, BL301's harness, BL210's name):
  a short password is under the output masker's 8 characters, and a message is a sentence,
  so no value-shaped recogniser ran;
- BL201's `e.g. NAME` upper-cased the password into a name (`DAN_SUMMER_BREEZE_H`).

The renderer now refuses, by structure, what stands between a `:` and a later `@` in a run
of non-blank characters (`shape.userinfo_spans`): one place every message, key, code frame,
outline name and hover passes through.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from benchlint import lint_text
from benchlint.core.toml_syntax import toml_string
from benchlint.secrets import shape
from benchlint.secrets.detection import url_passwords
from benchlint.secrets.redaction import one_line_message, shown_text
from benchlint.secrets.shape import harmless
from benchlint.secrets.source import masked_source

from . import generator
from .rawlsp import RawClient
from .surfaces import cli_outputs, lsp_outputs, started_client, write_files
from .tokens import Token

# Word-shaped passwords: the allow-list passes each, as a token of its own.
LONG = "SummerBreeze"
SHORT = "Tiger99"  # under the output masker's 8 characters


def _folded(text: str) -> str:
    return re.sub(r"[^A-Z0-9]+", "_", text.upper())


def shows(output: str, password: str) -> bool:
    """The password, in any letter case, whole or as any 8 of its characters, or as a
    suggestion spells it (upper case, `_` between words: `SUMMER_BREEZE`)."""
    folded = output.casefold()
    secret = password.casefold()
    if secret in folded:
        return True
    if any(secret[i : i + 8] in folded for i in range(len(secret) - 7)):
        return True
    words = "_".join(re.findall(r"[A-Z][a-z]+|[a-z]+|[0-9]+|[A-Z]+", password)).upper()
    return words in _folded(output)


# -- the renderer ---------------------------------------------------------------------------

SPELLINGS = [
    "bob:{p}@db.example.com",
    '"bob:{p}@db.example.com"',
    '`"amy:{p}@git.example.com"` in [env]',
    "https://o'brien:{p}@git.example.com/x.git",
    'https://a"b:{p}@git.example.com/x.git',
    "o'brien:{p}@git.example.com",
    "https:/amy:{p}@h",
    "https://amy:/{p}@h",
    "bob:Sum'{p}@h",
    'env."amy:{p}@git.example.com".X',
    "mirror(bob:{p}@h)",
    "bob@corp:{p}@h",
    "ftp:bob:{p}@h",
]


@pytest.mark.parametrize("password", [LONG, SHORT])
@pytest.mark.parametrize("spelling", SPELLINGS)
def test_the_renderer_hides_a_password_by_structure(spelling: str, password: str) -> None:
    text = spelling.format(p=password)
    assert shape.userinfo_spans(text)
    assert not harmless(text)
    for shown in (
        shown_text(text),
        shown_text(text, one_value=True),
        one_line_message(f"found {text}; e.g. nothing"),
        masked_source(f"x = 1 # {text}\n"),
    ):
        assert password not in shown, shown


def test_user_and_host_stay_readable() -> None:
    assert shown_text("bob:SummerBreeze@db.example.com") == "bob:…(12 chars)@db.example.com"
    assert shown_text("https://o'brien:Ocean@h") == "https://o'brien:…(5 chars)@h"


@pytest.mark.parametrize(
    "text",
    [
        "acme/custom@1.0",
        "git@github.com:org/repo.git",
        "ssh://git@host:22/x",
        "note: 18:13: see line 4",
        "BL501: task_set @ parity",
        "openai/gpt-5.2",
        "user@example.com",
    ],
)
def test_text_without_the_structure_reads_as_written(text: str) -> None:
    assert shown_text(text) == text


def test_a_quote_in_the_user_name_does_not_end_the_url() -> None:
    for text in ("see https://o'brien:OceanAutumn@h/x", 'see https://a"b:OceanAutumn@h/x'):
        spans = url_passwords(text)
        assert [text[a:b] for a, b in spans] == ["OceanAutumn"], text


def test_the_structure_is_linear() -> None:
    import time

    for text in (":" * 200_000 + "@", ":/" * 100_000 + "@", "a:b@" * 50_000, ":@ " * 60_000):
        started = time.perf_counter()
        shape.userinfo_spans(text)
        shown_text(text)
        assert time.perf_counter() - started < 2.0


# -- the linter's every position, through the API (no output masker) ------------------------

HEAD = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""

RULE_POSITIONS = {
    "env-key": HEAD + '\n[env]\n"bob:{p}@db.example.com" = "x"\n',
    "env-header": HEAD + '\n[env."amy:{p}@git.example.com"]\nX = "1"\n',
    "dotted-key": HEAD + '\n[env]\n"amy:{p}@git.example.com".X = "1"\n',
    "inline-member-key": HEAD.replace(
        'harness = "terminus-2"\n', 'harness = "terminus-2"\nenv = {{ "a:{p}@h" = "x" }}\n'
    ),
    "quote-in-user-key": HEAD + '\n[env]\n"https://o\'brien:{p}@h.example.com" = "y"\n',
    "quote-in-user-comment": HEAD.replace(
        "type =", "unknown_a = 1 # mirror https://o'brien:{p}@git.example.com/x.git\ntype ="
    ),
    "task-set": HEAD + '\n[tasks]\ntask_names = ["fix-permissions"]\ntask_set = "carl:{p}@p"\n',
    "harness": HEAD.replace('harness = "terminus-2"', 'harness = "bob:{p}@h"')
    + '\n[[agents]]\nharness = "bob:{p}@h"\nharness_api_key_secret = "FOO_KEY"\n'
    + '[agents.model]\ntype = "provider"\nmodel = "openai/gpt-5.2"\n'
    + 'api_key_secret = "OPENAI_API_KEY"\n',
    "required-and-env": HEAD
    + '\n[secrets]\nrequired = ["gus:{p}@h"]\n\n[env]\n"gus:{p}@h" = "1"\n',
    "secret-reference": HEAD.replace('"OPENAI_API_KEY"', '"dan:{p}@h"'),
    "required-url": HEAD + '\n[secrets]\nrequired = ["https://eve:{p}@vault.example.com"]\n',
    "array-element": HEAD + '\n[secrets]\nrequired = ["EXTRA_KEY", "bob:{p}@h"]\n',
}


def _said(diagnostics: list[Any]) -> str:
    parts = []
    for d in diagnostics:
        parts += [d.message, str(d.key)]
        parts += [r.message for r in d.related]
        if d.fix is not None:
            parts.append(d.fix.title)
    return "\n".join(parts)


@pytest.mark.parametrize("password", [LONG, SHORT, "Lion42"])
@pytest.mark.parametrize("position", sorted(RULE_POSITIONS))
def test_lint_text_never_says_it(position: str, password: str) -> None:
    text = RULE_POSITIONS[position].format(p=password)
    diagnostics = lint_text(text)
    assert diagnostics, position
    said = _said(diagnostics)
    assert not shows(said, password), said


def test_a_suggestion_is_never_made_from_a_url() -> None:
    for value in ("dan:SummerBreeze@h", "https://eve:WinterFrost@vault.example.com"):
        text = HEAD.replace('"OPENAI_API_KEY"', toml_string(value))
        messages = [d.message for d in lint_text(text) if d.code == "BL201"]
        assert messages
        assert all("e.g." not in message for message in messages), messages


# -- every rule's message, with the password in every string of every rule's fixture --------

FIXTURES = sorted(Path(__file__).parent.parent.joinpath("rules", "fixtures").rglob("*.toml"))
_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def _variants(text: str, password: str) -> list[str]:
    """`text` with one basic string at a time holding `user:password@` before its value (a
    key, a value, an array element, a header: whatever is written `"..."`)."""
    out = []
    for match in _STRING.finditer(text):
        inner = f"u:{password}@{match.group(1)}"
        out.append(text[: match.start(1)] + inner + text[match.end(1) :])
    return out


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_rule_message_shows_a_password_in_any_string(fixture: Path) -> None:
    password = "MeadowLark"
    text = fixture.read_bytes().decode("utf-8", "replace")
    for variant in _variants(text, password):
        said = _said(lint_text(variant))
        assert not shows(said, password), (variant, said)


# -- every surface: the command line's every format and command, and the server ------------

# Word-shaped (at most 16 characters in at most three pieces): the token rule passes each.

TOKENS = [
    Token("userinfo", "bob:", "SummerBreezes", "@db.example.com"),
    Token("userinfo-quote", "https://o'brien:", "AutumnLeaves", "@git.example.com/x"),
    Token("userinfo-dquote", 'a"b:', "WinterFrost", "@q.example.com"),
]


def _settings_key(t: Token) -> dict[str, str]:
    return {
        generator.CONFIG: generator._config(),
        "benchlint.toml": f"{toml_string(t.value)} = 1\n",
    }


def _catalog_fields(t: Token) -> dict[str, str]:
    entry = {
        "key": "acme/custom@1.0",
        "name": f"Custom {t.value}",
        "source_type": "harbor_registry",
        "description": f"Tasks mirrored from {t.value}",
        "sync_status": "failed",
        "sync_error": f"clone {t.value} failed",
    }
    return {
        generator.CONFIG: generator._config(),
        "catalog/acme.json": json.dumps({"schema_version": 1, "data": {"benchmark": entry}}),
        "benchlint.toml": 'catalog = ["catalog/acme.json"]\n',
    }


POSITIONS = {
    **generator.POSITIONS,
    "settings-key": _settings_key,
    "catalog-fields": _catalog_fields,
}
CASES = [
    (f"{name}-{token.name}", token, files)
    for token in TOKENS
    for name, position in POSITIONS.items()
    if (files := position(token)) is not None
]


@pytest.mark.parametrize(("name", "token", "files"), CASES, ids=[c[0] for c in CASES])
def test_the_command_line_never_prints_it(
    name: str,
    token: Token,
    files: dict[str, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = write_files(tmp_path, files)
    out = cli_outputs(tmp_path, config, capsys, monkeypatch)
    assert not shows(out, token.body), name


def test_the_language_server_never_sends_it(tmp_path: Path) -> None:
    files = {
        generator.CONFIG: RULE_POSITIONS["env-key"].format(p=LONG)
        + '\n[env."amy:SummerBreeze@git.example.com"]\nX = "1"\n'
        + "# mirror https://o'brien:SummerBreeze@git.example.com/x.git\n",
        **{k: v for k, v in _catalog_fields(TOKENS[0]).items() if k != generator.CONFIG},
    }
    files[generator.CONFIG] = files[generator.CONFIG].replace(
        '"terminal-bench-2-1"', '"acme/custom@1.0"'
    )
    client: RawClient = started_client(tmp_path)
    try:
        config = write_files(tmp_path, files)
        sent = lsp_outputs(client, config, files[generator.CONFIG])
    finally:
        client.close()
    assert not shows(sent, LONG)
    assert not shows(sent, TOKENS[0].body)
