"""`benchlint plan` and `benchlint.plan_text`: what a run will do, counted, never guessed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from tests.helpers import MINIMAL, write_catalog

from benchlint import Settings, Workspace, plan_text
from benchlint.cli.main import main
from benchlint.domain.catalog import bundled_catalog
from benchlint.lint.plan import Count
from benchlint.report.plan_report import rows

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "configs" / "benchmark"
SCHEMA = json.loads((ROOT / "schema" / "benchlint-report.schema.json").read_text("utf-8"))


def _validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(
        {"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{name}"}
    )


PLAN = _validator("Plan")
PLAN_REPORT = _validator("PlanReport")

HLE = {
    "key": "hle",
    "name": "HLE",
    "source_type": "osmosis_managed",
    "task_count": 2500,
    "task_sets": [{"name": "parity", "task_count": 235, "recommended": True}],
    "requires_judge_model": True,
    "requires_judge_api_key": True,
    "judge_model_default": "openai/gpt-5",
    "required_secret_names": ["HF_TOKEN"],
}
ACME = {
    "key": "acme/custom@1.0",
    "name": "Acme Custom",
    "source_type": "harbor_registry",
    "sync_status": "ready",
    "categories": [{"name": "math", "task_count": 3}, {"name": "code", "task_count": 2}],
    "tasks": [
        {"name": "acme/a1", "category": "math"},
        {"name": "acme/a2", "category": "math"},
        {"name": "acme/a3", "category": "math"},
        {"name": "acme/b1", "category": "code"},
        {"name": "acme/b2", "category": "code"},
    ],
}
WORKSPACE = Workspace(benchmarks=[HLE, ACME], secrets=["OPENAI_API_KEY"])


def config(benchmark: str = "hle", tasks: str = "", execution: str = "", agents: int = 2) -> str:
    agent = (
        '[[agents]]\nharness = "codex"\n'
        'model = { type = "provider", model = "openai/gpt-5.2", api_key_secret = "OPENAI_API_KEY" }\n'
    )
    return (
        f'[experiment]\nbenchmark = "{benchmark}"\n\n'
        + (f"[tasks]\n{tasks}\n\n" if tasks else "")
        + "\n".join([agent] * agents)
        + (f"\n[execution]\n{execution}\n" if execution else "")
    )


def plan(text: str, **settings: Any):  # type: ignore[no-untyped-def]
    found = plan_text(
        text, path="configs/benchmark/x.toml", settings=Settings(workspace=WORKSPACE, **settings)
    )
    assert list(PLAN.iter_errors(found.to_dict())) == []
    return found


@pytest.mark.parametrize(
    ("text", "selection", "size", "eligible"),
    [
        (config(), "full", Count(2500, 2500), True),
        (config(tasks='task_set = "parity"'), "task_set", Count(235, 235), True),
        (
            config(tasks='task_set = "parity"\ntask_names = ["x"]'),
            "task_set",
            Count(235, 235),
            True,
        ),
        (config(tasks='task_set = "sample"'), "task_set", Count(2500, 2500), True),  # unpublished
        (config(tasks='task_names = ["a", "b", "a", " "]'), "task_names", Count(2, 2), False),
        (config("acme/custom@1.0", 'categories = ["math"]'), "categories", Count(3, 3), False),
        (
            config("acme/custom@1.0", 'task_names = ["acme/a1", "acme/b1"]\ncategories = ["math"]'),
            "task_names_and_categories",
            Count(1, 4),
            False,
        ),
        (config("nowhere"), "full", None, True),
        (config("gdpval", 'task_set = "parity"'), "task_set", None, None),  # bundled: unknown
        (config("gdpval", 'categories = ["finance"]'), "categories", None, False),
    ],
)
def test_tasks_are_counted_from_the_config_and_the_catalog(
    text: str, selection: str, size: Count | None, eligible: bool | None
) -> None:
    found = plan(text)
    assert (found.tasks.selection, found.tasks.size, found.leaderboard.eligible) == (
        selection,
        size,
        eligible,
    )


def test_the_total_and_its_arithmetic() -> None:
    found = plan(config(tasks='task_set = "parity"', execution="attempts_per_task = 3"))
    assert found.total_attempts == Count(1410, 1410)
    assert found.arithmetic == "235 tasks × 2 agents × 3 attempts = 1,410 attempts"
    assert found.one_line() == "HLE · parity · 2 agents × 3 attempts = 1,410 attempts"
    ranged = plan(
        config(
            "acme/custom@1.0",
            'task_names = ["acme/a1", "acme/b1"]\ncategories = ["math"]',
            agents=1,
        )
    )
    assert ranged.arithmetic == "1–4 tasks × 1 agent × 1 attempt = 1–4 attempts"


def test_defaults_and_invalid_values() -> None:
    default = plan(config())
    assert (default.attempts_per_task, default.max_concurrent_attempts) == ((1, True), (4, True))
    odd = plan(config(execution='attempts_per_task = "2"\nmax_concurrent_attempts = 8'))
    assert odd.attempts_per_task == (None, False) and odd.max_concurrent_attempts == (8, False)
    assert odd.total_attempts is None
    assert odd.arithmetic == "unknown (attempts_per_task is not known)"


def test_unknown_counts_are_never_guessed() -> None:
    found = plan_text(config())  # the bundled catalog gives no task count for HLE
    assert found.tasks.size is None and found.total_attempts is None
    assert found.one_line() == "HLE · full · 2 agents × 1 attempt = ? attempts"


def test_agents_judge_and_secrets() -> None:
    text = MINIMAL.replace('harness = "terminus-2"\n', "") + (
        '\n[[agents]]\nharness = "cursor-cli"\nharness_api_key_secret = "CURSOR_API_KEY"\n'
        'model = { type = "hosted", base_model = "qwen3-8b", lora_model_name = "my-lora" }\n'
        '\n[execution]\njudge_api_key_secret = "JUDGE_KEY"\n\n[secrets]\nrequired = ["GITHUB_TOKEN"]\n'
    ).replace("terminal-bench-2-1", "hle")
    text = text.replace('benchmark = "terminal-bench-2-1"', 'benchmark = "hle"')
    found = plan(text)
    assert [a.label for a in found.agents] == [
        "official scaffold · openai/gpt-5.2",
        "cursor-cli · my-lora (LoRA on qwen3-8b)",
    ]
    assert found.judge == ("openai/gpt-5", "benchmark default", "JUDGE_KEY", True)
    assert [(s.name, s.used_by, s.per_run, s.stored) for s in found.secrets] == [
        ("OPENAI_API_KEY", "model", False, True),
        ("CURSOR_API_KEY", "harness", False, False),
        ("JUDGE_KEY", "judge", False, False),
        ("GITHUB_TOKEN", "secrets", True, False),
        ("HF_TOKEN", "benchmark", False, False),
    ]
    assert plan_text(text).secrets[0].stored is None  # records not loaded: unknown


def test_a_pinned_grader_and_a_judge_model_in_the_config() -> None:
    pinned = plan_text(config("browsecomp", execution='judge_api_key_secret = "OPENAI_API_KEY"'))
    assert pinned.judge == (None, "pinned", "OPENAI_API_KEY", True)
    chosen = plan(config(execution='judge_model = "anthropic/claude-sonnet-4"'))
    assert chosen.judge == ("anthropic/claude-sonnet-4", "config", None, True)
    assert plan_text(config("terminal-bench-2-1")).judge is None


def test_text_that_is_not_a_config_still_plans() -> None:
    for text in (b"\xff\xfe", "[experiment\nbenchmark = 1", "", "agents = 3"):
        found = plan_text(text)
        assert found.agents == () and list(PLAN.iter_errors(found.to_dict())) == []


# -- the command ------------------------------------------------------------------------------
def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["plan", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_text_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    catalog = tmp_path / "hle.json"
    catalog.write_text(json.dumps({"schema_version": 1, "data": {"benchmark": HLE}}), "utf-8")
    records = tmp_path / "secrets.json"
    records.write_text(json.dumps({"items": [{"name": "OPENAI_API_KEY", "scope": "user"}]}))
    path = tmp_path / "configs" / "benchmark" / "hle.toml"
    path.parent.mkdir(parents=True)
    path.write_text(
        config(
            tasks='task_set = "parity"',
            execution='attempts_per_task = 3\njudge_api_key_secret = "OPENAI_API_KEY"',
        ),
        "utf-8",
    )
    status, out, err = run(
        [str(path), "--catalog", str(catalog), "--secrets-list", str(records)], capsys
    )
    assert (status, err) == (1, "")  # HF_TOKEN is not stored (BL212)
    assert out == (
        f"{path}\n"
        "  benchmark    HLE (hle)\n"
        '  tasks        task set "parity": 235 tasks\n'
        "  agents       2\n"
        "               1. codex · openai/gpt-5.2\n"
        "               2. codex · openai/gpt-5.2\n"
        "  attempts     3 per task, at most 4 (default) at once\n"
        "  judge        openai/gpt-5 (the benchmark's default); key OPENAI_API_KEY\n"
        "  total        235 tasks × 2 agents × 3 attempts = 1,410 attempts\n"
        "  secrets      OPENAI_API_KEY (model; stored: personal), "
        "HF_TOKEN (HLE requires it; not stored)\n"
        '  leaderboard  can rank: the published task set "parity"\n'
        "  check        1 error, 1 warning: `benchlint check` shows them; "
        "submit fails until they are fixed\n"
        "\n"
        "1 config planned, 1,410 attempts in all\n"
    )


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.toml")))
def test_every_example_plans_as_json(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run([str(EXAMPLES / name), "--format", "json"], capsys)
    document = json.loads(out)
    assert list(PLAN_REPORT.iter_errors(document)) == []
    assert status == (1 if document["plans"][0]["errors"] else 0)


@pytest.mark.parametrize("key", [entry.key for entry in bundled_catalog().entries])
def test_every_bundled_benchmark_plans(key: str) -> None:
    found = plan_text(config(key))
    assert found.entry_key == key and found.leaderboard.eligible is True


def test_failures_and_standard_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(config().encode())))
    status, out, err = run(["-", str(tmp_path / "missing.toml"), "--format", "json"], capsys)
    document = json.loads(out)
    assert status == 2 and err.endswith("missing.toml: no such file or directory\n")
    assert [p["path"] for p in document["plans"]] == ["-"]
    assert document["failures"][0]["kind"] == "read"


def test_a_credential_in_a_reference_is_masked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    token = "sk-proj-" + "Q7x" * 16
    path = tmp_path / "configs" / "benchmark" / "leak.toml"
    path.parent.mkdir(parents=True)
    path.write_text(config().replace('"OPENAI_API_KEY"', f'"{token}"'), "utf-8")
    for fmt in ("text", "json"):
        _, out, err = run([str(path), "--format", fmt], capsys)
        assert token not in out + err and "sk-…(56 chars)" in out


def test_a_judge_that_needs_no_key_is_not_missing_one(tmp_path: Path) -> None:
    entry = {
        "key": "quiz-judge",
        "name": "Quiz",
        "requires_judge_model": True,
        "requires_judge_api_key": False,
        "judge_model_default": "openai/gpt-5",
    }
    catalog = write_catalog(tmp_path, entry)
    text = MINIMAL.replace("terminal-bench-2-1", "quiz-judge")
    settings = Settings(catalogs=(str(catalog),))
    found = plan_text(text, path="configs/benchmark/q.toml", settings=settings)
    assert found.judge == ("openai/gpt-5", "benchmark default", None, False)
    assert dict(rows(found))["judge"] == "openai/gpt-5 (the benchmark's default); no key needed"
