"""## What it does
Warns when a file checked by path is not under a `configs/benchmark/` folder or does not end
in `.toml`. A file whose first line is the `#:schema` comment naming the benchlint schema
declares itself a config wherever it is (the editor serves it for that line): no warning,
on the command line or in the editor.

## Why is this bad?
`osmosis benchmark submit` takes benchmark configs from `configs/benchmark/` of the
workspace repository; a config elsewhere is easy to submit by mistake from an old copy, or
to forget.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..domain.locations import in_config_folder, is_config_name, names_schema
from ..lint.context import Context
from ..lint.rule import FILE, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    if not ctx.path or names_schema(ctx.document.text):
        return
    problems = []
    if not in_config_folder(ctx.path):
        problems.append("is not under a configs/benchmark/ folder")
    if not is_config_name(ctx.path):
        problems.append("does not end in .toml")
    if problems:
        yield Finding(
            f"this file {' and '.join(problems)}; `osmosis benchmark submit` takes benchmark "
            "configs from configs/benchmark/*.toml",
            FILE,
        )


RULE = Rule(
    code="BL504",
    name="config-location",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    example_path="benchmark.toml",
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

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
