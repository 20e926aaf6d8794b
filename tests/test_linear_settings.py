"""Linear by construction, held to what it replaced: settings discovery over deep folder
chains, glob braces and `per-file-ignores`, catalogs and secret lists named many times or
matched by one pattern, and the `benchlint catalog` listing. Each gives the answers of the
code it replaced (kept here as the reference, or the unremembering function itself) and
does a bounded amount of work per folder, file, pattern or path (counted, never timed:
bench/instructions.py's gate counts instructions)."""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from benchlint import Settings, SettingsError
from benchlint.core import globs
from benchlint.domain import workspace_cache
from benchlint.domain.catalog import Catalog, bundled_catalog
from benchlint.domain.catalog import store as catalog_store
from benchlint.domain.catalog.entry import entry_from_json
from benchlint.domain.secret_records import SecretRecords
from benchlint.lint import resolver as resolver_module
from benchlint.lint import settings as settings_module
from benchlint.lint.resolver import SettingsResolver
from benchlint.lint.settings import find_settings_file, settings_root

CONFIG = '[experiment]\nbenchmark = "terminal-bench-2-1"\n'


def _counting(
    monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, callers: tuple[Any, ...] = ()
) -> list[tuple[Any, ...]]:
    """Each call of `owner.name` from now on, by its arguments (only those made from the
    modules `callers`, when given)."""
    calls: list[tuple[Any, ...]] = []
    real = getattr(owner, name)
    files = {module.__file__ for module in callers}

    def counted(*args: Any, **kwargs: Any) -> Any:
        if not files or sys._getframe(1).f_code.co_filename in files:
            calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


# -- glob braces ---------------------------------------------------------------------------------
def _old_top_brace(pattern: str) -> tuple[int, int, list[str]] | None:
    start = pattern.find("{")
    if start < 0:
        return None
    depth, options, last = 0, [], start + 1
    for index in range(start, len(pattern)):
        char = pattern[index]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                options.append(pattern[last:index])
                return start, index, options
        elif char == "," and depth == 1:
            options.append(pattern[last:index])
            last = index + 1
    return None


def _old_alternatives(pattern: str, depth: int = 0) -> int:
    if depth > globs._MAX_NESTING:
        return globs._MAX_ALTERNATIVES + 1
    count = 1
    while (brace := _old_top_brace(pattern)) is not None:
        _, end, options = brace
        inside = sum(_old_alternatives(option, depth + 1) for option in options)
        count = min(count * inside, globs._MAX_ALTERNATIVES + 1)
        pattern = pattern[end + 1 :]
    return count


def _old_expanded(pattern: str) -> list[str]:
    results = [""]
    while (brace := _old_top_brace(pattern)) is not None:
        start, end, options = brace
        choices = [item for option in options for item in _old_expanded(option)]
        results = [done + pattern[:start] + choice for done in results for choice in choices]
        pattern = pattern[end + 1 :]
    return [done + pattern for done in results]


def _random_pattern(rng: random.Random, size: int) -> str:
    pieces = ["a", "b", "/", "*", "**", "?", "[ab]", "{", "}", ",", "{a,b}", "{}", "{a}"]
    return "".join(rng.choice(pieces) for _ in range(size))


def test_braces_expand_and_count_as_before() -> None:
    rng = random.Random(7)
    for _ in range(5_000):
        pattern = _random_pattern(rng, rng.randint(0, 14))
        assert globs.alternatives(pattern) == _old_alternatives(pattern), pattern
        if _old_alternatives(pattern) <= globs._MAX_ALTERNATIVES:
            assert globs._expanded(pattern) == _old_expanded(pattern), pattern
    assert globs._expanded("x{a,b}{c}{d,e}y") == ["xacdy", "xacey", "xbcdy", "xbcey"]


