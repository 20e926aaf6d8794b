"""The README's console examples are real: each `$ benchlint ...` with output shown below it
is run again (in a copy of `examples/`) and must print exactly that."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def examples() -> list[tuple[str, str]]:
    """(command line, expected output) of each README command that shows its output."""
    found = []
    for block in BLOCK.findall((ROOT / "README.md").read_text("utf-8")):
        parts = re.split(r"^\$ ", block, flags=re.M)[1:]
        for part in parts:
            command, _, output = part.partition("\n")
            if output.strip() and command.startswith("benchlint "):
                found.append((command.split("  #")[0].strip(), output))
    return found


@pytest.mark.parametrize(("command", "expected"), examples(), ids=lambda v: str(v)[:60])
def test_readme_example_output_is_current(command: str, expected: str, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("GITHUB_ACTIONS", None)
    # Each command starts from the examples as committed (a --fix shown in the README must
    # not change what the next example sees).
    result = subprocess.run(
        [sys.executable, "-m", "benchlint", *shlex.split(command)[1:]],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.stdout + result.stderr == expected


def test_the_readme_has_examples_to_check() -> None:
    assert len(examples()) >= 4
