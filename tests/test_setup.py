"""The README's set-up, step 1, works as written on a copy of the repository's files, and ends
as the README says: exit status 1, printing what the tour's first example shows."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

pytestmark = pytest.mark.slow


def _step_one() -> str:
    setup = README.read_text("utf-8").split("## Set up", 1)[1]
    block = re.search(r"```sh\n(.*?)```", setup, re.S)
    assert block is not None
    (command,) = [line for line in block.group(1).splitlines() if line.startswith("python3 ")]
    return command


def _tour_output() -> str:
    tour = README.read_text("utf-8").split("## A short tour", 1)[1]
    block = re.search(r"```console\n\$ (.*?)\n(.*?)```", tour, re.S)
    assert block is not None
    return block.group(2)


def test_set_up_step_one_installs_and_lints_the_example(tmp_path: Path) -> None:
    files = (
        subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        .stdout.decode()
        .split("\0")
    )
    clone = tmp_path / "benchlint"
    for name in filter(None, files):
        source = ROOT / name
        if source.is_file():
            target = clone / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    env = {key: value for key, value in os.environ.items() if key != "VIRTUAL_ENV"}
    env["NO_COLOR"] = "1"
    env.pop("GITHUB_ACTIONS", None)
    result = subprocess.run(
        ["bash", "-c", _step_one()], cwd=clone, env=env, capture_output=True, text=True
    )
    assert result.returncode == 1, result.stderr
    shown = "\n".join(line.rstrip() for line in _tour_output().splitlines())
    printed = "\n".join(line.rstrip() for line in result.stdout.splitlines())
    assert printed == shown
