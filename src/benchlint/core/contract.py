"""The `--format json` report as types: the contract a script or a service can pin.

`Diagnostic.to_dict()` and `json_report.as_document()` are typed with these, so the type
checker holds the emitting code to them, and `schema/benchlint-report.schema.json` is
generated from them (`python -m benchlint.devtools.generate`; `benchlint schema --report`
prints it). Each field's docstring is its description in the schema.

Nothing imports this module at run time except the schema's generator: the emitting code
names these types only for the type checker (pydantic, which reads them, costs a start-up).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict  # pydantic reads only this one before Python 3.12

_EXACT = ConfigDict(use_attribute_docstrings=True, extra="forbid")

Count = Annotated[int, Field(ge=0)]
Severity = Literal["error", "warning", "info"]


@with_config(_EXACT)
class Position(TypedDict):
    """A place in a file."""

    line: Annotated[int, Field(ge=1)]
    """1-based line number."""
    column: Annotated[int, Field(ge=1)]
    """1-based column, counting Unicode code points."""


@with_config(_EXACT)
class Range(TypedDict):
    """A span of a file; `end` is exclusive."""

    start: Position
    """Where the span starts."""
    end: Position
    """Just after where it ends."""


@with_config(_EXACT)
class Related(TypedDict):
    """Another place involved in a finding."""

    message: str
    """What this place has to do with the finding."""
    range: Range
    """Where it is, in the same file."""


@with_config(_EXACT)
class Edit(TypedDict):
    """Replace a range of the original text."""

    range: Range
    """The span of the original text to replace (empty to insert)."""
    new_text: str
    """What replaces it (empty to delete)."""


@with_config(_EXACT)
class Fix(TypedDict):
    """A change that resolves the finding."""

    title: str
    """What the fix does, in a few words."""
    applicability: Literal["safe", "unsafe"]
    """`safe`: `--fix` applies it. `unsafe`: it changes what the run does; `--unsafe-fixes`
    applies it."""
    edits: list[Edit]
    """Edits of the original text; they never overlap."""


@with_config(_EXACT)
class DiagnosticEntry(TypedDict):
    """One finding of one rule (also what `Diagnostic.to_dict()` returns)."""

    code: Annotated[str, Field(pattern=r"^BL[0-9]{3}$")]
    """The rule's code: stable, never reused."""
    name: Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
    """The rule's name, in kebab-case."""
    severity: Severity
    """After settings (`severity` overrides, profile)."""
    message: str
    """What is wrong, in TOML words. A value that may be a credential is masked."""
    range: Range
    """Where; a file-level finding points at line 1."""
    key: str | None
    """The config path of the offending item (`agents[1].model.api_key_secret`), keys quoted
    as TOML quotes them when they are not bare; null for a file-level finding."""
    related: list[Related]
    """Other places involved, possibly none."""
    fix: Fix | None
    """A fix, or null."""
    url: str
    """The rule's documentation page."""


@with_config(_EXACT)
class FileEntry(TypedDict):
    """One file the run checked."""

    path: str
    """As given on the command line (joined to the folder it was found in; for standard input,
    `--stdin-filename` or `-`). Bytes that are not UTF-8 are shown as backslash escapes."""
    diagnostics: list[DiagnosticEntry]
    """Sorted by position, then code; empty when the file is clean."""


@with_config(_EXACT)
class FailureEntry(TypedDict):
    """A path the run could not read, or a fixed file it could not write."""

    path: str
    """As given (or found), written as `files[].path` is."""
    kind: Literal["read", "write"]
    """`read`: the path was not checked. `write`: the file was checked, its fixes not
    written."""
    reason: str
    """Why, in a few words (`permission denied`)."""


@with_config(_EXACT)
class Tool(TypedDict):
    """What produced the report."""

    name: Literal["benchlint"]
    """Always `benchlint`."""
    version: str
    """benchlint's version."""
    profile: str
    """The profile the run used (a CLI release it mirrors, or `docs`)."""


@with_config(_EXACT)
class Summary(TypedDict):
    """Counts over the whole run."""

    files: Count
    """Files checked."""
    errors: Count
    """Diagnostics of severity error."""
    warnings: Count
    """Diagnostics of severity warning."""
    infos: Count
    """Diagnostics of severity info."""
    fixable: Count
    """Diagnostics that carry a fix, safe or unsafe."""
    failures: Count
    """Paths that could not be read and fixed files that could not be written: a run with
    any is not clean, whatever the other counts say."""


@with_config(_EXACT)
class Report(TypedDict):
    """What `benchlint check --format json` prints."""

    version: Literal[1]
    """The format's version. Fields may be added within a version; none is removed or
    changes meaning."""
    tool: Tool
    """What produced the report."""
    files: list[FileEntry]
    """Every file checked, in the order checked."""
    failures: list[FailureEntry]
    """What the run could not read or write, in the order met; empty when none."""
    summary: Summary
    """Counts over the whole run."""


