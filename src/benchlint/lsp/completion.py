"""Completion: table headers, keys valid in the table at the cursor (never one already
there), and values where the set is known: model `type`, `task_set`, harness names,
benchmark keys, and task names / categories from the benchmark's loaded manifest.

The cursor's context is read from the text (`outline`), not the parser: the line being typed
is rarely valid TOML.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lsprotocol import types as lsp

from ..core.paths import ConfigPath
from ..core.regex import lazy_regex
from ..core.toml_syntax import toml_string
from ..domain.catalog import CatalogEntry
from ..domain.catalog.query import benchmark_choices, category_names, describe, harness_choices
from ..domain.catalog.query import task_names as manifest_task_names
from ..domain.profiles import PROFILES
from ..lint.settings import Settings
from ..structure.spec import (
    AGENT_MODEL_NAME,
    MODEL_KEYS,
    ROOT_MODEL_NAME,
    TABLE_MODEL_NAMES,
    VARIANT_MODEL_NAMES,
    allowed_at,
    model_description,
    node_at,
    table_name,
)
from .documents import OpenDocument
from .keydocs import KeyDoc, key_doc, model_keys
from .outline import Outline, Section, read_outline, strings_in
from .skeletons import is_empty, skeleton_choices

TRIGGERS = ['"', "'", "[", ".", "=", ","]
_KEY_TYPED = lazy_regex(r"^\s*([A-Za-z0-9_\-]*)$")
_ASSIGNMENT = lazy_regex(r"^\s*([A-Za-z0-9_\-]+)\s*=\s*(.*)$")
_ARRAY_OPENED = lazy_regex(r"^\s*([A-Za-z0-9_\-]+)\s*=\s*\[")
_HEADER_TOKEN = lazy_regex(r"^\s*(\[\[?[^\]#]*\]?\]?)")
_WORD = lazy_regex(r"^[A-Za-z0-9_\-]*")
_VALUE_REST = lazy_regex(r"""^[^"',\]\s]*""")
Kind = lsp.CompletionItemKind


@dataclass(frozen=True)
class Replace:
    """The stretch a completion replaces, and how a value must be quoted into it."""

    start: int
    end: int
    quote: str | None = None  # the quote the user opened (None: insert a quoted string)
    closed: bool = False  # the closing quote is already there

    def value(self, text: str) -> str:
        if self.quote is None:
            return toml_string(text)
        return text if self.closed else text + self.quote


@dataclass(frozen=True)
class _Cursor:
    document: OpenDocument
    offset: int
    line: int
    prefix: str  # the line before the cursor
    suffix: str  # the line after it
    outline: Outline
    section: Section
    settings: Settings


def completions(
    document: OpenDocument,
    position: lsp.Position,
    settings: Settings,
    markdown: bool,
    snippets: bool = False,
) -> lsp.CompletionList:
    text = document.client_text
    offset = text.offset(position)
    line = text.line_of(offset)
    line_start, line_end = text.line_bounds(line)
    outline = read_outline(text)
    cursor = _Cursor(
        document,
        offset,
        line,
        text.text[line_start:offset],
        text.text[offset:line_end],
        outline,
        outline.section_at(line),
        settings,
    )
    items = _Items(document, markdown)
    if cursor.prefix.lstrip().startswith("["):
        _header_items(items, cursor, _header_span(cursor))
    elif (assignment := _ASSIGNMENT.match(cursor.prefix)) is not None:
        key, rest = assignment.groups()
        typed = re.split(r"[\[,]", rest)[-1] if rest.startswith("[") else rest
        _value_items(items, cursor, key, _value_span(cursor, typed))
    elif (array_key := _open_array(cursor)) is not None:
        typed = re.split(r"[\[,]", cursor.prefix)[-1]
        _value_items(items, cursor, array_key, _value_span(cursor, typed))
    elif (word := _KEY_TYPED.match(cursor.prefix)) is not None:
        rest = _WORD.match(cursor.suffix)
        replace = Replace(offset - len(word.group(1)), offset + (len(rest.group(0)) if rest else 0))
        if cursor.section.path == ():
            _header_items(items, cursor, replace)
            if is_empty(document.text):
                _skeleton_items(items, cursor, replace, snippets)
        _key_items(items, cursor, replace)
    return lsp.CompletionList(is_incomplete=False, items=items.items)


def _skeleton_items(items: _Items, cursor: _Cursor, replace: Replace, snippets: bool) -> None:
    """A whole first config per benchmark, first in the list (the file is empty)."""
    for key, name, text in skeleton_choices(cursor.settings, snippets):
        items.add(
            f"new config: {name}",
            Kind.Snippet,
            replace,
            text,
            detail=f"a first {name} run, as `benchlint new --benchmark {key}` writes it",
            first=True,
            filter_text=f"{key} {name} config",
            snippet=snippets,
        )


