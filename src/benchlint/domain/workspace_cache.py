"""The workspace cache: `.benchlint/workspace/` at the top of the repository.

    .benchlint/.gitignore                      `*`: nothing here is ever committed
    .benchlint/workspace/benchmarks/KEY.json   `osmosis --json benchmark info KEY`, byte for byte
    .benchlint/workspace/benchmarks/KEY.meta.json   when, with which CLI (`Fetched`)
    .benchlint/workspace/secrets.json          `secret list`, names and scopes only
    .benchlint/workspace/secrets.meta.json

Every file is written to a temporary file in the same folder and renamed over the old one: a
reader sees the old file or the new one, never half of one, and a failed fetch leaves the old.

Reading is cheap when there is no cache (a few `stat`s up the folders of a file) and done once
per state of the cache: the folders' modification times say when a pull has renamed a file in.
"""

from __future__ import annotations

import contextlib
import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from ..core.boundary import leaves_repository, repository_root
from ..core.reading import read_file
from ..core.record import NamedTuple
from .catalog.entry import CatalogEntry, CatalogShapeError
from .catalog.store import entries_from_document
from .json_files import JsonFileError, read_json
from .secret_records import SecretRecords, SecretRecordsError

CACHE_FOLDER = ".benchlint"
WORKSPACE = Path(CACHE_FOLDER) / "workspace"
BENCHMARKS = "benchmarks"
SECRETS = "secrets.json"
META = ".meta.json"
REFRESH = "benchlint workspace pull"
DEFAULT_MAX_AGE_DAYS = 7


class WorkspaceDataError(ValueError):
    """A cache file that cannot be read; the message names it and how to fetch it again."""


def now() -> datetime:
    """The time a cache's age is measured at (one place, so tests can set it)."""
    return datetime.now(UTC)


class Fetched(NamedTuple):
    """What is saved beside a fetched file."""

    at: datetime
    cli_version: str
    command: str

    def json(self) -> str:
        stamp = self.at.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
        data = {"fetched_at": stamp, "cli_version": self.cli_version, "command": self.command}
        return json.dumps(data, indent=2) + "\n"


class CachedFile(NamedTuple):
    path: Path
    fetched: Fetched


class WorkspaceData:
    """One state of a repository's cache: its benchmarks (as catalog entries whose origin is
    their file) and secret records, each with when it was fetched. Immutable; compared by
    identity (one object per state of the cache)."""

    __slots__ = ("benchmarks", "files", "folder", "secrets", "secrets_file")

    folder: Path  # the `.benchlint/workspace` folder
    benchmarks: tuple[CatalogEntry, ...]
    files: dict[str, CachedFile]  # an entry's origin (its file) → its file and fetch
    secrets: SecretRecords | None
    secrets_file: CachedFile | None

    def __init__(self, folder: Path) -> None:
        set_ = object.__setattr__
        set_(self, "folder", folder)
        entries: list[CatalogEntry] = []
        files: dict[str, CachedFile] = {}
        for path in sorted((folder / BENCHMARKS).glob("*.json")):
            if path.name.endswith(META):
                continue
            _refuse_escape(path)
            fetched = _fetched(path)
            try:
                found = entries_from_document(read_json(path, "workspace data file"), str(path))
            except JsonFileError as error:
                raise WorkspaceDataError(f"{error}: {_again()}") from None
            except CatalogShapeError as error:
                message = f"workspace data file {path}: {error}: {_again()}"
                raise WorkspaceDataError(message) from None
            entries.extend(found)
            files[str(path)] = CachedFile(path, fetched)
        set_(self, "benchmarks", tuple(entries))
        set_(self, "files", files)
        secrets = folder / SECRETS
        records: SecretRecords | None = None
        secrets_file: CachedFile | None = None
        if secrets.is_file():
            _refuse_escape(secrets)
            try:
                records = SecretRecords.from_file(secrets)
            except SecretRecordsError as error:
                raise WorkspaceDataError(f"{error}: {_again()}") from None
            secrets_file = CachedFile(secrets, _fetched(secrets))
        set_(self, "secrets", records)
        set_(self, "secrets_file", secrets_file)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("workspace data is immutable: pull again")

    def __repr__(self) -> str:
        secrets = "none" if self.secrets is None else len(self.secrets)
        return f"WorkspaceData({len(self.benchmarks)} benchmarks, secret records: {secrets})"

    def file_of(self, entry: CatalogEntry) -> CachedFile | None:
        """The cache file an entry came from (None: it came from elsewhere)."""
        return self.files.get(entry.origin)


