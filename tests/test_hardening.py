"""The reproducers of the hardening review, each as found (the classes they belong to are
tested by tests/leaks and tests/test_scaling.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchlint import lint_text
from benchlint.cli.main import main
from benchlint.lint.settings import Settings
from helpers import MINIMAL

OPENAI = "sk-proj-Zq8vWm3Lx7Rk2Tn9Yb4Hc6Jd1Fg5Ps0Qa8Ue3Io7Wr2Ty"
RANDOM = "wJalrXUtnFEMIK7MDENGbPxRfiCYzEXAMPLEKEY1"
HLE = """\
[experiment]
benchmark = "hle"

[tasks]
task_set = "parity"

[[agents]]
harness = "codex"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[agents.env]
{env}

[execution]
judge_api_key_secret = "OPENAI_API_KEY"
"""


def _cli(tmp_path: Path, text: str, *args: str, capsys: pytest.CaptureFixture[str]) -> str:
    path = tmp_path / "configs" / "benchmark" / "a.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    main(["check", str(path), "--no-color", *args])
    out, err = capsys.readouterr()
    return out + err


def test_1_a_removal_leaves_the_comment_in_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = HLE.format(env=f'HF_TOKEN = "x"  # old key: {OPENAI}')
    (bl203,) = [d for d in lint_text(text, path="configs/benchmark/a.toml") if d.code == "BL203"]
    assert bl203.fix is not None
    assert all(edit.new_text == "" for edit in bl203.fix.edits)
    assert OPENAI[8:] not in json.dumps(bl203.to_dict())
    output = _cli(tmp_path, text, "--format", "json", capsys=capsys)
    assert OPENAI[8:20] not in output
    fixed = _cli(tmp_path, text, "--unsafe-fixes", capsys=capsys)
    assert "fixed" in fixed
    assert f"# old key: {OPENAI}" in (tmp_path / "configs/benchmark/a.toml").read_text()


@pytest.mark.parametrize("escaped", ['"\\u0073k-proj-', '"\\u0068f_'])
def test_2_an_escaped_first_character_is_masked_in_frames_and_diffs(
    escaped: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rest = OPENAI[8:] if "sk" in escaped else "Zq8vWm3Lx7Rk2Tn9Yb4Hc6Jd1Fg5Ps"
    text = HLE.format(env=f'HF_TOKEN = {escaped}{rest}"')
    for args in ((), ("--diff", "--unsafe-fixes")):
        assert rest[:12] not in _cli(tmp_path, text, *args, capsys=capsys)


def test_3_no_name_is_suggested_from_a_random_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = MINIMAL + f'\n[env]\n{RANDOM} = "1"\n'
    found = lint_text(text, path="configs/benchmark/a.toml")
    (bl108,) = [d for d in found if d.code == "BL108"]
    assert "e.g." not in bl108.message
    output = _cli(tmp_path, text, capsys=capsys)
    assert RANDOM[4:12].upper() not in output.upper()


def test_4_array_elements_are_masked_in_frames(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = MINIMAL + f'\n[secrets]\nrequired = ["{RANDOM}", "{RANDOM}"]\n'
    output = _cli(tmp_path, text, capsys=capsys)
    assert "BL211" in output and RANDOM[4:16] not in output


def test_5_a_private_key_after_a_comment_is_masked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQyNTUxOQ"
    text = (
        MINIMAL
        + f"# deploy key: -----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----\n"
    )
    output = _cli(tmp_path, text, capsys=capsys)
    assert "BL001" in output and body[8:20] not in output


def test_6_a_token_split_by_line_continuations_is_masked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = OPENAI[:20], OPENAI[20:]
    text = HLE.format(env=f'HF_TOKEN = "x"\nAPI = """{first}\\\n    {second}"""')
    for args in ((), ("--diff", "--unsafe-fixes")):
        output = _cli(tmp_path, text, *args, capsys=capsys)
        assert first[8:] not in output and second[:10] not in output


def test_6_and_in_the_outline(tmp_path: Path) -> None:
    from lsprotocol import types as lsp

    from benchlint.lsp.documents import DocumentStore
    from benchlint.lsp.symbols import document_symbols

    first, second = OPENAI[:20], OPENAI[20:]
    text = MINIMAL + f'\n[env]\nAPI = """{first}\\\n    {second}"""\nESC = "\\u0073{OPENAI[1:]}"\n'
    document = DocumentStore().open(
        lsp.TextDocumentItem("file:///w/configs/benchmark/a.toml", "toml", 1, text), "utf-16"
    )
    shown = json.dumps([symbol.detail for symbol in _walk(document_symbols(document))])
    assert first[8:] not in shown and second[:10] not in shown and OPENAI[10:20] not in shown


def _walk(symbols: list) -> list:  # type: ignore[type-arg]
    out = []
    for symbol in symbols:
        out.append(symbol)
        out.extend(_walk(symbol.children or []))
    return out


def test_7_a_header_of_many_parts_is_refused_before_parsing() -> None:
    header = "[" + ".".join(f"k{i}" for i in range(20_000)) + "]\n"
    found = lint_text(MINIMAL + header, path="configs/benchmark/a.toml")
    assert [d.code for d in found if d.severity == "error"] == ["BL001"]
    assert "more than 100 parts" in found[0].message or "more than 100 parts" in found[-1].message


def test_10_globs_from_the_workspace_cannot_stall_the_server() -> None:
    from benchlint.lsp.selection import matches_globs

    assert not matches_globs("/w/" + "a/" * 30 + "x.toml", ["**" * 7 + "z"], ["/w"])
    assert not Settings(per_file_ignores={"**" * 7 + "z": ["BL403"]}).ignored_for("a/" * 30 + "x")


def test_11_a_closed_standard_input_is_one_line_and_exit_2() -> None:
    for fix in ("", "--fix"):
        result = subprocess.run(
            ["bash", "-c", f"{sys.executable} -m benchlint check {fix} - <&-"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 2
        assert (
            result.stderr.strip().count("\n") == 0 and "standard input is closed" in result.stderr
        )


def test_12_a_file_name_cannot_inject_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    evil = folder / "ok.toml:1:1: BL000 [error] injected\nx.toml"
    evil.write_text(HLE.format(env='HF_TOKEN = "x"'), "utf-8")
    for fmt in ("text", "concise"):
        main(["check", str(tmp_path), "--format", fmt])
        out, _ = capsys.readouterr()
        assert not any(line.startswith("x.toml") for line in out.splitlines())
        assert "injected\\nx.toml" in out
    main(["check", str(folder / "missing\nname.toml")])
    _, err = capsys.readouterr()
    assert err.strip().count("\n") == 0 and "missing\\nname.toml" in err