class _Items:
    def __init__(self, document: OpenDocument, markdown: bool) -> None:
        self.text = document.client_text
        self.kind = lsp.MarkupKind.Markdown if markdown else lsp.MarkupKind.PlainText
        self.items: list[lsp.CompletionItem] = []

    def add(
        self,
        label: str,
        kind: lsp.CompletionItemKind,
        replace: Replace,
        new_text: str,
        detail: str = "",
        documentation: str = "",
        first: bool = False,
        filter_text: str | None = None,
        snippet: bool = False,
    ) -> None:
        # Clients filter on the text the edit replaces, opening quote included.
        typed_from = replace.start - (1 if replace.quote else 0)
        quote = self.text.text[typed_from : replace.start]
        self.items.append(
            lsp.CompletionItem(
                label=label,
                kind=kind,
                detail=detail or None,
                documentation=lsp.MarkupContent(self.kind, documentation)
                if documentation
                else None,
                sort_text=("0" if first else "1") + label,
                filter_text=quote + label if replace.quote else filter_text,
                insert_text_format=lsp.InsertTextFormat.Snippet if snippet else None,
                text_edit=lsp.TextEdit(
                    self.text.range(typed_from if replace.quote else replace.start, replace.end),
                    quote + new_text if replace.quote else new_text,
                ),
            )
        )


# -- where the cursor is ---------------------------------------------------------------------
def _header_span(cursor: _Cursor) -> Replace:
    """A header being typed: from its first bracket to the end of what is written of it."""
    line_start = cursor.offset - len(cursor.prefix)
    line_text = cursor.prefix + cursor.suffix
    match = _HEADER_TOKEN.match(line_text)
    assert match is not None
    return Replace(line_start + match.start(1), max(line_start + match.end(1), cursor.offset))


def _value_span(cursor: _Cursor, typed: str) -> Replace:
    """What a value completion replaces: the word typed so far (after its opening quote) and
    the rest of that word after the cursor."""
    typed = typed.lstrip()
    quote = typed[0] if typed[:1] in ('"', "'") else None
    word = typed[1:] if quote else typed
    rest = _VALUE_REST.match(cursor.suffix)
    after = len(rest.group(0)) if rest else 0
    closed = quote is not None and cursor.suffix[after : after + 1] == quote
    return Replace(cursor.offset - len(word), cursor.offset + after, quote, closed)


def _open_array(cursor: _Cursor) -> str | None:
    """The key of a multi-line array the cursor's line continues, if any."""
    text = cursor.document.client_text
    depth = _depth(cursor.prefix)
    for line in range(cursor.line - 1, cursor.section.header_line, -1):
        content = text.line_text(line)
        depth += _depth(content)
        opened = _ARRAY_OPENED.match(content)
        if opened is not None:
            return opened.group(1) if depth > 0 else None
        if "=" in content.split("#", 1)[0] and depth <= 0:
            return None
    return None


def _depth(content: str) -> int:
    """Brackets opened minus closed on a line, ignoring strings and comments."""
    bare = re.sub(r""""(?:[^"\\]|\\.)*"?|'[^']*'?""", "", content).split("#", 1)[0]
    return bare.count("[") - bare.count("]")


# -- items -----------------------------------------------------------------------------------
def _header_items(items: _Items, cursor: _Cursor, replace: Replace) -> None:
    """Tables that may still be added: each top-level table once, `[[agents]]` up to the
    limit, and the current agent's `model` and `env`."""
    present = {section.path for section in cursor.outline.sections}
    most_agents = (node_at(("agents",), None) or {}).get("max_length")
    for name in model_keys(ROOT_MODEL_NAME):
        doc = _doc(ROOT_MODEL_NAME, name)
        if name == "agents":
            agents = sum(1 for path in present if len(path) == 2)
            if most_agents is None or agents < most_agents:
                header = "[[agents]]"
            else:
                continue
        elif (name,) in present:
            continue
        else:
            header = f"[{name}]"
        items.add(header, Kind.Struct, replace, header, doc.type, doc.description, doc.required)
    before = [  # the `[[agents]]` entries above the cursor (not `[experiment.x]`, say)
        s
        for s in cursor.outline.sections
        if len(s.path) == 2
        and s.path[0] == "agents"
        and isinstance(s.path[1], int)
        and s.header_line < cursor.line
    ]
    if not before:
        return
    agent = before[-1].path[1]
    for name in ("model", "env"):
        if ("agents", agent, name) in present:
            continue
        doc = _doc(AGENT_MODEL_NAME, name)
        header = f"[agents.{name}]"
        detail = f"{doc.type} of agent {int(agent) + 1}"
        items.add(header, Kind.Struct, replace, header, detail, doc.description, doc.required)


