"""Setting names as written in settings files (`benchlint.toml`, `[tool.benchlint]`), and the
`Settings` field each one fills: the one table the settings reader and the rule pages (which
show the settings an example needs) both use."""

from __future__ import annotations

FILE_KEYS = {
    "profile": "profile",
    "select": "select",
    "ignore": "ignore",
    "fail-on": "fail_on",
    "catalog": "catalogs",
    "extra-harnesses": "extra_harnesses",
    "max-file-size": "max_file_size",
    "severity": "severity",
    "per-file-ignores": "per_file_ignores",
    "secrets-list": "secrets_lists",
    "max-attempts": "max_attempts",
    "follow-symlinks": "follow_symlinks",
    "workspace-max-age": "workspace_max_age",
}
FIELD_KEYS = {field: key for key, field in FILE_KEYS.items()}
