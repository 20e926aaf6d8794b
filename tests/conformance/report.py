"""Readable counterexamples: the config, the loader's verdict, benchlint's findings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .corpus import Case
from .linting import Linted
from .oracle import Verdict

MAX_SHOWN = 12
MAX_LINES = 40


@dataclass(frozen=True, slots=True)
class Counterexample:
    case: Case
    verdict: Verdict
    linted: Linted


def describe(
    title: str,
    found: Sequence[Counterexample],
    signature: Callable[[Counterexample], str] = lambda example: example.case.kind,
) -> str:
    """The shortest counterexample of each signature (by default the mutation kind) first,
    then the next shortest of each, up to a cap: distinct problems show before repeats."""
    groups: dict[str, list[Counterexample]] = {}
    for example in sorted(found, key=lambda e: len(e.case.content)):
        groups.setdefault(signature(example), []).append(example)
    ordered = [
        group[rank] for rank in range(len(found)) for group in groups.values() if rank < len(group)
    ]
    counts = "; ".join(f"{name}: {len(group)}" for name, group in sorted(groups.items()))
    parts = [f"{title}: {len(found)} counterexample(s) ({counts})"]
    parts += [_one(example) for example in ordered[:MAX_SHOWN]]
    if len(found) > MAX_SHOWN:
        parts.append(f"... and {len(found) - MAX_SHOWN} more")
    return "\n\n".join(parts)


def _one(example: Counterexample) -> str:
    case, verdict = example.case, example.verdict
    lines = case.text.splitlines() or [""]
    if len(lines) > MAX_LINES:
        lines = [*lines[:MAX_LINES], f"... ({len(lines) - MAX_LINES} more lines)"]
    body = "\n".join(f"    | {line}" for line in lines)
    loader = "accepts" if verdict.accepted else f"rejects: {verdict.error}: {verdict.message}"
    findings = (
        "\n".join(
            f"    {d.code} {d.severity} {d.range.start.line}:{d.range.start.column} {d.message}"
            for d in example.linted.diagnostics
        )
        or f"    {example.linted.crash or '(none)'}"
    )
    return (
        f"--- case {case.number} [{case.kind}] {case.detail}\n{body}\n"
        f"  loader {loader}\n  benchlint:\n{findings}"
    )
