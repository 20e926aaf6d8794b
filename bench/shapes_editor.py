"""Adversarial shapes of the language server's requests (see bench/shapes.py):

- completion-benchmark-catalog: the values offered after `benchmark = "` with a catalog of
  `n` benchmarks (each was looked up by a scan of the catalog);
- skeleton-snippet-marks: the "new config" snippet of a benchmark whose name is
  `\\x000\\x01` `n` times (the snippet's tab-stop marks were found with a lazy pattern);
- did-change-many-changes / -reverse-newlines / -non-ascii: one `didChange` of `n`
  changes to an `n`-line document, top down one character each, bottom up each inserting a
  line break, and on lines of CJK and emoji (each change rebuilt the whole text and its
  line starts); did-change-alternating: changes alternating between the first and the last
  line (each moved every line between);
- symbols-agent-subtables: the outline of an agent with `n` `[agents.x]` sub-tables (its
  children were copied per sub-table).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from shape_kit import AGENT, HEAD, PATH, Work, temporary_folder

from benchlint import Settings

if TYPE_CHECKING:
    from lsprotocol import types as lsp

    from benchlint.lsp.documents import OpenDocument


def _catalog(entries: list[dict[str, object]]) -> Settings:
    """Settings with a catalog file of `entries`, loaded once (as the server keeps it)."""
    path = temporary_folder() / "catalog.json"
    path.write_text(json.dumps(entries), "utf-8")
    settings = Settings(catalogs=(str(path),))
    settings.catalog  # noqa: B018
    return settings


def _document(text: str) -> OpenDocument:
    from benchlint.lsp.documents import OpenDocument

    # a new document each run: nothing computed for it yet
    return OpenDocument("file:///shape.toml", PATH, "toml", 1, text, "utf-16")


def completion_benchmark_catalog(n: int) -> Work:
    from lsprotocol import types as lsp

    from benchlint.lsp.completion import completions

    settings = _catalog([{"key": f"b{i}", "name": f"Bench {i}"} for i in range(n)])
    text = '[experiment]\nbenchmark = "\n'
    position = lsp.Position(1, len('benchmark = "'))
    return lambda: completions(_document(text), position, settings, True)


def skeleton_snippet_marks(n: int) -> Work:
    from lsprotocol import types as lsp

    from benchlint.lsp.completion import completions

    settings = _catalog([{"key": "b", "name": "\x000\x01" * n}])
    return lambda: completions(_document(""), lsp.Position(0, 0), settings, True, True)


def _did_change(text: str, changes: list[lsp.TextDocumentContentChangePartial]) -> Work:
    def work() -> object:
        document = _document(text)
        document.apply(changes, 2)  # type: ignore[arg-type]
        return document

    return work


def _changes(
    lines: Iterable[int], start: int, end: int, new: str
) -> list[lsp.TextDocumentContentChangePartial]:
    from lsprotocol import types as lsp

    return [
        lsp.TextDocumentContentChangePartial(
            lsp.Range(lsp.Position(line, start), lsp.Position(line, end)), new
        )
        for line in lines
    ]


def did_change_many_changes(n: int) -> Work:
    text = "".join(f'K{i} = "v"\n' for i in range(n))
    return _did_change(text, _changes(range(n), 0, 1, "J"))


def did_change_reverse_newlines(n: int) -> Work:
    """Bottom up, as VS Code orders a multi-cursor edit, in a CRLF document."""
    text = "".join(f'K{i} = "v"\r\n' for i in range(n))
    return _did_change(text, _changes(range(n - 1, -1, -1), 2, 2, "\r\n# "))


def did_change_non_ascii(n: int) -> Work:
    text = "".join(f'鍵{i} = "🚀値"\n' for i in range(n))
    return _did_change(text, _changes(range(n), 8, 9, "x"))


def did_change_alternating(n: int) -> Work:
    """One-character changes at the first line, the last, the first…: each moved every line
    between them (the line gap followed the change)."""
    text = "".join(f'K{i} = "v"\n' for i in range(n))
    return _did_change(text, _changes([(n - 1) * (i % 2) for i in range(n)], 0, 1, "J"))


def symbols_agent_subtables(n: int) -> Work:
    from benchlint.lsp.symbols import document_symbols

    text = HEAD + AGENT + "".join(f"[agents.x{i}]\nk = 1\n" for i in range(n))
    return lambda: document_symbols(_document(text))


# name -> (the work for a size, the smaller of the two sizes the gate counts)
EDITOR_SHAPES: dict[str, tuple[Callable[[int], Work], int]] = {
    "completion-benchmark-catalog": (completion_benchmark_catalog, 500),
    "skeleton-snippet-marks": (skeleton_snippet_marks, 2000),
    "did-change-many-changes": (did_change_many_changes, 2000),
    "did-change-reverse-newlines": (did_change_reverse_newlines, 2000),
    "did-change-non-ascii": (did_change_non_ascii, 1500),
    "did-change-alternating": (did_change_alternating, 2000),
    "symbols-agent-subtables": (symbols_agent_subtables, 200),
}
