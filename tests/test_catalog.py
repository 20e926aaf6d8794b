"""The benchmark catalog: bundled entries, user files, matching, BL4 rules and the command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import benchlint
from benchlint import Settings, SettingsError
from benchlint.cli.main import main
from benchlint.domain import json_files
from benchlint.domain.catalog import bundled_catalog
from benchlint.domain.catalog.query import (
    benchmark_choices,
    category_names,
    describe,
    harness_choices,
    task_names,
)
from helpers import MINIMAL, codes, lint, write_catalog

TB_INFO = {
    "id": "bm_7f3c2a",
    "name": "Terminal-Bench 2.1",
    "key": "terminal-bench-2-1",
    "source_type": "osmosis_managed",
    "task_count": 3,
    "category_count": 2,
    "task_sets": [{"name": "parity", "task_count": 2, "recommended": False, "description": "x"}],
    "categories": [{"name": "git", "task_count": 1}, {"name": "system", "task_count": 2}],
    "tasks": [
        {"name": "terminal-bench/fix-permissions", "category": "system", "difficulty": "easy"},
        {"name": "terminal-bench/git-multibranch", "category": "git", "difficulty": "medium"},
        {"name": "terminal-bench/chmod-all", "category": "system", "difficulty": "easy"},
    ],
    "supports_harness": True,
    "requires_harness": True,
    "default_harness": "terminus-2",
    "requires_judge_model": False,
    "requires_judge_api_key": False,
    "judge_model_default": None,
    "pass_threshold": 1.0,
}
REGISTRY = {
    "id": "bm_reg1",
    "name": "Acme Custom",
    "key": "acme/custom@1.0",
    "source_type": "harbor_registry",
    "task_sets": [],
    "categories": [],
    "supports_harness": True,
    "requires_harness": False,
    "default_harness": None,
    "requires_judge_model": False,
    "requires_judge_api_key": False,
}
TASKS = MINIMAL.replace(
    "[[agents]]", '[tasks]\ntask_names = ["terminal-bench/fix-permision"]\n\n[[agents]]'
)
HLE = MINIMAL.replace("terminal-bench-2-1", "hle").replace('"terminus-2"', '"codex"')


def test_bundled_catalog_has_the_documented_benchmarks() -> None:
    catalog = bundled_catalog()
    assert [e.key for e in catalog.entries] == [
        "terminal-bench-2-1",
        "hle",
        "gdpval",
        "browsecomp",
        "toolathlon-verified",
    ]
    assert catalog.find("HLE") is catalog.find("hle")
    assert catalog.find("Hle") is None and catalog.find_loose(" Hle ") is catalog.find("hle")
    assert catalog.find("hle").required_secret_names == ("HF_TOKEN",)
    assert catalog.find("browsecomp").pinned_grader


def test_info_envelope_with_manifest_checks_task_names(tmp_path: Path) -> None:
    path = write_catalog(tmp_path, TB_INFO)
    found = lint(TASKS, catalogs=[str(path)], ignore=["BL502"])
    assert codes(found) == ["BL406"]
    assert 'did you mean "terminal-bench/fix-permissions"' in found[0].message
    categories = TASKS.replace(
        'task_names = ["terminal-bench/fix-permision"]', 'categories = ["gti", "git"]'
    )
    (bad,) = lint(categories, catalogs=[str(path)], ignore=["BL502"])
    assert (bad.code, bad.range.start.column) == ("BL406", 15) and '"git"' in bad.message


def test_bare_benchmark_object_and_list_output(tmp_path: Path) -> None:
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(TB_INFO))
    assert codes(lint(TASKS, catalogs=[str(bare)], ignore=["BL502"])) == ["BL406"]
    listing = tmp_path / "list.json"
    listing.write_text(json.dumps({"schema_version": 1, "items": [REGISTRY], "total_count": 1}))
    acme = MINIMAL.replace("terminal-bench-2-1", "acme/custom@1.0")
    assert lint(acme, catalogs=[str(listing)]) == []


def test_without_a_manifest_task_names_are_not_checked(tmp_path: Path) -> None:
    no_manifest = {key: value for key, value in TB_INFO.items() if key != "tasks"}
    path = write_catalog(tmp_path, no_manifest)
    assert codes(lint(TASKS, catalogs=[str(path)], ignore=["BL502"])) == []


def test_a_user_entry_replaces_the_bundled_one(tmp_path: Path) -> None:
    # The user's file says Terminal-Bench publishes a parity set; the bundled one does not.
    path = write_catalog(tmp_path, TB_INFO)
    parity = MINIMAL.replace("[[agents]]", '[tasks]\ntask_set = "parity"\n\n[[agents]]')
    assert lint(parity, catalogs=[str(path)]) == []
    no_parity = dict(TB_INFO, task_sets=[])
    path = write_catalog(tmp_path, no_parity, name="other.json")
    assert codes(lint(parity, catalogs=[str(path)])) == ["BL407"]
    entry = Settings(catalogs=[str(path)]).catalog.find("terminal-bench-2-1")
    assert entry.origin == str(path) and not entry.bundled


def test_a_list_entry_keeps_what_it_does_not_say(tmp_path: Path) -> None:
    listing = tmp_path / "list.json"
    hle = {
        "id": "bm_hle",
        "name": "HLE",
        "key": "hle",
        "source_type": "osmosis_managed",
        "task_sets": [{"name": "parity", "task_count": 500, "recommended": True}],
    }
    listing.write_text(json.dumps({"schema_version": 1, "items": [hle]}))
    # The list carries no judge facts: the bundled knowledge that HLE needs a judge stays.
    assert codes(lint(HLE, catalogs=[str(listing)])) == ["BL401", "BL402"]
    entry = Settings(catalogs=[str(listing)]).catalog.find("bm_hle")
    assert entry is not None and entry.requires_judge_api_key


def test_unknown_benchmark_severity_depends_on_the_catalogs_loaded(tmp_path: Path) -> None:
    unknown = MINIMAL.replace("terminal-bench-2-1", "acme/other@2.0")
    (info,) = lint(unknown)
    assert (info.code, info.severity) == ("BL405", "info")
    (warning,) = lint(unknown, catalogs=[str(write_catalog(tmp_path, REGISTRY))])
    assert (warning.code, warning.severity) == ("BL405", "warning")
    assert 'did you mean "acme/custom@1.0"' in warning.message


@pytest.mark.parametrize(
    ("written", "warned", "fired"),
    [
        ("hle", False, {"BL401", "BL402"}),
        ("HLE", False, {"BL401", "BL402"}),
        ("Hle", True, {"BL401", "BL402"}),
        (" hle ", True, {"BL401", "BL402"}),
        ("hle-2", False, set()),
    ],
)
def test_case_and_whitespace_variants(written: str, warned: bool, fired: set[str]) -> None:
    found = lint(HLE.replace('benchmark = "hle"', f'benchmark = "{written}"'))
    assert {d.code for d in found} - {"BL405"} == fired
    case_only = [d for d in found if d.code == "BL405" and d.severity == "warning"]
    assert bool(case_only) == warned
    if warned:
        assert case_only[0].fix is not None and case_only[0].fix.edits[0].new_text == '"hle"'


@pytest.mark.parametrize(
    "document",
    [
        "{not json",
        "[1, 2]",
        '{"schema_version": 1, "data": {"benchmark": {"name": "No key"}}}',
        '{"schema_version": 1, "data": {"benchmark": {"key": "k", "name": "K", "tasks": "all"}}}',
        '{"schema_version": 1, "data": {"benchmark": {"key": "k", "name": "K", "task_count": "3"}}}',
        '{"something": "else"}',
        "",
    ],
    ids=[
        "bad-json",
        "wrong-shape",
        "no-key",
        "tasks-not-list",
        "count-not-int",
        "unknown",
        "empty",
    ],
)
def test_malformed_catalog_files_are_clear_errors(tmp_path: Path, document: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(document)
    with pytest.raises(SettingsError, match=r"catalog file .*broken\.json"):
        lint(MINIMAL, catalogs=[str(path)])


def test_malformed_catalog_on_the_command_line_exits_2(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.json").write_text("{")
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    (folder / "a.toml").write_text(MINIMAL)
    assert main(["check", "--catalog", "c.json", "configs"]) == 2
    err = capsys.readouterr().err
    assert "not valid JSON" in err and len(err.strip().splitlines()) == 1
    assert main(["check", "--catalog", "missing.json", "configs"]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_an_integer_past_the_digit_limit_is_a_catalog_error(tmp_path: Path) -> None:
    path = tmp_path / "c1.json"
    path.write_text('{"key": "x", "name": "X", "task_count": ' + "1" * 5000 + "}")
    with pytest.raises(SettingsError, match=r"catalog file .*c1\.json has a number with too many"):
        lint(MINIMAL, catalogs=[str(path)])


@pytest.mark.parametrize("number", ["1" * 400, "NaN", "Infinity", "-Infinity"])
def test_pass_threshold_must_be_a_finite_float(tmp_path: Path, number: str) -> None:
    path = tmp_path / "c2.json"
    path.write_text('{"key": "x", "name": "X", "pass_threshold": ' + number + "}")
    with pytest.raises(SettingsError, match=r"catalog file .*c2\.json: `pass_threshold`"):
        lint(MINIMAL, catalogs=[str(path)])


def test_a_nul_in_a_catalog_path_is_a_usage_error(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "benchlint.toml").write_text('catalog = ["\\u0000"]\n')
    (tmp_path / "cfg.toml").write_text(MINIMAL)
    assert main(["check", "cfg.toml"]) == 2
    err = capsys.readouterr().err
    assert "is not a valid path" in err and "\0" not in err and len(err.splitlines()) == 1
    with pytest.raises(SettingsError, match="is not a valid path"):
        lint(MINIMAL, catalogs=["a\0.json"])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_only_a_regular_file_of_bounded_size_is_read(tmp_path: Path, monkeypatch) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    (tmp_path / "cfg.toml").write_text(MINIMAL)
    # In a subprocess with a timeout, so that a regression fails rather than hangs.
    result = subprocess.run(
        [sys.executable, "-m", "benchlint", "check", "--catalog", str(fifo), "cfg.toml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert (
        result.stderr
        == f"benchlint: catalog file {fifo} is not a regular file; named by --catalog\n"
    )
    (tmp_path / "link.json").symlink_to(os.devnull)
    with pytest.raises(SettingsError, match=r"link\.json is not a regular file"):
        # (a link out of its folder: read only when asked, and a device even then is not)
        lint(MINIMAL, catalogs=[str(tmp_path / "link.json")], follow_symlinks=True)
    monkeypatch.setattr(json_files, "MAX_JSON_BYTES", 10)
    big = write_catalog(tmp_path, TB_INFO)
    with pytest.raises(SettingsError, match=r"catalog\.json is larger than"):
        lint(MINIMAL, catalogs=[str(big)])


def test_catalog_setting_globs_relative_to_the_settings_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # outside git, discovery looks no higher than the current folder
    (tmp_path / "catalog").mkdir()
    write_catalog(tmp_path / "catalog", TB_INFO, name="tb.json")
    (tmp_path / "benchlint.toml").write_text('catalog = ["catalog/*.json"]\n')
    settings = Settings.discover(tmp_path / "configs" / "benchmark" / "a.toml")
    found = benchlint.lint_text(TASKS, settings=settings.with_overrides(ignore=("BL502",)))
    assert codes(found) == ["BL406"]
    (tmp_path / "benchlint.toml").write_text('catalog = ["nothing/*.json"]\n')
    with pytest.raises(SettingsError, match="matches no file"):
        Settings.discover(tmp_path / "a.toml").catalog  # noqa: B018


def test_profiles_and_suppressions_apply_to_bl4_rules(tmp_path: Path) -> None:
    suppressed = HLE.replace(
        'benchmark = "hle"', 'benchmark = "hle"  # benchlint: ignore[BL401, BL402]'
    )
    assert codes(lint(suppressed)) == []
    assert codes(lint(HLE, profile="osmosis-0.3.8")) == ["BL401", "BL402"]
    assert codes(lint(HLE, ignore=["BL4"])) == []
    assert [d.severity for d in lint(HLE, severity={"BL402": "error"})] == ["error", "error"]


def test_query_api_for_the_language_server(tmp_path: Path) -> None:
    catalog = Settings(catalogs=[str(write_catalog(tmp_path, TB_INFO))]).catalog
    entry = catalog.find("terminal-bench-2-1")
    assert ("hle", "HLE") in benchmark_choices(catalog)
    assert task_names(entry)[0] == "terminal-bench/fix-permissions"
    assert category_names(entry) == ("git", "system")
    assert task_names(catalog.find("hle")) == () and category_names(None) == ()
    harnesses = dict(harness_choices(("my-harness",)))
    assert "terminus-2" in harnesses and "my-harness" in harnesses
    text = describe(entry)
    assert "Terminal-Bench 2.1" in text and "terminus-2" in text and "tb.json" not in text


def test_catalog_command(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = write_catalog(tmp_path, TB_INFO)
    assert main(["catalog"]) == 0
    assert "hle" in capsys.readouterr().out
    assert main(["catalog", "--catalog", str(path), "--format", "json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert entries[0]["key"] == "terminal-bench-2-1" and entries[0]["bundled"] is False
    assert main(["catalog", "Hle"]) == 0
    assert capsys.readouterr().out.startswith("**HLE**")
    assert main(["catalog", "hel"]) == 2
    assert 'did you mean "hle"' in capsys.readouterr().err


def _judge_entry(needs_key: bool | None) -> dict[str, object]:
    entry: dict[str, object] = {
        "key": "quiz-judge",
        "name": "Quiz",
        "requires_judge_model": True,
        "judge_model_default": "openai/gpt-5",
    }
    if needs_key is not None:
        entry["requires_judge_api_key"] = needs_key
    return entry


@pytest.mark.parametrize(("needs_key", "fires"), [(False, False), (True, True), (None, True)])
def test_bl401_follows_requires_judge_api_key(
    tmp_path: Path, needs_key: bool | None, fires: bool
) -> None:
    """The SDK's 0.3.0 flag for a judge key is `requires_judge_api_key`; an entry that does
    not state it (older output) is read as a judge model that needs one."""
    from benchlint.domain.catalog.store import load_catalog
    from benchlint.domain.profiles import PROFILES
    from benchlint.domain.skeleton import skeleton

    catalog = write_catalog(tmp_path, _judge_entry(needs_key))
    text = MINIMAL.replace("terminal-bench-2-1", "quiz-judge")
    found = [d.code for d in lint(text, catalogs=(str(catalog),))]
    assert ("BL401" in found) is fires
    entry = load_catalog([catalog]).find("quiz-judge")
    assert entry is not None and entry.needs_judge_key is fires
    written = skeleton(entry, PROFILES["docs"])
    assert ('judge_api_key_secret = "OPENAI_API_KEY"' in written) is fires
