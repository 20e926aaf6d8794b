"""## What it does
Reports text that is not valid TOML 1.0, including keys defined twice and tables declared
twice, at the position where parsing failed.

## Why is this bad?
`osmosis benchmark submit` refuses a file it cannot parse, after you have waited for it.
benchlint reads values with the same parser (`tomllib`) the CLI uses, so the two always
agree; the rest of the file is still checked where the broken lines can be set aside.
"""

from __future__ import annotations

from ..core.diagnostic import Range
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.document import Document

BAD = """\
[experiment]
benchmark = "terminal-bench-2-1

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""

GOOD = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""


def syntax_finding(document: Document) -> Finding:
    """The BL001 finding of a document's first syntax error (reported by the engine)."""
    problem = document.syntax
    assert problem is not None
    lines = document.lines
    related: tuple[tuple[str, Anchor | Range], ...] = ()
    if problem.related is not None:
        first = lines.range(problem.related.start, problem.related.end)
        related = (("first defined here", first),)
    return Finding(
        problem.message,
        lines.range(problem.span.start, problem.span.end),
        related=related,
    )


RULE = Rule(
    code="BL001",
    name="toml-syntax",
    severity="error",
    doc=__doc__ or "",
    bad=BAD,
    good=GOOD,
)
