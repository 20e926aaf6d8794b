"""The command line: exit codes, inputs, formats and the bad-input matrix (each gets one line on stderr and exit 2)."""

from __future__ import annotations

import argparse
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
    assert doc["summary"] == {
        "files": 3,
        "errors": 1,
        "warnings": 1,
        "infos": 0,
        "fixable": 1,
        "failures": 0,
    }


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


# -- file names that are not UTF-8, and inputs that never end -------------------------------

NAME = b"a\xff.toml"  # a name that is not UTF-8: Python sees the byte as the surrogate \udcff
SHOWN = "nu/configs/benchmark/a\\xff.toml"  # how text, concise, json and github show it


def cli(
    cwd: Path, *args: str, stdin: object = subprocess.DEVNULL, input: bytes | None = None
) -> subprocess.CompletedProcess[bytes]:
    """`benchlint ARGS` in a child process, with a timeout: a hang fails instead of blocking."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"GITHUB_ACTIONS", "NO_COLOR", "FORCE_COLOR"}
    }
    return subprocess.run(
        [sys.executable, "-m", "benchlint", *args],
        cwd=cwd,
        env=env,
        stdin=None if input is not None else stdin,  # type: ignore[arg-type]
        input=input,
        capture_output=True,
        timeout=60,
        check=False,
    )


def one_error_line(result: subprocess.CompletedProcess[bytes]) -> str:
    err = result.stderr.decode("utf-8")
    assert result.returncode == 2, err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    return err


@pytest.fixture
def non_utf8_name(tmp_path: Path) -> Path:
    folder = tmp_path / "nu" / "configs" / "benchmark"
    folder.mkdir(parents=True)
    try:
        with open(os.path.join(os.fsencode(folder), NAME), "wb") as handle:
            handle.write(HF.encode())
    except OSError:  # a file system that only takes UTF-8 names (macOS)
        pytest.skip("this file system does not take names that are not UTF-8")
    return tmp_path


@pytest.mark.parametrize("fmt", ["text", "concise", "json", "github", "sarif"])
def test_non_utf8_file_name_in_every_format(non_utf8_name: Path, fmt: str) -> None:
    written = cli(non_utf8_name, "check", "--format", fmt, "-o", "out.txt", "nu")
    assert (written.returncode, written.stdout, written.stderr) == (1, b"", b"")
    printed = cli(non_utf8_name, "check", "--format", fmt, "nu")
    assert printed.returncode == 1 and printed.stderr == b""
    report = (non_utf8_name / "out.txt").read_bytes().decode("utf-8")  # valid UTF-8
    assert printed.stdout.decode("utf-8") == report
    if fmt == "json":
        assert json.loads(report)["files"][0]["path"] == SHOWN
    elif fmt == "sarif":
        (run_,) = json.loads(report)["runs"]
        location = run_["artifacts"][0]["location"]
        assert location == {"uri": "nu/configs/benchmark/a%FF.toml", "uriBaseId": "%SRCROOT%"}
    else:
        assert SHOWN in report and "\\udcff" not in report


def test_non_utf8_stdin_filename(non_utf8_name: Path) -> None:
    name = os.fsdecode(b"nu/configs/benchmark/" + NAME)
    for fmt in ("text", "json", "sarif"):
        result = cli(
            non_utf8_name, "check", "--format", fmt, "--stdin-filename", name, input=HF.encode()
        )
        assert result.returncode == 1 and result.stderr == b"", result.stderr
        out = result.stdout.decode("utf-8")
        assert (
            "a%FF.toml" if fmt == "sarif" else "a\\\\xff.toml" if fmt == "json" else SHOWN
        ) in out


def test_non_utf8_name_in_a_diff_and_a_fix(non_utf8_name: Path) -> None:
    diff = cli(non_utf8_name, "check", "--diff", "--unsafe-fixes", "-o", "diff.txt", "nu")
    assert diff.returncode == 1, diff.stderr
    assert f"+++ b/{SHOWN}\n" in (non_utf8_name / "diff.txt").read_bytes().decode("utf-8")
    fixed = cli(non_utf8_name, "check", "--unsafe-fixes", "nu")
    assert fixed.returncode == 0, fixed.stderr
    path = os.path.join(os.fsencode(non_utf8_name), b"nu/configs/benchmark", NAME)
    with open(path, "rb") as handle:
        assert b"HF_TOKEN" not in handle.read()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_fifo_is_refused_not_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "f.toml")
    assert "f.toml: is a named pipe (FIFO), not a regular file" in one_error_line(
        cli(tmp_path, "check", "f.toml")
    )
    folder = tmp_path / "configs" / "benchmark"  # one met while walking a folder, too
    folder.mkdir(parents=True)
    (folder / "good.toml").write_text(MINIMAL)
    os.mkfifo(folder / "pipe.toml")
    walked = cli(tmp_path, "check", "--format", "json", "configs")
    assert "pipe.toml: is a named pipe (FIFO)" in one_error_line(walked)
    assert [f["path"] for f in json.loads(walked.stdout)["files"]] == [
        "configs/benchmark/good.toml"
    ]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_device_is_refused_not_read(tmp_path: Path) -> None:
    assert "/dev/zero: is a character device, not a regular file" in one_error_line(
        cli(tmp_path, "check", "/dev/zero")
    )
    os.symlink("/dev/zero", tmp_path / "zero.toml")  # followed: what it points at counts
    assert "zero.toml: is a character device" in one_error_line(cli(tmp_path, "check", "zero.toml"))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_endless_stdin_gets_bl003_and_ends(tmp_path: Path) -> None:
    (tmp_path / "benchlint.toml").write_text("max-file-size = 1000\n")
    with open("/dev/zero", "rb") as zero:
        result = cli(
            tmp_path, "check", "--config", "benchlint.toml", "--format", "json", "-", stdin=zero
        )
    assert result.returncode == 1, result.stderr
    (diagnostic,) = json.loads(result.stdout)["files"][0]["diagnostics"]
    assert diagnostic["code"] == "BL003"
    assert diagnostic["message"].startswith("the input is more than 1,000 bytes")


def test_oversized_regular_file_keeps_its_size_in_bl003(tmp_path: Path) -> None:
    (tmp_path / "benchlint.toml").write_text("max-file-size = 10\n")
    (tmp_path / "big.toml").write_text(MINIMAL)
    expected = (
        f"the file is {len(MINIMAL.encode()):,} bytes, larger than the configured limit of 10; "
        "nothing else was checked (raise `max-file-size` if this is intended)"
    )
    named = cli(tmp_path, "check", "--config", "benchlint.toml", "--format", "json", "big.toml")
    with open(tmp_path / "big.toml", "rb") as handle:  # `- <big.toml`: its size is known too
        redirected = cli(
            tmp_path, "check", "--config", "benchlint.toml", "--format", "json", "-", stdin=handle
        )
    for result in (named, redirected):
        assert result.returncode == 1, result.stderr
        (diagnostic,) = json.loads(result.stdout)["files"][0]["diagnostics"]
        assert (diagnostic["code"], diagnostic["message"]) == ("BL003", expected)


def test_oversized_stdin_with_fix_passes_every_byte_through(tmp_path: Path) -> None:
    (tmp_path / "benchlint.toml").write_text("max-file-size = 100\n")
    data = HF.encode() * 5000  # read only up to the limit, yet all of it comes back out
    result = cli(tmp_path, "check", "--config", "benchlint.toml", "--fix", "-", input=data)
    assert result.stdout == data
    assert b"BL003" in result.stderr and result.returncode == 1


def test_a_large_limit_reads_only_what_is_there(tmp_path: Path) -> None:
    from benchlint.cli.files import read

    (tmp_path / "a.toml").write_text(MINIMAL)
    content = read(str(tmp_path / "a.toml"), 10**15)  # no buffer of the limit's size
    assert content.data == MINIMAL.encode() and not content.oversized(10**15)
    assert read(str(tmp_path / "a.toml"), 10).data == MINIMAL.encode()[:11]


@pytest.mark.parametrize("columns", ["57", "132", "", "wide"])
def test_help_is_as_wide_as_argparse_makes_it(
    columns: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The parsers' formatter finds the terminal's width without `shutil` (see
    `cli.main._Formatter`), and finds the width `shutil.get_terminal_size` would."""
    import argparse

    from benchlint.cli import main as cli

    monkeypatch.setenv("COLUMNS", columns)
    ours = cli.build_parser("check")
    monkeypatch.setattr(cli, "_Formatter", argparse.HelpFormatter)
    theirs = cli.build_parser("check")
    check_ours, check_theirs = (
        next(a for a in p._actions if isinstance(a, argparse._SubParsersAction)).choices["check"]
        for p in (ours, theirs)
    )
    assert ours.format_help() == theirs.format_help()
    assert check_ours.format_help() == check_theirs.format_help()


