"""## What it does
Says when the workspace data a file is checked against (what `benchlint workspace pull`
saved in the repository's `.benchlint/` folder) is getting old, or does not have the
file's benchmark: the data this file uses was fetched longer ago than `workspace-max-age`
(default 7 days; the message names its age and the command that refreshes it), or the
benchmark it names was never fetched (the message says how to fetch it). A benchmark that a
`catalog` file gives is not the cache's to have.

## Why is this bad?
BL212, BL406, BL407 and BL411 are only as right as the data behind them: a secret record
stored yesterday, a benchmark whose sync has finished since, or one added to the config after
the last pull are checked against what the workspace was, not what it is. Run
`benchlint workspace pull` (or "benchlint: Refresh workspace data" in VS Code) to refresh it.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

from ..domain import workspace_cache
from ..domain.workspace_cache import REFRESH, age_text
from ..lint.context import Context
from ..lint.rule import FILE, Anchor, Finding, Rule
from .bl404_benchmark_looks_like_path import looks_like_path
from .wording import quoted

BENCHMARK = ("experiment", "benchmark")


def check(ctx: Context) -> Iterator[Finding]:
    data = ctx.settings.workspace_data
    if data is None:
        return
    benchmark = ctx.benchmark
    at = Anchor.value(BENCHMARK) if benchmark is not None else FILE
    used: list[datetime] = []
    entry = ctx.catalog_entry
    cached = data.file_of(entry) if entry is not None else None
    if cached is not None:
        used.append(cached.fetched.at)
    # (a benchmark a catalog file gives: that file speaks for it)
    elif (
        benchmark
        and benchmark.strip()
        and not looks_like_path(benchmark)
        and (entry is None or entry.bundled)
    ):
        yield Finding(
            f"benchmark {quoted(benchmark)} is not in the workspace data (.benchlint/): "
            f"fetch it with `{REFRESH}`",
            at,
        )
    if data.secrets_file is not None and ctx.secret_references and ctx.settings.cached_secrets_used:
        used.append(data.secrets_file.fetched.at)
    if not used:
        return
    oldest = min(used)
    limit = ctx.settings.workspace_max_age
    age = workspace_cache.now() - oldest  # (read through the module: tests set the clock)
    if age > timedelta(days=limit):
        day = oldest.date().isoformat()
        yield Finding(
            f"the workspace data this file is checked against is {age_text(age)} old (fetched "
            f"{day}; `workspace-max-age` is {limit} day{'s' if limit != 1 else ''}): refresh it "
            f"with `{REFRESH}`",
            at,
        )


_CONFIG = """\
[experiment]
benchmark = "{benchmark}"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""

RULE = Rule(
    code="BL902",
    name="workspace-data-outdated",
    severity="info",
    doc=__doc__ or "",
    check=check,
    example_workspace=(
        {
            "key": "acme-custom",
            "name": "Acme Custom",
            "source_type": "harbor_registry",
            "task_count": 250,
            "sync_status": "ready",
        },
    ),
    bad=_CONFIG.format(benchmark="terminal-bench-2-1"),  # bundled, never fetched
    good=_CONFIG.format(benchmark="acme-custom"),
)
