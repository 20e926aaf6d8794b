"""Push diagnostics (`textDocument/publishDiagnostics`) for clients that do not pull them:
debounced per document, and dropped when the document changed while the engine ran."""

from __future__ import annotations

import asyncio

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from .diagnostics import to_lsp_all
from .documents import DocumentStore, OpenDocument
from .linter import Linter
from .messages import ClientMessages


class DiagnosticsPublisher:
    def __init__(
        self,
        server: LanguageServer,
        documents: DocumentStore,
        linter: Linter,
        messages: ClientMessages,
    ) -> None:
        self._server = server
        self._documents = documents
        self._linter = linter
        self._messages = messages
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._published: set[str] = set()  # URIs whose last publication was not empty

    def schedule(self, document: OpenDocument, delay_ms: int = 0) -> None:
        """Lint `document` after `delay_ms` without another change, then publish."""
        self.cancel(document.uri)
        if not document.selected:
            self.clear(document.uri)
            return
        self._pending[document.uri] = asyncio.ensure_future(self._run(document, delay_ms))

    def cancel(self, uri: str) -> None:
        task = self._pending.pop(uri, None)
        if task is not None:
            task.cancel()

    def clear(self, uri: str) -> None:
        """Withdraw what was published for a document benchlint no longer serves."""
        if uri in self._published:
            self._published.discard(uri)
            self._server.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[])
            )

    async def _run(self, document: OpenDocument, delay_ms: int) -> None:
        try:
            await asyncio.sleep(delay_ms / 1000)
            found = await self._linter.lint(document)
            if found is None or self._documents.get(document.uri) is not document:
                return  # stale: the document changed or closed while the engine ran
            items = to_lsp_all(found, document.client_text, document.uri)
            self._server.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(
                    uri=document.uri, diagnostics=items, version=document.version
                )
            )
            if items:
                self._published.add(document.uri)
            else:
                self._published.discard(document.uri)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self._messages.internal(error, "publishing diagnostics")
        finally:
            if self._pending.get(document.uri) is asyncio.current_task():
                del self._pending[document.uri]
