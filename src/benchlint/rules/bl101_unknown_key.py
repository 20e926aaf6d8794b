"""## What it does
Reports a key or table that is not allowed where it stands, and suggests the closest allowed
key ("did you mean `task_names`?"), a key's new name when it was renamed
(`checkpoint_name` → `lora_model_name`), or the table where the key belongs.

## Why is this bad?
The CLI rejects any key it does not know. A typo caught here costs a keystroke; caught at
submit it costs a round trip, and a misspelt optional key is easy to stare past.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..core.paths import table_label
from ..core.toml_syntax import toml_key
from ..domain.constants import SECRET_NAME_PATTERN
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import replace_key
from ..structure.spec import (
    AGENT_MODEL_NAME,
    MODEL_KEYS,
    ROOT_MODEL_NAME,
    TABLE_MODEL_NAMES,
    VARIANT_MODEL_NAMES,
    table_name,
)
from .wording import closest

RENAMED = {"checkpoint_name": "lora_model_name"}

# Where each key is allowed, for "belongs in" hints.
_TABLES: list[tuple[str, str]] = [
    *((f"[{name}]", model) for name, model in TABLE_MODEL_NAMES.items()),
    ("[[agents]]", AGENT_MODEL_NAME),
    *((f'[agents.model] (type "{t}")', m) for t, m in VARIANT_MODEL_NAMES.items()),
]
_HOMES: dict[str, list[str]] = {}
for _label, _model in _TABLES:
    for _key in MODEL_KEYS[_model]:
        _HOMES.setdefault(_key, []).append(_label)


def check(ctx: Context) -> Iterator[Finding]:
    for issue in ctx.owned("BL101"):
        path = issue.path
        if not path or not isinstance(path[-1], str):
            continue
        key, parent = path[-1], path[:-1]
        model = table_name(parent, ctx.data)
        allowed = [k for k in (MODEL_KEYS[model] if model else ()) if k != "type"]
        is_table = isinstance(issue.input, dict) or (
            isinstance(issue.input, list) and all(isinstance(i, dict) for i in issue.input)
        )
        what = f"table [{toml_key(key)}]" if is_table and not parent else f"key `{toml_key(key)}`"
        where = "" if not parent else f" in {table_label(parent)}"
        suggestion: str | None = None
        if key in RENAMED and RENAMED[key] in allowed:
            suggestion = RENAMED[key]
            hint = f"; it was renamed to `{suggestion}`"
        else:
            suggestion = closest(key, allowed)
            homes = [h for h in _HOMES.get(key, []) if not _is_here(h, parent)]
            variants = [t for t, m in VARIANT_MODEL_NAMES.items() if key in MODEL_KEYS[m]]
            if suggestion:
                hint = f"; did you mean `{suggestion}`?"
            elif parent[-1:] == ("model",) and variants:
                hint = f"; `{key}` belongs to " + " or ".join(f'type "{t}"' for t in variants)
            elif homes and model != ROOT_MODEL_NAME:
                hint = f"; `{key}` belongs in {homes[0]}"
            elif allowed:
                hint = "; allowed here: " + ", ".join(f"`{k}`" for k in allowed)
            else:
                hint = ""
        fix = None
        siblings = ctx.value_at(parent)
        if (
            suggestion
            and isinstance(siblings, dict)
            and suggestion not in siblings
            and not _moves_a_literal(suggestion, siblings.get(key))
        ):
            edit = replace_key(ctx.document, path, suggestion)
            if edit is not None:
                fix = Fix(f"Rename `{key}` to `{suggestion}`", "unsafe", (edit,))
        yield Finding(f"unknown {what}{where}{hint}", Anchor.key(path), fix=fix)


def _moves_a_literal(suggestion: str, value: object) -> bool:
    """A rename into a secret reference field (`api_key` to `api_key_secret`) of a value that
    is not a record name: it would move what may be a pasted credential into a field that is
    shown, and leave BL201 behind."""
    return suggestion.endswith("_secret") and not (
        isinstance(value, str) and re.fullmatch(SECRET_NAME_PATTERN, value)
    )


def _is_here(home: str, parent: tuple[str | int, ...]) -> bool:
    return home.startswith(f"[{parent[0]}") if parent and isinstance(parent[0], str) else False


RULE = Rule(
    code="BL101",
    name="unknown-key",
    severity="error",
    doc=__doc__ or "",
    check=check,
    owned_issues_only=True,
    fix="Rename the key when exactly one allowed key is close (unsafe: check that it is the "
    "key you meant).",
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[execution]
attempt_per_task = 3

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

[execution]
attempts_per_task = 3

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
""",
)
