"""Loading catalogs (bundled and user files) and looking benchmarks up in them."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from ..json_files import JsonFileError, read_json, shown
from .entry import CatalogEntry, CatalogShapeError, entry_from_json, overlay


class CatalogError(ValueError):
    """A catalog file that cannot be read; the message names the file and the problem, and
    `path` is the file (for the settings to say which of them named it)."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.path = path


class Catalog:
    """An ordered, immutable set of entries (user entries replace bundled ones by key)."""

    def __init__(self, entries: tuple[CatalogEntry, ...]) -> None:
        self.entries = entries

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Catalog) and self.entries == other.entries

    def __hash__(self) -> int:
        return hash(self.entries)

    def __repr__(self) -> str:
        return f"Catalog({self.entries!r})"

    @property
    def only_bundled(self) -> bool:
        return all(entry.bundled for entry in self.entries)

    @cached_property
    def _exact(self) -> dict[str, CatalogEntry]:
        index: dict[str, CatalogEntry] = {}
        for entry in self.entries:
            for name in entry.names():
                index.setdefault(name, entry)
        return index

    @cached_property
    def _folded(self) -> dict[str, CatalogEntry]:
        index: dict[str, CatalogEntry] = {}
        for entry in self.entries:
            for name in entry.names():
                index.setdefault(name.casefold(), entry)
        return index

    def find(self, benchmark: str) -> CatalogEntry | None:
        """Exact match on key, name or ID, as the Platform matches."""
        return self._exact.get(benchmark)

    def find_loose(self, benchmark: str) -> CatalogEntry | None:
        """Exact match first, then case-insensitive after trimming, as the CLI's warnings do."""
        return self._exact.get(benchmark) or self._folded.get(benchmark.strip().casefold())

    @cached_property
    def _by_key(self) -> dict[str, CatalogEntry]:
        index: dict[str, CatalogEntry] = {}
        for entry in self.entries:
            index.setdefault(entry.key, entry)
        return index

    def get(self, key: str) -> CatalogEntry | None:
        """The first entry with this key (an index built once: callers ask per benchmark)."""
        return self._by_key.get(key)

    def with_entries(self, entries: Iterable[CatalogEntry]) -> Catalog:
        """This catalog with `entries` laid over it (same key: see `overlay`)."""
        merged = {entry.key: entry for entry in self.entries}
        for entry in entries:
            previous = merged.get(entry.key)
            merged[entry.key] = overlay(previous, entry) if previous else entry
        return Catalog(tuple(merged.values()))


@cache
def bundled_catalog() -> Catalog:
    # Next to this module (package data); `importlib.resources` would cost the check path
    # more start-up time (zipfile, tempfile) than the whole lint of a file.
    text = Path(__file__).with_name("bundled.json").read_text("utf-8")
    data = json.loads(text)
    return Catalog(tuple(entry_from_json(item, "bundled") for item in data["benchmarks"]))


def entries_from_document(data: Any, origin: str) -> list[CatalogEntry]:
    """Entries of a saved `benchmark info` (envelope or bare object) or `benchmark list`."""
    if isinstance(data, dict) and "data" in data and isinstance(data["data"], dict):
        data = data["data"]
    if isinstance(data, dict) and isinstance(data.get("benchmark"), dict):
        return [entry_from_json(data["benchmark"], origin)]
    for key in ("items", "benchmarks"):  # `benchmark list` pages, and a plain list of them
        if isinstance(data, dict) and isinstance(data.get(key), list):
            return [entry_from_json(item, origin) for item in data[key]]
    if isinstance(data, list):
        return [entry_from_json(item, origin) for item in data]
    if isinstance(data, dict) and ("key" in data or "source_ref" in data):
        return [entry_from_json(data, origin)]
    raise CatalogShapeError(
        "expected the output of `osmosis --json benchmark info KEY` or `benchmark list`"
    )


def read_catalog_file(path: Path) -> list[CatalogEntry]:
    try:
        data = read_json(path, "catalog file")
        return entries_from_document(data, str(path))
    except JsonFileError as error:
        raise CatalogError(str(error), path) from None
    except CatalogShapeError as error:
        raise CatalogError(f"catalog file {shown(path)}: {error}", path) from None


def load_catalog(paths: Sequence[Path], under: Iterable[CatalogEntry] = ()) -> Catalog:
    """The bundled catalog with `under` (the workspace cache's entries), then each file's
    entries, laid over it, in order: gathered, then laid over at once (the catalog rebuilt
    after each file made a pattern that matches `n` files cost `n²`). Each file is read
    once, however often it is named (see `layers`)."""
    catalog = bundled_catalog()
    under = tuple(under)
    if not under and not paths:
        return catalog
    read: dict[Path, list[CatalogEntry]] = {}
    for path in paths:  # in order: the first file that cannot be read is the one reported
        if path not in read:
            read[path] = read_catalog_file(path)
    entries = list(under)
    for path in layers(paths):
        entries += read[path]
    return catalog.with_entries(entries)


def layers(paths: Sequence[Path]) -> list[Path]:
    """Files laid over each other in this order, each listed at most twice with the same
    result: what a file states wins over what files before it state, field by field
    (`overlay`), so only a file's last place decides values; a benchmark keeps the place
    where its key first came, so only a file's first place decides order. `a, b, a` is
    `a, b, b, a` (first places, then last places); `a, a` is `a`."""
    first = list(dict.fromkeys(paths))
    if len(first) == len(paths):
        return first
    last = list(dict.fromkeys(reversed(paths)))[::-1]
    return first if last == first else first + last
