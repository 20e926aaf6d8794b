"""Every structural issue has exactly one owner.

From the generated spec, one violation of every constrained node is built on a config that has
every table (each type a value can be wrong in, each bound, literal set, length, pattern, key
name, count, missing and unknown key), and each must produce exactly one diagnostic among the
structural rules: from the rule the owner table names, on that value, in TOML words. A key
added to the models is covered here with no test to write.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest

from benchlint import Settings, lint_text
from benchlint.core.paths import ConfigPath, dotted
from benchlint.core.text import LineIndex
from benchlint.core.toml_syntax import toml_key, toml_value
from benchlint.domain.constants import NON_BLANK_PATTERN, RESERVED_ENV_PREFIX
from benchlint.structure import owners
from benchlint.structure.generated_spec import SPEC
from benchlint.structure.issues import KINDS, Kind
from benchlint.structure.rust_regex import to_python
from benchlint.structure.spec import Node, unwrap

BASE: dict[str, Any] = {
    "experiment": {"benchmark": "acme/custom@1.0"},
    "tasks": {"task_set": "parity", "task_names": ["t-1"], "categories": ["c-1"]},
    "agents": [
        {
            "harness": "codex",
            "model": {"type": "provider", "model": "openai/gpt-5.2", "api_key_secret": "KEY_A"},
            "env": {"LOG_LEVEL": "debug"},
        },
        {
            "harness_api_key_secret": "CURSOR_API_KEY",
            "model": {
                "type": "endpoint",
                "base_url": "https://models.example.com/v1",
                "model": "m",
                "api_key_secret": "KEY_B",
                "extra_headers": {"X-Team": "eval"},
            },
        },
        {"model": {"type": "hosted", "base_model": "qwen", "lora_model_name": "lora-1"}},
    ],
    "execution": {
        "attempts_per_task": 2,
        "max_concurrent_attempts": 4,
        "timeout_multiplier": 1.5,
        "max_retries": 1,
        "pass_threshold": 0.5,
        "judge_model": "openai/gpt-5",
        "judge_api_key_secret": "JUDGE_KEY",
    },
    "verifier": {"required": ["VERIFIER_KEY"]},
    "secrets": {"required": ["EXTRA_KEY"]},
    "env": {"TZ": "UTC"},
}
STRUCTURAL = frozenset({*owners.DEFAULT_OWNERS.values(), *(row[2] for row in owners.OWNERS)})
SETTINGS = Settings(select=tuple(sorted(STRUCTURAL)))
# One value of each TOML type, for "wrong type" violations (a date reads 1979-05-27).
SAMPLES: dict[str, Any] = {
    "string": "x",
    "integer": 7,
    "float": 2.5,
    "boolean": True,
    "date": dt.date(1979, 5, 27),
    "array": [1, 2],
    "table": {"a": 1},
}
ACCEPTS = {  # spec kind → sample types it accepts
    "str": {"string"},
    "literal": {"string"},
    "int": {"integer"},
    "float": {"integer", "float"},
    "list": {"array"},
    "dict": {"table"},
    "model": {"table"},
    "tagged-union": {"table"},
    "any": set(SAMPLES),
}
PYTHON_REPRS = re.compile(r"datetime\.|\bTrue\b|\bFalse\b|\bNone\b|\['|\{'|\\x|\\u")


class Violation(NamedTuple):
    name: str
    kind: Kind
    path: ConfigPath  # where the problem is (the missing or unknown key itself)
    data: dict[str, Any]
    shown: str | None  # the TOML text the diagnostic's range must cover, when it is a value


def _set(data: dict[str, Any], path: ConfigPath, value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    target: Any = changed
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return changed


def _delete(data: dict[str, Any], path: ConfigPath) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    target: Any = changed
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]
    return changed


def _rename_key(data: dict[str, Any], path: ConfigPath, new: str) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    target: Any = changed
    for step in path[:-1]:
        target = target[step]
    target[new] = target.pop(path[-1])
    return changed


def _value_at(data: Any, path: ConfigPath) -> Any:
    for step in path:
        data = data[step]
    return data


def _failing_string(node: Node) -> str | None:
    """A string that breaks the node's pattern but keeps its lengths."""
    pattern = re.compile(to_python(node["pattern"]))
    for candidate in (" ", "a b", "lower", "9X", "X!", "A\n"):
        fits = len(candidate) >= node.get("min_length", 0) and len(candidate) <= node.get(
            "max_length", 10**6
        )
        if fits and pattern.search(candidate) is None:
            return candidate
    return None


