"""The `Settings` for each document, resolved by the same `SettingsResolver` as the command
line: the document's settings file with the editor's settings laid over it the way
command-line flags are (they win; `ignore`, `catalog` and `extraHarnesses` add to the file's).

What the editor adds: its client settings become the resolver's overrides (a change rebuilds
the resolver), and a settings file that cannot be used does not stop linting (the defaults
apply, with the error to show the user).
"""

from __future__ import annotations

import os
from pathlib import Path

from ..core.record import NamedTuple
from ..lint.resolver import Overrides, SettingsResolver
from ..lint.settings import SETTINGS_FILE, Settings, SettingsError
from .client_settings import ClientSettings

SETTINGS_FILE_NAMES = frozenset({SETTINGS_FILE, "pyproject.toml"})
_CACHE_PART = f"{os.sep}.benchlint{os.sep}workspace{os.sep}"  # see `domain.workspace_cache`


class Resolved(NamedTuple):
    settings: Settings
    error: str | None = None  # why the settings file could not be used (defaults apply)


class WorkspaceSettings:
    def __init__(self) -> None:
        self.client = ClientSettings()
        self.root: Path | None = None  # relative client paths start here
        self._resolver = SettingsResolver()

    @property
    def generation(self) -> int:
        """Bumped whenever cached settings are dropped: a lint made before is stale."""
        return self._resolver.generation

    def set_client(self, client: ClientSettings) -> None:
        """Adopt new client settings; raises `SettingsError` (keeping the old ones) when they
        cannot apply even to default settings."""
        resolver = self._resolver_for(client, self.root)
        resolver.defaults()  # raises for unusable client settings, before anything changes
        resolver.generation = self._resolver.generation + 1
        self.client, self._resolver = client, resolver

    def set_root(self, root: Path | None) -> None:
        self.root = root
        self._resolver = self._resolver_for(self.client, root)

    def _resolver_for(self, client: ClientSettings, root: Path | None) -> SettingsResolver:
        return SettingsResolver(
            overrides(client, root),
            self._config_file(client, root),
            named=editor_setting_name,
            revalidate=True,  # a client may not report settings files created or removed
        )

    def invalidate(self) -> None:
        self._resolver.invalidate()

    def concerns(self, path: str) -> bool:
        """Whether a changed file may change some document's settings."""
        return (
            Path(path).name in SETTINGS_FILE_NAMES
            or os.path.abspath(path) in self._resolver.data_files
            or _CACHE_PART in os.path.abspath(path)  # a pull (in a terminal) wrote the cache
        )

    def for_path(self, path: str | None) -> Resolved:
        try:
            return Resolved(self._resolver.for_path(path, cwd=self.root))
        except SettingsError as error:
            return self._fallback(str(error))

    def _fallback(self, error: str) -> Resolved:
        """Defaults with the client's settings: a broken settings file still gets linting."""
        try:
            return Resolved(self._resolver.defaults(), error)
        except SettingsError:
            return Resolved(Settings(), error)

    def _config_file(self, client: ClientSettings, root: Path | None) -> Path | None:
        if not client.config_file:
            return None
        configured = Path(client.config_file)
        if not configured.is_absolute() and root is not None:
            configured = root / configured
        return configured


def editor_setting_name(field: str) -> str:
    """How an error names an override: the editor setting it came from."""
    name = _CLIENT_FIELDS.get(field, field)
    info = ClientSettings.model_fields.get(name)
    return f"the editor setting benchlint.{info.alias if info and info.alias else name}"


# `Settings` fields whose client setting has another name (the rest share theirs).
_CLIENT_FIELDS = {"catalogs": "catalog", "secrets_lists": "secrets_list"}


def overrides(client: ClientSettings, root: Path | None) -> Overrides:
    """The client's settings as overrides; catalog paths are relative to the workspace root."""

    def absolute(entries: list[str] | None) -> tuple[str, ...]:
        return tuple(
            str(Path(entry) if Path(entry).is_absolute() or root is None else root / entry)
            for entry in entries or ()
        )

    return Overrides(
        profile=client.profile,
        # an empty list is given, not "not set": the resolver refuses it, naming the setting
        select=None if client.select is None else tuple(client.select),
        ignore=tuple(client.ignore or ()),
        catalogs=absolute(client.catalog),
        secrets_lists=absolute(client.secrets_list),
        extra_harnesses=tuple(client.extra_harnesses or ()),
        severity=client.severity,
        max_file_size=client.max_file_size,
        max_attempts=client.max_attempts,
    )
