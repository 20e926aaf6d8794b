"""Write, or check, every file the repository generates from code.

    python -m benchlint.devtools.generate          # rewrite the generated files
    python -m benchlint.devtools.generate --check  # exit 1, naming the stale files, if any differs

Each generator module has `generated_files() -> dict[str, str]` (repository-relative path →
content). The tests run `--check`, so a stale schema or rule page fails the build with the
command to run.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

GENERATORS = (
    "benchlint.structure.jsonschema",
    "benchlint.report.schema",
    "benchlint.domain.workspace_schema",
    "benchlint.devtools.rule_pages",
    "benchlint.devtools.specgen",
)
COMMAND = "python -m benchlint.devtools.generate"


def generated_files() -> dict[str, str]:
    files: dict[str, str] = {}
    for name in GENERATORS:
        files.update(importlib.import_module(name).generated_files())
    return files


def stale_files(root: Path) -> list[str]:
    stale = []
    for relative, content in generated_files().items():
        path = root / relative
        if not path.is_file() or path.read_text("utf-8") != content:
            stale.append(relative)
    return stale


def is_project(folder: Path) -> bool:
    """Whether `folder` holds benchlint's own pyproject.toml (not just any project's)."""
    pyproject = folder / "pyproject.toml"
    try:
        return pyproject.is_file() and 'name = "benchlint"' in pyproject.read_text("utf-8")
    except OSError:
        return False


def project_root(start: Path) -> Path | None:
    """The nearest folder above `start` that is benchlint's project; None from an installed
    package (site-packages has no pyproject.toml of ours, and writing there would be wrong)."""
    return next((folder for folder in start.parents if is_project(folder)), None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__)
    parser.add_argument("--check", action="store_true", help="only report stale files")
    parser.add_argument("--root", type=Path, help="the project folder (default: found upward)")
    args = parser.parse_args(argv)
    root = args.root or project_root(Path(__file__).resolve())
    if root is None or not is_project(root):
        print(
            f"{COMMAND}: no benchlint pyproject.toml above {Path(__file__).parent}: run it from a "
            "clone of the repository (an installed package has no files to generate)",
            file=sys.stderr,
        )
        return 2
    args.root = root
    if args.check:
        stale = stale_files(args.root)
        for relative in stale:
            print(f"stale: {relative} (run `{COMMAND}`)", file=sys.stderr)
        return 1 if stale else 0
    for relative, content in generated_files().items():
        path = args.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text("utf-8") != content:
            path.write_text(content, "utf-8", newline="\n")
            print(f"wrote {relative}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