def _violations_of(node: Node, path: ConfigPath, data: dict[str, Any]) -> Iterator[Violation]:
    node = unwrap(node)
    kind = node["kind"]
    here = dotted(path)
    for sample, value in SAMPLES.items():
        if sample not in ACCEPTS[kind]:
            yield Violation(f"{here}: {sample}", "type", path, _set(data, path, value), None)
    if kind in ("int", "float"):
        bad_bounds = {"ge": -1, "gt": 0, "le": 1, "lt": 0}
        for bound, offset in bad_bounds.items():
            if bound in node:
                value = node[bound] + offset
                value = float(value) if kind == "float" else value
                yield Violation(f"{here}: {bound}", "range", path, _set(data, path, value), None)
        if kind == "float" and not node["allow_inf_nan"]:
            yield Violation(f"{here}: inf", "range", path, _set(data, path, float("inf")), None)
    elif kind == "literal":
        yield Violation(f"{here}: literal", "allowed", path, _set(data, path, "zz-nope"), None)
    elif kind == "str":
        if node.get("min_length") == 1:
            yield Violation(f"{here}: empty", "blank", path, _set(data, path, ""), None)
        if node.get("max_length") is not None:
            long = "A" * (node["max_length"] + 1)
            yield Violation(f"{here}: length", "length", path, _set(data, path, long), None)
        if "pattern" in node:
            failing = _failing_string(node)
            assert failing is not None, f"no failing string for {node['pattern']} at {here}"
            kind_of: Kind = "blank" if node["pattern"] == NON_BLANK_PATTERN else "pattern"
            yield Violation(f"{here}: pattern", kind_of, path, _set(data, path, failing), None)
    elif kind == "list":
        items = _value_at(data, path)
        if node.get("max_length") is not None:
            longer = items + [copy.deepcopy(items[0])] * (node["max_length"] + 1 - len(items))
            yield Violation(f"{here}: too long", "count", path, _set(data, path, longer), None)
        if node.get("min_length"):
            yield Violation(f"{here}: too short", "count", path, _set(data, path, []), None)
        yield from _violations_of(node["items"], (*path, 0), data)
    elif kind == "dict":
        table = _value_at(data, path)
        key = next(iter(table))
        keys = unwrap(node["keys"])
        if "pattern" in keys:
            bad = "bad-name"
            yield Violation(
                f"{here}: key", "name", (*path, bad), _rename_key(data, (*path, key), bad), None
            )
        if node["keys"]["kind"] == "after":
            bad = RESERVED_ENV_PREFIX + "X"
            yield Violation(
                f"{here}: reserved key",
                "name",
                (*path, bad),
                _rename_key(data, (*path, key), bad),
                None,
            )
        yield from _violations_of(node["values"], (*path, key), data)
    elif kind == "model":
        yield from _model_violations(node["name"], path, data)
    elif kind == "tagged-union":
        tag_path = (*path, node["discriminator"])
        yield Violation(f"{here}: tag", "allowed", tag_path, _set(data, tag_path, "zz-nope"), None)
        yield Violation(f"{here}: tag type", "type", tag_path, _set(data, tag_path, 3), None)
        yield Violation(f"{here}: no tag", "missing", tag_path, _delete(data, tag_path), None)
        tag = _value_at(data, tag_path)
        yield from _violations_of(node["choices"][tag], path, data)


