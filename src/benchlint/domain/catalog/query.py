"""Questions the language server asks the catalog (completion and hover)."""

from __future__ import annotations

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


def task_names(entry: CatalogEntry | None) -> list[str]:
    """Task names of a benchmark's manifest (empty when no manifest is loaded)."""
    return [task.name for task in entry.tasks] if entry and entry.tasks else []


def category_names(entry: CatalogEntry | None) -> list[str]:
    if entry is None:
        return []
    names = [category.name for category in entry.categories]
    if entry.tasks:
        names.extend(task.category for task in entry.tasks if task.category)
    return list(dict.fromkeys(names))


def describe(entry: CatalogEntry) -> str:
    """A benchmark's catalog entry as short markdown (hover text)."""
    lines = [f"**{entry.name}** (`{entry.key}`)"]
    if entry.description:
        lines.append(entry.description)
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
        facts.append(f"published scores measured on `{entry.default_harness}`")
    if entry.pinned_grader:
        facts.append("pinned grader: needs `judge_api_key_secret`, takes no `judge_model`")
    elif entry.uses_judge:
        judge = "LLM judge: needs `judge_api_key_secret`"
        if entry.judge_model_default:
            judge += f" (default model `{entry.judge_model_default}`)"
        facts.append(judge)
    if entry.task_sets:
        facts.append(
            "task sets: "
            + ", ".join(
                f'"{ts.name}"' + (" (recommended)" if ts.recommended else "")
                for ts in entry.task_sets
            )
        )
    if not entry.ready:
        progress = (
            f", {entry.synced_task_count:,} tasks synced"
            if entry.synced_task_count is not None
            else ""
        )
        facts.append(f"not ready to run: sync {entry.sync_status}{progress}")
    if entry.required_secret_names:
        facts.append("implicit secrets: " + ", ".join(entry.required_secret_names))
    lines.extend(f"- {fact}" for fact in facts)
    origin = "bundled catalog" if entry.bundled else f"catalog file {entry.origin}"
    lines.append(f"\n_From the {origin}._")
    return "\n".join(lines)
