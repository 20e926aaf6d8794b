"""`.pre-commit-hooks.yaml` is what docs/ci.md promises, and docs/ci.md's examples hold."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml

from .conftest import PROJECT_ROOT

HOOKS_FILE = PROJECT_ROOT / ".pre-commit-hooks.yaml"
CI_DOC = PROJECT_ROOT / "docs" / "ci.md"


def _hooks() -> dict[str, dict[str, Any]]:
    hooks = yaml.safe_load(HOOKS_FILE.read_text("utf-8"))
    return {hook["id"]: hook for hook in hooks}


def _yaml_blocks() -> list[Any]:
    text = CI_DOC.read_text("utf-8")
    return [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", text, re.S)]


def test_hooks_are_the_promised_ones() -> None:
    hooks = _hooks()
    assert list(hooks) == ["benchlint", "benchlint-fix"]
    check, fix = hooks["benchlint"], hooks["benchlint-fix"]
    assert check["entry"] == "benchlint check"
    assert fix["entry"] == "benchlint check --fix"
    for hook in (check, fix):
        assert hook["language"] == "python"
        assert hook["types"] == ["toml"]
        assert hook["files"] == r"(^|/)configs/benchmark/.*\.toml$"
        assert hook["name"]


@pytest.mark.parametrize(
    ("path", "selected"),
    [
        ("configs/benchmark/hle.toml", True),
        ("team/configs/benchmark/hle.toml", True),
        ("configs/benchmark/nested/hle.toml", True),
        ("myconfigs/benchmark/hle.toml", False),
        ("configs/hle.toml", False),
        ("configs/benchmark/hle.toml.bak", False),
        ("pyproject.toml", False),
    ],
)
def test_the_files_pattern(path: str, selected: bool) -> None:
    pattern = re.compile(_hooks()["benchlint"]["files"])
    assert (pattern.search(path) is not None) == selected


def test_the_documented_pre_commit_config_uses_real_hooks_and_a_commit() -> None:
    configs = [block for block in _yaml_blocks() if isinstance(block, dict) and "repos" in block]
    assert configs, "docs/ci.md shows a .pre-commit-config.yaml"
    for config in configs:
        (repo,) = config["repos"]
        # no release is tagged yet: a clone and one of its commits (docs/ci.md says so)
        assert re.fullmatch(r"[0-9a-f]{40}", repo["rev"])
        assert {hook["id"] for hook in repo["hooks"]} <= set(_hooks())


def test_the_documented_workflow_uploads_sarif() -> None:
    workflows = [block for block in _yaml_blocks() if isinstance(block, dict) and "jobs" in block]
    assert len(workflows) == 1
    (job,) = workflows[0]["jobs"].values()
    assert job["permissions"]["security-events"] == "write"
    steps = job["steps"]
    runs = [step["run"] for step in steps if "run" in step]
    assert any("--format sarif -o benchlint.sarif" in run for run in runs)
    (upload,) = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload")]
    assert upload["uses"].startswith("github/codeql-action/upload-sarif@")
    assert upload["with"]["sarif_file"] == "benchlint.sarif"


def test_the_documented_annotation_matches_the_output_format() -> None:
    from .test_github import COMMAND

    text = CI_DOC.read_text("utf-8")
    (line,) = [line for line in text.splitlines() if line.startswith("::error ")]
    assert COMMAND.match(line.replace(" ...", ""))
