"""The editor settings tables (docs/editors.md, the extension's README) agree with the
settings package.json contributes, and its `tomlValidation` covers what the server serves."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from benchlint.core.globs import glob_match

from .conftest import EXTENSION, ROOT
from .test_vscode_extension import EXTENSION_ONLY, contributed_settings

ROW = re.compile(r"^\| `benchlint\.(?P<name>[\w.]+)` \| (?P<rest>.*)\|$", re.MULTILINE)


def _rows(text: str) -> dict[str, list[str]]:
    return {m["name"]: [c.strip() for c in m["rest"].split(" | ")] for m in ROW.finditer(text)}


def test_the_readme_table_lists_every_setting_with_its_default() -> None:
    rows = _rows((EXTENSION / "README.md").read_text("utf-8"))
    settings = contributed_settings()
    assert sorted(rows) == sorted(settings)
    for name, (default, *_) in rows.items():
        expected = json.dumps(settings[name].get("default"), ensure_ascii=False)
        assert json.loads(default.strip("`")) == json.loads(expected), name


def test_the_editors_guide_lists_every_server_setting() -> None:
    text = (ROOT / "docs" / "editors.md").read_text("utf-8")
    rows = _rows(text)
    settings = contributed_settings()
    assert sorted(rows) == sorted(set(settings) - EXTENSION_ONLY)
    for name in EXTENSION_ONLY:  # named where the guide says they are the extension's own
        assert f"`benchlint.{name}`" in text.split("Extension-only settings", 1)[1][:200]
    for name, (_kind, default, *_) in rows.items():
        literal = settings[name].get("default")
        if literal not in (None, "") and default.startswith("`"):  # a literal default
            assert json.loads(default.strip("`")) == literal, name


# Even Better TOML turns each `fileMatch` entry into the glob `**/` + entry (its
# editors/vscode/src/tomlValidation.ts), where `*` stays within one folder.
def _schema_globs() -> list[str]:
    package: dict[str, Any] = json.loads((EXTENSION / "package.json").read_text("utf-8"))
    globs: list[str] = []
    for rule in package["contributes"]["tomlValidation"]:
        matches = rule["fileMatch"] if isinstance(rule["fileMatch"], list) else [rule["fileMatch"]]
        globs += [f"**/{m.lstrip('/')}" for m in matches]
    return globs


@pytest.mark.parametrize(
    "path",
    [
        "configs/benchmark/a.toml",
        "configs/benchmark/team/a.toml",
        "repo/configs/benchmark/team/nightly/a.toml",
    ],
)
def test_toml_validation_covers_the_files_the_server_serves(path: str) -> None:
    (served,) = contributed_settings()["globs"]["default"]
    assert glob_match(served, path)
    assert any(glob_match(glob, path) for glob in _schema_globs()), path


def test_toml_validation_covers_nothing_else() -> None:
    for path in ("configs/other/a.toml", "pyproject.toml", "configs/benchmark/a.json"):
        assert not any(glob_match(glob, path) for glob in _schema_globs()), path
