"""`benchlint check` runs without pydantic and without the language-server stack.

Checked in a fresh interpreter, on a valid and a broken config, in every output format and
with fixes: the modules loaded by the time the command has finished.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchlint.lint.registry import RULES

HEAVY = ("pydantic", "pydantic_core", "pygls", "lsprotocol", "cattrs")
RUN = """
import json, sys
from benchlint.cli.main import main
status = main(sys.argv[2:])
loaded = sorted({name.split(".")[0] for name in sys.modules})
with open(sys.argv[1], "w") as out:
    json.dump({"status": status, "loaded": loaded}, out)
"""
VALID = next(rule.good for rule in RULES if rule.code == "BL101")
BROKEN = next(rule.bad for rule in RULES if rule.code == "BL101") + "\n[env]\n_OSMOSIS_X = 1\n"


@pytest.mark.parametrize("text", [VALID, BROKEN], ids=["valid", "broken"])
@pytest.mark.parametrize(
    "options", [[], ["--format", "json"], ["--format", "sarif"], ["--diff"]], ids=str
)
def test_check_imports_no_pydantic_and_no_language_server(
    tmp_path: Path, text: str, options: list[str]
) -> None:
    config = tmp_path / "configs" / "benchmark" / "a.toml"
    config.parent.mkdir(parents=True)
    config.write_text(text)
    report = tmp_path / "report.json"
    run = subprocess.run(
        [sys.executable, "-c", RUN, str(report), "check", *options, str(config)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(report.read_text())
    assert result["status"] in (0, 1), run.stderr
    if text is BROKEN and "--diff" not in options:
        assert result["status"] == 1
        assert "BL101" in run.stdout and "BL108" in run.stdout  # the structure was checked
    assert not set(HEAVY) & set(result["loaded"])
