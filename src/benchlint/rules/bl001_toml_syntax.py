"""## What it does
Reports text that is not valid TOML 1.0, including keys defined twice and tables declared
twice, at the position where parsing failed. A UTF-8 byte-order mark before the first line
(an invisible character some editors write) is reported on its own, with a safe fix that
removes it; the rest of the file is checked as if it were absent.

## Why is this bad?
`osmosis benchmark submit` refuses a file it cannot parse, after you have waited for it.
benchlint reads values with the same parser (`tomllib`) the CLI uses, so the two always
agree; the rest of the file is still checked where the broken lines can be set aside (a
broken table header sets aside its keys too: they would otherwise be reported in the wrong
table).
"""

from __future__ import annotations

from ..core.diagnostic import Edit, Fix, Range
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.document import Document
from ..structure.spec import looks_like_config

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


def syntax_findings(document: Document) -> list[Finding]:
    """The BL001 findings of a document (reported by the engine): a byte-order mark, with the
    safe fix that removes it, and the first syntax error."""
    lines = document.lines
    found = []
    foreign = document.syntax is not None and not looks_like_config(document.data)
    for problem in document.problems():
        related: tuple[tuple[str, Anchor | Range], ...] = ()
        if problem.related is not None:
            first = lines.range(problem.related.start, problem.related.end)
            related = (("first defined here", first),)
        where = lines.range(problem.span.start, problem.span.end)
        fix = None
        if problem is document.bom:
            fix = Fix("Remove the byte-order mark", "safe", (Edit(where, ""),))
        message = problem.message
        if foreign and problem is document.syntax:
            detail = message.removeprefix("invalid TOML: ")
            message = (
                "this file does not look like a benchmark config (it has none of a config's "
                f"tables), and it is not valid TOML: {detail}"
            )
        found.append(Finding(message, where, related=related, fix=fix))
    return found


RULE = Rule(
    code="BL001",
    name="toml-syntax",
    severity="error",
    doc=__doc__ or "",
    bad=BAD,
    good=GOOD,
)
