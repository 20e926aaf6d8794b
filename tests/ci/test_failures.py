"""A run that could not read a path, or write a fix, never looks clean: every format says so."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tests.helpers import MINIMAL

import benchlint.cli.inputs as inputs_module
from benchlint.cli.files import expand as real_expand

from .conftest import RunCli

BROKEN = MINIMAL.replace('harness = "terminus-2"', 'harness = "terminus-2"\nharness = "codex"')


@pytest.fixture
def good(tmp_path: Path) -> str:
    path = tmp_path / "configs" / "benchmark" / "good.toml"
    path.parent.mkdir(parents=True)
    path.write_text(MINIMAL, "utf-8")
    return str(path)


def test_a_missing_path_alone_is_not_clean_text(run_cli: RunCli, tmp_path: Path) -> None:
    run = run_cli("text", "nonexist", cwd=tmp_path)
    assert run.status == 2
    assert "no problems" not in run.output
    assert run.output == "1 path could not be read; nothing found in the 0 files checked\n"
    assert run.stderr == "benchlint: nonexist: no such file or directory\n"


@pytest.mark.parametrize("fmt", ["text", "concise"])
def test_a_good_file_and_a_missing_one(
    run_cli: RunCli, good: str, tmp_path: Path, fmt: str
) -> None:
    run = run_cli(fmt, good, "missing.toml", cwd=tmp_path)
    assert run.status == 2
    assert run.output.splitlines()[-1] == (
        "1 path could not be read; nothing found in the 1 file checked"
    )


def test_text_with_findings_still_says_what_was_not_read(run_cli: RunCli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BROKEN, "utf-8")
    run = run_cli("concise", str(bad), "a", "b", cwd=tmp_path)
    assert run.output.splitlines()[-1].startswith("2 paths could not be read; 1 error")


def test_json_lists_each_failure_with_its_reason(
    run_cli: RunCli, good: str, tmp_path: Path
) -> None:
    (tmp_path / "empty").mkdir()
    run = run_cli("json", good, "missing.toml", "empty", cwd=tmp_path)
    document = run.json()
    assert run.status == 2
    assert document["failures"] == [
        {"path": "missing.toml", "kind": "read", "reason": "no such file or directory"},
        {
            "path": "empty",
            "kind": "read",
            "reason": "no benchmark configs (configs/benchmark/*.toml) in this folder",
        },
    ]
    assert document["summary"]["failures"] == 2
    assert [f["path"] for f in document["files"]] == [good]


def test_sarif_marks_the_invocation_unsuccessful(
    run_cli: RunCli, good: str, tmp_path: Path
) -> None:
    log = run_cli("sarif", good, "missing.toml", cwd=tmp_path).json()
    [invocation] = log["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    [note] = invocation["toolExecutionNotifications"]
    assert note["level"] == "error"
    assert note["message"]["text"] == "missing.toml: no such file or directory"
    location = note["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "missing.toml", "uriBaseId": "%SRCROOT%"}


def test_sarif_of_a_complete_run_says_it_succeeded(run_cli: RunCli, good: str) -> None:
    [invocation] = run_cli("sarif", good).json()["runs"][0]["invocations"]
    assert invocation == {"executionSuccessful": True}


def test_github_annotates_each_failure(run_cli: RunCli, good: str, tmp_path: Path) -> None:
    lines = run_cli("github", good, "missing, odd.toml", cwd=tmp_path).output.splitlines()
    assert lines[0] == (
        "::error file=missing%2C odd.toml,title=benchlint could not read this path"
        "::missing, odd.toml: no such file or directory"
    )


def test_a_file_that_vanishes_mid_run_is_a_failure(
    run_cli: RunCli, good: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = Path(good).with_name("other.toml")
    other.write_text(MINIMAL, "utf-8")

    def expand_then_delete(paths: list[str], *rest: bool):  # type: ignore[no-untyped-def]
        found = real_expand(paths, *rest)
        other.unlink()  # between finding the files and reading them
        return found

    monkeypatch.setattr(inputs_module, "expand", expand_then_delete)
    document = run_cli("json", str(Path(good).parent), cwd=tmp_path).json()
    assert document["failures"] == [
        {"path": str(other), "kind": "read", "reason": "no such file (or a broken symbolic link)"}
    ]
    assert [f["path"] for f in document["files"]] == [good]


def test_a_fix_that_cannot_be_written_is_a_write_failure(run_cli: RunCli, tmp_path: Path) -> None:
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    target = folder / "fixable.toml"
    # BL301 has a safe fix: remove the key the harness does not take.
    extra_key = 'harness = "terminus-2"\nharness_api_key_secret = "X"'
    target.write_text(MINIMAL.replace('harness = "terminus-2"', extra_key), "utf-8")
    os.chmod(folder, 0o555)
    try:
        run = run_cli("json", str(target), cwd=tmp_path, extra=("--fix",))
        text_run = run_cli("text", str(target), cwd=tmp_path, extra=("--fix",))
    finally:
        os.chmod(folder, 0o755)
    [failure] = run.json()["failures"]
    assert failure["kind"] == "write" and "fixes were not written" in failure["reason"]
    assert run.status == 2
    assert "1 fixed file could not be written" in text_run.output.splitlines()[-1]
    assert run.json()["summary"]["failures"] == 1
    assert "BL301" in {d["code"] for d in run.json()["files"][0]["diagnostics"]}  # not fixed
