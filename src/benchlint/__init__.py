"""benchlint: validation and linting for Osmosis benchmark-run configs."""

from __future__ import annotations

from .api import ConfigError, lint_file, lint_text, load_config, plan_text
from .core.diagnostic import Diagnostic, Edit, Fix, Position, Range, Related
from .core.version import __version__
from .lint.plan import Plan
from .lint.settings import Settings, SettingsError, Workspace

__all__ = [
    "ConfigError",
    "Diagnostic",
    "Edit",
    "Fix",
    "Plan",
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
    "plan_text",
]
