"""Properties of fixing (fixes lose nothing: comments, untouched bytes, idempotence).

Over the rules' bad examples and generated configs, in LF/CRLF, with unicode and comments
added: fixing re-parses, keeps every comment and every line no edit touches, removes the
diagnostics it targets, and a second run changes nothing.
"""

from __future__ import annotations

import tomllib
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchlint.lint.engine import lint
from benchlint.lint.fixer import MAX_ROUNDS, fix_round, fix_text
from benchlint.lint.settings import Settings
from benchlint.parsing.document import parse

from .support import (
    CONFIG_PATH,
    FIXABLE,
    crlf,
    is_subsequence,
    only_crlf,
    output_lines,
    untouched_lines,
)

NOTES = ("note", "✓ vérifié", "日本語 🎉", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "tab\there", "a # inside")
CREDENTIAL = "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8t"


@st.composite
def comment(draw: st.DrawFn) -> str:
    """A trailing comment, numbered so each one can be found again."""
    if not draw(st.booleans()):
        return ""
    return f"  # {draw(st.sampled_from(NOTES))} {draw(st.integers(0, 999))}"


@st.composite
def toml_array(draw: st.DrawFn, items: list[str]) -> str:
    quoted = [f'"{item}"' for item in items]
    style = draw(st.sampled_from(["line", "trailing", "multi", "multi-bare", "hanging"]))
    if style == "line":
        return "[" + ", ".join(quoted) + "]"
    if style == "trailing":
        return "[" + ", ".join(quoted) + ",]"
    if style == "hanging":
        return "[" + ",\n    ".join(quoted) + "]"
    lines = [
        f"  {q}{',' if style == 'multi' or i < len(quoted) - 1 else ''}"
        for i, q in enumerate(quoted)
    ]
    return "[\n" + "\n".join(line + draw(comment()) for line in lines) + "\n]"


@st.composite
def generated_config(draw: st.DrawFn) -> str:
    """A config built from the pieces the fixable rules look at."""
    out: list[str] = []
    if draw(st.booleans()):
        out += [f"# {draw(st.sampled_from(NOTES))} header", ""]
    benchmark = draw(st.sampled_from(["hle", "Hle", "gdpval", "terminal-bench-2-1", "GDPval"]))
    out += ["[experiment]" + draw(comment()), f'benchmark = "{benchmark}"' + draw(comment()), ""]
    if draw(st.booleans()):
        out.append("[tasks]")
        if draw(st.booleans()):
            out.append(f'task_set = "{draw(st.sampled_from(["parity", "Parity", "full"]))}"')
        if draw(st.booleans()):
            names = draw(
                st.lists(
                    st.sampled_from(["terminal-bench/a", "terminal-bench/b"]),
                    min_size=1,
                    max_size=4,
                )
            )
            out.append("task_names = " + draw(toml_array(names)))
        out.append("")
    for _ in range(draw(st.integers(1, 2))):
        harness = draw(
            st.sampled_from(
                ["cursor-cli", "claude_code", "terminus-2", "codex", "mini-swe-agent", "cursor"]
            )
        )
        out += ["[[agents]]", f'harness = "{harness}"' + draw(comment())]
        key = draw(st.sampled_from([None, "CURSOR_API_KEY", "CURSOR_TOKEN", "MSWEA_API_KEY"]))
        if key:
            out.append(f'harness_api_key_secret = "{key}"' + draw(comment()))
        secret = draw(st.sampled_from(["OPENAI_API_KEY", CREDENTIAL]))
        out += [
            "",
            "[agents.model]",
            'type = "provider"',
            'model = "openai/gpt-5.2"',
            f'api_key_secret = "{secret}"' + draw(comment()),
            "",
        ]
        if draw(st.booleans()):
            out += ["[agents.env]", 'HF_TOKEN = "set-me"' + draw(comment()), 'DEBUG = "1"', ""]
    if draw(st.booleans()):
        out.append("[execution]")
        if draw(st.booleans()):
            out.append("attempt_per_task = 2" + draw(comment()))
        if draw(st.booleans()):
            out.append('judge_model = "openai/gpt-5.2"' + draw(comment()))
        if draw(st.booleans()):
            out.append('judge_api_key_secret = "OPENAI_API_KEY"')
        out.append("")
    if draw(st.booleans()):
        names = draw(
            st.lists(
                st.sampled_from(["HF_TOKEN", "GITHUB_TOKEN", "DATA_KEY"]), min_size=1, max_size=4
            )
        )
        out += ["[secrets]", "required = " + draw(toml_array(names)) + draw(comment())]
    return "\n".join(out) + "\n"


@st.composite
def variant(draw: st.DrawFn, text: str) -> str:
    """The same config with comments and unicode sprinkled in, maybe CRLF, maybe no final
    newline."""
    lines = text.split("\n")
    for index in sorted(draw(st.sets(st.integers(0, len(lines) - 1), max_size=4)), reverse=True):
        if lines[index].strip() and not lines[index].rstrip().endswith(("[", ",")):
            lines[index] += draw(comment())
        else:
            lines.insert(index, f"# {draw(st.sampled_from(NOTES))} {index}")
    text = "\n".join(lines)
    if draw(st.booleans()):
        text = text.rstrip("\n")
    return crlf(text) if draw(st.booleans()) else text


configs = st.one_of(
    st.sampled_from(FIXABLE).flatmap(lambda rule: variant(rule.bad)),
    generated_config().flatmap(variant),
)


def _comments(text: str) -> Counter[str]:
    return Counter(c.text.rstrip() for c in parse(text).source_map.comments)


def _targets(text: str, unsafe: bool, settings_: Settings) -> set[tuple[str, str | None]]:
    return {
        (d.code, d.key)
        for d in lint(text, CONFIG_PATH, settings_)
        if d.fix is not None and (unsafe or d.fix.applicability == "safe")
    }


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=configs, unsafe=st.booleans())
def test_fixing_loses_nothing(text: str, unsafe: bool) -> None:
    config_settings = Settings()
    tomllib.loads(text)  # the generators only make valid TOML
    result = fix_text(text, CONFIG_PATH, config_settings, unsafe=unsafe)

    tomllib.loads(result.text)
    assert not _comments(text) - _comments(result.text), "a comment was lost"
    for note in NOTES:
        assert result.text.count(note) >= text.count(note)
    if only_crlf(text):
        assert only_crlf(result.text)
    remaining = {(d.code, d.key) for d in result.diagnostics}
    assert not _targets(text, unsafe, config_settings) & remaining, "a fixed diagnostic is back"
    assert fix_text(result.text, CONFIG_PATH, config_settings, unsafe=unsafe).changed is False
    assert not result.changed or result.fixed > 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=configs, unsafe=st.booleans())
def test_each_round_keeps_every_line_its_edits_do_not_touch(text: str, unsafe: bool) -> None:
    config_settings = Settings()
    for _ in range(MAX_ROUNDS):
        step = fix_round(
            text, lint(text, CONFIG_PATH, config_settings), config_settings, unsafe=unsafe
        )
        if step is None:
            return
        edits = [edit for fix in step.applied for edit in fix.edits]
        assert is_subsequence(untouched_lines(text, edits), output_lines(step.text))
        text = step.text