# -- `benchlint plan --format json` ------------------------------------------------------------
@with_config(_EXACT)
class PlanCount(TypedDict):
    """A number known exactly (`low` = `high`) or only to lie in a range."""

    low: Count
    """The least it can be."""
    high: Count
    """The most it can be."""


@with_config(_EXACT)
class PlanBenchmark(TypedDict):
    """The benchmark the run names."""

    value: str | None
    """As written in `[experiment].benchmark` (null when missing)."""
    key: str | None
    """The catalog's key for it; null when the catalog does not know it."""
    name: str | None
    """The catalog's name for it."""


@with_config(_EXACT)
class PlanTasks(TypedDict):
    """Which tasks run."""

    selection: Literal["full", "task_set", "task_names", "categories", "task_names_and_categories"]
    """What selects them (a task set wins over the filters, as on the Platform)."""
    description: str
    """In words: `the full benchmark`, `task set "parity"`, `3 task names`."""
    count: PlanCount | None
    """How many tasks; null when the catalog does not say."""


@with_config(_EXACT)
class PlanAgent(TypedDict):
    """One agent."""

    harness: str | None
    """Null: the benchmark's official scaffold."""
    model: str | None
    """The model (`openai/gpt-5.2`; a hosted LoRA as `name (LoRA on base)`)."""
    label: str
    """`harness · model`."""


@with_config(_EXACT)
class PlanSetting(TypedDict):
    """An execution setting."""

    value: Annotated[int, Field(ge=1)] | None
    """Its value; null when the config's value is not valid."""
    default: bool
    """Whether it is the Platform's default (the config does not set it)."""


@with_config(_EXACT)
class PlanJudge(TypedDict):
    """The LLM judge or pinned grader."""

    model: str | None
    """The judge's model; null when it is the benchmark's and the catalog does not name it."""
    model_source: Literal["config", "benchmark default", "pinned"]
    """Where the model comes from (`pinned`: the grader's model is fixed)."""
    api_key_secret: str | None
    """The secret record holding the judge's key; null when missing."""


@with_config(_EXACT)
class PlanSecret(TypedDict):
    """A secret record the run needs."""

    name: str
    """The record's name."""
    used_by: Literal["model", "harness", "judge", "verifier", "secrets", "benchmark"]
    """What reads it (`benchmark`: an implicit requirement of the benchmark)."""
    per_run: bool
    """Listed in `[secrets].required`: its value may be supplied at submit."""
    stored: bool | None
    """Whether the workspace holds it; null when its records are not loaded."""
    scopes: list[str]
    """The scopes that hold it (`workspace`, `personal`)."""


@with_config(_EXACT)
class PlanLeaderboard(TypedDict):
    """Whether the run can rank."""

    eligible: bool | None
    """Null: unknown."""
    reason: str
    """Why."""


@with_config(_EXACT)
class Plan(TypedDict):
    """What one run will do (also what `benchlint.plan_text(...).to_dict()` returns)."""

    benchmark: PlanBenchmark
    """The benchmark."""
    tasks: PlanTasks
    """The task selection."""
    agents: list[PlanAgent]
    """The agents, in order."""
    attempts_per_task: PlanSetting
    """Independent tries per task (default 1)."""
    max_concurrent_attempts: PlanSetting
    """Attempts run at once (default 4)."""
    judge: PlanJudge | None
    """Null when the benchmark has no judge and the config names none."""
    total_attempts: PlanCount | None
    """Tasks × agents × attempts per task; null when the number of tasks is not known."""
    arithmetic: str
    """The same, in words: `235 tasks × 2 agents × 3 attempts = 1,410 attempts`."""
    secrets: list[PlanSecret]
    """Every secret record the run needs, in the CLI's order, implicit ones last."""
    leaderboard: PlanLeaderboard
    """Whether it can rank."""
    summary: str
    """One line: `HLE · parity · 2 agents × 3 attempts = 1,410 attempts`."""


@with_config(_EXACT)
class PlanFile(TypedDict):
    """One config and its plan."""

    path: str
    """As given, written as `files[].path` of the check report is."""
    plan: Plan
    """What the run will do, as far as the config says."""
    errors: Count
    """Errors `benchlint check` reports in the config: with any, submit fails."""
    warnings: Count
    """Warnings it reports."""


@with_config(_EXACT)
class PlanReport(TypedDict):
    """What `benchlint plan --format json` prints."""

    version: Literal[1]
    """The format's version, as the check report's."""
    tool: Tool
    """What produced the report."""
    plans: list[PlanFile]
    """Every config planned, in the order given."""
    failures: list[FailureEntry]
    """Paths that could not be read."""
