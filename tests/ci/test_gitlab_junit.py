"""`--format gitlab` (GitLab Code Quality) and `--format junit`: valid against their formats,
the same findings as the JSON report, and failed runs that never look clean."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import xmlschema
from tests.helpers import MINIMAL

from .conftest import CORPUS_DIR, FIXTURES, RunCli, corpus_paths

HERE = Path(__file__).parent
GITLAB = jsonschema.Draft202012Validator(
    json.loads((HERE / "gitlab-codequality.schema.json").read_text("utf-8"))
)
JUNIT = xmlschema.XMLSchema(str(HERE / "junit.xsd"))
SEVERITY = {"error": "major", "warning": "minor", "info": "info"}


def test_gitlab_report_is_valid_and_matches_json(
    run_cli: RunCli, corpus_json: dict[str, Any]
) -> None:
    run = run_cli("gitlab", *corpus_paths())
    issues = run.json()
    assert run.status == 1
    assert [e.message for e in GITLAB.iter_errors(issues)] == []
    expected = [
        (f["path"], d["code"], SEVERITY[d["severity"]], d["range"]["start"]["line"])
        for f in corpus_json["files"]
        for d in f["diagnostics"]
    ]
    seen = [
        (
            i["location"]["path"],
            i["check_name"],
            i["severity"],
            i["location"]["positions"]["begin"]["line"],
        )
        for i in issues
    ]
    assert seen == expected
    assert len({i["fingerprint"] for i in issues}) == len(issues)  # GitLab merges equal ones


def test_gitlab_fingerprints_survive_moved_lines(run_cli: RunCli, tmp_path: Path) -> None:
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    config = folder / "a.toml"
    config.write_text(MINIMAL + '\n[env]\nHF_TOKEN = "x"\n', "utf-8")
    before = {i["check_name"]: i["fingerprint"] for i in run_cli("gitlab", str(config)).json()}
    config.write_text("# a comment moves every line\n\n" + config.read_text("utf-8"), "utf-8")
    after = {i["check_name"]: i["fingerprint"] for i in run_cli("gitlab", str(config)).json()}
    assert before == after and before


def test_gitlab_paths_are_relative_to_the_folder_benchlint_runs_in(
    run_cli: RunCli, tmp_path: Path
) -> None:
    config = CORPUS_DIR / sorted(p.name for p in CORPUS_DIR.glob("*.toml"))[0]
    issues = run_cli("gitlab", str(config.resolve()), "missing.toml", cwd=FIXTURES).json()
    assert [e.message for e in GITLAB.iter_errors(issues)] == []
    assert all(not i["location"]["path"].startswith("/") for i in issues)
    [failure] = [i for i in issues if i["check_name"] == "benchlint/unreadable"]
    assert failure["severity"] == "critical" and failure["location"] == {
        "path": "missing.toml",
        "lines": {"begin": 1},
    }


def _cases(document: str) -> dict[str, ElementTree.Element]:
    root = ElementTree.fromstring(document)
    return {case.attrib["name"]: case for case in root.iter("testcase")}


def test_junit_report_is_valid_and_has_a_case_per_file(
    run_cli: RunCli, corpus_json: dict[str, Any]
) -> None:
    run = run_cli("junit", *corpus_paths(), "missing.toml")
    assert run.status == 2
    JUNIT.validate(run.output)
    cases = _cases(run.output)
    assert list(cases) == [*(f["path"] for f in corpus_json["files"]), "missing.toml"]
    for entry in corpus_json["files"]:
        case = cases[entry["path"]]
        errors = [d for d in entry["diagnostics"] if d["severity"] == "error"]
        failure = case.find("failure")
        assert (failure is not None) == bool(errors), entry["path"]
        text = failure if failure is not None else case.find("system-out")
        if entry["diagnostics"]:
            assert text is not None and len((text.text or "").splitlines()) == len(
                entry["diagnostics"]
            )
        if failure is not None:
            assert failure.attrib["type"] == errors[0]["code"]
    error = cases["missing.toml"].find("error")
    assert error is not None and error.attrib == {
        "type": "unreadable",
        "message": "no such file or directory",
    }
    root = ElementTree.fromstring(run.output)
    suite = root.find("testsuite")
    assert suite is not None
    failing = sum(1 for case in cases.values() if case.find("failure") is not None)
    assert root.attrib["tests"] == suite.attrib["tests"] == str(len(cases))
    assert suite.attrib["failures"] == str(failing) and suite.attrib["errors"] == "1"


@pytest.mark.parametrize(
    ("fail_on", "fails"), [("error", False), ("warning", True), ("never", False)]
)
def test_junit_follows_fail_on(run_cli: RunCli, tmp_path: Path, fail_on: str, fails: bool) -> None:
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    config = folder / "w.toml"
    config.write_text(MINIMAL.replace("terminus-2", "codex"), "utf-8")  # BL403, a warning
    run = run_cli("junit", str(config), cwd=tmp_path, extra=("--fail-on", fail_on))
    JUNIT.validate(run.output)
    case = _cases(run.output)[str(config.relative_to(tmp_path))]
    assert (case.find("failure") is not None) == fails
    assert (case.find("system-out") is not None) == (not fails)
    assert run.status == int(fails)


def test_junit_holds_any_text_as_valid_xml(run_cli: RunCli, tmp_path: Path) -> None:
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    config = folder / "odd.toml"
    config.write_text(MINIMAL + '\n[env]\n"\\u0001 &<>]]>" = "x"\n', "utf-8")
    run = run_cli("junit", str(config), cwd=tmp_path)
    JUNIT.validate(run.output)
    [case] = _cases(run.output).values()
    failure = case.find("failure")
    assert failure is not None and "&<>]]>" in (failure.text or "")  # escaped, read back


def test_a_name_beginning_with_two_dots_is_inside_the_run_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`..a.toml` is a file of the folder, not its parent: every report makes it relative,
    and only a path that does leave the folder stays absolute."""
    from benchlint.report import run_relative
    from benchlint.report.gitlab import repository_path
    from benchlint.report.sarif import artifact_location

    monkeypatch.chdir(tmp_path)
    dotted = str(tmp_path / "..a.toml")
    assert run_relative(dotted) == "..a.toml"
    assert repository_path(dotted) == "..a.toml"
    assert artifact_location(dotted) == {"uri": "..a.toml", "uriBaseId": "%SRCROOT%"}
    outside = str(tmp_path.parent / "b.toml")
    assert run_relative(outside) is None
    assert repository_path(outside) == Path(outside).as_posix()
    assert artifact_location(outside)["uri"].startswith("file://")
