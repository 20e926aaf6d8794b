"""Per-rule fixtures: real config files with the expected hits marked in comments.

Layout: `fixtures/<CODE>/` is one *case*, or holds one case per subfolder (for example a
`docs` and an `osmosis-0.3.8` case of a profile-dependent rule). A case folder has

- `bad.toml`: the rule fires. Each line where a diagnostic must start ends in a comment
  `# !<CODE>` (several marks may share one comment: `# !BL203 !BL205`); `# ?<CODE>` marks a
  line where one may start. A line that cannot end in a comment (it opens a multi-line
  string) is marked by a comment line just above it: `# next line: !BL202`. Every error and
  warning must be marked; infos only count when marked, or when they are the rule's own;
- `good.toml`: the corrected config: no error, no warning, nothing of the rule under test;
- optional `settings.json` (keyword arguments of `benchlint.Settings`), `catalog.json` (a
  saved `osmosis --json benchmark info`, passed as `catalogs`), `secret-list.json` (a saved
  `osmosis --json secret list`, passed as `secrets_lists`), `path.txt` (the path both
  files are linted under; default `configs/benchmark/bad.toml` / `good.toml`) and
  `secrets.txt` (credential values, one a line, that no output of the bad file may contain),
  and `workspace/` (a workspace cache as `benchlint workspace pull` saves it: given as
  `workspace_data`, and placed at `.benchlint/workspace` for the command line).

A case may lack one of the two files (under a profile where the rule never fires there is
only a good file), but every rule needs at least one bad file. The `bad.toml` files of
BL002 hold bytes that are not UTF-8 text on purpose: keep them byte for byte.

The bad file's diagnostics are snapshotted twice: as the command line's text output and as
the JSON entries (`Diagnostic.to_dict()`). Update with `pytest tests/rules --snapshot-update`
and read the diff: a snapshot claims that the output is right.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from syrupy.extensions.json import JSONSnapshotExtension
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

import benchlint
from benchlint import Diagnostic, Range, Settings
from benchlint.cli.main import main
from benchlint.domain.workspace_cache import WorkspaceData
from benchlint.lint.registry import RULES, RULES_BY_CODE
from benchlint.lint.setting_keys import FIELD_KEYS
from helpers import lint_through_link

FIXTURES = Path(__file__).parent / "fixtures"
DEFAULT_FOLDER = "configs/benchmark"
_MARK_COMMENT = re.compile(r"#\s*((?:[!?]BL\d{3}\s*)+)$")
_NEXT_LINE_MARK = re.compile(r"^\s*#\s*next line:\s*((?:[!?]BL\d{3}\s*)+)$")
_MARK = re.compile(r"([!?])(BL\d{3})")


class TextSnapshot(SingleFileSnapshotExtension):
    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@dataclass(frozen=True)
class Case:
    code: str
    folder: Path

    @property
    def id(self) -> str:
        relative = self.folder.relative_to(FIXTURES).as_posix()
        return relative.replace("/", "-")

    def read(self, name: str) -> bytes | None:
        path = self.folder / name
        return path.read_bytes() if path.is_file() else None

    @property
    def bad(self) -> bytes | None:
        return self.read("bad.toml")

    @property
    def good(self) -> bytes | None:
        return self.read("good.toml")

    def path(self, kind: str) -> str:
        given = self.read("path.txt")
        return given.decode().strip() if given else f"{DEFAULT_FOLDER}/{kind}.toml"

    @property
    def settings_kwargs(self) -> dict[str, Any]:
        raw = self.read("settings.json")
        return json.loads(raw) if raw else {}

    @property
    def secrets(self) -> list[str]:
        raw = self.read("secrets.txt")
        return [line for line in raw.decode().splitlines() if line] if raw else []

    @property
    def catalog(self) -> Path | None:
        path = self.folder / "catalog.json"
        return path if path.is_file() else None

    @property
    def secret_list(self) -> Path | None:
        path = self.folder / "secret-list.json"
        return path if path.is_file() else None

    @property
    def workspace(self) -> Path | None:
        path = self.folder / "workspace"
        return path if path.is_dir() else None

    def settings(self) -> Settings:
        catalogs = (str(self.catalog),) if self.catalog else ()
        lists = (str(self.secret_list),) if self.secret_list else ()
        data = WorkspaceData(self.workspace) if self.workspace else None
        return Settings(
            **self.settings_kwargs, catalogs=catalogs, secrets_lists=lists, workspace_data=data
        )

    @property
    def through_link(self) -> bool:
        """`link.txt` in the folder: the bad file is read through a symbolic link that leaves
        the repository (BL004: the reader reports it, `lint_text` cannot)."""
        return (self.folder / "link.txt").is_file()

    def lint(self, kind: str) -> list[Diagnostic]:
        content = self.bad if kind == "bad" else self.good
        assert content is not None
        if kind == "bad" and self.through_link:
            with tempfile.TemporaryDirectory() as folder:
                return lint_through_link(content, Path(folder), self.settings())
        return benchlint.lint_text(content, path=self.path(kind), settings=self.settings())


CliRunner = Callable[[Case, str], tuple[int, str]]


def discover_cases() -> Iterator[Case]:
    for rule_folder in sorted(p for p in FIXTURES.iterdir() if p.is_dir()):
        if _is_case(rule_folder):
            yield Case(rule_folder.name, rule_folder)
        for sub in sorted(p for p in rule_folder.iterdir() if p.is_dir()):
            if _is_case(sub):
                yield Case(rule_folder.name, sub)


def _is_case(folder: Path) -> bool:
    return (folder / "bad.toml").is_file() or (folder / "good.toml").is_file()


CASES = list(discover_cases())
BAD_CASES = [case for case in CASES if case.bad is not None]
GOOD_CASES = [case for case in CASES if case.good is not None]


def by_id(cases: Sequence[Case]) -> Any:
    return pytest.mark.parametrize("case", cases, ids=[case.id for case in cases])


# -- reading the marks ---------------------------------------------------------------------------
def as_text(content: bytes) -> str:
    return content.decode("utf-8", errors="replace")


def marks(text: str) -> tuple[set[tuple[int, str]], set[tuple[int, str]]]:
    """(line, code) pairs marked `!` (must start there) and `?` (may start there)."""
    must: set[tuple[int, str]] = set()
    may: set[tuple[int, str]] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        next_line = _NEXT_LINE_MARK.match(line)
        comment = next_line or _MARK_COMMENT.search(line)
        if comment is None:
            continue
        target = number + 1 if next_line else number
        for kind, code in _MARK.findall(comment.group(1)):
            (must if kind == "!" else may).add((target, code))
    return must, may


def describe(diagnostics: Sequence[Diagnostic]) -> str:
    return "\n".join(
        f"  {d.range.start.line}:{d.range.start.column} {d.code} [{d.severity}] {d.message}"
        for d in diagnostics
    )


# -- ranges ----------------------------------------------------------------------------------------
def inside(text: str, range_: Range) -> bool:
    """Whether a range lies inside the text (1-based, end exclusive, start <= end)."""
    lines = text.split("\n")

    def valid(line: int, column: int) -> bool:
        return 1 <= line <= len(lines) and 1 <= column <= len(lines[line - 1]) + 1

    start, end = range_.start, range_.end
    return valid(start.line, start.column) and valid(end.line, end.column) and start <= end


def all_ranges(diagnostic: Diagnostic) -> Iterator[tuple[str, Range]]:
    yield "range", diagnostic.range
    for related in diagnostic.related:
        yield f"related {related.message!r}", related.range
    if diagnostic.fix is not None:
        for edit in diagnostic.fix.edits:
            yield f"fix edit {edit.new_text!r}", edit.range


# -- the command line ------------------------------------------------------------------------------
def settings_file(case: Case, folder: Path) -> str:
    """A `benchlint.toml` with the case's settings (its catalog copied next to it)."""
    lines = []
    for name, value in case.settings_kwargs.items():
        lines.append(f"{FIELD_KEYS[name]} = {json.dumps(value)}")
    if case.catalog is not None:
        (folder / "catalog.json").write_bytes(case.catalog.read_bytes())
        lines.append('catalog = ["catalog.json"]')
    if case.secret_list is not None:
        (folder / "secret-list.json").write_bytes(case.secret_list.read_bytes())
        lines.append('secrets-list = ["secret-list.json"]')
    return "".join(line + "\n" for line in lines)


