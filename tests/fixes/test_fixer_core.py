"""The fixer's own guarantees, with hand-made diagnostics where a rule would not misbehave."""

from __future__ import annotations

import difflib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchlint.core.diagnostic import Diagnostic, Edit, Fix, Position, Range
from benchlint.lint import fixer
from benchlint.lint.fixer import MAX_ROUNDS, fix_round, fix_text, unified_diff
from benchlint.lint.settings import Settings
from helpers import apply_edits

from .support import CONFIG_PATH

SETTINGS = Settings()
TEXT = "# top\n[x]\na = 1  # one\nb = 2\n"


def _edit(line: int, column: int, end_line: int, end_column: int, new_text: str) -> Edit:
    return Edit(Range(Position(line, column), Position(end_line, end_column)), new_text)


def _diagnostic(*edits: Edit, applicability: str = "safe", code: str = "BL999") -> Diagnostic:
    fix = Fix("test fix", applicability, edits)  # type: ignore[arg-type]
    return Diagnostic(code, "test", "warning", "m", edits[0].range, fix=fix)


def test_applies_non_overlapping_fixes_together() -> None:
    first = _diagnostic(_edit(3, 5, 3, 6, "10"))
    second = _diagnostic(_edit(4, 5, 4, 6, "20"))
    step = fix_round(TEXT, [first, second], SETTINGS, unsafe=False)
    assert step is not None
    assert step.text == "# top\n[x]\na = 10  # one\nb = 20\n"
    assert step.fixed == 2


def test_skips_a_fix_that_overlaps_one_already_taken() -> None:
    first = _diagnostic(_edit(3, 5, 3, 6, "10"))
    overlapping = _diagnostic(_edit(3, 1, 3, 6, "c = 3"))
    step = fix_round(TEXT, [first, overlapping], SETTINGS, unsafe=False)
    assert step is not None
    assert step.applied == (first.fix,)


def test_two_insertions_at_one_place_conflict() -> None:
    first = _diagnostic(_edit(4, 1, 4, 1, "c = 3\n"))
    second = _diagnostic(_edit(4, 1, 4, 1, "d = 4\n"))
    step = fix_round(TEXT, [first, second], SETTINGS, unsafe=False)
    assert step is not None and step.applied == (first.fix,)


def test_the_same_fix_twice_is_applied_once_and_counted_twice() -> None:
    one = _diagnostic(_edit(3, 5, 3, 6, "10"), code="BL998")
    two = _diagnostic(_edit(3, 5, 3, 6, "10"), code="BL999")
    step = fix_round(TEXT, [one, two], SETTINGS, unsafe=False)
    assert step is not None
    assert step.text == "# top\n[x]\na = 10  # one\nb = 2\n"
    assert step.fixed == 2


def test_unsafe_fixes_need_unsafe() -> None:
    unsafe = _diagnostic(_edit(3, 5, 3, 6, "10"), applicability="unsafe")
    assert fix_round(TEXT, [unsafe], SETTINGS, unsafe=False) is None
    assert fix_round(TEXT, [unsafe], SETTINGS, unsafe=True) is not None


def test_a_fix_that_breaks_the_syntax_is_dropped_and_the_others_kept() -> None:
    breaking = _diagnostic(_edit(3, 5, 3, 6, "= ="))
    fine = _diagnostic(_edit(4, 5, 4, 6, "20"))
    step = fix_round(TEXT, [breaking, fine], SETTINGS, unsafe=False)
    assert step is not None
    assert step.applied == (fine.fix,)
    assert step.text == "# top\n[x]\na = 1  # one\nb = 20\n"


def test_a_fix_that_makes_a_duplicate_key_is_dropped() -> None:
    rename = _diagnostic(_edit(4, 1, 4, 2, "a"))
    assert fix_round(TEXT, [rename], SETTINGS, unsafe=False) is None


def test_a_fix_that_loses_a_comment_is_dropped() -> None:
    drop_line = _diagnostic(_edit(3, 1, 4, 1, ""))
    assert fix_round(TEXT, [drop_line], SETTINGS, unsafe=False) is None


def test_a_fix_that_changes_nothing_is_not_counted() -> None:
    same = _diagnostic(_edit(3, 5, 3, 6, "1"))
    assert fix_round(TEXT, [same], SETTINGS, unsafe=False) is None


def test_a_text_that_does_not_parse_is_never_fixed() -> None:
    text = '[secrets]\nrequired = ["A", "A"]\n[broken\n'
    result = fix_text(text, CONFIG_PATH, SETTINGS)
    assert not result.changed
    assert result.fixed == 0
    assert "BL001" in {d.code for d in result.diagnostics}


def test_rounds_repeat_until_nothing_changes() -> None:
    # Three repeats: the two removals touch each other, so they take two rounds.
    text = '[secrets]\nrequired = ["A", "A", "A"]\n'
    result = fix_text(text, CONFIG_PATH, Settings(select=("BL211",)))
    assert result.text == '[secrets]\nrequired = ["A"]\n'
    assert result.fixed == 2
    assert result.diagnostics == []


