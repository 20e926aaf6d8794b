"""The extension's own unit tests (node --test), and its settings kept in step with the
language server's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchlint.domain.profiles import PROFILES
from benchlint.lsp.client_settings import CLIENT_ONLY_KEYS, DEFAULT_DEBOUNCE_MS, ClientSettings
from benchlint.lsp.selection import DEFAULT_GLOBS

from .conftest import EXTENSION, run

# Settings only the extension reads (how to start the server; VS Code's protocol trace).
EXTENSION_ONLY = {"path", "interpreter", "trace.server"}


def contributed_settings() -> dict[str, Any]:
    package = json.loads((EXTENSION / "package.json").read_text("utf-8"))
    properties = package["contributes"]["configuration"]["properties"]
    return {key.removeprefix("benchlint."): value for key, value in properties.items()}


def server_settings() -> set[str]:
    return {info.alias or name for name, info in ClientSettings.model_fields.items()}


def test_unit_tests_pass(extension_dir: Path) -> None:
    result = run(["npm", "test"], extension_dir, timeout=300)
    assert "# fail 0" in result.stdout, result.stdout[-3000:]


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
