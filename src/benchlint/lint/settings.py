"""Settings: what to check and how strictly, from `benchlint.toml`, `[tool.benchlint]` in
`pyproject.toml`, the command line or the editor, resolved the same way everywhere.

An unknown setting, rule code or value is an error (`SettingsError`), never ignored.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..core.boundary import (
    Folders,
    escapes,
    inside,
    inside_as_written,
    leaves_repository,
    root_of,
)
from ..core.diagnostic import SEVERITIES, Severity
from ..core.globs import GlobSet, glob_problem
from ..core.lazy import lazy
from ..core.reading import announce, read_file
from ..core.text import one_line
from ..domain.catalog.entry import CatalogEntry, CatalogShapeError
from ..domain.catalog.store import entries_from_document
from ..domain.profiles import DEFAULT_PROFILE, PROFILES
from ..domain.secret_records import SecretRecords, SecretRecordsError
from ..domain.workspace_cache import DEFAULT_MAX_AGE_DAYS, WorkspaceData
from ..parsing.toml_values import loads
from ..secrets.redaction import shown_text
from .registry import RULES_BY_CODE
from .retired import retired_reason
from .setting_keys import FILE_KEYS

if TYPE_CHECKING:
    from ..domain.catalog import Catalog

FAIL_ON = ("error", "warning", "info", "never")
DEFAULT_MAX_FILE_SIZE = 1 << 20
SETTINGS_FILE = "benchlint.toml"


class SettingsError(ValueError):
    """A settings file or value that cannot be used; the message says what and where.
    `unusable`: a catalog or secret-list file that could not be used, with the field that
    names such files (`catalogs`, `secrets_lists`), for the resolver to say who named it."""

    def __init__(self, message: str, unusable: tuple[str, Path] | None = None) -> None:
        super().__init__(message)
        self.unusable = unusable


def _check_selector(selector: str, where: str) -> str:
    written = selector.strip()
    selector = written.upper()
    codes = _RULE_CODES
    if retired_reason(selector) is not None:  # known forever: a note, never an error
        return selector
    if not any(code.startswith(selector) for code in codes) or not selector.startswith("BL"):
        close = _close_matches(selector, sorted(codes), n=1)
        hint = f"; did you mean `{close[0]}`?" if close else ""
        # As written, masked: upper-cased, a pasted token would escape the masking.
        shown = shown_text(written, one_value=True)
        raise SettingsError(f"unknown rule code or prefix `{shown}` in {where}{hint}")
    return selector


def _shown_setting(value: object) -> str:
    """A setting's value quoted in an error: a string through the renderer, anything else by
    its type (a number's digits as TOML wrote them, `4111_1111_1111_1111`, are not what
    Python would print, so no output masker would know them)."""
    if isinstance(value, str):
        return f"`{shown_text(one_line(value), one_value=True)}`"
    return f"a {_TYPE_NAMES.get(type(value), 'value')}"


_TYPE_NAMES = {bool: "boolean", int: "number", float: "number", list: "list", dict: "table"}


def _as_tuple(value: Any, name: str, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [part for part in value.split(",") if part.strip()]
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        shown = shown_text(one_line(name), one_value=True)  # a pattern the file wrote
        raise SettingsError(f"`{shown}` in {where} must be an array of strings")
    return tuple(v.strip() for v in value)


def _as_paths(value: Any, name: str, where: str) -> tuple[str, ...]:
    """File settings: strings as `_as_tuple` reads them, or path objects (from the API)."""
    if isinstance(value, os.PathLike):
        value = [value]
    if isinstance(value, list | tuple):
        value = [os.fspath(v) if isinstance(v, os.PathLike) else v for v in value]
    return _as_tuple(value, name, where)


def _missing(path: Path) -> bool:
    """Whether nothing is at `path` (another problem, an invalid name, is the reader's to say)."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False
    return False


_RULE_CODES = frozenset(RULES_BY_CODE)
_NO_MAPPING: Mapping[str, Any] = MappingProxyType({})


class Settings:
    """Everything that changes what benchlint reports for a file. Immutable."""

    FIELDS = (
        "profile",
        "select",
        "ignore",
        "fail_on",
        "catalogs",
        "extra_harnesses",
        "max_file_size",
        "severity",
        "per_file_ignores",
        "secrets_lists",
        "max_attempts",
        "follow_symlinks",
        "workspace",
        "workspace_max_age",
        "workspace_data",
        "root",
        "source",
    )
    profile: str
    select: tuple[str, ...]
    ignore: tuple[str, ...]
    fail_on: str
    catalogs: tuple[str, ...]  # catalog files (absolute, or relative to `root`)
    extra_harnesses: tuple[str, ...]
    max_file_size: int
    severity: Mapping[str, Severity]
    per_file_ignores: Mapping[str, tuple[str, ...]]
    secrets_lists: tuple[str, ...]  # saved `secret list` files (absolute, or relative to root)
    max_attempts: int | None  # the run budget (BL505); None: no budget
    follow_symlinks: bool  # read files that symbolic links take out of the repository (BL004)
    workspace: Workspace | None  # benchmarks and secret records given as data (a service)
    workspace_max_age: int  # days before the workspace cache is called old (BL902)
    workspace_data: WorkspaceData | None  # the repository's `.benchlint/` cache, when read
    root: Path | None  # the settings file's folder: relative paths start here
    source: Path | None  # the settings file, when there is one
    _where: str  # what errors name as the source (not compared: it only labels)
    # The repository root when these values come from a file inside the repository under
    # check (which a pull request controls): they may narrow, never widen (not compared).
    _repository: str | None

    def __init__(
        self,
        profile: str = DEFAULT_PROFILE,
        select: tuple[str, ...] = ("BL",),
        ignore: tuple[str, ...] = (),
        fail_on: str = "error",
        catalogs: tuple[str, ...] = (),
        extra_harnesses: tuple[str, ...] = (),
        max_file_size: int = DEFAULT_MAX_FILE_SIZE,
        severity: Mapping[str, Severity] = _NO_MAPPING,
        per_file_ignores: Mapping[str, tuple[str, ...]] = _NO_MAPPING,
        secrets_lists: tuple[str, ...] = (),
        max_attempts: int | None = None,
        follow_symlinks: bool = False,
        workspace: Workspace | None = None,
        workspace_max_age: int = DEFAULT_MAX_AGE_DAYS,
        workspace_data: WorkspaceData | None = None,
        root: Path | None = None,
        source: Path | None = None,
        *,
        origin: str | None = None,
        repository: str | None = None,
    ) -> None:
        given = locals()
        for name in self.FIELDS:
            object.__setattr__(self, name, given[name])
        # What errors name as the settings' source: a file, a flag, an editor setting.
        where = origin or (str(source) if source else "settings")
        object.__setattr__(self, "_where", where)
        object.__setattr__(self, "_repository", repository)
        self._validate(where)
        if repository is not None:
            self._only_narrowing(where, repository)

    @property
    def where(self) -> str:
        """What errors name as these settings' source: a file, a flag, an editor setting."""
        return str(self._where)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Settings are immutable: use with_overrides() to change `{name}`")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Settings are immutable: `{name}` cannot be deleted")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settings):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(
            tuple(
                tuple(sorted(value.items())) if isinstance(value, Mapping) else value
                for value in self._values()
            )
        )

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"Settings({shown})"

    def _validate(self, where: str) -> None:
        set_ = object.__setattr__
        if self.profile not in PROFILES:
            known = ", ".join(f"`{name}`" for name in PROFILES)
            shown = _shown_setting(self.profile)
            if not isinstance(self.profile, str):
                raise SettingsError(
                    f"`profile` in {where} must name a profile ({known}), not {shown}"
                )
            raise SettingsError(f"unknown profile {shown} in {where} (known: {known})")
        set_(
            self,
            "select",
            tuple(_check_selector(s, where) for s in _as_tuple(self.select, "select", where)),
        )
        if not self.select:
            raise SettingsError(
                f"`select` in {where} is empty: it would turn every rule off (leave it out to "
                "use the profile's rules; `ignore` turns rules off one by one)"
            )
        set_(
            self,
            "ignore",
            tuple(_check_selector(s, where) for s in _as_tuple(self.ignore, "ignore", where)),
        )
        if self.fail_on not in FAIL_ON:
            raise SettingsError(
                f"`fail-on` in {where} must be one of {', '.join(FAIL_ON)}, "
                f"not {_shown_setting(self.fail_on)}"
            )
        set_(self, "catalogs", _as_paths(self.catalogs, "catalog", where))
        set_(self, "extra_harnesses", _as_tuple(self.extra_harnesses, "extra-harnesses", where))
        if (
            isinstance(self.max_file_size, bool)
            or not isinstance(self.max_file_size, int)
            or (self.max_file_size < 1)
        ):
            raise SettingsError(f"`max-file-size` in {where} must be a positive integer (bytes)")
        set_(self, "severity", MappingProxyType(self._checked_severity(where)))
        set_(self, "per_file_ignores", MappingProxyType(self._checked_per_file(where)))
        set_(
            self,
            "secrets_lists",
            _as_paths(self.secrets_lists, "secrets-list", where),
        )
        budget = self.max_attempts
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int)):
            raise SettingsError(f"`max-attempts` in {where} must be a positive integer")
        if budget is not None and budget < 1:
            raise SettingsError(f"`max-attempts` in {where} must be a positive integer")
        if not isinstance(self.follow_symlinks, bool):
            raise SettingsError(f"`follow-symlinks` in {where} must be true or false")
        if self.workspace is not None and not isinstance(self.workspace, Workspace):
            raise SettingsError(f"`workspace` in {where} must be a benchlint.Workspace")
        age = self.workspace_max_age
        if isinstance(age, bool) or not isinstance(age, int) or age < 1:
            raise SettingsError(f"`workspace-max-age` in {where} must be a positive integer (days)")

    def _only_narrowing(self, where: str, repository: str) -> None:
        """Settings from a file inside the repository under check may narrow what benchlint
        reads, never widen it: that file is what a pull request controls when CI checks it.
        Each refusal is one line naming the file, the setting and the user's way to ask."""
        if self.follow_symlinks:
            raise SettingsError(
                f"`follow-symlinks = true` in {where} is not honoured: a settings file inside "
                "the repository may narrow what benchlint reads, never widen it (give "
                "--follow-symlinks on the command line)"
            )
        for setting, entries, flag in (
            ("catalog", self.catalogs, "--catalog"),
            ("secrets-list", self.secrets_lists, "--secrets-list"),
        ):
            for entry in dict.fromkeys(entries):  # a repeat is the same answer
                if not all(inside(path, repository) for path in self._entry_paths(entry)):
                    raise SettingsError(
                        f"{setting} `{shown_text(one_line(entry), one_value=True)}` in {where} "
                        "is outside the repository: a settings file inside the repository may "
                        f"name only files inside it (give {flag} on the command line)"
                    )

    def _entry_paths(self, entry: str) -> list[str]:
        """The files a catalog or secret-list entry names (a pattern: those it matches, and
        the folder it starts from), without reading any."""
        if "\0" in entry:  # not a path at all: the reader says so
            return []
        pattern = Path(entry)
        if not pattern.is_absolute() and self.root is not None:
            pattern = self.root / pattern
        if not glob.has_magic(str(pattern)):
            return [str(pattern)]
        parts = pattern.parts
        first = next(i for i, part in enumerate(parts) if glob.has_magic(part))
        return [str(Path(*parts[:first])) if first else ".", *glob.glob(str(pattern))]

    def _checked_severity(self, where: str) -> dict[str, Severity]:
        if not isinstance(self.severity, Mapping):
            raise SettingsError(f'`severity` in {where} must be a table of CODE = "severity"')
        checked: dict[str, Severity] = {}
        codes = _RULE_CODES
        for code, level in self.severity.items():
            if code not in codes and retired_reason(code) is None:
                _check_selector(code, where)
                shown = shown_text(str(code), one_value=True)
                raise SettingsError(f"`severity` in {where} needs full rule codes, not `{shown}`")
            if level not in SEVERITIES:
                raise SettingsError(
                    f"severity of {code} in {where} must be error, warning or info, "
                    f"not {_shown_setting(level)}"
                )
            checked[code] = level
        return checked

    def _checked_per_file(self, where: str) -> dict[str, tuple[str, ...]]:
        if not isinstance(self.per_file_ignores, Mapping):
            raise SettingsError(f"`per-file-ignores` in {where} must be a table of glob = [codes]")
        for pattern in self.per_file_ignores:
            if (problem := glob_problem(str(pattern))) is not None:
                raise SettingsError(f"`per-file-ignores` in {where}: {problem}")
        return {
            str(pattern): tuple(
                _check_selector(code, where)
                for code in _as_tuple(codes, f"per-file-ignores.{pattern}", where)
            )
            for pattern, codes in self.per_file_ignores.items()
        }

    # -- what is enabled -----------------------------------------------------------------------
    @lazy
    def enabled_codes(self) -> frozenset[str]:
        return frozenset(
            code
            for code in _RULE_CODES
            if any(code.startswith(s) for s in self.select)
            and not any(code.startswith(i) for i in self.ignore)
        )

    def enabled_for(self, path: str | None) -> frozenset[str]:
        """Codes enabled for one file, after per-file ignores."""
        ignored = self.ignored_for(path)
        if not ignored:
            return self.enabled_codes
        return frozenset(c for c in self.enabled_codes if not any(c.startswith(i) for i in ignored))

    def ignored_for(self, path: str | None) -> tuple[str, ...]:
        if not path or not self.per_file_ignores:
            return ()
        candidate = Path(path)
        if self.root is not None:
            try:
                candidate = Path(os.path.abspath(path)).relative_to(self.root)
            except ValueError:
                candidate = Path(path)
        text = candidate.as_posix()
        patterns, codes = self._per_file_globs
        matched = set(patterns.matching(text)).union(patterns.matching(candidate.name))
        return tuple(code for index in sorted(matched) for code in codes[index])

    @lazy
    def _per_file_globs(self) -> tuple[GlobSet, tuple[tuple[str, ...], ...]]:
        """The `per-file-ignores` patterns, compiled once (each file of a run asks them all),
        and the codes of each."""
        return GlobSet(self.per_file_ignores), tuple(self.per_file_ignores.values())

    def catalog_paths(self) -> list[Path]:
        """Catalog files, globs expanded, relative entries resolved against `root`."""
        return self._files(self.catalogs, "catalog")

    def secrets_list_paths(self) -> list[Path]:
        """Saved `secret list` files, as `catalog_paths` finds catalogs."""
        return self._files(self.secrets_lists, "secrets-list")

    def _files(self, entries: tuple[str, ...], setting: str) -> list[Path]:
        """The files the entries name, in order. A file named twice is listed once where
        that changes nothing: each file's contents are added to or laid over those before it
        (catalogs: the last file to state a value wins, and benchmarks keep the place where
        they first came; secret lists: a union), so `a, b, a` means `a, b, b, a` (first
        places, then last places) and is listed so; `a, a` is `a`. Each entry is looked at
        once (`catalog = ["c/*.json"]` given `n` times read every match `n` times)."""
        named: dict[str, list[Path]] = {}  # each entry once: a repeat names the same files
        for entry in entries:
            if entry not in named:
                named[entry] = self._entry_files(entry, setting)
        first = list(dict.fromkeys(path for paths in named.values() for path in paths))
        if not self.follow_symlinks:
            for path in first:
                self._refuse_escape(path, setting)
        if len(named) == len(entries) and sum(map(len, named.values())) == len(first):
            return first  # nothing named twice
        later: list[Path] = []  # backwards, each entry where it last came
        for entry in dict.fromkeys(reversed(entries)):
            later.extend(reversed(named[entry]))
        last = list(dict.fromkeys(later))[::-1]  # each file where it last came
        return first if last == first else first + last

    def _entry_files(self, entry: str, setting: str) -> list[Path]:
        """The files one catalog or secret-list entry names: a pattern's matches, sorted."""
        where: str = self._where
        pattern = Path(entry)
        if not pattern.is_absolute() and self.root is not None:
            pattern = self.root / pattern
        # Relative entries resolve against `root`, else the current folder: say which.
        folder = one_line(str(self.root if self.root is not None else Path.cwd()))
        shown = f"`{shown_text(one_line(entry), one_value=True)}` in {one_line(where)}"
        if glob.has_magic(str(pattern)):
            matches = sorted(glob.glob(str(pattern)))
            if not matches:
                raise SettingsError(
                    f"{setting} pattern {shown} matches no file (looked in {folder})"
                )
            return [Path(m) for m in matches]
        if _missing(pattern):
            relative = "" if Path(entry).is_absolute() else f" (looked in {folder})"
            raise SettingsError(f"{setting} file {shown} does not exist{relative}")
        return [pattern]

    def _refuse_escape(self, path: Path, setting: str) -> None:
        """A file named by these settings that a symbolic link takes out of the repository
        (see `core.boundary`) is not read unless `follow-symlinks` says so."""
        fallback = str(self.root) if self.root is not None else os.getcwd()
        if leaves_repository(str(path), fallback):
            raise SettingsError(
                f"{setting} file {one_line(str(path))} is a symbolic link to a file outside "
                "the repository: not read (--follow-symlinks on the command line, or "
                "`follow-symlinks = true` in a settings file outside the repository, reads it)"
            )

    @lazy
    def catalog(self) -> Catalog:
        """The bundled catalog with the workspace cache's benchmarks, then the configured
        files, then the workspace's benchmarks, laid over it (read once): what is named
        explicitly wins over the cache."""
        from ..domain.catalog import CatalogError, load_catalog

        cached = self.workspace_data.benchmarks if self.workspace_data is not None else ()
        try:
            catalog = load_catalog(self.catalog_paths(), under=cached)
        except CatalogError as error:
            unusable = None if error.path is None else ("catalogs", error.path)
            raise SettingsError(str(error), unusable) from None
        if self.workspace is not None and self.workspace.benchmarks:
            catalog = catalog.with_entries(self.workspace.benchmarks)
        return catalog

    @lazy
    def secret_records(self) -> SecretRecords | None:
        """The workspace's secret records, from the `secrets-list` files and the workspace
        value (read once); None when neither says (then nothing is checked against them)."""
        read: list[SecretRecords] = []
        # Each file once: records are a union, in the order names first came.
        for path in dict.fromkeys(self.secrets_list_paths()):
            try:
                read.append(SecretRecords.from_file(path))
            except SecretRecordsError as error:
                unusable = None if error.path is None else ("secrets_lists", error.path)
                raise SettingsError(str(error), unusable) from None
        found = _merged(read)
        if self.workspace is not None and self.workspace.secret_records is not None:
            given = self.workspace.secret_records
            found = given if found is None else found.merged(given)
        if found is None and self.workspace_data is not None:
            return self.workspace_data.secrets  # the cache, unless records are named
        return found

    @property
    def cached_secrets_used(self) -> bool:
        """Whether the secret records checked are the workspace cache's."""
        data = self.workspace_data
        return (
            data is not None and data.secrets is not None and (self.secret_records is data.secrets)
        )

    def with_overrides(self, **changes: Any) -> Settings:
        """A copy with some values replaced (None leaves a value as it is)."""
        values = {name: getattr(self, name) for name in self.FIELDS}
        values.update((k, v) for k, v in changes.items() if v is not None)
        return Settings(**values, origin=self._where)

    def layered(
        self,
        *,
        profile: str | None = None,
        select: tuple[str, ...] | None = None,
        fail_on: str | None = None,
        max_file_size: int | None = None,
        severity: Mapping[str, Severity] | None = None,
        max_attempts: int | None = None,
        follow_symlinks: bool | None = None,
        ignore: tuple[str, ...] = (),
        catalogs: tuple[str, ...] = (),
        extra_harnesses: tuple[str, ...] = (),
        secrets_lists: tuple[str, ...] = (),
    ) -> Settings:
        """These settings with a caller's on top, the one way the command line and the
        language server combine them with a settings file: single values and `select` win,
        `severity` entries override one by one, and the lists `ignore`, `catalog`,
        `secrets-list` and `extra-harnesses` add to the file's (paths must be absolute)."""
        return self.with_overrides(
            profile=profile,
            select=select,
            fail_on=fail_on,
            max_file_size=max_file_size,
            max_attempts=max_attempts,
            follow_symlinks=follow_symlinks,
            secrets_lists=(*(str(p) for p in self.secrets_list_paths()), *secrets_lists)
            if secrets_lists
            else None,
            severity={**self.severity, **severity} if severity else None,
            ignore=(*self.ignore, *ignore) if ignore else None,
            # the file's own entries made absolute: the copy has no settings file to be
            # relative to once other roots are mixed in
            catalogs=(*(str(p) for p in self.catalog_paths()), *catalogs) if catalogs else None,
            extra_harnesses=(*self.extra_harnesses, *extra_harnesses) if extra_harnesses else None,
        )

    # -- files -----------------------------------------------------------------------------------
    @classmethod
    def from_mapping(
        cls, mapping: Mapping[str, Any], *, root: Path | None = None, source: Path | None = None
    ) -> Settings:
        """Settings from a `[tool.benchlint]`-shaped table (kebab-case keys)."""
        where = str(source) if source else "settings"
        return cls._from_table(mapping, root=root, source=source, where=where)

    @classmethod
    def from_file(cls, path: Path, *, repository: str | None = None) -> Settings:
        """Read a settings file: its `[tool.benchlint]` table when it has a `[tool]` table
        (`pyproject.toml`), else its top-level keys (`benchlint.toml`), whatever its name.
        `repository`: the root of the repository under check, when the file lies inside it
        (then its settings may narrow, never widen: see `_only_narrowing`)."""
        table, nested = _read_settings_table(path)
        where = f"[tool.benchlint] of {path}" if nested else str(path)
        root = path.parent.resolve()
        return cls._from_table(table, root=root, source=path, where=where, repository=repository)

    @classmethod
    def _from_table(
        cls,
        mapping: Mapping[str, Any],
        *,
        root: Path | None,
        source: Path | None,
        where: str,
        repository: str | None = None,
    ) -> Settings:
        values = _known_keys(mapping, where)
        try:
            return cls(root=root, source=source, origin=where, repository=repository, **values)
        except TypeError as error:
            raise SettingsError(f"invalid settings in {where}: {error}") from None

    @classmethod
    def discover(cls, path: str | os.PathLike[str]) -> Settings:
        """The settings for a file: the nearest `benchlint.toml`, or `pyproject.toml` with a
        `[tool.benchlint]` table, searching upward from the file's folder."""
        given = Path(os.path.abspath(path))
        found = find_settings_file(given)
        if found is None:
            return cls()
        # what discovery finds lies inside the root, so it is the repository's
        folder = given if given.is_dir() else given.parent
        return cls.from_file(found, repository=settings_root(folder))


