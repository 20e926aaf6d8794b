"""## What it does
Warns about a `# benchlint: ignore[...]` or `ignore-file[...]` comment that suppressed
nothing, naming the unused codes; also about suppression comments that name no code or an
unknown one.

## Why is this bad?
A stale suppression hides the next real finding of that code on that line, and reads as if
a problem were known and accepted when it is gone.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from types import MappingProxyType

from ..lint.rule import Finding, Rule
from ..lint.suppression import Suppression, is_code


def unused_suppressions(
    suppressions: list[Suppression],
    enabled: frozenset[str],
    known: Collection[str],
    suppressible: Collection[str],
    retired: Mapping[str, str] = MappingProxyType({}),
) -> Iterator[Finding]:
    """BL901 findings, called by the engine once every other rule has run; `known` is every
    rule code and `suppressible` those a comment can silence (the registry's, which this
    module cannot import: the registry imports it). A `retired` code (code → why) gets an
    info note, not a warning: a rule that retires must not fail anyone's CI."""
    for suppression in suppressions:
        if suppression.malformed:
            yield Finding(
                f"invalid suppression comment: {suppression.malformed}", suppression.range
            )
            continue
        gone = [c for c in suppression.codes if c in retired]
        if gone:
            reasons = "; ".join(f"{code} ({retired[code]})" for code in gone)
            yield Finding(
                f"retired rule{'s' if len(gone) > 1 else ''} {reasons}: nothing to silence, "
                "the code can go from this comment",
                suppression.range,
                severity="info",
            )
        unknown = [
            c for c in suppression.codes if c not in retired and (not is_code(c) or c not in known)
        ]
        fixed = [
            c
            for c in suppression.codes
            if c not in retired and c not in suppressible and is_code(c) and c in known
        ]
        # as sets for the test: a comment naming many codes made the lists' tests quadratic
        set_aside = {*unknown, *fixed}
        unused = [
            c
            for c in suppression.codes
            if c not in set_aside and c in enabled and c not in suppression.used
        ]
        parts = []
        if fixed:
            parts.append(
                f"{', '.join(fixed)} cannot be silenced by a comment (use `ignore` in the "
                "settings or --ignore)"
            )
        if unused:
            where = "in this file" if suppression.kind == "ignore-file" else "here"
            verb = "was" if len(unused) == 1 else "were"
            parts.append(f"{', '.join(unused)} {verb} not reported {where}")
        if unknown:
            parts.append(f"unknown rule code{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}")
        if parts:
            yield Finding(f"unused suppression: {'; '.join(parts)}", suppression.range)


RULE = Rule(
    code="BL901",
    name="unused-suppression",
    severity="warning",
    doc=__doc__ or "",
    bad="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"  # benchlint: ignore[BL403]

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
""",
    good="""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
""",
)
