"""The hooks under real pre-commit, in scratch git repositories.

The hook repository is a temporary git repository holding a copy of this checkout's files
(tracked and untracked, minus ignored ones), committed, so uncommitted work is what gets
tested. pre-commit clones it and pip-installs it into its own virtual environment once per
session (PRE_COMMIT_HOME is a temporary folder); that install needs the package index
unless pip's cache already has everything.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

import benchlint

from .conftest import CORPUS_DIR, PROJECT_ROOT

pytestmark = pytest.mark.slow

SKIPPED_PARTS = {".git", ".venv", ".cache", "node_modules", "__pycache__", "test-artifacts"}
# `path:line:col: CODE [` — the first line of each diagnostic in the text format.
REPORTED = re.compile(r"^(configs/benchmark/[^:\n]+\.toml):(\d+):(\d+): (BL\d{3}) \[", re.M)
SUMMARY = re.compile(
    r"^(?:fixed \d+ problems?; )?"
    r"(?:no problems|\d+ (?:errors?|warnings?|infos?)(?:, \d+ (?:warnings?|infos?))*)"
    r" in (\d+) files?(?:;.*)?$",
    re.M,
)

Run = Callable[..., subprocess.CompletedProcess[str]]


def _project_files() -> list[Path]:
    """This checkout's files as git sees them: tracked and untracked, not ignored."""
    listing = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    files = [Path(name) for name in listing.split("\0") if name]
    return [
        name
        for name in files
        if not SKIPPED_PARTS.intersection(name.parts) and (PROJECT_ROOT / name).is_file()
    ]


@pytest.fixture(scope="session")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("precommit")


@pytest.fixture(scope="session")
def env(scratch: Path) -> dict[str, str]:
    """An environment isolated from the user's git and pre-commit setup."""
    dropped = ("GITHUB_ACTIONS", "FORCE_COLOR", "NO_COLOR", "GIT_DIR", "GIT_WORK_TREE")
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in dropped and not key.startswith("PRE_COMMIT")
    }
    gitconfig = scratch / "gitconfig"
    gitconfig.write_text("[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n")
    environment.update(
        GIT_AUTHOR_NAME="benchlint tests",
        GIT_AUTHOR_EMAIL="tests@example.invalid",
        GIT_COMMITTER_NAME="benchlint tests",
        GIT_COMMITTER_EMAIL="tests@example.invalid",
        GIT_CONFIG_GLOBAL=str(gitconfig),
        GIT_CONFIG_NOSYSTEM="1",
        PRE_COMMIT_HOME=str(scratch / "pre-commit-home"),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        PIP_NO_INPUT="1",
        PIP_PREFER_BINARY="1",
    )
    if (os.cpu_count() or 1) < 2:
        environment["TRAVIS"] = "1"  # pre-commit's own switch: at least two parallel batches
    return environment