class Discovery:
    """What one run of the command line learns about folders as it looks for settings files
    (kept for the run: the editor, where files come and go unannounced, looks afresh):
    each folder's answer, its own settings file or else its parent's, and each path's real
    path, its parent's real path and its name unless the name is a link. Each folder is
    looked at once, so a chain `a/a/a/…` of `n` folders with a config (and a `pyproject.toml`)
    in each costs `n` folders' looks, not `n²` (the walk up from every folder, and the link
    check of every settings file it found, resolving every folder above it again)."""

    __slots__ = ("_folders", "answers")

    def __init__(self) -> None:
        # (folder, root, follow_symlinks) → the settings file for configs in it, or the error
        self.answers: dict[tuple[str, str, bool], Path | SettingsError | None] = {}
        self._folders = Folders()  # each path's real path, from its parent's

    def escapes(self, path: str, root: str) -> str | None:
        """`core.boundary.escapes` for an absolute `path` inside `root` as written."""
        real = self._folders.real(path)
        return None if inside_as_written(real, self._folders.real(root)) else real


def find_settings_file(
    path: str | os.PathLike[str],
    follow_symlinks: bool = False,
    start: str | None = None,
    root: str | None = None,
    known: Discovery | None = None,
) -> Path | None:
    """The nearest settings file at or above `path`'s folder, no higher than its root
    (`core.boundary.root_of`: the git work tree; outside git, `start`, default the current
    folder): a `benchlint.toml` in a home folder does not configure every clone, and the
    root discovery stops at is the one links may not leave.
    Raises `SettingsError` for one that a symbolic link takes out of the repository, unless
    `follow_symlinks`: it is refused before it is read (a `pyproject.toml` is parsed to see
    whether it configures benchlint, and its parse errors would describe the outside file).
    `root`: that root, when the caller knows it already. `known`: what a run has learnt
    about folders looked at before (`Discovery`), and learns now. (Paths are strings here:
    a `Path` of a deep folder costs its depth to make.)"""
    given = os.path.abspath(path)
    folder = given if os.path.isdir(given) else os.path.dirname(given)
    root = root if root is not None else settings_root(Path(folder), start)
    answers = {} if known is None else known.answers
    walked: list[tuple[str, str, bool]] = []
    found: Path | SettingsError | None = None
    current = folder
    while inside_as_written(current, root):
        key = (current, root, follow_symlinks)
        if key in answers:
            found = answers[key]
            break
        walked.append(key)
        try:
            found = _settings_in(current, root, follow_symlinks, known)
        except SettingsError as error:
            found = error
        parent = os.path.dirname(current)
        if found is not None or parent == current:
            break
        current = parent
    for key in walked:
        answers[key] = found
    if isinstance(found, SettingsError):
        raise found
    return found


