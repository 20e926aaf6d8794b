"""Linear by construction: the scanners that replaced super-linear patterns give the same
answers as what they replaced, and their work is counted, never timed (the instruction
counts per input size are bench/instructions.py's gate)."""

from __future__ import annotations

import random
import re

import pytest

from benchlint import Settings, SettingsError
from benchlint.core import globs, line_diff
from benchlint.lsp.client_settings import ClientSettingsError, parse_client_settings
from benchlint.parsing import toml_values
from benchlint.parsing.string_spans import StringSpans
from benchlint.secrets import detection


# -- tokens ------------------------------------------------------------------------------------
def test_the_token_finder_finds_what_one_alternation_finds() -> None:
    alternation = re.compile(detection._ANY_TOKEN)
    finder = detection.token_pattern()
    rng = random.Random(1)
    pieces = ["eyJ", ".", "a", "B", "0", "_", "-", " ", "sk-", "x" * 8, "eyJhbGciOi", ".eyJ"]
    pieces += ["hf_", "A" * 20, "=", "AKIA", "\n"]
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        assert [m.span() for m in finder.finditer(text)] == [
            m.span() for m in alternation.finditer(text)
        ], text
        assert finder.sub(lambda m: "<>", text) == alternation.sub(lambda m: "<>", text)
    jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
    assert finder.search(f"Bearer {jwt}") is not None
    assert finder.search(f"x{jwt}") is None  # inside a lower-case word: not a token


def test_a_run_of_jwt_prefixes_is_tried_once(monkeypatch: pytest.MonkeyPatch) -> None:
    finder = detection.TokenFinder()
    tries: list[int] = []
    real = finder._jwt

    class Counting:
        def match(self, text: str, at: int) -> re.Match[str] | None:
            tries.append(at)
            return real.match(text, at)

    monkeypatch.setattr(finder, "_jwt", Counting())
    for n in (1_000, 4_000):
        tries.clear()
        text = "eyJ" * n + ".eyJ" + "x" * 4 + " " + "eyJ" * n
        assert list(finder.finditer(text)) == []
        assert len(tries) == 1  # the first run is followed by `.eyJ`, and tried once


# -- multi-line strings ----------------------------------------------------------------------
_PIECES = [
    "a{i} = 1\n",
    'b{i} = """\nx\n"""\n',
    "c{i} = '''\ny # z\n'''\n",
    'd{i} = "q\\"#"  # c "\n',
    "e{i} = 'x#'\n",
    'f{i} = """a""""\n',
    'g{i} = [\n  """\n  m\n  """,\n  1,\n]\n',
    '# """ not a string\n',
    'h{i} = """\\\n  cont\\"""\n"""\n',
    "i{i} = '''x''''\n",
    '"k#ey{i}" = 2\n',
    "j{i} = {{t = '''z'''}}\n",
    'k{i} = """\\\\"""\n',
]


def test_string_spans_say_where_a_comment_would_change_a_value() -> None:
    rng = random.Random(11)
    for _ in range(1_500):
        text = "".join(rng.choice(_PIECES).format(i=i) for i in range(rng.randint(1, 7)))
        before = toml_values.loads(text)
        spans = StringSpans(text)
        ends = [i for i, char in enumerate(text) if char == "\n"]
        for at in [0, *ends, *(i + 1 for i in ends)]:
            comment = "  # benchlint: ignore[BL101]" if text[at : at + 1] == "\n" else "# x\n"
            try:
                changed = toml_values.loads(text[:at] + comment + text[at:]) != before
            except toml_values.DecodeError:
                changed = True
            assert changed == spans.inside(at), (text, at)


