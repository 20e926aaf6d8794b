"""## What it does
Warns when a `[secrets].required` name is also a literal variable in `[env]` or an
`[agents.env]`.

## Why is this bad?
Each name should come from exactly one place. A name listed as a secret and also set
literally leaves it unclear which value the agent sees, and the literal is often the secret
pasted in.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..core.paths import table_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    names = {name: path for path, name in reversed(ctx.strings(("secrets", "required")))}
    if not names:
        return
    rank: dict[str, int] | None = None  # each name's place in `names`: the findings' order
    for table, env in ctx.env_tables:
        found: Iterable[str] = names
        if len(env) < len(names):  # the names both list, read from the shorter (in order)
            if rank is None:
                rank = {name: at for at, name in enumerate(names)}
            found = sorted((name for name in env if name in rank), key=rank.__getitem__)
        for name in found:
            if name in env:
                yield Finding(
                    f"{name} is listed in [secrets].required and also set literally in "
                    f"{table_label(table)}; keep one of the two",
                    Anchor.key((*table, name)),
                    related=((f"{name} is listed here", Anchor.value(names[name])),),
                )


RULE = Rule(
    code="BL210",
    name="secret-also-env",
    severity="warning",
    doc=__doc__ or "",
    check=check,
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[secrets]
required = ["GITHUB_TOKEN"]

[env]
GITHUB_TOKEN = "placeholder"
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

[secrets]
required = ["GITHUB_TOKEN"]
""",
)
