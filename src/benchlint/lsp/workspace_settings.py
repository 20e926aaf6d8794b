"""The `Settings` for each document: its settings file, found exactly as the CLI finds it,
with the editor's settings laid over it the way command-line flags are (they win; `ignore`,
`catalog` and `extraHarnesses` add to the file's lists).

Results are cached per settings file and dropped when the client reports a change (settings,
watched files, a saved settings file); a settings file edited behind the editor's back is
noticed by its modification time.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..lint.settings import SETTINGS_FILE, Settings, SettingsError, find_settings_file
from .client_settings import ClientSettings

SETTINGS_FILE_NAMES = frozenset({SETTINGS_FILE, "pyproject.toml"})


@dataclass(frozen=True)
class Resolved:
    settings: Settings
    error: str | None = None  # why the settings file could not be used (defaults apply)


@dataclass(frozen=True)
class _Cached:
    resolved: Resolved
    stamp: tuple[int, int] | None


class SettingsResolver:
    def __init__(self) -> None:
        self.client = ClientSettings()
        self.root: Path | None = None  # relative client paths start here
        self.generation = 0  # bumped whenever cached settings are dropped
        # folder -> its settings file, or why looking for it failed (an unreadable pyproject)
        self._folder_source: dict[str, Path | SettingsError | None] = {}
        self._by_source: dict[Path | None, _Cached] = {}
        self._catalog_files: set[str] = set()

    def set_client(self, client: ClientSettings) -> None:
        """Adopt new client settings; raises `SettingsError` (keeping the old ones) when they
        cannot apply even to default settings."""
        merge(Settings(), client, self.root)
        self.client = client
        self.invalidate()

    def invalidate(self) -> None:
        self._folder_source.clear()
        self._by_source.clear()
        self._catalog_files.clear()
        self.generation += 1

    def concerns(self, path: str) -> bool:
        """Whether a changed file may change some document's settings."""
        return (
            Path(path).name in SETTINGS_FILE_NAMES or os.path.abspath(path) in self._catalog_files
        )

    def for_path(self, path: str | None) -> Resolved:
        try:
            source = self._source(path)
        except SettingsError as error:
            return self._fallback(str(error))
        cached = self._by_source.get(source)
        stamp = _stamp(source)
        if cached is not None and cached.stamp == stamp:
            return cached.resolved
        resolved = self._load(source)
        self._by_source[source] = _Cached(resolved, stamp)
        return resolved

    def _source(self, path: str | None) -> Path | None:
        if self.client.config_file:
            configured = Path(self.client.config_file)
            if not configured.is_absolute() and self.root is not None:
                configured = self.root / configured
            if not configured.is_file():
                raise SettingsError(f"settings file {configured} does not exist")
            return configured
        start = Path(path) if path else (self.root or Path.cwd())
        folder = os.path.dirname(os.path.abspath(start)) if path else str(start)
        if folder not in self._folder_source:
            try:
                self._folder_source[folder] = find_settings_file(Path(folder))
            except SettingsError as error:
                self._folder_source[folder] = error
        found = self._folder_source[folder]
        if isinstance(found, SettingsError):
            raise found
        return found

    def _load(self, source: Path | None) -> Resolved:
        try:
            base = Settings.from_file(source) if source is not None else Settings()
            settings = merge(base, self.client, self.root)
        except SettingsError as error:
            return self._fallback(str(error))
        self._catalog_files.update(str(p) for p in settings.catalog_paths())
        return Resolved(settings)

    def _fallback(self, error: str) -> Resolved:
        """Defaults with the client's settings: a broken settings file still gets linting."""
        try:
            return Resolved(merge(Settings(), self.client, self.root), error)
        except SettingsError:
            return Resolved(Settings(), error)


def merge(base: Settings, client: ClientSettings, root: Path | None) -> Settings:
    """`base` with the client's settings applied as the CLI applies its flags; catalogs are
    read now, so that a broken one is reported at once."""
    catalogs = tuple(
        str(Path(entry) if Path(entry).is_absolute() or root is None else root / entry)
        for entry in client.catalog or ()
    )
    settings = base.layered(
        profile=client.profile,
        select=tuple(client.select) if client.select else None,
        ignore=tuple(client.ignore or ()),
        catalogs=catalogs,
        extra_harnesses=tuple(client.extra_harnesses or ()),
        severity=client.severity,
        max_file_size=client.max_file_size,
    )
    settings.catalog  # noqa: B018  -- load the catalog files now; a broken one raises here
    return settings


def _stamp(source: Path | None) -> tuple[int, int] | None:
    if source is None:
        return None
    try:
        info = source.stat()
    except OSError:
        return (-1, -1)
    return (info.st_mtime_ns, info.st_size)