def test_ignore_actions_parse_the_file_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from lsprotocol import types as lsp

    from benchlint import lint_text
    from benchlint.lsp.code_actions import ActionContext, code_actions
    from benchlint.lsp.documents import OpenDocument

    parses: list[int] = []
    real = toml_values.loads

    def counting(text: str) -> object:
        parses.append(len(text))
        return real(text)

    monkeypatch.setattr(toml_values, "loads", counting)
    for findings in (10, 40):
        unknown = "".join(f"unknown_{i} = {i}\n" for i in range(findings))
        text = f'[experiment]\nbenchmark = "terminal-bench-2-1"\n{unknown}x = """\na\n"""\n'
        found = lint_text(text, path="configs/benchmark/a.toml")
        document = OpenDocument(
            "file:///a.toml", "configs/benchmark/a.toml", "toml", 1, text, "utf-16"
        )
        params = lsp.CodeActionParams(
            lsp.TextDocumentIdentifier(document.uri),
            lsp.Range(lsp.Position(0, 0), lsp.Position(text.count("\n"), 0)),
            lsp.CodeActionContext(diagnostics=[], only=[lsp.CodeActionKind.QuickFix]),
        )
        parses.clear()
        actions = code_actions(ActionContext(document, found, Settings(), True), params)
        # one per unknown key, `x` included (its comment goes on the line above the string)
        assert sum(action.title.startswith("Ignore BL101") for action in actions) == findings + 1
        assert len([n for n in parses if n >= len(text)]) <= 1  # the version itself, once


# -- line diffs ------------------------------------------------------------------------------
def _apply(old: list[str], new: list[str], runs: list[line_diff.Run]) -> list[str]:
    out: list[str] = []
    at = 0
    for i1, i2, j1, j2 in runs:
        assert at <= i1 <= i2
        out += old[at:i1] + new[j1:j2]
        at = i2
    return out + old[at:]


def _longest_common(a: list[str], b: list[str]) -> int:
    """The length of a longest common subsequence (the textbook table)."""
    row = [0] * (len(b) + 1)
    for x in a:
        previous = row[:]
        for j, y in enumerate(b):
            row[j + 1] = previous[j] + 1 if x == y else max(row[j], previous[j + 1])
    return row[-1]


def test_line_runs_are_a_shortest_script_for_few_edits_and_valid_for_many() -> None:
    rng = random.Random(7)
    for trial in range(4_000):
        words = ["a", "b", "c", "x"][: rng.randint(1, 4)]
        old = [rng.choice(words) for _ in range(rng.randint(0, 30))]
        new = list(old)
        for _ in range(rng.randint(0, 6) if trial % 4 else rng.randint(20, 60)):
            at = rng.randint(0, len(new))
            if rng.random() < 0.5 and new:
                new[min(at, len(new) - 1)] = rng.choice([*words, "z"])
            else:
                new.insert(at, rng.choice([*words, "z"]))
        runs = line_diff.changed_runs(old, new)
        assert _apply(old, new, runs) == new
        if trial % 4:
            kept = len(old) - sum(i2 - i1 for i1, i2, _, _ in runs)
            assert kept == _longest_common(old, new)


class _Line(str):
    compared = 0

    def __eq__(self, other: object) -> bool:
        _Line.compared += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


