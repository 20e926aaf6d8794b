"""The Python API the CLI, the language server and the Platform's submit service share."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from .core.diagnostic import Diagnostic
from .core.reading import read_file
from .lint.engine import lint, lint_content
from .lint.settings import Settings, default_settings
from .parsing.document import decode, parse

if TYPE_CHECKING:
    from .domain.models import BenchmarkConfig


class ConfigError(ValueError):
    """A config with errors; `diagnostics` holds every diagnostic of the file."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        errors = [d for d in diagnostics if d.severity == "error"]
        first = errors[0] if errors else None
        summary = (
            f"{len(errors)} error{'s' if len(errors) != 1 else ''}; first: "
            f"{first.range.start.line}:{first.range.start.column} {first.code} {first.message}"
            if first
            else "invalid config"
        )
        super().__init__(summary)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]


def lint_text(
    text: str | bytes, path: str | os.PathLike[str] | None = None, settings: Settings | None = None
) -> list[Diagnostic]:
    """Diagnostics of a config's text, sorted by position then code.

    `path` is only used for path-dependent rules (BL504, per-file ignores); nothing is read
    from disk unless `settings` names catalog files.
    """
    return lint(text, os.fspath(path) if path is not None else None, settings or default_settings())


def lint_file(path: str | os.PathLike[str], settings: Settings | None = None) -> list[Diagnostic]:
    """Read a file and lint it; settings are discovered from its folder when not given.

    Raises OSError when the file cannot be read, `reading.NotARegularFile` for a FIFO,
    device or socket (which could block or never end); reads at most `max-file-size + 1`
    bytes."""
    file_path = Path(path)
    if settings is None:
        settings = Settings.discover(file_path)
    return lint_content(read_file(file_path, settings.max_file_size), os.fspath(path), settings)


def load_config(
    text: str | bytes, settings: Settings | None = None, path: str | os.PathLike[str] | None = None
) -> BenchmarkConfig:
    """The typed config, as the CLI's loader gives it; raises `ConfigError` on any error.

    `config.required_secrets` lists the referenced secret names in order, without repeats.
    Settings and suppression comments shape the diagnostics, but they cannot make a file
    that the loader refuses load: such a file raises `ConfigError` with the errors found
    when nothing is silenced.
    """
    settings = settings or default_settings()
    where = os.fspath(path) if path is not None else None
    diagnostics = lint(text, where, settings)
    if any(d.severity == "error" for d in diagnostics):
        raise ConfigError(diagnostics)
    decoded = decode(text, settings.max_file_size)
    document = parse(decoded) if isinstance(decoded, str) else None
    if document is not None and document.valid:
        from pydantic import ValidationError

        from .domain.models import validate

        try:
            return validate(document.data)
        except ValidationError:
            pass
    # Something silenced the errors (ignored codes, lowered severities, suppression comments),
    # and the loader would still refuse the file: lint again without what silences.
    kept = ("profile", "catalogs", "extra_harnesses", "max_file_size", "root", "source")
    unsilenced = Settings(**{name: getattr(settings, name) for name in kept})
    raise ConfigError(lint(text, where, unsilenced, suppressions=False))
