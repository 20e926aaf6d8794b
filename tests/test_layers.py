"""The package's layers, read from the imports themselves (AST), function-local ones included.

A package may import from its own layer and the layers below it, never above; `devtools`
may import anything and nothing imports it; and no module imports itself back through a
chain of others (a cycle held off by a function-local import is still a cycle). Imports under
`if TYPE_CHECKING:` count for the layers (they say what a module knows about) but not for
cycles (they never run).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import NamedTuple

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "benchlint"

# Lowest first. A module's layer is that of its first package under benchlint/.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"core"}),
    frozenset({"parsing"}),
    frozenset({"secrets"}),
    frozenset({"domain"}),
    frozenset({"structure"}),
    frozenset({"lint", "rules"}),
    frozenset({"report"}),
    frozenset({"cli", "lsp", "workspace"}),
    frozenset({"api", "__init__", "__main__"}),  # the public facade
)
FREE = "devtools"  # may import anything; nothing may import it


class Import(NamedTuple):
    source: str  # importing module, dotted
    target: str  # imported module, dotted
    line: int
    typing_only: bool


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ["benchlint", *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports() -> list[Import]:
    found = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text("utf-8"))
        typing_only = {
            id(node)
            for block in ast.walk(tree)
            if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
            for node in ast.walk(block)
        }
        here = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                base = here[: len(here) - node.level + 1] if node.level else []
                stem = ".".join([*base, *([node.module] if node.module else [])])
                for alias in node.names:  # `from . import x` may name a module
                    candidate = f"{stem}.{alias.name}"
                    targets.append(candidate if candidate in MODULES else stem)
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            for target in targets:
                if target.startswith("benchlint") and target != module:
                    found.append(Import(module, target, node.lineno, id(node) in typing_only))
    return found


IMPORTS = _imports()


def _package(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "__init__"
    return parts[1]


def _layer(module: str) -> int:
    package = _package(module)
    for index, layer in enumerate(LAYERS):
        if package in layer:
            return index
    raise AssertionError(f"{module}: package `{package}` has no layer in tests/test_layers.py")


def test_every_package_has_a_layer() -> None:
    for module in MODULES:
        if _package(module) != FREE:
            _layer(module)


def test_no_import_reaches_up_a_layer() -> None:
    upward = [
        f"{i.source}:{i.line} imports {i.target}"
        for i in IMPORTS
        if FREE not in (_package(i.source), _package(i.target))
        and _layer(i.target) > _layer(i.source)
    ]
    assert not upward, "imports from a higher layer:\n" + "\n".join(upward)


def test_nothing_imports_devtools() -> None:
    users = [
        f"{i.source}:{i.line}"
        for i in IMPORTS
        if _package(i.target) == FREE and _package(i.source) != FREE
    ]
    assert not users, f"devtools is for the repository only, not run time: {users}"


def _cycles() -> list[list[str]]:
    graph: dict[str, set[str]] = {module: set() for module in MODULES}
    for item in IMPORTS:
        if not item.typing_only and item.target in graph:
            graph[item.source].add(item.target)
    # Tarjan's strongly connected components: any component of two or more is a cycle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in graph[node]:
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return cycles


def test_no_import_cycles() -> None:
    assert _cycles() == []


@pytest.mark.parametrize(
    ("source", "target", "expected"),
    [
        ("benchlint.core.text", "benchlint.lint.rule", True),  # up: refused
        ("benchlint.lint.engine", "benchlint.core.text", False),  # down: fine
        ("benchlint.rules.bl101_unknown_key", "benchlint.lint.context", False),  # same layer
    ],
)
def test_the_layer_order_reads_as_documented(source: str, target: str, expected: bool) -> None:
    assert (_layer(target) > _layer(source)) is expected
