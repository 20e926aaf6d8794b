"""Small helpers shared by the engine's tests."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import benchlint
from benchlint import Diagnostic, Edit, Settings
from benchlint.core.text import LineIndex
from benchlint.domain.workspace_cache import WorkspaceData
from benchlint.lint.fixer import apply_edits_at
from benchlint.lint.rule import (
    EXAMPLE_CATALOG,
    EXAMPLE_SECRETS,
    EXAMPLE_WORKSPACE,
    Rule,
    catalog_document,
)

MINIMAL = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""


def lint(
    text: str | bytes, path: str = "configs/benchmark/t.toml", **settings: Any
) -> list[Diagnostic]:
    return benchlint.lint_text(text, path=path, settings=Settings(**settings))


def codes(diagnostics: Iterable[Diagnostic], *, infos: bool = False) -> list[str]:
    return [d.code for d in diagnostics if infos or d.severity != "info"]


def at(diagnostics: Iterable[Diagnostic], code: str) -> list[tuple[int, int, int, int]]:
    """(start line, start column, end line, end column) of each diagnostic of `code`."""
    return [
        (d.range.start.line, d.range.start.column, d.range.end.line, d.range.end.column)
        for d in diagnostics
        if d.code == code
    ]


def write_catalog(folder: Path, *entries: dict[str, Any], name: str = "catalog.json") -> Path:
    """A catalog file in the `osmosis --json benchmark info` envelope (or `list` for many)."""
    path = folder / name
    path.write_text(json.dumps(catalog_document(entries)), "utf-8")
    return path


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """`text` with non-overlapping engine edits (ranges over `text`) applied together, the way
    the fixer applies them."""
    lines = LineIndex(text)
    return apply_edits_at(
        text, [(lines.offset(e.range.start), lines.offset(e.range.end), e.new_text) for e in edits]
    )


def example_settings(rule: Rule, folder: Path) -> dict[str, Any]:
    """The `Settings` keyword arguments a rule's examples need, read from the files its page
    shows (`Rule.example_files`: the settings, the catalog and the secret list), written to
    `folder`."""
    files = rule.example_files()
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, "utf-8")
    settings = dict(rule.example_settings)
    if EXAMPLE_CATALOG in files:
        settings["catalogs"] = [str(folder / EXAMPLE_CATALOG)]
    if EXAMPLE_SECRETS in files:
        settings["secrets_lists"] = [str(folder / EXAMPLE_SECRETS)]
    if rule.example_workspace:
        settings["workspace_data"] = WorkspaceData(folder / EXAMPLE_WORKSPACE)
    return settings


def lint_through_link(text: str | bytes, folder: Path, settings: Settings) -> list[Diagnostic]:
    """What `lint_file` reports for `text` read through a symbolic link that leaves a git
    work tree under `folder` (a rule with `example_link`: the reader reports it)."""
    outside = folder / "outside" / "example.toml"
    outside.parent.mkdir(parents=True, exist_ok=True)
    outside.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    repo = folder / "repo"
    (repo / ".git").mkdir(parents=True, exist_ok=True)
    link = repo / "configs" / "benchmark" / "example.toml"
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(outside)
    return benchlint.lint_file(link, settings=settings)
