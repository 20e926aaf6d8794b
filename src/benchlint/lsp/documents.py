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
from ..core.text import Encoding
from ..lint.plan import Plan
from ..lint.settings import Settings
from ..secrets.output import OutputMasker
from .cursor import Reading
from .positions import ClientText


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
        text = self.text
        for change in changes:
            if isinstance(change, lsp.TextDocumentContentChangePartial):
                # the current version's geometry is usually computed already (publishing)
                same = text is self.text
                geometry = self.client_text if same else ClientText(text, self.encoding)
                start = geometry.offset(change.range.start)
                end = geometry.offset(change.range.end)
                start, end = min(start, end), max(start, end)
                text = text[:start] + change.text + text[end:]
            else:
                text = change.text
        self.replace(text, version)


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
