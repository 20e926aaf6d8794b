"""`benchlint check --fix / --unsafe-fixes / --diff` end to end, in process."""

from __future__ import annotations

import io
import json
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchlint.cli import check as check_module
from benchlint.cli.main import main

CREDENTIAL = "sk-proj-" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2"
ENV_CREDENTIAL = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"

# One safe fix (BL303), one unsafe fix (BL202), and a credential no fix touches (BL207).
CONFIG = f"""\
# nightly run
[experiment]
benchmark = "gdpval"

[[agents]]
harness = "cursor-cli"
harness_api_key_secret = "CURSOR_TOKEN"  # wrong name

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "{CREDENTIAL}"

[agents.env]
GH = "{ENV_CREDENTIAL}"

[execution]
judge_api_key_secret = "OPENAI_API_KEY"

[secrets]
required = ["GITHUB_TOKEN", "GITHUB_TOKEN"]
"""
CLEAN = """\
[experiment]
benchmark = "gdpval"

[[agents]]
harness = "claude-code"

[agents.model]
type = "provider"
model = "anthropic/claude-sonnet-4"
api_key_secret = "ANTHROPIC_API_KEY"

[execution]
judge_api_key_secret = "OPENAI_API_KEY"
"""


class Run:
    def __init__(self, code: int, out: bytes, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    @property
    def text(self) -> str:
        return self.out.decode("utf-8")


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    for name in ("GITHUB_ACTIONS", "FORCE_COLOR", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    yield folder
    for path in (folder, *folder.iterdir()):  # undo chmods so pytest can clean up
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() else 0o644)


def run(monkeypatch: pytest.MonkeyPatch, *args: str, stdin: bytes = b"") -> Run:
    out, err = io.BytesIO(), io.BytesIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out, "utf-8", write_through=True))
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(err, "utf-8", write_through=True))
    code = main(["check", "--no-color", *args])
    return Run(code, out.getvalue(), err.getvalue().decode("utf-8"))


def write(folder: Path, text: str, name: str = "run.toml", newline: str = "\n") -> Path:
    path = folder / name
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    return path


def snapshot(path: Path) -> tuple[bytes, int, int]:
    info = path.stat()
    return path.read_bytes(), info.st_mtime_ns, info.st_ino


def stderr_lines(result: Run) -> list[str]:
    return [line for line in result.err.splitlines() if line.startswith("benchlint:")]


# -- --diff --------------------------------------------------------------------------------
def test_diff_prints_a_diff_and_writes_nothing(workdir: Path, monkeypatch: pytest.MonkeyPatch):
    path = write(workdir, CONFIG)
    before = snapshot(path)
    result = run(monkeypatch, "--diff", "configs/benchmark/run.toml")
    assert snapshot(path) == before
    assert result.code == 1
    assert result.text.startswith(
        "--- a/configs/benchmark/run.toml\n+++ b/configs/benchmark/run.toml\n"
    )
    assert '+harness_api_key_secret = "CURSOR_API_KEY"  # wrong name' in result.text
    assert "+api_key_secret" not in result.text  # unsafe: not without --unsafe-fixes
    assert "would fix 2 problems in 1 file" in result.err


def test_diff_with_unsafe_fixes_shows_them(workdir: Path, monkeypatch: pytest.MonkeyPatch):
    path = write(workdir, CONFIG)
    before = snapshot(path)
    result = run(monkeypatch, "--diff", "--unsafe-fixes", str(path))
    assert snapshot(path) == before
    assert '+api_key_secret = "OPENAI_API_KEY"' in result.text
    assert result.code == 1


def test_diff_never_prints_a_credential(workdir: Path, monkeypatch: pytest.MonkeyPatch):
    path = write(workdir, CONFIG)
    for args in (["--diff"], ["--diff", "--unsafe-fixes"]):
        result = run(monkeypatch, *args, str(path))
        assert CREDENTIAL not in result.text + result.err
        assert ENV_CREDENTIAL not in result.text + result.err
    # BL202's fix removes the pasted key: the `-` line shows it masked, same width, only
    # its public format prefix (`sk-`) readable.
    masked = CREDENTIAL[:3] + "*" * (len(CREDENTIAL) - 3)
    assert f'-api_key_secret = "{masked}"' in result.text
    assert f' GH = "{ENV_CREDENTIAL[:4]}*' in result.text  # a context line, masked too


def test_diff_of_a_clean_file_is_empty_and_exits_0(workdir: Path, monkeypatch):
    path = write(workdir, CLEAN)
    result = run(monkeypatch, "--diff", str(path))
    assert (result.code, result.out) == (0, b"")


def test_diff_of_stdin_uses_the_stdin_filename(workdir: Path, monkeypatch: pytest.MonkeyPatch):
    result = run(
        monkeypatch,
        "--diff",
        "-",
        "--stdin-filename",
        "configs/benchmark/x.toml",
        stdin=CONFIG.encode(),
    )
    assert result.text.startswith("--- a/configs/benchmark/x.toml\n")
    assert result.code == 1


