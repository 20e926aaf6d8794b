"""`scripts/new_rule.py` makes a rule that the registry test and the fixture tests accept,
in a scratch copy of the repository (CONTRIBUTING.md's first steps, run as written)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "new_rule.py"


def _copy(tmp_path: Path) -> Path:
    copy = tmp_path / "repo"
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", ".hypothesis")
    for part in ("src", "scripts"):
        shutil.copytree(ROOT / part, copy / part, ignore=ignore)
    (copy / "tests").mkdir()
    for name in ("conftest.py", "helpers.py", "strategies.py", "test_registry.py"):
        shutil.copy(ROOT / "tests" / name, copy / "tests" / name)
    shutil.copytree(ROOT / "tests" / "rules", copy / "tests" / "rules", ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    return copy


def _run(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(copy / "src")}  # the copy's package, not ours
    return subprocess.run(
        [sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True, check=False
    )


def _next_code(group: str) -> str:
    from benchlint.lint.registry import RETIRED, RULES_BY_CODE

    numbers = [int(c[3:]) for c in [*RULES_BY_CODE, *RETIRED] if c.startswith(group)]
    return f"{group}{max(numbers) + 1:02}"


@pytest.mark.slow
def test_a_scaffolded_rule_passes_the_registry_and_fixture_tests(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    code = _next_code("BL4")
    made = _run(copy, "scripts/new_rule.py", code, "scaffolded-example", "--severity", "warning")
    assert made.returncode == 0, made.stderr
    module = f"{code.lower()}_scaffolded_example"
    assert (copy / "src" / "benchlint" / "rules" / f"{module}.py").is_file()
    registry = (copy / "src" / "benchlint" / "lint" / "registry.py").read_text()
    assert registry.count(f"{module},") == 2  # imported, and listed in RULES in code order
    checked = _run(
        copy,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "tests/test_registry.py",
        "tests/rules",
        "-k",
        f"{code} or registry or codes or sections or example",
        "--snapshot-update",
    )
    assert checked.returncode == 0, checked.stdout[-4000:] + checked.stderr[-2000:]
    assert code in checked.stdout or "passed" in checked.stdout


def test_the_scaffold_refuses_taken_and_out_of_order_codes(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    taken = _run(copy, "scripts/new_rule.py", "BL101", "another-name")
    assert taken.returncode != 0 and "never reused" in taken.stderr
    gap = _run(copy, "scripts/new_rule.py", "BL199", "far-away")
    assert gap.returncode != 0 and "next free code" in gap.stderr
    name = _run(copy, "scripts/new_rule.py", _next_code("BL4"), "unknown-key")
    assert name.returncode != 0 and "another rule" in name.stderr
