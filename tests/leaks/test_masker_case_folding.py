"""The output masker finds a hidden run in any letter case, cut or glued to other text: each
character folds to one character, the same wherever it stands (`str.lower` alone gives `Σ`
two forms by what follows it, and `İ` two characters)."""

from __future__ import annotations

import sys

import pytest

from benchlint.secrets.output import OutputMasker, _folded, grams

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


CHANGES = (str.upper, str.lower, str.casefold, str.title)
CASED = [
    chr(code)
    for code in range(sys.maxunicode + 1)
    if len({chr(code), *(change(chr(code)) for change in CHANGES)}) > 1
]


def test_a_hidden_text_is_found_in_every_case_a_surface_can_give_it() -> None:
    """For every character that has another case: a hidden run holding it, upper-cased,
    lower-cased, case-folded or title-cased in the output, is in the masker's table."""
    missed = []
    for character in CASED:
        value = f"Zq8vLwa{character}k2RmPqT"
        table = grams(frozenset({value}))
        for change in CHANGES:
            shown = _folded(change(value))
            if any(shown[i : i + 8] not in table for i in range(len(shown) - 7)):
                missed.append((character, change.__name__))
    assert not missed


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("Spaß7Maß9Fuß3Groß", "SPASS7MASS9FUSS3GROSS"),
        ("Zq8vLwaſk2RmPqTſt5Xab", "ZQ8VLWASK2RMPQTST5XAB"),
        ("Zq8vLwaık2RmPqTıt5Xab", "ZQ8VLWAIK2RMPQTIT5XAB"),
        ("Zq8vLwaµk2RmPqTµt5Xab", "ZQ8VLWAΜK2RMPQTΜT5XAB"),
        ("Zq8vLwaİk2RmPqTİt5Xab", "zq8vlwai̇k2rmpqti̇t5xab"),
    ],
)
def test_a_value_whose_case_changes_its_letters_is_starred(value: str, shown: str) -> None:
    masker = OutputMasker()
    config = f'[env]\nTOKEN = "{value}"\n'
    masker.add("doc", config)
    assert masker.mask(f"echo {value}") == "echo " + "*" * len(value)  # hidden as written
    assert masker.mask(f"echo {shown}") == "echo " + "*" * len(shown)
