"""What a rule sees: the values of one file, read defensively, and where they stand.

Rules read the raw values (not the validated model) so that they keep working on a file
that fails validation somewhere else; the accessors here skip whatever has the wrong shape
(the structural rules already report it).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Literal

from ..core.diagnostic import Range
from ..core.lazy import lazy
from ..core.paths import ConfigPath
from ..core.record import NamedTuple
from ..domain.profiles import Profile
from ..parsing.document import Document
from ..structure.issues import StructuralIssue
from ..structure.owners import by_owner
from .locate import locate
from .rule import Anchor

if TYPE_CHECKING:
    from ..domain.catalog import Catalog, CatalogEntry
    from .settings import Settings


class SecretReference(NamedTuple):
    path: ConfigPath
    value: str
    kind: Literal["model", "harness", "judge", "verifier", "secrets"]


class Context:
    def __init__(
        self,
        document: Document,
        settings: Settings,
        profile: Profile,
        catalog: Catalog,
        path: str | None,
        issues: list[StructuralIssue],
    ) -> None:
        self.document = document
        self.data = document.data
        self.settings = settings
        self.profile = profile
        self.catalog = catalog
        self.path = path
        self.issues = issues

    # -- positions ---------------------------------------------------------------------------
    def locate(self, anchor: Anchor | Range) -> Range:
        return anchor if isinstance(anchor, Range) else locate(self.document, anchor)

    def has(self, path: ConfigPath) -> bool:
        return self.document.source_map.get(path) is not None

    def owned(self, code: str) -> list[StructuralIssue]:
        """The structural issues rule `code` reports (see `benchlint.structure.owners`)."""
        return self._issues_by_owner.get(code, [])

    @lazy
    def _issues_by_owner(self) -> dict[str, list[StructuralIssue]]:
        return by_owner(self.issues)

    # -- values --------------------------------------------------------------------------------
    def table(self, name: str) -> dict[str, Any]:
        value = self.data.get(name)
        return value if isinstance(value, dict) else {}

    @lazy
    def agents(self) -> list[tuple[int, dict[str, Any]]]:
        """(index, agent table) for every agent that is a table."""
        agents = self.data.get("agents")
        if not isinstance(agents, list):
            return []
        return [(index, agent) for index, agent in enumerate(agents) if isinstance(agent, dict)]

    @staticmethod
    def model_of(agent: dict[str, Any]) -> dict[str, Any]:
        model = agent.get("model")
        return model if isinstance(model, dict) else {}

    @staticmethod
    def string(table: dict[str, Any], key: str) -> str | None:
        value = table.get(key)
        return value if isinstance(value, str) else None

    @staticmethod
    def integer(table: dict[str, Any], key: str) -> int | None:
        """The integer at `key`, or None (absent, or another type: BL103 reports that). TOML's
        `true` is not an integer here, though Python's bool is an int."""
        value = table.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    @staticmethod
    def boolean(table: dict[str, Any], key: str) -> bool | None:
        """The boolean at `key`, or None (absent, or another type: never `0`/`1` or "true")."""
        value = table.get(key)
        return value if isinstance(value, bool) else None

    def value_at(self, path: ConfigPath) -> Any:
        """The value at a config path, or None when the path does not lead anywhere."""
        value: Any = self.data
        for part in path:
            kind = type(value)
            if kind is dict:
                value = value.get(part) if type(part) is str else None
            elif kind is list and type(part) is int and 0 <= part < len(value):
                value = value[part]
            else:
                return None
        return value

    def strings(self, path: ConfigPath) -> list[tuple[ConfigPath, str]]:
        """(path, value) of each string in the array at `path`."""
        value = self.value_at(path)
        if type(value) is not list or not value:  # the usual answers: nothing, or empty
            return []
        return [((*path, index), item) for index, item in enumerate(value) if type(item) is str]

    @staticmethod
    def env_of(table: dict[str, Any]) -> dict[str, Any]:
        env = table.get("env")
        return env if isinstance(env, dict) else {}

    @lazy
    def long_strings(self) -> list[tuple[str | None, str]]:
        """(key it stands under, value) of every string of at least 8 characters, anywhere
        in the file: the cheap first pass of the rules that read literals (BL207, BL213),
        walked once; paths are built only when one of them finds something."""
        found: list[tuple[str | None, str]] = []
        # Two work lists instead of one of (key, value) pairs: a table's items are read
        # where they are, and only tables and arrays are pushed. Values come from the TOML
        # parser, so they are exactly `dict`, `list` and `str`.
        tables: list[dict[str, Any]] = [self.data]
        arrays: list[tuple[str | None, list[Any]]] = []
        while tables or arrays:  # no recursion: a value may nest as deep as TOML lets it
            while tables:
                for key, value in tables.pop().items():
                    kind = type(value)
                    if kind is str:
                        if len(value) >= 8:
                            found.append((key, value))
                    elif kind is dict:
                        tables.append(value)
                    elif kind is list:
                        arrays.append((key, value))
            while arrays:
                under, items = arrays.pop()
                for value in items:
                    kind = type(value)
                    if kind is str:
                        if len(value) >= 8:
                            found.append((under, value))
                    elif kind is dict:
                        tables.append(value)
                    elif kind is list:
                        arrays.append((under, value))
        return found

    def literals(self, shortest: int) -> Iterator[tuple[ConfigPath, str]]:
        """(path, value) of every string of at least `shortest` characters."""
        stack: list[tuple[ConfigPath, object]] = [((), self.data)]
        while stack:
            path, value = stack.pop()
            if isinstance(value, str):
                if len(value) >= shortest:
                    yield path, value
            elif isinstance(value, dict):
                stack.extend(((*path, key), item) for key, item in value.items())
            elif isinstance(value, list):
                stack.extend(((*path, index), item) for index, item in enumerate(value))

    @lazy
    def env_tables(self) -> list[tuple[ConfigPath, dict[str, Any]]]:
        """(path, table) of `[env]` and of every `[agents.env]` that is a table."""
        tables: list[tuple[ConfigPath, dict[str, Any]]] = []
        env = self.data.get("env")
        if isinstance(env, dict):
            tables.append((("env",), env))
        for index, agent in self.agents:
            env = agent.get("env")
            if isinstance(env, dict):
                tables.append((("agents", index, "env"), env))
        return tables

    def literal_in_env(self, index: int, agent: dict[str, Any], name: str) -> ConfigPath | None:
        """Where an agent's effective environment sets `name` literally (its own env wins)."""
        if name in self.env_of(agent):
            return ("agents", index, "env", name)
        return ("env", name) if name in self.env_of(self.data) else None

    @property
    def benchmark(self) -> str | None:
        return self.string(self.table("experiment"), "benchmark")

    @lazy
    def catalog_entry(self) -> CatalogEntry | None:
        """The catalog entry `[experiment].benchmark` names exactly, if any."""
        benchmark = self.benchmark
        return self.catalog.find(benchmark) if benchmark is not None else None

    @lazy
    def loose_catalog_entry(self) -> CatalogEntry | None:
        """The entry matched as the CLI's warnings match: exactly, or ignoring case and
        surrounding spaces (rules that mirror those warnings use this)."""
        benchmark = self.benchmark
        return self.catalog.find_loose(benchmark) if benchmark is not None else None

    @lazy
    def secret_references(self) -> list[SecretReference]:
        """Every place the file names a secret record, in the CLI's order."""
        # Written out rather than with `string`/`strings`: every lint asks for this.
        refs: list[SecretReference] = []
        agents = self.agents
        for index, agent in agents:
            model = agent.get("model")
            value = model.get("api_key_secret") if type(model) is dict else None
            if type(value) is str:
                refs.append(
                    SecretReference(("agents", index, "model", "api_key_secret"), value, "model")
                )
        for index, agent in agents:
            value = agent.get("harness_api_key_secret")
            if type(value) is str:
                refs.append(
                    SecretReference(("agents", index, "harness_api_key_secret"), value, "harness")
                )
        data = self.data
        execution = data.get("execution")
        judge = execution.get("judge_api_key_secret") if type(execution) is dict else None
        if type(judge) is str:
            refs.append(SecretReference(("execution", "judge_api_key_secret"), judge, "judge"))
        lists: tuple[tuple[str, Literal["verifier", "secrets"]], ...] = (
            ("verifier", "verifier"),
            ("secrets", "secrets"),
        )
        for table, kind in lists:
            names = data.get(table)
            names = names.get("required") if type(names) is dict else None
            if type(names) is list:
                for index, value in enumerate(names):
                    if type(value) is str:
                        refs.append(SecretReference((table, "required", index), value, kind))
        return refs

    def injected_names(
        self, index: int, agent: dict[str, Any], verifier: Iterable[str] | None = None
    ) -> dict[str, ConfigPath]:
        """Names the Platform injects into an agent, each with the reference that asks for it:
        its model key, the judge key and every verifier secret (`verifier`: only these of the
        `verifier_secrets`, in their order, for a caller that knows which can matter)."""
        names: dict[str, ConfigPath] = {}
        model = self.model_of(agent)
        key = self.string(model, "api_key_secret")
        if key and model.get("type") != "hosted":
            names.setdefault(key, ("agents", index, "model", "api_key_secret"))
        judge = self.string(self.table("execution"), "judge_api_key_secret")
        if judge:
            names.setdefault(judge, ("execution", "judge_api_key_secret"))
        secrets = self.verifier_secrets
        for value in secrets if verifier is None else verifier:
            names.setdefault(value, secrets[value])
        return names

    @lazy
    def verifier_secrets(self) -> dict[str, ConfigPath]:
        """Each `[verifier].required` name with the first place that lists it, in order: the
        secrets the Platform injects into every agent for the verifier."""
        names: dict[str, ConfigPath] = {}
        for path, value in self.strings(("verifier", "required")):
            names.setdefault(value, path)
        return names
