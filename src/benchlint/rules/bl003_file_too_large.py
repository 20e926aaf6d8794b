"""## What it does
Reports a file larger than the configured limit (`max-file-size`, default 1 MiB); nothing
else is checked.

## Why is this bad?
A benchmark config is a few dozen lines. A file of megabytes is a mistake (a dataset saved
under the wrong name, a generated task list gone wrong), and reading it would slow every
editor keystroke and commit hook down.
"""

from __future__ import annotations

from ..lint.rule import Rule

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

RULE = Rule(
    code="BL003",
    name="file-too-large",
    severity="error",
    doc=__doc__ or "",
    bad=GOOD + "# notes\n" * 20,
    good=GOOD,
    example_settings={"max_file_size": 256},
)
