"""The output masker finds a hidden run in any letter case, cut or glued to other text: each
character folds to one character, the same wherever it stands (`str.lower` alone gives `Σ`
two forms by what follows it, and `İ` two characters)."""

from __future__ import annotations

import sys

import pytest

from benchlint.secrets.output import OutputMasker, _folded

EVERY_CHARACTER = "".join(map(chr, range(sys.maxunicode + 1)))


def test_every_character_folds_to_one_character_whatever_stands_around_it() -> None:
    alone = "".join(map(_folded, EVERY_CHARACTER))
    assert len(alone) == len(EVERY_CHARACTER)
    assert _folded(EVERY_CHARACTER) == alone
    without_dotted_i = EVERY_CHARACTER.replace("İ", "")
    for neighbour in ("A", " ", "Σ"):  # a cased letter, none, and the odd one
        between = _folded(neighbour.join(without_dotted_i))
        assert between[::2] == alone.replace(_folded("İ"), ""), neighbour


def by_character(text: str) -> str:
    """Lower case one character at a time (`İ` kept): what a reader takes for the same run."""
    return "".join(c if c == "İ" else c.lower() for c in text)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        # Σ between two letters in the file, cut after it in the output (`ς` there, `σ` here)
        ("Zq8vLwaΣk2RmPqTt5X", "echo Zq8vLwaΣ."),
        ("Zq8vLwaΣk2RmPqTt5X", "echo ZQ8VLWAΣ."),
        # Σ last in the file, glued to a letter in the output
        ("k2RmPqTt5XZq8vLwaΣ", "echo k2RmPqTt5XZq8vLwaΣx"),
        # a non-ASCII letter near the start, the value upper-cased and glued to `İ`
        ("Zq8vLw3Äk2RmPqTt5X", "echo İZQ8VLW3ÄK2RMPQTT5X"),
    ],
)
def test_a_hidden_run_is_starred_in_every_case_and_context(value: str, shown: str) -> None:
    masker = OutputMasker()
    masker.add("doc", f'[env]\nTOKEN = "{value}"\n')
    masked = masker.mask(shown)
    window = by_character(shown[len("echo ") :])
    runs = {by_character(value)[i : i + 8] for i in range(len(value) - 7)}
    shown_runs = [
        masked[len("echo ") + i : len("echo ") + i + 8]
        for i in range(len(window) - 7)
        if window[i : i + 8] in runs
    ]
    assert shown_runs, "the case must show a run of the value"
    assert all(set(run) == {"*"} for run in shown_runs), masked
