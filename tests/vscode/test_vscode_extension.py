"""The extension's own unit tests (node --test, and the TOML grammar's), its settings and version
kept in step with the language server's, and what its .vsix holds."""

from __future__ import annotations

import importlib
import json
import math
import re
import tomllib
import zipfile
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from typing import Any

from benchlint.domain.profiles import PROFILES
from benchlint.lsp.client_settings import CLIENT_ONLY_KEYS, DEFAULT_DEBOUNCE_MS, ClientSettings
from benchlint.lsp.selection import DEFAULT_GLOBS

from .conftest import EXTENSION, ROOT, run

# Settings only the extension reads (how to start the server; VS Code's protocol trace).
EXTENSION_ONLY = {"path", "interpreter", "trace.server"}


def contributed_settings() -> dict[str, Any]:
    package = json.loads((EXTENSION / "package.json").read_text("utf-8"))
    properties = package["contributes"]["configuration"]["properties"]
    return {key.removeprefix("benchlint."): value for key, value in properties.items()}


def server_settings() -> set[str]:
    return {info.alias or name for name, info in ClientSettings.model_fields.items()}


# What a user needs, and nothing else: the bundle, the manifest and what it points at.
VSIX_FILES = {
    "package.json",
    "README.md",
    "LICENSE",
    "language-configuration.json",
    "dist/extension.js",
    "schema/benchmark-config.schema.json",
    "syntaxes/toml.tmLanguage.json",
}


def package_json() -> dict[str, Any]:
    package: dict[str, Any] = json.loads((EXTENSION / "package.json").read_text("utf-8"))
    return package


def test_unit_tests_pass(extension_dir: Path) -> None:
    """node --test over the launch, trust, install, version and grammar logic, then the
    grammar's scope assertions (vscode-tmgrammar-test)."""
    result = run(["npm", "test"], extension_dir, timeout=300)
    assert "# fail 0" in result.stdout, result.stdout[-3000:]
    assert "toml-1.0.test.toml run successfuly" in result.stdout, result.stdout[-3000:]


def test_every_server_setting_is_contributed() -> None:
    assert server_settings() <= contributed_settings().keys()


def test_every_contributed_setting_is_known_to_the_server() -> None:
    extra = contributed_settings().keys() - server_settings() - EXTENSION_ONLY
    assert extra == set()
    assert {key.split(".")[0] for key in EXTENSION_ONLY} <= CLIENT_ONLY_KEYS


def test_defaults_match_the_server() -> None:
    settings = contributed_settings()
    assert settings["debounce"]["default"] == DEFAULT_DEBOUNCE_MS
    assert settings["globs"]["default"] == list(DEFAULT_GLOBS)
    assert [p for p in settings["profile"]["enum"] if p is not None] == list(PROFILES)
    # Unset (null or empty) so that a settings file in the workspace decides.
    for key in ("profile", "select", "ignore", "catalog", "extraHarnesses", "severity"):
        assert settings[key]["default"] in (None, []), key
    # An empty `select` is refused by the server (it would turn every rule off): "not set"
    # must reach it as null, never as [].
    assert settings["select"]["default"] is None and "null" in settings["select"]["type"]
    # The default documents are the ones `benchlint check` walks.
    assert "workspaceContains:" + DEFAULT_GLOBS[0] in package_json()["activationEvents"]


