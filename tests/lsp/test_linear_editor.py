"""Linear by construction, in the language server: a `didChange` of many changes, value
completion of `[experiment].benchmark` against a large catalog, the outline of many agent
sub-tables, and the snippet of a first config. Each gives the answers of the code it replaced
(kept here as the reference where it was more than a line), and its work is counted, never
timed (bench/instructions.py's gate counts instructions)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from lsprotocol import types as lsp

from benchlint import Settings
from benchlint.core.text import Encoding
from benchlint.domain.catalog import Catalog, CatalogEntry
from benchlint.domain.catalog.query import describe
from benchlint.lsp import documents
from benchlint.lsp.completion import completions
from benchlint.lsp.documents import OpenDocument
from benchlint.lsp.positions import ClientText
from benchlint.lsp.symbols import document_symbols

PATH = "/w/configs/benchmark/a.toml"
Change = lsp.TextDocumentContentChangePartial | lsp.TextDocumentContentChangeWholeDocument


def _document(text: str, encoding: Encoding = "utf-16") -> OpenDocument:
    return OpenDocument("file:///w/configs/benchmark/a.toml", PATH, "toml", 1, text, encoding)


# -- didChange: the reference, each change against a rebuilt text ------------------------------
def old_apply(text: str, changes: Sequence[Change], encoding: Encoding) -> str:
    for change in changes:
        if isinstance(change, lsp.TextDocumentContentChangePartial):
            geometry = ClientText(text, encoding)
            start = geometry.offset(change.range.start)
            end = geometry.offset(change.range.end)
            start, end = min(start, end), max(start, end)
            text = text[:start] + change.text + text[end:]
        else:
            text = change.text
    return text


# Line breaks of every kind (a lone CR, CRLF, and what only `str.splitlines` breaks at),
# characters of 1 to 4 UTF-8 bytes, a surrogate pair in UTF-16 and a lone surrogate.
_PIECES = ["a", "b", " ", "\n", "\r", "\r\n", "é", "日", "🚀", "\u2028", "\x0c", "\x85"]
_PIECES += ["\ud800", "\t"]
_texts = st.lists(st.sampled_from(_PIECES), max_size=24).map("".join)
_positions = st.builds(
    lsp.Position, st.integers(min_value=0, max_value=8), st.integers(min_value=0, max_value=9)
)
_partial = st.builds(
    lambda start, end, text: lsp.TextDocumentContentChangePartial(lsp.Range(start, end), text),
    _positions,
    _positions,
    _texts,
)
_whole = st.builds(lsp.TextDocumentContentChangeWholeDocument, _texts)
_changes = st.lists(st.one_of(_partial, _partial, _partial, _whole), max_size=12)


def _edit(line: int, character: int, end_line: int, end: int, text: str) -> Change:
    return lsp.TextDocumentContentChangePartial(
        lsp.Range(lsp.Position(line, character), lsp.Position(end_line, end)), text
    )


@settings(max_examples=1500, deadline=None)
@given(_texts, _changes, st.sampled_from(["utf-8", "utf-16", "utf-32"]))
@example("a\rb\nc", [_edit(1, 0, 1, 0, "\n"), _edit(1, 0, 1, 1, "X")], "utf-16")
@example("a\r\nb", [_edit(0, 1, 1, 0, "\r"), _edit(1, 0, 1, 0, "\nY")], "utf-16")
@example("a\rb", [_edit(1, 0, 1, 1, ""), _edit(0, 9, 0, 9, "\n"), _edit(1, 0, 1, 0, "Z")], "utf-8")
@example("🚀\n🚀", [_edit(0, 1, 1, 1, "x"), _edit(0, 0, 0, 3, "é")], "utf-16")
def test_changes_apply_as_they_did(text: str, changes: list[Change], encoding: Encoding) -> None:
    """Each change against the text the ones before it left, including a line break one
    change splits or joins (a lone `\\r`, then a `\\n` after it: one break) and positions in
    the middle of a character."""
    document = _document(text, encoding)
    document.apply(changes, 2)
    assert document.text == old_apply(text, changes, encoding)
    assert document.version == 2


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=30), st.booleans(), st.sampled_from(["\n", "\r\n"]))
def test_multi_cursor_edits_in_either_order(lines: int, reverse: bool, newline: str) -> None:
    """A change on every line, top down (each shifted by the ones before) or bottom up, as
    editors send a multi-cursor edit; some insert line breaks, some join lines."""
    text = "".join(f'K{i} = "v"{newline}' for i in range(lines))
    changes: list[Change] = []
    order = range(lines - 1, -1, -1) if reverse else range(lines)
    for i in order:
        start, end = lsp.Position(i, 0), lsp.Position(i, 1)
        new = ["J", "", f"x{newline}J", newline][i % 4]
        changes.append(lsp.TextDocumentContentChangePartial(lsp.Range(start, end), new))
    document = _document(text)
    document.apply(changes, 2)
    assert document.text == old_apply(text, changes, "utf-16")


def test_many_changes_read_the_text_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every change used to build a `ClientText` (all line starts) of the whole text."""
    read: list[int] = []
    real = ClientText

    def counting(text: str, encoding: Encoding) -> ClientText:
        read.append(len(text))
        return real(text, encoding)

    monkeypatch.setattr(documents, "ClientText", counting)
    for n in (100, 1_000):
        read.clear()
        text = "".join(f'K{i} = "v"\n' for i in range(n))
        changes: list[Change] = [
            lsp.TextDocumentContentChangePartial(
                lsp.Range(lsp.Position(i, 0), lsp.Position(i, 1)), "J"
            )
            for i in range(n)
        ]
        document = _document(text)
        document.apply(changes, 2)
        assert document.text == text.replace("K", "J")
        assert sum(read) <= 2 * len(text)


