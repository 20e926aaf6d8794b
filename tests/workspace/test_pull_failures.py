"""The pull's edges that the real CLI cannot show on this machine (it is there, new enough,
and prints JSON), with small stand-in programs: no `osmosis` on PATH, one too old, one that
prints something that is not JSON or more than names and scopes, and what reaches the command
line. Then the cache as every surface reads it: its age at the boundary, a benchmark it lacks,
a broken file, explicit settings that win."""

from __future__ import annotations

import json
import os
import pty
import stat
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from benchlint.cli.main import main
from benchlint.domain import workspace_cache
from benchlint.domain.workspace_cache import (
    Fetched,
    benchmark_file,
    cache_folder,
    save,
)

from .conftest import cache_bytes, make_workspace

BENCH = json.dumps(
    {
        "schema_version": 1,
        "data": {
            "benchmark": {
                "key": "acme-ready",
                "name": "Acme Ready",
                "source_type": "harbor_registry",
                "task_count": 2,
                "sync_status": "ready",
                "tasks": [{"name": "acme/one"}, {"name": "acme/two"}],
            }
        },
    }
)
SECRETS = json.dumps(
    {
        "schema_version": 1,
        "items": [
            {"name": "OPENAI_API_KEY", "scope": "workspace", "value": "sk-live-0123456789abcdef"},
            {"name": "HF_TOKEN", "scope": "personal", "last_used_by": "Ada Lovelace"},
        ],
    }
)


def fake_cli(folder: Path, version: str = "osmosis-ai 0.3.8", info: str = BENCH) -> Path:
    """A stand-in `osmosis` that logs its arguments (one line each call) and answers."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "calls.log"
    script = folder / "osmosis"
    script.write_text(
        f"""#!/bin/sh
echo "$*" >> '{log}'
case "$*" in
  --version) echo '{version}' ;;
  "--json benchmark info "*) cat <<'EOF'
{info}
EOF
  ;;
  "--json secret list --all") cat <<'EOF'
{SECRETS}
EOF
  ;;
  *) echo "Error: No such command" >&2; exit 2 ;;
