"""Write, or check, every file the repository generates from code.

    python -m benchlint.generate          # rewrite the generated files
    python -m benchlint.generate --check  # exit 1, naming the stale files, if any differs

Each generator module has `generated_files() -> dict[str, str]` (repository-relative path →
content). The tests run `--check`, so a stale schema or rule page fails the build with the
command to run.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

GENERATORS = ("benchlint.schema", "benchlint.docsgen", "benchlint.specgen")
COMMAND = "python -m benchlint.generate"


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__)
    parser.add_argument("--check", action="store_true", help="only report stale files")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2])
    args = parser.parse_args(argv)
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
