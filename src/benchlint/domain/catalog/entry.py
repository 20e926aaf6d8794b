"""One benchmark as the catalog knows it, read from the `benchmark info` JSON shape."""

from __future__ import annotations

import math
from typing import Any

from ...core.record import NamedTuple


class CatalogShapeError(ValueError):
    """A catalog entry that does not have the `benchmark info` shape."""


class TaskSet(NamedTuple):
    name: str
    task_count: int | None = None
    recommended: bool = False
    description: str | None = None


class Category(NamedTuple):
    name: str
    task_count: int | None = None


class Task(NamedTuple):
    name: str
    category: str | None = None
    difficulty: str | None = None


class CatalogEntry(NamedTuple):
    key: str
    name: str
    id: str | None = None
    description: str | None = None
    source_type: str | None = None  # "osmosis_managed" | "harbor_registry" | None (unknown)
    task_count: int | None = None
    category_count: int | None = None
    task_sets: tuple[TaskSet, ...] = ()
    categories: tuple[Category, ...] = ()
    tasks: tuple[Task, ...] | None = None  # None: no task manifest known
    supports_harness: bool | None = None
    requires_harness: bool | None = None
    default_harness: str | None = None
    requires_judge_model: bool | None = None
    requires_judge_api_key: bool | None = None
    judge_model_default: str | None = None
    pass_threshold: float | None = None
    required_secret_names: tuple[str, ...] = ()
    # The benchmark's sync with its upstream source: "ready", "pending", "syncing", "failed"
    # (None: not stated, as for the bundled entries, which are all runnable).
    sync_status: str | None = None
    synced_task_count: int | None = None
    sync_error: str | None = None  # the server's text: masked wherever it is shown
    platform_url: str | None = None
    origin: str = "bundled"  # "bundled" or the catalog file it came from
    # The fields its source stated; the others are unknown (None/empty), e.g. a
    # `benchmark list` entry says nothing about judges or harnesses.
    stated: frozenset[str] = frozenset()

    @property
    def bundled(self) -> bool:
        return self.origin == "bundled"

    @property
    def managed(self) -> bool:
        return self.source_type == "osmosis_managed"

    @property
    def has_manifest(self) -> bool:
        return self.tasks is not None

    @property
    def ready(self) -> bool:
        """Whether the benchmark can run: its sync is complete (or its state is not stated)."""
        return self.sync_status in (None, "ready")

    @property
    def complete_manifest(self) -> bool:
        """A task manifest that lists every task: saved while the sync was not complete, it
        proves nothing about the tasks it lacks."""
        return self.has_manifest and self.ready

    @property
    def uses_judge(self) -> bool:
        return bool(self.requires_judge_model or self.requires_judge_api_key)

    @property
    def needs_judge_key(self) -> bool:
        """Whether a run needs `[execution].judge_api_key_secret`: the SDK's own flag for it,
        `requires_judge_api_key` (0.3.0); a source that does not state it (older SDKs) is read
        as "a judge model needs a key"."""
        if self.requires_judge_api_key is not None:
            return self.requires_judge_api_key
        return bool(self.requires_judge_model)

    @property
    def pinned_grader(self) -> bool:
        """A judge whose model is fixed: it takes a key but no `judge_model`."""
        return bool(self.requires_judge_api_key and not self.requires_judge_model)

    @property
    def official_scaffold_only(self) -> bool:
        return self.supports_harness is False

    def publishes(self, task_set: str) -> bool:
        return any(ts.name == task_set for ts in self.task_sets)

    def names(self) -> tuple[str, ...]:
        """The strings `[experiment].benchmark` may use for this entry."""
        return tuple(v for v in (self.key, self.name, self.id) if v)


