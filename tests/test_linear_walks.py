"""Linear by construction, held to what it replaced: a `check` of a folder `d` folders deep
with a config at every level (`a/configs/benchmark/x.toml`, `a/a/configs/benchmark/x.toml`,
…) looks at each folder a bounded number of times: the walk's real paths, each file's
boundary check, the masker's root of each path named and BL504's folder are remembered for
the run (`core.boundary.one_run`), each folder's answer made from its parent's. Counted,
never timed: every look at a folder is an `os.lstat` or `os.stat`."""

from __future__ import annotations

import contextlib
import io
import os
import random
from pathlib import Path
from typing import Any

import pytest

from benchlint.cli.main import main
from benchlint.core import boundary
from benchlint.core.boundary import Folders, one_run
from benchlint.core.reading import announce
from benchlint.secrets.output import MASKER

CONFIG = (
    '[experiment]\nbenchmark = "terminal-bench-2-1"\n[[agents]]\nharness = "terminus-2"\n'
    '[agents.model]\ntype = "provider"\nmodel = "m"\napi_key_secret = "K"\n'
)


def _chain(top: Path, depth: int, *, every: bool = True) -> list[str]:
    """`depth` nested folders `a` under `top`, with a config in each (or the deepest)."""
    configs = []
    folder = top
    for level in range(depth):
        folder = folder / "a"
        if every or level == depth - 1:
            place = folder / "configs" / "benchmark"
            place.mkdir(parents=True)
            (place / "x.toml").write_text(CONFIG)
            configs.append(str(place / "x.toml"))
        else:
            folder.mkdir(parents=True)
    return configs


