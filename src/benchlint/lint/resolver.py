"""The one way settings resolve for a file, on the command line and in the editor.

A file's settings are its settings file (the one given, or the nearest `benchlint.toml` /
`pyproject.toml` with a `[tool.benchlint]` table above it) with the caller's overrides laid
over it (command-line flags, editor settings): single values and `select` win, `severity`
entries override one by one, and the lists `ignore`, `catalog` and `extra-harnesses` add to
the file's. Catalog and secret-list files are read at once, so that a broken one is
reported with the settings.

Both surfaces cache what they resolve (a run over 1,000 files asks about a few folders; an
editor asks on every keystroke): the settings file of each folder, and the settings of each
settings file. A settings file edited since it was read is read again (its modification time
and size are compared); `invalidate()` drops everything (the editor's settings changed). With
`revalidate` (the editor) each folder's candidate files are stat-ed on every lookup, so that
a settings file created or removed is found even when no client reports it.

Without `revalidate` (a run of the command line) a folder's answers (its root, its settings
file, its workspace cache) are made from its parent's: each folder is looked at once, so a
chain of `n` folders `a/a/a/…` with a config in each costs `n` folders' looks, not `n²`.

An override is checked alone before it is laid over the file, so that its error names it
(`named`: a flag, an editor setting), not the settings file.

The origin of every setting is known here: overrides are the user's (a flag, the editor's
settings); a settings file inside the root of the file being checked (`core.boundary.root_of`:
every discovered one, and a `--config` file inside the checkout) is the repository's, which a
pull request controls, so it may narrow what benchlint reads but never widen it
(`Settings.from_file(..., repository=root)` refuses `follow-symlinks = true` and catalog or
secret-list files outside the repository). A `--config` file outside the root is the user's.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

from ..core.boundary import Folders, inside_as_written
from ..core.diagnostic import Severity
from ..core.record import NamedTuple
from ..domain.workspace_cache import (
    WorkspaceData,
    WorkspaceDataError,
    data_at,
    data_for,
    find_folder,
)
from .setting_keys import FIELD_KEYS
from .settings import (
    Discovery,
    Settings,
    SettingsError,
    find_settings_file,
    settings_candidates,
    settings_root,
)


class Overrides(NamedTuple):
    """What a caller lays over the settings file (None and empty: keep the file's)."""

    profile: str | None = None
    select: tuple[str, ...] | None = None
    fail_on: str | None = None
    max_file_size: int | None = None
    max_attempts: int | None = None
    follow_symlinks: bool | None = None
    severity: Mapping[str, Severity] | None = None
    ignore: tuple[str, ...] = ()
    catalogs: tuple[str, ...] = ()  # absolute paths
    extra_harnesses: tuple[str, ...] = ()
    secrets_lists: tuple[str, ...] = ()  # absolute paths


def flag_name(field: str) -> str:
    """How the command line names an override in an error: its flag."""
    return f"--{FIELD_KEYS[field]}"


class _Cached(NamedTuple):
    settings: Settings | SettingsError
    stamp: tuple[int, int] | None


class SettingsResolver:
    def __init__(
        self,
        overrides: Overrides | None = None,
        config_file: Path | None = None,
        *,
        named: Callable[[str], str] = flag_name,
        revalidate: bool = False,
    ) -> None:
        self.overrides = overrides or Overrides()
        self.named = named  # an override's name in errors, by `Settings` field
        # Re-check each cached folder's candidate settings files (a stat each) on every
        # lookup: an editor may never hear of a settings file created or removed.
        self.revalidate = revalidate
        self._folder_stamps: dict[tuple[str, str], tuple[tuple[int, int] | None, ...]] = {}
        self.config_file = config_file  # the one settings file for every path, if given
        self.generation = 0  # bumped whenever cached settings are dropped
        # (folder, root) → its settings file, or why looking for it failed
        self._folder_source: dict[tuple[str, str], Path | SettingsError | None] = {}
        # (settings file, the repository root when the file is the repository's) → settings
        self._by_source: dict[tuple[Path | None, str | None], _Cached] = {}
        self.data_files: set[str] = set()  # every catalog and secret-list file read, absolute
        # (settings id, cache id) → both (kept alive, so the ids stay theirs) and the two laid
        self._with_data: dict[tuple[int, int], tuple[Settings, WorkspaceData, Settings]] = {}
        # folder → its workspace cache, kept for the run unless `revalidate` (the editor's
        # refresh, or a pull in a terminal, may write a new one at any time)
        self._folder_data: dict[str, WorkspaceData | SettingsError | None] = {}
        self._roots: dict[tuple[str, str], str] = {}  # (folder, start) → its root
        # Without `revalidate`, for the run: (folder, start) → the git work tree above it;
        # each folder's settings file (and real path); (folder, top) → its workspace cache
        # folder; and what each cache folder holds.
        self._folders = Folders()
        self._discovery = Discovery()
        self._cache_folders: dict[tuple[str, str | None], Path | None] = {}
        self._cache_data: dict[str, WorkspaceData | SettingsError] = {}

    def invalidate(self) -> None:
        self._roots.clear()
        self._folders = Folders()
        self._discovery = Discovery()
        self._cache_folders.clear()
        self._cache_data.clear()
        self._folder_source.clear()
        self._folder_stamps.clear()
        self._by_source.clear()
        self.data_files.clear()
        self._with_data.clear()
        self._folder_data.clear()
        self.generation += 1

    def for_path(self, path: str | None, cwd: Path | str | None = None) -> Settings:
        """The settings of the file at `path` (None: a file in `cwd`, default the current
        folder; `cwd` is also where a walk started, the root outside git). Raises
        `SettingsError` when its settings file or an override is unusable."""
        source = self.source_for(path, cwd)
        repository = self._repository_of(source, path, cwd)
        key = (source, repository)
        cached = self._by_source.get(key)
        stamp = _stamp(source)
        if cached is None or cached.stamp != stamp:
            cached = _Cached(self._load(source, repository), stamp)
            self._by_source[key] = cached
        if isinstance(cached.settings, SettingsError):
            raise cached.settings
        start = str(cwd or Path.cwd())
        folder = os.path.dirname(os.path.abspath(path)) if path else start
        return self.with_workspace_data(cached.settings, folder, self._root(folder, start))

    def with_workspace_data(
        self, settings: Settings, folder: str, top: str | None = None
    ) -> Settings:
        """`settings` with the workspace cache that applies to files in `folder`, found no
        higher than `top` (the one root settings discovery also stops at; see
        `benchlint.workspace.store`), read once per state of the cache."""
        known: WorkspaceData | SettingsError | None
        if folder in self._folder_data:
            known = self._folder_data[folder]
        else:
            try:
                known = data_for(folder, top) if self.revalidate else self._data_for(folder, top)
            except WorkspaceDataError as error:
                known = SettingsError(str(error))
            if not self.revalidate:
                self._folder_data[folder] = known
        if isinstance(known, SettingsError):
            raise known
        data = known
        if data is None:
            return settings
        key = (id(settings), id(data))
        laid_before = self._with_data.get(key)
        if laid_before is not None:
            return laid_before[2]
        laid = settings.with_overrides(workspace_data=data)
        laid.catalog  # noqa: B018  (read now, as `_layer` reads the files)
        laid.secret_records  # noqa: B018
        if len(self._with_data) > 256:  # states of caches long replaced
            self._with_data.clear()
        self._with_data[key] = (settings, data, laid)
        return laid

    def _data_for(self, folder: str, top: str | None) -> WorkspaceData | SettingsError | None:
        """`data_for`, from the answers for the folders above, each cache read once."""
        found = find_folder(folder, top, self._cache_folders)
        if found is None:
            return None
        key = str(found)
        if key not in self._cache_data:
            try:
                self._cache_data[key] = data_at(found)
            except WorkspaceDataError as error:
                self._cache_data[key] = SettingsError(str(error))
        return self._cache_data[key]

    def _repository_of(
        self, source: Path | None, path: str | None, cwd: Path | str | None
    ) -> str | None:
        """The repository root `source` lies in, when it is the repository's: inside the
        root of the file being checked, of the folder a walk started from, or of the current
        folder (a checkout whose configs sit in a submodule, or below a `.git` a tarball
        brought, has a root of its own for them; the checkout's `--config benchlint.toml` is
        still the checkout's). None: the user's file (outside them all), or no file."""
        if source is None:
            return None
        start = _start(cwd)
        folder = os.path.dirname(os.path.abspath(path)) if path else start
        here = os.getcwd()
        roots = (self._root(folder, start), self._root(start, start), self._root(here, here))
        for root in roots:
            if inside_as_written(str(source), root):
                return root
        return None

    def _root(self, folder: str, start: str) -> str:
        """The root of the files in `folder` (`core.boundary.root_of`), once per folder."""
        key = (folder, start)
        found = self._roots.get(key)
        if found is None:
            if self.revalidate:
                found = settings_root(Path(folder), start)
            else:  # `root_of`, from the answers for the folders above
                absolute = os.path.abspath(folder)
                found = self._repository(absolute, start)
                if found is None:
                    inside = inside_as_written(os.path.join(absolute, "x"), start)
                    found = os.path.abspath(start) if inside else absolute
            self._roots[key] = found
        return found

    def _repository(self, folder: str, start: str) -> str | None:
        """`core.boundary.repository_root` of the files in `folder` (absolute), anchored at
        `start`, from the answers for the folders above (`Folders`, kept with the resolver)."""
        return self._folders.repository_of_folder(folder, os.path.abspath(start))

    def source_for(self, path: str | None, cwd: Path | str | None = None) -> Path | None:
        """The settings file that applies to `path` (None: none, the defaults apply)."""
        if self.config_file is not None:
            if not self.config_file.is_file():
                # `--config configs/` exists: say what is wrong with it
                what = "is not a file" if self.config_file.exists() else "does not exist"
                raise SettingsError(f"settings file {self.config_file} {what}")
            return self.config_file
        start = _start(cwd)
        folder = os.path.dirname(os.path.abspath(path)) if path else start
        key = (folder, self._root(folder, start))
        if self.revalidate:
            stamps = tuple(_stamp(c) for c in settings_candidates(Path(folder), key[1]))
            if self._folder_stamps.get(key) != stamps:
                self._folder_source.pop(key, None)
                self._folder_stamps[key] = stamps
        if key not in self._folder_source:
            try:
                self._folder_source[key] = find_settings_file(
                    folder,
                    bool(self.overrides.follow_symlinks),
                    start,
                    key[1],
                    None if self.revalidate else self._discovery,
                )
            except SettingsError as error:
                self._folder_source[key] = error
        found = self._folder_source[key]
        if isinstance(found, SettingsError):  # (one a link takes out of the repository, too)
            raise found
        return found

    def defaults(self) -> Settings:
        """The defaults with the overrides: what applies when a settings file cannot be used
        (an editor still lints). Raises `SettingsError` when the overrides themselves fail."""
        return self._layer(Settings())

    def _load(self, source: Path | None, repository: str | None) -> Settings | SettingsError:
        try:
            base = (
                Settings.from_file(source, repository=repository)
                if source is not None
                else Settings()
            )
            return self._layer(base)
        except SettingsError as error:
            return error

    def _checked_overrides(self) -> None:
        """Each override checked alone, so that an error names it (a flag, an editor
        setting), not the settings file it is laid over."""
        for field, value in self.overrides._asdict().items():
            if value is None or (value == () and field != "select"):
                continue
            # links out of the repository are judged on the layered settings, not here
            values = {"follow_symlinks": True, field: value}
            alone = Settings(**values, origin=self.named(field))
            alone.catalog_paths()
            alone.secrets_list_paths()

    def _layer(self, base: Settings) -> Settings:
        self._checked_overrides()
        settings = base.layered(**self.overrides._asdict())
        # read catalog and secret-list files now: a broken one is reported with the settings
        try:
            settings.catalog  # noqa: B018
            settings.secret_records  # noqa: B018
        except SettingsError as error:
            raise self._named_by(error, base) from None
        self.data_files.update(str(path) for path in settings.catalog_paths())
        self.data_files.update(str(path) for path in settings.secrets_list_paths())
        return settings

    def _named_by(self, error: SettingsError, base: Settings) -> SettingsError:
        """`error` saying what named the catalog or secret list it could not use: the
        settings file, or an override (a flag, an editor setting). The file's own entries
        come first in the layered list, so a file both name is the settings file's."""
        if error.unusable is None:
            return error
        field, path = error.unusable
        named = base.catalog_paths() if field == "catalogs" else base.secrets_list_paths()
        if base.source is not None and path in named:
            by = f"`{FIELD_KEYS[field]}` in {base.where}"
        else:
            by = self.named(field)
        return SettingsError(f"{error}; named by {by}")


def _stamp(source: Path | None) -> tuple[int, int] | None:
    if source is None:
        return None
    try:
        info = source.stat()
    except OSError:
        return (-1, -1)
    return (info.st_mtime_ns, info.st_size)


def _start(cwd: Path | str | None) -> str:
    return os.path.abspath(cwd) if cwd is not None else os.getcwd()
