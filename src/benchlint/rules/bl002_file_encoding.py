"""## What it does
Reports a file that is not valid UTF-8 text or contains NUL bytes; nothing else is checked.

## Why is this bad?
TOML files must be UTF-8. The CLI's loader fails on anything else before it can say why, and
a file with NUL bytes is almost always a binary file saved under a `.toml` name.
"""

from __future__ import annotations

from ..lint.rule import Rule

RULE = Rule(
    code="BL002",
    name="file-encoding",
    severity="error",
    doc=__doc__ or "",
    bad='[experiment]\nbenchmark = "hle\x00"\n',
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