def run_cli(
    case: Case, root: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> tuple[int, str]:
    """`benchlint check` on the bad file, placed at its path under `root`, from `root`."""
    relative = case.path("bad")
    target = root / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    assert case.bad is not None
    if case.through_link:  # the file lives outside the repository (`root`, a git work tree)
        (root / ".git").mkdir(exist_ok=True)
        outside = root.parent / f"outside-{root.name}.toml"
        outside.write_bytes(case.bad)
        target.symlink_to(outside)
    else:
        target.write_bytes(case.bad)
    (root / "benchlint.toml").write_text(settings_file(case, root), "utf-8")
    if case.workspace is not None:
        shutil.copytree(case.workspace, root / ".benchlint" / "workspace")
    capsys.readouterr()
    status = main(["check", relative, "--format", fmt, "--no-color"])
    captured = capsys.readouterr()
    assert captured.err == ""
    return status, captured.out


# -- tests -----------------------------------------------------------------------------------------
def test_every_rule_has_fixtures() -> None:
    for cases, name in ((BAD_CASES, "bad.toml"), (GOOD_CASES, "good.toml")):
        covered = {case.code for case in cases}
        missing = [rule.code for rule in RULES if rule.code not in covered]
        assert not missing, f"rules without a fixture folder holding a {name}: {missing}"


def test_every_fixture_folder_is_a_rule() -> None:
    unknown = sorted({case.code for case in CASES} - set(RULES_BY_CODE))
    assert not unknown, f"fixture folders named after no registered rule: {unknown}"


@by_id(BAD_CASES)
def test_bad_fixture_hits_exactly_the_marked_lines(case: Case) -> None:
    assert case.bad is not None
    must, may = marks(as_text(case.bad))
    assert any(code == case.code for _, code in must), "the bad file marks no hit of its rule"
    diagnostics = case.lint("bad")
    found = {(d.range.start.line, d.code) for d in diagnostics}
    missed = sorted(must - found)
    unexpected = sorted(
        (d.range.start.line, d.code)
        for d in diagnostics
        if (d.range.start.line, d.code) not in must | may
        and (d.severity != "info" or d.code == case.code)
    )
    assert (missed, unexpected) == ([], []), "diagnostics:\n" + describe(diagnostics)


@by_id(GOOD_CASES)
def test_good_fixture_is_clean(case: Case) -> None:
    assert case.good is not None
    assert marks(as_text(case.good)) == (set(), set()), "a good file marks no hits"
    diagnostics = case.lint("good")
    noisy = [d for d in diagnostics if d.severity != "info" or d.code == case.code]
    assert noisy == [], "diagnostics:\n" + describe(noisy)


@by_id(CASES)
def test_every_range_is_inside_the_document(case: Case) -> None:
    for kind, content in (("bad", case.bad), ("good", case.good)):
        if content is None:
            continue
        text = as_text(content)
        for diagnostic in case.lint(kind):
            for what, range_ in all_ranges(diagnostic):
                assert inside(text, range_), f"{kind}: {diagnostic.code} {what}: {range_}"


@by_id(BAD_CASES)
def test_json_entries_snapshot(case: Case, snapshot: Any) -> None:
    entries = [d.to_dict() for d in case.lint("bad")]
    assert entries == snapshot(extension_class=JSONSnapshotExtension)


@pytest.fixture
def cli(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> CliRunner:
    """Runs `benchlint check` on a case's bad file in a fresh folder: (exit status, stdout)."""
    monkeypatch.chdir(tmp_path)
    return lambda case, fmt: run_cli(case, tmp_path, capsys, fmt)


@by_id(BAD_CASES)
def test_cli_text_output_snapshot(case: Case, snapshot: Any, cli: CliRunner) -> None:
    status, output = cli(case, "text")
    errors = any(d.severity == "error" for d in case.lint("bad"))
    assert status == (1 if errors else 0)
    assert output == snapshot(extension_class=TextSnapshot)


@by_id(BAD_CASES)
def test_cli_json_output_matches_the_api(case: Case, cli: CliRunner) -> None:
    _, output = cli(case, "json")
    (report,) = json.loads(output)["files"]
    assert report["path"] == case.path("bad")
    assert report["diagnostics"] == [d.to_dict() for d in case.lint("bad")]


@by_id([case for case in BAD_CASES if case.secrets])
def test_no_output_contains_a_credential(case: Case, cli: CliRunner) -> None:
    _, text = cli(case, "text")
    entries = json.dumps([d.to_dict() for d in case.lint("bad")], ensure_ascii=False)
    for output, name in ((text, "text output"), (entries, "JSON entries")):
        leaked = [secret for secret in case.secrets if secret in output]
        assert leaked == [], f"the {name} shows {leaked}"
