"""Findings about something absent after a syntax error: kept unless a blanked line could
hold the absent key (`parsing.broken`, `lint.engine._survives`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchlint.cli.main import main
from benchlint.lint.registry import RULES
from benchlint.parsing.broken import Bodies, Body, BrokenLine, HeaderName, read_header
from benchlint.parsing.document import parse
from helpers import at, codes, lint

HLE = """\
[experiment]
benchmark = "hle"

[tasks]
task_set = "parity"

[[agents]]
harness = "codex"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""
NEEDS_COMPLETE = {rule.code for rule in RULES if rule.needs_complete}


def _codes(text: str) -> list[str]:
    return sorted(codes(lint(text)))


def test_a_broken_value_in_env_keeps_the_missing_judge() -> None:
    diagnostics = lint(HLE + "\n[env]\nPYTHONUNBUFFERED = True\n")
    assert sorted(codes(diagnostics)) == ["BL001", "BL401"]
    assert at(diagnostics, "BL401") == [(2, 13, 2, 18)]
    assert at(diagnostics, "BL001") == [(16, 20, 16, 24)]


def test_the_reproducer_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "configs" / "benchmark" / "hle.toml"
    config.parent.mkdir(parents=True)
    config.write_text(HLE + "\n[env]\nPYTHONUNBUFFERED = True\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--format", "json", "configs/benchmark/hle.toml"]) == 1
    entries = json.loads(capsys.readouterr().out)["files"][0]["diagnostics"]
    assert [(d["code"], d["range"]["start"]["line"]) for d in entries] == [
        ("BL401", 2),
        ("BL001", 16),
    ]


@pytest.mark.parametrize(
    "tail",
    [
        "[env]\nPYTHONUNBUFFERED = True",  # the reproducer
        "[env]\njudge_api_key_secret",  # a half-typed key in another table
        "[env]\njudge_api_key_secret = ",  # the judge's key name, in the wrong table
        "[execution]\nmax_retries = ",  # another key of [execution]
        "[agents.env]\nFOO = ",
        "[execution]\nmax_retries = 4\n\n[env]\nA = tru",
        # A broken header alone makes a table, never the judge's key: the body is empty.
        "[execut",
        "[execution",
        "execution]",  # a header missing its `[`
        "[execution]]",
        "[execution.judge_api_key_secret",  # a table there is no secret name
        "[execution] x",
        "[execution]\n[env\nA = 1",
        "[[agen\nharness = 1",  # a new agent
        '[env\njudge_api_key_secret = "OPENAI_API_KEY"',  # a readable name: only [env...]
        '[execution] x\njudge_api_key_secretX = "OPENAI_API_KEY"',
    ],
)
def test_a_broken_line_that_cannot_hold_the_judge_key_keeps_bl401(tail: str) -> None:
    assert _codes(HLE + "\n" + tail + "\n") == ["BL001", "BL401"]


@pytest.mark.parametrize(
    "tail",
    [
        '[execution]\n= "OPENAI_API_KEY"',  # in [execution], key unreadable
        '[execution]\n"judge_api_key_secret = "X"',  # a broken quoted key
        '[execut\njudge_api_key_secret = "OPENAI_API_KEY"',  # under a broken header
        '[execution\njudge_api_key_secret = "OPENAI_API_KEY"',
        'execution]\njudge_api_key_secret = "OPENAI_API_KEY"',
        '[\njudge_api_key_secret = "OPENAI_API_KEY"',  # any table
        '["exec\njudge_api_key_secret = "OPENAI_API_KEY"',  # an unreadable name
        '[execution] x\njudge_api_key_secret = "OPENAI_API_KEY"',
        '[execution.\nx = 1\n[execution] x\njudge_api_key_secret = "K"',
        '[execution]\njudge_api_key_secret = "OPENAI_API_KEY" x',
        "[execution]\njudge_api_key_secret = ",  # the key itself
        '[execution]\njudge_api_key_secret = "OPENAI_API_KEY',
    ],
)
def test_a_broken_line_that_could_hold_the_judge_key_skips_bl401(tail: str) -> None:
    assert _codes(HLE + "\n" + tail + "\n") == ["BL001"]


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ("PYTHONUNBUFFERED = True", ["BL001", "BL401"]),  # before any header: the root
        ("execution.max_retries = ", ["BL001", "BL401"]),
        ("execution.judge_api_key_secret = ", ["BL001"]),
        ('"execution" . "judge_api_key_secret" = ', ["BL001"]),
        ("execution = { judge_api_key_secret = ", ["BL001"]),
        ("execution", ["BL001"]),  # a bare word at the root could become anything
    ],
)
def test_a_broken_line_before_any_header(head: str, expected: list[str]) -> None:
    assert _codes(head + "\n" + HLE) == expected


