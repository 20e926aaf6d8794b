"""`lazy_regex`: a module's regular expression, compiled on its first use.

`re` compiles in Python: a pattern costs tens of thousands to millions of instructions (a
character class holding the surrogate range, about four million), and benchlint holds
dozens, most of which a given run never uses (the broken-file reader's, the editor's, the
credential formats absent from the file). A pattern compiled at import is paid by every
command; one compiled on first use, only by the run that needs it.

After the first use every attribute of the compiled pattern is copied into the object, and
the object becomes a plain one, so a later `PATTERN.match` is one slot read: no indirection
stays on the hot path. The object is
not a `re.Pattern` (no `isinstance`, not an argument of `re.sub` and friends): use its
methods. Two threads using it first at the same time both compile; `re` hands both the
same pattern.
"""

import re
from typing import Any, cast

# What a compiled pattern offers, copied in at the first use.
_ATTRIBUTES = (
    "match",
    "fullmatch",
    "search",
    "finditer",
    "findall",
    "sub",
    "subn",
    "split",
    "scanner",
    "pattern",
    "flags",
    "groups",
    "groupindex",
)


class _Pattern:
    """A compiled pattern's attributes in slots: a plain object, whose attribute reads the
    interpreter specialises (a class with `__getattr__` makes every read take a slower path)."""

    __slots__ = ("_source", "_flags", *_ATTRIBUTES)
    _source: str
    _flags: int

    def __repr__(self) -> str:
        return f"lazy_regex({self._source!r}, {self._flags!r})"


class _LazyPattern(_Pattern):
    """A pattern not compiled yet: the first read of an attribute compiles it, copies every
    attribute in, and makes the object a plain `_Pattern`."""

    __slots__ = ()

    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        # Python calls this only for an attribute not set yet: after the first use, never.
        if name not in _ATTRIBUTES:
            raise AttributeError(name)
        compiled = re.compile(self._source, self._flags)
        for attribute in _ATTRIBUTES:
            setattr(self, attribute, getattr(compiled, attribute))
        self.__class__ = _Pattern  # type: ignore[assignment]  # the same slots, no hook
        return getattr(compiled, name)


def lazy_regex(source: str, flags: int = 0) -> "re.Pattern[str]":
    """`re.compile(source, flags)`, done when the pattern is first used."""
    return cast("re.Pattern[str]", _LazyPattern(source, flags))
