"""## What it does
Warns about a harness name benchlint does not know, and suggests the closest known one
(`claude_code` → `claude-code`, `cursor` → `cursor-cli`). Add your own harnesses with the
`extra-harnesses` setting.

## Why is this bad?
The CLI forwards the name as written; the Platform refuses it only after submit. Harness
names are kebab-case and easy to misremember.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..core.toml_syntax import toml_string
from ..domain.harnesses import KNOWN_HARNESSES
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import replace_value
from .wording import closest, quoted


def known_harnesses(ctx: Context) -> tuple[str, ...]:
    return KNOWN_HARNESSES + tuple(ctx.settings.extra_harnesses)


def check(ctx: Context) -> Iterator[Finding]:
    known = known_harnesses(ctx)
    for index, agent in ctx.agents:
        harness = ctx.string(agent, "harness")
        if harness is None or not harness.strip() or harness in known:
            continue
        path = ("agents", index, "harness")
        match = suggested_harness(harness, known)
        message = f"unknown harness {quoted(harness)} in agent {index + 1}"
        fix = None
        if match:
            message += f'; did you mean "{match}"?'
            edit = replace_value(ctx.document, path, toml_string(match))
            fix = Fix(f'Replace with "{match}"', "unsafe", (edit,)) if edit else None
        else:
            message += " (add it to `extra-harnesses` if it is yours)"
        yield Finding(message, Anchor.value(path), fix=fix)


def suggested_harness(harness: str, known: tuple[str, ...]) -> str | None:
    """The known harness an unknown name most likely means (`Cursor-CLI` → `cursor-cli`)."""
    return closest(harness, known) or _prefix_match(harness, known)


def _prefix_match(harness: str, known: tuple[str, ...]) -> str | None:
    stem = harness.strip().casefold()
    matches = [name for name in known if name.startswith(stem + "-")]
    return matches[0] if len(matches) == 1 else None


RULE = Rule(
    code="BL305",
    name="unknown-harness",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    fix="Replace with the single close known harness (unsafe: it changes what runs).",
    bad="""\
[experiment]
benchmark = "gdpval"

[[agents]]
harness = "claude_code"

[agents.model]
type = "provider"
model = "anthropic/claude-sonnet-4"
api_key_secret = "ANTHROPIC_API_KEY"

[execution]
judge_api_key_secret = "OPENAI_API_KEY"
""",
    good="""\
[experiment]
benchmark = "gdpval"

[[agents]]
harness = "claude-code"

[agents.model]
type = "provider"
model = "anthropic/claude-sonnet-4"
api_key_secret = "ANTHROPIC_API_KEY"

[execution]
judge_api_key_secret = "OPENAI_API_KEY"
""",
)
