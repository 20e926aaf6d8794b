"""Where `osmosis benchmark submit` takes configs from: `*.toml` files under a
`configs/benchmark/` folder of the workspace (at any depth). The folder walk of the command
line, BL504 and the language server's choice of documents ask the same questions here; a
TOML file elsewhere is a config too when its first line is the documented `#:schema` comment
naming the benchlint schema."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import PurePath

from ..core.boundary import current_run
from ..core.regex import lazy_regex

CONFIG_FOLDER = ("configs", "benchmark")
# The editor's default glob: what `is_config_path` accepts, in glob form for the client.
CONFIG_GLOB = "**/configs/benchmark/**/*.toml"
SCHEMA_FILE = "benchmark-config.schema.json"
_SCHEMA_LINE = lazy_regex(r"\A\ufeff?[ \t]*#:schema[ \t]+(\S+)")


def is_config_path(path: str) -> bool:
    """Whether the command line's folder walk takes the file at `path` as a config."""
    return is_config_name(path) and in_config_folder(path)


def names_schema(text: str) -> bool:
    """True when the first line is `#:schema .../benchmark-config.schema.json`: the file
    declares itself a benchmark config, wherever it is."""
    match = _SCHEMA_LINE.match(text[:4096])
    return match is not None and match.group(1).rsplit("/", 1)[-1] == SCHEMA_FILE


def in_config_folder(path: str) -> bool:
    """Whether the file at `path` lies under a `configs/benchmark/` folder, once its folder is
    resolved as the CLI resolves it: relative to the current folder, `..` and linked folders
    followed (`configs/benchmark/../x.toml` is `configs/x.toml`). The file itself stays where
    it is: a link in `configs/benchmark/` is a config there (and BL004 says if it leads out
    of the repository)."""
    path = path.replace("\\", "/")
    cwd = "" if os.path.isabs(path) else os.getcwd()
    run = current_run()
    if run is not None:  # a run of the command line: each folder resolved once, from its parent
        return _has_config_folder(run.real(os.path.dirname(os.path.join(cwd, path)) or "."))
    return _in_config_folder(path, cwd)


@lru_cache(maxsize=1024)
def _in_config_folder(path: str, cwd: str) -> bool:
    joined = os.path.join(cwd, path)
    return _has_config_folder(os.path.realpath(os.path.dirname(joined) or "."))


def _has_config_folder(real_folder: str) -> bool:
    parts = PurePath(real_folder).parts
    size = len(CONFIG_FOLDER)
    return any(parts[i : i + size] == CONFIG_FOLDER for i in range(len(parts) - size + 1))


def is_config_name(path: str) -> bool:
    """A `.toml` file with a name before the suffix (`.toml` alone is a hidden file), as
    `PurePath(path).suffix` says, without building a path object on every lint."""
    path = path.replace("\\", "/")
    name = path[path.rfind("/") + 1 :]
    if name in ("", "."):  # `a.toml/` or `a.toml/.`: the name is further left
        parts = [part for part in path.split("/") if part not in ("", ".")]
        name = parts[-1] if parts else ""
    return name.endswith(".toml") and len(name) > 5
