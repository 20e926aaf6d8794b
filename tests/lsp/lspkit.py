"""Driving `benchlint lsp` end to end: a pytest-lsp client that records what the server sends,
an `Editor` that keeps document versions and text the way an editor does, and an independent
conversion of the CLI's JSON positions into LSP positions to compare against."""

from __future__ import annotations

import asyncio
import bisect
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

SERVER = [sys.executable, "-m", "benchlint", "lsp"]
TIMEOUT = 60.0  # only guards against a hang; nothing is timed
FIXTURES = Path(__file__).parent / "fixtures"
CORPUS = FIXTURES / "configs" / "benchmark"


# -- the client --------------------------------------------------------------------------------
def _publish(client: LanguageClient, params: lsp.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    client.published.setdefault(params.uri, []).append(params)
    client.notified.set()


def _log(client: LanguageClient, params: lsp.LogMessageParams) -> None:
    client.log_messages.append(params)
    client.notified.set()


def _show(client: LanguageClient, params: lsp.ShowMessageParams) -> None:
    client.messages.append(params)
    client.notified.set()


def _register(client: LanguageClient, params: lsp.RegistrationParams) -> None:
    client.registrations.extend(params.registrations)  # type: ignore[attr-defined]
    client.notified.set()  # type: ignore[attr-defined]


def _refresh(client: LanguageClient, params: None) -> None:
    client.diagnostic_refresh_count += 1
    client.notified.set()  # type: ignore[attr-defined]


def _lens_refresh(client: LanguageClient, params: None) -> None:
    client.lens_refresh_count += 1  # type: ignore[attr-defined]
    client.notified.set()  # type: ignore[attr-defined]


def make_client() -> LanguageClient:
    client = LanguageClient(converter_factory=default_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _publish
    features[lsp.WINDOW_LOG_MESSAGE] = _log
    features[lsp.WINDOW_SHOW_MESSAGE] = _show
    features[lsp.CLIENT_REGISTER_CAPABILITY] = _register
    features[lsp.WORKSPACE_DIAGNOSTIC_REFRESH] = _refresh
    features[lsp.WORKSPACE_CODE_LENS_REFRESH] = _lens_refresh
    register_lsp_features(client, features)
    client.published = {}  # type: ignore[attr-defined]
    client.registrations = []  # type: ignore[attr-defined]
    client.lens_refresh_count = 0  # type: ignore[attr-defined]
    client.notified = asyncio.Event()  # type: ignore[attr-defined]
    return client


CONFIG = ClientServerConfig(server_command=SERVER, client_factory=make_client)


async def wait_until(client: Any, predicate: Callable[[], Any], what: str = "") -> Any:
    """Wait for the server to send something that makes `predicate` true."""
    async with asyncio.timeout(TIMEOUT):
        while not (result := predicate()):
            client.notified.clear()
            await client.notified.wait()
    return result


def uri_of(path: Path) -> str:
    return path.resolve().as_uri()


async def start(
    client: LanguageClient,
    root: Path,
    profile: str = "visual-studio-code",
    settings: dict[str, Any] | None = None,
    init_options: dict[str, Any] | None = None,
) -> Editor:
    """Initialize a session for `root` with the capabilities a real editor announces."""
    client.set_configuration({"debounce": 0, **(settings or {})}, section="benchlint")
    capabilities = client_capabilities(profile)
    await client.initialize_session(
        lsp.InitializeParams(
            capabilities=capabilities,
            root_uri=uri_of(root),
            workspace_folders=[lsp.WorkspaceFolder(uri_of(root), root.name)],
            initialization_options=init_options,
        )
    )
    editor = Editor(client, root, pull=capabilities.text_document.diagnostic is not None)
    if capabilities.workspace and capabilities.workspace.configuration:
        await editor.settings_applied(0)
    return editor


# -- the editor --------------------------------------------------------------------------------
class Editor:
    def __init__(self, client: LanguageClient, root: Path, pull: bool) -> None:
        self.client = client
        self.root = root
        self.pull = pull
        self.texts: dict[str, str] = {}
        self.versions: dict[str, int] = {}

    def open(self, relative: str, text: str, language_id: str = "toml") -> str:
        uri = uri_of(self.root / relative)
        self.texts[uri] = text
        self.versions[uri] = 1
        self.client.text_document_did_open(
            lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, language_id, 1, text))
        )
        return uri

    def close(self, uri: str) -> None:
        self.client.text_document_did_close(
            lsp.DidCloseTextDocumentParams(lsp.TextDocumentIdentifier(uri))
        )
        del self.texts[uri]

    def replace_all(self, uri: str, text: str) -> None:
        self._change(uri, text, [lsp.TextDocumentContentChangeWholeDocument(text)])

    def edit(self, uri: str, range_: lsp.Range, new_text: str, encoding: str = "utf-16") -> None:
        start = offset_of(self.texts[uri], range_.start, encoding)
        end = offset_of(self.texts[uri], range_.end, encoding)
        text = self.texts[uri][:start] + new_text + self.texts[uri][end:]
        self._change(uri, text, [lsp.TextDocumentContentChangePartial(range_, new_text)])

    def _change(self, uri: str, text: str, changes: list[Any]) -> None:
        self.versions[uri] += 1
        self.texts[uri] = text
        self.client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
                content_changes=changes,
            )
        )

    async def diagnostics(self, uri: str) -> list[lsp.Diagnostic]:
        """The diagnostics of the document's current version (pulled, or waited for)."""
        if self.pull:
            report = await self.client.text_document_diagnostic_async(
                lsp.DocumentDiagnosticParams(lsp.TextDocumentIdentifier(uri))
            )
            return list(report.items)
        version = self.versions[uri]

        def current() -> list[lsp.PublishDiagnosticsParams]:
            sent = self.client.published.get(uri, [])  # type: ignore[attr-defined]
            return [p for p in sent if p.version == version]

        found = await wait_until(self.client, current, f"diagnostics of {uri} v{version}")
        return list(found[-1].diagnostics)

    async def next_publication(self, uri: str, after: int) -> lsp.PublishDiagnosticsParams:
        """The first publication for `uri` beyond the `after` already received."""

        def sent() -> list[lsp.PublishDiagnosticsParams]:
            return self.client.published.get(uri, [])  # type: ignore[attr-defined]

        await wait_until(self.client, lambda: len(sent()) > after)
        return sent()[after]

    def publication_count(self, uri: str) -> int:
        return len(self.client.published.get(uri, []))  # type: ignore[attr-defined]

    async def settings_applied(self, before: int) -> None:
        """Wait until the server has applied settings beyond the `before` already applied."""

        def applied() -> int:
            return sum("settings applied" in m.message for m in self.client.log_messages)

        await wait_until(self.client, lambda: applied() > before)

    def applied_count(self) -> int:
        return sum("settings applied" in m.message for m in self.client.log_messages)

    async def change_settings(self, settings: dict[str, Any]) -> None:
        before = self.applied_count()
        self.client.set_configuration({"debounce": 0, **settings}, section="benchlint")
        self.client.workspace_did_change_configuration(
            lsp.DidChangeConfigurationParams(settings=None)
        )
        await self.settings_applied(before)