# -- --fix ---------------------------------------------------------------------------------
def test_fix_writes_safe_fixes_and_reports_what_remains(workdir: Path, monkeypatch):
    path = write(workdir, CONFIG)
    result = run(monkeypatch, "--fix", str(path))
    fixed = path.read_text("utf-8")
    assert 'harness_api_key_secret = "CURSOR_API_KEY"  # wrong name' in fixed
    assert 'required = ["GITHUB_TOKEN"]' in fixed
    assert CREDENTIAL in fixed  # unsafe: not without --unsafe-fixes
    assert result.code == 1  # BL202 and BL207 remain
    assert "BL303" not in result.text and "BL211" not in result.text
    assert "BL202" in result.text
    assert result.text.rstrip().splitlines()[-1] == (
        "fixed 2 problems; 2 errors in 1 file; 1 more with --unsafe-fixes"
    )
    assert CREDENTIAL not in result.text + result.err


def test_unsafe_fixes_alone_applies_safe_and_unsafe_fixes(workdir: Path, monkeypatch):
    path = write(workdir, CONFIG)
    result = run(monkeypatch, "--unsafe-fixes", str(path))
    fixed = path.read_text("utf-8")
    assert 'api_key_secret = "OPENAI_API_KEY"' in fixed
    assert 'harness_api_key_secret = "CURSOR_API_KEY"' in fixed
    assert result.text.rstrip().splitlines()[-1] == "fixed 3 problems; 1 error in 1 file"


def test_fix_exits_0_when_everything_is_fixed(workdir: Path, monkeypatch):
    path = write(workdir, CLEAN.replace('"claude-code"', '"claude_code"'))
    result = run(monkeypatch, "--unsafe-fixes", str(path))
    assert result.code == 0
    assert path.read_text("utf-8") == CLEAN
    assert result.text.rstrip().splitlines()[-1] == "fixed 1 problem; no problems in 1 file"


def test_fix_of_a_clean_file_writes_nothing(workdir: Path, monkeypatch):
    path = write(workdir, CLEAN)
    before = snapshot(path)
    result = run(monkeypatch, "--fix", str(path))
    assert snapshot(path) == before
    assert result.code == 0


def test_fix_json_reports_the_remaining_diagnostics(workdir: Path, monkeypatch):
    path = write(workdir, CONFIG)
    result = run(monkeypatch, "--fix", "--format", "json", str(path))
    document = json.loads(result.text)
    codes = [d["code"] for d in document["files"][0]["diagnostics"]]
    assert "BL303" not in codes and "BL211" not in codes and "BL202" in codes


@pytest.mark.parametrize("mode", [0o640, 0o600, 0o755])
def test_fix_keeps_the_file_mode(workdir: Path, monkeypatch, mode: int):
    path = write(workdir, CONFIG)
    path.chmod(mode)
    run(monkeypatch, "--fix", str(path))
    assert "CURSOR_API_KEY" in path.read_text("utf-8")
    assert stat.S_IMODE(path.stat().st_mode) == mode


def test_fix_replaces_the_file_atomically(workdir: Path, monkeypatch):
    path = write(workdir, CONFIG)
    inode = path.stat().st_ino
    run(monkeypatch, "--fix", str(path))
    assert path.stat().st_ino != inode  # a new file renamed over the old one
    assert sorted(p.name for p in workdir.iterdir()) == ["run.toml"]  # no temporary left


