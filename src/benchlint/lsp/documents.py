"""The open documents: their text kept in step with the client, and per-version caches.

pygls keeps a workspace copy of every document too, but splits lines with
`str.splitlines` (which also breaks at form feeds and U+2028, unlike LSP); this store
applies changes with the client's own line model (`ClientText`) instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lsprotocol import types as lsp
from pygls.uris import to_fs_path

from ..core.diagnostic import Diagnostic
from ..core.regex import lazy_regex
from ..core.text import Encoding, client_width
from ..lint.plan import Plan
from ..lint.settings import Settings
from ..secrets.output import OutputMasker
from .cursor import Reading
from .positions import ClientText

_LINE_BREAK = lazy_regex(r"\r\n|\r|\n")
# Characters `str.splitlines` also breaks at, which LSP does not.
_OTHER_BREAKS = lazy_regex("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
_SURROGATE = lazy_regex("[\ud800-\udfff]")


@dataclass
class VersionCache:
    """What has been computed for one version of a document (dropped on every change)."""

    client_text: ClientText | None = None
    reading: Reading | None = None
    # (settings generation, diagnostics) of the last lint of this version
    lint: tuple[int, list[Diagnostic]] | None = None
    # (the settings it was made with, the plan) of this version
    plan: tuple[Settings, Plan] | None = None


@dataclass
class OpenDocument:
    uri: str
    path: str | None  # file-system path; None for untitled and other non-file documents
    language_id: str
    version: int
    text: str
    encoding: Encoding
    selected: bool = False  # benchlint serves it (see `selection`)
    cache: VersionCache = field(default_factory=VersionCache)
    masker: OutputMasker | None = None  # knows each version's credentials (see `protocol`)

    def __post_init__(self) -> None:
        if self.masker is not None:
            self.masker.add(self.uri, self.text)

    @property
    def client_text(self) -> ClientText:
        if self.cache.client_text is None:
            self.cache.client_text = ClientText(self.text, self.encoding)
        return self.cache.client_text

    @property
    def reading(self) -> Reading:
        """The syntax tree's reading of this version, computed once."""
        if self.cache.reading is None:
            self.cache.reading = Reading(self.text)
        return self.cache.reading

    def replace(self, text: str, version: int) -> None:
        self.text = text
        self.version = version
        self.cache = VersionCache()
        if self.masker is not None:
            self.masker.add(self.uri, text)

    def apply(self, changes: Sequence[lsp.TextDocumentContentChangeEvent], version: int) -> None:
        """Apply `didChange` content changes in order (each against the previous result)."""
        if len(changes) == 1:  # a keystroke: the current version's geometry is usually
            (change,) = changes  # computed already (publishing)
            if isinstance(change, lsp.TextDocumentContentChangePartial):
                text = self.text
                start = self.client_text.offset(change.range.start)
                end = self.client_text.offset(change.range.end)
                start, end = min(start, end), max(start, end)
                text = text[:start] + change.text + text[end:]
            else:
                text = change.text
        else:
            # Many changes (a multi-cursor edit, a client that batches): rebuilding the
            # whole text and its line starts per change made them quadratic.
            lines = _Lines(self.text, self.encoding)
            for change in changes:
                if isinstance(change, lsp.TextDocumentContentChangePartial):
                    lines.replace(change.range, change.text)
                else:
                    lines = _Lines(change.text, self.encoding)
            text = lines.text()
        self.replace(text, version)