def test_a_dotted_key_under_a_table_is_in_that_table() -> None:
    # Under [agents.model], `execution.judge_api_key_secret` is agents[0].model.execution...
    assert _codes(HLE + "execution.judge_api_key_secret = \n") == ["BL001", "BL401"]


CURSOR = """\
[experiment]
benchmark = "acme/custom@1.0"

[[agents]]
harness = "cursor-cli"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[[agents]]
harness = "codex"
{broken}
[agents.model]
type = "provider"
model = "anthropic/claude-sonnet-4"
api_key_secret = "ANTHROPIC_API_KEY"
"""


@pytest.mark.parametrize(
    ("broken", "expected"),
    [
        ("harness_api_key_secret = ", ["BL001", "BL302"]),  # in agent 2: agent 1 still lacks it
        ("max_turns = ", ["BL001", "BL302"]),
        ("[[agen", ["BL001", "BL302"]),  # a new agent: agent 1 still lacks it
        ("[agents.model] x\nharness_api_key_secret = ", ["BL001", "BL302"]),  # agent 2's model
        ("[agen\nharness_api_key_secret = ", ["BL001", "BL302"]),  # [agents] is an array
    ],
)
def test_harness_key_of_another_agent(broken: str, expected: list[str]) -> None:
    assert _codes(CURSOR.format(broken=broken)) == expected


def test_harness_key_broken_in_its_own_agent() -> None:
    text = CURSOR.format(broken="").replace(
        'harness = "cursor-cli"\n', 'harness = "cursor-cli"\nharness_api_key_secret = \n'
    )
    assert _codes(text) == ["BL001"]
    in_model = CURSOR.format(broken="").replace(
        'model = "openai/gpt-5.2"\n', 'model = "openai/gpt-5.2"\nharness_api_key_secret = \n'
    )
    assert _codes(in_model) == ["BL001", "BL302"]  # [agents.model] cannot hold it


def test_recommended_task_set() -> None:
    no_tasks = HLE.replace('[tasks]\ntask_set = "parity"\n', "")
    judge = '\n[execution]\njudge_api_key_secret = "OPENAI_API_KEY"\n'
    assert _codes(no_tasks + judge + "\n[env]\nA = tru\n") == ["BL001", "BL402"]
    # A broken line in [tasks]: the run may not cover every task, as BL402 would say.
    assert _codes(no_tasks + judge + "\n[tasks]\ntask_names = [\n") == ["BL001"]
    assert _codes(HLE.replace('task_set = "parity"', 'task_set = "par') + judge) == ["BL001"]


