"""Names in the docs' prose (inline code outside fenced blocks), and whether each exists.

Kinds: a repository path (`src/benchlint/api.py`, `docs/rules/`), a Python name
(`benchlint.core.text.LineIndex`, `LineIndex.to_offset`, `lint_text()`), a command
(`benchlint check --fix`, `--follow-symlinks`) and an editor setting (`benchlint.globs`)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "benchlint"
DOCUMENTS = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").rglob("*.md")])
TOP_FOLDERS = ("src/", "tests/", "docs/", "schema/", "examples/", "scripts/", "bench/",
               "vscode-extension/", ".ci/", "configs/")  # fmt: skip
_FENCE = re.compile(r"^\s*(```|~~~)")
_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")


class Name(NamedTuple):
    document: Path
    line: int
    text: str


def prose_spans(document: Path) -> Iterator[Name]:
    fenced = False
    for number, line in enumerate(document.read_text("utf-8").splitlines(), 1):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            for match in _SPAN.finditer(line):
                yield Name(document, number, match.group(1).strip())


@cache
def _classes() -> dict[str, list[tuple[str, ast.ClassDef]]]:
    found: dict[str, list[tuple[str, ast.ClassDef]]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append((str(path), node))
    return found


@cache
def _defined_names() -> frozenset[str]:
    names: set[str] = set()
    for path in [*PACKAGE.rglob("*.py"), *(ROOT / "scripts").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
    return frozenset(names)


def _members(node: ast.ClassDef) -> set[str]:
    members: set[str] = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            members.add(item.name)
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            members.add(item.target.id)
        elif isinstance(item, ast.Assign):
            members.update(t.id for t in item.targets if isinstance(t, ast.Name))
    return members


def _module_file(dotted: str) -> Path | None:
    relative = Path(*dotted.split("."))
    for candidate in (
        ROOT / "src" / relative.with_suffix(".py"),
        ROOT / "src" / relative / "__init__.py",
    ):
        if candidate.is_file():
            return candidate
    return None


def python_name_exists(text: str) -> bool:
    """`benchlint.a.b.C.d`, `C.d` (a class of the package and its member) or `f` (defined)."""
    dotted = _CALL_ARGUMENTS.sub("", text)
    parts = dotted.split(".")
    if parts[0] == "benchlint":
        for cut in range(len(parts), 0, -1):  # the longest prefix that is a module
            module = _module_file(".".join(parts[:cut]))
            if module is not None:
                rest = parts[cut:]
                break
        else:
            return False
        if not rest:
            return True
        tree = ast.parse(module.read_text("utf-8"))
        top = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
        if rest[0] not in _top_level_names(tree):
            return False
        if len(rest) == 1:
            return True
        node = top.get(rest[0])
        return node is not None and len(rest) == 2 and rest[1] in _members(node)
    if len(parts) == 2 and parts[0] in _classes():
        return any(parts[1] in _members(node) for _, node in _classes()[parts[0]])
    return len(parts) == 1 and parts[0] in _defined_names()


def _top_level_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.If):  # TYPE_CHECKING imports
            for inner in node.body:
                if isinstance(inner, ast.ImportFrom | ast.Import):
                    names.update((a.asname or a.name).split(".")[0] for a in inner.names)
    return names


SUBPACKAGES = tuple(
    f"{p.name}/" for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"
)
# Repository paths in a doc: this repository's folders, and the package's own (`lint/`).
_PATH = re.compile(
    r"^(?:\.ci/|src/|tests/|docs/|schema/|examples/|scripts/|bench/|vscode-extension/|benchlint/)"
)
# Names a doc shows on purpose that are not this repository's: what the scaffold *writes*
# (BL412), another repository's file, a check name, a misspelt setting in an error message.
EXAMPLES = frozenset(
    {
        "src/benchlint/rules/bl412_judge_model_unknown.py",
        "docs/rules/BL412.md",
        "tests/rules/fixtures/BL412/bad.toml",
        "src/api/json/catalog.json",  # SchemaStore's catalog
        "benchlint/unreadable",  # a GitLab check name
        "benchlint.debonce",  # the settings error's own example of a typo
    }
)
_FILE_NAME = re.compile(r"\.(?:md|toml|json|py|txt|ya?ml|js|ts|vsix|lock)$")
_ALIASES = {"RULE": "Rule"}  # a rule module's `RULE` is a `Rule`
_CALL_ARGUMENTS = re.compile(r"\([^()]*\)")
_PYTHON = re.compile(
    r"^(?:benchlint(?:\.\w+(?:\(\))?)+|[A-Z][A-Za-z0-9]+(?:\(\))?\.[a-z_]\w*(?:\(\))?|[a-z_]\w*\(\))$"
)


@cache
def _protocol_methods() -> frozenset[str]:
    """LSP's method names (`workspace/configuration`): not paths, whatever folder they match."""
    import lsprotocol.types

    values = (getattr(lsprotocol.types, name) for name in dir(lsprotocol.types))
    return frozenset(v for v in values if isinstance(v, str) and "/" in v)