@pytest.mark.parametrize("edits", [2, 200])  # a shortest script, and the greedy walk past it
def test_identical_lines_cost_comparisons_in_proportion(edits: int) -> None:
    compared = []
    for n in (1_000, 4_000):
        old = [_Line("x = 1\n")] * n
        new = list(old)
        for index in range(0, n, n // edits):
            new[index] = _Line("y = 2\n")
        _Line.compared = 0
        runs = line_diff.changed_runs(old, new)
        assert _apply(old, new, runs) == new
        compared.append(_Line.compared)
    assert compared[1] <= 5 * compared[0]


# -- globs -----------------------------------------------------------------------------------
def test_braces_are_counted_without_expanding(monkeypatch: pytest.MonkeyPatch) -> None:
    assert globs.alternatives("a{b,c}d{e,f{g,h}}") == 6
    assert globs._expand("a{b,c}d{e,f{g,h}}") == [
        "abde",
        "abdfg",
        "abdfh",
        "acde",
        "acdfg",
        "acdfh",
    ]
    expanded: list[str] = []
    real = globs._expanded
    monkeypatch.setattr(globs, "_expanded", lambda p, d=0: expanded.append(p) or real(p, d))
    globs.clear_caches()
    assert not globs.glob_match("{a,b}" * 40 + "/x", "ab/x")  # literal braces past the bound
    assert expanded == []
    assert globs.alternatives("{a}" * 5_000) == 1  # one alternative, no recursion per brace


def test_too_many_alternatives_is_a_settings_error() -> None:
    with pytest.raises(SettingsError, match="more than 256 patterns"):
        Settings(per_file_ignores={"configs/" + "{a,b}" * 9 + ".toml": ("BL101",)})
    Settings(per_file_ignores={"configs/" + "{a,b}" * 8 + ".toml": ("BL101",)})  # 256: fine
    with pytest.raises(ClientSettingsError, match=r"benchlint\.globs"):
        parse_client_settings({"globs": ["{" * 20 + "a" + "}" * 20]})


def test_a_pattern_too_long_to_match_in_linear_time_is_a_settings_error() -> None:
    """Matching costs the pattern's segments (over its alternatives) times the path's: a
    1 KB pattern of `**/a/a/…` and braces took seconds against an 800-byte path."""
    pattern = "**/" + "a/" * 200 + "{a,b}" * 8 + "c"
    path = "/".join(["a"] * 400) + "/b.toml"
    assert globs.glob_problem(pattern) is not None
    globs.clear_caches()
    assert not globs.glob_match(pattern, path)  # matches nothing, at once
    with pytest.raises(SettingsError, match="more than 1024 path segments"):
        Settings(per_file_ignores={pattern: ("BL101",)})
    with pytest.raises(ClientSettingsError, match=r"benchlint\.globs"):
        parse_client_settings({"globs": [pattern]})
    usual = "configs/benchmark/{nightly,weekly}/**/*.toml"
    assert globs.glob_problem(usual) is None
    assert globs.glob_match(usual, "configs/benchmark/weekly/a/b.toml")


# -- a diff's moved values -------------------------------------------------------------------
def test_a_diff_stars_moved_values_as_exact_occurrences_would_and_more() -> None:
    """Every character the old exact, overlapping search starred is starred; more only where
    8 characters of a long value stand (the output masker's rule)."""
    from ahocorasick_rs import AhoCorasick

    from benchlint.lint.fixer import _Moved

    rng = random.Random(7)
    for _ in range(3_000):
        values = list({"".join(rng.choice("ab") for _ in range(rng.randint(4, 12))) for _ in "xyz"})
        real = "".join(rng.choice("ab ") for _ in range(rng.randint(0, 40)))
        exact = set()
        for _, start, end in AhoCorasick(values).find_matches_as_indexes(real, overlapping=True):
            exact.update(range(start, end))
        starred = _Moved(values).starring(real, real)
        assert {i for i, char in enumerate(starred) if char == "*"} >= exact
        windows = {i for i in range(len(real)) if starred[i] == "*"} - exact
        for i in windows:  # any extra star lies in 8 characters of a value
            assert any(
                real[j : j + 8] in value
                for j in range(i - 7, i + 1)
                if 0 <= j <= len(real) - 8
                for value in values
            )


def test_nested_moved_values_cost_a_few_matches_per_character(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`aaaaa`, `aaaaaa`, ... hidden before a fix: the old search found every one at every
    place (a line's matches grew with its square)."""
    from benchlint.lint import fixer

    found = []
    real_finder = fixer.AhoCorasick

    class Counting:
        def __init__(self, values: list[str]) -> None:
            self.inner = real_finder(values)

        def find_matches_as_indexes(self, text: str, overlapping: bool) -> list:
            matches = self.inner.find_matches_as_indexes(text, overlapping)
            found.append(len(matches))
            return matches

    monkeypatch.setattr(fixer, "AhoCorasick", Counting)
    values = ["a" * length for length in range(4, 200)]
    fixer._Moved(values).starring("a" * 400, "a" * 400)
    assert sum(found) <= 4 * 400


# -- the output masker's random runs ----------------------------------------------------------
def test_redact_masks_random_runs_in_one_pass_as_one_by_one() -> None:
    """`redact` builds its text once (each run was spliced into the whole text, which cost
    the text's length per run); the result is the splice's, run by run from the end."""
    from benchlint.secrets import redaction

    def one_by_one(text: str) -> str:
        for start, end in reversed(detection.random_runs(text)):
            text = text[:start] + detection.mask(text[start:end]) + text[end:]
        return text

    rng = random.Random(5)
    pieces = ["aB1x9Qz7Lk2Pq8Wm", "Zt4Yh6Nb3Vc5Xr7J", " ", "\n", "word ", "= ", "-", "k"]
    for _ in range(3_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 20)))
        assert redaction.redact(text) == one_by_one(text)
