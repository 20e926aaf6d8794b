"""`--format sarif`: the structure GitHub code scanning needs, and agreement with JSON."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote, unquote_to_bytes

import jsonschema
import pytest

from benchlint.core.diagnostic import Diagnostic, Position, Range, Related
from benchlint.devtools.rule_pages import generated_files
from benchlint.lint.registry import RULES_BY_CODE
from benchlint.lint.rule import Rule
from benchlint.report import FileReport, RunInfo, sarif
from benchlint.report.sarif import artifact_location, as_log, render

from .conftest import CORPUS_DIR, RunCli, corpus_paths

SUBSET_SCHEMA = json.loads((Path(__file__).parent / "sarif-subset.schema.json").read_text("utf-8"))
LEVEL_OF = {"error": "error", "warning": "warning", "info": "note"}


@pytest.fixture
def corpus_sarif(run_cli: RunCli) -> dict[str, Any]:
    run = run_cli("sarif", *corpus_paths())
    assert run.status == 1, run.stderr
    log: dict[str, Any] = run.json()
    return log


def _region(json_range: dict[str, Any]) -> dict[str, int]:
    return {
        "startLine": json_range["start"]["line"],
        "startColumn": json_range["start"]["column"],
        "endLine": json_range["end"]["line"],
        "endColumn": json_range["end"]["column"],
    }


def test_matches_the_sarif_subset_schema(corpus_sarif: dict[str, Any]) -> None:
    jsonschema.Draft7Validator.check_schema(SUBSET_SCHEMA)
    jsonschema.validate(corpus_sarif, SUBSET_SCHEMA, cls=jsonschema.Draft7Validator)
    (run,) = corpus_sarif["runs"]
    assert run["columnKind"] == "unicodeCodePoints"
    assert run["results"], "the corpus has findings"


def test_same_diagnostics_positions_and_codes_as_json(
    corpus_sarif: dict[str, Any], corpus_json: dict[str, Any]
) -> None:
    (run,) = corpus_sarif["runs"]
    expected = [(f["path"], d) for f in corpus_json["files"] for d in f["diagnostics"]]
    assert len(run["results"]) == len(expected)
    for result, (path, diagnostic) in zip(run["results"], expected, strict=True):
        assert result["ruleId"] == diagnostic["code"]
        assert result["level"] == LEVEL_OF[diagnostic["severity"]]
        assert result["message"]["text"] == diagnostic["message"]
        (location,) = result["locations"]
        physical = location["physicalLocation"]
        assert unquote(physical["artifactLocation"]["uri"]) == path
        assert physical["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        assert physical["region"] == _region(diagnostic["range"])
        related = result.get("relatedLocations", [])
        assert [(r["message"]["text"], r["physicalLocation"]["region"]) for r in related] == [
            (r["message"], _region(r["range"])) for r in diagnostic["related"]
        ]
        assert all(r["physicalLocation"]["artifactLocation"]["uri"] for r in related)


def test_related_locations_are_present(corpus_sarif: dict[str, Any]) -> None:
    (run,) = corpus_sarif["runs"]
    related = [r for r in run["results"] if r.get("relatedLocations")]
    assert any(r["ruleId"] == "BL306" for r in related)
    for result in related:
        ids = [location["id"] for location in result["relatedLocations"]]
        assert len(set(ids)) == len(ids)


def test_rules_are_exactly_those_that_fired(
    corpus_sarif: dict[str, Any], corpus_json: dict[str, Any]
) -> None:
    (run,) = corpus_sarif["runs"]
    rules = run["tool"]["driver"]["rules"]
    fired = {d["code"] for f in corpus_json["files"] for d in f["diagnostics"]}
    assert [rule["id"] for rule in rules] == sorted(fired)
    pages = generated_files()
    for rule in rules:
        registered = RULES_BY_CODE[rule["id"]]
        assert rule["name"] == registered.name
        assert rule["shortDescription"]["text"] == registered.summary
        assert rule["fullDescription"]["text"].startswith(registered.summary)
        assert rule["defaultConfiguration"]["level"] == LEVEL_OF[registered.severity]
        page = rule["helpUri"].split("/docs/", 1)[1]
        assert f"docs/{page}" in pages, "helpUri points at a generated rule page"
    urls = {d["code"]: d["url"] for f in corpus_json["files"] for d in f["diagnostics"]}
    assert {rule["id"]: rule["helpUri"] for rule in rules} == urls
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]


def test_columns_count_code_points(corpus_sarif: dict[str, Any]) -> None:
    """BL206 sits after CJK and emoji text on its line: code points, not bytes or UTF-16."""
    line_text = (CORPUS_DIR / "unicode-columns.toml").read_text("utf-8").splitlines()[13]
    expected_column = line_text.index("Authorization") + 1
    assert len(line_text[: expected_column - 1].encode("utf-16-le")) // 2 != expected_column - 1
    (run,) = corpus_sarif["runs"]
    (result,) = [r for r in run["results"] if r["ruleId"] == "BL206"]
    region = result["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (14, expected_column)
    assert region["endColumn"] == expected_column + len("Authorization")


def test_artifacts_list_every_checked_file_with_quoted_uris(
    corpus_sarif: dict[str, Any],
) -> None:
    (run,) = corpus_sarif["runs"]
    uris = [artifact["location"]["uri"] for artifact in run["artifacts"]]
    assert [unquote(uri) for uri in uris] == corpus_paths()
    assert "configs/benchmark/odd%20name%2C%20with%20comma.toml" in uris
    for result in run["results"]:
        where = result["locations"][0]["physicalLocation"]["artifactLocation"]
        assert run["artifacts"][where["index"]]["location"]["uri"] == where["uri"]


def test_an_absolute_path_becomes_a_file_uri(tmp_path: Path) -> None:
    location = artifact_location(str(tmp_path / "configs" / "benchmark" / "a b.toml"))
    assert location["uri"].startswith("file://")
    assert location["uri"].endswith("/configs/benchmark/a%20b.toml")
    assert "uriBaseId" not in location
    assert artifact_location("./configs/benchmark/a.toml")["uri"] == "configs/benchmark/a.toml"


def test_an_absolute_path_inside_the_run_folder_is_relative_to_srcroot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    inside = artifact_location(str(tmp_path / "configs" / "benchmark" / "a b.toml"))
    assert inside == {"uri": "configs/benchmark/a%20b.toml", "uriBaseId": "%SRCROOT%"}
    monkeypatch.chdir(tmp_path / "..")
    assert artifact_location(str(tmp_path / "x.toml"))["uri"] == f"{tmp_path.name}/x.toml"
    monkeypatch.chdir(tmp_path)
    outside = artifact_location(str(tmp_path.parent / "other.toml"))
    assert outside["uri"].startswith("file://") and "uriBaseId" not in outside


def test_a_name_that_is_not_utf8_keeps_its_exact_bytes_in_the_uri() -> None:
    name = os.fsdecode(b"configs/benchmark/a\xff b.toml")  # the byte arrives as "\udcff"
    relative = artifact_location(name)
    assert relative == {"uri": "configs/benchmark/a%FF%20b.toml", "uriBaseId": "%SRCROOT%"}
    assert unquote_to_bytes(relative["uri"]) == os.fsencode(name)
    absolute = artifact_location("/" + name)["uri"]
    assert absolute == "file:///configs/benchmark/a%FF%20b.toml"
    json.dumps(relative, ensure_ascii=False).encode("utf-8")  # the log can be written


def test_a_clean_run_is_valid_and_empty(run_cli: RunCli) -> None:
    run = run_cli("sarif", "configs/benchmark/clean.toml")
    assert run.status == 0
    log = run.json()
    jsonschema.validate(log, SUBSET_SCHEMA, cls=jsonschema.Draft7Validator)
    (sarif_run,) = log["runs"]
    assert sarif_run["results"] == []
    assert sarif_run["tool"]["driver"]["rules"] == []


def _diagnostic(code: str, severity: str, line: int) -> Diagnostic:
    span = Range(Position(line, 1), Position(line, 5))
    return Diagnostic(
        code=code,
        name="made-up-rule",
        severity=severity,  # type: ignore[arg-type]
        message=f"message {{0}} 100% {code}",
        range=span,
        related=(Related("see here", span),),
        url=f"https://example.com/{code}",
    )


def test_render_is_a_pure_function_of_the_reports() -> None:
    """Hand-made reports: a severity override, a code the registry does not know, no text."""
    reports = [
        FileReport("configs/benchmark/a.toml", [_diagnostic("BL203", "warning", 3)], text=None),
        FileReport("configs/benchmark/b.toml", [_diagnostic("BL999", "info", 1)], text=None),
    ]
    run = RunInfo(version="9.9.9", profile="docs")
    first = render(reports, run)
    assert first == render(reports, run)
    log = json.loads(first)
    assert log == as_log(reports, run)
    jsonschema.validate(log, SUBSET_SCHEMA, cls=jsonschema.Draft7Validator)
    (sarif_run,) = log["runs"]
    overridden, unknown = sarif_run["results"]
    assert overridden["level"] == "warning"  # the diagnostic's own severity
    rules = sarif_run["tool"]["driver"]["rules"]
    assert rules[overridden["ruleIndex"]]["defaultConfiguration"]["level"] == "error"
    assert unknown["level"] == "note"
    assert rules[unknown["ruleIndex"]] == {
        "id": "BL999",
        "name": "made-up-rule",
        "shortDescription": {"text": "made-up-rule"},
        "helpUri": "https://example.com/BL999",
        "defaultConfiguration": {"level": "note"},
    }
    assert unknown["message"]["text"] == "message {0} 100% BL999"
    assert sarif_run["tool"]["driver"]["version"] == "9.9.9"


def test_a_rule_without_documentation_still_has_descriptions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bare = Rule(code="BL998", name="bare-rule", severity="warning", doc="", bad="", good="")
    monkeypatch.setattr(sarif, "RULES_BY_CODE", {"BL998": bare})
    report = FileReport("configs/benchmark/a.toml", [_diagnostic("BL998", "warning", 1)])
    log = as_log([report], RunInfo(version="1.0.0", profile="docs"))
    jsonschema.validate(log, SUBSET_SCHEMA, cls=jsonschema.Draft7Validator)
    (rule,) = log["runs"][0]["tool"]["driver"]["rules"]
    assert rule["shortDescription"]["text"] == rule["fullDescription"]["text"] == "bare-rule"


def test_rule_help_never_quotes_a_token_from_the_rule_examples(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Rule pages show example configs; BL202/BL207's hold token-shaped strings, and SARIF
    # embeds the page: those must come out masked like any other credential (by the command
    # line's output masker, which everything printed passes through).
    from benchlint.cli.main import main
    from benchlint.secrets.detection import contains_credential

    config = tmp_path / "configs" / "benchmark" / "a.toml"
    config.parent.mkdir(parents=True)
    config.write_text(RULES_BY_CODE["BL202"].bad + RULES_BY_CODE["BL207"].bad.split("\n", 2)[2])
    main(["check", str(config), "--format", "sarif"])
    log = json.loads(capsys.readouterr().out)
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert {"BL202", "BL207"} <= {rule["id"] for rule in rules}
    for rule in rules:
        assert not contains_credential(rule["help"]["markdown"]), rule["id"]
