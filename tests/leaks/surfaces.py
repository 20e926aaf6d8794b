"""Every surface a leak test must search, in one place, and the runs that search them.

`CLI_COMMANDS` and `LSP_METHODS` are checked against what the command line and the server
really have (test_surfaces.py): a new command or a new server feature fails that test until
it is searched here, so no surface can be added that skips the renderer unnoticed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchlint.cli.main import FORMATS, main

from .rawlsp import RawClient

# Each command-line run, as arguments after the command; `{config}` is the config's path.
CLI_COMMANDS: dict[str, tuple[tuple[str, ...], ...]] = {
    "check": (
        *(("{config}", "--format", name, "--no-color") for name in FORMATS),
        ("{config}", "--diff", "--unsafe-fixes", "--no-color"),
        ("{config}", "--format", "json", "--unsafe-fixes", "--diff"),
        ("{config}", "--statistics", "--no-color"),
        (".", "--format", "gitlab", "-o", "report.out"),
        (".", "--format", "sarif", "-o", "report.out"),
    ),
    "plan": (("{config}",), ("{config}", "--format", "json")),
    "catalog": ((), ("--format", "json")),
    "new": (("configs/benchmark/new-run.toml", "--benchmark", "terminal-bench-2-1"),),
    "rule": (("BL202",),),
    "rules": ((),),
    "schema": ((),),
    "workspace": (
        ("pull", "{config}", "--osmosis", "no-such-osmosis"),  # fails: one line about it
        ("status",),
    ),
}
# Commands whose output no leak test reads, and why.
CLI_ELSEWHERE = {"lsp": "its protocol stream is searched by the language-server runs below"}

# Every command the server runs (`workspace/executeCommand`), run by `lsp_outputs`.
LSP_COMMANDS = frozenset({"benchlint.workspace.pull"})

# Every method the server handles, and what the runs below send to reach it.
LSP_METHODS = frozenset(
    {
        "initialize",
        "initialized",
        "shutdown",
        "textDocument/didOpen",
        "textDocument/didChange",
        "textDocument/didSave",
        "textDocument/didClose",
        "textDocument/diagnostic",
        "textDocument/documentSymbol",
        "textDocument/codeLens",
        "textDocument/hover",
        "textDocument/codeAction",
        "codeAction/resolve",
        "textDocument/completion",
        "workspace/didChangeConfiguration",
        "workspace/didChangeWatchedFiles",
        "workspace/didChangeWorkspaceFolders",
    }
)


def write_files(root: Path, files: dict[str, str]) -> Path:
    """Write a case's files under `root`; the config's path (the file under configs/)."""
    config = root
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
        if relative.startswith("configs/"):
            config = path
    return config


def cli_outputs(
    root: Path, config: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> str:
    """Everything every command-line run prints (standard output and error, and `-o` files)
    for the config at `config` in the folder `root`."""
    monkeypatch.chdir(root)
    relative = str(config.relative_to(root))
    seen = []
    for command, runs in CLI_COMMANDS.items():
        for run in runs:
            main([command, *(relative if arg == "{config}" else arg for arg in run)])
            out, err = capsys.readouterr()
            seen.append(out + err)
            for written in ("report.out", "configs/benchmark/new-run.toml"):
                path = root / written
                if path.exists():
                    seen.append(path.read_text("utf-8", "replace"))
                    path.unlink()
    return "\n".join(seen)


def lsp_outputs(client: RawClient, config: Path, text: str) -> str:
    """Everything the server writes while a client opens the config, edits and saves it, and
    asks every question the server answers about it; the document's URI replaced by `<uri>`
    (a client's own name for its document is echoed exactly, as the protocol requires)."""
    uri = config.as_uri()
    start = len(client.output)
    document = {"textDocument": {"uri": uri}}
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "toml", "version": 1, "text": text}},
    )
    client.wait_for("textDocument/publishDiagnostics", uri)
    client.notify(
        "textDocument/didChange",
        {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [
                {"range": _range(0, 0, 0, 0), "text": "# edited\n"},
                {"range": _range(0, 0, 1, 0), "text": ""},
            ],
        },
    )
    client.notify("textDocument/didSave", document)
    pulled = client.request("textDocument/diagnostic", document) or {}
    diagnostics = pulled.get("items", [])
    client.request("textDocument/documentSymbol", document)
    client.request("textDocument/codeLens", document)
    lines = text.split("\n")
    for number, line in enumerate(lines):
        for column in {0, len(line) // 2, max(0, len(line) - 1)}:
            at = {**document, "position": {"line": number, "character": column}}
            client.request("textDocument/hover", at)
    actions = client.request(
        "textDocument/codeAction",
        {
            **document,
            "range": _range(0, 0, len(lines), 0),
            "context": {"diagnostics": diagnostics},
        },
    )
    for action in actions or []:
        if isinstance(action, dict) and "data" in action:
            client.request("codeAction/resolve", action)
    client.request(
        "textDocument/completion",
        {**document, "position": {"line": len(lines) - 1, "character": 0}},
    )
    for command in sorted(LSP_COMMANDS):  # no `osmosis` here: each fails, and says so
        client.request("workspace/executeCommand", {"command": command, "arguments": [uri]})
    client.notify(
        "workspace/didChangeWatchedFiles",
        {"changes": [{"uri": (config.parent / "benchlint.toml").as_uri(), "type": 1}]},
    )
    client.notify("textDocument/didClose", document)
    client.request("textDocument/hover", {**document, "position": {"line": 0, "character": 0}})
    sent = bytes(client.output[start:]).decode("utf-8", "replace")
    return sent.replace(uri, "<uri>")


def _range(line: int, character: int, end_line: int, end_character: int) -> dict[str, Any]:
    return {
        "start": {"line": line, "character": character},
        "end": {"line": end_line, "character": end_character},
    }


def started_client(root: Path) -> RawClient:
    """A server over stdio for the folder `root`, initialised, with its configuration and
    folders changed once (so those handlers run too)."""
    client = RawClient(str(root))
    client.request(
        "initialize",
        {
            "processId": None,
            "rootUri": root.as_uri(),
            "capabilities": {
                "textDocument": {"documentSymbol": {"hierarchicalDocumentSymbolSupport": True}},
                "workspace": {"workspaceFolders": True},
            },
        },
    )
    client.notify("initialized", {})
    client.notify("workspace/didChangeConfiguration", {"settings": {"benchlint": {}}})
    client.notify(
        "workspace/didChangeWorkspaceFolders",
        {"event": {"added": [], "removed": []}},
    )
    return client
