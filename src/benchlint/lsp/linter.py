"""Running the engine on an open document: with its settings, off the event loop, once per
version and settings generation."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from ..core.diagnostic import Diagnostic
from ..lint.engine import lint
from ..lint.settings import Settings
from .documents import OpenDocument
from .messages import ClientMessages
from .workspace_settings import WorkspaceSettings


class Linter:
    def __init__(self, workspace: WorkspaceSettings, messages: ClientMessages) -> None:
        self.workspace = workspace
        self.messages = messages
        # One worker: lints run in order, and the event loop stays free for hover/completion.
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="benchlint-lint")

    def settings_for(self, document: OpenDocument) -> Settings:
        resolved = self.workspace.for_path(document.path)
        if resolved.error:
            self.messages.error(resolved.error)
        return resolved.settings

    def cached(self, document: OpenDocument) -> list[Diagnostic] | None:
        lint = document.cache.lint
        return lint[1] if lint is not None and lint[0] == self.workspace.generation else None

    def lint_now(self, document: OpenDocument) -> list[Diagnostic]:
        """Diagnostics of the current version, computed here if not already (code actions)."""
        found = self.cached(document)
        if found is None:
            generation = self.workspace.generation
            found = lint(document.text, document.path, self.settings_for(document))
            document.cache.lint = (generation, found)
        return found

    async def lint(self, document: OpenDocument) -> list[Diagnostic] | None:
        """Diagnostics of the current version, or None when the document or the settings
        changed while the engine ran (a newer lint is on its way)."""
        found = self.cached(document)
        if found is not None:
            return found
        text, cache = document.text, document.cache
        generation = self.workspace.generation
        settings = self.settings_for(document)
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(self._pool, lint, text, document.path, settings)
        if document.cache is not cache or self.workspace.generation != generation:
            return None
        cache.lint = (generation, found)
        return found

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
