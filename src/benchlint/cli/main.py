"""The `benchlint` command line: argument parsing and dispatch.

Exit status: 0 nothing at or above --fail-on; 1 something is; 2 a usage error, an unreadable
path or an internal error (one line on stderr; the traceback only with --verbose).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .. import __version__

FORMATS = ("text", "concise", "json", "sarif", "github")


class UsageError(Exception):
    """A problem with what the user asked for; printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; given the command the arguments start with, only that command's (argparse
    spends about a millisecond per subcommand, and `check` runs on every commit)."""
    parser = _Parser(
        prog="benchlint",
        description="Validate and lint Osmosis benchmark-run configs (configs/benchmark/*.toml).",
    )
    parser.add_argument("--version", action="version", version=f"benchlint {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, add in _COMMANDS.items():
        if command not in _COMMANDS or command == name:
            add(commands)
    return parser


def _add_check(commands: Any) -> None:
    check = commands.add_parser("check", help="lint files, folders or standard input")
    check.add_argument("paths", nargs="*", metavar="PATH", help='files, folders, or "-" for stdin')
    check.add_argument(
        "--format", choices=FORMATS, default=None, help="output format (default: text)"
    )
    check.add_argument("--fix", action="store_true", help="apply safe fixes")
    check.add_argument("--unsafe-fixes", action="store_true", help="also apply unsafe fixes")
    check.add_argument(
        "--diff", action="store_true", help="print the fixes as a diff; write nothing"
    )
    check.add_argument("--select", metavar="CODES", help="codes or prefixes to enable (BL2,BL305)")
    check.add_argument("--ignore", metavar="CODES", help="codes or prefixes to disable")
    check.add_argument("--fail-on", choices=("error", "warning", "info", "never"), default=None)
    check.add_argument("--profile", metavar="NAME", help="docs (default) or osmosis-0.3.8")
    check.add_argument(
        "--catalog",
        metavar="FILE",
        action="append",
        default=[],
        help="a saved `osmosis --json benchmark info/list` file (repeatable)",
    )
    check.add_argument("--config", metavar="FILE", help="settings file (instead of discovery)")
    check.add_argument("--stdin-filename", metavar="NAME", help='the path to report for "-"')
    check.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE")
    check.add_argument("--no-color", action="store_true", help="never colour the output")
    check.add_argument("--quiet", action="store_true", help="no summary line")
    check.add_argument(
        "--statistics", action="store_true", help="counts per rule instead of each diagnostic"
    )
    check.add_argument("--verbose", action="store_true", help="tracebacks for internal errors")


def _add_rule(commands: Any) -> None:
    rule = commands.add_parser("rule", help="show one rule's documentation")
    rule.add_argument("code", metavar="CODE|NAME")


def _add_rules(commands: Any) -> None:
    rules = commands.add_parser("rules", help="list every rule")
    rules.add_argument("--format", choices=("text", "json"), default="text")


def _add_catalog(commands: Any) -> None:
    catalog = commands.add_parser("catalog", help="what benchlint knows about benchmarks")
    catalog.add_argument("key", nargs="?", metavar="KEY", help="one benchmark (key, name or ID)")
    catalog.add_argument(
        "--catalog",
        metavar="FILE",
        action="append",
        default=[],
        help="a saved `osmosis --json benchmark info/list` file (repeatable)",
    )
    catalog.add_argument("--format", choices=("text", "json"), default="text")


def _add_schema(commands: Any) -> None:
    commands.add_parser("schema", help="print the JSON Schema of the config file")


def _add_lsp(commands: Any) -> None:
    lsp = commands.add_parser("lsp", help="run the language server on stdio")
    # Many editors' clients pass --stdio; stdio is the only transport, so it is accepted as is.
    lsp.add_argument("--stdio", action="store_true", help=argparse.SUPPRESS)


_COMMANDS: dict[str, Callable[[Any], None]] = {
    "check": _add_check,
    "rule": _add_rule,
    "rules": _add_rules,
    "catalog": _add_catalog,
    "schema": _add_schema,
    "lsp": _add_lsp,
}


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    verbose = "--verbose" in args_list
    try:
        command = args_list[0] if args_list else None
        args = build_parser(command).parse_args(args_list)
        return _dispatch(args)
    except UsageError as error:
        return _fail(str(error))
    except KeyboardInterrupt:
        return _fail("interrupted")
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 2
    except Exception as error:  # the promise: one line, never a traceback (unless asked)
        if verbose:
            raise
        from ..secrets.redaction import redact

        return _fail(
            f"internal error: {type(error).__name__}: {redact(str(error))} "
            "(run again with --verbose for the traceback)"
        )


def _fail(message: str) -> int:
    from ..report import printable  # a path that is not UTF-8 is shown escaped

    print(f"benchlint: {printable(message)}", file=sys.stderr)
    return 2


def _dispatch(args: argparse.Namespace) -> int:
    if args.command == "check":
        from .check import run_check

        return run_check(args)
    if args.command == "rule":
        from .rules_cmd import show_rule

        return show_rule(args.code)
    if args.command == "rules":
        from .rules_cmd import list_rules

        return list_rules(args.format)
    if args.command == "catalog":
        from .catalog_cmd import show_catalog

        return show_catalog(args)
    if args.command == "schema":
        from ..structure.jsonschema import print_schema

        return print_schema()
    if args.command == "lsp":
        from ..lsp.server import run_server

        run_server()
        return 0
    build_parser().print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
