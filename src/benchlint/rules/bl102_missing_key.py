"""## What it does
Reports a required table or key that is absent: `[experiment]` and its `benchmark`, at
least one `[[agents]]`, each agent's `model` with its `type`, and the keys that model type
needs (`model` and `api_key_secret` for a provider, `base_url` too for an endpoint,
`base_model` and `lora_model_name` for a hosted LoRA).

## Why is this bad?
The CLI refuses the file. The message names what is missing and where it goes.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import table_label
from ..domain.constants import MODEL_TYPES
from ..lint.context import Context
from ..lint.rule import FILE, Anchor, Finding, Rule
from ..structure.words import one_of

_WHAT: dict[tuple[str | int, ...], str] = {
    ("experiment",): "missing [experiment] table: it names the benchmark to run",
    ("agents",): "missing [[agents]]: a run compares 1 to 8 agents, each a harness and a model",
}


def check(ctx: Context) -> Iterator[Finding]:
    for issue in ctx.owned("BL102"):
        path = issue.path
        if issue.error_type == "union_tag_not_found":
            guess = _guess_type(issue.input)
            yield Finding(
                f"missing `type` in {table_label(path)}: one of {one_of(MODEL_TYPES)}"
                + (f' (these keys suggest "{guess}")' if guess else ""),
                Anchor.header(path),
                key=(*path, "type"),
                absent=((*path, "type"),),
            )
            continue
        parent = path[:-1]
        at = Anchor.header(parent) if parent else FILE
        message = _WHAT.get(path)
        if message is None:
            key = path[-1]
            if key == "model" and len(path) == 3:
                message = (
                    f"missing `model` in {table_label(parent)}: every agent needs a model table"
                )
            else:
                kind = ctx.value_at((*parent, "type")) if parent[-1:] == ("model",) else None
                of_type = f' (type "{kind}")' if isinstance(kind, str) else ""
                message = f"missing `{key}` in {table_label(parent)}{of_type}"
        yield Finding(message, at, key=path, absent=(path,))


def _guess_type(model: object) -> str | None:
    if not isinstance(model, dict):
        return None
    if "base_url" in model or "extra_headers" in model:
        return "endpoint"
    if "base_model" in model or "lora_model_name" in model or "checkpoint_name" in model:
        return "hosted"
    if "api_key_secret" in model:
        return "provider"
    return None


RULE = Rule(
    code="BL102",
    name="missing-key",
    severity="error",
    doc=__doc__ or "",
    check=check,
    owned_issues_only=True,
    needs_complete=True,
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "endpoint"
model = "team/coder-32b"
api_key_secret = "TEAM_ENDPOINT_KEY"
""",
    good="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "endpoint"
base_url = "https://models.example.com/v1"
model = "team/coder-32b"
api_key_secret = "TEAM_ENDPOINT_KEY"
""",
)