def python_package_version() -> str:
    """The version pyproject.toml gives the package: written there, or read from a module."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    if "version" in pyproject["project"]:
        return str(pyproject["project"]["version"])
    module, _, name = pyproject["tool"]["setuptools"]["dynamic"]["version"]["attr"].rpartition(".")
    return str(getattr(importlib.import_module(module), name))


def test_extension_version_is_the_python_package_version() -> None:
    """The extension installs `benchlint==<its own version>`: the two must be released together."""
    assert package_json()["version"] == python_package_version()


def test_workspace_trust_is_declared() -> None:
    untrusted = package_json()["capabilities"]["untrustedWorkspaces"]
    assert untrusted["supported"] == "limited"
    assert untrusted["restrictedConfigurations"] == [
        "benchlint.path",
        "benchlint.interpreter",
        "benchlint.configFile",
        "benchlint.catalog",
        "benchlint.secretsList",
        "benchlint.globs",
        "benchlint.osmosisPath",
    ]
    assert untrusted["description"]


def test_refreshing_workspace_data_is_never_offered_in_restricted_mode() -> None:
    """The palette command is disabled until the workspace is trusted (the extension's
    middleware refuses the server's command there too: src/refresh.ts, its unit test), and
    the CLI it runs is a machine setting: a workspace cannot name it."""
    contributes = package_json()["contributes"]
    [command] = [c for c in contributes["commands"] if c["command"].endswith("WorkspaceData")]
    assert command == {
        "command": "benchlint.refreshWorkspaceData",
        "title": "Refresh workspace data",
        "category": "benchlint",
        "enablement": "isWorkspaceTrusted",
    }
    assert contributes["configuration"]["properties"]["benchlint.osmosisPath"]["scope"] == "machine"


def test_every_setting_that_names_a_file_is_restricted() -> None:
    """In Restricted Mode a workspace may not choose a file for benchlint to run or read (a
    program, a settings file, a catalog or secret list outside it, the files served): every
    setting whose description speaks of a path, a relative path or a glob is restricted, and
    the extension's own list (`RESTRICTED_SETTINGS`, which filters what the server is sent)
    is the same list."""
    properties = package_json()["contributes"]["configuration"]["properties"]
    naming = {
        key
        for key, schema in properties.items()
        if re.search(
            r"relative|path to|glob",
            schema.get("markdownDescription") or schema.get("description", ""),
            re.IGNORECASE,
        )
    }
    restricted = set(
        package_json()["capabilities"]["untrustedWorkspaces"]["restrictedConfigurations"]
    )
    assert naming <= restricted
    source = (EXTENSION / "src" / "trust.ts").read_text("utf-8")
    listed = re.search(r"RESTRICTED_SETTINGS: readonly string\[\] = \[(.*?)\]", source, re.S)
    assert listed is not None
    assert {f"benchlint.{name}" for name in re.findall(r'"(\w+)"', listed.group(1))} == restricted


def test_grammar_is_contributed_for_toml() -> None:
    contributes = package_json()["contributes"]
    assert contributes["grammars"] == [
        {"language": "toml", "scopeName": "source.toml", "path": "./syntaxes/toml.tmLanguage.json"}
    ]
    assert "toml" in [language["id"] for language in contributes["languages"]]


def test_grammar_test_file_is_toml_with_every_construct() -> None:
    """The file the grammar's assertions run over is valid TOML 1.0, and means what its names
    say: each construct is really there."""
    data = tomllib.loads((EXTENSION / "test" / "grammar" / "toml-1.0.test.toml").read_text("utf-8"))
    assert data["physical"]["color"] == "orange"
    assert data["site"]["google.com"]["x"] == 2
    assert data['quoted "key" \u00e9'] is False
    assert data["basic"].startswith(
        'tab\t newline\n quote" backslash\\ b\b f\f r\r \u00e9 \U0001f600'
    )
    assert data["literal"] == "C:\\Users\\nodejs\\templates # not a comment"
    assert data["multiline_basic"].endswith('continued, and two quotes before the end""')
    assert data["multiline_literal"].endswith("one quote before the end'")
    assert (data["hex"], data["oct"], data["bin"]) == (0xDEADBEEF, 0o755, 0b11010110)
    assert data["int_underscores"] == 1_000_000 and data["int_negative"] == -17
    assert data["float_both"] == -6.626e-34 and data["float_underscores"] == 224617.445991228
    assert math.isinf(data["infinity_negative"]) and data["infinity_negative"] < 0
    assert math.isnan(data["not_a_number_signed"])
    assert data["offset_hours"] == datetime(
        1979, 5, 27, 0, 32, 0, 999999, tzinfo=timezone(timedelta(hours=-7))
    )
    assert data["offset_space"].tzinfo is not None
    assert data["local_date_time"] == datetime(1979, 5, 27, 7, 32, 0, 500000)
    assert data["local_date"] == date(1979, 5, 27)
    assert data["local_time"] == time(0, 32, 0, 999999)
    assert data["nested"] == [[1, 2], ["a", "b"], [{"x": 1}]]
    assert data["multi_line"][:2] == ["first", date(2024, 1, 1)]
    assert data["point"] == {"x": 1, "y": {"z": 2}, "q": {"r": [True]}}
    assert data["dog"]["tater.man"]["x y"]["indented"] == "keys may be indented"
    assert [fruit["name"] for fruit in data["fruits"]] == ["apple", "banana"]
    assert data["fruits"][1]["varieties"] == [{"name": "cavendish"}]
    assert data["literal name"] == [{"id": 1}]


def test_vsix_holds_only_what_a_user_needs(vsix: Path, extension_dir: Path) -> None:
    listed = run(["npx", "vsce", "ls", "--no-dependencies"], extension_dir, timeout=120)
    assert set(listed.stdout.split()) == VSIX_FILES
    with zipfile.ZipFile(vsix) as archive:
        names = {name for name in archive.namelist() if name.startswith("extension/")}
    packaged = {name.removeprefix("extension/") for name in names}
    # vsce renames the README and the licence inside the archive.
    renamed = {"readme.md": "README.md", "LICENSE.txt": "LICENSE"}
    assert {renamed.get(name, name) for name in packaged} == VSIX_FILES
    assert not any(name.endswith(".map") for name in packaged)


def test_readme_states_the_vsix_size(vsix: Path) -> None:
    """The README gives the .vsix's size; it stays right to within a few KB."""
    readme = (EXTENSION / "README.md").read_text("utf-8")
    stated = re.search(r"The \.vsix is about (\d+) KB", readme)
    assert stated, "the README does not state the .vsix's size"
    actual_kb = vsix.stat().st_size / 1024
    assert abs(actual_kb - int(stated[1])) <= 10, f"the .vsix is {actual_kb:.0f} KB"


def test_vsix_bundle_has_no_source_map_reference(vsix: Path) -> None:
    with zipfile.ZipFile(vsix) as archive:
        bundle = archive.read("extension/dist/extension.js").decode("utf-8")
    assert "sourceMappingURL" not in bundle
