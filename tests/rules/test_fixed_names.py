"""A harness credential has one fixed name (`CURSOR_API_KEY` for `cursor-cli`,
`MSWEA_API_KEY` for `mini-swe-agent`): no rule suggests another record for it, and no fix,
safe or unsafe, renames it, whatever records the workspace holds."""

from __future__ import annotations

import itertools

import pytest

import benchlint
from benchlint import Settings, Workspace
from benchlint.lint.fixer import fix_text

PATH = "configs/benchmark/run.toml"
CONFIG = """\
[experiment]
benchmark = "{benchmark}"

[[agents]]
harness = "{harness}"
harness_api_key_secret = "{name}"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[execution]
judge_api_key_secret = "OPENAI_API_KEY"
"""
FIXED = {"cursor-cli": "CURSOR_API_KEY", "mini-swe-agent": "MSWEA_API_KEY"}
# Stored names close to the fixed ones, and names of other kinds.
RECORD_SETS = [
    ["OPENAI_API_KEY"],
    ["OPENAI_API_KEY", "CURSOR_API_KEYS", "MSWEA_API_KEYS"],
    ["OPENAI_API_KEY", "CURSOR_KEY", "MSWEA_KEY", "CURSOR_API_TOKEN"],
    ["OPENAI_API_KEY", "CURSOR_API_KEY", "MSWEA_API_KEY"],
]
CASES = list(itertools.product(FIXED, ["gdpval", "terminal-bench-2-1", "hle"], RECORD_SETS))


@pytest.mark.parametrize(("harness", "benchmark", "records"), CASES)
def test_no_fix_renames_a_fixed_name(harness: str, benchmark: str, records: list[str]) -> None:
    fixed = FIXED[harness]
    text = CONFIG.format(benchmark=benchmark, harness=harness, name=fixed)
    settings = Settings(workspace=Workspace(secrets=records))
    diagnostics = benchlint.lint_text(text, path=PATH, settings=settings)
    on_name = [d for d in diagnostics if d.key == "agents[0].harness_api_key_secret"]
    for diagnostic in on_name:
        assert diagnostic.fix is None, diagnostic
        others = {name for name in records if name != fixed}
        assert not any(name in diagnostic.message for name in others), diagnostic.message
    if fixed not in records:
        assert [d.code for d in on_name] == ["BL212"]
    result = fix_text(text, PATH, settings, unsafe=True)
    assert f'harness_api_key_secret = "{fixed}"' in result.text


@pytest.mark.parametrize("harness", FIXED)
def test_a_wrong_name_is_replaced_by_the_fixed_one_only(harness: str) -> None:
    text = CONFIG.format(benchmark="gdpval", harness=harness, name="OPENAI_API_KEY")
    settings = Settings(workspace=Workspace(secrets=["OPENAI_API_KEY", "CURSOR_API_KEYS"]))
    diagnostics = benchlint.lint_text(text, path=PATH, settings=settings)
    codes = [d.code for d in diagnostics if d.key == "agents[0].harness_api_key_secret"]
    assert codes == ["BL303"]  # BL212 would offer another stored name
    result = fix_text(text, PATH, settings, unsafe=True)
    assert f'harness_api_key_secret = "{FIXED[harness]}"' in result.text
