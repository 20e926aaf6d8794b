"""The run's plan in the editor: a code lens above `[experiment]` with the one-line plan
(`HLE · parity · 2 agents × 3 attempts = 1,410 attempts`), and the whole plan on hover over
that header. Computed once per version of the document and settings."""

from __future__ import annotations

from lsprotocol import types as lsp

from ..lint.engine import plan
from ..lint.plan import Plan
from ..lint.settings import Settings
from ..report.plan_report import rows
from ..secrets.redaction import markdown_text, shown_text
from .documents import OpenDocument
from .outline import read_outline

EXPERIMENT = ("experiment",)


def plan_of(document: OpenDocument, settings: Settings) -> Plan:
    cached = document.cache.plan
    if cached is not None and cached[0] is settings:
        return cached[1]
    found = plan(document.text, document.path, settings)
    document.cache.plan = (settings, found)
    return found


def code_lenses(document: OpenDocument, settings: Settings) -> list[lsp.CodeLens]:
    """One lens on the `[experiment]` header line (none without the header). Its command has
    no id: editors show the title as text."""
    section = read_outline(document.client_text).find(EXPERIMENT)
    if section is None or section.header_line < 0:
        return []
    start = lsp.Position(section.header_line, 0)
    title = shown_text(plan_of(document, settings).one_line())
    return [lsp.CodeLens(lsp.Range(start, start), lsp.Command(title=title, command=""))]


def plan_markdown(found: Plan) -> str:
    """The plan as a small table (and the one line above it)."""
    lines = [f"**Plan:** {markdown_text(found.one_line())}", "", "| | |", "|---|---|"]
    for label, value in rows(found):
        lines.append(f"| {label} | {markdown_text(value)} |")
    return "\n".join(lines)


def plan_text(found: Plan) -> str:
    """The same for a client without markdown."""
    return "\n".join(
        [f"Plan: {shown_text(found.one_line())}", ""]
        + [f"{label:<12} {shown_text(value)}" for label, value in rows(found)]
    )
