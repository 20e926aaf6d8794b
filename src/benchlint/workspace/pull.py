"""`benchlint workspace pull`: fetch benchmarks and secret records through `osmosis`, save them.

Each benchmark is `osmosis --json benchmark info KEY`, saved byte for byte once it has been
read as a benchmark; the secret records are `osmosis --json secret list --all` with every
field but `name` and `scope` dropped before saving (a future CLI may print more). A fetch that
fails leaves that file's previous state in place; one that says every other would fail too
(no CLI, not logged in, network down) stops the pull.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..core.boundary import leaves_repository
from ..core.reading import read_file
from ..core.record import NamedTuple
from ..domain.catalog.entry import CatalogEntry, CatalogShapeError
from ..domain.catalog.store import entries_from_document
from ..domain.secret_records import SecretRecords, SecretRecordsError
from ..domain.workspace_cache import SECRETS, Fetched, benchmark_file, cache_folder, now, save
from ..lint.settings import DEFAULT_MAX_FILE_SIZE
from ..rules.bl404_benchmark_looks_like_path import looks_like_path
from ..rules.wording import quoted, quoted_text
from ..secrets.redaction import redact
from .osmosis import Osmosis, OsmosisError

Progress = Callable[[str], None]


class Failed(NamedTuple):
    what: str  # a benchmark key as written, or "secret list"
    message: str


class PullReport(NamedTuple):
    version: str | None  # the CLI's, once known
    fetched: list[str]  # benchmark keys saved
    secrets: int | None  # secret records saved (None: not fetched)
    failed: list[Failed]
    stopped: str | None  # why the pull stopped early (a fatal failure), if it did
    folder: Path | None  # where it saved

    @property
    def status(self) -> int:
        """0 everything fetched, 1 something failed, 2 the pull could not run at all."""
        if self.stopped is not None and not self.fetched and self.secrets is None:
            return 2
        return 1 if self.failed or self.stopped else 0

    def summary(self) -> str:
        parts = []
        if self.fetched:
            shown = ", ".join(quoted(key) for key in self.fetched[:5])
            more = f" and {len(self.fetched) - 5} more" if len(self.fetched) > 5 else ""
            count = len(self.fetched)
            parts.append(f"{count} benchmark{'s' if count != 1 else ''} ({shown}{more})")
        if self.secrets is not None:
            parts.append(f"{self.secrets} secret record{'s' if self.secrets != 1 else ''}")
        where = ".benchlint/workspace"
        fetched = (
            f"fetched {' and '.join(parts)} into {where} with osmosis-ai {self.version}"
            if parts
            else "fetched nothing"
        )
        if self.stopped is not None:
            return f"workspace pull stopped: {self.stopped}; {fetched}; the cache kept the rest"
        if self.failed:
            failed = "; ".join(f"{f.what}: {f.message}" for f in self.failed[:3])
            more = f" (and {len(self.failed) - 3} more)" if len(self.failed) > 3 else ""
            count = len(self.failed)
            return f"workspace pull: {fetched}; {count} failed, kept as they were: {failed}{more}"
        return f"workspace pull: {fetched}"


_CONFIG_LIMIT = DEFAULT_MAX_FILE_SIZE  # a config past it is not read for keys


def references(paths: Iterable[str]) -> tuple[list[str], list[Failed]]:
    """The benchmarks the configs at `paths` (files or folders, as `check` takes them)
    reference, in order, once each; and the paths that cannot be read."""
    from ..cli.files import expand  # the command line's own walk

    targets, unusable = expand(list(paths))
    problems = [Failed(f.path, f.reason) for f in unusable]
    keys: list[str] = []
    for target in targets:
        if leaves_repository(target.path, target.walked_from or os.getcwd()):
            continue  # a link out of the repository: not read (`check` reports BL004)
        try:
            content = read_file(target.path, _CONFIG_LIMIT)  # the masker learns it
            if content.oversized(_CONFIG_LIMIT):
                continue  # `check` reports it (BL003)
            data = tomllib.loads(content.data.decode("utf-8"))
        except (OSError, ValueError):
            continue  # `check` says what is wrong with it
        experiment = data.get("experiment")
        benchmark = experiment.get("benchmark") if isinstance(experiment, dict) else None
        if isinstance(benchmark, str) and benchmark not in keys:
            keys.append(benchmark)
    return keys, problems


def unfit_key(key: str) -> str | None:
    """Why `key` is not asked for (None: it is): it would be an option or a path, or it
    looks like a credential, which never goes on a command line."""
    if not key.strip() or key != key.strip():
        return "not a benchmark key (empty, or spaces around it)"
    if redact(key) != key:
        return "it looks like a credential, which benchlint never puts on a command line"
    if key.startswith("-") or looks_like_path(key) or any(ord(c) < 32 for c in key):
        return "not a benchmark key (an option, a path or a control character)"
    return None


def pull(
    repository: Path,
    keys: list[str],
    osmosis: Osmosis,
    *,
    secrets: bool = True,
    progress: Progress | None = None,
) -> PullReport:
    """Fetch `keys` and (with `secrets`) the secret records into the repository's cache."""
    failed: list[Failed] = []
    fetched: list[str] = []
    saved_secrets: int | None = None
    try:
        version = osmosis.version()
    except OsmosisError as error:
        return PullReport(None, [], None, [], str(error), None)
    folder: Path | None = None
    wanted = [key for key in keys if not _refused(key, failed)]
    for index, key in enumerate(wanted):
        try:
            answer = osmosis.json("benchmark", "info", key)
            entry = _benchmark(answer.value, key)
            folder = folder or cache_folder(repository)
            command = f"osmosis --json benchmark info {key}"
            save(benchmark_file(folder, key), answer.data, Fetched(now(), version, command))
        except OsmosisError as error:
            if error.fatal:  # (said once, by whoever shows the report)
                return PullReport(version, fetched, None, failed, str(error), folder)
            if progress is not None:
                progress(f"[{index + 1}/{len(wanted)}] {quoted(key)}: {error}")
            failed.append(Failed(quoted(key), str(error)))
            continue
        fetched.append(key)
        if progress is not None:
            progress(f"[{index + 1}/{len(wanted)}] {quoted(key)}: {_state(entry)}")
    if secrets:
        try:
            answer = osmosis.json("secret", "list", "--all")
            kept = names_and_scopes(answer.value)
            records = SecretRecords.from_json(kept, "osmosis secret list")
            folder = folder or cache_folder(repository)
            data = json.dumps(kept, indent=1).encode() + b"\n"
            command = "osmosis --json secret list --all"
            save(folder / SECRETS, data, Fetched(now(), version, command))
            saved_secrets = len(kept["items"])
            if progress is not None:
                progress(f"secret list: {saved_secrets} records ({len(records)} read by submit)")
        except OsmosisError as error:
            if error.fatal:
                return PullReport(version, fetched, None, failed, str(error), folder)
            failed.append(Failed("secret list", str(error)))
        except SecretRecordsError as error:
            failed.append(Failed("secret list", str(error)))
    return PullReport(version, fetched, saved_secrets, failed, None, folder)