def test_rounds_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule whose fix always asks for one more line cannot keep the fixer going."""

    def never_satisfied(text: str, path: str | None, settings: Settings) -> list[Diagnostic]:
        line = text.count("\n") + 1
        return [_diagnostic(_edit(line, 1, line, 1, f"k{line} = 1\n"))]

    monkeypatch.setattr(fixer, "lint", never_satisfied)
    result = fix_text("a = 1\n", CONFIG_PATH, SETTINGS)
    assert result.fixed == MAX_ROUNDS
    assert result.text.count("\n") == MAX_ROUNDS + 1


def test_a_fix_that_undoes_another_stops_the_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    def flip_flop(text: str, path: str | None, settings: Settings) -> list[Diagnostic]:
        value = "2" if "= 1" in text else "1"
        return [_diagnostic(_edit(1, 5, 1, 6, value))]

    monkeypatch.setattr(fixer, "lint", flip_flop)
    result = fix_text("a = 1\n", CONFIG_PATH, SETTINGS)
    assert result.text == "a = 2\n"
    assert result.fixed == 1


def test_result_reports_the_diagnostics_before_and_after() -> None:
    text = '[secrets]\nrequired = ["A", "A"]\n'
    result = fix_text(text, CONFIG_PATH, Settings(select=("BL211",)))
    assert [d.code for d in result.original_diagnostics] == ["BL211"]
    assert result.diagnostics == []


def test_apply_edits_keeps_crlf_in_a_crlf_file() -> None:
    text = "[x]\r\na = 1\r\n"
    assert apply_edits(text, [_edit(3, 1, 3, 1, "b = 2\n")]) == "[x]\r\na = 1\r\nb = 2\r\n"


def test_apply_edits_leaves_mixed_endings_alone() -> None:
    text = "[x]\na = 1\r\n"
    assert apply_edits(text, [_edit(3, 1, 3, 1, "b = 2\n")]) == "[x]\na = 1\r\nb = 2\n"


def test_diff_marks_a_missing_final_newline() -> None:
    diff = unified_diff("c.toml", "a = 1", "a = 2")
    assert diff == (
        "--- a/c.toml\n+++ b/c.toml\n@@ -1 +1 @@\n-a = 1\n\\ No newline at end of file\n"
        "+a = 2\n\\ No newline at end of file\n"
    )


def test_diff_splits_lines_at_line_feeds_only() -> None:
    before = 'a = "x\u2028y"\nb = 1\n'
    after = 'a = "x\u2028y"\nb = 2\n'
    assert unified_diff("c.toml", before, after).count("\n") == 6


def test_diff_masks_credentials() -> None:
    key = "sk-proj-" + "A1b2C3d4" * 5
    diff = unified_diff("c.toml", f'k = "{key}"\n', 'k = "OPENAI_API_KEY"\n')
    assert key not in diff
    assert "-k = " in diff and "+k = " in diff


def test_diff_masks_a_multi_line_secret_and_still_shows_changes_to_it() -> None:
    before = '[env]\nDB_PASSWORD = """\nhunter2-plain-pw"""\nLOG = "x"\n'
    after = before.replace('LOG = "x"', 'LOG = "y"')
    diff = unified_diff("c.toml", before, after)
    assert "hunter2" not in diff and "plain-pw" not in diff
    assert '-LOG = "x"' in diff and '+LOG = "y"' in diff
    # A change inside the masked body is still a change, though both sides print masked.
    changed = unified_diff("c.toml", before, before.replace("hunter2", "hunter3"))
    assert changed.count("\n-****") == 1 and changed.count("\n+****") == 1
    assert "hunter" not in changed


def test_diff_masks_a_line_that_either_side_counts_as_secret() -> None:
    before = 'db_pasword = """\ncorrect-horse-battery\n"""\nx = 1\n'
    after = before.replace("db_pasword", "db_password").replace("x = 1", "x = 2")
    diff = unified_diff("c.toml", before, after)
    assert "horse-battery" not in diff and "+x = 2" in diff


def test_diff_of_equal_texts_is_empty() -> None:
    assert unified_diff("c.toml", "a = 1\n", "a = 1\n") == ""


def _applied(before: list[str], diff: str) -> list[str]:
    """`before` with a unified diff's hunks applied (each hunk's lines checked)."""
    out: list[str] = []
    at = 0
    for line in diff.splitlines(keepends=True)[2:]:
        if line.startswith("@@"):
            old = line.split()[1][1:].split(",")
            start, length = int(old[0]), int(old[1]) if len(old) > 1 else 1
            start = start - 1 if length else start
            out += before[at:start]
            at = start
        elif line.startswith("\\"):  # "\ No newline at end of file"
            continue
        elif line[0] in " -":
            assert before[at].rstrip("\n") == line[1:].rstrip("\n")
            if line[0] == " ":
                out.append(before[at])
            at += 1
        else:
            out.append(line[1:])
    return out + before[at:]


@settings(max_examples=400)
@given(
    st.lists(st.sampled_from(["a = 1\n", "b = 2\n", "\n", "[t]\n"]), max_size=12),
    st.lists(st.tuples(st.integers(0, 12), st.sampled_from(["", "c = 3\n", "a = 1\n"]))),
)
def test_a_diff_turns_the_old_lines_into_the_new(
    lines: list[str], changes: list[tuple[int, str]]
) -> None:
    """Lines repeat in configs (blank lines, `[[agents]]`): the diff is made from the linear
    line diff, and whatever alignment it picks, applying it gives the new text."""
    after = list(lines)
    for where, new in changes:
        where = min(where, len(after))
        if new:
            after.insert(where, new)
        elif where < len(after):
            del after[where]
    diff = unified_diff("c.toml", "".join(lines), "".join(after))
    if lines == after:
        assert diff == ""
    else:
        assert _applied(lines, diff) == after


def test_a_diff_of_distinct_lines_inserted_and_removed_is_difflibs() -> None:
    """(Where lines move, or repeat, or a fix makes more than 64 changes, the linear diff
    may align them differently from difflib, never wrongly: the property test above.)"""
    before = [f"k{i} = {i}\n" for i in range(40)]
    after = [*before[:5], "new = 1\n", *before[5:20], *before[22:], "end = 2\n"]
    expected = difflib.unified_diff(before, after, "a/c.toml", "b/c.toml")
    assert unified_diff("c.toml", "".join(before), "".join(after)) == "".join(expected)
