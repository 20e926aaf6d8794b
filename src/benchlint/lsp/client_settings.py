"""The editor's settings (section `benchlint` of `workspace/configuration`) as a typed model.

Names are the camelCase keys of the VS Code extension (`benchlint.extraHarnesses`). An unknown
key or a value of the wrong type is an error the user sees, never silently ignored; the keys
the editor extension itself consumes (how to start the server) are let through.
"""

from __future__ import annotations

import difflib
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.globs import glob_problem
from .selection import DEFAULT_GLOBS

DEFAULT_DEBOUNCE_MS = 150
# Settings the editor extension reads to start the server; the server has no use for them.
CLIENT_ONLY_KEYS = frozenset({"path", "interpreter", "trace", "serverArgs"})


class ClientSettingsError(ValueError):
    """Settings the server cannot use; the message names the key and what is wrong."""


class ClientSettings(BaseModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(
        extra="forbid", frozen=True, populate_by_name=True, strict=True
    )

    enable: bool = Field(True, description="Lint, complete and hover benchmark configs.")
    profile: str | None = Field(None, description="Rule profile: `docs` or `osmosis-0.3.8`.")
    select: list[str] | None = Field(None, description="Codes or prefixes to enable.")
    ignore: list[str] | None = Field(
        None, description="Codes or prefixes to disable, added to the settings file's."
    )
    catalog: list[str] | None = Field(
        None, description="Catalog files (relative to the workspace folder), added to the file's."
    )
    extra_harnesses: list[str] | None = Field(
        None, alias="extraHarnesses", description="More harness names to accept."
    )
    secrets_list: list[str] | None = Field(
        None,
        alias="secretsList",
        description="Saved `osmosis --json secret list` files (relative to the workspace "
        "folder), added to the settings file's.",
    )
    max_attempts: int | None = Field(
        None, alias="maxAttempts", ge=1, description="Run budget: BL505 above this many attempts."
    )
    severity: dict[str, Literal["error", "warning", "info"]] | None = Field(
        None, description="Per-rule severity, over the settings file's."
    )
    max_file_size: int | None = Field(
        None, alias="maxFileSize", ge=1, description="Largest file checked, in bytes."
    )
    config_file: str | None = Field(
        None,
        alias="configFile",
        description="A settings file to use instead of discovery (like `--config`).",
    )
    osmosis_path: str | None = Field(
        None,
        alias="osmosisPath",
        description='The Osmosis CLI that "Refresh workspace data" runs (default: `osmosis` '
        "on PATH). Read from user settings only in VS Code.",
    )
    debounce: int = Field(
        DEFAULT_DEBOUNCE_MS,
        ge=0,
        le=60_000,
        description="Milliseconds to wait after a change before linting (0: at once).",
    )
    globs: list[str] = Field(
        default_factory=lambda: list(DEFAULT_GLOBS),
        description="Documents to serve, besides those whose first line is a `#:schema` "
        "comment naming the benchlint schema.",
    )


_KEYS = {info.alias or name for name, info in ClientSettings.model_fields.items()}


def parse_client_settings(raw: Any) -> ClientSettings:
    """The settings in a `benchlint` section; `None`, `""` or an empty list means "not set"
    (editors' settings UIs store a cleared text field as `""`), except an empty `select`:
    that would turn every rule off, so it is kept, and refused with the other settings."""
    if raw is None:
        return ClientSettings()
    if not isinstance(raw, dict):
        raise ClientSettingsError("benchlint settings must be an object of setting = value")
    values: dict[str, Any] = {}
    for key, value in raw.items():
        empty = value == "" or (value == [] and key != "select")
        if key in CLIENT_ONLY_KEYS or value is None or empty:
            continue
        if key not in _KEYS:
            close = difflib.get_close_matches(str(key), sorted(_KEYS), n=1)
            hint = f"; did you mean `benchlint.{close[0]}`?" if close else ""
            raise ClientSettingsError(f"unknown setting `benchlint.{key}`{hint}")
        values[key] = value
    try:
        settings = ClientSettings.model_validate(values)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ClientSettingsError(
            f"invalid setting `benchlint.{where}`: {first['msg'].lower()}"
        ) from None
    for pattern in settings.globs:
        if (problem := glob_problem(pattern)) is not None:
            raise ClientSettingsError(f"invalid setting `benchlint.globs`: {problem}")
    return settings
