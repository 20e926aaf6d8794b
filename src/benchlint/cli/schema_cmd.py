"""`benchlint schema`: the config file's JSON Schema on stdout (`--report`: the JSON
report's; `--workspace`: workspace data's, what `--catalog` and `--secrets-list` read)."""

from __future__ import annotations

import argparse
import sys


def print_schema(args: argparse.Namespace) -> int:
    # pydantic writes both schemas: only this command pays for importing it.
    if args.workspace:
        from ..domain.workspace_schema import schema_text
    elif args.report:
        from ..report.schema import schema_text
    else:
        from ..structure.jsonschema import schema_text
    sys.stdout.write(schema_text())
    return 0
