"""Patterns compiled on first use (`core.regex.lazy_regex`): the same answers as the compiled
pattern, no compiling before the first use, and no pattern compiled at import anywhere."""

from __future__ import annotations

import ast
import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchlint.core import regex
from benchlint.core.regex import lazy_regex
from benchlint.secrets import controls

SOURCE = Path(__file__).resolve().parents[1] / "src" / "benchlint"
PATTERNS = [
    (r"(?P<key>[a-z]+)\s*=\s*(?P<value>\d+)", 0),
    (r"^\[\[?([a-z.]+)\]\]?$", re.MULTILINE),
    (r"secret|token", re.IGNORECASE),
]


@given(st.sampled_from(PATTERNS), st.text(alphabet="abcXYZ019 =[].\nSecrettoken", max_size=40))
def test_every_method_answers_as_the_compiled_pattern(
    pattern: tuple[str, re.RegexFlag | int], text: str
) -> None:
    lazy, compiled = lazy_regex(*pattern), re.compile(*pattern)

    def span(match: re.Match[str] | None) -> tuple[int, int] | None:
        return match.span() if match else None

    assert span(lazy.match(text)) == span(compiled.match(text))
    assert span(lazy.fullmatch(text)) == span(compiled.fullmatch(text))
    assert span(lazy.search(text)) == span(compiled.search(text))
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert lazy.findall(text) == compiled.findall(text)
    assert lazy.sub("<>", text) == compiled.sub("<>", text)
    assert lazy.subn("<>", text, count=1) == compiled.subn("<>", text, count=1)
    assert lazy.split(text) == compiled.split(text)
    assert (lazy.pattern, lazy.flags, lazy.groups, dict(lazy.groupindex)) == (
        compiled.pattern,
        compiled.flags,
        compiled.groups,
        dict(compiled.groupindex),
    )


def test_nothing_is_compiled_before_the_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    real = re.compile

    def counting(source: str, flags: int = 0) -> re.Pattern[str]:
        compiled.append(source)
        return real(source, flags)

    monkeypatch.setattr(regex.re, "compile", counting)
    pattern = lazy_regex(r"a+b")
    assert compiled == []
    assert pattern.search("xaab") is not None
    assert pattern.fullmatch("ab") is not None and pattern.pattern == "a+b"
    assert compiled == ["a+b"]  # once, whatever is used after


def test_an_attribute_a_pattern_lacks_is_an_attribute_error() -> None:
    pattern = lazy_regex("a")
    with pytest.raises(AttributeError):
        pattern.no_such_thing  # type: ignore[attr-defined]  # noqa: B018
    assert "lazy_regex('a', 0)" in repr(pattern)


def test_an_invalid_pattern_fails_at_its_first_use() -> None:
    pattern = lazy_regex("(")
    with pytest.raises(re.error):
        pattern.search("x")


def _compiles_at_import(tree: ast.Module) -> list[int]:
    """Lines of `re.compile(...)` calls run at import: in a module's or a class's body, not
    inside a function (a function runs when called)."""
    found: list[int] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue
            if (
                isinstance(child, ast.Call)
                and isinstance(child.func, ast.Attribute)
                and child.func.attr == "compile"
                and isinstance(child.func.value, ast.Name)
                and child.func.value.id == "re"
            ):
                found.append(child.lineno)
            visit(child)

    visit(tree)
    return found


