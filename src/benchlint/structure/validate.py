"""Validating `tomllib` values against the generated structure spec, as pydantic would.

`errors(data)` returns what `BenchmarkConfig.model_validate(data)` would put in
`ValidationError.errors()`: the same error types, locations, inputs and contexts (the order
may differ), without importing pydantic. The semantics copied here are pydantic's strict mode:

- a bool is not an int; a float accepts an int (not a bool; one too large for a float is a
  `float_type`); non-finite floats fail first when the model disallows them;
- a string's length is checked before its pattern, and only the first failure is reported;
- a list longer than its maximum reports only `too_long`; a list whose items fail reports
  only the item errors, `too_short` only when they pass;
- a table key error is located at `(key, "[key]")`; an after-validator runs only on a key
  that passed its own checks;
- a tagged union reports `model_attributes_type` for a non-table, `union_tag_not_found`
  without the tag, `union_tag_invalid` for a tag that is not one of the choices (whatever
  its type; the context holds `str(tag)`), and locates the chosen model's errors under the tag.

The domain is what `tomllib` returns: tables with string keys, lists, strings without lone
surrogates, ints, floats, bools, dates and times. `tests/structure` checks all of this against
pydantic itself.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from ..domain.constants import VALIDATORS
from .generated_spec import SPEC
from .rust_regex import to_python

Loc = tuple[str | int, ...]
Error = dict[str, Any]
# A check gets the value, where its parent is and its own key or index there (None for the
# root), so that locations are built only for errors and containers, not for every scalar.
# It appends the value's errors and returns True when it added none.
Step = str | int | None
Check = Callable[[Any, Loc, Step, list[Error]], bool]
Node = dict[str, Any]
_KEY = ("[key]",)  # pydantic's location suffix for a table key's own errors


def errors(data: Any) -> list[Error]:
    """pydantic's `ValidationError.errors()` for `data`, or [] when it is valid."""
    found: list[Error] = []
    _ROOT(data, (), None, found)
    return found


def _at(parent: Loc, step: Step) -> Loc:
    return parent if step is None else (*parent, step)


def _error(found: list[Error], kind: str, loc: Loc, value: Any, ctx: Any = None) -> bool:
    found.append({"type": kind, "loc": loc, "input": value, "ctx": ctx})
    return False


class _Compiler:
    """Turns spec nodes into checks once, at import, so validating is only calls."""

    def __init__(self, spec: Node) -> None:
        self.models: dict[str, Check | None] = {}
        self.spec_models: dict[str, Node] = spec["models"]

    def compile(self, node: Node) -> Check:
        build: Callable[[Node], Check] = getattr(self, "_" + node["kind"].replace("-", "_"))
        return build(node)

    def _model(self, node: Node) -> Check:
        name = node["name"]
        models = self.models
        if name not in models:
            models[name] = None  # being compiled: a model that holds itself looks it up
            models[name] = _model_check(self, self.spec_models[name])
        compiled = models[name]
        if compiled is not None:  # the usual case: no call through the table
            return compiled

        def through_table(value: Any, parent: Loc, step: Step, found: list[Error]) -> bool:
            compiled = models[name]
            assert compiled is not None  # compiled by the time anything is validated
            return compiled(value, parent, step, found)

        return through_table

    def _any(self, node: Node) -> Check:
        return lambda value, parent, step, found: True

    def _nullable(self, node: Node) -> Check:
        inner = self.compile(node["schema"])
        return lambda value, parent, step, found: value is None or inner(value, parent, step, found)

    def _str(self, node: Node) -> Check:
        return _str_check(node)

    def _after(self, node: Node) -> Check:
        return _str_check(node["schema"], VALIDATORS[node["validator"]])

    def _int(self, node: Node) -> Check:
        return _number_check(node, _as_int)

    def _float(self, node: Node) -> Check:
        return _number_check(node, _as_float)

    def _literal(self, node: Node) -> Check:
        expected = frozenset(node["expected"])
        context = node["context"]

        def check(value: Any, parent: Loc, step: Step, found: list[Error]) -> bool:
            if type(value) is str and value in expected:
                return True
            return _error(found, "literal_error", _at(parent, step), value, dict(context))

        return check

    def _list(self, node: Node) -> Check:
        items = self.compile(node["items"])
        shortest, longest = node.get("min_length"), node.get("max_length")

        def check(value: Any, parent: Loc, step: Step, found: list[Error]) -> bool:
            if type(value) is not list:
                return _error(found, "list_type", _at(parent, step), value)
            size = len(value)
            here = _at(parent, step)
            if longest is not None and size > longest:
                context = {"field_type": "List", "max_length": longest, "actual_length": size}
                return _error(found, "too_long", here, value, context)
            passed = True
            for index, item in enumerate(value):
                passed = items(item, here, index, found) and passed
            if passed and shortest is not None and size < shortest:
                context = {"field_type": "List", "min_length": shortest, "actual_length": size}
                return _error(found, "too_short", here, value, context)
            return passed

        return check

    def _dict(self, node: Node) -> Check:
        keys, values = _key_check(node["keys"]), self.compile(node["values"])

        def check(value: Any, parent: Loc, step: Step, found: list[Error]) -> bool:
            if type(value) is not dict:
                return _error(found, "dict_type", _at(parent, step), value)
            here = _at(parent, step)
            passed = True
            for key, item in value.items():
                passed = keys(key, here, key, found) and passed
                passed = values(item, here, key, found) and passed
            return passed

        return check

    def _tagged_union(self, node: Node) -> Check:
        discriminator = node["discriminator"]
        choices = {tag: self.compile(choice) for tag, choice in node["choices"].items()}
        invalid, not_found = node["invalid_context"], node["not_found_context"]

        def check(value: Any, parent: Loc, step: Step, found: list[Error]) -> bool:
            here = _at(parent, step)
            if type(value) is not dict:
                return _error(found, "model_attributes_type", here, value)
            if discriminator not in value:
                return _error(found, "union_tag_not_found", here, value, dict(not_found))
            tag = value[discriminator]
            choice = choices.get(tag) if type(tag) is str else None
            if choice is None:
                context = dict(invalid)
                context["tag"] = _tag_text(tag)
                return _error(found, "union_tag_invalid", here, value, context)
            return choice(value, here, tag, found)  # pydantic locates its errors under the tag

        return check


