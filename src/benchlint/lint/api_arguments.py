"""The public entry points' arguments: one order for all (the text, then keyword-only `path`
and `settings`), a TypeError naming what is accepted for anything else, and the old
positional call shapes kept for a deprecation period."""

from __future__ import annotations

import functools
import os
import warnings
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from ..core.diagnostic import Diagnostic
from .settings import Settings, default_settings

# A bound given as a type, not a string: a string becomes a compiled ForwardRef at import.
F = TypeVar("F", bound=Callable[..., Any])


def legacy_positional(*names: str) -> Callable[[F], F]:
    """Accept the keyword-only `names` positionally too, in the given (old) order, with a
    DeprecationWarning. Type checkers see only the keyword-only signature."""

    def decorate(function: F) -> F:
        @functools.wraps(function)
        def call(first: object, *rest: object, **keywords: object) -> object:
            if rest:
                if len(rest) > len(names):
                    raise TypeError(
                        f"{function.__name__}() takes 1 positional argument; pass "
                        f"{', '.join(names)} by keyword"
                    )
                shown = ", ".join(f"{name}=" for name in names[: len(rest)])
                warnings.warn(
                    f"{function.__name__}(): pass {shown} by keyword; positional use is "
                    "deprecated and will be removed",
                    DeprecationWarning,
                    stacklevel=2,
                )
                for name, value in zip(names, rest, strict=False):
                    if name in keywords:
                        raise TypeError(f"{function.__name__}() got multiple values for {name!r}")
                    keywords[name] = value
            return function(first, **keywords)

        return call  # type: ignore[return-value]

    return decorate


def _kind(value: object) -> str:
    return "None" if value is None else type(value).__name__


def checked_text(text: object) -> str | bytes:
    if isinstance(text, (str, bytes)):
        return text
    if isinstance(text, bytearray):
        return bytes(text)
    hint = " (convert it with bytes())" if isinstance(text, memoryview) else ""
    raise TypeError(
        f"text must be str or bytes (a config's text, or its raw bytes), not {_kind(text)}{hint}"
    )


def checked_path(path: object, name: str = "path") -> str | None:
    if path is None or isinstance(path, str):
        return path
    if isinstance(path, os.PathLike):
        where = os.fspath(path)
        if isinstance(where, str):
            return where
    raise TypeError(
        f"{name} must be a str, an os.PathLike of str or None (the config's path in the "
        f"repository), not {_kind(path)}"
    )


def checked_diagnostics(diagnostics: object) -> list[Diagnostic]:
    """What `refuses` reads: an iterable of diagnostics (a single one is a common slip:
    a `Diagnostic` is a tuple, and iterating it would read its fields)."""
    if isinstance(diagnostics, Diagnostic):
        raise TypeError("diagnostics must be a list of benchlint.Diagnostic, not one Diagnostic")
    if isinstance(diagnostics, str | bytes) or not isinstance(diagnostics, Iterable):
        raise TypeError(
            "diagnostics must be an iterable of benchlint.Diagnostic (what lint_text "
            f"returns), not {_kind(diagnostics)}"
        )
    found = list(diagnostics)
    for item in found:
        if not isinstance(item, Diagnostic):
            raise TypeError(f"diagnostics must hold benchlint.Diagnostic values, not {_kind(item)}")
    return found


def checked_settings(settings: object) -> Settings:
    if isinstance(settings, Settings):
        return settings
    raise TypeError(f"settings must be a benchlint.Settings or None, not {_kind(settings)}")


def checked(
    text: object, path: object, settings: object
) -> tuple[str | bytes, str | None, Settings]:
    """The three arguments every text entry point takes, checked; default settings for None."""
    return (
        checked_text(text),
        checked_path(path),
        default_settings() if settings is None else checked_settings(settings),
    )
