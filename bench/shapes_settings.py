"""Adversarial shapes of settings, globs and catalogs (see bench/shapes.py). Each run pays
for its input: the pyproject.toml table cache, the compiled glob caches and the settings'
lazily built state are dropped or built afresh in the work itself.

- settings-deep-chain: the settings of each config in a chain of folders
  `configs/benchmark/a/a/…`, a config at every level (each folder was walked up to the root
  from scratch), and with a `pyproject.toml` at every level; check-deep-folders: a whole
  `check` of such a chain (each file's real path, boundary and root found afresh);
  settings-big-pyproject: folders under a long `pyproject.toml` without
  `[tool.benchlint]` (parsed once per folder);
- glob-single-braces: `{}` repeated in a `per-file-ignores` pattern (each brace copied the
  rest of the pattern); glob-star-literal: a segment `*aaa…ab` against a long name (a
  mismatch read the literal again); per-file-ignores-many: `n` patterns asked about `n`
  paths (a cache of 256 compiled patterns thrashed);
- catalog-repeated-file: `catalog` and `secrets-list` naming one file `n` times (each read
  and laid over again); catalog-glob-many-files: a catalog glob matching `n` files (the
  catalog was rebuilt after each); catalog-listing-long-key: `benchlint catalog` with one key
  of `n` characters (every line was padded to it); catalog-get-each: `Catalog.get` of each
  key (each scanned the entries).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Callable
from pathlib import Path

from shape_kit import AGENT, HEAD, MASKER, Work, fresh, temporary_folder

from benchlint import Settings

CONFIG = HEAD + AGENT


def _resolving(root: Path, configs: list[str]) -> Work:
    """A run of the command line's settings resolution: one resolver, every config's
    settings (its root, settings file and workspace cache), as `check .` asks for them, in
    one run (`one_run`: the folders' roots and real paths remembered, as `check` does)."""
    from benchlint.core.boundary import one_run
    from benchlint.lint import settings as settings_module
    from benchlint.lint.resolver import SettingsResolver

    def work() -> object:
        MASKER.clear()  # as in a new process: no path or file known yet
        settings_module._TOOL_TABLES.clear()  # each run reads the pyproject.toml files
        resolver = SettingsResolver()
        with one_run():
            return [resolver.for_path(path, str(root)) for path in configs]

    return work


def _chain(n: int, pyprojects: bool) -> tuple[Path, list[str]]:
    root = temporary_folder()
    folder = root / "configs" / "benchmark"
    configs = []
    for _ in range(n):
        folder = folder / "a"
        folder.mkdir(parents=True)
        (folder / "c.toml").write_text(CONFIG)
        if pyprojects:
            (folder / "pyproject.toml").write_text("[project]\nname = 'x'\n")
        configs.append(str(folder / "c.toml"))
    return root, configs


def settings_deep_chain(n: int) -> Work:
    """F7: the settings of each config in a chain of `n` folders `configs/benchmark/a/a/…`
    with a config at every level: each folder walked up to the root from scratch (its
    settings file, its root, its workspace cache). Each config's path is as long as its
    depth, so the input itself grows with n²: the count grows a little faster than 4× for
    4× the folders, from copying and hashing those paths (4.4× at n = 50, 4.7× at 75, 5.0×
    at 100, against 25× in time before the fix): keep n at 50."""
    return _resolving(*_chain(n, pyprojects=False))


def settings_deep_chain_pyprojects(n: int) -> Work:
    """The same with a `pyproject.toml` without `[tool.benchlint]` at every level (each was
    parsed again for every folder below it, and the masker found each one's root afresh)."""
    return _resolving(*_chain(n, pyprojects=True))


def check_deep_folders(n: int) -> Work:
    """`benchlint check FOLDER` of `n` nested folders `a/a/…`, a config at each level
    (`a/configs/benchmark/x.toml`, `a/a/configs/benchmark/x.toml`, …): each file was walked
    up to the root from scratch (its real path, its boundary check, the masker's root of its
    name, BL504's folder). The paths themselves total n² characters, so their string work
    grows a little faster than 4× (keep n at 25)."""
    from benchlint.cli.main import main

    top = temporary_folder() / "walked"
    folder = top
    for _ in range(n):
        folder = folder / "a"
        place = folder / "configs" / "benchmark"
        place.mkdir(parents=True)
        (place / "x.toml").write_text(CONFIG)

    def work() -> object:
        fresh()
        MASKER.clear()
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            main(["check", "--no-color", str(top)])
        return out.getvalue()

    return work


def settings_big_pyproject(n: int) -> Work:
    """F8: `n` config folders under a `pyproject.toml` of `n` lines without
    `[tool.benchlint]`: parsed once per folder."""
    root = temporary_folder()
    lines = "".join(f'k{i} = "{"v" * 40}"\n' for i in range(n))
    (root / "pyproject.toml").write_text(f"[project]\nname = 'x'\n[other]\n{lines}")
    configs = []
    for i in range(n):
        folder = root / "configs" / "benchmark" / f"d{i}"
        folder.mkdir(parents=True)
        (folder / "a.toml").write_text(CONFIG)
        configs.append(str(folder / "a.toml"))
    return _resolving(root, configs)


def glob_single_braces(n: int) -> Work:
    """F9: a `per-file-ignores` pattern of `{}` `n` times: each brace copied the rest of the
    pattern, and each alternative grew by concatenation (validated, counted, compiled and
    matched here; `{a}` would make a segment longer than a pattern's may be), and `{a}`
    `n` times validated (counted, expanded, refused)."""
    from benchlint.core import globs

    pattern = "configs/" + "{}" * n + "a*.toml"
    path = "configs/a" + "b" * n + ".toml"

    def work() -> object:
        globs.clear_caches()
        settings = Settings(per_file_ignores={pattern: ("BL101",)})
        return settings.ignored_for(path), globs.glob_problem("{a}" * n)

    return work


def glob_star_literal(n: int) -> Work:
    """A `per-file-ignores` segment `*aaa…ab` of 1,000 characters against a name of `n`
    characters `a`: a mismatch returned to the last `*` and read the literal again, so the
    two-pointer matcher cost 1,000 steps per character of the name (now a few integer
    operations, `core.glob_segment`); and an editor glob of 300 items `*a?` (classes and
    `?`: the integer's bits) against the same name."""
    from benchlint.core import globs

    settings_pattern = "configs/*" + "a" * 998 + "b"
    editor_pattern = "**/" + "*a?" * 300 + "b.toml"
    path = "configs/" + "a" * n

    def work() -> object:
        globs.clear_caches()
        settings = Settings(per_file_ignores={settings_pattern: ("BL101",)})
        return settings.ignored_for(path), globs.glob_match(editor_pattern, path + ".toml")

    return work


def per_file_ignores_many(n: int) -> Work:
    """F10: `n` `per-file-ignores` patterns `configs/x{i}/*.toml`, asked about `n` paths: a
    cache of 256 compiled patterns, cycled through, compiled every pattern for every path,
    and every path was matched against every pattern."""
    from benchlint.core import globs

    ignores = {f"configs/x{i}/*.toml": ("BL101",) for i in range(n)}
    paths = [f"configs/{'x' if i % 2 else 'y'}{i}/a.toml" for i in range(n)]

    def work() -> object:
        globs.clear_caches()
        settings = Settings(per_file_ignores=ignores)
        return [settings.ignored_for(path) for path in paths]

    return work


def _settings_file(root: Path, body: str) -> Work:
    from benchlint.lint.settings import Settings as FileSettings

    path = root / "benchlint.toml"
    path.write_text(body)

    def work() -> object:
        MASKER.clear()
        settings = FileSettings.from_file(path, repository=str(root))
        return settings.catalog, settings.secret_records

    return work


def catalog_repeated_file(n: int) -> Work:
    """F14: `catalog` and `secrets-list` each naming one file `n` times, the files holding
    `n` benchmarks and `n` secret names: each read and laid over `n` times."""
    root = temporary_folder()
    (root / "c.json").write_text(json.dumps([{"key": f"b{i}", "name": f"B{i}"} for i in range(n)]))
    (root / "s.json").write_text(json.dumps([f"S{i}" for i in range(n)]))
    catalogs = ", ".join('"c.json"' for _ in range(n))
    secrets = ", ".join('"s.json"' for _ in range(n))
    return _settings_file(root, f"catalog = [{catalogs}]\nsecrets-list = [{secrets}]\n")


def catalog_glob_many_files(n: int) -> Work:
    """F15: `catalog = ["c/*.json"]` matching `n` files of one benchmark each (the catalog was
    rebuilt after each file), and `secrets-list = ["s/*.json"]` matching `n` files of one
    name each (the records merged into all before, file by file)."""
    root = temporary_folder()
    (root / "c").mkdir()
    (root / "s").mkdir()
    for i in range(n):
        (root / "c" / f"{i:06d}.json").write_text(
            json.dumps({"benchmark": {"key": f"b{i}", "name": f"B{i}"}})
        )
        (root / "s" / f"{i:06d}.json").write_text(json.dumps([f"S{i}"]))
    return _settings_file(root, 'catalog = ["c/*.json"]\nsecrets-list = ["s/*.json"]\n')


def catalog_listing_long_key(n: int) -> Work:
    """F16: `benchlint catalog` of `n` benchmarks and one key of `n` characters: every line
    was padded to the longest key."""
    from benchlint.cli.main import main

    root = temporary_folder()
    data = [{"key": f"b{i}", "name": f"B{i}"} for i in range(n)]
    data.append({"key": "k" * n, "name": "Long"})
    path = root / "c.json"
    path.write_text(json.dumps(data))

    def work() -> object:
        old = os.getcwd()
        os.chdir(root)
        try:
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                main(["catalog", "--catalog", str(path)])
            return len(out.getvalue())
        finally:
            os.chdir(old)

    return work


def catalog_get_each(n: int) -> Work:
    """`Catalog.get` of each of `n` keys in a catalog of `n` entries (each scanned the
    entries; the index is built once per catalog, so a fresh catalog each run)."""
    from benchlint.domain.catalog import Catalog
    from benchlint.domain.catalog.entry import entry_from_json

    entries = tuple(entry_from_json({"key": f"b{i}", "name": f"B{i}"}, "c.json") for i in range(n))
    keys = [f"b{i}" for i in range(n)]

    def work() -> object:
        catalog = Catalog(entries)
        return [catalog.get(key) for key in keys]

    return work


# name -> (the work for a size, the smaller of the two sizes the gate counts)
SETTINGS_SHAPES: dict[str, tuple[Callable[[int], Work], int]] = {
    "settings-deep-chain": (settings_deep_chain, 50),
    "settings-deep-chain-pyprojects": (settings_deep_chain_pyprojects, 25),
    "check-deep-folders": (check_deep_folders, 25),
    "settings-big-pyproject": (settings_big_pyproject, 300),
    "glob-single-braces": (glob_single_braces, 1500),
    "glob-star-literal": (glob_star_literal, 2000),
    "per-file-ignores-many": (per_file_ignores_many, 300),
    "catalog-repeated-file": (catalog_repeated_file, 500),
    "catalog-glob-many-files": (catalog_glob_many_files, 60),
    "catalog-listing-long-key": (catalog_listing_long_key, 300),
    "catalog-get-each": (catalog_get_each, 25000),
}
