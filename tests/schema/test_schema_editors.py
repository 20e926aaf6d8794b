"""taplo (Even Better TOML) and tombi use the committed schema through `#:schema` or their config.

Each case runs in a fresh temporary repository laid out like a user's: the schema under
`schema/`, configs under `configs/benchmark/`. A good config must pass and a bad one fail.
That the schema was really loaded is checked on the good side: taplo fails on a schema it
cannot load, and tombi (which only warns) runs with `--error-on-warnings` there.
The snippets of docs/schema.md are the ones run here.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "schema.md"
SCHEMA_LINE = "#:schema ../../schema/benchmark-config.schema.json\n"
COMMANDS = {"taplo": ["lint"], "tombi": ["lint", "--offline"]}
CONFIG_FILES = {
    "taplo": (
        ".taplo.toml",
        '[[rule]]\ninclude = ["**/configs/benchmark/*.toml"]\n\n'
        '[rule.schema]\npath = "./schema/benchmark-config.schema.json"\n',
    ),
    "tombi": (
        "tombi.toml",
        '[[schemas]]\npath = "schema/benchmark-config.schema.json"\n'
        'include = ["configs/benchmark/*.toml"]\n',
    ),
}
GOOD = ["ok-complete", "ok-minimal", "ok-judged", "ok-registry"]
BAD = [
    "bad-unknown-key",
    "bad-renamed-key",
    "bad-missing-base-url",
    "bad-no-type",
    "bad-model-type",
    "bad-task-set",
    "bad-agents-table",
    "bad-empty-agents",
    "bad-nine-agents",
    "bad-seventeen-secrets",
    "bad-env-number",
    "bad-env-name",
    "bad-env-reserved-prefix",
    "bad-secret-name",
    "bad-verifier-secret",
    "bad-attempts-zero",
    "bad-header-number",
]

pytestmark = pytest.mark.slow


def find_tool(name: str) -> str:
    """The tool next to this interpreter (the project's venv), else on PATH."""
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.is_file() else shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (pip install '.[test]' provides it)")
    return found


def make_repo(root: Path, schema_path: Path, name: str, text: str) -> Path:
    (root / "schema").mkdir()
    shutil.copyfile(schema_path, root / "schema" / schema_path.name)
    config = root / "configs" / "benchmark" / f"{name}.toml"
    config.parent.mkdir(parents=True)
    config.write_text(text, "utf-8")
    return config


def run(tool: str, root: Path, config: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [find_tool(tool), *COMMANDS[tool], *extra, str(config.relative_to(root))]
    return subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=120)


def fixture_text(stem: str) -> str:
    text = (FIXTURES / f"{stem}.toml").read_text("utf-8")
    tomllib.loads(text)  # a failure below is the schema's, never a syntax error
    return text


def strict(tool: str) -> tuple[str, ...]:
    return ("--error-on-warnings",) if tool == "tombi" else ()


@pytest.mark.parametrize("tool", COMMANDS)
@pytest.mark.parametrize("stem", GOOD + BAD)
def test_schema_comment(tool: str, stem: str, tmp_path: Path, schema_path: Path) -> None:
    config = make_repo(tmp_path, schema_path, stem, SCHEMA_LINE + fixture_text(stem))
    good = stem in GOOD
    result = run(tool, tmp_path, config, *(strict(tool) if good else ()))
    output = result.stdout + result.stderr
    assert (result.returncode == 0) is good, output


@pytest.mark.parametrize("tool", COMMANDS)
def test_config_file_instead_of_comment(tool: str, tmp_path: Path, schema_path: Path) -> None:
    name, content = CONFIG_FILES[tool]
    (tmp_path / name).write_text(content, "utf-8")
    good = make_repo(tmp_path, schema_path, "good", fixture_text("ok-complete"))
    bad = good.with_name("bad.toml")
    bad.write_text(fixture_text("bad-model-type"), "utf-8")
    passed = run(tool, tmp_path, good, *strict(tool))
    assert passed.returncode == 0, passed.stdout + passed.stderr
    failed = run(tool, tmp_path, bad)
    assert failed.returncode != 0, failed.stdout + failed.stderr
    assert "openai" in failed.stdout + failed.stderr  # the offending `type` value


@pytest.mark.parametrize("tool", COMMANDS)
def test_docs_show_the_tested_config_file(tool: str) -> None:
    name, content = CONFIG_FILES[tool]
    docs = DOCS.read_text("utf-8")
    shown = (
        f"{name}` at the repository root:\n\n<!-- shown-by: tests/schema/test_schema_editors.py -->"
    )
    assert f"{shown}\n```toml\n{content}```" in docs
