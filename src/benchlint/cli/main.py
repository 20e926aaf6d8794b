"""The `benchlint` command line: argument parsing and dispatch.

Exit status: 0 nothing at or above --fail-on; 1 something is; 2 a usage error, an unreadable
path or an internal error (one line on stderr; the traceback only with --verbose).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from ..core.record import NamedTuple
from ..core.version import __version__
from .output import masked_streams
from .usage import UsageError

FORMATS = ("text", "concise", "json", "sarif", "github", "gitlab", "junit")


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter, told the terminal's width by `os` instead of `shutil`: argparse
    makes one for every argument added, and `shutil` imports bz2, lzma and zlib (about 2 ms
    of a one-file check). The width is found as `shutil.get_terminal_size` finds it."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        super().__init__(prog, indent_increment, max_help_position, width or _columns() - 2)


def _columns() -> int:
    """`$COLUMNS` when it is a positive number, else standard output's terminal, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):  # no stdout, closed, or not a terminal
        return 80


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


class Command(NamedTuple):
    """One subcommand: its help line, its arguments and its handler, imported only when the
    command runs (`module:function`, taking the parsed arguments, returning the exit status)."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    handler: str


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; given the command the arguments start with, only that command's (argparse
    spends about a millisecond per subcommand, and `check` runs on every commit)."""
    parser = _Parser(
        prog="benchlint",
        description="Validate and lint Osmosis benchmark-run configs (configs/benchmark/*.toml).",
    )
    parser.add_argument("--version", action="version", version=f"benchlint {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for entry in COMMANDS.values():
        if command not in COMMANDS or command == entry.name:
            entry.add_arguments(subparsers.add_parser(entry.name, help=entry.help))
    return parser


def _check_arguments(check: argparse.ArgumentParser) -> None:
    check.add_argument("paths", nargs="*", metavar="PATH", help='files, folders, or "-" for stdin')
    check.add_argument(
        "--format", choices=FORMATS, default=None, help="output format (default: text)"
    )
    check.add_argument("--fix", action="store_true", help="apply safe fixes")
    check.add_argument(
        "--unsafe-fixes", action="store_true", help="apply the safe and the unsafe fixes"
    )
    check.add_argument(
        "--diff", action="store_true", help="print the fixes as a diff; write nothing"
    )
    check.add_argument(
        "--select",
        metavar="CODES",
        action="extend",
        type=_codes,
        help="codes or prefixes to enable (BL2,BL305; repeatable)",
    )
    check.add_argument(
        "--ignore",
        metavar="CODES",
        action="extend",
        type=_codes,
        help="codes or prefixes to disable (repeatable)",
    )
    check.add_argument("--fail-on", choices=("error", "warning", "info", "never"), default=None)
    _settings_arguments(check)
    check.add_argument("--stdin-filename", metavar="PATH", help='the path to report for "-"')
    check.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE")
    check.add_argument("--no-color", action="store_true", help="never colour the output")
    check.add_argument("--quiet", action="store_true", help="no summary line")
    check.add_argument(
        "--statistics", action="store_true", help="counts per rule instead of each diagnostic"
    )
    check.add_argument("--verbose", action="store_true", help="tracebacks for internal errors")


def _settings_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags that lay settings over each file's settings file (check and plan)."""
    parser.add_argument("--profile", metavar="NAME", help="docs (default) or osmosis-0.3.8")
    parser.add_argument(
        "--catalog",
        metavar="FILE",
        action="append",
        default=[],
        help="a saved `osmosis --json benchmark info/list` file (repeatable)",
    )
    parser.add_argument(
        "--secrets-list",
        metavar="FILE",
        action="append",
        default=[],
        help="a saved `osmosis --json secret list`, or a JSON list of names (repeatable)",
    )
    parser.add_argument(
        "--max-attempts",
        metavar="N",
        type=_positive,
        help="run budget: warn (BL505) when a run's total attempts exceed N",
    )
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="settings file instead of discovery, any name: its [tool.benchlint] table when "
        "it has a [tool] table, else its top-level keys",
    )
    parser.add_argument(
        "--follow-symlinks",
        action="store_true",
        help="read what symbolic links take out of the repository: configs (named, or in "
        "folders it then walks into), settings files, and the catalog and secrets-list files "
        "settings name; a config read through such a link is never fixed",
    )


def _plan_arguments(plan: argparse.ArgumentParser) -> None:
    plan.add_argument("paths", nargs="*", metavar="PATH", help='files, folders, or "-" for stdin')
    plan.add_argument("--format", choices=("text", "json"), default="text")
    _settings_arguments(plan)
    plan.add_argument("--stdin-filename", metavar="PATH", help='the path to report for "-"')
    plan.add_argument("-o", "--output", metavar="FILE", help="write the plans to FILE")
    plan.add_argument("--verbose", action="store_true", help="tracebacks for internal errors")


def _new_arguments(new: argparse.ArgumentParser) -> None:
    new.add_argument(
        "path",
        nargs="?",
        metavar="PATH",
        help='where to write (default configs/benchmark/<key>.toml; a folder; "-" prints it)',
    )
    new.add_argument("--benchmark", required=True, metavar="KEY", help="key, name or ID")
    new.add_argument(
        "--agent",
        metavar="HARNESS:MODEL",
        action="append",
        default=[],
        help="an agent (repeatable): codex:openai/gpt-5.2; :MODEL for the official scaffold",
    )
    _settings_arguments(new)
    new.add_argument("--verbose", action="store_true", help="tracebacks for internal errors")


