"""A character the outputs escape (a C1 control, a line separator, a tag character, a
lone surrogate from a file name) in a key or a file name leaves every JSON output valid
JSON, and reads back as the visible escape the text format prints, never as itself."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "benchlint"
ESCAPED = {"\x85": "\\x85", "\u2028": "\\u2028", "\U000e0041": "\\U000e0041"}
CONFIG = '[experiment]\nbenchmark = "terminal-bench-2-1"\n"k{char}k" = 1\n'


def run(folder: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "benchlint", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    return done.stdout


def strings_in(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.items() for part in item for s in strings_in(part)]
    if isinstance(value, list):
        return [s for item in value for s in strings_in(item)]
    return []


@pytest.mark.parametrize("char", list(ESCAPED), ids=["c1", "line-separator", "tag"])
@pytest.mark.parametrize(
    "args",
    [
        ("check", "--format", "json"),
        ("check", "--format", "sarif"),
        ("check", "--format", "gitlab"),
        ("plan", "--format", "json"),
    ],
    ids=["json", "sarif", "gitlab", "plan"],
)
def test_a_key_and_a_file_name_leave_json_valid(
    tmp_path: Path, char: str, args: tuple[str, ...]
) -> None:
    (tmp_path / ".git").mkdir()
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    (folder / f"a{char}.toml").write_text(CONFIG.format(char=char), "utf-8")
    out = run(tmp_path, *args, "configs/benchmark")
    document = json.loads(out)  # raised before: `\x85` is no JSON escape
    strings = strings_in(document)
    assert not any(char in text for text in strings)
    assert any(ESCAPED[char] in text for text in strings)


def test_every_json_output_is_written_by_json_text() -> None:
    """`json.dumps` for an output only in `report/json_text.py` (and where the text is ASCII
    by `ensure_ascii`, or holds no input: the schemas)."""
    allowed = {"report/json_text.py", "report/schema.py", "cli/catalog_cmd.py"}
    found = []
    for path in sorted((SRC / "report").glob("*.py")) + sorted((SRC / "cli").glob("*.py")):
        name = path.relative_to(SRC).as_posix()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "dumps"
                and name not in allowed
            ):
                found.append(f"{name}:{node.lineno}")
    assert not found
