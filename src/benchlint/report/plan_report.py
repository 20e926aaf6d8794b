"""`benchlint plan`: each run's plan as a table a person reads at a glance, or as JSON
(`core.contract.PlanReport`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.escapes import printable
from ..core.record import NamedTuple
from ..lint.plan import Plan, Secret
from ..secrets.redaction import rendered, shown_text
from . import RunInfo, one_line_name
from .json_text import json_text
from .text import failed

if TYPE_CHECKING:
    from ..core import contract


class PlannedFile(NamedTuple):
    path: str
    plan: Plan
    errors: int  # what `benchlint check` reports in the config
    warnings: int


def render_text(files: Sequence[PlannedFile], run: RunInfo) -> str:
    blocks = ["\n".join(_table(item)) for item in files]
    closing = [_summary(files)]
    if run.failures:
        closing.insert(0, failed(run))
    return "\n\n".join([*blocks, "; ".join(closing)]) + "\n"


def _table(item: PlannedFile) -> list[str]:
    table = rows(item.plan)
    if item.errors or item.warnings:
        table.append(("check", _problems(item)))
    # Every value holds the config's or the catalog's text: through the renderer.
    lines = [f"  {label:<12} {shown_text(value, one_value=True)}" for label, value in table]
    return [one_line_name(item.path), *lines]


def rows(plan: Plan) -> list[tuple[str, str]]:
    """The plan as (label, value) rows; a row with an empty label continues the one above."""
    rows: list[tuple[str, str]] = [("benchmark", _benchmark(plan)), ("tasks", _tasks(plan))]
    rows.append(("agents", str(len(plan.agents))))
    rows += [("", f"{number}. {agent.label}") for number, agent in enumerate(plan.agents, 1)]
    rows.append(("attempts", _attempts(plan)))
    if plan.judge is not None:
        rows.append(("judge", _judge(plan)))
    rows.append(("total", plan.arithmetic))
    rows.append(("secrets", ", ".join(_secret(plan, s) for s in plan.secrets) or "none"))
    rows.append(("leaderboard", _leaderboard(plan)))
    return rows


def _benchmark(plan: Plan) -> str:
    if plan.entry_name is None:
        written = plan.benchmark if plan.benchmark is not None else "missing"
        return f"{written} (not in the catalog)"
    return f"{plan.entry_name} ({plan.entry_key})"


def _tasks(plan: Plan) -> str:
    size = plan.tasks.size
    if plan.tasks.selection == "task_names":
        return plan.tasks.words  # the count is the names'
    if size is not None:
        return f"{plan.tasks.words}: {size} task{'' if size.exact and size.low == 1 else 's'}"
    hint = ""
    if plan.entry_key is not None and plan.tasks.selection in ("full", "task_set", "categories"):
        hint = f" (save `osmosis --json benchmark info {plan.entry_key}` and pass --catalog)"
    return f"{plan.tasks.words}: number of tasks unknown{hint}"


def _attempts(plan: Plan) -> str:
    def shown(value: int | None, default: bool) -> str:
        return ("invalid" if value is None else f"{value:,}") + (" (default)" if default else "")

    per_task = plan.attempts_per_task
    at_once = plan.max_concurrent_attempts
    return (
        f"{shown(per_task.value, per_task.default)} per task, at most "
        f"{shown(at_once.value, at_once.default)} at once"
    )


def _judge(plan: Plan) -> str:
    judge = plan.judge
    assert judge is not None
    if judge.model_source == "pinned":
        model = "the benchmark's pinned grader"
    elif judge.model_source == "config":
        model = str(judge.model)
    else:
        model = (
            f"{judge.model} (the benchmark's default)"
            if judge.model
            else "the benchmark's default model"
        )
    if judge.api_key_secret is None and not judge.key_needed:
        return f"{model}; no key needed"
    key = judge.api_key_secret or "missing: set judge_api_key_secret in [execution]"
    return f"{model}; key {key}"


_USES = {
    "model": "model",
    "harness": "harness",
    "judge": "judge",
    "verifier": "verifier",
    "secrets": "supplied at submit",
}


def _secret(plan: Plan, secret: Secret) -> str:
    use = _USES.get(secret.used_by) or f"{plan.entry_name or 'the benchmark'} requires it"
    if secret.stored is True:
        use += f"; stored: {' and '.join(secret.scopes) or 'yes'}"
    elif secret.stored is False:
        use += "; not stored" if not secret.per_run else "; not stored: supply it at submit"
    return f"{secret.name} ({use})"


def _leaderboard(plan: Plan) -> str:
    eligible = plan.leaderboard.eligible
    verdict = {True: "can rank", False: "cannot rank", None: "unknown"}[eligible]
    reason = plan.leaderboard.reason.removeprefix("unknown: ")
    return f"{verdict}: {reason}"


def _problems(item: PlannedFile) -> str:
    found = []
    if item.errors:
        found.append(f"{item.errors} error{'' if item.errors == 1 else 's'}")
    if item.warnings:
        found.append(f"{item.warnings} warning{'' if item.warnings == 1 else 's'}")
    one = item.errors + item.warnings == 1
    fate = f"; submit fails until {'it is' if one else 'they are'} fixed" if item.errors else ""
    return f"{', '.join(found)}: `benchlint check` shows {'it' if one else 'them'}{fate}"


def _summary(files: Sequence[PlannedFile]) -> str:
    count = len(files)
    planned = f"{count} config{'' if count == 1 else 's'} planned"
    totals = [item.plan.total_attempts for item in files]
    if not files or any(total is None for total in totals):
        return planned
    low = sum(total.low for total in totals if total is not None)
    high = sum(total.high for total in totals if total is not None)
    word = "attempt" if low == high == 1 else "attempts"
    return f"{planned}, {low:,}{'' if low == high else f'–{high:,}'} {word} in all"


def as_document(files: Sequence[PlannedFile], run: RunInfo) -> contract.PlanReport:
    return {
        "version": 1,
        "tool": {"name": "benchlint", "version": run.version, "profile": run.profile},
        "plans": [
            {
                "path": printable(item.path),
                "plan": rendered(item.plan.to_dict()),
                "errors": item.errors,
                "warnings": item.warnings,
            }
            for item in files
        ],
        "failures": [
            {"path": printable(failure.path), "kind": failure.kind, "reason": failure.reason}
            for failure in run.failures
        ],
    }


def render_json(files: Sequence[PlannedFile], run: RunInfo) -> str:
    return json_text(as_document(files, run))
