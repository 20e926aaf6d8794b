"""The server: protocol wiring only. Each handler hands its work to one capability module
(`publisher`, `code_actions`, `hover`, `completion`, `symbols`) and answers with a safe
default if that module fails; `run_server` serves stdio."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from ..core.version import __version__
from ..lint.settings import Settings, SettingsError
from ..parsing.document import utf8_size_over
from ..secrets.output import MASKER
from .capabilities import ClientFeatures
from .client_settings import ClientSettingsError, parse_client_settings
from .code_actions import KINDS, ActionContext, code_actions, resolve
from .completion import TRIGGERS, completions
from .diagnostics import to_lsp_all
from .documents import DocumentStore, OpenDocument, fs_path
from .hover import hover
from .linter import Linter
from .messages import ClientMessages
from .plan_view import code_lenses
from .positions import encoding_of
from .protocol import BenchlintProtocol
from .publisher import DiagnosticsPublisher
from .selection import is_selected
from .symbols import document_symbols, flat_symbols
from .workspace_pull import COMMAND as PULL_COMMAND
from .workspace_pull import WorkspacePull
from .workspace_settings import WorkspaceSettings

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
        # Everything sent is masked with what the open documents hold (see `protocol`).
        self.masker = MASKER
        self.protocol.mask = self.mask_plain  # type: ignore[attr-defined]
        self.documents = DocumentStore(self.masker)
        self.workspace_settings = WorkspaceSettings()
        self.linter = Linter(self.workspace_settings, self.messages)
        self.publisher = DiagnosticsPublisher(self, self.documents, self.linter, self.messages)
        self.features = ClientFeatures()
        self.roots: list[str] = []
        self.workspace_pull = WorkspacePull(self)

    def mask_plain(self, text: str) -> str:
        """What the server sends: masked, and no colour code (a client shows none)."""
        return self.masker.mask(text, colour=False)

    def report_server_error(self, error: Exception, source: Any) -> None:
        """pygls's own errors (a message it cannot read, ...) go to the log, never to a popup."""
        self.messages.log(f"{type(error).__name__}: {error}", lsp.MessageType.Error)

    def set_roots(self, uris: list[str | None]) -> None:
        """The workspace folders: relative globs and client paths start at them."""
        self.roots = [path for path in (fs_path(uri or "") for uri in uris) if path]
        self.workspace_settings.set_root(Path(self.roots[0]) if self.roots else None)

    # -- documents ---------------------------------------------------------------------------
    def served(self, uri: str) -> OpenDocument | None:
        document = self.documents.get(uri)
        return document if document is not None and document.selected else None

    def for_request(self, uri: str) -> tuple[OpenDocument, Settings] | None:
        """A served document and its settings, unless it is beyond the size limit (then it
        has only BL003, and nothing to hover or complete)."""
        document = self.served(uri)
        if document is None:
            return None
        settings = self.linter.settings_for(document)
        too_large = utf8_size_over(document.text, settings.max_file_size) is not None
        return None if too_large else (document, settings)

    def reselect(self, document: OpenDocument) -> None:
        client = self.workspace_settings.client
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
        if self.features.code_lens_refresh:  # the plan may count differently now
            self.workspace_code_lens_refresh(None)

    # -- settings ----------------------------------------------------------------------------
    def apply_client_settings(self, raw: Any) -> None:
        try:
            client = parse_client_settings(raw)
            self.workspace_settings.set_client(client)
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
        try:
            answer = await self.workspace_configuration_async(
                lsp.ConfigurationParams(items=[lsp.ConfigurationItem(section=SECTION)])
            )
        except Exception as error:  # the client refused: keep the settings in force
            self.messages.log(f"could not read the editor's settings: {error}")
            return
        self.apply_client_settings(answer[0] if answer else None)

    async def register_watchers(self) -> None:
        """Ask to hear about settings files and settings changes, where the client allows."""
        registrations = []
        if self.features.register_watchers:
            watchers = [lsp.FileSystemWatcher(glob_pattern=glob) for glob in WATCHED]
            registrations.append(
                lsp.Registration(
                    id="benchlint-settings-files",
                    method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                    register_options=lsp.DidChangeWatchedFilesRegistrationOptions(watchers),
                )
            )
        if self.features.register_configuration:
            registrations.append(
                lsp.Registration(
                    id="benchlint-configuration",
                    method=lsp.WORKSPACE_DID_CHANGE_CONFIGURATION,
                    # only changes of our own section, not every setting of the editor
                    register_options=lsp.DidChangeConfigurationRegistrationOptions(
                        section="benchlint"
                    ),
                )
            )
        if not registrations:
            return
        try:
            await self.client_register_capability_async(lsp.RegistrationParams(registrations))
        except Exception as error:
            self.messages.log(f"could not register for settings changes: {error}")

    def settings_files_changed(self) -> None:
        self.workspace_settings.invalidate()
        self.messages.forget_shown()
        self.refresh_all()