def test_every_value_the_parser_takes_was_judged_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line announces its words to the output masker before parsing: every
    string the parser hands a command (a path, a choice, an option's value, however it was
    attached) is one of the pieces announced, so no file name reaches a message unjudged."""
    from benchlint.cli import main as cli_main

    announced: list[str] = []
    monkeypatch.setattr(
        "benchlint.core.reading.announce", lambda path, root=None: announced.append(path)
    )
    parser = cli_main.build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    tried = 0
    for name, command in commands.choices.items():
        for action in command._actions:
            if not action.option_strings or action.nargs == 0 or action.dest == "help":
                continue
            value = (action.choices and next(iter(action.choices))) or "configs/benchmark/x.toml"
            if action.type is cli_main._codes:
                value = "BL101"
            long = next(o for o in action.option_strings if o.startswith("--"))
            short = [o for o in action.option_strings if not o.startswith("--")]
            spellings = [[long, value], [f"{long}={value}"]] + [[f"{o}{value}"] for o in short]
            for spelling in spellings:
                words = [name, *spelling]
                announced.clear()
                cli_main._announce_arguments(words)
                try:
                    args = cli_main.build_parser(name).parse_args(words)
                except cli_main.UsageError:
                    continue  # a value this generic one does not fit: nothing parsed
                got = getattr(args, action.dest)
                for one in got if isinstance(got, list) else [got]:
                    if isinstance(one, str) and one != action.default:
                        assert one in announced, (words, one, announced)
                        tried += 1
    assert tried > 20
