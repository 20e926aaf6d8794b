"""A credential is reported once wherever it is pasted: BL202 for a secret reference, BL207
for every other literal (any key, any table, nested inline tables and arrays)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchlint.core.toml_syntax import toml_string
from helpers import lint
from strategies import CREDENTIALS

HEAD = """\
[experiment]
benchmark = "terminal-bench-2-1"
"""
AGENT = """
[[agents]]
harness = "terminus-2"
{agent}
[agents.model]
type = "endpoint"
base_url = "https://models.example.com/v1"
model = "team/coder"
api_key_secret = "TEAM_KEY"
{model}
[agents.model.extra_headers]
X-Source = "bench"
{header}
"""

# (where the line goes, the line with {v} for the value, the rule that reports it)
PLACES = [
    ("top", "token = {v}", "BL207"),
    ("experiment", "notes = {v}", "BL207"),
    ("experiment", "meta = {{ a = {{ b = {v} }} }}", "BL207"),
    ("experiment", 'labels = ["x", [{v}]]', "BL207"),
    ("model", "api_key = {v}", "BL207"),  # an unknown key
    ("model", "api_key_secrt = {v}", "BL207"),  # a misspelled reference is a literal
    ("model", "api_key_secret2 = {{ value = {v} }}", "BL207"),
    ("agent", "harness_api_key = {v}", "BL207"),
    ("header", "X-Api-Key = {v}", "BL207"),
    ("tail", "[execution]\njudge_model = {v}", "BL207"),
    ("tail", "[env]\nOPENAI_API_KEY = {v}", "BL207"),
    ("tail", "[env]\nLIST = [{{ k = {v} }}]", "BL207"),
    ("tail", "[agents.env]\nHF = {v}", "BL207"),
    ("tail", "[made_up.deeper]\nanything = {v}", "BL207"),
    ("tail", "[[made_up_array]]\nx = {v}", "BL207"),
    ("tail", "[secrets]\nrequired = [{v}]", "BL202"),
    ("tail", "[verifier]\nrequired = [{v}]", "BL202"),
    ("tail", "[execution]\njudge_api_key_secret = {v}", "BL202"),
    ("agent", "harness_api_key_secret = {v}", "BL202"),
    ("model_ref", "api_key_secret = {v}", "BL202"),
]
WRAPPERS = ["{}", "Bearer {}", "OPENAI_API_KEY={}", "see {} here"]


def _config(place: str, line: str) -> str:
    parts = {"agent": "", "model": "", "header": ""}
    text = HEAD
    if place == "top":
        text = line + "\n" + text
    elif place == "experiment":
        text += line + "\n"
    if place in parts:
        parts[place] = line + "\n"
    agent = AGENT.format(**parts)
    if place == "model_ref":
        agent = agent.replace('api_key_secret = "TEAM_KEY"', line)
    text += agent
    if place == "tail":
        text += "\n" + line + "\n"
    return text


@settings(max_examples=300, deadline=None)
@given(
    token=CREDENTIALS,
    where=st.sampled_from(PLACES),
    wrapper=st.sampled_from(WRAPPERS),
)
def test_a_pasted_credential_is_reported_once_where_it_is(
    token: str, where: tuple[str, str, str], wrapper: str
) -> None:
    place, template, code = where
    value = toml_string(wrapper.format(token))
    text = _config(place, template.format(v=value))
    diagnostics = lint(text)
    found = [d for d in diagnostics if d.code in ("BL202", "BL207")]
    assert [d.code for d in found] == [code], text
    (diagnostic,) = found
    line_number = next(n for n, line in enumerate(text.splitlines(), 1) if value in line)
    column = text.splitlines()[line_number - 1].index(value) + 1
    assert (diagnostic.range.start.line, diagnostic.range.start.column) == (line_number, column)
    assert "credential" in diagnostic.message
    for shown in diagnostics:
        assert token not in shown.message and token not in (shown.key or "")


def test_a_key_pasted_under_a_wrong_key_name_says_where_it_belongs() -> None:
    token = "sk-proj-" + "EXAMPLEexample0123456789" * 2
    text = _config("model", f'api_key = "{token}"')
    (found,) = [d for d in lint(text) if d.code == "BL207"]
    assert found.message.startswith("`api_key` in [agents.model] of agent 1 holds a credential")
    assert "reference NAME in `api_key_secret`" in found.message
    assert token not in found.message


def test_short_and_ordinary_values_anywhere_stay_quiet() -> None:
    text = _config("experiment", 'notes = ["sk-placeholder", { a = "hf_short" }, "plain text"]')
    assert not [d for d in lint(text) if d.code in ("BL202", "BL207")]


# -- named like a credential (BL213): what docs/config.md says is and is not reported ---------
NAMED = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[agents.env]
{line}
"""


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('MY_PASSWORD = "hunter2hunter2"', ["BL213"]),
        ('SERVICE_API_KEY = "d41d8cd98f00b204"', ["BL213"]),
        ("CLIENT_SECRET = 'Tr0ub4dor&3'", ["BL213"]),
        ('DBURL = "postgres://bob:pw@db/x"', ["BL207"]),
        ('DB_PASSWORD = "postgres://bob:pw@db/x"', ["BL207"]),  # reported once
        ('GITHUB_TOKEN = "ghp_' + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8" + '"', ["BL207"]),
        # Not reported: not told from a placeholder or a setting.
        ('AUTH_MODE = "basic"', []),
        ('MY_PASSWORD = "set-at-submit"', []),
        ('MY_PASSWORD = "changeme"', []),
        ('MY_PASSWORD = "<password>"', []),
        ('MY_PASSWORD = "${DB_PASSWORD}"', []),
        ('MY_PASSWORD = "********"', []),
        ('MY_PASSWORD = "12345678"', []),
        ('MY_PASSWORD = "two words 2"', []),
        ('TOKEN_VAR = "GITHUB_TOKEN"', []),
        ('TOKEN_URL = "https://auth.example.com/oauth/token"', []),
        ('PASSWORD_FILE = "/run/secrets/db1"', []),
        ('SECRET_NAME = "Db-Pass-2"', []),
        ('TOKENIZERS_PARALLELISM = "false"', []),
        ('MAX_TOKENS = "4096abc"', []),
        ('RANDOM_SEED = "aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI"', []),
    ],
)
def test_credential_named_literals(line: str, expected: list[str]) -> None:
    found = [d.code for d in lint(NAMED.format(line=line)) if d.code in {"BL207", "BL213"}]
    assert found == expected
