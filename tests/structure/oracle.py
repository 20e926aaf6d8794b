"""pydantic as the oracle: its errors for some data, next to the interpreter's, made comparable."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import ValidationError

from benchlint.domain.models import BenchmarkConfig
from benchlint.structure import validate as structure_check
from benchlint.structure.issues import issue_from_error


def pydantic_errors(data: Any) -> list[dict[str, Any]]:
    try:
        BenchmarkConfig.model_validate(data)
    except ValidationError as error:
        return [dict(e) for e in error.errors(include_url=False)]
    return []


def _text(value: Any) -> str:
    # repr tells 1 from True and 0.0 from -0.0, and equals itself for NaN.
    return repr(value)


def _raw(error: dict[str, Any]) -> tuple[str, ...]:
    context = sorted((key, _text(value)) for key, value in (error.get("ctx") or {}).items())
    return (error["type"], _text(tuple(error["loc"])), _text(error["input"]), _text(context))


def _issue(error: dict[str, Any]) -> tuple[str, ...]:
    issue = issue_from_error(error)
    context = sorted((key, _text(value)) for key, value in issue.context.items())
    return (issue.kind, _text(issue.path), _text(issue.input), str(issue.on_key), _text(context))


def differences(data: Any) -> str | None:
    """None when the interpreter reports what pydantic reports; else both multisets."""
    expected, actual = pydantic_errors(data), structure_check.errors(data)
    for view in (_raw, _issue):
        want, got = Counter(map(view, expected)), Counter(map(view, actual))
        if want != got:
            return (
                f"{view.__name__} differs\n  data: {data!r}\n"
                f"  only pydantic: {sorted((want - got).elements())}\n"
                f"  only interpreter: {sorted((got - want).elements())}"
            )
    return None
