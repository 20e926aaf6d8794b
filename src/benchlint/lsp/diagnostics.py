"""The engine's diagnostics as LSP diagnostics: same code, message and range (converted to
the client's encoding), with the rule's docs link and related places."""

from __future__ import annotations

from lsprotocol import types as lsp

from ..core.diagnostic import Diagnostic
from .positions import ClientText

SOURCE = "benchlint"
SEVERITY = {
    "error": lsp.DiagnosticSeverity.Error,
    "warning": lsp.DiagnosticSeverity.Warning,
    "info": lsp.DiagnosticSeverity.Information,
}
# Rules whose finding is text that does nothing: editors grey it out.
_UNNECESSARY = frozenset({"BL901"})


def to_lsp(diagnostic: Diagnostic, text: ClientText, uri: str) -> lsp.Diagnostic:
    return lsp.Diagnostic(
        range=text.from_engine(diagnostic.range),
        severity=SEVERITY[diagnostic.severity],
        code=diagnostic.code,
        code_description=lsp.CodeDescription(href=diagnostic.url) if diagnostic.url else None,
        source=SOURCE,
        message=diagnostic.message,
        related_information=[
            lsp.DiagnosticRelatedInformation(
                location=lsp.Location(uri, text.from_engine(related.range)),
                message=related.message,
            )
            for related in diagnostic.related
        ]
        or None,
        tags=[lsp.DiagnosticTag.Unnecessary] if diagnostic.code in _UNNECESSARY else None,
    )


def to_lsp_all(diagnostics: list[Diagnostic], text: ClientText, uri: str) -> list[lsp.Diagnostic]:
    return [to_lsp(diagnostic, text, uri) for diagnostic in diagnostics]
