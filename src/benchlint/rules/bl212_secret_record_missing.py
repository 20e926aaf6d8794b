"""## What it does
When the workspace's secret records are known (a saved `osmosis --json secret list` loaded
with `--secrets-list FILE` or `secrets-list` in the settings, or records given to the Python
API), reports a secret reference that no record holds, in the workspace or the personal scope,
and suggests the closest stored name (never for a harness credential: `cursor-cli` and
`mini-swe-agent` read one fixed variable, so only a record of that name will do). Model,
harness, judge and verifier references, and a benchmark's implicit requirements (HLE's
`HF_TOKEN`), must already be stored: an error. A
`[secrets].required` name may be supplied at submit instead (`--secrets-file`, the
environment, a prompt): an info. Without known records, nothing is reported. Only the first
20 different missing names of a file (in the order submit reads them) get a "did you mean"
(and its fix); others are reported without one (each suggestion searches every stored name).

## Why is this bad?
It is the most common reason a submit fails after the config looks fine: `osmosis benchmark
submit` looks every reference up before it starts the run, and stops at the first missing
one ("Could not find secret(s): OPENAI_APIKEY"). A record name off by one character is easy
to miss, and costs a round trip with the Platform.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.diagnostic import Fix
from ..core.paths import key_label
from ..core.regex import lazy_regex
from ..core.toml_syntax import toml_string
from ..domain.constants import SECRET_NAME_PATTERN
from ..domain.secret_records import SecretRecords
from ..lint.context import Context, SecretReference
from ..lint.rule import Anchor, Finding, Rule
from ..parsing.edits import replace_value
from .wording import Suggestions

_NAME = lazy_regex(SECRET_NAME_PATTERN)


def check(ctx: Context) -> Iterator[Finding]:
    records = ctx.settings.secret_records
    if records is None:
        return
    suggestions = Suggestions(records.names)  # for the first misses of the file only
    per_run = {ref.value for ref in ctx.secret_references if ref.kind == "secrets"}
    for ref in ctx.secret_references:
        if ref.value in records or not _NAME.fullmatch(ref.value):
            continue  # stored, or not a record name at all (BL201, BL202)
        fixed = _fixed_name(ctx, ref)
        if fixed is not None:
            if ref.value == fixed:  # never another record: the harness reads this name only
                yield _missing_fixed(ref, records)
            continue  # not the name the harness reads: BL303 replaces it with that name
        if ref.kind == "secrets":
            yield _missing(ctx, ref, records, suggestions, per_run=True)
        elif ref.value not in per_run:
            yield _missing(ctx, ref, records, suggestions, per_run=False)
    entry = ctx.catalog_entry
    if entry is None:
        return
    for name in entry.required_secret_names:  # read by the Platform: never supplied per run
        if name not in records:
            yield Finding(
                f"{entry.name} reads a secret record named {name}, which neither the workspace "
                f"nor the personal scope holds: submit fails until it is stored "
                f"(`osmosis secret set {name}`)",
                Anchor.value(("experiment", "benchmark")),
            )


def _fixed_name(ctx: Context, ref: SecretReference) -> str | None:
    """The one variable the agent's harness reads, for a harness credential."""
    if ref.kind != "harness":
        return None
    harness = ctx.value_at((*ref.path[:-1], "harness"))
    return ctx.profile.harness_secret_variable(harness if isinstance(harness, str) else None)


def _missing_fixed(ref: SecretReference, records: SecretRecords) -> Finding:
    elsewhere = records.unreadable_scopes(ref.value)
    where = (
        f" (the list holds it with {' and '.join(elsewhere)}, which submit does not read)"
        if elsewhere
        else ""
    )
    return Finding(
        f"no secret record {ref.value} in the workspace (workspace or personal scope), which "
        f"{key_label(ref.path)} references{where}: the harness reads this variable only, so no "
        f"other record will do; store its key with `osmosis secret set {ref.value}`",
        Anchor.value(ref.path),
    )


def _missing(
    ctx: Context,
    ref: SecretReference,
    records: SecretRecords,
    suggestions: Suggestions,
    *,
    per_run: bool,
) -> Finding:
    match = suggestions.closest(ref.value)
    hint = f'; did you mean "{match}"?' if match else ""
    elsewhere = records.unreadable_scopes(ref.value)
    if elsewhere:  # submit reads the workspace and personal scopes only
        hint = (
            f" (the list holds it with {' and '.join(elsewhere)}, which submit does not read){hint}"
        )
    if per_run:
        return Finding(
            f"{ref.value} ({key_label(ref.path)}) is not a stored secret record: supply it at "
            f"submit (`--secrets-file`, the environment or a prompt), or store it with "
            f"`osmosis secret set {ref.value}`{hint}",
            Anchor.value(ref.path),
            severity="info",
        )
    fix = None
    if match:
        edit = replace_value(ctx.document, ref.path, toml_string(match))
        fix = Fix(f'Reference "{match}" instead', "unsafe", (edit,)) if edit else None
    return Finding(
        f"no secret record {ref.value} in the workspace (workspace or personal scope), which "
        f"{key_label(ref.path)} references: submit fails until it is stored{hint}",
        Anchor.value(ref.path),
        fix=fix,
    )


_CONFIG = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "{name}"
"""

RULE = Rule(
    code="BL212",
    name="secret-record-missing",
    severity="error",
    doc=__doc__ or "",
    check=check,
    fix="Replace the reference with the single close stored name (unsafe: check that it is "
    "the record you meant).",
    example_secrets=("OPENAI_API_KEY", "ANTHROPIC_API_KEY"),
    bad=_CONFIG.format(name="OPENAI_APIKEY"),
    good=_CONFIG.format(name="OPENAI_API_KEY"),
)
