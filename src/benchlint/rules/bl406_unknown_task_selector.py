"""## What it does
Reports a `task_names` or `categories` entry that is not in the benchmark's task manifest,
and suggests the closest one. Only runs when a catalog entry with a complete manifest is
loaded (a saved `osmosis --json benchmark info KEY` whose `sync_status` is `ready` or absent:
a manifest saved while the benchmark was still syncing lacks tasks that exist, see BL411);
the bundled catalog has no manifests. The first 20 different unknown task names of a file,
and the first 20 categories, get a "did you mean"; later ones are reported without one (a
file with more holds another benchmark's list, and each suggestion searches the manifest).

## Why is this bad?
The Platform refuses unknown task names and categories, but only after the submit; a typo in
a long task list is hard to spot by eye.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..domain.catalog.query import manifest
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from .wording import Suggestions, quoted


def check(ctx: Context) -> Iterator[Finding]:
    entry = ctx.catalog_entry
    if entry is None or not entry.complete_manifest:
        return
    names = manifest(entry)
    known = {
        "task_names": (names.tasks, names.task_set),
        "categories": (names.categories, names.category_set),
    }
    for key, (listed, allowed) in known.items():
        suggestions = Suggestions(listed)  # for the first misses of the file only
        for path, value in ctx.strings(("tasks", key)):
            if value in allowed or not value.strip():
                continue
            match = suggestions.closest(value)
            kind = "task" if key == "task_names" else "category"
            hint = f'; did you mean "{match}"?' if match else ""
            yield Finding(
                f"{entry.name} has no {kind} {quoted(value)} in its manifest{hint}",
                Anchor.value(path),
            )


RULE = Rule(
    code="BL406",
    name="unknown-task-selector",
    severity="error",
    doc=__doc__ or "",
    check=check,
    example_settings={"ignore": ["BL502"]},
    example_catalog=(
        {
            "key": "terminal-bench-2-1",
            "name": "Terminal-Bench 2.1",
            "source_type": "osmosis_managed",
            "supports_harness": True,
            "requires_harness": True,
            "default_harness": "terminus-2",
            "tasks": [
                {"name": "terminal-bench/fix-permissions", "category": "system"},
                {"name": "terminal-bench/git-multibranch", "category": "git"},
            ],
        },
    ),
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[tasks]
task_names = ["terminal-bench/fix-permission"]

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

[tasks]
task_names = ["terminal-bench/fix-permissions"]

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
""",
)
