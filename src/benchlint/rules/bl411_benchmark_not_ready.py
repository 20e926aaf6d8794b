"""## What it does
Reports a benchmark that a loaded catalog file says is not ready to run: its sync with its
upstream source is still `pending` or `syncing` (with how many of its tasks have synced), or
it `failed` (with the Platform's error, masked like any other value, and where to retry the
sync). The message names the catalog file the state came from.

## Why is this bad?
Submit fails until the benchmark's sync completes. A Harbor-registry benchmark just added to
a workspace syncs its task list first; a run submitted meanwhile is refused, and a failed sync
needs someone to look at it and retry. Save `osmosis --json benchmark info KEY` again once
the sync is done, and this goes away.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..domain.catalog.entry import CatalogEntry
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from .wording import quoted, quoted_text, shown_path

BENCHMARK = ("experiment", "benchmark")
SYNCING = ("pending", "syncing")


def check(ctx: Context) -> Iterator[Finding]:
    entry = ctx.catalog_entry
    if entry is None or entry.ready:
        return
    source = "" if entry.bundled else f" (from {shown_path(entry.origin)})"
    yield Finding(f"{_state(entry)}{source}", Anchor.value(BENCHMARK))


def _state(entry: CatalogEntry) -> str:
    if entry.sync_status in SYNCING:
        progress = ""
        if entry.synced_task_count is not None:
            total = f" of {entry.task_count:,}" if entry.task_count is not None else ""
            progress = f", {entry.synced_task_count:,}{total} tasks so far"
        return (
            f"{entry.name} is still syncing its task list ({entry.sync_status}{progress}): "
            "submit fails until it is ready"
        )
    where = f"; retry its sync at {entry.platform_url}" if entry.platform_url else ""
    if entry.sync_status == "failed":
        reason = f": {quoted_text(entry.sync_error)}" if entry.sync_error else ""
        return f"{entry.name} is not runnable, its sync failed{reason}{where}"
    return (
        f"{entry.name} is not ready to run (sync status {quoted(entry.sync_status)}): submit "
        f"fails until it is ready{where}"
    )


_CONFIG = """\
[experiment]
benchmark = "acme/custom@1.0"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""

RULE = Rule(
    code="BL411",
    name="benchmark-not-ready",
    severity="error",
    doc=__doc__ or "",
    check=check,
    example_catalog=(
        {
            "key": "acme/custom@1.0",
            "name": "Acme Custom",
            "source_type": "harbor_registry",
            "task_count": 250,
            "sync_status": "syncing",
            "synced_task_count": 40,
        },
    ),
    bad=_CONFIG,
    good=_CONFIG.replace("acme/custom@1.0", "terminal-bench-2-1"),  # a benchmark that is ready
)
