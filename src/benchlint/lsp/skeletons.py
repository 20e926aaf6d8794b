"""Completion in an empty benchmark config: a whole first config per catalog benchmark, the
one `benchlint new` writes, as a snippet whose model and key names are tab stops."""

from __future__ import annotations

from ..core.regex import lazy_regex
from ..domain.catalog import CatalogEntry
from ..domain.profiles import PROFILES, Profile
from ..domain.skeleton import skeleton
from ..lint.settings import Settings

# Stands for a tab stop in the text `skeleton` writes: a control character, which catalog
# text never brings into it (comments escape them, values are TOML strings).
_MARK = "\x00"
_SNIPPET_SPECIAL = lazy_regex(r"([$}\\])")


def is_empty(text: str) -> bool:
    """Nothing but blank lines and comments: the file is still to be written."""
    return all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines())


def skeleton_choices(settings: Settings, snippets: bool) -> list[tuple[str, str, str]]:
    """(benchmark key, its name, the text to insert) for every catalog benchmark."""
    profile = PROFILES[settings.profile]
    found = []
    for entry in settings.catalog.entries:
        text = _snippet(entry, profile) if snippets else skeleton(entry, profile)
        found.append((entry.key, entry.name, text))
    return found


def _snippet(entry: CatalogEntry, profile: Profile) -> str:
    """The skeleton as a snippet: its tab stops as `${n:value}`, the rest escaped, `$0` last.
    Each stop is a mark to split at (no pattern to match: catalog text cannot make one
    backtrack, or pass for a stop)."""
    stops: list[tuple[int, str]] = []

    def slot(value: str, number: int) -> str:
        stops.append((number, value))
        return _MARK

    pieces = skeleton(entry, profile, slot=slot).split(_MARK)
    if len(pieces) != len(stops) + 1:  # a mark the text brought itself: no tab stops
        return _escaped(skeleton(entry, profile)) + "$0"
    out = [_escaped(pieces[0])]
    for (number, value), piece in zip(stops, pieces[1:], strict=True):
        out += ["${", str(number), ":", _escaped(value), "}", _escaped(piece)]
    return "".join(out) + "$0"


def _escaped(text: str) -> str:
    """Text a snippet inserts as it is (`$`, `}` and `\\` escaped)."""
    return _SNIPPET_SPECIAL.sub(r"\\\1", text)
