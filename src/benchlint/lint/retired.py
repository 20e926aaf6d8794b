"""Retired rule codes: known forever, so settings and comments that name one keep working.

A retired code is accepted wherever a rule code is (`select`, `ignore`, per-file ignores,
`severity`, suppression comments); it matches no rule, and what names it gets a note saying
why it retired, never an error, so no CI job breaks the day a rule retires. The registry is
read at call time (tests retire a code in a registry of their own)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import registry

if TYPE_CHECKING:
    from .settings import Settings


def retired_reason(code: str) -> str | None:
    """Why `code` retired, or None when it is not a retired code."""
    return registry.RETIRED.get(code.strip().upper())


def retired_notes(settings: Settings) -> list[str]:
    """One note per retired code the settings name, saying where and why it retired."""
    named: dict[str, list[str]] = {}
    for setting, codes in (
        ("select", settings.select),
        ("ignore", settings.ignore),
        ("severity", tuple(settings.severity)),
        *(("per-file-ignores", codes) for codes in settings.per_file_ignores.values()),
    ):
        for code in codes:
            if retired_reason(code) is not None and setting not in named.setdefault(code, []):
                named[code].append(setting)
    return [
        f"note: {code} is a retired rule ({retired_reason(code)}); `{'`, `'.join(settings_)}` "
        "naming it has no effect and can drop it"
        for code, settings_ in sorted(named.items())
    ]
