"""Properties over random and mutated input: never raise, ranges inside the text, and no
credential in any output."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import benchlint
from benchlint.core.diagnostic import Diagnostic, Position, Range
from benchlint.core.text import LineIndex
from benchlint.report import FileReport, RunInfo, json_report, text
from benchlint.secrets.source import masked_source
from helpers import MINIMAL
from strategies import CREDENTIALS, TOML_PUNCTUATION, mutated_config

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def assert_ranges_inside(source: str | bytes, found: list[benchlint.Diagnostic]) -> None:
    decoded = source if isinstance(source, str) else source.decode("utf-8", "replace")
    lines = LineIndex(decoded)
    for diagnostic in found:
        for rng in (diagnostic.range, *(r.range for r in diagnostic.related)):
            assert rng.start <= rng.end
            for position in (rng.start, rng.end):
                assert 1 <= position.line <= lines.line_count
                assert 1 <= position.column <= len(lines.line_text(position.line)) + 2
        if diagnostic.fix:
            for edit in diagnostic.fix.edits:
                assert edit.range.start <= edit.range.end


@PROPERTY
@given(st.text(max_size=300) | TOML_PUNCTUATION)
def test_random_text_never_raises(source: str) -> None:
    assert_ranges_inside(source, benchlint.lint_text(source, path="configs/benchmark/x.toml"))


@PROPERTY
@given(st.binary(max_size=300))
def test_random_bytes_never_raise(source: bytes) -> None:
    assert_ranges_inside(source, benchlint.lint_text(source))


@PROPERTY
@given(mutated_config())
def test_mutated_configs_never_raise_and_ranges_stay_inside(source: str) -> None:
    assert_ranges_inside(source, benchlint.lint_text(source, path="configs/benchmark/x.toml"))


@PROPERTY
@given(mutated_config())
def test_every_truncation_of_a_config_is_handled(source: str) -> None:
    for cut in range(0, len(source), 7):
        assert_ranges_inside(source[:cut], benchlint.lint_text(source[:cut]))


# -- credentials ---------------------------------------------------------------------------

TEMPLATE = """\
[experiment]
benchmark = "{benchmark}"

[tasks]
task_names = ["{task}"]

[[agents]]
harness = "{harness}"
harness_api_key_secret = "{harness_secret}"

[agents.model]
type = "endpoint"
base_url = "{url}"
model = "{model}"
api_key_secret = "{model_secret}"

[agents.model.extra_headers]
"{header_name}" = "{header}"

[agents.env]
"{env_name}" = "{env}"

[[agents]]
[agents.model]
type = "hosted"
base_model = "{base_model}"
lora_model_name = "{lora}"

[execution]
judge_model = "{judge_model}"
judge_api_key_secret = "{judge_secret}"

[verifier]
required = ["{verifier}"]

[secrets]
required = ["{secret}"]

