"""The secret records a workspace holds: names and scopes, never values.

Read from what `osmosis --json secret list` prints (`{"schema_version": 1, "items": [{"name":
…, "scope": "workspace" | "personal" | null, …}], …}`, one item per record, so a name stored in
both scopes appears twice), from a page of it without the envelope, or from a plain list of
names (or of `{"name": …}` objects). The submit command looks a reference up in the workspace
and the personal scope only: a record listed with no scope, or another one, is not found
there, so it does not count as held. A record with no `scope` key at all (a service that
builds records from its own database and knows only names) says nothing about scope: like a
plain name, it is held. `"scope": null` is what `secret list` prints for a record submit
does not find, and is not held.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .json_files import JsonFileError, read_json, shown

SCOPES = ("workspace", "personal")
# A plain name says nothing about scope: it is taken to be held wherever submit looks.
UNSTATED = ""
_READ_BY_SUBMIT: frozenset[str | None] = frozenset((*SCOPES, UNSTATED))


class SecretRecordsError(ValueError):
    """Secret records in a shape that is not `secret list`'s; the message says where, and
    `path` is the file they came from, if any."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.path = path


class SecretRecords:
    """Immutable: record name → the scopes listed for it (`workspace`, `personal`, whatever
    else a server sends, `None` when it sends none, or `UNSTATED` for a plain name)."""

    __slots__ = ("_hash", "_held", "_names", "_scopes")

    def __init__(self, scopes: Mapping[str, frozenset[str | None]]) -> None:
        self._scopes = dict(scopes)
        self._held = frozenset(
            name for name, found in self._scopes.items() if found & _READ_BY_SUBMIT
        )
        self._names = tuple(sorted(self._held))
        self._hash = hash(frozenset(self._scopes.items()))

    @classmethod
    def from_names(cls, names: Iterable[str]) -> SecretRecords:
        return cls({name: frozenset({UNSTATED}) for name in names})

    @classmethod
    def from_json(cls, data: Any, where: str = "secret records") -> SecretRecords:
        """Records from `secret list`'s JSON (envelope or items) or a plain list of names."""
        if isinstance(data, dict) and isinstance(data.get("items"), list):
            data = data["items"]
        elif isinstance(data, dict) and isinstance(data.get("environment_secrets"), list):
            data = data["environment_secrets"]  # the API's own page, as some tools save it
        if not isinstance(data, list):
            raise SecretRecordsError(
                f"{where}: expected the output of `osmosis --json secret list` or an array of names"
            )
        scopes: dict[str, set[str | None]] = {}
        for index, item in enumerate(data):
            name, scope = _record(item, where, index)
            scopes.setdefault(name, set()).add(scope)
        return cls({name: frozenset(found) for name, found in scopes.items()})

    @classmethod
    def from_file(cls, path: Path) -> SecretRecords:
        try:
            return cls.from_json(read_json(path, "secret list"), f"secret list {shown(path)}")
        except (JsonFileError, SecretRecordsError) as error:
            raise SecretRecordsError(str(error), path) from None

    def merged(self, other: SecretRecords) -> SecretRecords:
        scopes = dict(self._scopes)
        for name, found in other._scopes.items():
            scopes[name] = scopes.get(name, frozenset()) | found
        return SecretRecords(scopes)

    def __contains__(self, name: object) -> bool:
        """Whether submit finds a record of this name (in the workspace or personal scope)."""
        return name in self._held

    def scopes_of(self, name: str) -> tuple[str, ...]:
        """The scopes submit reads that hold `name`, in the order it reads them."""
        return tuple(scope for scope in SCOPES if scope in self._scopes.get(name, ()))

    def unreadable_scopes(self, name: str) -> tuple[str, ...]:
        """How the records of `name` that submit does not read are scoped ("no scope" for none);
        empty when every record of it is read."""
        return tuple(
            sorted(
                "no scope" if scope is None else f"scope {scope!r}"
                for scope in self._scopes.get(name, frozenset()) - _READ_BY_SUBMIT
            )
        )

    @property
    def names(self) -> tuple[str, ...]:
        """The names submit finds, sorted."""
        return self._names

    def __len__(self) -> int:
        return len(self._held)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SecretRecords) and self._scopes == other._scopes

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"SecretRecords({len(self._scopes)} names)"


def _record(item: Any, where: str, index: int) -> tuple[str, str | None]:
    name: Any
    scope: Any
    if isinstance(item, str):
        name, scope = item, UNSTATED
    elif isinstance(item, dict):  # `secret list` always sends "scope", null when it has none
        name, scope = item.get("name"), item.get("scope", UNSTATED)
    else:
        raise SecretRecordsError(f"{where}: entry {index + 1} is neither a name nor a record")
    if name is None:
        raise SecretRecordsError(f"{where}: entry {index + 1} has no `name`")
    if not isinstance(name, str):
        raise SecretRecordsError(
            f"{where}: entry {index + 1} has a `name` that is {type(name).__name__}, not text"
        )
    if not name:
        raise SecretRecordsError(f"{where}: entry {index + 1} has an empty `name`")
    if scope == "user":  # the API's word for personal, as the CLI shows it
        scope = "personal"
    if scope is not None and not isinstance(scope, str):
        raise SecretRecordsError(f"{where}: entry {index + 1} has a `scope` that is not text")
    return name, scope