def _model_check(compiler: _Compiler, model: Node) -> Check:
    class_name = model["class_name"]
    fields: dict[str, Check] = {}
    required: list[str] = []
    nullable: set[str] = set()  # checked here, not by a wrapping call per value
    for key, field in model["fields"].items():
        schema = field["schema"]
        if schema["kind"] == "nullable":
            nullable.add(key)
            schema = schema["schema"]
        fields[key] = compiler.compile(schema)
        if field["required"]:
            required.append(key)
    field_check = fields.get

    def check(value: Any, parent: Loc, step: Step, found: list[Error]) -> bool:
        here = _at(parent, step)
        if type(value) is not dict:
            return _error(found, "model_type", here, value, {"class_name": class_name})
        passed = True
        # The table's own keys, not every field of the model: a config sets few of them.
        for key, item in value.items():
            checked = field_check(key)
            if checked is None:
                passed = _error(found, "extra_forbidden", (*here, key), item)
            elif item is None and key in nullable:
                continue
            elif not checked(item, here, key, found):
                passed = False
        for key in required:
            if key not in value:
                passed = _error(found, "missing", (*here, key), value)
        return passed

    return check


def _key_check(node: Node) -> Check:
    """A table key's check: its errors are located at `(..., key, "[key]")`."""
    if node["kind"] == "after":
        return _str_check(node["schema"], VALIDATORS[node["validator"]], _KEY)
    return _str_check(node, suffix=_KEY)


def _str_check(
    node: Node, validator: Callable[[str], str] | None = None, suffix: Loc = ()
) -> Check:
    """A string's check; `validator` runs once the string passed, as an after-validator."""
    shortest, longest = node.get("min_length"), node.get("max_length")
    pattern = node.get("pattern")
    search = re.compile(to_python(pattern)).search if pattern is not None else None

    def check(value: Any, parent: Loc, step: Step, found: list[Error]) -> bool:
        context: dict[str, Any] | None = None
        if type(value) is not str:
            kind = "string_type"
        elif shortest is not None and len(value) < shortest:
            kind, context = "string_too_short", {"min_length": shortest}
        elif longest is not None and len(value) > longest:
            kind, context = "string_too_long", {"max_length": longest}
        elif search is not None and search(value) is None:
            kind, context = "string_pattern_mismatch", {"pattern": pattern}
        elif validator is None:
            return True
        else:
            try:
                validator(value)
                return True
            except ValueError as error:  # kept without its traceback, which holds this frame
                kind, context = "value_error", {"error": error.with_traceback(None)}
        return _error(found, kind, (*_at(parent, step), *suffix), value, context)

    return check


def _as_int(value: Any, node: Node) -> tuple[Any, str | None]:
    return (value, None) if type(value) is int else (None, "int_type")


def _as_float(value: Any, node: Node) -> tuple[Any, str | None]:
    if type(value) is float:
        number = value
    elif type(value) is int:
        try:
            number = float(value)
        except OverflowError:  # too large for a float: pydantic says float_type too
            return None, "float_type"
    else:
        return None, "float_type"
    if not node["allow_inf_nan"] and not math.isfinite(number):
        return None, "finite_number"
    return number, None


# pydantic's order and error names; only the first failing bound is reported. Written as
# "not within" so that NaN (when allowed) fails every bound, as it does in pydantic.
_BOUNDS: tuple[tuple[str, str, Callable[[Any, Any], bool]], ...] = (
    ("le", "less_than_equal", lambda number, bound: number <= bound),
    ("lt", "less_than", lambda number, bound: number < bound),
    ("ge", "greater_than_equal", lambda number, bound: number >= bound),
    ("gt", "greater_than", lambda number, bound: number > bound),
)


def _number_check(node: Node, convert: Callable[[Any, Node], tuple[Any, str | None]]) -> Check:
    bounds = [(key, kind, within, node[key]) for key, kind, within in _BOUNDS if key in node]

    def check(value: Any, parent: Loc, step: Step, found: list[Error]) -> bool:
        number, problem = convert(value, node)
        if problem is not None:
            return _error(found, problem, _at(parent, step), value)
        for key, kind, within, bound in bounds:
            if not within(number, bound):
                return _error(found, kind, _at(parent, step), value, {key: bound})
        return True

    return check


def _tag_text(tag: Any) -> str:
    """How pydantic shows a tag: `str(tag)`, or its stand-in when that fails (deep nesting)."""
    try:
        return str(tag)
    except Exception:
        return f"<unprintable {type(tag).__name__} object>"


_ROOT: Check = _Compiler(SPEC).compile(SPEC["root"])
