"""The edit helpers on the shapes TOML allows: one input, one helper call, the exact output."""

from __future__ import annotations

import tomllib
from collections.abc import Callable

import pytest

from benchlint.core.diagnostic import Edit
from benchlint.core.toml_syntax import toml_key, toml_string
from benchlint.parsing import edits
from benchlint.parsing.document import Document, parse
from helpers import apply_edits

Helper = Callable[[Document], Edit | tuple[Edit, ...] | None]

CASES: list[tuple[str, str, Helper, str]] = [
    # -- removing an array element ----------------------------------------------------------
    (
        "middle",
        'r = ["A", "B", "C"]\n',
        lambda d: edits.remove_element(d, ("r", 1)),
        'r = ["A", "C"]\n',
    ),
    (
        "first",
        'r = ["A", "B", "C"]\n',
        lambda d: edits.remove_element(d, ("r", 0)),
        'r = ["B", "C"]\n',
    ),
    (
        "last",
        'r = ["A", "B", "C"]\n',
        lambda d: edits.remove_element(d, ("r", 2)),
        'r = ["A", "B"]\n',
    ),
    ("only", 'r = ["A"]\n', lambda d: edits.remove_element(d, ("r", 0)), "r = []\n"),
    (
        "trailing comma kept",
        'r = ["A", "B",]\n',
        lambda d: edits.remove_element(d, ("r", 1)),
        'r = ["A",]\n',
    ),
    (
        "own line",
        'r = [\n  "A",\n  "B",\n]\n',
        lambda d: edits.remove_element(d, ("r", 0)),
        'r = [\n  "B",\n]\n',
    ),
    (
        "own line, last without comma",
        'r = [\n  "A",\n  "B"\n]\n',
        lambda d: edits.remove_element(d, ("r", 1)),
        'r = [\n  "A",\n]\n',
    ),
    (
        "own line, comment stays",
        'r = [\n  "A",  # a\n  "B",  # b\n]\n',
        lambda d: edits.remove_element(d, ("r", 1)),
        'r = [\n  "A",  # a\n  # b\n]\n',
    ),
    (
        "hanging last",
        'r = ["A",\n     "B"]\n',
        lambda d: edits.remove_element(d, ("r", 1)),
        'r = ["A"]\n',
    ),
    (
        "leading-comma style",
        'r = [\n  "A"\n  , "B"\n]\n',
        lambda d: edits.remove_element(d, ("r", 0)),
        'r = [\n  "B"\n]\n',
    ),
    (
        "a comment ending in a comma is no separator",
        'r = [\n  "A", # x,\n  "B"]\n',
        lambda d: edits.remove_element(d, ("r", 1)),
        'r = [\n  "A", # x,\n  ]\n',
    ),
    (
        "nested",
        "r = [[1, 2], [3]]\n",
        lambda d: edits.remove_element(d, ("r", 0, 1)),
        "r = [[1], [3]]\n",
    ),
    ("not an element", "r = 1\n", lambda d: edits.remove_element(d, ("r",)), "r = 1\n"),
    # -- removing a pair ----------------------------------------------------------------------
    (
        "pair line",
        "[x]\na = 1\nb = 2\n",
        lambda d: edits.remove_pair(d, ("x", "a")),
        "[x]\nb = 2\n",
    ),
    (
        "pair comment stays",
        "[x]\n  a = 1  # keep me\n  b = 2\n",
        lambda d: edits.remove_pair(d, ("x", "a")),
        "[x]\n  # keep me\n  b = 2\n",
    ),
    ("pair on last line", "[x]\na = 1 # c", lambda d: edits.remove_pair(d, ("x", "a")), "[x]\n# c"),
    (
        "pair with multi-line array",
        "[x]\na = [\n  1, # one\n  2,\n]\nb = 2\n",
        lambda d: edits.remove_pair(d, ("x", "a")),
        "[x]\n  # one\nb = 2\n",
    ),
    (
        "inline pair last",
        "t = {a = 1, b = 2}\n",
        lambda d: edits.remove_pair(d, ("t", "b")),
        "t = {a = 1}\n",
    ),
    (
        "inline pair first",
        "t = {a = 1, b = 2}\n",
        lambda d: edits.remove_pair(d, ("t", "a")),
        "t = {b = 2}\n",
    ),
    ("inline pair only", "t = {a = 1}\n", lambda d: edits.remove_pair(d, ("t", "a")), "t = {}\n"),
    # -- inserting after a pair ---------------------------------------------------------------
    (
        "after, same indent",
        "[x]\n  a = 1\n  c = 3\n",
        lambda d: edits.insert_line_after(d, ("x", "a"), "b = 2"),
        "[x]\n  a = 1\n  b = 2\n  c = 3\n",
    ),
    (
        "after, last line without newline",
        "[x]\na = 1",
        lambda d: edits.insert_line_after(d, ("x", "a"), "b = 2"),
        "[x]\na = 1\nb = 2\n",
    ),
    (
        "after, past the comment",
        "[x]\na = 1  # one\n",
        lambda d: edits.insert_line_after(d, ("x", "a"), "b = 2"),
        "[x]\na = 1  # one\nb = 2\n",
    ),
    (
        "after a dotted key",
        '[[agents]]\nmodel.type = "x"\n',
        lambda d: edits.insert_line_after(d, ("agents", 0, "model", "type"), 'model = "m"'),
        '[[agents]]\nmodel.type = "x"\nmodel.model = "m"\n',
    ),
    (
        "after, in an inline table",
        'agents = [{harness = "c"}]\n',
        lambda d: edits.insert_line_after(d, ("agents", 0, "harness"), 'k = "v"'),
        'agents = [{harness = "c", k = "v"}]\n',
    ),
    (
        "after a multi-line value",
        "[x]\na = [\n  1,\n]\n",
        lambda d: edits.insert_line_after(d, ("x", "a"), "b = 2"),
        "[x]\na = [\n  1,\n]\nb = 2\n",
    ),
    # -- inserting into a table ---------------------------------------------------------------
    (
        "table: after the last key, before comments and sub-tables",
        "[execution]\nmax_retries = 1\n# about sub\n\n[execution.sub]\nx = 1\n",
        lambda d: edits.insert_in_table(d, ("execution",), 'j = "J"'),
        '[execution]\nmax_retries = 1\nj = "J"\n# about sub\n\n[execution.sub]\nx = 1\n',
    ),
    (
        "table: before an array of tables",
        "[x]\na = 1\n[[x.items]]\nb = 2\n",
        lambda d: edits.insert_in_table(d, ("x",), "c = 3"),
        "[x]\na = 1\nc = 3\n[[x.items]]\nb = 2\n",
    ),
    (
        "table: empty",
        "[execution]\n[x]\n",
        lambda d: edits.insert_in_table(d, ("execution",), 'j = "J"'),
        '[execution]\nj = "J"\n[x]\n',
    ),
    (
        "table: last line without newline",
        "[execution]\nmax_retries = 1",
        lambda d: edits.insert_in_table(d, ("execution",), 'j = "J"'),
        '[execution]\nmax_retries = 1\nj = "J"\n',
    ),
    (
        "table: only a header, no newline",
        "[execution]",
        lambda d: edits.insert_in_table(d, ("execution",), 'j = "J"'),
        '[execution]\nj = "J"\n',
    ),
    (
        "table: keys' indentation",
        "[x]\n  a = 1\n",
        lambda d: edits.insert_in_table(d, ("x",), "c = 3"),
        "[x]\n  a = 1\n  c = 3\n",
    ),
    (
        "table: array-of-tables entry",
        "[[a]]\nx = 1\n[[a]]\nx = 2\n",
        lambda d: edits.insert_in_table(d, ("a", 0), "y = 1"),
        "[[a]]\nx = 1\ny = 1\n[[a]]\nx = 2\n",
    ),
    (
        "table: inline",
        "execution = {max_retries = 1}\n",
        lambda d: edits.insert_in_table(d, ("execution",), 'j = "J"'),
        'execution = {max_retries = 1, j = "J"}\n',
    ),
    (
        "table: empty inline",
        "execution = { }\n",
        lambda d: edits.insert_in_table(d, ("execution",), 'j = "J"'),
        'execution = {j = "J"}\n',
    ),
    (
        "table: made by dotted keys",
        "execution.max_retries = 1\n[x]\n",
        lambda d: edits.insert_in_table(d, ("execution",), 'j = "J"'),
        'execution.max_retries = 1\nexecution.j = "J"\n[x]\n',
    ),
    (
        "table: made by a sub-table header",
        "[experiment]\nb = 1\n\n# sub\n[tasks.sub]\nx = 1\n",
        lambda d: edits.insert_in_table(d, ("tasks",), 'task_set = "parity"'),
        '[experiment]\nb = 1\n\n[tasks]\ntask_set = "parity"\n\n# sub\n[tasks.sub]\nx = 1\n',
    ),
    (
        "table: sub-table of an array entry",
        '[[agents]]\nh = "x"\n[agents.model.extra]\nx = 1\n',
        lambda d: edits.insert_in_table(d, ("agents", 0, "model"), 'type = "provider"'),
        '[[agents]]\nh = "x"\n\n[agents.model]\ntype = "provider"\n\n[agents.model.extra]\nx = 1\n',
    ),
    ("table: missing", "a = 1\n", lambda d: edits.insert_in_table(d, ("x",), "c = 3"), "a = 1\n"),
    # -- new tables ---------------------------------------------------------------------------
    (
        "before: above the header's comments",
        "[experiment]\nb = 1\n# the agents\n[[agents]]\n",
        lambda d: edits.insert_table_before(d, ("agents",), ["[tasks]", "n = 1"]),
        "[experiment]\nb = 1\n\n[tasks]\nn = 1\n\n# the agents\n[[agents]]\n",
    ),
    (
        "before: a '#' line inside a string is no comment",
        'x = """\n# text"""\n[[agents]]\n',
        lambda d: edits.insert_table_before(d, ("agents",), ["[tasks]", "n = 1"]),
        'x = """\n# text"""\n\n[tasks]\nn = 1\n\n[[agents]]\n',
    ),
    (
        "before: first line",
        "[[agents]]\n",
        lambda d: edits.insert_table_before(d, ("agents",), ["[tasks]", "n = 1"]),
        "[tasks]\nn = 1\n\n[[agents]]\n",
    ),
    (
        "append: no final newline",
        "a = 1",
        lambda d: edits.append_table(d, ["[t]", "x = 1"]),
        "a = 1\n\n[t]\nx = 1\n",
    ),
    (
        "append: after a blank line",
        "a = 1\n\n",
        lambda d: edits.append_table(d, ["[t]", "x = 1"]),
        "a = 1\n\n[t]\nx = 1\n",
    ),
    ("append: empty file", "", lambda d: edits.append_table(d, ["[t]", "x = 1"]), "[t]\nx = 1\n"),
    # -- set_key ------------------------------------------------------------------------------
    (
        "set: replace",
        '[tasks]\ntask_set = "full"\n',
        lambda d: edits.set_key(d, ("tasks",), "task_set", '"parity"'),
        '[tasks]\ntask_set = "parity"\n',
    ),
    (
        "set: insert",
        "[tasks]\nx = 1\n",
        lambda d: edits.set_key(d, ("tasks",), "task_set", '"parity"'),
        '[tasks]\nx = 1\ntask_set = "parity"\n',
    ),
    (
        "set: create before",
        "[experiment]\nb = 1\n\n[[agents]]\n",
        lambda d: edits.set_key(
            d, ("tasks",), "task_set", '"parity"', new_table_before=(("agents",),)
        ),
        '[experiment]\nb = 1\n\n[tasks]\ntask_set = "parity"\n\n[[agents]]\n',
    ),
    (
        "set: create at the end",
        "[experiment]\nb = 1\n",
        lambda d: edits.set_key(
            d, ("tasks",), "task_set", '"parity"', new_table_before=(("agents",),)
        ),
        '[experiment]\nb = 1\n\n[tasks]\ntask_set = "parity"\n',
    ),
    # -- line endings and unicode ---------------------------------------------------------------
    (
        "crlf insert",
        "[x]\r\na = 1\r\n",
        lambda d: edits.insert_in_table(d, ("x",), "c = 3"),
        "[x]\r\na = 1\r\nc = 3\r\n",
    ),
    (
        "crlf removal keeps the comment",
        "[x]\r\na = 1 # c\r\nb = 2\r\n",
        lambda d: edits.remove_pair(d, ("x", "a")),
        "[x]\r\n# c\r\nb = 2\r\n",
    ),
    (
        "crlf new table",
        "[a]\r\nx = 1\r\n[[b]]\r\n",
        lambda d: edits.insert_table_before(d, ("b",), ["[t]", "y = 2"]),
        "[a]\r\nx = 1\r\n\r\n[t]\r\ny = 2\r\n\r\n[[b]]\r\n",
    ),
    (
        "mixed endings: the neighbour's",
        "[x]\na = 1\r\nb = 2\n",
        lambda d: edits.insert_line_after(d, ("x", "a"), "c = 3"),
        "[x]\na = 1\r\nc = 3\r\nb = 2\n",
    ),
    (
        "unicode before the edit",
        '[x]\nname = "日本語 🎉" # ✓\nb = ["𝔘", "𝔘"]\n',
        lambda d: edits.remove_element(d, ("x", "b", 1)),
        '[x]\nname = "日本語 🎉" # ✓\nb = ["𝔘"]\n',
    ),
    (
        "replace after an emoji on the same line",
        't = {k = "日本🎉", v = 1}\n',
        lambda d: edits.replace_value(d, ("t", "v"), "2"),
        't = {k = "日本🎉", v = 2}\n',
    ),
]


@pytest.mark.parametrize(
    ("text", "helper", "expected"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_helper(text: str, helper: Helper, expected: str) -> None:
    made = helper(parse(text))
    result = text if made is None else apply_edits(text, [made] if isinstance(made, Edit) else made)
    assert result == expected
    tomllib.loads(result)


def test_toml_string_escapes_what_toml_requires() -> None:
    value = 'a"b\\c\n\t\x7f\x01é🎉'
    spelled = toml_string(value)
    assert tomllib.loads(f"k = {spelled}")["k"] == value


@pytest.mark.parametrize("name", ["task_set", "a-b_9", "a.b", "日本", "", "with space"])
def test_toml_key_round_trips(name: str) -> None:
    assert tomllib.loads(f"{toml_key(name)} = 1") == {name: 1}