[env]
GLOBAL = "{global_env}"
"""
FIELDS = [
    "benchmark",
    "task",
    "harness",
    "harness_secret",
    "url",
    "model",
    "model_secret",
    "header_name",
    "header",
    "env_name",
    "env",
    "base_model",
    "lora",
    "judge_model",
    "judge_secret",
    "verifier",
    "secret",
    "global_env",
]
PLAIN = {field: "PLAIN_" + field.upper() for field in FIELDS} | {"url": "https://x.example/v1"}


def _toml_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _outputs(source: str) -> list[str]:
    found = benchlint.lint_text(source, path="configs/benchmark/x.toml")
    report = [FileReport("configs/benchmark/x.toml", found, source)]
    run = RunInfo(version="0", profile="docs")
    renderers: list[Callable[..., str]] = [
        text.render_text,
        text.render_concise,
        text.render_statistics,
        json_report.render,
    ]
    for module in ("sarif", "github"):
        with contextlib.suppress(ImportError):  # reporters that exist in this build
            renderers.append(__import__(f"benchlint.report.{module}", fromlist=["render"]).render)
    outputs = [render(report, run) for render in renderers]
    outputs.append(json.dumps([d.to_dict() for d in found]))
    return outputs


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CREDENTIALS, st.sampled_from(FIELDS), st.booleans())
def test_no_credential_in_any_output(credential: str, field: str, crlf: bool) -> None:
    values = dict(PLAIN)
    values[field] = _toml_escape(credential)
    if field == "url":
        values[field] = "https://x.example/v1?api_key=" + _toml_escape(credential)
    source = TEMPLATE.format(**values)
    if crlf:
        source = source.replace("\n", "\r\n")
    for output in _outputs(source):
        assert credential not in output
        assert _toml_escape(credential) not in output
        assert credential.split("\n")[0] not in output or credential.startswith("-----BEGIN")


PASSWORD = "hunter2secretpw"
TOKEN = "sk-proj-abcDEF1234567890abcdefGHIJ"


@pytest.mark.parametrize(
    ("field", "value", "secret"),
    [
        # URLs a user pasted with a password: no scheme, a typo in it, a space, a long one
        # whose `@` falls past the cut of a quoted value, a quote in the password.
        ("url", f"admin:{PASSWORD}@models.example.com/v1", PASSWORD),
        ("url", f"https:/admin:{PASSWORD}@m.example.com/v1", PASSWORD),
        ("url", "http://admin:hunter2 secretpw@m.example.com/v1", "hunter2 secretpw"),
        ("url", "ftp://admin:" + "q" * 70 + "@m.example.com/v1", "q" * 12),
        ("url", f"http://admin:hunter2'{PASSWORD}@m.example.com/v1", PASSWORD),
        ("url", f"http//admin:{PASSWORD}@host.example/v1", PASSWORD),
        ("url", f"//admin:{PASSWORD}@host.example/v1", PASSWORD),
        ("url", f"https://bob@corp.com:{PASSWORD}@host.example/v1", PASSWORD),
        ("url", f"https://host.example/v1#token={PASSWORD}", PASSWORD),
        ("url", f"https://host.example/v1;token={PASSWORD}", PASSWORD),
        # A token turned into a suggestion (upper case, `_` for `-`) must not escape either.
        ("judge_secret", "x" + TOKEN, TOKEN[8:].upper()),
        ("secret", "my hf_" + "abcDEF123" * 3, "ABCDEF123ABCDEF123"),
    ],
    ids=[
        "no-scheme",
        "one-slash",
        "space",
        "past-the-cut",
        "quote",
        "no-colon",
        "scheme-relative",
        "at-in-user",
        "fragment",
        "semicolon",
        "suggestion",
        "hf-suggestion",
    ],
)
def test_a_password_or_token_in_odd_shapes_is_never_shown(
    field: str, value: str, secret: str
) -> None:
    values = dict(PLAIN)
    values[field] = _toml_escape(value)
    source = TEMPLATE.format(**values)
    assert benchlint.lint_text(source, path="configs/benchmark/x.toml")  # something to show
    for output in _outputs(source):
        assert secret not in output


def test_a_token_in_a_suppression_comment_is_never_shown() -> None:
    source = MINIMAL + f"# benchlint: ignore[{TOKEN}, bl999]\n"
    found = benchlint.lint_text(source, path="configs/benchmark/x.toml")
    assert [d.code for d in found] == ["BL901"]
    assert "BL999" in found[0].message
    for output in _outputs(source):
        assert TOKEN[8:] not in output and TOKEN[8:].upper() not in output


def test_multi_line_secrets_are_masked_in_place() -> None:
    key_body = "MIIEowIBAAKCAQEA1b2c3d4e5f6g7h8i9j0kAbCdEfGhIjKlMnOpQrStUvWxYz012345"
    source = (
        '[env]\nDB_PASSWORD = """\nhunter2-plain-pw"""\nNOTE = """\nhello world\n"""\n'
        'KEY = """\n-----BEGIN RSA PRIVATE KEY-----\n' + key_body + "\n-----END RSA PRIVATE"
        " KEY-----\"\"\"\nX_TOKEN = '''unclosed\nsecret-tail"
    )
    shown = masked_source(source)
    assert len(shown) == len(source)
    assert [len(line) for line in shown.split("\n")] == [len(x) for x in source.split("\n")]
    for secret in ("plain-pw", key_body[8:], "secret-tail"):
        assert secret not in shown
    assert "hello world" in shown  # not everything multi-line is a secret


@pytest.mark.parametrize(
    "source",
    [
        '# Long values may use x = """\n[env]\nDB_PASSWORD = """\ncorrect-horse-battery"""\n',
        '"DB_PASS\\u0057ORD" = """\ncorrect-horse-battery\n"""\n',
        'broken = \nDB_PASSWORD = """\ncorrect-horse-battery"""\n',
    ],
    ids=["quotes-in-a-comment", "escaped-key", "syntax-error"],
)
def test_multi_line_secrets_are_found_as_toml_reads_them(source: str) -> None:
    assert "horse-battery" not in masked_source(source)