def _refuse_escape(path: Path) -> None:
    """A cache file that a symbolic link takes out of the repository (a repository may commit
    one) is not read: its target's text would be quoted in messages."""
    if leaves_repository(str(path), str(path.parent)):
        raise WorkspaceDataError(
            f"workspace data file {path} is a symbolic link to a file outside the repository: "
            f"not read; delete it and {_again()}"
        )


def _again() -> str:
    return f"run `{REFRESH}` again"


_META_LIMIT = 64 * 1024  # a meta file benchlint writes is under 200 bytes


def _fetched(path: Path) -> Fetched:
    """What the file beside `path` says; a missing or broken one: the file's own time."""
    meta = path.with_name(path.name[: -len(".json")] + META)
    try:
        content = read_file(meta, _META_LIMIT)  # through the reader: the masker knows it
        if content.oversized(_META_LIMIT):
            raise ValueError("too large")
        data = json.loads(content.data.decode("utf-8"))
        at = datetime.fromisoformat(str(data["fetched_at"]).replace("Z", "+00:00"))
        if at.tzinfo is None:
            at = at.replace(tzinfo=UTC)
        return Fetched(at, str(data.get("cli_version", "unknown")), str(data.get("command", "")))
    except (OSError, ValueError, KeyError, TypeError):
        try:
            at = datetime.fromtimestamp(path.stat().st_mtime, UTC)
        except OSError:
            at = datetime.fromtimestamp(0, UTC)
        return Fetched(at, "unknown", "")


# -- finding a cache ---------------------------------------------------------------------------
_Stamp = tuple[int, int, int]
_loaded: dict[str, tuple[_Stamp, WorkspaceData | WorkspaceDataError]] = {}


def find_folder(
    folder: str | os.PathLike[str],
    top: str | None = None,
    known: dict[tuple[str, str | None], Path | None] | None = None,
) -> Path | None:
    """The `.benchlint/workspace` folder that applies to files in `folder`: the nearest at or
    above it, no higher than the repository that holds it, nor than `top` (outside git, the
    root settings discovery stops at: `core.boundary.root_of`). `known`: the answers for
    folders looked at before (by folder and `top`, absolute), filled in with those looked at
    now: a caller asking about many folders in one run looks at each once."""
    current = os.path.abspath(folder)
    stop = os.path.abspath(top) if top is not None else None
    answers = {} if known is None else known
    walked: list[tuple[str, str | None]] = []
    found: Path | None = None
    while True:
        key = (current, stop)
        if key in answers:
            found = answers[key]
            break
        walked.append(key)
        candidate = os.path.join(current, CACHE_FOLDER, "workspace")
        if os.path.isdir(candidate):
            found = Path(candidate)
            break
        if os.path.lexists(os.path.join(current, ".git")) or current == stop:
            break
        parent = os.path.dirname(current)
        if parent == current:
            break
        current = parent
    for key in walked:
        answers[key] = found
    return found


def data_for(folder: str | os.PathLike[str], top: str | None = None) -> WorkspaceData | None:
    """The cache that applies to files in `folder` (found no higher than `top`), read once
    per state (None: no cache). Raises `WorkspaceDataError` for a cache file that cannot be
    read."""
    found = find_folder(folder, top)
    return None if found is None else data_at(found)


def data_at(found: Path) -> WorkspaceData:
    """The cache in the `.benchlint/workspace` folder `found` (`find_folder`), read once per
    state. Raises `WorkspaceDataError` as `data_for` does."""
    root = repository_root(str(found))
    if root is not None and committed(Path(root)):
        raise WorkspaceDataError(
            f"the workspace cache {found.parent} is committed to the repository: not read (a "
            "repository cannot supply workspace data; remove it from git and run "
            f"`{REFRESH}`)"
        )
    stamp = _stamp(found)
    key = str(found)
    cached = _loaded.get(key)
    if cached is None or cached[0] != stamp:
        value: WorkspaceData | WorkspaceDataError
        try:
            value = WorkspaceData(found)
        except WorkspaceDataError as error:
            value = error
        cached = (stamp, value)
        _loaded[key] = cached
    if isinstance(cached[1], WorkspaceDataError):
        raise cached[1]
    return cached[1]


