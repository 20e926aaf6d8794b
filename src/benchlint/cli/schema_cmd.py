"""`benchlint schema`: the config file's JSON Schema on stdout (`--report`: the JSON
report's)."""

from __future__ import annotations

import argparse
import sys


def print_schema(args: argparse.Namespace) -> int:
    # pydantic writes both schemas: only this command pays for importing it.
    if args.report:
        from ..report.schema import schema_text
    else:
        from ..structure.jsonschema import schema_text
    sys.stdout.write(schema_text())
    return 0