esac
""",
        "utf-8",
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def pull(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(["workspace", "pull", *arguments])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = make_workspace(tmp_path / "bench")
    monkeypatch.chdir(root)
    return root


def test_no_osmosis_on_path(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    status, out, err = pull(capsys)
    assert (status, out) == (2, "")
    assert err == (
        "benchlint: workspace pull: no `osmosis` on PATH: install the Osmosis CLI (`pip install "
        "osmosis-ai`) and log in (`osmosis auth login`), or name it with --osmosis\n"
    )
    assert not (repo / ".benchlint").exists()


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (
            "osmosis-ai 0.2.9",
            "osmosis-ai 0.2.9 is too old: `--json benchmark info` and `--json secret list` need "
            "0.3.0 or newer (`pip install -U osmosis-ai`)",
        ),
        ("hello", "--version did not print a version (exit status 0): is it the Osmosis CLI?"),
    ],
)
def test_a_cli_too_old_or_not_osmosis(
    version: str, message: str, repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = fake_cli(tmp_path / "bin", version=version)
    status, out, err = pull(capsys, "--osmosis", str(cli))
    assert (status, out) == (2, "")
    [line] = err.splitlines()
    assert line.startswith("benchlint: workspace pull: ") and line.endswith(message)


def test_a_cli_without_json_for_a_command_is_too_old(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = fake_cli(tmp_path / "bin")
    text = cli.read_text("utf-8").replace('"--json secret list --all"', '"--json secret ls"')
    cli.write_text(text, "utf-8")
    status, out, err = pull(capsys, "--osmosis", str(cli))
    assert status == 1  # the benchmarks were saved
    assert out.startswith("workspace pull stopped: this osmosis has no `--json secret list`")
    assert err.splitlines() == [
        "benchlint: workspace pull: this osmosis has no `--json secret list`: it is too old "
        "(`pip install -U osmosis-ai`)"
    ]


def test_an_answer_that_is_not_json_is_not_saved(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = fake_cli(tmp_path / "bin", info="<html>Service Unavailable</html>")
    status, out, err = pull(capsys, "--osmosis", str(cli))
    assert status == 1
    assert err.splitlines() == [
        'benchlint: workspace pull: "acme-failed": osmosis benchmark info printed something '
        'that is not JSON (33 bytes): "<html>Service Unavailable</html>"',
        'benchlint: workspace pull: "acme-ready": osmosis benchmark info printed something '
        'that is not JSON (33 bytes): "<html>Service Unavailable</html>"',
        'benchlint: workspace pull: "acme-syncing": osmosis benchmark info printed something '
        'that is not JSON (33 bytes): "<html>Service Unavailable</html>"',
    ]
    assert "fetched 2 secret records" in out and "3 failed, kept as they were" in out
    assert not (repo / ".benchlint" / "workspace" / "benchmarks" / "acme-ready.json").exists()


def test_only_names_and_scopes_are_saved_and_nothing_secret_is_passed(
    repo: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    token = "osm_made_up_token_0123456789"
    monkeypatch.setenv("OSMOSIS_TOKEN", token)
    # a config whose benchmark is a pasted credential: never put on a command line
    pasted = "sk-proj-" + "A1b2C3d4E5f6G7h8I9j0" * 2
    config = repo / "configs" / "benchmark" / "pasted.toml"
    config.write_text(f'[experiment]\nbenchmark = "{pasted}"\n', "utf-8")
    cli = fake_cli(tmp_path / "bin")
    status, out, err = pull(capsys, "--osmosis", str(cli))
    assert status == 1
    calls = (tmp_path / "bin" / "calls.log").read_text("utf-8")
    assert pasted not in calls and token not in calls
    assert calls.splitlines() == [
        "--version",
        "--json benchmark info acme-failed",
        "--json benchmark info acme-ready",
        "--json benchmark info acme-syncing",
        "--json secret list --all",
    ]
    [line] = err.splitlines()
    assert "it looks like a credential, which benchlint never puts on a command line" in line
    assert pasted not in out + err and token not in out + err
    saved = cache_bytes(repo)
    secrets = saved[".benchlint/workspace/secrets.json"]
    assert json.loads(secrets)["items"] == [
        {"name": "OPENAI_API_KEY", "scope": "workspace"},
        {"name": "HF_TOKEN", "scope": "personal"},
    ]
    assert not any(b"sk-live" in data or b"Ada" in data for data in saved.values())
    assert saved[".benchlint/.gitignore"].endswith(b"\n*\n")
    assert not any(name.endswith(".tmp") for name in saved)


def test_progress_lines_on_a_terminal(repo: Path, tmp_path: Path) -> None:
    cli = fake_cli(tmp_path / "bin")
    main_fd, terminal = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "benchlint", "workspace", "pull", "--osmosis", str(cli)],
            cwd=repo,
            stdout=subprocess.PIPE,
            stderr=terminal,
            text=True,
            timeout=120,
        )
        os.close(terminal)
        shown = b""
        while True:
            try:
                chunk = os.read(main_fd, 4096)
            except OSError:  # the terminal's other end is closed: all read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(main_fd)
    assert done.returncode == 0
    assert shown.decode().splitlines() == [
        '  [1/3] "acme-failed": ready, 2 tasks',
        '  [2/3] "acme-ready": ready, 2 tasks',
        '  [3/3] "acme-syncing": ready, 2 tasks',
        "  secret list: 2 records (2 read by submit)",
    ]
    assert done.stdout.startswith("workspace pull: fetched 3 benchmarks")


# -- the cache, as every surface reads it -------------------------------------------------------
FETCHED = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


def write_cache(root: Path, at: datetime = FETCHED) -> None:
    folder = cache_folder(root)
    save(benchmark_file(folder, "acme-ready"), BENCH.encode(), Fetched(at, "0.3.8", "test"))
    secrets = json.dumps({"schema_version": 1, "items": [{"name": "OPENAI_API_KEY"}]})
    save(folder / "secrets.json", secrets.encode(), Fetched(at, "0.3.8", "test"))


def bl902(capsys: pytest.CaptureFixture[str], path: str) -> list[str]:
    capsys.readouterr()
    main(["check", "--format", "json", "--fail-on", "never", path])
    report = json.loads(capsys.readouterr().out)
    return [d["message"] for f in report["files"] for d in f["diagnostics"] if d["code"] == "BL902"]


def test_the_age_is_reported_past_the_boundary_only(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write_cache(repo)
    ready = "configs/benchmark/ready.toml"
    monkeypatch.setattr(workspace_cache, "now", lambda: FETCHED + timedelta(days=7))
    assert bl902(capsys, ready) == []
    monkeypatch.setattr(workspace_cache, "now", lambda: FETCHED + timedelta(days=7, seconds=1))
    assert bl902(capsys, ready) == [
        "the workspace data this file is checked against is 7 days old (fetched 2026-11-01; "
        "`workspace-max-age` is 7 days): refresh it with `benchlint workspace pull`"
    ]
    (repo / "benchlint.toml").write_text("workspace-max-age = 30\n", "utf-8")
    assert bl902(capsys, ready) == []
    monkeypatch.setattr(workspace_cache, "now", lambda: FETCHED + timedelta(days=30, hours=1))
    assert len(bl902(capsys, ready)) == 1


def test_a_benchmark_never_fetched_says_how_to_fetch_it(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write_cache(repo)
    monkeypatch.setattr(workspace_cache, "now", lambda: FETCHED)
    assert bl902(capsys, "configs/benchmark/syncing.toml") == [
        'benchmark "acme-syncing" is not in the workspace data (.benchlint/): fetch it with '
        "`benchlint workspace pull`"
    ]


def test_a_broken_cache_file_is_one_line(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_cache(repo)
    broken = repo / ".benchlint" / "workspace" / "benchmarks" / "acme-ready.json"
    broken.write_text('{"schema_version": 1, "data": {', "utf-8")
    capsys.readouterr()
    assert main(["check", "configs"]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("benchlint: workspace data file ")
    assert line.endswith(
        "is not valid JSON (line 1, column 32: Expecting property name "
        "enclosed in double quotes): run `benchlint workspace pull` again"
    )


def test_outside_git_a_pull_says_why_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = pull(capsys)
    assert (status, out) == (2, "")
    assert err.startswith("benchlint: not in a git repository: the workspace cache lives in")


def test_file_names_hold_any_key(tmp_path: Path) -> None:
    folder = tmp_path / "w"
    assert benchmark_file(folder, "acme/custom@1.0").name == "acme%2Fcustom@1.0.json"
    assert benchmark_file(folder, "..").name == "%2E..json"
    assert benchmark_file(folder, "a\nb").name == "a%0Ab.json"
    assert len(benchmark_file(folder, "x" * 400).name.encode()) < 255


def test_the_editor_hears_of_a_pull_made_in_a_terminal(tmp_path: Path) -> None:
    """A changed cache file (the client watches `**/*.json`) re-lints the open documents."""
    from benchlint.lsp.workspace_settings import WorkspaceSettings

    settings = WorkspaceSettings()
    cached = tmp_path / ".benchlint" / "workspace" / "benchmarks" / "acme-ready.json"
    assert settings.concerns(str(cached))
    assert not settings.concerns(str(tmp_path / "data" / "acme-ready.json"))


def test_a_committed_cache_is_not_read(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A pull request could commit a cache saying every record exists: git's index names it,
    and it is refused (one line), not read."""
    write_cache(repo)
    subprocess.run(["git", "add", "-f", ".benchlint"], cwd=repo, check=True)
    capsys.readouterr()
    assert main(["check", "configs"]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("benchlint: the workspace cache ")
    assert "is committed to the repository: not read" in line
    subprocess.run(["git", "rm", "-r", "-q", "--cached", ".benchlint"], cwd=repo, check=True)
    assert main(["check", "--format", "json", "configs"]) == 1  # read again


def test_a_config_linked_out_of_the_repository_is_not_read(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = tmp_path / "outside.toml"
    outside.write_text('[experiment]\nbenchmark = "from-outside"\n', "utf-8")
    (repo / "configs" / "benchmark" / "linked.toml").symlink_to(outside)
    cli = fake_cli(tmp_path / "bin")
    pull(capsys, "--osmosis", str(cli))
    assert "from-outside" not in (tmp_path / "bin" / "calls.log").read_text("utf-8")