class _Looks:
    """Every `os.lstat` and `os.stat` from now on (each a look at a folder or file)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        for name in ("lstat", "stat"):
            real = getattr(os, name)

            def counted(*args: Any, _real: Any = real, **kwargs: Any) -> Any:
                self.count += 1
                return _real(*args, **kwargs)

            monkeypatch.setattr(os, name, counted)


def _check_looks(top: Path, monkeypatch: pytest.MonkeyPatch, given: str) -> tuple[int, str]:
    monkeypatch.chdir(top)
    out = io.StringIO()
    looks = _Looks(monkeypatch)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["check", "--no-color", given])
    monkeypatch.undo()
    assert code == 0, out.getvalue()
    return looks.count, out.getvalue()


@pytest.mark.parametrize("git", [False, True])
def test_a_deep_chain_is_checked_with_a_bounded_number_of_looks_per_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, git: bool
) -> None:
    """`d` levels, a config at each: the old code walked up the whole chain for every file,
    three times over (`expand`'s realpaths, `leaves_repository`, BL504) and asked every
    folder above each for a `.git`: `d²` looks. Now a bounded number per folder: the
    count at `4 d` is about 4 times the count at `d` (it was 16)."""
    counts = []
    for depth in (25, 100):
        top = tmp_path / f"d{depth}"
        top.mkdir()
        if git:
            (top / ".git").mkdir()
        configs = _chain(top / "walked", depth)
        count, shown = _check_looks(top, monkeypatch, "walked")
        assert f"{len(configs)} files" in shown
        counts.append(count)
        assert count <= 40 * depth, (depth, count)
    assert counts[1] <= 5 * counts[0], counts


def test_a_deep_config_named_alone_is_checked_with_looks_linear_in_its_depth(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    counts = []
    for depth in (50, 200):
        top = tmp_path / f"d{depth}"
        top.mkdir()
        _chain(top / "walked", depth, every=False)
        count, _ = _check_looks(top, monkeypatch, "walked")
        counts.append(count)
    assert counts[1] <= 5 * counts[0], counts


def test_names_announced_without_a_root_find_it_once_per_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The masker's root of a path announced without one (a settings file read): in a run,
    from the answers of the folders above; the part below the root is what it judges, as
    a look from scratch judges it."""
    top = tmp_path / "repo"
    (top / ".git").mkdir(parents=True)
    monkeypatch.chdir(top)
    configs = _chain(top, 120)
    names = [os.path.join(os.path.dirname(c), "pyproject.toml") for c in configs]
    MASKER.clear()
    looks = _Looks(monkeypatch)
    with one_run():
        for name in names:
            announce(name)
    counted = looks.count
    monkeypatch.undo()
    assert counted <= 4 * len(names), counted
    judged = {name: MASKER._inputs[("name", name)] for name in names}
    MASKER.clear()
    for name in names:  # afresh, outside any run
        announce(name)
    assert {name: MASKER._inputs[("name", name)] for name in names} == judged
    MASKER.clear()


def test_outside_a_run_every_question_looks_afresh(tmp_path: Path) -> None:
    """The editor's questions (no run) see a repository made meanwhile; a run's see what
    they saw when it began to look, and the next run looks again."""
    folder = tmp_path / "a" / "b"
    folder.mkdir(parents=True)
    path = str(folder / "x.toml")
    assert boundary.repository_root(path) is None
    with one_run():
        assert boundary.repository_root(path) is None
        (tmp_path / "a" / ".git").mkdir()
        assert boundary.repository_root(path) is None  # remembered for this run
    assert boundary.repository_root(path) == str(tmp_path / "a")
    with one_run():
        assert boundary.repository_root(path) == str(tmp_path / "a")
    assert boundary.current_run() is None


def test_a_write_is_checked_afresh_inside_a_run(tmp_path: Path) -> None:
    """A link made after the run looked is still refused to a write."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    target = repo / "configs"
    target.mkdir()
    path = str(target / "x.toml")
    with one_run():
        assert boundary.write_escape(path, str(repo)) is None
        target.rmdir()
        target.symlink_to(outside)
        assert boundary.write_escape(path, str(repo)) == str(outside / "x.toml")
        assert boundary.current_run() is not None


def _tree(top: Path, rng: random.Random) -> list[Path]:
    """Folders, links to folders (loops among them), dangling links and `.git` folders."""
    folders = [top]
    for index in range(40):
        parent = rng.choice(folders)
        made = parent / f"d{index}"
        roll = rng.random()
        if roll < 0.25:
            os.symlink(rng.choice(folders), made)
        elif roll < 0.3:
            os.symlink(top / "missing", made)  # dangling: a path, never a parent
            continue
        else:
            made.mkdir()
            if rng.random() < 0.15:
                (made / ".git").mkdir()
        folders.append(made)
    return folders


def test_real_paths_made_from_the_parents_are_realpath(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(5)
    folders = _tree(tmp_path, rng)
    monkeypatch.chdir(tmp_path)
    known = Folders()
    tails = ["x", "d1", "d5", "..", ".", "d3/../x", "", "missing/x", "d9/y"]
    for _ in range(400):
        path = os.path.join(str(rng.choice(folders)), rng.choice(tails))
        if rng.random() < 0.3:  # as written relative to the current folder
            path = os.path.relpath(path, tmp_path)
        assert known.real(path) == os.path.realpath(path), path


def test_roots_made_from_the_parents_are_those_found_afresh(tmp_path: Path) -> None:
    rng = random.Random(8)
    folders = _tree(tmp_path, rng)
    asked = [
        (
            str(rng.choice(folders) / rng.choice(["x.toml", "d2/x.toml"])),
            rng.choice([None, str(tmp_path), str(rng.choice(folders))]),
        )
        for _ in range(400)
    ]
    fresh = [
        (boundary.repository_root(path, anchor), boundary.root_of(path, anchor or "."))
        for path, anchor in asked
    ]
    known = Folders()
    assert [known.repository_root(path, anchor) for path, anchor in asked] == [
        root for root, _ in fresh
    ]
    with one_run():  # the module's functions, answered by the run
        assert [boundary.root_of(path, anchor or ".") for path, anchor in asked] == [
            root for _, root in fresh
        ]