def test_a_failed_write_leaves_the_file_and_no_temporary(workdir: Path, monkeypatch):
    path = write(workdir, CONFIG)
    before = snapshot(path)

    def fail(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(check_module.os, "replace", fail)
    result = run(monkeypatch, "--fix", str(path))
    assert result.code == 2
    assert snapshot(path) == before
    assert sorted(p.name for p in workdir.iterdir()) == ["run.toml"]
    assert stderr_lines(result) == [
        f"benchlint: {path}: cannot write the fixed file (no space left on device); "
        "fixes were not written"
    ]
    assert "BL303" in result.text  # the report is about the file as it still is


def test_a_read_only_file_exits_2_with_one_line(workdir: Path, monkeypatch):
    path = write(workdir, CONFIG)
    path.chmod(0o444)
    before = snapshot(path)
    result = run(monkeypatch, "--fix", str(path))
    assert result.code == 2
    assert snapshot(path) == before
    assert stderr_lines(result) == [
        f"benchlint: {path}: the file is read-only; fixes were not written"
    ]
    assert "Traceback" not in result.err


def test_a_read_only_folder_exits_2_with_one_line(workdir: Path, monkeypatch):
    path = write(workdir, CONFIG)
    before = snapshot(path)
    workdir.chmod(0o555)
    result = run(monkeypatch, "--fix", str(path))
    assert result.code == 2
    assert snapshot(path) == before
    [line] = stderr_lines(result)
    assert line.startswith(f"benchlint: {path}: its folder is read-only")


def test_other_files_are_still_fixed_next_to_a_read_only_one(workdir: Path, monkeypatch):
    locked = write(workdir, CONFIG, "a.toml")
    locked.chmod(0o444)
    open_ = write(workdir, CONFIG, "b.toml")
    result = run(monkeypatch, "--fix", "configs")
    assert result.code == 2
    assert "CURSOR_API_KEY" in open_.read_text("utf-8")
    assert "CURSOR_API_KEY" not in locked.read_text("utf-8")
    assert len(stderr_lines(result)) == 1


def test_fix_never_writes_a_file_that_does_not_parse(workdir: Path, monkeypatch):
    path = write(workdir, CONFIG + "[broken\n")
    before = snapshot(path)
    result = run(monkeypatch, "--fix", "--unsafe-fixes", str(path))
    assert snapshot(path) == before
    assert result.code == 1
    assert "BL001" in result.text


def test_fix_keeps_crlf(workdir: Path, monkeypatch):
    path = write(workdir, CONFIG, newline="\r\n")
    run(monkeypatch, "--fix", "--unsafe-fixes", str(path))
    data = path.read_bytes()
    assert b'api_key_secret = "OPENAI_API_KEY"\r\n' in data
    assert data.count(b"\n") == data.count(b"\r\n")


def test_fix_writes_through_a_symbolic_link(workdir: Path, monkeypatch):
    target = write(workdir, CONFIG)
    link = workdir / "link.toml"
    link.symlink_to(target.name)
    run(monkeypatch, "--fix", str(link))
    assert link.is_symlink()
    assert "CURSOR_API_KEY" in target.read_text("utf-8")


# -- standard input --------------------------------------------------------------------------
def test_stdin_fix_prints_the_fixed_text_and_reports_on_stderr(workdir: Path, monkeypatch):
    result = run(
        monkeypatch,
        "--fix",
        "-",
        "--stdin-filename",
        "configs/benchmark/x.toml",
        stdin=CONFIG.encode(),
    )
    assert result.text == CONFIG.replace('"CURSOR_TOKEN"', '"CURSOR_API_KEY"').replace(
        '["GITHUB_TOKEN", "GITHUB_TOKEN"]', '["GITHUB_TOKEN"]'
    )
    assert "fixed 2 problems" in result.err
    assert result.code == 1
    assert not list(workdir.iterdir())  # nothing written anywhere


def test_stdin_fix_echoes_bytes_it_cannot_read(workdir: Path, monkeypatch):
    data = b'[experiment]\nbenchmark = "\xff"\n'
    result = run(monkeypatch, "--fix", "-", stdin=data)
    assert result.out == data
    assert "BL002" in result.err


@pytest.mark.parametrize("fmt", ["text", "concise", "json"])
def test_fix_reports_never_print_a_credential(workdir: Path, monkeypatch, fmt: str):
    path = write(workdir, CONFIG)
    result = run(monkeypatch, "--fix", "--format", fmt, str(path))
    assert CREDENTIAL not in result.text + result.err
    assert ENV_CREDENTIAL not in result.text + result.err


# -- what the summary offers -----------------------------------------------------------------
BROKEN = CONFIG + "\n[env]\nLOG = tru\n"  # BL001: the fixer never touches this file


@pytest.mark.parametrize("option", [None, "--fix", "--unsafe-fixes"])
def test_a_file_that_is_not_toml_is_offered_no_fix(workdir: Path, monkeypatch, option):
    path = write(workdir, BROKEN)
    result = run(monkeypatch, *([option] if option else []), str(path))
    assert path.read_text("utf-8") == BROKEN
    last = result.text.rstrip().splitlines()[-1]
    assert "--fix" not in last and "--unsafe-fixes" not in last
    assert last.endswith("; 3 fixes once the TOML syntax is fixed"), last


@pytest.mark.parametrize(
    ("option", "tail"),
    [
        ("--fix", "1 more with --unsafe-fixes, 2 fixes could not be applied"),
        ("--unsafe-fixes", "3 fixes could not be applied"),
    ],
)
def test_fixes_a_run_refused_are_not_offered_again(workdir: Path, monkeypatch, option, tail):
    from benchlint.lint import fixer

    monkeypatch.setattr(fixer, "MAX_ROUNDS", 0)  # a run that applies nothing it was allowed
    path = write(workdir, CONFIG)
    result = run(monkeypatch, option, str(path))
    assert path.read_text("utf-8") == CONFIG
    assert result.text.rstrip().splitlines()[-1] == f"3 errors, 1 warning in 1 file; {tail}"
