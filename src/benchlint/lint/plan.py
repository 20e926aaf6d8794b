"""What a run will do, read from its config before anyone pays for it: the benchmark, the
task selection and how many tasks it holds, the agents, attempts, the judge, the total
number of attempts, the secrets it needs and whether it can rank.

Numbers come from the config and the catalog only. A count the catalog does not give is
unknown (None), never guessed; when the Platform's semantics leave two answers (task names
and categories together), the count is a range holding both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from ..core.paths import ConfigPath
from ..core.record import NamedTuple
from .context import Context

if TYPE_CHECKING:
    from ..core import contract
    from ..domain.catalog import CatalogEntry

# The Platform's defaults, as the CLI's submit summary shows them.
DEFAULT_ATTEMPTS_PER_TASK = 1
DEFAULT_MAX_CONCURRENT_ATTEMPTS = 4

SecretUse = Literal["model", "harness", "judge", "verifier", "secrets", "benchmark"]
Selection = Literal["full", "task_set", "task_names", "categories", "task_names_and_categories"]


class Count(NamedTuple):
    """A number that is exact (`low == high`) or known only to lie in a range."""

    low: int
    high: int

    @property
    def exact(self) -> bool:
        return self.low == self.high

    def times(self, factor: int) -> Count:
        return Count(self.low * factor, self.high * factor)

    def __str__(self) -> str:
        return f"{self.low:,}" if self.exact else f"{self.low:,}–{self.high:,}"


class Tasks(NamedTuple):
    selection: Selection
    words: str  # "the full benchmark", 'task set "parity"', "3 task names", ...
    short: str  # for one line: "full", "parity", "3 tasks", "2 categories"
    size: Count | None  # None: the catalog does not say
    path: ConfigPath  # the value that selects (the benchmark value for a full run)
    task_set: str | None = None  # the task set named, published or not


class Agent(NamedTuple):
    harness: str | None  # None: the benchmark's official scaffold
    model: str | None  # None: not stated (the config has an error there)

    @property
    def label(self) -> str:
        return f"{self.harness or 'official scaffold'} · {self.model or '?'}"


class Judge(NamedTuple):
    model: str | None  # None: the benchmark's default, not stated in the catalog
    model_source: Literal["config", "benchmark default", "pinned"]
    api_key_secret: str | None  # None: not set (missing when `key_needed`: BL401 says so)
    key_needed: bool = True  # the catalog's `requires_judge_api_key` (text output only)


class Secret(NamedTuple):
    name: str
    used_by: SecretUse  # what reads it ("benchmark": an implicit requirement)
    per_run: bool  # may be supplied at submit (`[secrets].required`)
    stored: bool | None  # None: the workspace's records are not loaded
    scopes: tuple[str, ...]


class Leaderboard(NamedTuple):
    eligible: bool | None  # None: unknown
    reason: str


class Setting(NamedTuple):
    """An execution setting: its value (None when the config's value is not valid) and
    whether it is the Platform's default."""

    value: int | None
    default: bool


class Plan(NamedTuple):
    benchmark: str | None  # as written
    entry_name: str | None  # the catalog's name for it
    entry_key: str | None
    tasks: Tasks
    agents: tuple[Agent, ...]
    attempts_per_task: Setting
    max_concurrent_attempts: Setting
    judge: Judge | None
    total_attempts: Count | None
    secrets: tuple[Secret, ...]
    leaderboard: Leaderboard

    @property
    def product(self) -> str:
        """`235 tasks × 2 agents × 3 attempts` (`?` for what is not known)."""
        return (
            f"{_plural(self.tasks.size, 'task')} × {_plural(len(self.agents), 'agent')} × "
            f"{_plural(self.attempts_per_task.value, 'attempt')}"
        )

    @property
    def arithmetic(self) -> str:
        """`235 tasks × 2 agents × 3 attempts = 1,410 attempts` (or why it is unknown)."""
        if self.tasks.size is None or self.attempts_per_task.value is None:
            missing = "the number of tasks" if self.tasks.size is None else "attempts_per_task"
            return f"unknown ({missing} is not known)"
        return f"{self.product} = {_plural(self.total_attempts, 'attempt')}"

    def one_line(self) -> str:
        """`HLE · parity · 2 agents × 3 attempts = 1,410 attempts`."""
        name = self.entry_name or self.benchmark or "?"
        attempts = self.attempts_per_task.value
        per_task = _plural(attempts, "attempt") if attempts is not None else "? attempts"
        total = _plural(self.total_attempts, "attempt") if self.total_attempts else "? attempts"
        return (
            f"{name} · {self.tasks.short} · {_plural(len(self.agents), 'agent')} × "
            f"{per_task} = {total}"
        )

    def to_dict(self) -> contract.Plan:
        return {
            "benchmark": {"value": self.benchmark, "key": self.entry_key, "name": self.entry_name},
            "tasks": {
                "selection": self.tasks.selection,
                "description": self.tasks.words,
                "count": _count_dict(self.tasks.size),
            },
            "agents": [
                {"harness": agent.harness, "model": agent.model, "label": agent.label}
                for agent in self.agents
            ],
            "attempts_per_task": _setting_dict(self.attempts_per_task),
            "max_concurrent_attempts": _setting_dict(self.max_concurrent_attempts),
            "judge": None
            if self.judge is None
            else {
                "model": self.judge.model,
                "model_source": self.judge.model_source,
                "api_key_secret": self.judge.api_key_secret,
            },
            "total_attempts": _count_dict(self.total_attempts),
            "arithmetic": self.arithmetic,
            "secrets": [
                {
                    "name": secret.name,
                    "used_by": secret.used_by,
                    "per_run": secret.per_run,
                    "stored": secret.stored,
                    "scopes": list(secret.scopes),
                }
                for secret in self.secrets
            ],
            "leaderboard": {
                "eligible": self.leaderboard.eligible,
                "reason": self.leaderboard.reason,
            },
            "summary": self.one_line(),
        }


def _setting_dict(setting: Setting) -> contract.PlanSetting:
    return {"value": setting.value, "default": setting.default}


def _count_dict(count: Count | None) -> contract.PlanCount | None:
    return None if count is None else {"low": count.low, "high": count.high}


def _plural(count: int | Count | None, word: str, plural: str = "") -> str:
    plural = plural or f"{word}s"
    if count is None:
        return f"? {plural}"
    if isinstance(count, Count):
        return f"{count} {word if count == Count(1, 1) else plural}"
    return f"{count:,} {word if count == 1 else plural}"


# -- building ----------------------------------------------------------------------------------
def plan_of(ctx: Context) -> Plan:
    entry = ctx.catalog_entry
    tasks = _tasks(ctx, entry)
    agents = tuple(_agent(ctx, agent) for _, agent in ctx.agents)
    execution = ctx.table("execution")
    attempts = _setting(execution, "attempts_per_task", DEFAULT_ATTEMPTS_PER_TASK)
    concurrency = _setting(execution, "max_concurrent_attempts", DEFAULT_MAX_CONCURRENT_ATTEMPTS)
    total = (
        tasks.size.times(len(agents) * attempts.value)
        if tasks.size is not None and attempts.value is not None
        else None
    )
    return Plan(
        benchmark=ctx.benchmark,
        entry_name=entry.name if entry else None,
        entry_key=entry.key if entry else None,
        tasks=tasks,
        agents=agents,
        attempts_per_task=attempts,
        max_concurrent_attempts=concurrency,
        judge=_judge(ctx, entry),
        total_attempts=total,
        secrets=_secrets(ctx, entry),
        leaderboard=_leaderboard(tasks, entry),
    )


def _setting(table: dict[str, Any], key: str, default: int) -> Setting:
    if key not in table:
        return Setting(default, True)
    value = table[key]
    valid = isinstance(value, int) and not isinstance(value, bool) and value >= 1
    return Setting(value if valid else None, False)


def _names(ctx: Context, key: str) -> list[str]:
    """The distinct, non-blank strings of `[tasks].key`, in order."""
    return list(dict.fromkeys(v for _, v in ctx.strings(("tasks", key)) if v.strip()))


def _full_count(entry: CatalogEntry | None) -> Count | None:
    if entry is None:
        return None
    if entry.task_count is not None:
        return Count(entry.task_count, entry.task_count)
    if entry.complete_manifest and entry.tasks is not None:
        return Count(len(entry.tasks), len(entry.tasks))
    return None


def _tasks(ctx: Context, entry: CatalogEntry | None) -> Tasks:
    table = ctx.table("tasks")
    task_set = ctx.string(table, "task_set")
    if task_set is not None:  # the Platform uses it and ignores the filters
        return _task_set(task_set, entry)
    names = _names(ctx, "task_names") if "task_names" in table else None
    categories = _names(ctx, "categories") if "categories" in table else None
    if names is not None and categories is not None:
        in_categories = _category_tasks(entry, categories)
        count = None
        if in_categories is not None:  # filters combined: either both hold, or either does
            both = len(in_categories & set(names))
            count = Count(both, len(in_categories | set(names)))
        listed = f"{_plural(len(names), 'task')} + {_plural(len(categories), *_CATEGORY)}"
        words = f"{_plural(len(names), 'task name')} and {_plural(len(categories), *_CATEGORY)}"
        return Tasks("task_names_and_categories", words, listed, count, ("tasks", "task_names"))
    if names is not None:
        count = Count(len(names), len(names))
        short = _plural(len(names), "task")
        words = f"{short}, by name"
        return Tasks("task_names", words, short, count, ("tasks", "task_names"))
    if categories is not None:
        words = _plural(len(categories), *_CATEGORY)
        count = _category_count(entry, categories)
        return Tasks("categories", words, words, count, ("tasks", "categories"))
    full = _full_count(entry)
    return Tasks("full", "the full benchmark", "full", full, ("experiment", "benchmark"))


_CATEGORY = ("category", "categories")


def _task_set(name: str, entry: CatalogEntry | None) -> Tasks:
    words = f'task set "{name}"'
    path: ConfigPath = ("tasks", "task_set")
    published = next((ts for ts in entry.task_sets if ts.name == name), None) if entry else None
    if published is not None:
        size = published.task_count
        count = Count(size, size) if size is not None else None
        return Tasks("task_set", words, name, count, path, name)
    if entry is not None and not (entry.bundled and not entry.task_sets):
        # Not published: the Platform runs every task (BL407).
        words += ", not published: the full benchmark"
        return Tasks("task_set", words, "full", _full_count(entry), path, name)
    return Tasks("task_set", words, name, None, path, name)


def _category_tasks(entry: CatalogEntry | None, categories: list[str]) -> set[str] | None:
    """The manifest's tasks in these categories; None without a complete manifest."""
    if entry is None or not entry.complete_manifest or entry.tasks is None:
        return None
    wanted = set(categories)
    return {task.name for task in entry.tasks if task.category in wanted}


def _category_count(entry: CatalogEntry | None, categories: list[str]) -> Count | None:
    tasks = _category_tasks(entry, categories)
    if tasks is not None:
        return Count(len(tasks), len(tasks))
    if entry is None:
        return None
    counts = {category.name: category.task_count for category in entry.categories}
    if not all(counts.get(name) is not None for name in categories):
        return None
    total = sum(counts[name] or 0 for name in categories)
    return Count(total, total)


def _agent(ctx: Context, agent: dict[str, Any]) -> Agent:
    model = ctx.model_of(agent)
    name = ctx.string(model, "model")
    if ctx.string(model, "type") == "hosted":
        lora, base = ctx.string(model, "lora_model_name"), ctx.string(model, "base_model")
        name = f"{lora or '?'} (LoRA on {base or '?'})"
    return Agent(ctx.string(agent, "harness"), name)


def _judge(ctx: Context, entry: CatalogEntry | None) -> Judge | None:
    execution = ctx.table("execution")
    model = ctx.string(execution, "judge_model")
    key = ctx.string(execution, "judge_api_key_secret")
    if not (entry is not None and entry.uses_judge) and model is None and key is None:
        return None
    needed = entry is None or entry.needs_judge_key
    if model is not None:
        return Judge(model, "config", key, needed)
    if entry is not None and entry.pinned_grader:
        return Judge(None, "pinned", key, needed)
    return Judge(entry.judge_model_default if entry else None, "benchmark default", key, needed)


def _secrets(ctx: Context, entry: CatalogEntry | None) -> tuple[Secret, ...]:
    records = ctx.settings.secret_records
    per_run = {ref.value for ref in ctx.secret_references if ref.kind == "secrets"}
    needed: dict[str, SecretUse] = {}
    for ref in ctx.secret_references:
        needed.setdefault(ref.value, ref.kind)
    for name in entry.required_secret_names if entry else ():
        needed.setdefault(name, "benchmark")
    return tuple(
        Secret(
            name,
            used_by,
            name in per_run,
            None if records is None else name in records,
            records.scopes_of(name) if records is not None else (),
        )
        for name, used_by in needed.items()
    )


def _leaderboard(tasks: Tasks, entry: CatalogEntry | None) -> Leaderboard:
    if tasks.selection == "full":
        return Leaderboard(True, "a full run")
    if tasks.task_set is None:
        key = "categories" if tasks.selection == "categories" else "task_names"
        return Leaderboard(False, f"it selects tasks with `{key}`: scores, but no rank")
    if entry is not None and entry.publishes(tasks.task_set):
        return Leaderboard(True, f'the published task set "{tasks.task_set}"')
    if tasks.short == "full":
        return Leaderboard(True, "a full run (the task set is not published)")
    return Leaderboard(
        None,
        f'unknown: the catalog does not say whether the benchmark publishes "{tasks.task_set}"',
    )
