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
