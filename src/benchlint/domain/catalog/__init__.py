"""The benchmark catalog: what benchlint knows about each benchmark.

Entries come from the bundled catalog (package data) and from files the user saved with
`osmosis --json benchmark info KEY` or `osmosis --json benchmark list`; a user entry
replaces the bundled entry with the same key.
"""

from __future__ import annotations

from .entry import CatalogEntry, Category, Task, TaskSet
from .store import Catalog, CatalogError, bundled_catalog, load_catalog

__all__ = [
    "Catalog",
    "CatalogEntry",
    "CatalogError",
    "Category",
    "Task",
    "TaskSet",
    "bundled_catalog",
    "load_catalog",
]
