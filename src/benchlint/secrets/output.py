"""The one place output is masked: everything benchlint sends out passes through `mask`.

The command line's standard output and error (and `-o FILE`) and every message the language
server sends are masked here, whatever produced them: reports, diffs, fix edits, hover,
outlines, completion, log and show-message traffic, error lines. Two kinds of credential are
hidden:

- any string in a known token format, or a password or key in a URL (`redact`);
- every credential found in the documents being served (`secrets.source`), as the file has
  it and decoded (a `\\u` escape, a line continuation), in any letter case: a token that no
  pattern recognises in the output (joined from pieces, upper-cased) is still hidden.

Register a document's text before anything about it is sent (`add`); the language server
drops it when the document closes (`remove`).
"""

from __future__ import annotations

import threading
from collections.abc import Hashable

from ahocorasick_rs import AhoCorasick

from .redaction import redact
from .source import credentials


class OutputMasker:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._texts: dict[Hashable, str] = {}
        self._finder: AhoCorasick | None = None
        self._stale = False  # a text changed: its credentials are looked for on next use

    def add(self, source: Hashable, text: str) -> None:
        """Know the credentials of `text` (the document `source` names, replacing its last);
        they are looked for when something is next masked, not on every keystroke."""
        with self._lock:
            if self._texts.get(source) != text:
                self._texts[source] = text
                self._stale = True

    def remove(self, source: Hashable) -> None:
        with self._lock:
            if self._texts.pop(source, None) is not None:
                self._stale = True

    def clear(self) -> None:
        with self._lock:
            self._texts.clear()
            self._stale = True

    def mask(self, text: str) -> str:
        text = redact(text)
        finder = self._current_finder()
        if finder is None or not text:
            return text
        haystack = text.lower()
        if len(haystack) != len(text):  # a character whose lower case is longer: exact case
            haystack = text
        try:
            found = finder.find_matches_as_indexes(haystack, overlapping=True)
        except UnicodeEncodeError:  # a lone surrogate is no Rust string: no credential in it
            return text
        if not found:
            return text
        hidden = bytearray(len(text))
        for _, start, end in found:
            hidden[start + 4 : end] = b"\x01" * max(0, end - start - 4)
        return "".join("*" if flag else char for char, flag in zip(text, hidden, strict=True))

    def _current_finder(self) -> AhoCorasick | None:
        with self._lock:
            if self._stale:
                found = (credentials(text) for text in self._texts.values())
                values = sorted({value.lower() for each in found for value in each})
                self._finder = AhoCorasick(values) if values else None
                self._stale = False
            return self._finder