def test_no_module_compiles_a_pattern_at_import() -> None:
    """Start-up is paid by every command: a module's patterns are `lazy_regex` ones."""
    offenders = {
        str(path.relative_to(SOURCE)): lines
        for path in sorted(SOURCE.rglob("*.py"))
        if (lines := _compiles_at_import(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert offenders == {}


def test_the_guard_sees_a_pattern_compiled_at_import() -> None:
    tree = ast.parse("import re\nA = re.compile('a')\nclass B:\n    C = re.compile('c')\n")
    assert _compiles_at_import(tree) == [2, 4]
    assert _compiles_at_import(ast.parse("def f():\n    return re.compile('a')\n")) == []


def test_text_that_str_isprintable_passes_holds_nothing_to_escape() -> None:
    """`controls` skips its patterns for printable text: every character they escape must be
    one `str.isprintable` refuses (checked for every code point)."""
    unsafe = re.compile(f"[{controls._CLASS}\t\n]")
    for code in range(0x110000):
        char = chr(code)
        if char.isprintable():
            assert unsafe.match(char) is None, (hex(code), unicodedata.category(char))


OUTPUT_PIECES = [
    *("a", " ", "é", "\t", "\n", "\r", "\r\n", "\x1b", "[", "1", ";", "31", "m", "\x1b[0m"),
    *("\x1b[1;31m", "\x1b[8m", "\u202e", "\u200b", "\ud800", "\x85", "\u2028", "\x7f"),
    *(controls.own_colour("0"), controls.own_colour("1;31"), "\ue000"),
]


def _output_safe_by_pattern(text: str, colour: bool) -> str:
    """What `output_safe` returns, from its pattern alone (no shortcut)."""

    def safe(match: re.Match[str]) -> str:
        found = match.group()
        if len(found) == 1:
            return controls._escape(found)
        if found == "\r\n":
            return found
        return found.replace(controls._MARK, "") if colour else ""

    return controls._OUTPUT.sub(safe, text)


@given(
    st.lists(
        st.sampled_from(OUTPUT_PIECES),
        max_size=12,
    ).map("".join),
    st.booleans(),
)
def test_output_safe_shortcut_answers_as_its_pattern(text: str, colour: bool) -> None:
    assert controls.output_safe(text, colour=colour) == _output_safe_by_pattern(text, colour)
    assert (controls.pictured(text) == text) == (controls._UNSAFE.search(text) is None)


def test_a_colour_code_cut_by_another_stays_escaped() -> None:
    # removing `ESC[0m` from `ESC[1ESC[0m;31m` would leave an own code that was not there
    cut = "\x1b[1" + controls.own_colour("0") + ";31m"
    assert controls.output_safe(cut) == "\\x1b[1\x1b[0m;31m"
    assert controls.output_safe(cut, colour=False) == "\\x1b[1;31m"


@pytest.mark.parametrize("colour", [True, False])
@pytest.mark.parametrize("code", ["\x1b[31m", "\x1b[1;33m", "\x1b[0m", "\x1b[8m"])
def test_only_benchlints_own_colour_passes_an_sgr_from_text_is_escaped(
    code: str, colour: bool
) -> None:
    """Colour is what `own_colour` wrote, never an SGR sequence that text brought along."""
    text = f"a{code}b{controls.own_colour('1;31')}c{controls.own_colour('0')}"
    shown = controls.output_safe(text, colour=colour)
    assert shown.startswith(f"a\\x1b{code[1:]}b")
    assert shown.count("\x1b") == (2 if colour else 0)


def test_the_netrc_prefilter_sees_every_spelling_the_pattern_matches() -> None:
    """`source` looks for `passw` in the case-folded text before running `_SPACED_PAIR`
    (case-insensitive): every character `re` takes for one of its letters folds to it."""
    everything = "".join(map(chr, range(0x110000)))
    for letter in set("password"):
        for match in re.finditer(letter, everything, re.IGNORECASE):
            assert match.group().casefold() == letter, (letter, hex(ord(match.group())))


@pytest.mark.parametrize("spelling", ["password", "PASSWD", "paſſword", "PAſſWD"])
def test_a_netrc_password_is_starred_in_every_spelling_the_pattern_reads(spelling: str) -> None:
    from benchlint.secrets.source import source_secrets

    masked = source_secrets(f"machine h login u {spelling} sunshine\n", toml=False).masked
    assert "sunshine" not in masked and "********" in masked
