"""What the client said it can do, read once at `initialize`."""

from __future__ import annotations

from dataclasses import dataclass

from lsprotocol import types as lsp
from pygls.capabilities import get_capability


@dataclass(frozen=True)
class ClientFeatures:
    pull_diagnostics: bool = False  # `textDocument/diagnostic`: then nothing is pushed
    diagnostic_refresh: bool = False
    configuration: bool = False  # answers `workspace/configuration`
    register_configuration: bool = False  # takes a dynamic didChangeConfiguration registration
    register_watchers: bool = False  # takes dynamic didChangeWatchedFiles registrations
    markdown_hover: bool = False
    markdown_completion: bool = False
    hierarchical_symbols: bool = False
    document_changes: bool = False  # versioned edits in a WorkspaceEdit
    resolve_edits: bool = False  # fills a code action's edit on `codeAction/resolve`
    code_lens_refresh: bool = False  # takes `workspace/codeLens/refresh`
    snippets: bool = False  # completion items may be snippets

    @classmethod
    def of(cls, caps: lsp.ClientCapabilities) -> ClientFeatures:
        markdown = lsp.MarkupKind.Markdown
        hover_formats = get_capability(caps, "text_document.hover.content_format", None) or []
        completion_formats = (
            get_capability(
                caps, "text_document.completion.completion_item.documentation_format", None
            )
            or []
        )
        return cls(
            pull_diagnostics=get_capability(caps, "text_document.diagnostic", None) is not None,
            diagnostic_refresh=bool(
                get_capability(caps, "workspace.diagnostics.refresh_support", False)
            ),
            configuration=bool(get_capability(caps, "workspace.configuration", False)),
            register_configuration=bool(
                get_capability(
                    caps, "workspace.did_change_configuration.dynamic_registration", False
                )
            ),
            register_watchers=bool(
                get_capability(
                    caps, "workspace.did_change_watched_files.dynamic_registration", False
                )
            ),
            markdown_hover=markdown in hover_formats,
            markdown_completion=markdown in completion_formats,
            hierarchical_symbols=bool(
                get_capability(
                    caps,
                    "text_document.document_symbol.hierarchical_document_symbol_support",
                    False,
                )
            ),
            document_changes=bool(
                get_capability(caps, "workspace.workspace_edit.document_changes", False)
            ),
            code_lens_refresh=bool(
                get_capability(caps, "workspace.code_lens.refresh_support", False)
            ),
            snippets=bool(
                get_capability(
                    caps, "text_document.completion.completion_item.snippet_support", False
                )
            ),
            resolve_edits="edit"
            in (
                get_capability(caps, "text_document.code_action.resolve_support.properties", None)
                or []
            ),
        )
