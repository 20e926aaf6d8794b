"""benchlint: validation and linting for Osmosis benchmark-run configs."""

from __future__ import annotations

from .api import ConfigError, lint_file, lint_text, load_config
from .core.diagnostic import Diagnostic, Edit, Fix, Position, Range, Related
from .core.version import __version__
from .lint.settings import Settings, SettingsError, Workspace

__all__ = [
    "ConfigError",
    "Diagnostic",
    "Edit",
    "Fix",
    "Position",
    "Range",
    "Related",
    "Settings",
    "SettingsError",
    "Workspace",
    "__version__",
    "lint_file",
    "lint_text",
    "load_config",
]