def is_repository_path(text: str) -> bool:
    if text in _protocol_methods():
        return False
    return bool(_PATH.match(text) or text.startswith(SUBPACKAGES))


def repository_path_exists(text: str, document: Path) -> bool:
    path = text.split()[0].split(":")[0].rstrip("/")  # `bench/x.py [--quick]`, `a.py:12`
    if path in EXAMPLES or any(c in path for c in "*{<…"):
        return True
    if path.startswith("benchlint/"):
        path = "src/" + path
    elif path.startswith(SUBPACKAGES):
        path = "src/benchlint/" + path
    for base in (ROOT, document.parent):
        if (base / path).exists() or (base / f"{path}.py").exists():
            return True
    # `domain/constants.VALIDATORS`: a module and a name in it
    module, _, name = path.rpartition(".")
    if module and (ROOT / f"{module}.py").is_file():
        dotted = module.removeprefix("src/").replace("/", ".")
        return python_name_exists(f"{dotted}.{name}")
    return False


def _reference(text: str) -> str:
    """The name a span refers to: call arguments dropped; after a function's call, nothing
    (its result's attributes are not names), after a class's, its instance's members."""
    head, paren, _ = text.partition("(")
    if paren and not head.rpartition(".")[2][:1].isupper():
        return head
    return _CALL_ARGUMENTS.sub("", text)


def is_python_name(text: str) -> bool:
    if text in EXAMPLES or _FILE_NAME.search(text) or is_editor_setting(text):
        return False
    return bool(_PYTHON.match(_CALL_ARGUMENTS.sub("()", text).replace("()()", "()")))


def python_reference_exists(text: str) -> bool:
    name = _reference(text)
    first, dot, rest = name.partition(".")
    return python_name_exists(f"{_ALIASES.get(first, first)}{dot}{rest}")


def is_editor_setting(text: str) -> bool:
    """`benchlint.globs`, `benchlint.trace.server`: not a module of the package."""
    if not text.startswith("benchlint.") or _FILE_NAME.search(text) or "(" in text:
        return False
    first = text.split(".")[1]
    if "_" in first:  # settings are camelCase; `benchlint.lint_text` is Python
        return False
    return (
        not (PACKAGE / first).is_dir()
        and not (PACKAGE / f"{first}.py").is_file()
        and (
            first not in {"Settings", "Workspace", "Diagnostic"}
            and first not in _top_level_names(ast.parse((PACKAGE / "__init__.py").read_text()))
        )
    )


@cache
def editor_settings() -> frozenset[str]:
    import json

    package = json.loads((ROOT / "vscode-extension" / "package.json").read_text("utf-8"))
    return frozenset(package["contributes"]["configuration"]["properties"])


_CLASS = re.compile(r"^[A-Z][a-z0-9]+[A-Z]\w*$")


def is_class_name(text: str) -> bool:
    return bool(_CLASS.match(text))


def class_name_exists(text: str) -> bool:
    """Ours, Python's, or one of the two libraries the docs name types of (pydantic, LSP)."""
    import builtins

    import lsprotocol.types
    import pydantic

    return (
        text in _defined_names()
        or hasattr(builtins, text)
        or hasattr(pydantic, text)
        or hasattr(lsprotocol.types, text)
    )


def command_problem(text: str) -> str | None:
    """Why a `benchlint ...` span is not a command benchlint has, or None."""
    import argparse

    from benchlint.cli.main import build_parser

    parser = build_parser()
    commands: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            commands = dict(action.choices)
    words = text.split()
    command = commands.get(words[1]) if len(words) > 1 else None
    if len(words) > 1 and not words[1].startswith("-") and command is None:
        return f"no command `{words[1]}`"
    known = {o for a in parser._actions for o in a.option_strings}
    if command is not None:
        known |= {o for a in command._actions for o in a.option_strings}
    for word in words[1:]:
        flag = word.split("=")[0]
        if flag.startswith("--") and flag not in known:
            return f"no option `{flag}`"
    return None
