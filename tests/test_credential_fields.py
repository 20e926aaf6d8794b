"""A credential is reported, and never printed, in every field that holds a model name
(BL207) or a secret reference (BL202): each known token format, whole and inside a longer
string (a pasted `.env` line, `Bearer …`), in every output format of the command line.

Tokens are made at run time from a seeded generator, one per known format; a leak is any 8
characters of a token's random part in the output, in any letter case.
"""

from __future__ import annotations

import random
import string
from pathlib import Path
from typing import NamedTuple

import pytest

from benchlint import lint_text
from benchlint.cli.main import main
from benchlint.core.toml_syntax import toml_string
from benchlint.structure.owners import SECRET_REFERENCES

WINDOW = 8
ALNUM = string.ascii_letters + string.digits
UPPER = string.ascii_uppercase + string.digits
RNG = random.Random(20261202)


class Token(NamedTuple):
    name: str
    prefix: str
    body: str  # the random part: what must never be shown
    suffix: str = ""

    @property
    def value(self) -> str:
        return self.prefix + self.body + self.suffix


def _body(alphabet: str, size: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(size))


TOKENS = [
    Token("anthropic", "sk-ant-api03-", _body(ALNUM + "_-", 40)),
    Token("openrouter", "sk-or-v1-", _body("0123456789abcdef", 64)),
    Token("openai", "sk-proj-", _body(ALNUM, 48)),
    Token("huggingface", "hf_", _body(ALNUM, 34)),
    Token("github", "ghp_", _body(ALNUM, 36)),
    Token("github-pat", "github_pat_", _body(ALNUM, 22) + "_" + _body(ALNUM, 59)),
    Token("gitlab", "glpat-", _body(ALNUM, 20)),
    Token("google", "AIza", _body(ALNUM + "_-", 35)),
    Token("aws", "AKIA", _body(UPPER, 16)),
    Token("aws-session", "ASIA", _body(UPPER, 16)),
    Token("groq", "gsk_", _body(ALNUM, 52)),
    Token("xai", "xai-", _body(ALNUM, 60)),
    Token("perplexity", "pplx-", _body(ALNUM, 48)),
    Token("slack", "xoxb-", _body(UPPER, 24)),
    Token("stripe", "sk_live_", _body(ALNUM, 24)),
    Token("replicate", "r8_", _body(ALNUM, 37)),
    Token("npm", "npm_", _body(ALNUM, 36)),
    Token("google-oauth", "ya29.", _body(ALNUM, 40)),
    Token("jwt", "eyJhbGciOiJIUzI1NiJ9.eyJ", _body(ALNUM, 30), ".c2lnbmF0dXJl"),
    Token(
        "private-key",
        "-----BEGIN PRIVATE KEY-----\n",
        _body(ALNUM + "+/", 64),
        "\n-----END PRIVATE KEY-----",
    ),
]
EMBEDDINGS = {"whole": "{}", "dotenv": "API_TOKEN={}", "bearer": "Bearer {}"}

BASE = """\
[experiment]
benchmark = "gdpval"

[[agents]]
harness = "codex"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[[agents]]
harness = "cursor-cli"
harness_api_key_secret = "CURSOR_API_KEY"

[agents.model]
type = "endpoint"
base_url = "https://models.example.com/v1"
model = "team/coder"
api_key_secret = "TEAM_KEY"

[[agents]]
harness = "codex"

[agents.model]
type = "hosted"
base_model = "qwen/qwen3"
lora_model_name = "lora-1"

[execution]
judge_model = "openai/gpt-5"
judge_api_key_secret = "OPENAI_API_KEY"

[verifier]
required = ["VERIFIER_KEY"]

[secrets]
required = ["EXTRA_KEY"]
"""


class Field(NamedTuple):
    name: str
    line: str  # the line of BASE that holds the field
    code: str


MODEL_NAME_FIELDS = [
    Field("agents[].model.model", 'model = "openai/gpt-5.2"', "BL207"),
    Field("agents[].model.base_model", 'base_model = "qwen/qwen3"', "BL207"),
    Field("agents[].model.lora_model_name", 'lora_model_name = "lora-1"', "BL207"),
    Field("execution.judge_model", 'judge_model = "openai/gpt-5"', "BL207"),
]
REFERENCE_FIELDS = [
    Field("agents[].model.api_key_secret", 'api_key_secret = "OPENAI_API_KEY"', "BL202"),
    Field("agents[].harness_api_key_secret", 'harness_api_key_secret = "CURSOR_API_KEY"', "BL202"),
    Field("execution.judge_api_key_secret", 'judge_api_key_secret = "OPENAI_API_KEY"', "BL202"),
    Field("verifier.required[]", 'required = ["VERIFIER_KEY"]', "BL202"),
    Field("secrets.required[]", 'required = ["EXTRA_KEY"]', "BL202"),
]
FORMATS = ("text", "concise", "json", "sarif", "github")


def test_every_secret_reference_field_is_covered() -> None:
    assert {field.name for field in REFERENCE_FIELDS} == set(SECRET_REFERENCES)


def _place(field: Field, value: str) -> str:
    key, _, old = field.line.partition(" = ")
    quoted = toml_string(value)
    new = f"{key} = [{quoted}]" if old.startswith("[") else f"{key} = {quoted}"
    assert BASE.count(field.line) >= 1
    return BASE.replace(field.line, new, 1)


def _leaks(output: str, token: Token) -> bool:
    folded = output.casefold()
    body = token.body.casefold()
    return any(body[i : i + WINDOW] in folded for i in range(len(body) - WINDOW + 1))


CASES = [
    pytest.param(field, token, embedding, id=f"{field.name}-{token.name}-{embedding}")
    for field in (*MODEL_NAME_FIELDS, *REFERENCE_FIELDS)
    for token in TOKENS
    for embedding in EMBEDDINGS
]


@pytest.mark.parametrize(("field", "token", "embedding"), CASES)
def test_a_credential_in_a_field_is_reported_and_never_shown(
    field: Field,
    token: Token,
    embedding: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = _place(field, EMBEDDINGS[embedding].format(token.value))
    found = lint_text(text, path="configs/benchmark/a.toml")
    assert field.code in {d.code for d in found}, [(d.code, d.message) for d in found]
    path = tmp_path / "configs" / "benchmark" / "a.toml"
    path.parent.mkdir(parents=True)
    path.write_text(text, "utf-8")
    for fmt in FORMATS:
        main(["check", str(path), "--format", fmt, "--no-color"])
        out, err = capsys.readouterr()
        assert not _leaks(out + err, token), f"{token.name} shows in --format {fmt}"