@pytest.fixture(scope="session")
def run(env: dict[str, str]) -> Run:
    def run(*args: str | Path, cwd: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
        command = [str(arg) for arg in args]
        if command[0] == "pre-commit":
            command[:1] = [sys.executable, "-m", "pre_commit"]
        done = subprocess.run(
            command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600
        )
        if check and done.returncode != 0:
            pytest.fail(f"{' '.join(command)} exited {done.returncode}:\n{_output(done)}")
        return done

    return run


def _output(done: subprocess.CompletedProcess[str]) -> str:
    return done.stdout + done.stderr


@pytest.fixture(scope="session")
def hook_repo(scratch: Path, run: Run) -> tuple[Path, str]:
    """A committed copy of this checkout: what a user's `repo:` would point at."""
    if not (PROJECT_ROOT / ".git").exists():
        pytest.skip("needs a git checkout of benchlint to copy the hook repository from")
    repo = scratch / "benchlint-hook-repo"
    for relative in _project_files():
        target = repo / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(PROJECT_ROOT / relative, target)
    run("git", "init", "-q", cwd=repo)
    run("git", "add", "-A", cwd=repo)
    run("git", "commit", "-q", "-m", "benchlint under test", cwd=repo)
    head = run("git", "rev-parse", "HEAD", cwd=repo).stdout.strip()
    return repo, head


@pytest.fixture(scope="session")
def make_workspace(
    scratch: Path, run: Run, hook_repo: tuple[Path, str]
) -> Callable[[str, str], Path]:
    """`make_workspace(name, hook_id)`: a user's repository using one of our hooks."""
    repo, head = hook_repo

    def make(name: str, hook_id: str) -> Path:
        workspace = scratch / name
        workspace.mkdir()
        (workspace / ".pre-commit-config.yaml").write_text(
            f"repos:\n  - repo: {repo}\n    rev: {head}\n    hooks:\n      - id: {hook_id}\n"
        )
        run("git", "init", "-q", cwd=workspace)
        run("git", "add", "-A", cwd=workspace)
        run("git", "commit", "-q", "--no-verify", "-m", "pre-commit config", cwd=workspace)
        return workspace

    return make


@pytest.fixture(scope="session")
def installed(make_workspace: Callable[[str, str], Path], run: Run) -> None:
    """Build the hook environment once; every test after this reuses it."""
    workspace = make_workspace("install", "benchlint")
    run("pre-commit", "install-hooks", cwd=workspace)


@pytest.fixture
def workspace(
    request: pytest.FixtureRequest, make_workspace: Callable[[str, str], Path], installed: None
) -> Callable[[str], Path]:
    def make(hook_id: str) -> Path:
        return make_workspace(request.node.name, hook_id)

    return make


def _expected(workspace: Path, relatives: list[str]) -> Counter[tuple[str, int, int, str]]:
    """What benchlint itself reports on these files: the positions and codes the hook
    output must show."""
    found: Counter[tuple[str, int, int, str]] = Counter()
    for relative in relatives:
        text = (workspace / relative).read_text("utf-8")
        for d in benchlint.lint_text(text, path=relative):
            found[(relative, d.range.start.line, d.range.start.column, d.code)] += 1
    return found


def _reported(output: str) -> Counter[tuple[str, int, int, str]]:
    return Counter(
        (path, int(line), int(column), code)
        for path, line, column, code in REPORTED.findall(output)
    )


def _head(workspace: Path, run: Run) -> str:
    return run("git", "rev-parse", "HEAD", cwd=workspace).stdout.strip()


def _copy_config(workspace: Path, fixture: str, name: str) -> str:
    relative = f"configs/benchmark/{name}"
    (workspace / relative).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(CORPUS_DIR / fixture, workspace / relative)
    return relative


def test_a_bad_config_blocks_the_commit(workspace: Callable[[str], Path], run: Run) -> None:
    repo = workspace("benchlint")
    run("pre-commit", "install", cwd=repo)
    before = _head(repo, run)
    relative = _copy_config(repo, "hf-token-duplicate-agent.toml", "hle.toml")
    run("git", "add", "-A", cwd=repo)
    done = run("git", "commit", "-m", "add a bad config", cwd=repo, check=False)
    output = _output(done)
    assert done.returncode != 0, output
    assert _head(repo, run) == before, "the commit was refused"
    assert re.search(r"^benchlint\.+Failed$", output, re.M), output
    expected = _expected(repo, [relative])
    assert {code for *_, code in expected} == {"BL203", "BL306"}
    assert _reported(output) == expected, output
    # docs/ci.md shows this very output
    hook = output[output.index("benchlint....") :]
    assert _lines(hook) == _lines(_documented_failure())


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.strip().splitlines()]


def _documented_failure() -> str:
    """The failing hook's output as docs/ci.md shows it."""
    page = (PROJECT_ROOT / "docs" / "ci.md").read_text("utf-8")
    found = re.search(r"```text\n(benchlint\.+Failed\n.*?)```", page, re.S)
    assert found is not None, "docs/ci.md shows a failing hook"
    return found.group(1)


def test_a_good_config_passes(workspace: Callable[[str], Path], run: Run) -> None:
    repo = workspace("benchlint")
    run("pre-commit", "install", cwd=repo)
    before = _head(repo, run)
    _copy_config(repo, "clean.toml", "terminal-bench.toml")
    run("git", "add", "-A", cwd=repo)
    done = run("git", "commit", "-m", "add a good config", cwd=repo)
    assert re.search(r"^benchlint\.+Passed$", _output(done), re.M), _output(done)
    assert _head(repo, run) != before