@pytest.mark.parametrize("seed", range(40))
def test_runs_of_changes_on_few_lines_apply_as_they_did(seed: int) -> None:
    """Runs of changes within one line (rewritten where it is), mixed with line breaks
    inserted and removed (`\\r` and `\\n` joining or parting), switching lines."""
    rng = random.Random(seed)
    pieces = ["a", "b", ",", "é", "日", "🚀", "\ud800", "\x0c", "\r", "\n"]
    breaks = ["\n", "\r\n", "\r"]
    text = "".join(
        "".join(rng.choice(pieces[:-2]) for _ in range(rng.randrange(40))) + rng.choice(breaks)
        for _ in range(rng.randrange(1, 5))
    )
    changes: list[Change] = []
    line = 0
    for _ in range(rng.randrange(1, 120)):
        if rng.random() < 0.2:
            line = rng.randrange(0, 7)
        column, end = rng.randrange(50), rng.randrange(50)
        end_line = line if rng.random() < 0.9 else rng.randrange(0, 6)
        new = "".join(rng.choice(pieces[:-2]) for _ in range(rng.randrange(3)))
        if rng.random() < 0.1:
            new = rng.choice([new + rng.choice(breaks), rng.choice(pieces[-2:]) + new])
        changes.append(_edit(line, column, end_line, end, new))
    for encoding in ("utf-8", "utf-16", "utf-32"):
        document = _document(text, encoding)  # type: ignore[arg-type]
        document.apply(changes, 2)
        assert document.text == old_apply(text, changes, encoding)  # type: ignore[arg-type]


def test_a_change_after_a_lone_carriage_return_joins_the_break() -> None:
    """`a\\r` then `b\\n`: removing `b` leaves `\\r\\n`, one break (two lines, not three)."""
    document = _document("a\rb\nc")
    document.apply([_edit(1, 0, 1, 1, "")], 2)
    assert document.text == "a\r\nc"
    document.apply([_edit(1, 0, 1, 0, "x")], 3)
    assert document.text == "a\r\nx" + "c"


