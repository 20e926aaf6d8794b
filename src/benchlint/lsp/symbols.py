"""Document symbols: every table in document order, each agent labelled `harness · model`
with its `[agents.model]` / `[agents.env]` inside it, and the keys of each table."""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types as lsp

from ..core.paths import ConfigPath, table_name
from ..parsing.sourcemap import Entry
from ..secrets.source import masked_source
from .cursor import Reading
from .documents import OpenDocument

Kind = lsp.SymbolKind
_MODEL_NAMES = ("model", "lora_model_name", "base_model")


def document_symbols(document: OpenDocument) -> list[lsp.DocumentSymbol]:
    reading = document.reading
    source_map = reading.source_map
    text = document.client_text
    pairs: dict[ConfigPath, list[tuple[str, Entry]]] = {}
    for path, entry in source_map.entries.items():
        if entry.kind == "pair" and path and isinstance(path[-1], str):
            pairs.setdefault(path[:-1], []).append((path[-1], entry))

    def key_symbols(table: ConfigPath) -> list[lsp.DocumentSymbol]:
        out = []
        for name, entry in pairs.get(table, []):
            span = entry.pair or entry.key
            if span is None or entry.key is None:
                continue
            out.append(
                lsp.DocumentSymbol(
                    name=name,
                    kind=Kind.Property,
                    range=text.range(span.start, span.end),
                    selection_range=text.range(entry.key.start, entry.key.end),
                    detail=_value_text(reading.text, entry) if entry.value else None,
                )
            )
        return out

    roots: list[lsp.DocumentSymbol] = key_symbols(())
    agents: dict[int, lsp.DocumentSymbol] = {}
    # each agent's children, the very list its symbol holds: appended to, never copied (a
    # copy per `[agents.x]` sub-table made many of them quadratic)
    agent_children: dict[int, list[lsp.DocumentSymbol]] = {}
    for path in source_map.tables:
        table = source_map.get(path)
        if table is None or table.header is None:
            continue
        header = table.header
        children = key_symbols(path)
        symbol = lsp.DocumentSymbol(
            name=_table_label(path, reading),
            kind=Kind.Object if _is_agent(path) else Kind.Namespace,
            range=text.range(header.start, max(table.body_end or header.end, header.end)),
            selection_range=text.range(header.start, header.end),
            detail=f"[[{table_name(path)}]]" if _is_agent(path) else None,
            children=children,
        )
        agent = path[1] if len(path) > 1 and path[0] == "agents" else None
        if isinstance(agent, int) and len(path) == 2:
            agents[agent] = symbol
            agent_children[agent] = children
        parent = agents.get(agent) if isinstance(agent, int) and len(path) > 2 else None
        if parent is not None and isinstance(agent, int):  # `[agents.model]` belongs inside
            agent_children[agent].append(symbol)  # its agent
            parent.range = lsp.Range(parent.range.start, symbol.range.end)
        else:
            roots.append(symbol)
    return roots


def flat_symbols(document: OpenDocument) -> list[lsp.SymbolInformation]:
    """For clients without hierarchical symbols: the same tree, flattened."""
    out: list[lsp.SymbolInformation] = []

    def walk(symbols: Sequence[lsp.DocumentSymbol], container: str | None) -> None:
        for symbol in symbols:
            out.append(
                lsp.SymbolInformation(
                    name=symbol.name,
                    kind=symbol.kind,
                    location=lsp.Location(document.uri, symbol.range),
                    container_name=container,
                )
            )
            walk(symbol.children or [], symbol.name)

    walk(document_symbols(document), None)
    return out


def _is_agent(path: ConfigPath) -> bool:
    return len(path) == 2 and path[0] == "agents" and isinstance(path[1], int)


def _table_label(path: ConfigPath, reading: Reading) -> str:
    if _is_agent(path):
        return agent_label(reading, int(path[1]))
    return table_name(path) or "(top level)"


def agent_label(reading: Reading, index: int) -> str:
    """`terminus-2 · openai/gpt-5.2`: what the leaderboard calls an entrant."""
    harness = reading.string(("agents", index, "harness")) or "default harness"
    names = (reading.string(("agents", index, "model", key)) for key in _MODEL_NAMES)
    return f"{harness} · {next((n for n in names if n), '(no model)')}"


def _value_text(text: str, entry: Entry) -> str:
    """A value's source as a symbol's detail, masked as code frames mask it (judged with its
    key, and a multi-line string with the whole text), then shortened."""
    assert entry.value is not None
    masked = masked_source(text)
    shown = " ".join(masked[entry.value.start : entry.value.end].split())
    return shown if len(shown) <= 60 else shown[:59] + "…"
