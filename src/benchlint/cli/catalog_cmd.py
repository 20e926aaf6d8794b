"""`benchlint catalog [KEY]`: what benchlint knows about one or every benchmark."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..domain.catalog import CatalogEntry
from ..domain.catalog.query import describe
from ..lint.resolver import SettingsResolver
from ..lint.settings import Settings, SettingsError
from ..rules.wording import closest, quoted
from ..secrets.redaction import rendered, shown_lines, shown_text
from .usage import UsageError


def _entry_json(entry: CatalogEntry) -> dict[str, Any]:
    data: dict[str, Any] = _plain(entry)
    del data["stated"]
    data["bundled"] = entry.bundled
    return data


def _plain(value: Any) -> Any:
    """Named tuples as JSON objects, all the way down."""
    if isinstance(value, tuple) and hasattr(value, "_asdict"):
        return {name: _plain(item) for name, item in value._asdict().items()}
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def _shown(path: str) -> str:
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


_KEY_COLUMN = 40


def show_catalog(args: argparse.Namespace) -> int:
    try:
        base = Settings.discover(Path.cwd())
        extra = tuple(os.path.abspath(c) for c in args.catalog)
        # the workspace cache of this repository, under the files named (they win)
        settings = SettingsResolver().with_workspace_data(base.layered(catalogs=extra), os.getcwd())
        catalog = settings.catalog
    except SettingsError as error:
        raise UsageError(str(error)) from None
    entries = list(catalog.entries)
    if args.key:
        entry = catalog.find(args.key) or catalog.find_loose(args.key)
        if entry is None:
            names = [n for e in entries for n in (e.key, e.name)]
            guess = closest(args.key, names)
            hint = f'; did you mean "{guess}"?' if guess else ""
            raise UsageError(f"no benchmark {quoted(args.key)} in the catalog{hint}")
        entries = [entry]
    if args.format == "json":
        payload: Any = rendered([_entry_json(e) for e in entries])
        sys.stdout.write(json.dumps(payload if not args.key else payload[0], indent=2) + "\n")
        return 0
    if args.key:
        sys.stdout.write(shown_lines(describe(entries[0])) + "\n")
        return 0
    # Keys line up in a column as wide as the longest, up to `_KEY_COLUMN` characters (a
    # longer key overflows its own line only: padding every line to a key of `n` characters
    # made the listing of `n` benchmarks `n²` long).
    width = min(max(len(e.key) for e in entries), _KEY_COLUMN)
    for entry in entries:
        origin = "bundled" if entry.bundled else f"from {_shown(entry.origin)}"
        manifest = f", {len(entry.tasks)} tasks in manifest" if entry.tasks else ""
        line = f"{entry.key:<{width}}  {entry.name}  ({origin}{manifest})"
        sys.stdout.write(shown_text(line) + "\n")
    return 0
