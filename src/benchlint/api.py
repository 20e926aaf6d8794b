"""The Python API the CLI, the language server and the Platform's submit service share."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .core.boundary import leaves_repository
from .core.diagnostic import SEVERITY_RANK, Diagnostic, fails
from .core.reading import read_file
from .lint.api_arguments import (
    checked,
    checked_diagnostics,
    checked_path,
    checked_settings,
    legacy_positional,
)
from .lint.engine import lint, lint_content, outside_link, plan
from .lint.registry import RULES_BY_CODE
from .lint.settings import Settings, default_settings
from .parsing.document import decode, parse

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .domain.models import BenchmarkConfig
    from .lint.plan import Plan


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


@legacy_positional("path", "settings")
def lint_text(
    text: str | bytes,
    *,
    path: str | os.PathLike[str] | None = None,
    settings: Settings | None = None,
) -> list[Diagnostic]:
    """Diagnostics of a config's text, sorted by position then code.

    `path` is only used for path-dependent rules (BL504, per-file ignores); nothing is read
    from disk unless `settings` names catalog files.
    """
    content, where, settings = checked(text, path, settings)
    return lint(content, where, settings)


@legacy_positional("path", "settings")
def plan_text(
    text: str | bytes,
    *,
    path: str | os.PathLike[str] | None = None,
    settings: Settings | None = None,
) -> Plan:
    """What the run a config describes will do: the benchmark, the tasks and how many, the
    agents, attempts, the judge, the total number of attempts, the secrets it needs and
    whether it can rank (`Plan.to_dict()` gives `benchlint plan --format json`'s `plan`).
    Counts the catalog does not give are None, never guessed. Pure, like `lint_text`."""
    content, where, settings = checked(text, path, settings)
    return plan(content, where, settings)


@legacy_positional("settings")
def lint_file(
    path: str | os.PathLike[str], *, settings: Settings | None = None
) -> list[Diagnostic]:
    """Read a file and lint it; settings are discovered from its folder when not given.

    Raises OSError when the file cannot be read, `reading.NotARegularFile` for a FIFO,
    device or socket (which could block or never end); reads at most `max-file-size + 1`
    bytes. A symbolic link out of the repository (the git work tree holding the path, else
    the current folder) is not read: BL004, unless `follow_symlinks` is set."""
    where = checked_path(path, "path")
    if where is None:
        raise TypeError("path must be a str or an os.PathLike of str (a file's path), not None")
    if settings is None:
        settings = Settings.discover(Path(where))
    checked_settings(settings)
    if not settings.follow_symlinks and leaves_repository(where, os.getcwd()):
        return outside_link(where, settings)
    return lint_content(read_file(Path(where), settings.max_file_size), where, settings)


@legacy_positional("settings", "path")
def load_config(
    text: str | bytes,
    *,
    path: str | os.PathLike[str] | None = None,
    settings: Settings | None = None,
) -> BenchmarkConfig:
    """The typed config, as the CLI's loader gives it.

    Raises `ConfigError` exactly when `lint_text` with these settings, nothing silenced, reports
    an error (its `errors` is then never empty). Nothing is silenced: the settings' `select`,
    `ignore`, per-file ignores and lowered severities, and the file's suppression comments,
    shape what `lint_text` reports, but cannot make a file with errors load. Raised severities
    (a warning made an error) count. `config.required_secrets` lists the referenced secret names
    in the CLI's order, without repeats.
    """
    content, where, settings = checked(text, path, settings)
    diagnostics = lint(content, where, unsilenced(settings), suppressions=False)
    if any(d.severity == "error" for d in diagnostics):
        raise ConfigError(diagnostics)
    decoded = decode(content, settings.max_file_size)
    assert isinstance(decoded, str)  # not text: BL002/BL003 were errors
    from .domain.models import validate  # pydantic only here: the check path does without it

    # The models accept every file the rules pass without an error (tests/conformance holds
    # them to it on the whole corpus): their structure is the rules' own, from the same spec.
    return validate(parse(decoded).data)


def refuses(diagnostics: Iterable[Diagnostic], *, settings: Settings | None = None) -> bool:
    """Whether these diagnostics fail the run under `settings.fail_on` (`error` by default,
    or `warning`, `info`, `never`): the answer `benchlint check`'s exit code gives."""
    fail_on = checked_settings(settings or default_settings()).fail_on
    return any(fails(d.severity, fail_on) for d in checked_diagnostics(diagnostics))


@lru_cache(maxsize=64)  # a service loads with the same settings again and again
def unsilenced(settings: Settings) -> Settings:
    """`settings` with nothing that hides an error: every rule on, no per-file ignores, and
    only the severity overrides that raise a rule's severity."""
    raised = {
        code: level
        for code, level in settings.severity.items()
        if code in RULES_BY_CODE  # a retired code names no rule
        and SEVERITY_RANK[level] > SEVERITY_RANK[RULES_BY_CODE[code].severity]
    }
    return settings.with_overrides(select=("BL",), ignore=(), per_file_ignores={}, severity=raised)
