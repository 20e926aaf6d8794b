"""What a spec node asks for, in TOML words: "an integer ≥ 1", "a non-blank string",
"an array of at most 16 secret record names".

Messages (BL103, BL106, ...) and hover both say it this way, from the spec, so a bound or a
length changed in the models changes every text that states it.
"""

from __future__ import annotations

from ..domain.constants import ENV_NAME_PATTERN, NON_BLANK_PATTERN, SECRET_NAME_PATTERN
from .spec import Node, unwrap

# Patterns the models use, by what they mean to a user. Another pattern is shown as itself.
PATTERN_WORDS = {
    SECRET_NAME_PATTERN: (
        "secret record name",
        "upper-case letters, digits and `_`, starting with a letter",
    ),
    ENV_NAME_PATTERN: (
        "environment variable name",
        "upper-case letters, digits and `_`, not starting with a digit",
    ),
}
_BOUND_SIGNS = (("ge", "≥"), ("gt", ">"), ("le", "≤"), ("lt", "<"))


def type_name(node: Node) -> str:
    """The TOML type a node asks for, with its article: "an integer", "an array", "a table"."""
    kind = unwrap(node)["kind"]
    return {
        "str": "a string",
        "literal": "a string",
        "int": "an integer",
        "float": "a number",
        "list": "an array",
        "dict": "a table",
        "model": "a table",
        "tagged-union": "a table",
        "any": "any value",
    }.get(kind, "a value")


def bounds(node: Node) -> str:
    """A number's bounds: "≥ 1", "≥ 0, ≤ 1" (empty when it has none)."""
    return ", ".join(f"{sign} {_number(node[key])}" for key, sign in _BOUND_SIGNS if key in node)


def describe(node: Node) -> str:
    """The whole constraint, with an article: what a message says a value "must be"."""
    node = unwrap(node)
    kind = node["kind"]
    if kind == "str":
        return _string(node)
    if kind == "literal":
        return one_of(node["expected"])
    if kind in ("int", "float"):
        if "ge" in node and "le" in node and len(node.keys() & {"gt", "lt"}) == 0:
            return f"{type_name(node)} from {_number(node['ge'])} to {_number(node['le'])}"
        limits = bounds(node)
        return type_name(node) + (f" {limits}" if limits else "")
    if kind == "list":
        items = unwrap(node["items"])
        inner = plural(items)
        low, high = node.get("min_length"), node.get("max_length")
        if low and high:
            return f"an array of {low} to {high} {inner}"
        if high is not None:
            return f"an array of at most {high} {inner}"
        if low:
            return f"an array of at least {low} {inner}"
        return f"an array of {inner}"
    if kind == "dict":
        return f"a table of {plural(unwrap(node['values']))}"
    return type_name(node)


def one_of(values: list[str] | tuple[str, ...]) -> str:
    items = [f'"{value}"' for value in values]
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


def pattern_words(node: Node) -> tuple[str, str] | None:
    """(name, form) of a string pattern the models use, if it has words."""
    pattern = unwrap(node).get("pattern")
    return PATTERN_WORDS.get(pattern) if isinstance(pattern, str) else None


def _string(node: Node) -> str:
    words = pattern_words(node)
    if words is not None:
        return f"a {words[0]} ({words[1]})"
    non_blank = node.get("min_length") == 1 or node.get("pattern") == NON_BLANK_PATTERN
    text = "a non-blank string" if non_blank else "a string"
    pattern = node.get("pattern")
    if pattern is not None and pattern != NON_BLANK_PATTERN:
        text += f" matching `{pattern}`"
    if node.get("max_length") is not None:
        text += f" of at most {node['max_length']} characters"
    return text


def plural(node: Node) -> str:
    """An item node in the plural, without article: "strings", "secret record names"."""
    kind = node["kind"]
    if kind == "str":
        words = pattern_words(node)
        if words is not None:
            return words[0] + "s"
        non_blank = node.get("min_length") == 1 or node.get("pattern") == NON_BLANK_PATTERN
        return "non-blank strings" if non_blank else "strings"
    if kind in ("model", "tagged-union", "dict"):
        return "tables"
    return type_name(node).split(" ", 1)[1] + "s"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(value)
