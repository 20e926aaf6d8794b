"""The command line: exit codes, inputs, formats and the bad-input matrix (quality.md §7)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchlint import __version__
from benchlint.cli.main import main
from helpers import MINIMAL

HF = MINIMAL.replace("[agents.model]", '[agents.env]\nHF_TOKEN = "x"\n\n[agents.model]')
GEMINI = MINIMAL.replace('"terminus-2"', '"gemini-cli"')


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    (folder / "good.toml").write_text(MINIMAL)
    (folder / "hf.toml").write_text(HF)
    (folder / "gemini.toml").write_text(GEMINI)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_exit_codes_follow_fail_on(workspace: Path, capsys) -> None:
    assert run(capsys, "check", "configs/benchmark/good.toml")[0] == 0
    assert run(capsys, "check", "configs/benchmark/hf.toml")[0] == 1
    assert run(capsys, "check", "configs/benchmark/gemini.toml")[0] == 0
    assert run(capsys, "check", "--fail-on", "warning", "configs/benchmark/gemini.toml")[0] == 1
    assert run(capsys, "check", "--fail-on", "never", "configs/benchmark/hf.toml")[0] == 0


def test_text_output_has_code_frame_fix_and_summary(workspace: Path, capsys) -> None:
    code, out, _ = run(capsys, "check", "configs/benchmark/hf.toml")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("configs/benchmark/hf.toml:8:1: BL203 [error] HF_TOKEN is reserved")
    assert lines[1:4] == ["  |", '8 | HF_TOKEN = "x"', "  | ^^^^^^^^"]
    assert lines[4].startswith("  = fix (unsafe): Remove HF_TOKEN")
    assert lines[-1] == "1 error in 1 file; 1 more with --unsafe-fixes"
    assert "\x1b[" not in out  # not a terminal: no colour


def test_concise_quiet_and_statistics(workspace: Path, capsys) -> None:
    _, out, _ = run(capsys, "check", "--format", "concise", "configs/benchmark")
    assert out.splitlines()[-1].startswith("1 error, 1 warning in 3 files")
    _, quiet, _ = run(capsys, "check", "--format", "concise", "--quiet", "configs/benchmark")
    assert len(quiet.splitlines()) == 2
    _, stats, _ = run(capsys, "check", "--statistics", "configs/benchmark")
    assert stats.splitlines()[0].split() == ["1", "BL203", "reserved-hf-token", "[error]", "[*]"]


def test_color_only_when_forced_and_never_with_no_color(
    workspace: Path, capsys, monkeypatch
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[" in run(capsys, "check", "configs/benchmark/hf.toml")[1]
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in run(capsys, "check", "configs/benchmark/hf.toml")[1]
    monkeypatch.delenv("NO_COLOR")
    assert "\x1b[" not in run(capsys, "check", "--no-color", "configs/benchmark/hf.toml")[1]


def test_json_contract(workspace: Path, capsys) -> None:
    code, out, _ = run(capsys, "check", "--format", "json", "configs/benchmark")
    doc = json.loads(out)
    assert code == 1
    assert doc["version"] == 1
    assert doc["tool"] == {"name": "benchlint", "version": __version__, "profile": "docs"}
    paths = [f["path"] for f in doc["files"]]
    assert paths == [
        "configs/benchmark/gemini.toml",
        "configs/benchmark/good.toml",
        "configs/benchmark/hf.toml",
    ]
    assert doc["files"][1]["diagnostics"] == []
    (entry,) = doc["files"][2]["diagnostics"]
    assert entry["code"] == "BL203" and entry["key"] == "agents[0].env.HF_TOKEN"
    assert entry["range"] == {"start": {"line": 8, "column": 1}, "end": {"line": 8, "column": 9}}
    assert entry["fix"]["applicability"] == "unsafe"
    assert entry["url"].endswith("/BL203.md")
    assert doc["summary"] == {"files": 3, "errors": 1, "warnings": 1, "infos": 0, "fixable": 1}


def test_stdin_with_and_without_a_filename(workspace: Path, capsys, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(HF.encode())))
    code, out, _ = run(
        capsys, "check", "-", "--stdin-filename", "configs/benchmark/x.toml", "--format", "json"
    )
    doc = json.loads(out)
    assert code == 1 and doc["files"][0]["path"] == "configs/benchmark/x.toml"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(MINIMAL.encode())))
    code, out, _ = run(capsys, "check", "-", "--format", "json")
    assert code == 0 and json.loads(out)["files"][0] == {"path": "-", "diagnostics": []}


def test_output_file(workspace: Path, capsys) -> None:
    code, out, _ = run(
        capsys, "check", "--format", "json", "-o", "report.json", "configs/benchmark"
    )
    assert code == 1 and out == ""
    assert json.loads((workspace / "report.json").read_text())["summary"]["errors"] == 1


def test_profile_and_select_flags(workspace: Path, capsys) -> None:
    assert run(capsys, "check", "--profile", "osmosis-0.3.8", "configs/benchmark/hf.toml")[0] == 0
    assert run(capsys, "check", "--select", "BL4", "configs/benchmark/hf.toml")[0] == 0
    assert run(capsys, "check", "--ignore", "BL203", "configs/benchmark/hf.toml")[0] == 0


def test_directory_walk_only_takes_configs_benchmark(workspace: Path, capsys) -> None:
    (workspace / "other.toml").write_text("x = 1\n")
    (workspace / "pyproject.toml").write_text('[project]\nname = "x"\n')
    nested = workspace / "team" / "configs" / "benchmark"
    nested.mkdir(parents=True)
    (nested / "n.toml").write_text(MINIMAL)
    doc = json.loads(run(capsys, "check", "--format", "json", ".")[1])
    assert [f["path"] for f in doc["files"]] == [
        "./configs/benchmark/gemini.toml",
        "./configs/benchmark/good.toml",
        "./configs/benchmark/hf.toml",
        "./team/configs/benchmark/n.toml",
    ]


# -- the bad-input matrix -------------------------------------------------------------------


def one_line_exit_2(capsys, *args: str) -> str:
    code, _, err = run(capsys, *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    return err


def test_missing_path(workspace: Path, capsys) -> None:
    assert "no such file" in one_line_exit_2(capsys, "check", "nope.toml")


def test_directory_with_no_configs(workspace: Path, capsys) -> None:
    (workspace / "empty").mkdir()
    assert "no benchmark configs" in one_line_exit_2(capsys, "check", "empty")


def test_unreadable_file(workspace: Path, capsys, monkeypatch) -> None:
    real_open = open

    def deny(path, *args, **kwargs):  # root reads everything: simulate the permission error
        if str(path).endswith("hf.toml"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", deny)
    assert "permission denied" in one_line_exit_2(capsys, "check", "configs/benchmark/hf.toml")


def test_symlink_loop(workspace: Path, capsys) -> None:
    os.symlink("loop.toml", workspace / "loop.toml")
    assert "symbolic link loop" in one_line_exit_2(capsys, "check", "loop.toml")


def test_symlink_loop_inside_a_walked_folder_is_skipped(workspace: Path, capsys) -> None:
    os.symlink("..", workspace / "configs" / "benchmark" / "up")
    assert run(capsys, "check", "--format", "json", "configs")[0] == 1


def test_binary_and_empty_files_get_diagnostics(workspace: Path, capsys) -> None:
    folder = workspace / "configs" / "benchmark"
    (folder / "binary.toml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    (folder / "empty.toml").write_bytes(b"")
    doc = json.loads(
        run(
            capsys,
            "check",
            "--format",
            "json",
            "configs/benchmark/binary.toml",
            "configs/benchmark/empty.toml",
        )[1]
    )
    assert [d["code"] for d in doc["files"][0]["diagnostics"]] == ["BL002"]
    assert [d["code"] for d in doc["files"][1]["diagnostics"]] == ["BL102", "BL102"]


def test_unknown_flag(workspace: Path, capsys) -> None:
    assert "unrecognized arguments: --frobnicate" in one_line_exit_2(
        capsys, "check", "--frobnicate"
    )


def test_unknown_rule_code(workspace: Path, capsys) -> None:
    assert "unknown rule code or prefix `BL999`" in one_line_exit_2(
        capsys, "check", "--select", "BL999"
    )
    assert "unknown rule" in one_line_exit_2(capsys, "rule", "BL999")


def test_broken_settings_file(workspace: Path, capsys) -> None:
    (workspace / "benchlint.toml").write_text("select = [")
    assert "not valid TOML" in one_line_exit_2(capsys, "check", "configs/benchmark/good.toml")
    (workspace / "benchlint.toml").write_text('selekt = ["BL2"]\n')
    assert "unknown setting `selekt`" in one_line_exit_2(capsys, "check", "configs/benchmark")


def test_unknown_profile(workspace: Path, capsys) -> None:
    assert "unknown profile" in one_line_exit_2(capsys, "check", "--profile", "x", "configs")


def test_rule_and_rules_commands(capsys) -> None:
    code, out, _ = run(capsys, "rule", "reserved-hf-token")
    assert code == 0 and out.startswith("# BL203 reserved-hf-token")
    assert "## Why is this bad?" in out and "```toml" in out
    code, out, _ = run(capsys, "rules", "--format", "json")
    rows = json.loads(out)
    assert code == 0 and {"code", "name", "severity", "summary", "fixable"} <= set(rows[0])
    code, out, _ = run(capsys, "rules")
    assert code == 0 and out.splitlines()[0].startswith("BL001  toml-syntax")


def test_version_and_module_entry_point() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "benchlint", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout.strip()) == (0, f"benchlint {__version__}")


def test_no_command_prints_help_and_exits_2(capsys) -> None:
    code, out, _ = run(capsys)
    assert code == 2 and "check" in out
