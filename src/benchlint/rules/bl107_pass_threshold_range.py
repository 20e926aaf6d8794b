"""## What it does
Warns when `pass_threshold` is not a number between 0 and 1. The CLI forwards the value as
written (its loader takes any), so this is a warning, and `load_config` accepts the file.

## Why is this bad?
The threshold is the score an attempt needs to count as a pass, a share between 0 and 1.
`80` (a percentage) means no attempt can ever pass; a negative value means every attempt
does.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.paths import key_label
from ..lint.context import Context
from ..lint.rule import Anchor, Finding, Rule
from ..structure.spec import TABLE_MODEL_NAMES, field
from ..structure.words import describe
from .wording import found_value

PATH = ("execution", "pass_threshold")
_FIELD = field(TABLE_MODEL_NAMES["execution"], "pass_threshold")
# (a spec generated before the hint existed has none: any number then passes, and the
# staleness test names the command that regenerates it)
_ADVISORY = (_FIELD.advisory if _FIELD else None) or {"kind": "float"}


def check(ctx: Context) -> Iterator[Finding]:
    execution = ctx.table("execution")
    if "pass_threshold" not in execution:
        return
    value = execution["pass_threshold"]
    should = _ADVISORY  # from the spec: the model's hint for a value it takes whatever it is
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if number and should.get("ge", value) <= value <= should.get("le", value):
        return
    expected = describe(should)
    message = f"{key_label(PATH)} should be {expected}, found {found_value(value)}"
    if _reads_as_percentage(value):
        message += f"; a share, not a percentage: {value / 100:g}?"
    yield Finding(message, Anchor.value(PATH))


def _reads_as_percentage(value: object) -> bool:
    """80 or 15.0 may be meant as a percentage; 1.5 is not one anyone writes."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return 1 < value <= 100 and float(value).is_integer()


RULE = Rule(
    code="BL107",
    name="pass-threshold-range",
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

[execution]
pass_threshold = 80
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

[execution]
pass_threshold = 0.8
""",
)
