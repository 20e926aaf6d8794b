"""No credential leaves benchlint, whatever surface and wherever it was written.

Each credential format (tests/leaks/tokens.py) is placed into every position TOML allows
(tests/leaks/generator.py), and every surface is searched for any 8 characters of its random
part: the command line's every format (text, concise, JSON with fixes, SARIF, GitHub, the
statistics, `--diff` with unsafe fixes, a report written with `-o`) and its standard error, and every other command (tests/leaks/surfaces.py lists them all);
and the language server's whole output stream for every method it handles (diagnostics
pushed and pulled, outline, hover on every line, code actions and their resolution,
completion, logs), read byte by byte. The suite runs a fixed sample of the
cases; `bench/fuzz.py --leaks` runs them all with fresh tokens.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from .generator import Case, cases
from .rawlsp import RawClient
from .surfaces import cli_outputs, lsp_outputs, started_client, write_files
from .tokens import PASSWORD, TOKENS, leaks

BUDGET = 160  # cases the normal suite runs (a fixed sample: the seed below)
_ALL = list(cases(TOKENS))
# A fixed sample of every case, and every case whose secret only its key name gives away.
_SAMPLED = {case.name: case for case in random.Random(20261202).sample(_ALL, BUDGET)}
_SAMPLED.update((case.name, case) for case in _ALL if case.token.name == PASSWORD)
SAMPLE = sorted(_SAMPLED.values(), key=lambda c: c.name)


@pytest.mark.parametrize("case", SAMPLE, ids=lambda c: c.name)
def test_the_command_line_never_prints_it(
    case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    config = write_files(tmp_path, case.files)
    assert not leaks(cli_outputs(tmp_path, config, capsys, monkeypatch), case.token), case.name


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, RawClient]]:
    root = tmp_path_factory.mktemp("leaks")
    client = started_client(root)
    yield root, client
    client.close()


@pytest.mark.slow
@pytest.mark.parametrize("case", SAMPLE, ids=lambda c: c.name)
def test_the_language_server_never_sends_it(case: Case, workspace: tuple[Path, RawClient]) -> None:
    root, client = workspace
    config = write_files(root / case.name, case.files)
    sent = lsp_outputs(client, config, case.files[case.config])
    assert not leaks(sent, case.token), case.name