def test_changes_alternating_between_distant_lines_move_no_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One-character changes at the first line, the last, the first… moved every line
    between them each time (the gap followed the change)."""
    moved: list[int] = []
    real_move = documents._Lines._move_gap

    def counting_move(self: documents._Lines, index: int) -> None:
        moved.append(abs(index - len(self.before)))
        real_move(self, index)

    monkeypatch.setattr(documents._Lines, "_move_gap", counting_move)
    n = 2_000
    text = "".join(f'K{i} = "v"\n' for i in range(n))
    changes = [_edit((n - 1) * (i % 2), 0, (n - 1) * (i % 2), 1, "J") for i in range(n)]
    document = _document(text)
    document.apply(changes, 2)
    assert document.text == old_apply(text, changes, "utf-16")
    assert sum(moved) <= 2 * n


def _column_by_characters(line: str, character: int, encoding: Encoding) -> int:
    """The first offset whose width reaches the column (inside a character: after it)."""
    size = len(line) - (2 if line.endswith("\r\n") else 1 if line.endswith(("\r", "\n")) else 0)
    column = 0
    for index in range(size):
        if column >= max(0, character):
            return index
        column += (
            len(line[index].encode("utf-16-le", "surrogatepass")) // 2
            if encoding == "utf-16"
            else (len(line[index].encode("utf-8", "surrogatepass")) if encoding == "utf-8" else 1)
        )
    return size


@given(
    st.text(alphabet="aé日🚀\U0010ffff\x7f\x80", max_size=12)
    | st.text(alphabet="a🚀\ud800\udc00\ud83d", max_size=8),
    st.sampled_from(["", "\n", "\r\n", "\r"]),
    st.integers(-2, 50),
    st.sampled_from(["utf-8", "utf-16", "utf-32"]),
)
def test_a_client_column_converts_as_character_by_character(
    content: str, end: str, character: int, encoding: Encoding
) -> None:
    """By the codec where the line holds no surrogate (one change on a long non-ASCII line
    was a Python loop over the line), a column inside a character lands after it."""
    line = content + end
    expected = _column_by_characters(line, character, encoding)
    assert documents._column_offset(line, character, encoding) == expected


def test_one_change_uses_the_geometry_already_computed() -> None:
    document = _document("ab\r\ncd🚀e\n")
    geometry = document.client_text
    document.apply([_edit(1, 4, 1, 5, "E")], 2)
    assert document.text == "ab\r\ncd🚀E\n"
    assert document.client_text is not geometry  # the new version's own


# -- completion of `benchmark = "` ------------------------------------------------------------
def _catalog_file(tmp_path: Path, n: int) -> Path:
    path = tmp_path / f"catalog{n}.json"
    path.write_text(json.dumps([{"key": f"b{i}", "name": f"Bench {i}"} for i in range(n)]))
    return path


def test_benchmark_values_look_each_entry_up_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`Catalog.get` (a scan of the entries) used to run once per entry."""
    scans: list[str] = []
    real = Catalog.get

    def counting(self: Catalog, key: str) -> CatalogEntry | None:
        scans.append(key)
        return real(self, key)

    monkeypatch.setattr(Catalog, "get", counting)
    text = '[experiment]\nbenchmark = "\n'
    for n in (10, 200):
        scans.clear()
        config = Settings(catalogs=(str(_catalog_file(tmp_path, n)),))
        catalog = config.catalog
        found = completions(_document(text), lsp.Position(1, 13), config, True)
        by_label = {item.label: item for item in found.items}
        assert len(by_label) == len(catalog.entries)
        for entry in catalog.entries:
            item = by_label[entry.key]
            assert item.detail == entry.name
            assert isinstance(item.documentation, lsp.MarkupContent)
            assert item.documentation.value == describe(entry)
        assert scans == []


# -- outline ------------------------------------------------------------------------------------
HEAD = '[experiment]\nbenchmark = "tb"\n'
AGENT = '[[agents]]\nharness = "terminus-2"\n[agents.model]\ntype = "provider"\nmodel = "m"\n'


def test_agent_sub_tables_nest_in_order() -> None:
    n = 300
    text = HEAD + AGENT + "".join(f"[agents.x{i}]\nk = 1\n" for i in range(n)) + AGENT
    symbols = document_symbols(_document(text))
    assert [s.name for s in symbols] == [
        "experiment",
        "terminus-2 · m",
        "terminus-2 · m",
    ]
    first = symbols[1]
    assert first.children is not None
    names = [child.name for child in first.children]
    assert names == ["harness", "agents.model", *(f"agents.x{i}" for i in range(n))]
    last_line = 2 + 5 + 2 * n - 1  # the `k = 1` of the last sub-table
    assert first.range.end.line == last_line
    second = symbols[2]
    assert second.children is not None
    assert [c.name for c in second.children] == ["harness", "agents.model"]


def test_changes_along_a_long_non_ascii_line_count_no_characters_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A change per item of `k = [é,é,…]` converted each column by a loop over the line up
    to it (8,000 changes: 31 s); the codec converts it now. What stays is copying the line
    per change (C: the line's length, not a Python step per character)."""
    counted: list[int] = []
    real = documents.client_width

    def counting(text: str, encoding: Encoding) -> int:
        counted.append(len(text))
        return real(text, encoding)

    monkeypatch.setattr(documents, "client_width", counting)
    n = 1_000
    for item, width in (("é,", 1), ("🚀,", 2)):
        counted.clear()
        text = "k = [" + item * n + "]"
        changes = [
            _edit(0, 5 + (width + 1) * i + width, 0, 5 + (width + 1) * i + width, " ")
            for i in range(n)
        ]
        document = _document(text)
        document.apply(changes, 2)
        assert document.text == old_apply(text, changes, "utf-16")
        assert sum(counted) <= 2 * len(text)