class _Lines:
    """A text as its client lines (split at `\\r\\n`, `\\r` or `\\n` as `ClientText` splits
    them; each line with its break, the last without one) in two stacks around a gap at the
    last change: a change costs the lines it touches and the distance from the last one
    (editors send a multi-cursor edit in document order or in reverse), not the whole text.
    Positions convert as `ClientText.offset` converts them (clamped, in the encoding)."""

    def __init__(self, text: str, encoding: Encoding) -> None:
        self.encoding = encoding
        self.before: list[str] = []  # the lines before the gap, in order
        self.after = _split_lines(text)[::-1]  # the lines after it, last first

    def text(self) -> str:
        return "".join(self.before) + "".join(reversed(self.after))

    def _line(self, index: int) -> str:
        gap = len(self.before)
        return self.before[index] if index < gap else self.after[gap - 1 - index]

    def _locate(self, position: lsp.Position) -> tuple[int, int]:
        """(line, code-point offset in it) of a client position, clamped into the text."""
        count = len(self.before) + len(self.after)
        if position.line < 0:
            return 0, 0
        if position.line >= count:
            return count - 1, len(self._line(count - 1))  # the end (its last line has no break)
        line = self._line(position.line)
        return position.line, _column_offset(line, position.character, self.encoding)

    def _move_gap(self, index: int) -> None:
        before, after = self.before, self.after
        if index < len(before):
            after.extend(reversed(before[index:]))
            del before[index:]
        elif index > len(before):
            moved = len(after) - (index - len(before))
            before.extend(reversed(after[moved:]))
            del after[moved:]

    def replace(self, range_: lsp.Range, new_text: str) -> None:
        start, end = self._locate(range_.start), self._locate(range_.end)
        (first, start_column), (last, end_column) = min(start, end), max(start, end)
        if first == last and "\n" not in new_text and "\r" not in new_text:
            # Within one line, no break added: the line is rewritten where it is, without
            # moving the gap (changes alternating between distant lines moved every line
            # between them each time), unless it comes to start with the `\n` of a `\r`
            # ending the line before, which joins the two.
            line = self._line(first)
            window = line[:start_column] + new_text + line[end_column:]
            if not (window.startswith("\n") and first and self._line(first - 1).endswith("\r")):
                gap = len(self.before)
                if first < gap:
                    self.before[first] = window
                else:
                    self.after[gap - 1 - first] = window
                return
        self._move_gap(first)
        before, after = self.before, self.after
        head = after.pop()
        if last > first:
            del after[len(after) - (last - first - 1) :]
            tail = after.pop()
        else:
            tail = head
        window = head[:start_column] + new_text + tail[end_column:]
        # A lone `\r` before the window and a `\n` it starts with are one line break. (Its
        # end is its last line's own break, never split: a position is never inside one.)
        if before and before[-1].endswith("\r"):
            window = before.pop() + window
        pieces = _split_lines(window)
        if after:  # the window ends with a line break: no line of its own after it
            pieces.pop()
        before.extend(pieces)


def _split_lines(text: str) -> list[str]:
    """`text`'s client lines with their breaks, the last (possibly empty) without one."""
    if _OTHER_BREAKS.search(text) is None:  # `splitlines` breaks exactly where LSP does
        lines = text.splitlines(keepends=True)
        if not lines or lines[-1].endswith(("\r", "\n")):
            lines.append("")
        return lines
    lines, start = [], 0
    for match in _LINE_BREAK.finditer(text):
        lines.append(text[start : match.end()])
        start = match.end()
    lines.append(text[start:])
    return lines


def _column_offset(line: str, character: int, encoding: Encoding) -> int:
    """Code-point offset in a line (with its break) of a client column, clamped to its
    content (as `ClientText.offset`: a column inside a character lands after it)."""
    size = len(line)
    if line.endswith("\r\n"):
        size -= 2
    elif line.endswith(("\r", "\n")):
        size -= 1
    character = max(0, character)
    if encoding == "utf-32" or line.isascii():
        return min(character, size)
    if _SURROGATE.search(line) is None:
        return _encoded_offset(line[:size], character, encoding)
    column = 0  # lone surrogates: counted one by one (encoded, two would make one pair)
    for index in range(size):
        if column >= character:
            return index
        column += client_width(line[index], encoding)
    return size


def _encoded_offset(content: str, character: int, encoding: Encoding) -> int:
    """`_column_offset` of a line's content without surrogates, by the codec (a loop over
    the characters made one change on a long non-ASCII line cost its length in Python
    steps): the characters whose code units lie before the column, and the one it cuts."""
    if encoding == "utf-8":
        data, cut = content.encode("utf-8"), character
        if cut >= len(data):
            return len(content)
        cuts_one = data[cut] & 0xC0 == 0x80  # a continuation byte: inside a character
        return len(data[:cut].decode("utf-8", "ignore")) + cuts_one
    data, cut = content.encode("utf-16-le"), 2 * character
    if cut >= len(data):
        return len(content)
    cuts_one = 0xDC <= data[cut + 1] <= 0xDF  # a pair's second unit: inside a character
    return len(data[:cut].decode("utf-16-le", "ignore")) + cuts_one


class DocumentStore:
    """The open documents; every text they hold is known to `masker`, which masks everything
    the server sends (`protocol.BenchlintProtocol`)."""

    def __init__(self, masker: OutputMasker | None = None) -> None:
        self._documents: dict[str, OpenDocument] = {}
        self.masker = masker

    def open(self, item: lsp.TextDocumentItem, encoding: Encoding) -> OpenDocument:
        document = OpenDocument(
            uri=item.uri,
            path=fs_path(item.uri),
            language_id=item.language_id,
            version=item.version,
            text=item.text,
            encoding=encoding,
            masker=self.masker,
        )
        self._documents[item.uri] = document
        return document

    def get(self, uri: str) -> OpenDocument | None:
        return self._documents.get(uri)

    def close(self, uri: str) -> OpenDocument | None:
        if self.masker is not None:
            self.masker.remove(uri)
        return self._documents.pop(uri, None)

    def all(self) -> list[OpenDocument]:
        return list(self._documents.values())


def fs_path(uri: str) -> str | None:
    try:
        return to_fs_path(uri) if uri.startswith("file:") else None
    except Exception:  # a malformed URI is a document without a path, not a crash
        return None
