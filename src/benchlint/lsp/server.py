"""The server: protocol wiring only. Each handler hands its work to one capability module
(`publisher`, `code_actions`, `hover`, `completion`, `symbols`) and answers with a safe
default if that module fails; `run_server` serves stdio."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from .. import __version__
from ..credentials import redact
from ..settings import SettingsError
from .capabilities import ClientFeatures
from .client_settings import ClientSettingsError, parse_client_settings
from .code_actions import KINDS, ActionContext, code_actions
from .completion import TRIGGERS, completions
from .diagnostics import to_lsp_all
from .documents import DocumentStore, OpenDocument, fs_path
from .hover import hover
from .linter import Linter
from .messages import ClientMessages
from .positions import encoding_of
from .protocol import BenchlintProtocol
from .publisher import DiagnosticsPublisher
from .selection import is_selected
from .symbols import document_symbols, flat_symbols
from .workspace_settings import SettingsResolver

SECTION = "benchlint"
# Files whose change may change some document's settings (catalog files are filtered later).
WATCHED = ("**/benchlint.toml", "**/pyproject.toml", "**/*.json")


class BenchlintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "benchlint",
            __version__,
            text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental,
            protocol_cls=BenchlintProtocol,
        )
        self.messages = ClientMessages(self)
        self.documents = DocumentStore()
        self.resolver = SettingsResolver()
        self.linter = Linter(self.resolver, self.messages)
        self.publisher = DiagnosticsPublisher(self, self.documents, self.linter, self.messages)
        self.features = ClientFeatures()
        self.roots: list[str] = []

    def report_server_error(self, error: Exception, source: Any) -> None:
        """pygls's own errors (a message it cannot read, ...) go to the log, never to a popup."""
        self.messages.log(f"{type(error).__name__}: {error}", lsp.MessageType.Error)

    # -- documents ---------------------------------------------------------------------------
    def served(self, uri: str) -> OpenDocument | None:
        document = self.documents.get(uri)
        return document if document is not None and document.selected else None

    def reselect(self, document: OpenDocument) -> None:
        client = self.resolver.client
        document.selected = client.enable and is_selected(
            document.path,
            document.uri,
            document.language_id,
            document.text,
            client.globs,
            self.roots,
        )

    def refresh_all(self) -> None:
        """Settings changed: reselect and re-lint every open document."""
        for document in self.documents.all():
            self.reselect(document)
            if not self.features.pull_diagnostics:
                self.publisher.schedule(document)
        if self.features.pull_diagnostics and self.features.diagnostic_refresh:
            self.workspace_diagnostic_refresh(None)

    # -- settings ----------------------------------------------------------------------------
    def apply_client_settings(self, raw: Any) -> None:
        try:
            client = parse_client_settings(raw)
            self.resolver.set_client(client)
        except (ClientSettingsError, SettingsError) as error:
            self.messages.error(f"settings not applied: {error}")
            return
        changed = client.model_dump(mode="json", by_alias=True, exclude_defaults=True)
        self.messages.log(f"settings applied: {changed or 'defaults'}")
        self.messages.forget_shown()
        self.refresh_all()

    async def fetch_client_settings(self) -> None:
        if not self.features.configuration:
            return
        answer = await self.workspace_configuration_async(
            lsp.ConfigurationParams(items=[lsp.ConfigurationItem(section=SECTION)])
        )
        self.apply_client_settings(answer[0] if answer else None)

    def settings_files_changed(self) -> None:
        self.resolver.invalidate()
        self.messages.forget_shown()
        self.refresh_all()