def test_a_code_frame_inside_a_multi_line_secret_is_masked() -> None:
    source = '[env]\nDB_PASSWORD = """hunter2-plain-pw\nsecond-line-secret"""\nX = 1\n'
    lines = LineIndex(source)
    for line in (2, 3):
        where = Range(Position(line, 1), Position(line, 5))
        diagnostic = Diagnostic("BL999", "test", "error", "m", where)
        frame = "\n".join(text.code_frame(lines, diagnostic, RunInfo("0", "docs")))
        assert "plain-pw" not in frame and "line-secret" not in frame, frame


def test_an_escaped_credential_key_name_still_masks_its_value() -> None:
    line = '"db_pass\\u0077ord" = "hunter4-plain-pw"'
    assert "plain-pw" not in masked_source(line)
    assert len(masked_source(line)) == len(line)


SECRET_FIELDS = {"harness_secret", "model_secret", "judge_secret", "verifier", "secret"}
LITERAL_FIELDS = {"url", "model", "header", "env", "base_model", "lora", "global_env"}


@pytest.mark.parametrize("field", sorted(SECRET_FIELDS | LITERAL_FIELDS))
def test_a_credential_in_a_field_is_reported_masked(field: str) -> None:
    # Guard for the property above: masking is exercised by real diagnostics, not vacuous.
    values = dict(PLAIN)
    values[field] = "ghp_" + "A1b2" * 9
    found = benchlint.lint_text(TEMPLATE.format(**values), path="configs/benchmark/x.toml")
    expected = "BL202" if field in SECRET_FIELDS else "BL207"
    hits = [d for d in found if d.code == expected]
    assert hits and all("ghp_…(40 chars)" in d.message for d in hits), found


def test_minimal_config_is_clean() -> None:
    assert benchlint.lint_text(MINIMAL, path="configs/benchmark/x.toml") == []


def test_token_prefixes_cover_every_token_pattern() -> None:
    # The fast pre-check must never let a token through: every pattern starts with a prefix.
    from benchlint.secrets import detection as credentials

    for pattern in credentials._TOKEN_PATTERNS:
        literal = pattern.replace("\\", "")
        expanded = [literal]
        for alternatives in (
            ("(?:AKIA|ASIA)", ["AKIA", "ASIA"]),
            ("(?:sk|rk)_(?:live|test)_", ["sk_live_", "sk_test_", "rk_live_", "rk_test_"]),
        ):
            if literal.startswith(alternatives[0]):
                expanded = alternatives[1]
        if literal.startswith("gh[pousr]_"):
            expanded = [f"gh{c}_" for c in "pousr"]
        for start in expanded:
            assert any(start.startswith(p) for p in credentials.TOKEN_PREFIXES), pattern


def test_shortest_token_is_the_shortest_any_pattern_matches() -> None:
    # Texts shorter than SHORTEST_TOKEN skip the token search: no pattern may match one.
    import re._parser as sre_parse

    from benchlint.secrets import detection as credentials
    from benchlint.secrets.redaction import redact

    widths = [sre_parse.parse(p).getwidth()[0] for p in credentials._TOKEN_PATTERNS]
    assert min(widths) == credentials.SHORTEST_TOKEN
    slack = "xoxb-" + "1" * 10
    assert len(slack) == credentials.SHORTEST_TOKEN
    assert credentials.looks_like_credential(slack)
    assert slack not in redact(f"token {slack}")


def test_a_line_of_many_findings_is_read_and_masked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The text report copies a line for its code frame once, however many findings it holds
    (each finding copied the whole line: findings × the line's length), and each frame is the
    one the line alone gives."""
    line = "k = [" + ", ".join(f'"v{i}"' for i in range(400)) + "]"
    source = f"[env]\n{line}\nX = 1\n"
    findings = [
        Diagnostic("BL999", "t", "error", "m", Range(Position(2, col), Position(2, col + 4)))
        for col in range(6, len(line), 6)
    ]
    run = RunInfo("0", "docs")
    alone = [
        text.render_text([FileReport("a.toml", [finding], source)], run) for finding in findings
    ]
    read: list[int] = []
    real = LineIndex.line_text
    monkeypatch.setattr(LineIndex, "line_text", lambda self, n: read.append(n) or real(self, n))
    together = text.render_text([FileReport("a.toml", findings, source)], run)
    assert read == [2]
    frames = [report.split("\n\n")[0] for report in alone]
    assert together.split("\n\n")[: len(findings)] == frames
