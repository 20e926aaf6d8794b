"""`benchlint schema`: the config file's JSON Schema on stdout."""

from __future__ import annotations

import argparse
import sys


def print_schema(args: argparse.Namespace) -> int:
    from ..structure.jsonschema import schema_text  # pydantic: only this command needs it

    sys.stdout.write(schema_text())
    return 0