def build_server() -> BenchlintServer:
    server = BenchlintServer()
    messages = server.messages

    @server.feature(lsp.INITIALIZE)
    @messages.guard
    def initialize(params: lsp.InitializeParams) -> None:
        server.features = ClientFeatures.of(params.capabilities)
        server.roots = [
            path for path in (fs_path(f.uri) for f in params.workspace_folders or []) if path
        ] or [path for path in [fs_path(params.root_uri or "")] if path]
        server.resolver.root = Path(server.roots[0]) if server.roots else None
        options = params.initialization_options
        if isinstance(options, dict) and options:
            server.apply_client_settings(options.get(SECTION, options))

    @server.feature(lsp.INITIALIZED)
    @messages.guard_async
    async def initialized(params: lsp.InitializedParams) -> None:
        await server.fetch_client_settings()
        registrations = []
        if server.features.register_watchers:
            watchers = [lsp.FileSystemWatcher(glob_pattern=glob) for glob in WATCHED]
            registrations.append(
                lsp.Registration(
                    id="benchlint-settings-files",
                    method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                    register_options=lsp.DidChangeWatchedFilesRegistrationOptions(watchers),
                )
            )
        if server.features.register_configuration:
            registrations.append(
                lsp.Registration(
                    id="benchlint-configuration", method=lsp.WORKSPACE_DID_CHANGE_CONFIGURATION
                )
            )
        if registrations:
            await server.client_register_capability_async(lsp.RegistrationParams(registrations))

    @server.feature(lsp.SHUTDOWN)
    @messages.guard
    def shutdown(params: None) -> None:
        server.linter.shutdown()

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    @messages.guard
    def did_open(params: lsp.DidOpenTextDocumentParams) -> None:
        encoding = encoding_of(server.workspace.position_encoding)
        document = server.documents.open(params.text_document, encoding)
        server.reselect(document)
        if not server.features.pull_diagnostics:
            server.publisher.schedule(document)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    @messages.guard
    def did_change(params: lsp.DidChangeTextDocumentParams) -> None:
        document = server.documents.get(params.text_document.uri)
        if document is None:
            messages.log(f"change to a document that is not open: {params.text_document.uri}")
            return
        document.apply(list(params.content_changes), params.text_document.version)
        server.reselect(document)
        if not server.features.pull_diagnostics:
            server.publisher.schedule(document, server.resolver.client.debounce)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE, lsp.SaveOptions(include_text=False))
    @messages.guard
    def did_save(params: lsp.DidSaveTextDocumentParams) -> None:
        path = fs_path(params.text_document.uri)
        if path is not None and server.resolver.concerns(path):
            server.settings_files_changed()
            return
        document = server.documents.get(params.text_document.uri)
        if document is not None and not server.features.pull_diagnostics:
            server.publisher.schedule(document)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    @messages.guard
    def did_close(params: lsp.DidCloseTextDocumentParams) -> None:
        server.documents.close(params.text_document.uri)
        server.publisher.cancel(params.text_document.uri)
        server.publisher.clear(params.text_document.uri)

    @server.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
    @messages.guard_async
    async def did_change_configuration(params: lsp.DidChangeConfigurationParams) -> None:
        if server.features.configuration:
            await server.fetch_client_settings()
        elif isinstance(params.settings, dict):
            server.apply_client_settings(params.settings.get(SECTION))

    @server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    @messages.guard
    def did_change_watched_files(params: lsp.DidChangeWatchedFilesParams) -> None:
        paths = [fs_path(change.uri) for change in params.changes]
        if any(path is not None and server.resolver.concerns(path) for path in paths):
            server.settings_files_changed()

    @server.feature(
        lsp.TEXT_DOCUMENT_DIAGNOSTIC,
        lsp.DiagnosticOptions(
            identifier=SECTION, inter_file_dependencies=False, workspace_diagnostics=False
        ),
    )
    async def pull_diagnostics(
        params: lsp.DocumentDiagnosticParams,
    ) -> lsp.RelatedFullDocumentDiagnosticReport:
        document = server.served(params.text_document.uri)
        if document is None:
            return lsp.RelatedFullDocumentDiagnosticReport(items=[])
        try:
            found = await server.linter.lint(document)
            if found is None:  # changed while linting: answer for the version now current
                found = server.linter.lint_now(document)
            items = to_lsp_all(found, document.client_text, document.uri)
        except Exception as error:  # an empty report, never the error's text
            messages.internal(error, "pull_diagnostics")
            items = []
        return lsp.RelatedFullDocumentDiagnosticReport(items=items)

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION, lsp.CodeActionOptions(code_action_kinds=KINDS))
    @messages.guard
    def code_action(params: lsp.CodeActionParams) -> list[lsp.CodeAction] | None:
        document = server.served(params.text_document.uri)
        if document is None:
            return None
        context = ActionContext(
            document,
            server.linter.lint_now(document),
            server.linter.settings_for(document),
            server.features.document_changes,
        )
        return code_actions(context, params)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    @messages.guard
    def on_hover(params: lsp.HoverParams) -> lsp.Hover | None:
        document = server.served(params.text_document.uri)
        settings = server.linter.settings_for(document) if document else None
        if document is None or settings is None or len(document.text) > settings.max_file_size:
            return None
        return hover(document, params.position, settings, server.features.markdown_hover)

    @server.feature(
        lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=TRIGGERS)
    )
    @messages.guard
    def on_completion(params: lsp.CompletionParams) -> lsp.CompletionList | None:
        document = server.served(params.text_document.uri)
        settings = server.linter.settings_for(document) if document else None
        if document is None or settings is None or len(document.text) > settings.max_file_size:
            return None
        markdown = server.features.markdown_completion
        return completions(document, params.position, settings, markdown)

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @messages.guard
    def on_symbols(
        params: lsp.DocumentSymbolParams,
    ) -> list[lsp.DocumentSymbol] | list[lsp.SymbolInformation] | None:
        document = server.served(params.text_document.uri)
        settings = server.linter.settings_for(document) if document else None
        if document is None or settings is None or len(document.text) > settings.max_file_size:
            return None
        if server.features.hierarchical_symbols:
            return document_symbols(document)
        return flat_symbols(document)

    return server


class _Redacting(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


def run_server() -> None:
    """Serve the language server protocol on stdin/stdout until the client exits."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_Redacting("benchlint lsp: %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.WARNING, handlers=[handler])
    build_server().start_io()