def _model_violations(name: str, path: ConfigPath, data: dict[str, Any]) -> Iterator[Violation]:
    model = SPEC["models"][name]
    here = dotted(path) or "the top level"
    yield Violation(
        f"{here}: unknown",
        "unknown",
        (*path, "zz_unknown"),
        _set(data, (*path, "zz_unknown"), 1),
        None,
    )
    table = _value_at(data, path)
    for key, field in model["fields"].items():
        if key not in table:
            continue
        if field["required"]:
            yield Violation(
                f"{here}.{key}: missing", "missing", (*path, key), _delete(data, (*path, key)), None
            )
        if unwrap(field["schema"])["kind"] == "literal" and key == "type" and len(path) == 3:
            continue  # a variant's own tag: the union's violations cover it
        yield from _violations_of(field["schema"], (*path, key), data)


def _all_violations() -> list[Violation]:
    found: list[Violation] = []
    for violation in _model_violations(SPEC["root"]["name"], (), BASE):
        value = violation.data
        shown = None
        if violation.kind not in ("missing", "unknown", "name", "count"):
            shown = toml_value(_value_at(value, violation.path))
        found.append(violation._replace(shown=shown))
    return found


VIOLATIONS = _all_violations()


def _toml(data: dict[str, Any]) -> str:
    """The config as top-level keys with inline values (valid TOML 1.0)."""
    return "".join(f"{toml_key(key)} = {toml_value(value)}\n" for key, value in data.items())


def test_the_base_config_is_clean() -> None:
    assert lint_text(_toml(BASE), path="configs/benchmark/a.toml", settings=SETTINGS) == []


def test_every_kind_of_issue_is_built() -> None:
    assert {v.kind for v in VIOLATIONS} == set(KINDS) - {"invalid"}  # no value validators yet


@pytest.mark.parametrize("violation", VIOLATIONS, ids=lambda v: v.name)
def test_each_violation_has_exactly_one_owner(violation: Violation) -> None:
    text = _toml(violation.data)
    diagnostics = lint_text(text, path="configs/benchmark/a.toml", settings=SETTINGS)
    expected = owners._owner(violation.kind, owners._shape(violation.path))
    assert [d.code for d in diagnostics] == [expected], (text, diagnostics)
    (diagnostic,) = diagnostics
    assert diagnostic.key == dotted(violation.path) or violation.kind in ("count", "missing")
    lines = LineIndex(text)
    covered = text[lines.offset(diagnostic.range.start) : lines.offset(diagnostic.range.end)]
    if violation.shown is not None:
        assert covered == violation.shown
    elif violation.kind in ("unknown", "name"):
        assert covered == toml_key(str(violation.path[-1]))
    assert not PYTHON_REPRS.search(diagnostic.message), diagnostic.message
    if violation.kind == "type" and violation.name.endswith(": date"):
        assert "1979-05-27" in diagnostic.message


@pytest.mark.parametrize(
    ("kind", "path", "code"),
    [
        ("type", ("tasks", "task_set"), "BL103"),
        ("type", ("execution", "attempts_per_task"), "BL106"),
        ("type", ("execution", "judge_api_key_secret"), "BL103"),
        ("pattern", ("agents", 3, "model", "api_key_secret"), "BL201"),
        ("pattern", ("secrets", "required", 0), "BL201"),
        ("pattern", ("experiment", "benchmark"), "BL104"),
        ("range", ("execution", "seed"), "BL106"),  # a key the models may gain
        ("name", ("env", "x-y"), "BL108"),
    ],
)
def test_owner_table(kind: Kind, path: ConfigPath, code: str) -> None:
    assert owners._owner(kind, owners._shape(path)) == code


def test_path_patterns() -> None:
    assert owners.matches("agents[].model.api_key_secret", ("agents", 3, "model", "api_key_secret"))
    assert not owners.matches(
        "agents[].model.api_key_secret", ("agents", "x", "model", "api_key_secret")
    )
    assert owners.matches("execution.*", ("execution", "seed"))
    assert not owners.matches("execution.*", ("execution", 0))
    assert not owners.matches("execution.*", ("execution", "a", "b"))
