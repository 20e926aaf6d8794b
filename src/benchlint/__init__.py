"""benchlint: validation and linting for Osmosis benchmark-run configs."""

from __future__ import annotations

from .api import ConfigError, lint_file, lint_text, load_config, plan_text, refuses
from .core.diagnostic import Diagnostic, Edit, Fix, Position, Range, Related
from .core.version import __version__
from .lint.settings import Settings, SettingsError, Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .lint.plan import Plan


def __getattr__(name: str) -> object:
    # `Plan` is imported when asked for: `benchlint check` never needs it at start-up.
    if name == "Plan":
        from .lint.plan import Plan

        return Plan
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    "refuses",
]
