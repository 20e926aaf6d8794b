"""## What it does
Reports an `[env]` or `[agents.env]` variable name that does not match
`^[A-Z_][A-Z0-9_]*$`, or that starts with `_OSMOSIS_` (reserved by the Platform).

## Why is this bad?
The CLI refuses the file. Lower-case letters, dashes and dots are the usual slips; the
message suggests the name in the accepted form.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import table_label
from ..domain.constants import RESERVED_ENV_PREFIX
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from .wording import quoted, upper_name


def suggested_name(name: str) -> str:
    """`logLevel` → `LOG_LEVEL`, `log-level` → `LOG_LEVEL`, `niveau_détail` →
    `NIVEAU_DETAIL`, `ログ_LEVEL` → `LEVEL`."""
    upper = upper_name(name)
    return "_" + upper if upper[:1].isdigit() else upper


def check(ctx: Context) -> Iterator[Finding]:
    for issue in ctx.owned("BL108"):
        name = str(issue.path[-1])
        where = table_label(issue.path[:-1])
        if name.startswith(RESERVED_ENV_PREFIX):
            message = (
                f"variable {quoted(name)} in {where}: names starting with "
                f"{RESERVED_ENV_PREFIX} are reserved by the Platform"
            )
        else:
            message = (
                f"variable name {quoted(name)} in {where} is not valid: use upper-case letters, "
                "digits and `_`, not starting with a digit"
            )
            suggestion = suggested_name(name)
            # No hint for a name with no ASCII letters to keep; none either for one the
            # renderer does not show whole (`upper_name` gives "" for it).
            useful = any(c.isalpha() for c in suggestion)
            if useful and suggestion != name:
                message += f" (e.g. {suggestion})"
        yield Finding(message, Anchor.key(issue.path))


RULE = Rule(
    code="BL108",
    name="invalid-env-name",
    severity="error",
    doc=__doc__ or "",
    check=check,
    owned_issues_only=True,
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[env]
log-level = "debug"
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

[env]
LOG_LEVEL = "debug"
""",
)