@pytest.fixture(scope="session")
def needs_fix(scratch: Path) -> None:
    """Skip unless this checkout's `benchlint check --fix` rewrites a safely fixable file
    (judged by what it does, not by a version number)."""
    probe = scratch / "fix-probe" / "configs" / "benchmark" / "probe.toml"
    probe.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(CORPUS_DIR / "fixable-safe.toml", probe)
    original = probe.read_bytes()
    subprocess.run(
        [sys.executable, "-m", "benchlint", "check", "--fix", str(probe)],
        capture_output=True,
        check=False,
    )
    if probe.read_bytes() == original:
        pytest.skip("`benchlint check --fix` does not rewrite files yet (being implemented)")


def test_the_fix_hook_repairs_a_fixable_config(
    workspace: Callable[[str], Path], run: Run, needs_fix: None
) -> None:
    repo = workspace("benchlint-fix")
    relative = _copy_config(repo, "fixable-safe.toml", "fixable.toml")
    assert {code for *_, code in _expected(repo, [relative])} == {"BL211", "BL301"}
    run("git", "add", relative, cwd=repo)  # pre-commit sees changes to tracked files only
    first = run("pre-commit", "run", "benchlint-fix", "--files", relative, cwd=repo, check=False)
    assert first.returncode == 1, _output(first)
    assert "files were modified by this hook" in _output(first)
    assert not _expected(repo, [relative]), "the fixes removed every diagnostic"
    second = run("pre-commit", "run", "benchlint-fix", "--files", relative, cwd=repo)
    assert re.search(r"Passed$", _output(second), re.M), _output(second)


def _two_hundred_configs(repo: Path, run: Run, fixtures: list[str]) -> list[str]:
    relatives = [
        _copy_config(repo, fixtures[number % len(fixtures)], f"config-{number:03}.toml")
        for number in range(200)
    ]
    run("git", "add", "-A", cwd=repo)
    run("git", "commit", "-q", "--no-verify", "-m", "200 configs", cwd=repo)
    return relatives


def _assert_clean_run(output: str) -> None:
    for sign in ("Traceback", "internal error", "exit code: 2"):
        assert sign not in output
    batches = [int(files) for files in SUMMARY.findall(output)]
    assert sum(batches) == 200, "every file checked exactly once"
    assert len(batches) >= 2, "pre-commit ran several batches"


def test_two_hundred_configs_in_parallel_batches(
    workspace: Callable[[str], Path], run: Run
) -> None:
    repo = workspace("benchlint")
    fixtures = ["hf-token-duplicate-agent.toml", "harness-secrets.toml", "run-shape.toml"]
    fixtures += ["clean.toml", "unicode-columns.toml", "multi-line-range.toml"]
    relatives = _two_hundred_configs(repo, run, fixtures)
    done = run("pre-commit", "run", "benchlint", "--all-files", cwd=repo, check=False)
    output = _output(done)
    assert done.returncode == 1, output
    _assert_clean_run(output)
    assert _reported(output) == _expected(repo, relatives)
    status = run("git", "status", "--porcelain", "--ignored", cwd=repo).stdout
    assert status == "", f"stray or changed files:\n{status}"


def test_the_fix_hook_on_two_hundred_configs_in_parallel_batches(
    workspace: Callable[[str], Path], run: Run, needs_fix: None
) -> None:
    repo = workspace("benchlint-fix")
    fixtures = ["fixable-safe.toml", "clean.toml", "hf-token-duplicate-agent.toml"]
    relatives = _two_hundred_configs(repo, run, fixtures)
    done = run("pre-commit", "run", "benchlint-fix", "--all-files", cwd=repo, check=False)
    output = _output(done)
    assert done.returncode == 1, output
    assert "files were modified by this hook" in output
    _assert_clean_run(output)
    assert _reported(output) == _expected(repo, relatives), "what is left after fixing"
    fixable = {r for n, r in enumerate(relatives) if fixtures[n % len(fixtures)].startswith("fix")}
    status = run("git", "status", "--porcelain", "--ignored", cwd=repo).stdout.splitlines()
    assert sorted(status) == sorted(f" M {relative}" for relative in fixable), "nothing stray"
