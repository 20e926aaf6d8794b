"""Catalog facts as the SDK renders them: `osmosis --json benchmark info` run by each
`osmosis-ai` release a profile names (sdk_driver.py answers its HTTP call with made-up
server data), saved, and loaded with `--catalog`. A benchmark graded by a judge *model* that
needs no judge *key* (`requires_judge_api_key: false`, the flag the SDK's 0.3.0 changelog
makes the one that says a key is needed) gets no BL401; one that needs a key does."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import benchlint
from benchlint.domain.profiles import PROFILES

from .conftest import loaders_or_skip
from .venvs import loader_python

DRIVER = Path(__file__).parent / "sdk_driver.py"
RELEASES = sorted({profile.release for profile in PROFILES.values()})
CONFIG = """\
[experiment]
benchmark = "{key}"

[[agents]]

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""


def _server(key: str, judge_model: bool, judge_key: bool) -> dict[str, object]:
    """What the Platform would answer for the benchmark (the fields `from_dict` reads)."""
    return {
        "benchmark": {
            "id": "b1",
            "name": "Judged Bench",
            "source_type": "osmosis_managed",
            "source_ref": key,
            "task_count": 2,
            "category_count": 1,
            "runner_family": "harbor",
            "supports_harness": True,
            "requires_harness": False,
            "requires_judge_model": judge_model,
            "requires_judge_api_key": judge_key,
            "judge_model_default": "openai/gpt-5" if judge_model else None,
            "pass_threshold": 0.5,
            "categories": [{"name": "qa", "task_count": 2}],
            "tasks": [
                {"name": "judged/a", "category": "qa"},
                {"name": "judged/b", "category": "qa"},
            ],
        },
        "leaderboard": [],
    }


@pytest.mark.slow
@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.parametrize(
    ("judge_model", "judge_key", "fires"),
    [(True, False, False), (True, True, True), (False, True, True), (False, False, False)],
)
def test_bl401_follows_the_sdks_judge_key_flag(
    release: str, judge_model: bool, judge_key: bool, fires: bool, tmp_path: Path
) -> None:
    key = "judged-bench"
    with loaders_or_skip():
        python = loader_python(release)
    rendered = subprocess.run(
        [str(python), "-I", str(DRIVER), key],
        input=json.dumps(_server(key, judge_model, judge_key)),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert rendered.returncode == 0, rendered.stdout + rendered.stderr
    document = json.loads(rendered.stdout)
    assert document["data"]["benchmark"]["requires_judge_api_key"] is judge_key
    catalog = tmp_path / "judged.json"
    catalog.write_text(rendered.stdout, "utf-8")
    settings = benchlint.Settings(catalogs=[str(catalog)])
    found = benchlint.lint_text(
        CONFIG.format(key=key), path="configs/benchmark/judged.toml", settings=settings
    )
    assert ("BL401" in {d.code for d in found}) is fires, [(d.code, d.message) for d in found]
