"""The same value twice in one array (BL211's secret lists, BL503's task selectors): each
repeat is reported on itself, with where it was first listed and a safe fix that removes it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..core.diagnostic import Fix
from ..core.paths import ConfigPath, key_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding
from ..parsing.edits import remove_element


def repeats(ctx: Context, array: ConfigPath, show: Callable[[str], str]) -> Iterator[Finding]:
    first: dict[str, ConfigPath] = {}
    for path, value in ctx.strings(array):
        if value not in first:
            first[value] = path
            continue
        edit = remove_element(ctx.document, path)
        shown = show(value)
        yield Finding(
            f"{shown} is listed again in {key_label(array)}",
            Anchor.value(path),
            related=(("first listed here", Anchor.value(first[value])),),
            fix=Fix(f"Remove the repeated {shown}", "safe", edit) if edit else None,
        )
