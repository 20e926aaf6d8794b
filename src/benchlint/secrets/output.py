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
   by any surface is still hidden, whichever surface forgot to render it; a run that holds
   a space between other characters (a file name's `dan:my pw@h`) is looked for across
   the output's spaces, where the others are looked for in its runs without one;
3. every control, bidirectional and zero-width character is escaped (`controls`), except
   benchlint's own line breaks, tabs and colour codes.

The work per text sent is linear in it; an input's hidden runs are found once per version,
when something is next masked, and only for the inputs that changed (an editor with a
hundred open documents pays for the one being typed in).
"""

from __future__ import annotations

import _thread  # `threading` for one lock would cost every command its import
import os
import re
from collections import Counter
from collections.abc import Collection, Container, Hashable
from functools import lru_cache
from typing import Literal
from urllib.parse import quote, unquote

from ..core.boundary import root_of
from ..core.escapes import (
    github_data,
    github_property,
    json_string,
    printable,
    xml_attribute,
    xml_text,
)
from ..core.reading import observe, observe_names
from ..core.regex import lazy_regex
from .controls import escaped_name, output_safe
from .redaction import redact, shown_text
from .shape import harmless, name_password_places
from .source import GRAM, source_secrets

InputKind = Literal["toml", "text", "name"]

_CANDIDATE = lazy_regex(rf"\S{{{GRAM},}}")  # a gram without spaces lies in such a run
_BLANK = lazy_regex(r"[^\S\r\n]")  # white space within a line


def _folded(text: str) -> str:
    """`text` in lower case, each character on its own, so that the same characters fold
    the same wherever they stand (in an input's span, and cut or glued in the output).
    `str.lower` alone does not: `İ` lower-cases to two characters (which would shift every
    offset after it: it is kept as it is) and `Σ` to `ς` or `σ` by what follows it (both
    fold to `σ`). No other character does either (a test checks every code point)."""
    if text.isascii():  # the usual run (a flag of the string: no pass over it)
        return text.lower()
    lower = text.lower()
    if len(lower) != len(text):
        lower = "İ".join(part.lower() for part in text.split("İ"))
    return lower.replace("ς", "σ") if "ς" in lower else lower


def grams(hidden: frozenset[str]) -> frozenset[str]:
    """Every run of GRAM characters of the hidden texts, case-folded, in each case a surface
    could give them (`_case_forms`)."""
    found: set[str] = set()
    for text in hidden:
        for form in _case_forms(text):
            folded = _folded(form)
            found.update(folded[i : i + GRAM] for i in range(len(folded) - GRAM + 1))
    return frozenset(found)


def spaced(found: frozenset[str]) -> frozenset[str]:
    """The grams of `found` that hold white space between other characters, and no line
    break: those `_hide_grams` looks for across the output's spaces."""
    return frozenset(
        gram
        for gram in found
        if not gram[0].isspace()
        and not gram[-1].isspace()
        and len(gram.split(maxsplit=1)) == 2
        and "\n" not in gram
        and "\r" not in gram
    )


def _case_forms(text: str) -> set[str] | tuple[str]:
    """`text`, and `text` upper-cased, lower-cased, case-folded and title-cased where that
    is not what folding it gives: `ß` upper-cases to `SS`, `ſ` to `S`, `µ` to `Μ`, `İ`
    lower-cases to `i̇`, and no folding of the output's characters one by one brings those
    back (the output keeps its offsets; the table may hold any number of forms)."""
    if text.isascii():  # ASCII folds back from every case
        return (text,)
    return {text, text.upper(), text.lower(), text.casefold(), text.title()}


_Entry = tuple[str, InputKind]
_EVERY_SOURCE: Hashable = object()  # a queued change that is a `clear()`


class OutputMasker:
    """See the module docstring. Thread-safe, and safe to come back into on the same thread:
    a warning or a finalizer's error printed to a masked stream while the masker works (a
    pattern compiling, a collection running) calls it again from inside. Such a call must not
    wait for the lock its own thread holds: a text is then masked without the lock
    (`_masked_meanwhile`), and a change is queued for the next locked section."""

    def __init__(self) -> None:
        self._lock = _thread.allocate_lock()
        self._inside: set[int] = set()  # threads in a locked section (or about to be)
        self._queued: list[tuple[Hashable, _Entry | None]] = []  # changes made from inside
        self._inputs: dict[Hashable, _Entry] = {}
        self._pending: set[Hashable] = set()  # changed inputs, looked at on next use
        self._grams: dict[Hashable, frozenset[str]] = {}
        self._counts: Counter[str] = Counter()  # gram -> how many inputs hide it
        self._spaced: dict[Hashable, frozenset[str]] = {}  # (`spaced`; only inputs with any)
        self._spaced_counts: Counter[str] = Counter()

    def add(self, source: Hashable, text: str, kind: InputKind = "toml") -> None:
        """Know the input `source` names (a document, a file; it replaces that source's last
        text). `kind`: a config (`toml`, its escaped values judged decoded); any other text
        (a catalog's strings); or a file's path (`name`), whose refused parts are looked
        for whole (a path is printed where no renderer cut it: a report's `file=`)."""
        self._change(source, (text, kind))

    def remove(self, source: Hashable) -> None:
        self._change(source, None)

    def clear(self) -> None:
        self._change(_EVERY_SOURCE, None)

    def knows(self, source: Hashable) -> bool:
        """Whether `source` has been added (and not removed since)."""
        return source in self._inputs or any(queued == source for queued, _ in self._queued)

    def mask(self, text: str, *, colour: bool = True) -> str:
        """`text` as it may be sent (see the module docstring). `colour`: benchlint's own
        colour codes may pass (the command line's streams; never the language server)."""
        if not text:
            return text
        text = redact(text)
        me = _thread.get_ident()
        if me in self._inside:
            text = self._masked_meanwhile(text)
        else:
            try:
                self._inside.add(me)
                with self._lock:
                    self._apply_queued()
                    self._refresh()
                    if self._counts:
                        text = _hide_grams(text, self._counts, self._spaced_counts)
            finally:
                self._inside.discard(me)
        return output_safe(text, colour=colour)

    def _change(self, source: Hashable, entry: _Entry | None) -> None:
        me = _thread.get_ident()
        if me in self._inside:  # from inside this thread's own locked section
            self._queued.append((source, entry))
            return
        try:
            self._inside.add(me)
            with self._lock:
                self._apply_queued()
                self._set(source, entry)
        finally:
            self._inside.discard(me)

    def _apply_queued(self) -> None:
        """The changes made from inside a locked section, in order. Holds the lock."""
        while self._queued:  # taken off only once applied: the change is always in sight
            self._set(*self._queued[0])
            self._queued.pop(0)

    def _set(self, source: Hashable, entry: _Entry | None) -> None:
        """Holds the lock."""
        if source is _EVERY_SOURCE:
            self._inputs.clear()
            self._pending.clear()
            self._grams.clear()
            self._counts.clear()
            self._spaced.clear()
            self._spaced_counts.clear()
        elif entry is None:
            if self._inputs.pop(source, None) is not None:
                self._pending.add(source)
        elif self._inputs.get(source) != entry:
            self._inputs[source] = entry
            self._pending.add(source)

    def _refresh(self) -> None:
        """Fold the changed inputs' grams into the table. Holds the lock. An input stays
        pending until its grams are in (`_masked_meanwhile` reads it whole meanwhile)."""
        for source in list(self._pending):
            entry = self._inputs.get(source)
            hidden = _hidden(*entry) if entry is not None else None
            _uncount(self._counts, self._grams.pop(source, ()))
            _uncount(self._spaced_counts, self._spaced.pop(source, ()))
            if hidden is not None:  # counted before recorded: cut short, it hides more, not less
                found = grams(hidden)
                self._counts.update(found)
                self._grams[source] = found
                if any(len(text.split(None, 1)) == 2 for text in hidden):  # (C, no pattern)
                    self._spaced[source] = spaced(found)
                    self._spaced_counts.update(self._spaced[source])
            self._pending.discard(source)

    def _masked_meanwhile(self, text: str) -> str:
        """A text sent from inside this thread's locked section, without the lock. The table
        may lack what is being worked out, so the text is rendered showing only tokens
        proven harmless (`shown_text`), and beside the table's runs, every run of GRAM
        characters of an input not yet in it is hidden: its whole text, as written and as
        its escapes decode (a credential a recogniser would find can be of any shape).
        Reads without the lock: each read below is one step under the interpreter lock."""
        text = shown_text(text, escape=False)
        unknown = [entry for _, entry in list(self._queued) if entry is not None]
        for source in list(self._pending):
            entry = self._inputs.get(source)
            if entry is not None:
                unknown.append(entry)
        not_in_table = grams(
            frozenset(form for written, _ in unknown for form in _spellings(written))
        )
        table = not_in_table.union(self._counts)
        return _hide_grams(text, table, spaced(not_in_table).union(self._spaced_counts))


def _uncount(counts: Counter[str], found: frozenset[str] | tuple[()]) -> None:
    for gram in found:
        counts[gram] -= 1
        if not counts[gram]:
            del counts[gram]


def _hide_grams(text: str, table: Container[str], spaced_table: Collection[str]) -> str:
    """`text` with every run of GRAM characters in `table` starred: those in each run
    without white space, and, when `spaced_table` holds any (`spaced`), those that hold
    white space between other characters, each looked at once. Linear in `text`."""
    hidden: list[tuple[int, int]] = []
    for match in _CANDIDATE.finditer(text):
        start = match.start()
        folded = _folded(match.group())
        for i in range(len(folded) - GRAM + 1):
            if folded[i : i + GRAM] in table:
                hidden.append((start + i, start + i + GRAM))
    if spaced_table:
        folded = _folded(text)  # (one character for one: offsets kept)
        looked = -1  # the last start looked at
        for blank in _BLANK.finditer(text):
            inside = blank.start()  # a start that puts it between a gram's ends
            first = max(looked + 1, inside - GRAM + 2, 0)
            last = min(inside - 1, len(text) - GRAM)
            for i in range(first, last + 1):
                if folded[i : i + GRAM] in spaced_table:
                    hidden.append((i, i + GRAM))
            looked = max(looked, last)
    if not hidden:
        return text
    chars = list(text)
    for start, end in hidden:
        chars[start:end] = "*" * (end - start)
    return "".join(chars)


def _spellings(written: str) -> set[str]:
    """An input's text as written and as its escapes read (TOML's `\\u`/`\\U`, a URL's `%`):
    a credential written escaped is hidden as it decodes."""
    forms = {written}
    if "\\" in written:
        forms.add(_UNICODE_ESCAPE.sub(_escaped_character, written))
    if "%" in written:
        forms.update([unquote(form) for form in forms])
    return forms


def _escaped_character(match: re.Match[str]) -> str:
    code = int(match.group(1) or match.group(2), 16)
    return chr(code) if code <= 0x10FFFF else match.group()


_UNICODE_ESCAPE = lazy_regex(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")


def _hidden(text: str, kind: InputKind) -> frozenset[str]:
    hidden = source_secrets(text, toml=kind == "toml").hidden
    if kind != "name":
        return hidden
    # each part judged once: a deep path repeats its folder names (`a/a/a/…`)
    parts = {part for part in set(_PATH_PARTS.split(text)) if part and not harmless(part)}
    parts.update(text[start:end] for start, end in name_password_places(text, _SEPARATORS))
    return hidden.union(*map(_printed_forms, parts))


# What parts a path: on Windows also `\`, elsewhere a character of the name like any other.
_SEPARATORS = "/\\" if os.sep == "\\" else "/"
_PATH_PARTS = lazy_regex("[" + re.escape(_SEPARATORS) + "]")


def _printed_forms(part: str) -> set[str]:
    """A refused part of a path as the formats print it: as it is, with bytes that are not
    UTF-8 as escapes (`printable`), and as the text formats escape a name (`escaped_name`),
    each also in a JSON string, in XML text and attributes (JUnit) and in a GitHub command;
    and percent-encoded, as SARIF writes a URI (its `/` kept, and not)."""
    try:
        raw = os.fsencode(part)
    except UnicodeEncodeError:  # a surrogate that no byte gave
        raw = part.encode("utf-8", "surrogatepass")
    forms = {quote(raw, safe=""), quote(raw, safe="/")}
    for form in {part, printable(part), escaped_name(part), escaped_name(printable(part))}:
        forms.update((form, json_string(form), xml_text(form), xml_attribute(form)))
        forms.update((github_data(form), github_property(form)))
    return forms


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


def _remember_name(path: str, root: str | None) -> None:
    """Every path announced (`core.reading.announce`: read, refused or listed) is known
    before a message can name it, as written and as it resolves (`..` and `//` kept in one,
    not the other): its names are judged like any input (`_chosen`), but for the folders
    that are the machine's. A path announced with its root (`root`: the repository's, or
    the folder a walk started from) is not replaced by one announced without (then the
    root `core.boundary` finds for it from the current folder counts)."""
    source = ("name", path)
    if root is None:
        if MASKER.knows(source):
            return
        root = root_of(path, os.getcwd())
    written, resolved = _chosen(path, root)
    MASKER.add(source, written, "name")
    if resolved != written:
        MASKER.add((*source, "resolved"), resolved, "name")
    else:
        MASKER.remove((*source, "resolved"))


def _chosen(path: str, root: str) -> tuple[str, str]:
    """`path` as written and as it resolves, with the folders that are the machine's left
    out: those that hold the current folder (`/home/me/work`), and those that hold the
    outermost git work tree the path is in (`/tmp/tmpa8f3k2_x/repo`). The rest, a
    submodule's folder and, outside git, the folders down from the current folder
    included, is the repository's or the walk's choice: a password split over
    `dan:zqk/vyr wub@h.toml` is judged whole however the path is given (`dan:zqk/../vyr…`,
    `configs//…`) and wherever the command runs."""
    here = os.getcwd()
    machine = [_names(here)]
    top = _outermost_work_tree(root)
    if top is None:  # outside git, or a repository's own folder (its root is the one above)
        top = _outermost_work_tree(os.path.abspath(path))
    if top is not None and top != here:
        machine.append(_names(top))
    written = _kept(path, machine, here)
    resolved = os.path.abspath(path)
    return written, written if resolved == path else _kept(resolved, machine, here)


def _kept(path: str, machine: list[tuple[str, ...]], here: str) -> str:
    """`path`, each of its names that is a folder holding one of `machine` (folders, each as
    its list of names) written as nothing. One step per name: the folder reached is kept as
    how many names of each of `machine` it shares from the top (a string per step cost the
    folder's length, which made a deep path's cost its depth squared)."""
    names = _PATH_PARTS.split(path)
    last_up = len(names) - 1 - names[::-1].index("..") if ".." in names else -1
    depth = 0 if os.path.isabs(path) else len(_names(here))
    # the names shared with each folder of `machine`, while the folder is inside it
    shared = [0 if os.path.isabs(path) else _common(_names(here), held) for held in machine]
    for index, name in enumerate(names):
        if name in ("", "."):
            continue
        if name == "..":
            depth = max(0, depth - 1)
            shared = [min(count, depth) for count in shared]
        else:
            shared = [
                count + 1 if count == depth and depth < len(held) and held[depth] == name else count
                for count, held in zip(shared, machine, strict=True)
            ]
            depth += 1
        if any(count == depth for count in shared):
            names[index] = ""
        elif index > last_up and all(count < depth for count in shared):
            break  # below every machine folder, and never back up: the rest is chosen
    return "/".join(names)


@lru_cache(maxsize=32)  # the current folder's, asked for each name
def _names(folder: str) -> tuple[str, ...]:
    return tuple(name for name in folder.split(os.sep) if name)


def _common(one: tuple[str, ...], other: tuple[str, ...]) -> int:
    count = 0
    for mine, theirs in zip(one, other, strict=False):
        if mine != theirs:
            break
        count += 1
    return count


@lru_cache(maxsize=64)  # (asked for each name a walk announces: the same root each time)
def _outermost_work_tree(root: str) -> str | None:
    """The outermost git work tree that holds `root`, itself one (a submodule's root is
    held by its superproject's); None when `root` is no work tree. The folders that hold
    it are the machine's, wherever the current folder is; those below it, a submodule's
    folder too, the repository's choice. Remembered for the process: a repository made
    above it later changes only what is judged, never what is read."""
    if not os.path.lexists(os.path.join(root, ".git")):
        return None
    top, folder = root, root
    while (parent := os.path.dirname(folder)) != folder:
        folder = parent
        if os.path.lexists(os.path.join(folder, ".git")):
            top = folder
    return top


observe_names(_remember_name)