def build_server() -> BenchlintServer:
    server = BenchlintServer()
    messages = server.messages

    @server.feature(lsp.INITIALIZE)
    @messages.guard
    def initialize(params: lsp.InitializeParams) -> None:
        server.features = ClientFeatures.of(params.capabilities)
        server.set_roots([f.uri for f in params.workspace_folders or []] or [params.root_uri])
        options = params.initialization_options
        if isinstance(options, dict) and options:
            server.apply_client_settings(options.get(SECTION, options))

    @server.feature(lsp.INITIALIZED)
    @messages.guard_async
    async def initialized(params: lsp.InitializedParams) -> None:
        await server.fetch_client_settings()
        await server.register_watchers()

    @server.feature(lsp.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    @messages.guard
    def did_change_folders(params: lsp.DidChangeWorkspaceFoldersParams) -> None:
        # pygls has already updated its list of folders
        server.set_roots([folder.uri for folder in server.workspace.folders.values()])
        server.settings_files_changed()

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
        document.apply(params.content_changes, params.text_document.version)
        server.reselect(document)
        if not server.features.pull_diagnostics:
            server.publisher.schedule(document, server.workspace_settings.client.debounce)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE, lsp.SaveOptions(include_text=False))
    @messages.guard
    def did_save(params: lsp.DidSaveTextDocumentParams) -> None:
        path = fs_path(params.text_document.uri)
        if path is not None and server.workspace_settings.concerns(path):
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
        if any(path is not None and server.workspace_settings.concerns(path) for path in paths):
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

    async def action_context(uri: str) -> ActionContext | None:
        document = server.served(uri)
        if document is None:
            return None
        found = await server.linter.lint(document)
        if found is None:  # changed while linting: the request is about the version now current
            found = server.linter.lint_now(document)
        settings = server.linter.settings_for(document)
        features = server.features
        return ActionContext(
            document, found, settings, features.document_changes, features.resolve_edits
        )

    @server.feature(
        lsp.TEXT_DOCUMENT_CODE_ACTION,
        lsp.CodeActionOptions(code_action_kinds=KINDS, resolve_provider=True),
    )
    @messages.guard_async
    async def code_action(params: lsp.CodeActionParams) -> list[lsp.CodeAction] | None:
        context = await action_context(params.text_document.uri)
        return code_actions(context, params) if context is not None else None

    @server.feature(lsp.CODE_ACTION_RESOLVE)
    @messages.guard_async
    async def code_action_resolve(action: lsp.CodeAction) -> lsp.CodeAction:
        uri = action.data.get("uri") if isinstance(action.data, dict) else None
        context = await action_context(uri) if isinstance(uri, str) else None
        return resolve(context, action) if context is not None else action

    @server.command(PULL_COMMAND)
    @messages.guard_async
    async def workspace_pull(*arguments: Any) -> str:
        # pygls passes the command's arguments as one list (older releases: spread out)
        single = len(arguments) == 1 and isinstance(arguments[0], list)
        given = arguments[0] if single else list(arguments)
        return await server.workspace_pull.run(given)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    @messages.guard
    def on_hover(params: lsp.HoverParams) -> lsp.Hover | None:
        if (found := server.for_request(params.text_document.uri)) is None:
            return None
        document, settings = found
        return hover(document, params.position, settings, server.features.markdown_hover)

    @server.feature(
        lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=TRIGGERS)
    )
    @messages.guard
    def on_completion(params: lsp.CompletionParams) -> lsp.CompletionList | None:
        if (found := server.for_request(params.text_document.uri)) is None:
            return None
        document, settings = found
        features = server.features
        return completions(
            document, params.position, settings, features.markdown_completion, features.snippets
        )

    @server.feature(lsp.TEXT_DOCUMENT_CODE_LENS, lsp.CodeLensOptions(resolve_provider=False))
    @messages.guard
    def on_code_lens(params: lsp.CodeLensParams) -> list[lsp.CodeLens] | None:
        if (found := server.for_request(params.text_document.uri)) is None:
            return None
        document, settings = found
        return code_lenses(document, settings)

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @messages.guard
    def on_symbols(
        params: lsp.DocumentSymbolParams,
    ) -> list[lsp.DocumentSymbol] | list[lsp.SymbolInformation] | None:
        if (found := server.for_request(params.text_document.uri)) is None:
            return None
        document, _ = found
        if server.features.hierarchical_symbols:
            return document_symbols(document)
        return flat_symbols(document)

    return server


class _Masking(logging.Formatter):
    """Log lines (the client shows stderr in its output panel) masked like the traffic."""

    def __init__(self, mask: Callable[[str], str]) -> None:
        super().__init__("benchlint lsp: %(levelname)s %(name)s: %(message)s")
        self._mask = mask

    def format(self, record: logging.LogRecord) -> str:
        return self._mask(super().format(record))


def run_server() -> None:
    """Serve the language server protocol on stdin/stdout until the client exits."""
    server = build_server()
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_Masking(server.mask_plain))
    logging.basicConfig(level=logging.WARNING, handlers=[handler])
    # pygls warns about every `$/cancelRequest` for a request already answered: routine
    # traffic, not something to show in the editor's output channel.
    logging.getLogger("pygls.protocol.json_rpc").setLevel(logging.ERROR)
    server.start_io()