def _codes(text: str) -> list[str]:
    """One occurrence of a list flag: comma-separated codes (repetitions add up)."""
    return [part.strip() for part in text.split(",") if part.strip()]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _rule_arguments(rule: argparse.ArgumentParser) -> None:
    rule.add_argument("code", metavar="CODE|NAME")


def _rules_arguments(rules: argparse.ArgumentParser) -> None:
    rules.add_argument("--format", choices=("text", "json"), default="text")


def _catalog_arguments(catalog: argparse.ArgumentParser) -> None:
    catalog.add_argument("key", nargs="?", metavar="KEY", help="one benchmark (key, name or ID)")
    catalog.add_argument(
        "--catalog",
        metavar="FILE",
        action="append",
        default=[],
        help="a saved `osmosis --json benchmark info/list` file (repeatable)",
    )
    catalog.add_argument("--format", choices=("text", "json"), default="text")


def _workspace_arguments(workspace: argparse.ArgumentParser) -> None:
    from .workspace_cmd import add_arguments  # only `workspace` needs its arguments

    add_arguments(workspace)


def _schema_arguments(schema: argparse.ArgumentParser) -> None:
    which = schema.add_mutually_exclusive_group()
    which.add_argument(
        "--report",
        action="store_true",
        help="the schema of `check --format json` output instead of the config file's",
    )
    which.add_argument(
        "--workspace",
        action="store_true",
        help="the schema of workspace data instead: the catalog files (`benchmark info` and "
        "`benchmark list` output) and secret lists `--catalog` and `--secrets-list` read, and "
        "what `benchlint.Workspace` accepts",
    )


def _lsp_arguments(lsp: argparse.ArgumentParser) -> None:
    # Many editors' clients pass --stdio; stdio is the only transport, so it is accepted as is.
    lsp.add_argument("--stdio", action="store_true", help=argparse.SUPPRESS)


COMMANDS: dict[str, Command] = {
    command.name: command
    for command in (
        Command(
            "check",
            "lint files, folders or standard input",
            _check_arguments,
            "benchlint.cli.check:run_check",
        ),
        Command(
            "plan",
            "what each run will do: tasks, agents, attempts, total, secrets, rank",
            _plan_arguments,
            "benchlint.cli.plan_cmd:run_plan",
        ),
        Command(
            "new",
            "write a commented config for a benchmark that lints clean",
            _new_arguments,
            "benchlint.cli.new_cmd:run_new",
        ),
        Command(
            "rule",
            "show one rule's documentation",
            _rule_arguments,
            "benchlint.cli.rules_cmd:show_rule",
        ),
        Command("rules", "list every rule", _rules_arguments, "benchlint.cli.rules_cmd:list_rules"),
        Command(
            "catalog",
            "what benchlint knows about benchmarks",
            _catalog_arguments,
            "benchlint.cli.catalog_cmd:show_catalog",
        ),
        Command(
            "workspace",
            "bring your workspace's benchmarks and secret records in through `osmosis`",
            _workspace_arguments,
            "benchlint.cli.workspace_cmd:run_workspace",
        ),
        Command(
            "schema",
            "print the JSON Schema of the config file (or of the JSON report)",
            _schema_arguments,
            "benchlint.cli.schema_cmd:print_schema",
        ),
        Command(
            "lsp",
            "run the language server on stdio",
            _lsp_arguments,
            "benchlint.cli.lsp_cmd:run_lsp",
        ),
    )
}


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    with masked_streams():  # everything printed from here on is masked
        return _run(args_list)


def _run(args_list: list[str]) -> int:
    verbose = "--verbose" in args_list
    try:
        _announce_arguments(args_list)
        command = args_list[0] if args_list else None
        parser = build_parser(command)
        args = parser.parse_args(args_list)
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
        return _fail(
            f"internal error: {type(error).__name__}: {error} "
            "(run again with --verbose for the traceback)"
        )


def _announce_arguments(arguments: list[str]) -> None:
    """Every word of the command line is judged like a name before the parser can quote
    it: a usage error echoes an unknown option, an invalid choice or a stray word, and a
    name a repository gave a file (`git diff --name-only | xargs benchlint check`) may
    start with `-`. An option's name and its value (`--opt=value`, `-ovalue`) are judged
    apart, so that a refused value does not hide the option's name in the help."""
    from ..core.reading import announce

    for argument in arguments:
        pieces: tuple[str, ...] = (argument,)
        if argument.startswith("--"):
            pieces = argument.partition("=")[::2]
        elif argument.startswith("-"):
            pieces = (argument[:2], argument[2:])
        for piece in pieces:
            for name in piece.split("\0"):  # no file is named with one (`main([...])` only)
                if name and name != "-":
                    announce(name)


def _fail(message: str) -> int:
    from ..report import one_line_name  # one line, whatever a file name holds

    print(f"benchlint: {one_line_name(message)}", file=sys.stderr)
    return 2


def _dispatch(args: argparse.Namespace) -> int:
    command = COMMANDS.get(args.command)
    if command is None:
        build_parser().print_help()
        return 2
    module, _, function = command.handler.partition(":")
    handler: Callable[[argparse.Namespace], int] = getattr(
        importlib.import_module(module), function
    )
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