def _refused(key: str, failed: list[Failed]) -> bool:
    reason = unfit_key(key)
    if reason is not None:
        failed.append(Failed(quoted(key), f"not fetched: {reason}"))
    return reason is not None


def _benchmark(value: dict[str, Any], key: str) -> CatalogEntry:
    """The benchmark in `benchmark info`'s envelope (before anything is saved)."""
    try:
        [entry] = entries_from_document(value, "osmosis")
    except (CatalogShapeError, ValueError):
        raise OsmosisError(
            f"osmosis benchmark info {quoted_text(key)} printed JSON that is not one benchmark",
            "not-a-benchmark",
            fatal=False,
        ) from None
    return entry


def _state(entry: CatalogEntry) -> str:
    tasks = f"{entry.task_count:,} tasks" if entry.task_count is not None else "tasks unknown"
    status = entry.sync_status or "ready"
    return f"{status}, {tasks}"


def names_and_scopes(value: dict[str, Any]) -> dict[str, Any]:
    """`secret list`'s envelope reduced to what benchlint keeps: each record's name and
    scope; every other field (ids, people, times, whatever a future CLI adds) is dropped."""
    items = value.get("items")
    if not isinstance(items, list):
        raise OsmosisError(
            "osmosis secret list printed JSON without `items`", "not-json", fatal=False
        )
    kept: list[dict[str, Any]] = []
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("name"), str):
            scope = item.get("scope")
            kept.append({"name": item["name"], "scope": scope if isinstance(scope, str) else None})
    return {"schema_version": 1, "items": kept}
