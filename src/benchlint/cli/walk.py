"""The folder walk: the configs under a folder, through linked folders as the boundary allows.

A linked folder that stays inside the repository is entered, once per target (a loop, or a
second link to the same folder, is not entered again). One that leads out of the repository
(`core.boundary`) is not entered, not even listed: where a config could be in it (it is or
lies under a `configs/benchmark` folder, or it is a `configs` folder), it is returned so
that BL004 reports it; `follow` (the user's `--follow-symlinks`) enters it like any other.
"""

from __future__ import annotations

import os
from pathlib import PurePath

from ..core.boundary import leaves_repository
from ..core.record import NamedTuple
from ..domain.locations import CONFIG_FOLDER, in_config_folder, is_config_name

SKIP_DIRS = frozenset({".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv"})


class Walked(NamedTuple):
    configs: list[str]  # config files, as `top` joined to the names on the way
    outside: list[str]  # linked folders out of the repository that could hold configs


def walk(top: str, follow: bool = False) -> Walked:
    """The configs under `top` (files of a folder before its subfolders, names sorted)."""
    configs: list[str] = []
    outside: list[str] = []
    real_top = os.path.realpath(top)
    seen = {real_top}
    stack = [(top, real_top)]  # each folder with its real path (one `realpath` per link)
    while stack:
        folder, real_folder = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
        except OSError:  # unreadable, or gone meanwhile: as `os.walk` does, skipped
            continue
        below: list[tuple[str, str]] = []
        config_folder: bool | None = None  # asked once per folder, when a `.toml` is in it
        for entry in entries:
            if not _is_dir(entry):
                if is_config_name(entry.name):
                    if config_folder is None:
                        config_folder = _config_folder(entry.path)
                    if config_folder:
                        configs.append(entry.path)
                continue
            if entry.name in SKIP_DIRS or entry.name.startswith("."):
                continue
            linked = entry.is_symlink()
            if linked and not follow and leaves_repository(entry.path, top):
                if _could_hold_configs(entry.path):
                    outside.append(entry.path)
                continue
            real = os.path.realpath(entry.path) if linked else os.path.join(real_folder, entry.name)
            if real not in seen:  # once per target; a link back up is a loop
                seen.add(real)
                below.append((entry.path, real))
        stack.extend(reversed(below))
    return Walked(configs, outside)


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()  # through a link: a linked folder is a folder
    except OSError:
        return False


def _config_folder(path: str) -> bool:
    """Whether a file the walk found lies in a config folder: as written (through a linked
    folder inside the repository) or once its folder is resolved."""
    return _lexically_in_config_folder(path) or in_config_folder(path)


def _lexically_in_config_folder(path: str) -> bool:
    parts = PurePath(os.path.abspath(os.path.dirname(path))).parts
    size = len(CONFIG_FOLDER)
    return any(parts[i : i + size] == CONFIG_FOLDER for i in range(len(parts) - size + 1))


def _could_hold_configs(folder: str) -> bool:
    """Whether, by its path alone, a folder is or may hold a `configs/benchmark` folder."""
    return PurePath(folder).name == CONFIG_FOLDER[0] or _lexically_in_config_folder(
        os.path.join(folder, "x.toml")
    )
