"""`--format junit`: JUnit XML, one test case per file checked.

A file with a diagnostic at or above its `fail-on` threshold fails: one `<failure>` whose
`type` is the first such code, whose `message` counts them, and whose text has a line per
diagnostic (`path:line:col: CODE [severity] message`, as `--format concise`). A file whose
diagnostics are all below the threshold passes, with them in `<system-out>`. A path that
could not be read (or a fix that could not be written) is a test case with an `<error>`.
`name` and `file` are the path (so each case is unique: GitLab keeps only the first of equal
names) and `classname` is `benchlint` (one suite in GitLab's test report). Times are zero:
the report says what was found, not how long it took.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence

from ..core.diagnostic import Diagnostic, fails
from ..core.regex import lazy_regex
from . import FileReport, RunInfo, one_line_name
from .gitlab import repository_path

# Characters XML 1.0 cannot hold at all (a control character, a lone surrogate): escaped.
_NOT_XML = lazy_regex("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml_text(text: str) -> str:
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def _line(path: str, d: Diagnostic) -> str:
    start = d.range.start
    where = f"{one_line_name(path)}:{start.line}:{start.column}"
    return _xml_text(f"{where}: {d.code} [{d.severity}] {d.message}")


def render(reports: Sequence[FileReport], run: RunInfo) -> str:
    cases: list[ElementTree.Element] = []
    failures = errors = 0
    for report in reports:
        path = repository_path(report.path)
        case = _case(path)
        failing = [d for d in report.diagnostics if fails(d.severity, report.fail_on)]
        text = "\n".join(_line(path, d) for d in report.diagnostics)
        if failing:
            failures += 1
            failure = ElementTree.SubElement(case, "failure")
            failure.set("type", failing[0].code)
            count = len(failing)
            plural = "" if count == 1 else "s"
            failure.set("message", f"{count} diagnostic{plural} at or above {report.fail_on}")
            failure.text = text
        elif report.diagnostics:
            ElementTree.SubElement(case, "system-out").text = text
        cases.append(case)
    for problem in run.failures:
        errors += 1
        case = _case(repository_path(problem.path))
        error = ElementTree.SubElement(case, "error")
        error.set("type", "unreadable" if problem.kind == "read" else "unwritten")
        error.set("message", _xml_text(problem.reason))
        cases.append(case)
    totals = {
        "tests": str(len(cases)),
        "failures": str(failures),
        "errors": str(errors),
        "skipped": "0",
        "time": "0",
    }
    suites = ElementTree.Element("testsuites", {"name": "benchlint", **totals})
    suite = ElementTree.SubElement(suites, "testsuite", {"name": "benchlint", **totals})
    suite.extend(cases)
    ElementTree.indent(suites)
    body = ElementTree.tostring(suites, "unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


def _case(path: str) -> ElementTree.Element:
    path = _xml_text(path)
    return ElementTree.Element(
        "testcase", {"name": path, "classname": "benchlint", "file": path, "time": "0"}
    )
