"""## What it does
Reports a config that is a symbolic link (or is reached through a linked folder) to a file
outside the repository, and does not read it: not its text, not its values, no fix is
written to it. A folder walk reports the same way a linked folder out of the repository where
configs could be (a `configs` folder, or one at or under `configs/benchmark`), without
listing it. The repository is the git work tree that holds the link; outside git, the folder
being checked (or the current folder, for a file named on the command line). Links that stay
inside the repository are read, once per target, and fixed at their target.
`--follow-symlinks` (or `follow-symlinks = true` in a settings file of yours outside the
repository, given with `--config`) reads such files anyway, but never writes to them; a
settings file inside the repository cannot ask for it.

## Why is this bad?
Anyone who can open a pull request can commit `configs/benchmark/x.toml` as a link to
`~/.aws/credentials` or `~/.netrc` on the machine that checks it. Read, its lines would be
printed into a CI log as code frames; fixed, a file outside the checkout would be
rewritten. Replace the link with the config itself.

## Example
In a repository, a config that is a link to a file outside it (here `/etc/passwd`):

```console
$ mkdir -p configs/benchmark && ln -s /etc/passwd configs/benchmark/passwd.toml
$ benchlint check configs
configs/benchmark/passwd.toml:1:1: BL004 [error] this config is a symbolic link to a file outside the repository: it was not read (`--follow-symlinks` reads it)

1 error in 1 file
```
"""

from __future__ import annotations

import os

from ..lint.rule import Rule

CONFIG = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""

MESSAGE = (
    "this config is a symbolic link to a file outside the repository: it was not read "
    "(`--follow-symlinks` reads it)"
)
FOLDER_MESSAGE = (
    "this folder is a symbolic link to a folder outside the repository: no config in it was "
    "read (`--follow-symlinks` reads them)"
)


def message_for(path: str | None) -> str:
    """BL004's words for a config, or for a linked folder a walk did not enter."""
    return FOLDER_MESSAGE if path is not None and os.path.isdir(path) else MESSAGE


RULE = Rule(
    code="BL004",
    name="symlink-outside-repository",
    severity="error",
    doc=__doc__ or "",
    bad=CONFIG,  # read through a link out of the repository (see `example_link`)
    good=CONFIG,
    example_link=True,
)
