"""No credential leaves benchlint, whatever surface and wherever it was written.

Each credential format (tests/leaks/tokens.py) is placed into every position TOML allows
(tests/leaks/generator.py), and every surface is searched for any 8 characters of its random
part: the command line's every format (text, concise, JSON with fixes, SARIF, GitHub, the
statistics, `--diff` with unsafe fixes, a report written with `-o`) and its standard error;
and the language server's whole output stream (diagnostics, outline, hover on every line,
code actions, completion, logs), read byte by byte. The suite runs a fixed sample of the
cases; `bench/fuzz.py --leaks` runs them all with fresh tokens.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchlint.cli.main import FORMATS, main

from .generator import Case, cases
from .rawlsp import RawClient
from .tokens import PASSWORD, TOKENS, leaks

BUDGET = 160  # cases the normal suite runs (a fixed sample: the seed below)
_ALL = list(cases(TOKENS))
# A fixed sample of every case, and every case whose secret only its key name gives away.
_SAMPLED = {case.name: case for case in random.Random(20261202).sample(_ALL, BUDGET)}
_SAMPLED.update((case.name, case) for case in _ALL if case.token.name == PASSWORD)
SAMPLE = sorted(_SAMPLED.values(), key=lambda c: c.name)
CLI_RUNS = (
    *(("--format", name) for name in FORMATS),  # every report format the command line has
    ("--format", "json", "--unsafe-fixes", "--diff"),
    ("--statistics",),
    ("--diff", "--unsafe-fixes"),
    ("plan",),
    ("plan", "--format", "json"),
)


def _write(root: Path, case: Case) -> Path:
    for relative, text in case.files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return root / case.config


@pytest.mark.parametrize("case", SAMPLE, ids=lambda c: c.name)
def test_the_command_line_never_prints_it(
    case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _write(tmp_path, case)
    monkeypatch.chdir(tmp_path)
    for run in CLI_RUNS:
        command, args = ("plan", run[1:]) if run[0] == "plan" else ("check", (*run, "--no-color"))
        main([command, str(config.relative_to(tmp_path)), *args])
        out, err = capsys.readouterr()
        assert not leaks(out + err, case.token), f"{case.name}: {' '.join(run)}"
    report = tmp_path / "report.sarif"
    main(["check", ".", "--format", "sarif", "-o", str(report)])
    out, err = capsys.readouterr()
    written = report.read_text("utf-8") if report.exists() else ""  # not on a settings error
    assert not leaks(written + out + err, case.token), f"{case.name}: -o"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, RawClient]]:
    root = tmp_path_factory.mktemp("leaks")
    client = RawClient(str(root))
    client.request(
        "initialize",
        {
            "processId": None,
            "rootUri": root.as_uri(),
            "capabilities": {
                "textDocument": {"documentSymbol": {"hierarchicalDocumentSymbolSupport": True}}
            },
        },
    )
    client.notify("initialized", {})
    yield root, client
    client.close()


@pytest.mark.slow
@pytest.mark.parametrize("case", SAMPLE, ids=lambda c: c.name)
def test_the_language_server_never_sends_it(case: Case, workspace: tuple[Path, RawClient]) -> None:
    root, client = workspace
    folder = root / case.name
    config = _write(folder, case)
    uri = config.as_uri()
    text = case.files[case.config]
    start = len(client.output)
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "toml", "version": 1, "text": text}},
    )
    published = client.wait_for("textDocument/publishDiagnostics", uri)
    document = {"textDocument": {"uri": uri}}
    client.request("textDocument/documentSymbol", document)
    client.request("textDocument/codeLens", document)
    lines = text.split("\n")
    for number, line in enumerate(lines):
        for column in {0, len(line) // 2, max(0, len(line) - 1)}:
            at = {**document, "position": {"line": number, "character": column}}
            client.request("textDocument/hover", at)
    end = {"line": len(lines), "character": 0}
    client.request(
        "textDocument/codeAction",
        {
            **document,
            "range": {"start": {"line": 0, "character": 0}, "end": end},
            "context": {"diagnostics": published["params"]["diagnostics"]},
        },
    )
    client.request(
        "textDocument/completion",
        {**document, "position": {"line": len(lines) - 1, "character": 0}},
    )
    client.notify("textDocument/didClose", document)
    sent = bytes(client.output[start:]).decode("utf-8", "replace")
    # The document's URI is echoed as the client sent it (protocol fields must stay exact):
    # a file named after a token is the client's own name for it, and nothing else may hold it.
    assert not leaks(sent.replace(uri, "<uri>"), case.token), case.name