# -- expectations ------------------------------------------------------------------------------
def units(text: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-16":
        return len(text.encode("utf-16-le")) // 2
    return len(text)


def line_starts(text: str) -> list[int]:
    """Where each line starts, LSP's way: a line ends at `\r\n`, `\n` or a lone `\r`."""
    return [0, *(m.end() for m in re.finditer(r"\r\n|\r|\n", text))]


def position_of(
    text: str, offset: int, starts: list[int] | None = None, encoding: str = "utf-16"
) -> lsp.Position:
    """The LSP position of a code-point offset (inside a line break: the end of the line)."""
    starts = starts if starts is not None else line_starts(text)
    line = bisect.bisect_right(starts, offset) - 1
    content_end = starts[line + 1] if line + 1 < len(starts) else len(text)
    content = text[starts[line] : content_end].rstrip("\r\n")
    return lsp.Position(line, units(content[: offset - starts[line]], encoding))


def offset_of(text: str, position: lsp.Position, encoding: str) -> int:
    """The code-point offset of an LSP position (clamped into its line)."""
    starts = line_starts(text)
    if position.line >= len(starts):
        return len(text)
    start = starts[position.line]
    end = starts[position.line + 1] if position.line + 1 < len(starts) else len(text)
    content = text[start:end].rstrip("\r\n")
    width = 0
    for index, char in enumerate(content):
        if width >= position.character:
            return start + index
        width += units(char, encoding)
    return start + len(content)


def lsp_position(text: str, line: int, column: int, encoding: str) -> tuple[int, int]:
    """A CLI position (1-based line split at `\n`, code-point column) as (line, character)."""
    lines = text.split("\n")
    offset = sum(len(part) + 1 for part in lines[: line - 1])
    offset += min(column - 1, len(lines[line - 1]) if line - 1 < len(lines) else 0)
    position = position_of(text, offset, encoding=encoding)
    return position.line, position.character


def apply_edits(text: str, edits: list[lsp.TextEdit], encoding: str = "utf-16") -> str:
    spans = sorted(
        (
            offset_of(text, e.range.start, encoding),
            offset_of(text, e.range.end, encoding),
            e.new_text,
        )
        for e in edits
    )
    for start, end, new in reversed(spans):
        text = text[:start] + new + text[end:]
    return text


def expected(entry: dict[str, Any], text: str, encoding: str) -> tuple[Any, ...]:
    """A JSON-output diagnostic in the comparable form of `observed`."""

    def rng(r: dict[str, Any]) -> tuple[tuple[int, int], tuple[int, int]]:
        return (
            lsp_position(text, r["start"]["line"], r["start"]["column"], encoding),
            lsp_position(text, r["end"]["line"], r["end"]["column"], encoding),
        )

    severity = {"error": 1, "warning": 2, "info": 3}[entry["severity"]]
    related = tuple((r["message"], rng(r["range"])) for r in entry["related"])
    return (entry["code"], severity, entry["message"], rng(entry["range"]), entry["url"], related)


def observed(diagnostic: lsp.Diagnostic) -> tuple[Any, ...]:
    def rng(r: lsp.Range) -> tuple[tuple[int, int], tuple[int, int]]:
        return (r.start.line, r.start.character), (r.end.line, r.end.character)

    assert diagnostic.source == "benchlint"
    related = tuple(
        (info.message, rng(info.location.range)) for info in diagnostic.related_information or []
    )
    href = diagnostic.code_description.href if diagnostic.code_description else ""
    return (
        diagnostic.code,
        int(diagnostic.severity or 0),
        diagnostic.message,
        rng(diagnostic.range),
        href,
        related,
    )


def cli_json(paths: list[Path], cwd: Path, *args: str) -> dict[str, list[dict[str, Any]]]:
    """`benchlint check --format json` on files: diagnostics by absolute path."""
    run = subprocess.run(
        [sys.executable, "-m", "benchlint", "check", "--format", "json", *args, *map(str, paths)],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr
    report = json.loads(run.stdout)
    return {str((cwd / f["path"]).resolve()): f["diagnostics"] for f in report["files"]}
