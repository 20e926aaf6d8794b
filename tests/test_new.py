"""`benchlint new`: a first config for any benchmark, harness and model, that lints clean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import benchlint
from benchlint import Settings
from benchlint.cli.main import main
from benchlint.domain.catalog import bundled_catalog
from benchlint.domain.harnesses import OSMOSIS_HARNESSES
from benchlint.domain.profiles import PROFILES
from benchlint.domain.skeleton import AgentChoice, model_key, skeleton

ENTRIES = bundled_catalog().entries


def _choices() -> list[tuple[str, str | None]]:
    """Every bundled benchmark with every harness it accepts (and the scaffold where allowed)."""
    pairs: list[tuple[str, str | None]] = []
    for entry in ENTRIES:
        harnesses: list[str | None] = (
            [] if entry.official_scaffold_only else list(OSMOSIS_HARNESSES)
        )
        if not entry.requires_harness:
            harnesses.append(None)
        pairs += [(entry.key, harness) for harness in harnesses]
    return pairs


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize(("key", "harness"), _choices())
def test_every_config_it_writes_lints_clean(key: str, harness: str | None, profile: str) -> None:
    entry = bundled_catalog().get(key)
    assert entry is not None
    for model in ("openai/gpt-5.2", "anthropic/claude-sonnet-4", "acme-ai/model-1"):
        text = skeleton(entry, PROFILES[profile], [AgentChoice(harness, model)])
        found = benchlint.lint_text(
            text, path="configs/benchmark/new.toml", settings=Settings(profile=profile)
        )
        # The only thing it may say: another harness's scores are not comparable (the user's
        # choice, explained in a comment above the harness).
        assert {d.code for d in found} <= {"BL403"}, [d.message for d in found]
        assert ("BL403" in {d.code for d in found}) == bool(
            harness and entry.default_harness and harness != entry.default_harness
        )
        config = benchlint.load_config(text, settings=Settings(profile=profile))
        assert model_key(model) in config.required_secrets


def test_what_the_hle_config_holds() -> None:
    entry = bundled_catalog().get("hle")
    assert entry is not None
    text = skeleton(
        entry, PROFILES["docs"], [AgentChoice("cursor-cli", "anthropic/claude-sonnet-4")]
    )
    assert 'task_set = "parity"' in text
    assert 'judge_api_key_secret = "OPENAI_API_KEY"' in text
    assert 'harness_api_key_secret = "CURSOR_API_KEY"' in text
    assert 'api_key_secret = "ANTHROPIC_API_KEY"' in text
    assert "`osmosis secret set HF_TOKEN`" in text and "HF_TOKEN =" not in text
    assert all(len(line) <= 100 for line in text.splitlines())
    # A comment above every table says what it does.
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if line.startswith("[") and line not in ("[agents.model]",):
            assert lines[number + 1].startswith("#") or lines[number - 1].startswith("#"), line


def test_model_keys() -> None:
    assert model_key("openai/gpt-5.2") == "OPENAI_API_KEY"
    assert model_key("google/gemini-2.5-pro") == "GEMINI_API_KEY"
    assert model_key("acme-ai/model-1") == "ACME_AI_API_KEY"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["new", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_writes_the_default_path_once(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--benchmark", "hle"], capsys) == (0, "wrote configs/benchmark/hle.toml\n", "")
    written = (workdir / "configs" / "benchmark" / "hle.toml").read_text("utf-8")
    (workdir / "configs" / "benchmark" / "hle.toml").write_text("# mine\n", "utf-8")
    status, _, err = run(["--benchmark", "hle"], capsys)
    assert status == 2 and err == "benchlint: configs/benchmark/hle.toml exists; not overwritten\n"
    assert (workdir / "configs" / "benchmark" / "hle.toml").read_text("utf-8") == "# mine\n"
    assert written.startswith("# HLE (hle)")


def test_a_folder_a_file_and_standard_output(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (workdir / "runs").mkdir()
    assert run(["runs", "--benchmark", "GDPVal"], capsys)[0] == 0
    assert (workdir / "runs" / "gdpval.toml").is_file()
    assert run(["configs/benchmark/smoke.toml", "--benchmark", "gdpval"], capsys)[0] == 0
    status, out, err = run(
        ["-", "--benchmark", "browsecomp", "--agent", "codex:xai/grok-4"], capsys
    )
    assert status == 0 and err == "" and out.startswith("# BrowseComp (browsecomp)")
    assert 'api_key_secret = "XAI_API_KEY"' in out
    # What it writes passes `check`: no warning at all with the default agent (outside
    # configs/benchmark/, BL504 says submit will not take it).
    assert main(["check", "--fail-on", "info", "configs"]) == 0
    assert main(["check", "--select", "BL504", "runs/gdpval.toml"]) == 0
    assert "BL504 [warning]" in capsys.readouterr().out


def test_a_non_reference_harness_is_written_with_its_warning(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(
        ["--benchmark", "terminal-bench-2-1", "--agent", "codex:openai/gpt-5.2"], capsys
    )
    assert status == 0 and out == "wrote configs/benchmark/terminal-bench-2-1.toml\n"
    assert err.startswith("configs/benchmark/terminal-bench-2-1.toml:") and "BL403 [warning]" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--benchmark", "hel"], 'no benchmark "hel" in the catalog (did you mean "hle"?)'),
        (["--benchmark", "hle", "--agent", "codex"], "write HARNESS:MODEL"),
        (["--benchmark", "hle", "--agent", "codex:gpt-5"], "write the model as provider/name"),
        (
            ["--benchmark", "hle", "--agent", "claude_code:openai/gpt-5.2"],
            "unknown harness 'claude_code'; did you mean \"claude-code\"?",
        ),
        (
            ["--benchmark", "toolathlon-verified", "--agent", "codex:openai/gpt-5.2"],
            "runs its official scaffold only: give the agent no harness (--agent :openai/gpt-5.2)",
        ),
        (
            ["--benchmark", "terminal-bench-2-1", "--agent", ":openai/gpt-5.2"],
            "requires a harness: --agent terminus-2:openai/gpt-5.2",
        ),
        (["--benchmark", "hle", *["--agent", "codex:openai/gpt-5.2"] * 9], "at most 8 agents"),
    ],
)
def test_choices_the_benchmark_refuses_are_usage_errors(
    workdir: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run(args, capsys)
    assert (status, out) == (2, "") and message in err and err.count("\n") == 1
    assert not (workdir / "configs").exists()


def test_a_workspace_benchmark_from_a_catalog(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = {
        "key": "acme/custom@1.0",
        "name": "Acme Custom",
        "source_type": "harbor_registry",
        "supports_harness": True,
        "task_sets": [{"name": "parity", "task_count": 10, "recommended": True}],
    }
    catalog = workdir / "acme.json"
    catalog.write_text(json.dumps({"schema_version": 1, "data": {"benchmark": entry}}), "utf-8")
    assert run(["--benchmark", "acme/custom@1.0", "--catalog", str(catalog)], capsys)[0] == 0
    written = workdir / "configs" / "benchmark" / "acme-custom-1-0.toml"
    assert 'task_set = "parity"' in written.read_text("utf-8")
    assert main(["check", "--fail-on", "info", "--catalog", str(catalog), str(written)]) == 0