def test_reaches_of_blanked_lines() -> None:
    document = parse(HLE + "\n[env]\nA = tru\n\n[[agents]]\nx.'y' = \n\n[execut\nk = 1\n# c\n")
    execut = Body(None, HeaderName(False, ("execut",), "cut"), 21)
    assert document.broken_lines == (
        BrokenLine(16, Bodies(Body(("env",))), ("A",)),
        BrokenLine(19, Bodies(Body(("agents", 1))), ("x", "y")),
        BrokenLine(21, Bodies(execut), None, is_header=True),
        BrokenLine(22, Bodies(execut), ("k",)),
    )


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("[execution", HeaderName(False, ("execution",), "cut")),
        ("[execution] junk", HeaderName(False, ("execution",), "exact")),
        ("[ agents . model ]]", HeaderName(False, ("agents", "model"), "exact")),
        ("[[agents", HeaderName(True, ("agents",), "cut")),
        ("[[agents]", HeaderName(True, ("agents",), "exact")),
        ("agents.model]", HeaderName(False, ("agents", "model"), "exact")),
        ("agents]]", HeaderName(True, ("agents",), "exact")),
        ("[agents.", HeaderName(False, ("agents",), "open")),
        ('["a b"', HeaderName(False, ("a b",), "open")),
        ('["a b', HeaderName(False, (), "any")),
        ("[execu tion]", HeaderName(False, ("execu",), "open")),
        ('[execu"tion]', HeaderName(False, ("execu",), "cut")),
        ("[", HeaderName(None, (), "any")),
        ("[ # c", HeaderName(None, (), "any")),
        ("[[", HeaderName(True, (), "any")),
    ],
)
def test_what_a_broken_header_can_name(line: str, expected: HeaderName) -> None:
    assert read_header(line) == expected


GOOD = [
    HLE + '\n[execution]\njudge_api_key_secret = "OPENAI_API_KEY"\n',
    CURSOR.format(broken="").replace(
        'harness = "cursor-cli"\n', 'harness = "cursor-cli"\nharness_api_key_secret = "K"\n'
    ),
    '[experiment]\nbenchmark = "terminal-bench-2-1"\n\n[[agents]]\nharness = "terminus-2"\n'
    '[agents.model]\ntype = "provider"\nmodel = "openai/gpt-5.2"\napi_key_secret = "K"\n',
]


@pytest.mark.parametrize("good", GOOD)
def test_no_truncated_line_invents_an_absence(good: str) -> None:
    """Cut any line of a complete config anywhere: when that breaks the file, nothing that
    needs a complete file is reported (the cut line held what it would report)."""
    assert not NEEDS_COMPLETE & set(codes(lint(good)))
    lines = good.splitlines(keepends=True)
    for number, line in enumerate(lines):
        for cut in range(1, len(line.rstrip("\n"))):
            text = "".join(lines[:number]) + line[:cut] + "\n" + "".join(lines[number + 1 :])
            found = set(codes(lint(text), infos=True))
            if "BL001" in found:
                assert not NEEDS_COMPLETE & found, (number + 1, line[:cut])


_NO_AGENTS = '[experiment]\nbenchmark = "terminal-bench-2-1"\n'
_MODEL = (
    '[experiment]\nbenchmark = "terminal-bench-2-1"\n\n[[agents]]\nharness = "terminus-2"\n\n'
    '[agents.model]\ntype = "provider"\nmodel = "openai/gpt-5.2"\n'
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a bad value in [env] cannot be the missing [[agents]]
        (_NO_AGENTS + "\n[env]\nX = True\n", ["BL001", "BL102"]),
        # a broken header could be [[agents]]
        (_NO_AGENTS + "\n[[agen\n", ["BL001"]),
        # the model's missing api_key_secret may be the broken line in that table
        (_MODEL + "api_key_secret = \n", ["BL001"]),
        # ... but not a broken line in [env]
        (_MODEL + "\n[env]\nX = True\n", ["BL001", "BL102"]),
        # a model with no `type` and a broken line elsewhere still misses its type
        (_MODEL.replace('type = "provider"\n', "") + "\n[env]\nX = True\n", ["BL001", "BL102"]),
    ],
)
def test_missing_structure_survives_a_broken_line_that_cannot_hold_it(
    text: str, expected: list[str]
) -> None:
    assert _codes(text) == expected
