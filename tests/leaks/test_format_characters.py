"""Invisible format characters and blank-looking letters, escaped in every output.

`controls._CLASS` is every character of Unicode categories Cc (but tab and line feed), Cf,
Cs, Zl and Zp, the noncharacters and the tag block, generated from `unicodedata` by this file
(`python tests/leaks/test_format_characters.py` prints it) and checked against it here, so
it stays exact for the Unicode database of the Python that runs the tests. Before, the class
listed a few ranges by hand, and tag characters (U+E0000-E007F, "ASCII smuggling"), U+180E,
U+00AD, U+FFF9-FFFB, U+1D173-1D17A and U+1BCA0-1BCA3 reached every output as themselves,
as did the blanks `str.isprintable` passes (`controls._BLANKS`). An escape above U+FFFF has
eight digits (`\\U000e0041`; `\\ue0041` read as U+E004 and a "1").
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

import pytest

from benchlint.cli.main import main
from benchlint.report import one_line_name
from benchlint.secrets import controls

CATEGORIES = ("Cc", "Cf", "Cs", "Zl", "Zp")
TAGS = range(0xE0000, 0xE0080)


def _wanted(code: int) -> bool:
    if code in (0x09, 0x0A):  # kept: benchlint writes them itself
        return False
    if 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE or code in TAGS:
        return True
    return unicodedata.category(chr(code)) in CATEGORIES


def _ranges() -> list[tuple[int, int]]:
    ranges: list[tuple[int, int]] = []
    start = None
    for code in range(0x110001):
        wanted = code < 0x110000 and _wanted(code)
        if wanted and start is None:
            start = code
        elif not wanted and start is not None:
            ranges.append((start, code - 1))
            start = None
    return ranges


def _class(ranges: list[tuple[int, int]]) -> str:
    def one(first: int, last: int) -> str:
        if first == last:
            return chr(first)
        return chr(first) + ("-" if last > first + 1 else "") + chr(last)

    return "".join(one(first, last) for first, last in ranges)


def _source(ranges: list[tuple[int, int]]) -> str:
    """The constant's source, as `controls.py` holds it."""

    def esc(code: int) -> str:
        if code < 0x100:
            return f"\\x{code:02x}"
        return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"

    pieces = [esc(a) if a == b else esc(a) + ("-" if b > a + 1 else "") + esc(b) for a, b in ranges]
    lines, line = [], ""
    for piece in pieces:
        if len(line) + len(piece) > 88:
            lines.append(f'    "{line}"')
            line = ""
        line += piece
    lines.append(f'    "{line}"')
    return f'_UNICODE_VERSION = "{unicodedata.unidata_version}"\n_CLASS = (\n' + (
        "\n".join(lines) + "\n)"
    )


def test_the_class_is_what_unicodedata_gives() -> None:
    """Stale after a Python upgrade brings a new Unicode database: regenerate with
    `python tests/leaks/test_format_characters.py` and paste it into `controls.py`."""
    source = _source(_ranges())
    assert unicodedata.unidata_version == controls._UNICODE_VERSION, source
    assert _class(_ranges()) == controls._CLASS, source


LISTED = [
    *("\U000e0001", "\U000e0020", "\U000e0041", "\U000e007f", "\U000e0000", "\u180e", "\xad"),
    *("\ufff9", "\ufffa", "\ufffb", "\U0001d173", "\U0001d17a", "\U0001bca0", "\U0001bca3"),
    *("\u034f", "\u115f", "\u1160", "\u3164", "\u2800", "\ufffc", "\uffa0", "\ufdd0", "\uffff"),
    *("\u2066", "\u200b", "\x85"),
]


@pytest.mark.parametrize("char", LISTED, ids=lambda c: f"U+{ord(c):04X}")
def test_every_escaping_path_escapes_it(char: str) -> None:
    text = f"a{char}b é"
    shown = f"a{controls.escape_character(char)}b é"
    assert controls.escaped(text) == shown
    assert controls.output_safe(text) == shown
    assert controls.output_safe(text, colour=False) == shown
    assert controls.pictured(text) == "a\ufffdb é" if ord(char) >= 0x20 else True
    assert char not in controls.pictured(text)
    assert one_line_name(text) == shown


def test_an_escape_above_u_ffff_has_eight_digits() -> None:
    assert controls.escape_character("\U000e0041") == "\\U000e0041"
    assert controls.escaped("x\U000e00411") == "x\\U000e00411"
    assert one_line_name("f\U000e0041n.toml") == "f\\U000e0041n.toml"
    assert controls.escape_character("\u202e") == "\\u202e"
    assert controls.escape_character("\x1b") == "\\x1b"


CONFIG = """\
# a comment {c} here
[experiment]
benchmark = "tb{c}x"
"k{c}y" = 1

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""


@pytest.mark.parametrize("char", LISTED[:-3], ids=lambda c: f"U+{ord(c):04X}")
def test_in_a_value_key_comment_and_file_name_in_every_format(
    char: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / ".git").mkdir()
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    name = f"configs/benchmark/f{char}n.toml"
    (tmp_path / name).write_text(CONFIG.format(c=char), "utf-8")
    monkeypatch.chdir(tmp_path)
    for fmt in ("text", "concise", "json", "sarif", "github", "gitlab", "junit"):
        main(["check", name, "--format", fmt, "--no-color"])
        out, err = capsys.readouterr()
        assert char not in out + err, (fmt, out + err)
        if fmt in ("text", "github"):
            assert controls.escape_character(char) in out, (fmt, out)


if __name__ == "__main__":
    sys.stdout.write(_source(_ranges()) + "\n")