def _get(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
    value = data.get(key, default)
    if value is None:
        return default
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        expected = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise CatalogShapeError(f"`{key}` must be {expected}, found {type(value).__name__}")
    return value


def _finite(data: dict[str, Any], key: str) -> float | None:
    value = _get(data, key, (int, float))
    if value is None:
        return None
    if isinstance(value, bool):  # a bool is an int to Python, not a number to JSON
        raise CatalogShapeError(f"`{key}` must be a number, found bool")
    try:
        number = float(value)
    except OverflowError:  # an integer past the float range
        raise CatalogShapeError(f"`{key}` is too large a number") from None
    # NaN and Infinity: JSON extensions Python accepts, which no JSON output could carry.
    if not math.isfinite(number):
        raise CatalogShapeError(f"`{key}` must be a finite number, found {number}")
    return number


def _items(data: dict[str, Any], key: str) -> list[dict[str, Any]] | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise CatalogShapeError(f"`{key}` must be an array of objects")
    return value


def _named(item: dict[str, Any], where: str) -> str:
    name = item.get("name")
    if not isinstance(name, str) or not name:
        raise CatalogShapeError(f"every entry of `{where}` needs a `name` string")
    return name


def entry_from_json(data: Any, origin: str) -> CatalogEntry:
    """A catalog entry from a `benchmark` object (of `benchmark info` or `benchmark list`)."""
    if not isinstance(data, dict):
        raise CatalogShapeError("a benchmark must be a JSON object")
    key = data.get("key") or data.get("source_ref")
    if not isinstance(key, str) or not key:
        raise CatalogShapeError("a benchmark needs a `key` string")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        # Not quoted: until it has a name it is not a benchmark, and a file named as a catalog
        # by mistake (or by a pull request) may hold anything in a `key`.
        raise CatalogShapeError("a benchmark needs a `name` string besides its `key`")
    identifier = data.get("id")
    task_sets = _items(data, "task_sets") or []
    categories = _items(data, "categories") or []
    tasks = _items(data, "tasks")
    secrets = data.get("required_secret_names")
    secrets = [] if secrets is None else secrets
    if not isinstance(secrets, list) or not all(isinstance(s, str) for s in secrets):
        raise CatalogShapeError(f"`required_secret_names` of `{key}` must be an array of strings")
    stated = frozenset(name for name in CatalogEntry._fields if data.get(name) is not None)
    return CatalogEntry(
        key=key,
        name=name,
        id=str(identifier) if identifier not in (None, "") else None,
        description=_get(data, "description", str),
        source_type=_get(data, "source_type", str),
        task_count=_get(data, "task_count", int),
        category_count=_get(data, "category_count", int),
        task_sets=tuple(
            TaskSet(
                _named(ts, "task_sets"),
                _get(ts, "task_count", int),
                bool(ts.get("recommended")),
                _get(ts, "description", str),
            )
            for ts in task_sets
        ),
        categories=tuple(
            Category(_named(c, "categories"), _get(c, "task_count", int)) for c in categories
        ),
        tasks=None
        if tasks is None
        else tuple(
            Task(_named(t, "tasks"), _get(t, "category", str), _get(t, "difficulty", str))
            for t in tasks
        ),
        supports_harness=_get(data, "supports_harness", bool),
        requires_harness=_get(data, "requires_harness", bool),
        default_harness=_get(data, "default_harness", str),
        requires_judge_model=_get(data, "requires_judge_model", bool),
        requires_judge_api_key=_get(data, "requires_judge_api_key", bool),
        judge_model_default=_get(data, "judge_model_default", str),
        pass_threshold=_finite(data, "pass_threshold"),
        required_secret_names=tuple(secrets),
        sync_status=_get(data, "sync_status", str),
        synced_task_count=_get(data, "synced_task_count", int),
        sync_error=_get(data, "sync_error", str),
        platform_url=_get(data, "platform_url", str),
        origin=origin,
        stated=stated | {"key", "name"},
    )


def overlay(base: CatalogEntry, user: CatalogEntry) -> CatalogEntry:
    """A user's entry in place of a bundled one: what the user's file states wins; what it
    does not state (a `benchmark list` entry has no judge or harness facts) stays known."""
    kept = {
        name: getattr(base, name)
        for name in CatalogEntry._fields
        if name not in user.stated and name not in ("origin", "stated")
    }
    return user._replace(**kept)