_index_seen: dict[str, tuple[tuple[int, int], bool]] = {}


def committed(repository: Path) -> bool:
    """Whether git tracks anything under `.benchlint/` in `repository` (its index names such a
    path): a pull request could commit a cache that says every secret record exists. Read
    from the index file itself (no program is run), once per state of it."""
    index = _git_dir(repository)
    if index is None:
        return False
    index = index / "index"
    try:
        info = index.stat()
    except OSError:
        return False
    stamp = (info.st_mtime_ns, info.st_size)
    seen = _index_seen.get(str(index))
    if seen is not None and seen[0] == stamp:
        return seen[1]
    try:
        with open(index, "rb") as handle:
            found = f"{CACHE_FOLDER}/".encode() in handle.read(256 * 1024 * 1024)
    except OSError:
        found = False
    _index_seen[str(index)] = (stamp, found)
    return found


def _git_dir(repository: Path) -> Path | None:
    """`.git` of a repository, or the folder a `.git` file names (a worktree, a submodule)."""
    dot_git = repository / ".git"
    if dot_git.is_dir():
        return dot_git
    try:
        text = read_file(dot_git, _META_LIMIT).data.decode("utf-8", "replace")
    except OSError:
        return None
    if not text.startswith("gitdir:"):
        return None
    target = Path(text.removeprefix("gitdir:").strip())
    return target if target.is_absolute() else repository / target


def _stamp(folder: Path) -> _Stamp:
    """Changes whenever a pull renames a file in (a rename changes its folder's time)."""

    def mtime(path: Path) -> int:
        try:
            return path.stat().st_mtime_ns
        except OSError:
            return -1

    benchmarks = folder / BENCHMARKS
    count = sum(1 for _ in benchmarks.iterdir()) if benchmarks.is_dir() else -1
    return (mtime(folder), mtime(benchmarks), count)


# -- age ---------------------------------------------------------------------------------------
def age_text(age: timedelta) -> str:
    """`9 days`, `1 day`, `20 hours`: how old, in the largest whole unit."""
    days = age.days
    if days >= 1:
        return f"{days} day{'s' if days != 1 else ''}"
    hours = int(age.total_seconds() // 3600)
    if hours < 1:
        return "less than an hour"
    return f"{hours} hour{'s' if hours != 1 else ''}"


# -- writing -----------------------------------------------------------------------------------
def cache_folder(repository: Path) -> Path:
    """`.benchlint/workspace` of a repository, created with a `.gitignore` that ignores it."""
    top = repository / CACHE_FOLDER
    (top / "workspace" / BENCHMARKS).mkdir(parents=True, exist_ok=True)
    ignore = top / ".gitignore"
    if not ignore.is_file():
        write_atomically(ignore, b"# benchlint's workspace cache: never committed\n*\n")
    return top / "workspace"


def benchmark_file(folder: Path, key: str) -> Path:
    """The file `benchmark info KEY` is saved in: the key, every character a file name could
    not hold (or that would make it a path) escaped, as a URL path segment is."""
    from urllib.parse import quote

    name = quote(key, safe=" -_.@+,=()[]{}")
    if name.startswith("."):
        name = "%2E" + name[1:]
    if len(name.encode()) > 200:  # file names stop at 255 bytes
        import hashlib

        name = name[:150] + "-" + hashlib.sha256(key.encode()).hexdigest()[:16]
    return folder / BENCHMARKS / f"{name}.json"


def meta_file(path: Path) -> Path:
    return path.with_name(path.name[: -len(".json")] + META)


def save(path: Path, data: bytes, fetched: Fetched) -> None:
    """The file and what is saved beside it, each replaced whole."""
    write_atomically(path, data)
    write_atomically(meta_file(path), fetched.json().encode())


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` to a temporary file beside `path`, then rename it over `path`."""
    import tempfile  # only a pull writes

    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
