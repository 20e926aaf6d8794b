"""What a rule is, what it sees, and what it reports.

A rule module holds one documented unit: code, name, default severity, its documentation
(the module docstring: *What it does*, *Why is this bad?*), a bad and a good example, an
optional fix description, and a `check` that yields `Finding`s. Findings name *config paths*
(`agents[1].env.HF_TOKEN`); the engine turns paths into ranges in one place
(`benchlint.lint.locate`), so rules never compute positions themselves.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from ..core.diagnostic import Fix, Range, Severity
from ..core.paths import ConfigPath
from ..core.record import NamedTuple
from .setting_keys import FIELD_KEYS

if TYPE_CHECKING:
    from .context import Context

Part = Literal["key", "value", "header", "file"]


class Anchor(NamedTuple):
    """A place in the config: a path and which part of it (its key, value or header).
    (Anchors and findings are made on every lint: cheap classes keep the engine fast.)"""

    path: ConfigPath
    part: Part = "value"

    # tuple.__new__ skips the named tuple's Python-level __new__: rules make many anchors.
    @staticmethod
    def key(path: ConfigPath) -> Anchor:
        return tuple.__new__(Anchor, (path, "key"))

    @staticmethod
    def value(path: ConfigPath) -> Anchor:
        return tuple.__new__(Anchor, (path, "value"))

    @staticmethod
    def header(path: ConfigPath) -> Anchor:
        return tuple.__new__(Anchor, (path, "header"))


FILE = Anchor((), "file")


class Finding(NamedTuple):
    message: str
    at: Anchor | Range
    related: tuple[tuple[str, Anchor | Range], ...] = ()
    fix: Fix | None = None
    key: ConfigPath | None = None  # the JSON `key`; defaults to the anchor's path
    severity: Severity | None = None  # when a rule's severity depends on the case
    # What a `needs_complete` rule's finding reports absent: after a syntax error it is kept
    # only when no blanked line could hold one of these paths (none given: never kept).
    absent: tuple[ConfigPath, ...] = ()


Check = Callable[["Context"], Iterable[Finding]]


class Rule(NamedTuple):
    code: str
    name: str
    severity: Severity
    doc: str  # markdown: "## What it does", "## Why is this bad?" (+ more sections)
    bad: str  # a config that fires exactly this rule
    good: str  # the same config, fixed: fires nothing
    check: Check | None = None  # None: reported by the reader or the linter itself
    fix: str | None = None  # what the fix does, e.g. "Remove it (safe)."
    # Rules that report something *absent* cannot fully trust a file whose broken lines were
    # blanked out after a syntax error: the missing key may be on such a line. Their findings
    # survive only when they name the absent paths and no blanked line could hold one.
    needs_complete: bool = False
    # The rule reports exactly the structural issues it owns (`ctx.owned`), nothing else: the
    # engine skips it when the structure check found no issue (the usual file).
    owned_issues_only: bool = False
    # Settings the bad/good examples need (for the registry test), e.g. {"profile": ...}.
    example_settings: Mapping[str, Any] = MappingProxyType({})
    example_path: str = "configs/benchmark/example.toml"  # DEFAULT_EXAMPLE_PATH
    # Catalog entries (the `benchmark info` shape) the examples need besides the bundled ones.
    example_catalog: tuple[dict[str, Any], ...] = ()
    # The workspace's secret records the examples need (a saved `secret list`), if any.
    example_secrets: tuple[str, ...] = ()
    # Benchmarks the workspace cache (`.benchlint/workspace/`) holds for the examples, if any.
    example_workspace: tuple[dict[str, Any], ...] = ()
    # The bad example fires only when its file is reached through a symbolic link out of the
    # repository (the reader reports it: `lint_file`, the command line); `lint_text` of it is
    # clean.
    example_link: bool = False

    @property
    def summary(self) -> str:
        """The first sentence of *What it does*."""
        section = self.section("What it does")
        sentence = re.split(r"(?<=[.!?])\s", section.strip(), maxsplit=1)[0]
        return " ".join(sentence.split())

    def section(self, title: str) -> str:
        match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", self.doc, re.M | re.S)
        return match.group(1).strip() if match else ""

    @property
    def fixable(self) -> bool:
        return self.fix is not None

    @property
    def suppressible(self) -> bool:
        """Whether a suppression comment can silence it: not a rule reported by the reader
        (the file may not even be text) or about suppressions themselves."""
        return self.check is not None

    def document(self, marks: bool = False) -> str:
        """The rule's documentation as markdown: what `benchlint rule CODE` prints, and (with
        `marks`: the hidden lines that tell the documentation tests which file each block is
        and what it must report) the body of its generated page in docs/rules/."""
        parts = [f"# {self.code} {self.name}", "", f"Default severity: **{self.severity}**.", ""]
        parts.append((self.doc or "").strip())
        # A link rule's doc shows its own example: the TOML is the same on both sides.
        if not self.example_link:
            bad = _marks(self.example_path, self.code) if marks else []
            good = _marks(DEFAULT_EXAMPLE_PATH, "clean") if marks else []
            parts += ["", "## Example", ""]
            parts += self._example_needs(marks)
            parts += [*bad, "```toml", self.bad.rstrip("\n"), "```"]
            parts += ["", "## Use instead", ""]
            if self.example_path != DEFAULT_EXAMPLE_PATH:
                parts += [f"At `{DEFAULT_EXAMPLE_PATH}`:", ""]
            parts += [*good, "```toml", self.good.rstrip("\n"), "```"]
        if self.fix:
            parts += ["", "## Fix", "", self.fix]
        return "\n".join(parts) + "\n"

    def example_files(self) -> dict[str, str]:
        """The files besides the config that the examples need, by name: a `benchlint.toml`
        with the example's settings, the catalog file and the secret list it names (both as
        the `osmosis --json` commands print them)."""
        from ..core.toml_syntax import toml_value  # for the documents only, not the check path

        settings = {FIELD_KEYS[field]: value for field, value in self.example_settings.items()}
        files: dict[str, str] = {}
        if self.example_catalog:
            settings["catalog"] = [EXAMPLE_CATALOG]
            files[EXAMPLE_CATALOG] = _json_document(catalog_document(self.example_catalog))
        if self.example_secrets:
            settings["secrets-list"] = [EXAMPLE_SECRETS]
            items = [{"name": name, "scope": "workspace"} for name in self.example_secrets]
            files[EXAMPLE_SECRETS] = _json_document({"schema_version": 1, "items": items})
        for entry in self.example_workspace:
            name = f"{EXAMPLE_WORKSPACE}/benchmarks/{entry['key']}.json"
            files[name] = _json_document(catalog_document((entry,)))
        if not settings:
            return files
        lines = [f"{key} = {toml_value(value)}" for key, value in settings.items()]
        return {SETTINGS_EXAMPLE: "".join(line + "\n" for line in lines), **files}

    def _example_needs(self, marks: bool) -> list[str]:
        """What the example needs besides its text, each file shown as it must be written."""
        default = self.example_path == DEFAULT_EXAMPLE_PATH
        files = self.example_files()
        if default and not files:
            return []
        out = []
        if files:
            out += ["It needs these files in the folder benchlint runs from:", ""]
        if self.example_workspace:
            out += [
                "(what `benchlint workspace pull` saves; without the `.meta.json` it also "
                "writes, a file's own modification time says when it was fetched)",
                "",
            ]
        for name, text in files.items():
            kind = "toml" if name.endswith(".toml") else "json"
            mark = [f"<!-- file: {name} -->"] if marks else []
            out += [f"`{name}`:", "", *mark, f"```{kind}"]
            out += [text.rstrip("\n"), "```", ""]
        where = "" if default else " (the path matters here)"
        out += [f"The config, `{self.example_path}`{where}:", ""]
        return out


DEFAULT_EXAMPLE_PATH = "configs/benchmark/example.toml"
SETTINGS_EXAMPLE = "benchlint.toml"
EXAMPLE_CATALOG = "catalog.json"
EXAMPLE_SECRETS = "secret-list.json"
EXAMPLE_WORKSPACE = ".benchlint/workspace"


def _marks(name: str, expect: str) -> list[str]:
    """The hidden lines above an example on a rule's page that the documentation tests read:
    the block is the text of file `name` (in the folder the example runs in), and linting it
    reports exactly `expect` (a code, or `clean`)."""
    return [f"<!-- file: {name} -->", f"<!-- expect: {expect} -->"]


def catalog_document(entries: tuple[dict[str, Any], ...]) -> dict[str, Any]:
    """Catalog entries as `osmosis --json benchmark info` prints one (`list` for several)."""
    if len(entries) == 1:
        return {
            "schema_version": 1,
            "data": {"benchmark": entries[0], "leaderboard": [], "runs": []},
        }
    return {"schema_version": 1, "data": {"benchmarks": list(entries)}}


def _json_document(value: Any) -> str:
    import json  # for the documents only, not the check path

    return json.dumps(value, indent=2) + "\n"
