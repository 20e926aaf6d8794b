"""## What it does
Reports a `benchmark` that looks like a local path or dataset file: it starts with `./`,
`../`, `/` or `~`, is a `file:` URL (`file:///home/u/data`, `file:/data`, `FILE://host/data`:
any case, with or without a host), contains `\\`, or ends in `.json`, `.jsonl`, `.parquet`,
`.csv`, `.toml`, `.yaml`, `.yml` or `.arrow`. Registry references such as `acme/custom@1.0`
are fine.

## Why is this bad?
Benchmark runs only take benchmarks the Platform knows (`osmosis benchmark list`); a local
dataset has to be added to the workspace first. The CLI forwards the string and the
Platform refuses it after submit.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from .wording import quoted

PATH_PREFIXES = ("./", "../", "/", "~")
DATA_SUFFIXES = (".json", ".jsonl", ".parquet", ".csv", ".toml", ".yaml", ".yml", ".arrow")


def looks_like_path(value: str) -> bool:
    text = value.strip()
    lower = text.lower()
    return (
        text.startswith(PATH_PREFIXES)
        # A file: URL names a file on this machine whatever follows the scheme.
        or lower.startswith("file:")
        or "\\" in text
        or lower.endswith(DATA_SUFFIXES)
    )


def check(ctx: Context) -> Iterator[Finding]:
    benchmark = ctx.benchmark
    if benchmark is None or not looks_like_path(benchmark):
        return
    yield Finding(
        f"`benchmark` is {quoted(benchmark)}, which looks like a local path or dataset file; "
        "use a benchmark key, name or ID from `osmosis benchmark list` (a registry dataset is "
        "written owner/name@version)",
        Anchor.value(("experiment", "benchmark")),
    )


RULE = Rule(
    code="BL404",
    name="benchmark-looks-like-path",
    severity="error",
    doc=__doc__ or "",
    check=check,
    bad="""\
[experiment]
benchmark = "./data/terminal-bench.jsonl"

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
