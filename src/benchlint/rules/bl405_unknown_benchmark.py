"""## What it does
Reports a `benchmark` that matches no catalog entry exactly (by key, name or ID) and
suggests the closest key or name. With only the bundled catalog loaded this is an *info*
(the bundled catalog knows the documented benchmarks, not your workspace's); with a catalog
file loaded (`--catalog`, the `catalog` setting) it is a *warning*. A case-only mismatch
(`Hle` for `hle`/`HLE`) is always a warning: names are case-sensitive on the Platform. A
benchmark that looks like a local path or `file:` URL is left to BL404.

## Why is this bad?
The Platform matches benchmarks exactly and refuses the run after submit. Load the output of
`osmosis --json benchmark list` as a catalog to check against your workspace's benchmarks.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..core.toml_syntax import toml_string
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import replace_value
from .bl404_benchmark_looks_like_path import looks_like_path
from .wording import closest, quoted

PATH = ("experiment", "benchmark")


def check(ctx: Context) -> Iterator[Finding]:
    benchmark = ctx.benchmark
    if benchmark is None or not benchmark.strip() or looks_like_path(benchmark):
        return
    if ctx.catalog_entry is not None:
        return
    loose = ctx.catalog.find_loose(benchmark)
    if loose is not None:
        exact = next(n for n in loose.names() if n.casefold() == benchmark.strip().casefold())
        edit = replace_value(ctx.document, PATH, toml_string(exact))
        yield Finding(
            f"benchmark {quoted(benchmark)} matches {loose.name} only when ignoring case or "
            f'spaces; the Platform matches exactly: write "{exact}"',
            Anchor.value(PATH),
            severity="warning",
            fix=Fix(f'Replace with "{exact}"', "unsafe", (edit,)) if edit else None,
        )
        return
    names = [name for entry in ctx.catalog.entries for name in (entry.key, entry.name)]
    match = closest(benchmark, names)
    hint = f'; did you mean "{match}"?' if match else ""
    source = (
        "the bundled catalog (load `osmosis --json benchmark list` with --catalog to check "
        "your workspace's benchmarks)"
        if ctx.catalog.only_bundled
        else "the loaded catalogs"
    )
    yield Finding(
        f"benchmark {quoted(benchmark)} is not in {source}{hint}",
        Anchor.value(PATH),
        severity="info" if ctx.catalog.only_bundled else "warning",
    )


RULE = Rule(
    code="BL405",
    name="unknown-benchmark",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    fix="Replace a case-only mismatch with the exact key or name (unsafe).",
    bad="""\
[experiment]
benchmark = "Terminal-Bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
""",
    good="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
""",
)
