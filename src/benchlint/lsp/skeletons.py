"""Completion in an empty benchmark config: a whole first config per catalog benchmark, the
one `benchlint new` writes, as a snippet whose model and key names are tab stops."""

from __future__ import annotations

from ..core.regex import lazy_regex
from ..domain.profiles import PROFILES
from ..domain.skeleton import skeleton
from ..lint.settings import Settings

_SLOT = lazy_regex("\x00(\\d+)\x01(.*?)\x02")
_SNIPPET_SPECIAL = lazy_regex(r"([$}\\])")


def is_empty(text: str) -> bool:
    """Nothing but blank lines and comments: the file is still to be written."""
    return all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines())


def skeleton_choices(settings: Settings, snippets: bool) -> list[tuple[str, str, str]]:
    """(benchmark key, its name, the text to insert) for every catalog benchmark."""
    profile = PROFILES[settings.profile]
    found = []
    for entry in settings.catalog.entries:
        if snippets:
            marked = skeleton(entry, profile, slot=lambda value, n: f"\x00{n}\x01{value}\x02")
            text = _SLOT.sub(r"${\1:\2}", _SNIPPET_SPECIAL.sub(r"\\\1", marked)) + "$0"
        else:
            text = skeleton(entry, profile)
        found.append((entry.key, entry.name, text))
    return found
