"""Where `osmosis benchmark submit` takes configs from: `*.toml` files under a
`configs/benchmark/` folder of the workspace. The folder walk of the command line and BL504
ask the same two questions here."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import PurePath

CONFIG_FOLDER = ("configs", "benchmark")


def in_config_folder(path: str) -> bool:
    """Whether the file at `path` lies under a `configs/benchmark/` folder, once its folder is
    resolved as the CLI resolves it: relative to the current folder, `..` and linked folders
    followed (`configs/benchmark/../x.toml` is `configs/x.toml`). The file itself stays where
    it is: a link in `configs/benchmark/` is a config there (and BL004 says if it leads out
    of the repository)."""
    path = path.replace("\\", "/")
    return _in_config_folder(path, "" if os.path.isabs(path) else os.getcwd())


@lru_cache(maxsize=1024)
def _in_config_folder(path: str, cwd: str) -> bool:
    joined = os.path.join(cwd, path)
    parts = PurePath(os.path.realpath(os.path.dirname(joined) or ".")).parts
    size = len(CONFIG_FOLDER)
    return any(parts[i : i + size] == CONFIG_FOLDER for i in range(len(parts) - size + 1))


def is_config_name(path: str) -> bool:
    """A `.toml` file with a name before the suffix (`.toml` alone is a hidden file)."""
    return PurePath(path.replace("\\", "/")).suffix == ".toml"
