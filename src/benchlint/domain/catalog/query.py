"""Questions the language server asks the catalog (completion and hover)."""

from __future__ import annotations

from ...core.record import NamedTuple
from ...secrets.redaction import code_span, markdown_text
from ..harnesses import HARNESS_DESCRIPTIONS, KNOWN_HARNESSES
from .entry import CatalogEntry
from .store import Catalog


def benchmark_choices(catalog: Catalog) -> list[tuple[str, str]]:
    """(value to write, label) for every benchmark: its key, then its name."""
    return [(entry.key, entry.name) for entry in catalog.entries]


def harness_choices(extra: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(harness, description) for every known harness, settings' extras included."""
    names = list(dict.fromkeys((*KNOWN_HARNESSES, *extra)))
    return [(name, HARNESS_DESCRIPTIONS.get(name, "")) for name in names]


class Manifest(NamedTuple):
    """A benchmark's task and category names, as lists (in the manifest's order) and sets."""

    tasks: tuple[str, ...]
    task_set: frozenset[str]
    categories: tuple[str, ...]
    category_set: frozenset[str]


# An entry (an immutable tuple) → its Manifest, by identity: a workspace's manifest may hold
# 10,000 tasks, and hashing the entry would cost as much as building the sets. The entry is
# kept in the value, so its id cannot be reused while it is here. Bounded: a service that
# lints against many workspaces recomputes at most a few sets per call.
_MANIFESTS: dict[int, tuple[CatalogEntry, Manifest]] = {}
MAX_MANIFESTS = 64


def manifest(entry: CatalogEntry) -> Manifest:
    cached = _MANIFESTS.get(id(entry))
    if cached is not None and cached[0] is entry:
        return cached[1]
    tasks = tuple(task.name for task in entry.tasks) if entry.tasks else ()
    named = [category.name for category in entry.categories]
    named.extend(task.category for task in entry.tasks or () if task.category)
    categories = tuple(dict.fromkeys(named))
    found = Manifest(tasks, frozenset(tasks), categories, frozenset(categories))
    if len(_MANIFESTS) >= MAX_MANIFESTS:
        _MANIFESTS.clear()  # rare and cheap to refill; no order to keep across threads
    _MANIFESTS[id(entry)] = (entry, found)
    return found


def task_names(entry: CatalogEntry | None) -> tuple[str, ...]:
    """Task names of a benchmark's manifest (empty when no manifest is loaded)."""
    return manifest(entry).tasks if entry is not None else ()


def category_names(entry: CatalogEntry | None) -> tuple[str, ...]:
    return manifest(entry).categories if entry is not None else ()


def describe(entry: CatalogEntry) -> str:
    """A benchmark's catalog entry as short markdown (hover text)."""
    lines = [f"**{markdown_text(entry.name)}** ({code_span(entry.key)})"]
    if entry.description:
        lines.append(markdown_text(entry.description))
    facts = []
    if entry.source_type == "osmosis_managed":
        facts.append("Osmosis-managed")
    elif entry.source_type == "harbor_registry":
        facts.append("Harbor-registry dataset")
    if entry.task_count is not None:
        facts.append(f"{entry.task_count:,} tasks")
    if entry.official_scaffold_only:
        facts.append("official scaffold only (no `harness`)")
    elif entry.requires_harness:
        facts.append("requires a `harness`")
    if entry.default_harness:
        facts.append(f"published scores measured on {code_span(entry.default_harness)}")
    if entry.pinned_grader:
        facts.append("pinned grader: needs `judge_api_key_secret`, takes no `judge_model`")
    elif entry.uses_judge:
        needs = "needs" if entry.needs_judge_key else "no key needed, no"
        judge = f"LLM judge: {needs} `judge_api_key_secret`"
        if entry.judge_model_default:
            judge += f" (default model {code_span(entry.judge_model_default)})"
        facts.append(judge)
    if entry.task_sets:
        facts.append(
            "task sets: "
            + ", ".join(
                code_span(ts.name) + (" (recommended)" if ts.recommended else "")
                for ts in entry.task_sets
            )
        )
    if not entry.ready:
        progress = (
            f", {entry.synced_task_count:,} tasks synced"
            if entry.synced_task_count is not None
            else ""
        )
        facts.append(f"not ready to run: sync {markdown_text(str(entry.sync_status))}{progress}")
    if entry.required_secret_names:
        facts.append("implicit secrets: " + ", ".join(map(code_span, entry.required_secret_names)))
    lines.extend(f"- {fact}" for fact in facts)
    origin = "bundled catalog" if entry.bundled else f"catalog file {markdown_text(entry.origin)}"
    lines.append(f"\n_From the {origin}._")
    return "\n".join(lines)
