"""## What it does
Reports `harness_api_key_secret` on an agent whose harness does not take a credential of its
own, or that has no harness (the benchmark's official scaffold).

## Why is this bad?
Only `cursor-cli` (and, in the documentation, `mini-swe-agent`) authenticate separately from
the model. On any other harness the key is ignored at best; it usually means the model's key
was put in the wrong place. (`osmosis-ai` 0.3.0 forwards it silently; 0.3.8 refuses it.)
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import remove_pair
from .bl305_unknown_harness import known_harnesses, suggested_harness


def check(ctx: Context) -> Iterator[Finding]:
    for index, agent in ctx.agents:
        if "harness_api_key_secret" not in agent:
            continue
        harness = ctx.string(agent, "harness")
        if ctx.profile.harness_secret_variable(harness) is not None:
            continue
        path = ("agents", index, "harness_api_key_secret")
        subject = (
            f'runs harness "{harness}", which'
            if harness
            else "runs the official scaffold (no `harness`), which"
        )
        takers = [h for h, c in ctx.profile.harness_credentials.items() if c.takes_secret]
        # A misspelling of a harness that takes the key (`Cursor-CLI`): BL305's rename keeps
        # the key meaningful, so removing it would be no safe fix.
        meant = _meant_harness(ctx, harness)
        edit = None if meant is not None else remove_pair(ctx.document, path)
        hint = f'; if you meant "{meant}", it does (see BL305)' if meant is not None else ""
        yield Finding(
            f"agent {index + 1} {subject} does not take `harness_api_key_secret`; only "
            + _and(takers)
            + (
                " reads a credential of its own"
                if len(takers) == 1
                else " read a credential of their own"
            )
            + " (the model's key goes in `api_key_secret`)"
            + hint,
            Anchor.key(path),
            fix=Fix("Remove `harness_api_key_secret`", "safe", edit) if edit else None,
        )


def _meant_harness(ctx: Context, harness: str | None) -> str | None:
    """The harness that takes the key which an unknown `harness` value misspells, if any."""
    known = known_harnesses(ctx)
    if not harness or harness in known:
        return None
    meant = suggested_harness(harness, known)
    taken = meant is not None and ctx.profile.harness_secret_variable(meant) is not None
    return meant if taken else None


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


RULE = Rule(
    code="BL301",
    name="harness-secret-not-accepted",
    severity="error",
    doc=__doc__ or "",
    check=check,
    fix="Remove the key (safe: no harness reads it; none is offered when the harness looks like "
    "a misspelling of one that takes the key, see BL305).",
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"
harness_api_key_secret = "OPENAI_API_KEY"

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
