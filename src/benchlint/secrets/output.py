"""The one place everything benchlint sends out passes through: `OutputMasker.mask`.

The command line's standard output and error (and `-o FILE`) and every message the language
server sends are masked here, whatever produced them: reports, diffs, fix edits, hover,
outlines, completion, log and show-message traffic, error lines. It knows every input
being served (configs, catalogs, settings files, secret lists, file names: `add`), and for
each the spans the renderer hides in it (`secrets.source`: every token not proven harmless
by `secrets.shape`, and every credential a recogniser finds, as written and decoded). Three
things happen to each text sent:

1. recognisers mask any token-shaped run and URL password (`redact`);
2. every run of `GRAM` characters that lies inside a hidden span of an input is starred, in
   any letter case: a hidden value quoted whole, cut, upper-cased or glued to other text
   by any surface is still hidden, whichever surface forgot to render it;
3. every control, bidirectional and zero-width character is escaped (`controls`), except
   benchlint's own line breaks, tabs and colour codes.

The work per text sent is linear in it; an input's hidden runs are found once per version,
when something is next masked, and only for the inputs that changed (an editor with a
hundred open documents pays for the one being typed in).
"""

from __future__ import annotations

import _thread  # `threading` for one lock would cost every command its import
from collections import Counter
from collections.abc import Hashable
from typing import Literal

from ..core.reading import observe
from ..core.regex import lazy_regex
from .controls import output_safe
from .redaction import redact, shown_text
from .shape import harmless
from .source import source_secrets

InputKind = Literal["toml", "text", "name"]

# A hidden span's runs of this many characters are looked for in output: shorter runs match
# ordinary words (a fake key `EXAMPLEexample…` must not star "example" in every URL shown).
GRAM = 8
_CANDIDATE = lazy_regex(rf"\S{{{GRAM},}}")  # only a run without spaces can hold a gram
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _folded(text: str) -> str:
    """`text` in lower case, character for character (`İ` lower-cases to two characters,
    which would shift every offset after it: such a text is folded in ASCII only)."""
    lower = text.lower()
    return lower if len(lower) == len(text) else text.translate(_ASCII_LOWER)


def grams(hidden: frozenset[str]) -> frozenset[str]:
    """Every run of GRAM characters of the hidden texts, case-folded."""
    found: set[str] = set()
    for text in hidden:
        folded = _folded(text)
        found.update(folded[i : i + GRAM] for i in range(len(folded) - GRAM + 1))
    return frozenset(found)


class OutputMasker:
    def __init__(self) -> None:
        self._lock = _thread.allocate_lock()
        self._inputs: dict[Hashable, tuple[str, InputKind]] = {}
        self._pending: set[Hashable] = set()  # changed inputs, looked at on next use
        self._grams: dict[Hashable, frozenset[str]] = {}
        self._counts: Counter[str] = Counter()  # gram -> how many inputs hide it
        self._working: set[int] = set()  # threads folding inputs in (`_refresh`)

    def add(self, source: Hashable, text: str, kind: InputKind = "toml") -> None:
        """Know the input `source` names (a document, a file; it replaces that source's last
        text). `kind`: a config (`toml`, its escaped values judged decoded); any other text
        (a catalog's strings); or a file's path (`name`), whose refused parts are looked
        for whole (a path is printed where no renderer cut it: a report's `file=`)."""
        with self._lock:
            if self._inputs.get(source) != (text, kind):
                self._inputs[source] = (text, kind)
                self._pending.add(source)

    def remove(self, source: Hashable) -> None:
        with self._lock:
            if self._inputs.pop(source, None) is not None:
                self._pending.add(source)

    def clear(self) -> None:
        with self._lock:
            self._inputs.clear()
            self._pending.clear()
            self._grams.clear()
            self._counts.clear()

    def mask(self, text: str, *, colour: bool = True) -> str:
        """`text` as it may be sent (see the module docstring). `colour`: benchlint's own
        colour codes may pass (the command line's streams; never the language server)."""
        if not text:
            return text
        text = redact(text)
        if not self._refresh():  # sent while this thread works an input out: see _refresh
            text = shown_text(text, escape=False)
        with self._lock:  # another thread may be folding an input in: hide with a whole table
            if self._counts:
                text = self._hide_grams(text, self._counts)
        return output_safe(text, colour=colour)

    def _hide_grams(self, text: str, counts: Counter[str]) -> str:
        hidden: list[tuple[int, int]] = []
        for match in _CANDIDATE.finditer(text):
            start = match.start()
            folded = _folded(match.group())
            for i in range(len(folded) - GRAM + 1):
                if folded[i : i + GRAM] in counts:
                    hidden.append((start + i, start + i + GRAM))
        if not hidden:
            return text
        chars = list(text)
        for start, end in hidden:
            chars[start:end] = "*" * (end - start)
        return "".join(chars)

    def _refresh(self) -> bool:
        """Fold the changed inputs' grams into the table before anything is masked; False
        when this thread is already doing so (the text is then sent with every token the
        renderer has not proven harmless hidden: the table is not whole yet).

        An input's grams are computed outside the lock: that work compiles patterns and
        imports modules on first use, and anything either prints (a warning on a masked
        stream) comes back here through `mask`, where a held lock would deadlock and a
        second computation could recurse. Another thread arriving meanwhile folds the input
        in itself (both compute it, the first to finish applies it): no text is masked
        before every input known when its `mask` began is in the table."""
        me = _thread.get_ident()
        with self._lock:
            if not self._pending:  # the usual call: nothing changed since the last
                return True
            if me in self._working:
                return False
            self._working.add(me)
        try:
            while True:
                with self._lock:
                    if not self._pending:
                        return True
                    source = next(iter(self._pending))
                    entry = self._inputs.get(source)
                found = grams(_hidden(*entry)) if entry is not None else frozenset()
                with self._lock:
                    if source in self._pending and self._inputs.get(source) == entry:
                        self._pending.discard(source)
                        self._fold(source, found if entry is not None else None)
                    # else: folded in meanwhile, or changed again: look again
        finally:
            with self._lock:
                self._working.discard(me)

    def _fold(self, source: Hashable, found: frozenset[str] | None) -> None:
        """Replace `source`'s grams in the table by `found` (None: it is no longer an input).
        The caller holds the lock."""
        for gram in self._grams.pop(source, ()):
            self._counts[gram] -= 1
            if not self._counts[gram]:
                del self._counts[gram]
        if found is not None:
            self._grams[source] = found
            self._counts.update(found)


def _hidden(text: str, kind: InputKind) -> frozenset[str]:
    hidden = source_secrets(text, toml=kind == "toml").hidden
    if kind != "name":
        return hidden
    parts = {part for part in _PATH_PARTS.split(text) if part and not harmless(part)}
    return hidden | parts


_PATH_PARTS = lazy_regex(r"[/\\]")


# The process's masker: the command line's streams and the language server send through it.
MASKER = OutputMasker()


def _remember_read(name: str, data: bytes) -> None:
    """Every input read (`core.reading`) is known before anything about it can be sent:
    configs, catalogs, secret lists and settings files alike, judged as text (a config is
    also added as TOML by whoever lints it). A `.toml` file (a settings file) is judged as
    TOML too: its escaped values are judged decoded, as its errors quote them."""
    kind: InputKind = "toml" if name.endswith(".toml") else "text"
    MASKER.add(("read", name), data.decode("utf-8", "replace"), kind)


observe(_remember_read)