def _key_items(items: _Items, cursor: _Cursor, replace: Replace) -> None:
    model = _model_of(cursor)
    if model is None:
        return
    present = set(cursor.section.keys) - {_typed_key(cursor)}
    # retyping the key of an existing `key = value`: replace the name only
    assigned = re.match(r"^\s*=", cursor.suffix[replace.end - cursor.offset :]) is not None
    for name in _keys_of(model):
        doc = _doc(model, name)
        if name in present or doc.is_table:
            continue  # tables are written as `[headers]`, offered on a `[` line
        new_text = name if assigned else f"{name} = "
        items.add(name, Kind.Property, replace, new_text, doc.type, doc.markdown(), doc.required)


def _typed_key(cursor: _Cursor) -> str:
    """The key on the cursor's own line (being retyped, so not "already present")."""
    match = _WORD.match((cursor.prefix + cursor.suffix).lstrip())
    return match.group(0) if match else ""


# Stands for `[agents.model]` before its `type` is written: every variant's keys.
_ANY_MODEL = "*"


def _model_of(cursor: _Cursor) -> str | None:
    path = cursor.section.path
    if len(path) == 3 and path[0] == "agents" and path[2] == "model":
        kind = cursor.outline.string_value(path, "type")
        return VARIANT_MODEL_NAMES.get(kind or "") or _ANY_MODEL
    return table_name(path, {}) if path != () else None


def _keys_of(model: str) -> tuple[str, ...]:
    if model == _ANY_MODEL:
        names = [k for variant in VARIANT_MODEL_NAMES.values() for k in MODEL_KEYS[variant]]
        return tuple(dict.fromkeys(names))
    return model_keys(model)


def _doc(model: str, name: str) -> KeyDoc:
    if model == _ANY_MODEL:
        model = next(m for m in VARIANT_MODEL_NAMES.values() if name in MODEL_KEYS[m])
    doc = key_doc(model, name)
    assert doc is not None
    return doc


def _value_items(items: _Items, cursor: _Cursor, key: str, replace: Replace) -> None:
    path = cursor.section.path
    for value, detail, documentation in _choices(cursor, path, key):
        items.add(value, Kind.Value, replace, replace.value(value), detail, documentation)


def _choices(cursor: _Cursor, path: ConfigPath, key: str) -> list[tuple[str, str, str]]:
    """(value, detail, documentation) of each value `key` may take in the table at `path`."""
    settings = cursor.settings
    agent = len(path) == 2 and path[0] == "agents"
    if key == "type" and len(path) == 3 and path[0] == "agents" and path[2] == "model":
        return [
            (name, "model type", model_description(model))
            for name, model in VARIANT_MODEL_NAMES.items()
        ]
    if key == "task_set" and path == ("tasks",):
        description = _doc(TABLE_MODEL_NAMES["tasks"], "task_set").description
        return [(value, "task set", description) for value in allowed_at((*path, key), None)]
    if key == "harness" and agent:
        return [(name, about, "") for name, about in harness_choices(settings.extra_harnesses)]
    if key == "harness_api_key_secret" and agent:
        harness = cursor.outline.string_value(path, "harness")
        variable = PROFILES[settings.profile].harness_secret_variable(harness)
        return [(variable, f"the variable {harness} reads", "")] if variable else []
    if key == "benchmark" and path == ("experiment",):
        catalog = settings.catalog
        by_key: dict[str, CatalogEntry] = {}  # `catalog.get` of each key, built once
        for each in catalog.entries:
            by_key.setdefault(each.key, each)
        return [
            (value, label, describe(entry))
            for value, label in benchmark_choices(catalog)
            if (entry := by_key.get(value)) is not None
        ]
    if key in ("task_names", "categories") and path == ("tasks",):
        benchmark = cursor.outline.string_value(("experiment",), "benchmark")
        entry = settings.catalog.find(benchmark) if benchmark else None
        if entry is None:
            return []
        names = manifest_task_names(entry) if key == "task_names" else category_names(entry)
        present = set(_array_strings(cursor, key))
        label = "task" if key == "task_names" else "category"
        return [(name, f"{label} of {entry.name}", "") for name in names if name not in present]
    records = settings.secret_records
    is_reference = key in ("api_key_secret", "judge_api_key_secret") or (
        key == "required" and path in (("verifier",), ("secrets",))
    )
    if records is not None and is_reference:
        present = set(_array_strings(cursor, key)) if key == "required" else set()
        return [
            (
                name,
                f"secret record ({' and '.join(records.scopes_of(name)) or 'stored'})",
                "",
            )
            for name in records.names
            if name not in present
        ]
    return []


def _array_strings(cursor: _Cursor, key: str) -> list[str]:
    """Strings already listed in the array `key` of the cursor's table."""
    start = cursor.section.keys.get(key)
    if start is None:
        return []
    text = cursor.document.client_text
    found: list[str] = []
    for line in range(start, cursor.section.end_line):
        content = text.line_text(line)
        found.extend(strings_in(content.split("=", 1)[-1] if line == start else content))
        if "]" in re.sub(r""""[^"]*"|'[^']*'""", "", content):
            break
    return found