def _settings_in(
    folder: str, root: str, follow_symlinks: bool, known: Discovery | None
) -> Path | None:
    """The settings file in `folder` itself, if any (see `find_settings_file`)."""
    for name in (SETTINGS_FILE, "pyproject.toml"):
        found = os.path.join(folder, name)
        if not os.path.isfile(found):
            continue
        escape = escapes if known is None else known.escapes
        if not follow_symlinks and escape(found, root) is not None:
            raise SettingsError(
                f"settings file {found} is a symbolic link to a file outside the "
                "repository: not read (--follow-symlinks reads it)"
            )
        if name == SETTINGS_FILE or _has_tool_table(found):
            return Path(found)
    return None


def settings_root(folder: Path, start: str | None = None) -> str:
    """The root settings for a config in `folder` are looked for up to (`root_of`)."""
    return root_of(str(folder / "x"), start if start is not None else os.getcwd())


def settings_candidates(folder: Path, root: str) -> Iterator[Path]:
    """The files discovery looks at for a config in `folder`, nearest first, up to `root`."""
    for candidate in (folder, *folder.parents):
        if not inside_as_written(str(candidate), root):
            return
        for name in (SETTINGS_FILE, "pyproject.toml"):
            yield candidate / name


def _known_keys(mapping: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The table's values by `Settings` field; an unknown key is an error."""
    values: dict[str, Any] = {}
    for key, value in mapping.items():
        name = FILE_KEYS.get(key) or (key if key in FILE_KEYS.values() else None)
        if name is None:
            close = _close_matches(key, list(FILE_KEYS), n=1)
            hint = f"; did you mean `{close[0]}`?" if close else ""
            shown = shown_text(one_line(key), one_value=True)
            raise SettingsError(f"unknown setting `{shown}` in {where}{hint}")
        values[name] = value
    return values


_MAX_SETTINGS_BYTES = 1 << 20  # far beyond any settings file; a path may name a device


def _read_toml(path: str | Path) -> dict[str, Any]:
    try:
        content = read_file(path, _MAX_SETTINGS_BYTES)
        if content.oversized(_MAX_SETTINGS_BYTES):
            raise SettingsError(f"settings file {path} is larger than 1 MiB")
        return loads(content.data.decode("utf-8"))
    except OSError as error:
        raise SettingsError(f"cannot read settings file {path}: {error.strerror}") from None
    # ValueError: TOMLDecodeError, UnicodeDecodeError, and an integer past Python's digit limit.
    except (ValueError, RecursionError) as error:
        raise SettingsError(f"settings file {path} is not valid TOML: {error}") from None


# path → (its stat when read, whether it has a [tool.benchlint] table)
_TOOL_TABLES: dict[str, tuple[tuple[int, ...], bool]] = {}


def _has_tool_table(pyproject: str) -> bool:
    """Whether a discovered `pyproject.toml` configures benchlint (most do not). Parsed once
    per state of the file (its modification time, size, inode and change time): each folder
    below it asks, and one of `n` lines asked by `n` folders took seconds."""
    key = pyproject
    try:
        info = os.stat(pyproject)
        stamp: tuple[int, ...] | None = (
            info.st_mtime_ns,
            info.st_size,
            info.st_ino,
            info.st_ctime_ns,
        )
    except (OSError, ValueError):
        stamp = None  # the read says what is wrong
    seen = _TOOL_TABLES.get(key)
    if stamp is not None and seen is not None and seen[0] == stamp:
        announce(pyproject)  # as the read would: it may be named
        return seen[1]
    tool = _read_toml(pyproject).get("tool")
    found = isinstance(tool, dict) and isinstance(tool.get("benchlint"), dict)
    if stamp is not None:
        if len(_TOOL_TABLES) >= 4096:  # a long-lived editor: forget the files of long ago
            _TOOL_TABLES.clear()
        _TOOL_TABLES[key] = (stamp, found)
    return found


def _read_settings_table(path: Path) -> tuple[dict[str, Any], bool]:
    """The settings table and whether it was `[tool.benchlint]`: one rule for every file
    name, so that `--config` takes either layout."""
    data = _read_toml(path)
    if "tool" not in data:
        return data, False
    tool = data["tool"]
    nested = tool.get("benchlint") if isinstance(tool, dict) else None
    if not isinstance(nested, dict):
        raise SettingsError(
            f"{path} has a [tool] table but no [tool.benchlint] table: put the settings there, "
            "or drop [tool] and write them as top-level keys"
        )
    if path.name == SETTINGS_FILE and set(data) != {"tool"}:
        raise SettingsError(
            f"{path} mixes top-level settings with a [tool.benchlint] table; use one"
        )
    return nested, True


def _merged(records: list[SecretRecords]) -> SecretRecords | None:
    """The union of the records (None: none), merged in pairs, then pairs of those, and so
    on: merging each file into all those before it copied them once per file."""
    while len(records) > 1:
        pairs = zip(records[::2], records[1::2], strict=False)
        merged = [left.merged(right) for left, right in pairs]
        records = merged + records[len(merged) * 2 :]
    return records[0] if records else None


@cache
def default_settings() -> Settings:
    """The settings of a call that gives none: built once (Settings are immutable, and what
    they compute on demand is the same for every caller)."""
    return Settings()


def _close_matches(word: str, candidates: list[str], n: int) -> list[str]:
    import difflib  # only a mistake in the settings needs it

    return difflib.get_close_matches(word, candidates, n=n)


# -- a workspace given as data ---------------------------------------------------------------
WORKSPACE_ORIGIN = "the workspace"


class Workspace:
    """What the Platform knows about one workspace, given as data (for a service that has it
    in its own database; no file is read): its benchmarks, in the shapes `osmosis --json
    benchmark info/list` print (parsed JSON), and its secret records (`osmosis --json secret
    list`, or a list of names). Give it to `Settings(workspace=...)`.

    Immutable and safe to share between threads. Benchmarks replace the bundled entries with
    the same key (and the catalog files'); secret records add to those of `secrets-list`
    files. `secrets=None` (the default) means the records are unknown: BL212 stays quiet.

    Compared by identity: build one per workspace and reuse it (its hash is its id, so the
    settings that hold it hash in constant time, whatever it holds)."""

    __slots__ = ("benchmarks", "secret_records")

    benchmarks: tuple[CatalogEntry, ...]
    secret_records: SecretRecords | None

    def __init__(self, benchmarks: Iterable[Any] = (), secrets: Any = None) -> None:
        if isinstance(benchmarks, str | bytes | dict) or not isinstance(benchmarks, Iterable):
            raise TypeError(
                "Workspace(benchmarks=...) takes a list of parsed `osmosis --json benchmark "
                f"info/list` documents, not {type(benchmarks).__name__}"
            )
        entries: list[CatalogEntry] = []
        for index, document in enumerate(benchmarks):
            try:
                entries.extend(entries_from_document(document, WORKSPACE_ORIGIN))
            except CatalogShapeError as error:
                raise SettingsError(f"workspace benchmark {index + 1}: {error}") from None
        records: SecretRecords | None
        if secrets is None or isinstance(secrets, SecretRecords):
            records = secrets
        else:
            try:
                records = SecretRecords.from_json(
                    list(secrets) if isinstance(secrets, tuple | set | frozenset) else secrets,
                    "workspace secrets",
                )
            except SecretRecordsError as error:
                raise SettingsError(str(error)) from None
        object.__setattr__(self, "benchmarks", tuple(entries))
        object.__setattr__(self, "secret_records", records)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Workspace is immutable: build a new one")

    def __repr__(self) -> str:
        secrets = "unknown" if self.secret_records is None else len(self.secret_records)
        return f"Workspace({len(self.benchmarks)} benchmarks, secret records: {secrets})"
