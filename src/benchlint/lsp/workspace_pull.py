"""The editor's "Refresh workspace data": `benchlint workspace pull` run by the server in the
background (a worker thread; the server keeps answering while `osmosis` runs), then every
open document linted again against what it brought in.

Only ever run when the client asks (`workspace/executeCommand`): the VS Code extension does
not ask in Restricted Mode. The CLI named by the editor setting `benchlint.osmosisPath` (a
user setting: a repository cannot choose what program runs) or `osmosis` on PATH.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types as lsp

from ..core.boundary import repository_root
from ..workspace.osmosis import Osmosis, OsmosisError
from ..workspace.pull import PullReport, pull, references
from .documents import fs_path

if TYPE_CHECKING:
    from .server import BenchlintServer

COMMAND = "benchlint.workspace.pull"
TITLE = "Refresh workspace data (benchlint workspace pull)"


class WorkspacePull:
    def __init__(self, server: BenchlintServer) -> None:
        self.server = server
        self.running = False

    async def run(self, arguments: Any) -> str:
        """Pull for the repository of the document named in `arguments` (a URI), else of the
        first workspace folder; answers with the summary line (also shown to the user)."""
        messages = self.server.messages
        if self.running:
            return "a refresh of the workspace data is already running"
        repository = self._repository(arguments)
        if repository is None:
            text = "workspace data not refreshed: no git repository holds this workspace"
            self._show(text, lsp.MessageType.Warning)
            return text
        self.running = True
        try:
            report = await asyncio.get_running_loop().run_in_executor(None, self._pull, repository)
        finally:
            self.running = False
        text = (
            report.summary()
            if report.status != 2
            else f"workspace data not refreshed: {report.stopped}"
        )
        messages.log(text)
        kind = lsp.MessageType.Info if report.status == 0 else lsp.MessageType.Warning
        self._show(text, kind)
        self.server.settings_files_changed()  # every open document, linted again
        return text

    def _pull(self, repository: Path) -> PullReport:
        keys, _ = references([str(repository)])
        configured = self.server.workspace_settings.client.osmosis_path
        try:
            osmosis = Osmosis.find(configured, repository)
        except OsmosisError as error:
            return PullReport(None, [], None, [], str(error), None)
        return pull(repository, keys, osmosis)

    def _repository(self, arguments: Any) -> Path | None:
        given = arguments[0] if isinstance(arguments, list) and arguments else None
        path = fs_path(given) if isinstance(given, str) else None
        start = path or (self.server.roots[0] if self.server.roots else None)
        if start is None:
            return None
        folder = start if Path(start).is_dir() else str(Path(start).parent)
        root = repository_root(str(Path(folder) / "x"))
        return Path(root) if root is not None else None

    def _show(self, text: str, kind: lsp.MessageType) -> None:
        try:
            self.server.window_show_message(lsp.ShowMessageParams(kind, f"benchlint: {text}"))
        except Exception:  # no transport (shutting down): nothing to tell
            return


def refresh_action(uri: str, diagnostics: list[lsp.Diagnostic]) -> lsp.CodeAction:
    """The code action on BL902: run the refresh."""
    return lsp.CodeAction(
        title=TITLE,
        kind=lsp.CodeActionKind.QuickFix,
        diagnostics=diagnostics,
        command=lsp.Command(title=TITLE, command=COMMAND, arguments=[uri]),
    )
