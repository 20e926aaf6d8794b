"""The version of benchlint: one definition, read by the package metadata (pyproject.toml),
the command line, the language server and the reports."""

__version__ = "0.1.0"
