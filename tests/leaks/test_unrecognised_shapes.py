"""Shapes nobody recognises: random strings of any alphabet never reach an output, except
what the renderer's allow-list (`benchlint.secrets.shape`) proves harmless.

The token leak tests (test_no_leak_anywhere.py) use credentials in known formats; these use
strings no recogniser knows (16 to 80 characters of a random alphabet, with or without a
known prefix), in every position the generator has (keys, values, comments, multi-line and
escaped strings, broken lines, headers, a settings file, a catalog file, the file's name),
and search every command-line surface. A token of such a string that the allow-list does not
admit must not show 8 of its characters in a row, in any letter case. A second test puts
control, bidirectional and zero-width characters in the same places and finds none of them
raw in any output, nor a line that a value started.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchlint.secrets.shape import LOOKED_FOR_WHOLE, TOKEN, harmless_token

from .generator import POSITIONS
from .rawlsp import RawClient
from .surfaces import cli_outputs, lsp_outputs, started_client, write_files
from .tokens import Token

WINDOW = 8
RUN = re.compile(r"[^\W_]+")  # a run of letters and digits, as the allow-list cuts it
_ALPHABETS = (
    string.ascii_lowercase,
    string.ascii_uppercase,
    string.digits,
    "0123456789abcdef",
    string.ascii_letters + string.digits,
    string.ascii_letters + string.digits + "+/=",
    string.ascii_letters + string.digits + "-_.",
    string.ascii_letters + string.digits + "-_./:@#;,!?&%~ ",
    "abcdefghijklmnopqrstuvwxyzéüßøåñçЖжλ日本語",
)
_PREFIXES = ("", "", "", "sk-", "hf_", "ghp_", "Bearer ", "AKIA", "eyJ", "xoxb-")


@st.composite
def random_strings(draw: st.DrawFn) -> str:
    alphabet = draw(st.sampled_from(_ALPHABETS))
    prefix = draw(st.sampled_from(_PREFIXES))
    body = draw(st.text(alphabet=alphabet, min_size=16, max_size=80))
    return prefix + body


def unproven_windows(value: str) -> list[str]:
    """Every run of WINDOW characters of a token of `value` that the allow-list does not
    admit: what no output may hold. In a token longer than `LOOKED_FOR_WHOLE`, a path or a URL,
    the runs that touch a part that is not a word (docs/security.md: the rest of a long URL
    stays readable)."""
    found = []
    for token in TOKEN.findall(value):
        if harmless_token(token):
            continue
        folded = token.casefold()
        windows = range(len(folded) - WINDOW + 1)
        if len(token) > LOOKED_FOR_WHOLE or "/" in token:
            refused = [run.span() for run in RUN.finditer(token) if not harmless_token(run.group())]
            touch = {i for start, end in refused for i in range(start - WINDOW + 1, end)}
            windows = range(0) if not refused else [i for i in windows if i in touch]
        found += [folded[i : i + WINDOW] for i in windows]
    return found


@pytest.mark.parametrize("position", sorted(POSITIONS))
@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(value=random_strings())
def test_an_unproven_shape_is_never_shown(
    position: str,
    value: str,
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files = POSITIONS[position](Token("random", "", value))
    windows = unproven_windows(value)
    if files is None or not windows:
        return
    root = tmp_path_factory.mktemp("shape")
    config = write_files(root, files)
    shown = cli_outputs(root, config, capsys, monkeypatch).casefold()
    leaked = [w for w in windows if w in shown]
    if leaked:  # benchlint's own words (`executio…` of a rule page) are not the value's
        files = POSITIONS[position](Token("random", "", "harmless-value"))
        assert files is not None
        root = tmp_path_factory.mktemp("baseline")
        config = write_files(root, files)
        own = cli_outputs(root, config, capsys, monkeypatch).casefold()
        leaked = [w for w in leaked if w not in own]
    assert not leaked, f"{position}: {value!r}"


_UNSAFE = "\x00\x07\x08\x0b\x0c\x0d\x1b\x7f\x85\x9b\u061c\u200b\u200e\u202e\u2028\u2066\ufeff"
_INJECTED = "::error::injected"


def _unsafe_in(text: str) -> list[str]:
    return sorted({repr(char) for char in text if char in _UNSAFE})


@pytest.mark.parametrize("position", sorted(POSITIONS))
@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    head=st.text(alphabet="abc ", max_size=5),
    controls=st.text(alphabet=_UNSAFE, min_size=1, max_size=4),
    newline=st.sampled_from(["\n", "\r", "\r\n", "\u2028"]),
)
def test_no_control_character_and_no_line_of_its_own(
    position: str,
    head: str,
    controls: str,
    newline: str,
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    value = f"{head}{controls}x\x1b]0;title\x07{newline}{_INJECTED}"
    files = POSITIONS[position](Token("controls", "", value))
    if files is None:
        return
    try:
        root = tmp_path_factory.mktemp("controls")
        config = write_files(root, files)
    except (OSError, ValueError):  # a file name this file system cannot hold
        return
    shown = cli_outputs(root, config, capsys, monkeypatch)
    assert not _unsafe_in(shown), f"{position}: {value!r}"
    lines = shown.split("\n")
    assert not [line for line in lines if line.lstrip().startswith(_INJECTED)], position


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, RawClient]]:
    root = tmp_path_factory.mktemp("shapes-lsp")
    client = started_client(root)
    yield root, client
    client.close()


@pytest.mark.slow
@pytest.mark.parametrize("position", sorted(POSITIONS))
@settings(max_examples=3, deadline=None)
@given(value=random_strings())
def test_the_server_never_sends_an_unproven_shape(
    position: str, value: str, server: tuple[Path, RawClient]
) -> None:
    root, client = server
    files = POSITIONS[position](Token("random", "", value))
    windows = unproven_windows(value)
    if files is None or not windows:
        return
    folder = root / f"case{len(client.messages)}"
    config = write_files(folder, files)
    sent = lsp_outputs(client, config, files[str(config.relative_to(folder))]).casefold()
    assert not [w for w in windows if w in sent], f"{position}: {value!r}"
