"""What attacks on the renderer found, each one a class: the next key spelling, a fix that
moves a value, a diff that prints the moved value."""

from __future__ import annotations

import pytest

from benchlint import lint_text
from benchlint.lint.fixer import unified_diff
from benchlint.secrets.source import masked_source

CONFIG = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[env]
{line}
"""


@pytest.mark.parametrize(
    "key", ["privateKey", "clientSecret", "dbPassword", "SECRETKEY", "db-passwd", "authToken"]
)
def test_a_key_naming_a_credential_in_any_spelling_hides_a_word_shaped_value(key: str) -> None:
    text = CONFIG.format(line=f'{key} = "correct-horse-battery"')
    assert "correct-horse-battery" not in masked_source(text)


def test_a_record_name_under_a_credential_named_key_stays_readable() -> None:
    text = CONFIG.format(line='OPENAI_API_KEY_NAME = "OPENAI_API_KEY"')
    assert 'OPENAI_API_KEY_NAME = "OPENAI_API_KEY"' in masked_source(text)


def test_no_fix_moves_a_literal_into_a_secret_reference_field() -> None:
    text = CONFIG.replace('api_key_secret = "OPENAI_API_KEY"', 'api_key = "hunter2"')
    (unknown,) = [d for d in lint_text(text, path="a.toml") if d.code == "BL101"]
    assert unknown.fix is None


def test_a_record_name_is_still_renamed_into_its_field() -> None:
    text = CONFIG.replace('api_key_secret = "OPENAI_API_KEY"', 'api_key = "OPENAI_API_KEY"')
    (unknown,) = [d for d in lint_text(text, path="a.toml") if d.code == "BL101"]
    assert unknown.fix is not None


def test_a_diff_hides_a_value_where_a_fix_moved_it() -> None:
    diff = unified_diff("a.toml", '[x]\npassword = "hunter2"\n', '[x]\nnote = "hunter2"\n')
    assert "hunter2" not in diff
    assert '+note = "*******"' in diff
