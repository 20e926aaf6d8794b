"""`# benchlint: ignore[...]` and `ignore-file[...]`, and BL901 for the ones that do nothing."""

from __future__ import annotations

from helpers import MINIMAL, codes, lint

GEMINI = MINIMAL.replace('harness = "terminus-2"', 'harness = "gemini-cli"')


def test_end_of_line_suppression() -> None:
    text = GEMINI.replace('"gemini-cli"', '"gemini-cli"  # benchlint: ignore[BL403]')
    assert codes(lint(GEMINI)) == ["BL403"]
    assert codes(lint(text)) == []


def test_suppression_alone_on_the_line_above() -> None:
    text = GEMINI.replace(
        'harness = "gemini-cli"', '# benchlint: ignore[BL403]\nharness = "gemini-cli"'
    )
    assert codes(lint(text)) == []


def test_suppression_two_lines_above_does_not_apply() -> None:
    text = GEMINI.replace(
        'harness = "gemini-cli"', '# benchlint: ignore[BL403]\n\nharness = "gemini-cli"'
    )
    assert codes(lint(text)) == ["BL901", "BL403"]


def test_several_codes_and_file_wide() -> None:
    text = GEMINI.replace(
        'harness = "gemini-cli"', 'harness = "gemini-cli"  # benchlint: ignore[BL403, BL305]'
    )
    (unused,) = lint(text)
    assert unused.code == "BL901" and "BL305 was not reported" in unused.message
    file_wide = "# benchlint: ignore-file[BL403]\n" + GEMINI.replace(
        "[agents.model]", "[agents.model]\n# note: nothing here"
    )
    assert codes(lint(file_wide)) == []


def test_malformed_and_unknown_suppressions_are_reported() -> None:
    blanket = GEMINI.replace('"gemini-cli"', '"gemini-cli"  # benchlint: ignore')
    found = lint(blanket)
    assert codes(found) == ["BL403", "BL901"]
    assert "must name its codes" in found[1].message
    unknown = MINIMAL.replace('"terminus-2"', '"terminus-2"  # benchlint: ignore[BL999]')
    (diagnostic,) = lint(unknown)
    assert "unknown rule code BL999" in diagnostic.message
    assert (diagnostic.range.start.line, diagnostic.range.start.column) == (5, 25)


def test_a_suppression_inside_a_string_is_not_a_comment() -> None:
    text = MINIMAL.replace('"terminus-2"', '"terminus-2"\n[env]\nX = "# benchlint: ignore[BL403]"')
    assert codes(lint(text)) == []


def test_disabled_codes_are_not_reported_as_unused() -> None:
    text = MINIMAL.replace('"terminus-2"', '"terminus-2"  # benchlint: ignore[BL403]')
    assert codes(lint(text)) == ["BL901"]
    assert codes(lint(text, ignore=["BL403"])) == []


def test_suppression_of_an_error_keeps_the_rest() -> None:
    text = MINIMAL.replace(
        "[agents.model]",
        '[agents.env]\nHF_TOKEN = "x"  # benchlint: ignore[BL203]\n\n[agents.model]',
    )
    assert codes(lint(text)) == []