@pytest.mark.parametrize(
    "make", [lambda n: "{a}" * n, lambda n: "x/" + "{a}y" * n + "{b,c}*", lambda n: "{a{b}}" * n]
)
def test_braces_are_read_without_copying_the_rest_of_the_pattern(
    make: Callable[[int], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each brace copied the rest of the pattern (`{a}` 320,000 times took 5 s): the texts
    the brace reader is given, each counted once, add up to a few times the pattern."""
    given: list[str] = []  # kept alive, so that no two share an id
    real = globs._top_brace

    def reading(pattern: str, at: int = 0) -> tuple[int, int, list[str]] | None:
        given.append(pattern)
        return real(pattern, at) if at else real(pattern)

    monkeypatch.setattr(globs, "_top_brace", reading)
    for n in (1_000, 4_000):
        pattern = make(n)
        given.clear()
        globs.clear_caches()
        assert globs._counted(pattern) <= 2
        globs._expand(pattern)
        read = sum(len(text) for text in {id(text): text for text in given}.values())
        assert read <= 3 * len(pattern)


# -- per-file-ignores ----------------------------------------------------------------------------
def _random_path(rng: random.Random) -> str:
    names = ["a", "b", "ab", "x", "a.toml", "b.toml", "", "configs"]
    return "/".join(rng.choice(names) for _ in range(rng.randint(1, 5)))


def test_a_glob_set_matches_what_each_pattern_matches() -> None:
    rng = random.Random(3)
    segments = ["a", "b", "ab", "*", "**", "?", "[ab]", "*.toml", "a.toml", "{a,b}", "configs"]
    for _ in range(400):
        patterns = [
            "/".join(rng.choice(segments) for _ in range(rng.randint(1, 4)))
            for _ in range(rng.randint(0, 8))
        ]
        patterns = [p for p in patterns if globs.glob_problem(p) is None]
        matcher = globs.GlobSet(patterns)
        for _ in range(20):
            path = _random_path(rng)
            expected = [i for i, p in enumerate(patterns) if globs.glob_match(p, path)]
            assert matcher.matching(path) == expected, (patterns, path)


def _old_ignored_for(settings: Settings, path: str) -> tuple[str, ...]:
    if not path:
        return ()
    candidate = Path(path)
    if settings.root is not None:
        try:
            candidate = Path(os.path.abspath(path)).relative_to(settings.root)
        except ValueError:
            candidate = Path(path)
    out: list[str] = []
    for pattern, codes in settings.per_file_ignores.items():
        if globs.glob_match(pattern, candidate.as_posix()) or globs.glob_match(
            pattern, candidate.name
        ):
            out.extend(codes)
    return tuple(out)


def test_per_file_ignores_give_the_codes_they_gave() -> None:
    rng = random.Random(5)
    segments = ["configs", "benchmark", "*", "**", "a.toml", "*.toml", "x?", "{a,b}.toml"]
    codes = ["BL101", "BL2", "BL3", "BL40"]
    for _ in range(200):
        ignores = {
            "/".join(rng.choice(segments) for _ in range(rng.randint(1, 4))): tuple(
                rng.sample(codes, rng.randint(1, 2))
            )
            for _ in range(rng.randint(1, 6))
        }
        settings = Settings(per_file_ignores=ignores, root=Path("/w"))
        for _ in range(10):
            path = rng.choice(["/w/", "", "/elsewhere/"]) + _random_path(rng)
            assert settings.ignored_for(path) == _old_ignored_for(settings, path), (ignores, path)


def test_per_file_ignores_compile_each_pattern_once_and_match_few(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`n` patterns asked about `n` paths: a cache of 256 compiled patterns, cycled through,
    compiled every pattern for every path, and every path was matched against each."""
    compiled = _counting(monkeypatch, globs, "_expand")
    matched = _counting(monkeypatch, globs, "_match_segments")
    n = 600
    settings = Settings(per_file_ignores={f"configs/x{i}/*.toml": ("BL101",) for i in range(n)})
    globs.clear_caches()
    for i in range(n):
        folder = "x" if i % 2 else "y"
        expected = ("BL101",) if i % 2 else ()
        assert settings.ignored_for(f"configs/{folder}{i}/a.toml") == expected
    assert len(compiled) == n
    assert len(matched) <= n


# -- settings discovery --------------------------------------------------------------------------
def _chain(top: Path, depth: int, files: Callable[[int], dict[str, str]]) -> list[str]:
    """A chain `configs/benchmark/a/a/…` of `depth` folders with a config in each, and the
    files `files(level)` beside it; the configs, deepest last."""
    folder = top / "configs" / "benchmark"
    configs = []
    for level in range(depth):
        folder = folder / "a"
        folder.mkdir(parents=True)
        (folder / "c.toml").write_text(CONFIG)
        for name, text in files(level).items():
            (folder / name).write_text(text)
        configs.append(str(folder / "c.toml"))
    return configs


def test_a_deep_chain_looks_at_each_folder_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A config in each of `n` nested folders, and a `pyproject.toml` without
    `[tool.benchlint]` in each: every folder walked up to the root, and each pyproject.toml
    parsed again for every folder below it (`check .` took 14 s at 200 levels)."""
    monkeypatch.chdir(tmp_path)
    configs = _chain(tmp_path, 120, lambda level: {"pyproject.toml": "[project]\nname = 'x'\n"})
    parsed = _counting(monkeypatch, settings_module, "_read_toml")
    exists = _counting(monkeypatch, os.path, "lexists", (resolver_module, workspace_cache))
    resolver = SettingsResolver()
    for config in configs:
        assert resolver.for_path(config, str(tmp_path)).source is None
    assert len(parsed) == len(configs)  # each folder's pyproject.toml, once
    # each folder's `.git` asked about once for its root and once for its workspace cache
    assert len(exists) <= 2 * (len(configs) + 10)


def _old_find(path: Path, follow_symlinks: bool, start: str) -> Path | SettingsError | None:
    try:
        return find_settings_file(path, follow_symlinks, start)  # remembering nothing
    except SettingsError as error:
        return error


def _shown(found: Path | SettingsError | None) -> object:
    return str(found) if isinstance(found, SettingsError) else found


@pytest.mark.parametrize("follow", [False, True])
def test_remembered_folders_give_what_a_fresh_look_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, follow: bool
) -> None:
    """Settings files, pyproject.toml files with and without a table, a nested repository,
    a linked folder and a settings file linked out of the repository, in random places: the
    answers made from a folder's parent are those a look from scratch gives."""
    rng = random.Random(11)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "benchlint.toml").write_text('profile = "default"\n')
    top = tmp_path / "repo"
    top.mkdir()
    (top / ".git").mkdir()
    monkeypatch.chdir(top)

    def files(level: int) -> dict[str, str]:
        choice = rng.randrange(8)
        if choice == 0:
            return {"benchlint.toml": 'profile = "default"\n'}
        if choice == 1:
            return {"pyproject.toml": "[tool.benchlint]\nselect = ['BL1']\n"}
        if choice == 2:
            return {"pyproject.toml": "[tool.other]\nx = 1\n"}
        return {}

    configs = _chain(top, 40, files)
    folders = [os.path.dirname(config) for config in configs]
    (Path(folders[30]) / "benchlint.toml").unlink(missing_ok=True)
    os.symlink(outside / "benchlint.toml", Path(folders[30]) / "benchlint.toml")
    (Path(folders[20]) / ".git").mkdir()  # a nested repository: its own root
    os.symlink(folders[10], top / "configs" / "linked")  # a folder reached through a link
    linked = str(top / "configs" / "linked" / "a" / "c.toml")
    (Path(folders[10]) / "a" / "pyproject.toml").write_text("broken = [\n")  # unreadable
    resolver = SettingsResolver(revalidate=False)
    for path in rng.sample([*configs, linked], 41):
        folder = os.path.dirname(path)
        start = str(top)
        if follow:
            resolver.overrides = resolver.overrides._replace(follow_symlinks=True)
        root = settings_root(Path(folder), start)
        assert resolver._root(folder, start) == root
        expected = _old_find(Path(folder), follow, start)
        try:
            found: Path | SettingsError | None = resolver.source_for(path, start)
        except SettingsError as error:
            found = error
        assert _shown(found) == _shown(expected), path


def test_a_pyproject_toml_is_parsed_once_per_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parsed = _counting(monkeypatch, settings_module, "_read_toml")
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("[project]\nname = 'x'\n")
    assert not settings_module._has_tool_table(str(pyproject))
    assert not settings_module._has_tool_table(str(pyproject))
    assert len(parsed) == 1
    pyproject.write_text("[tool.benchlint]\nselect = ['BL1']\n")  # edited: read again
    assert settings_module._has_tool_table(str(pyproject))
    assert len(parsed) == 2


def test_workspace_caches_found_from_the_parents_are_those_found_afresh(tmp_path: Path) -> None:
    rng = random.Random(4)
    folder = tmp_path
    folders = []
    for _ in range(30):
        folder = folder / "a"
        folder.mkdir()
        if rng.random() < 0.15:
            (folder / ".benchlint" / "workspace").mkdir(parents=True)
        if rng.random() < 0.1:
            (folder / ".git").mkdir()
        folders.append(str(folder))
    known: dict[tuple[str, str | None], Path | None] = {}
    for _ in range(100):
        chosen = rng.choice(folders)
        top = rng.choice([None, str(tmp_path), folders[5]])
        assert workspace_cache.find_folder(chosen, top, known) == workspace_cache.find_folder(
            chosen, top
        )


# -- catalogs and secret lists -------------------------------------------------------------------
def _old_load(paths: Sequence[Path]) -> Catalog:
    catalog = bundled_catalog()
    for path in paths:
        catalog = catalog.with_entries(catalog_store.read_catalog_file(path))
    return catalog


def _old_records(paths: Sequence[Path]) -> SecretRecords | None:
    found: SecretRecords | None = None
    for path in paths:
        records = SecretRecords.from_file(path)
        found = records if found is None else found.merged(records)
    return found


def _benchmark(rng: random.Random, key: str, origin: int) -> dict[str, Any]:
    data: dict[str, Any] = {"key": key, "name": rng.choice([f"N{origin}", "Shared", key])}
    for field, value in (("description", f"d{origin}"), ("task_count", origin), ("id", origin)):
        if rng.random() < 0.5:
            data[field] = value
    return data


def test_catalogs_and_secret_lists_named_again_give_what_they_gave(tmp_path: Path) -> None:
    """`a, b, a`: what `b` states is laid over `a`, and `a` over both again; a benchmark
    keeps the place where it first came."""
    rng = random.Random(9)
    names = ["a", "b", "c", "d"]
    for name in names:
        benchmarks = [_benchmark(rng, rng.choice(["hle", "k1", "k2", "k3", f"own-{name}"]), 1)]
        benchmarks += [_benchmark(rng, f"k{rng.randrange(5)}", ord(name)) for _ in range(3)]
        (tmp_path / f"{name}.json").write_text(json.dumps(benchmarks))
        secrets = [{"name": f"S{rng.randrange(6)}", "scope": rng.choice(["workspace", None])}]
        (tmp_path / f"{name}.secrets.json").write_text(json.dumps({"items": secrets * 2}))
    for _ in range(150):
        chosen = [rng.choice(names) for _ in range(rng.randint(1, 7))]
        entries = tuple(f"{name}.json" for name in chosen)
        lists = tuple(f"{name}.secrets.json" for name in chosen)
        settings = Settings(catalogs=entries, secrets_lists=lists, root=tmp_path)
        catalog = settings.catalog
        assert catalog == _old_load([tmp_path / entry for entry in entries]), chosen
        assert settings.secret_records == _old_records([tmp_path / entry for entry in lists])
        layered = settings.layered(catalogs=(str(tmp_path / "a.json"),))
        again = _old_load([tmp_path / entry for entry in (*entries, "a.json")])
        assert layered.catalog == again, chosen


def test_a_catalog_named_many_times_is_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`catalog = ["c.json"]` 1,000 times, the file holding 1,000 benchmarks: 13 s."""
    n = 300
    benchmarks = [{"key": f"b{i}", "name": f"B{i}"} for i in range(n)]
    (tmp_path / "c.json").write_text(json.dumps(benchmarks))
    (tmp_path / "s.json").write_text(json.dumps([f"S{i}" for i in range(n)]))
    read = _counting(monkeypatch, catalog_store, "read_catalog_file")
    listed = _counting(monkeypatch, SecretRecords, "from_file")
    settings = Settings(catalogs=("c.json",) * n, secrets_lists=("s.json",) * n, root=tmp_path)
    assert settings.catalog_paths() == [tmp_path / "c.json"]
    assert settings.catalog.get(f"b{n - 1}") is not None
    assert settings.secret_records is not None and len(settings.secret_records) == n
    assert len(read) == 1
    assert len(listed) == 1
    two = Settings(catalogs=("c.json", "s.json", "c.json"), root=tmp_path)
    order = ("c.json", "s.json", "s.json", "c.json")  # first places, then last places
    assert two.catalog_paths() == [tmp_path / name for name in order]


def test_a_pattern_of_many_catalogs_builds_the_catalog_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`catalog = ["c/*.json"]` matching 16,000 files rebuilt the catalog after each: 13 s."""
    (tmp_path / "c").mkdir()
    (tmp_path / "s").mkdir()
    n = 200
    for i in range(n):
        benchmark = {"benchmark": {"key": f"b{i % 150}", "name": f"B{i}"}}
        (tmp_path / "c" / f"{i:04d}.json").write_text(json.dumps(benchmark))
        (tmp_path / "s" / f"{i:04d}.json").write_text(json.dumps([f"S{i % 150}"]))
    built = _counting(monkeypatch, Catalog, "with_entries")
    merged = _counting(monkeypatch, SecretRecords, "merged")
    settings = Settings(catalogs=("c/*.json",), secrets_lists=("s/*.json",), root=tmp_path)
    paths = settings.catalog_paths()
    assert settings.catalog == _old_load(paths)
    built_once = len(built)
    assert settings.secret_records == _old_records(settings.secrets_list_paths())
    assert built_once == 1 + n  # once here, and once per file for the reference
    assert len(merged) <= 2 * n  # here in pairs (n - 1), the reference one by one (n - 1)


class _CountingEntries(tuple):  # type: ignore[type-arg]
    walks = 0

    def __iter__(self) -> Iterator[Any]:
        type(self).walks += 1
        return super().__iter__()


def test_catalog_get_reads_an_index_built_once() -> None:
    n = 500
    entries = [entry_from_json({"key": f"b{i % 400}", "name": f"B{i}"}, "c.json") for i in range(n)]
    catalog = Catalog(_CountingEntries(entries))
    _CountingEntries.walks = 0
    for i in range(n):
        expected = next((e for e in entries if e.key == f"b{i}"), None)
        assert catalog.get(f"b{i}") is expected  # the first entry with the key
    assert _CountingEntries.walks == 1


# -- the listing ---------------------------------------------------------------------------------
def test_the_catalog_listing_pads_keys_to_a_bounded_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One key of `n` characters padded every line of `n` benchmarks to it: `n²` output."""
    from benchlint.cli.main import main

    monkeypatch.chdir(tmp_path)
    n = 2_000
    data = [{"key": f"b{i}", "name": f"B{i}"} for i in range(n)]
    data.append({"key": "k" * n, "name": "Long"})
    (tmp_path / "c.json").write_text(json.dumps(data))
    assert main(["catalog", "--catalog", "c.json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len("\n".join(lines)) < 100 * len(lines) + n
    short = next(line for line in lines if line.startswith("b7 "))
    assert short.startswith("b7" + " " * 40 + "B7  (from ")
    assert sum("  Long  (from " in line for line in lines) == 1  # (the key is shortened)
    assert main(["catalog"]) == 0  # the bundled keys are shorter: their column as it was
    bundled = capsys.readouterr().out.splitlines()
    width = max(len(entry.key) for entry in bundled_catalog().entries)
    assert all(line[width : width + 2] == "  " for line in bundled)
