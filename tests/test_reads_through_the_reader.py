"""Every file benchlint reads is read by `core.reading`, which announces its name and hands
its text to the output masker before anything about it can be printed. A module that reads
a file another way (`Path.read_text`, `open(...)` for reading) would let that file's text
reach output unknown to the masker: a workspace meta file's version, once, did. Read from the
source (AST); the few reads that never reach output are named here, with why."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "benchlint"

# (module path under the package, function) -> why it may read directly
ALLOWED = {
    ("core/reading.py", "read_file"): "the reader itself",
    ("domain/catalog/store.py", "bundled_catalog"): "the package's own bundled catalog",
    ("domain/workspace_cache.py", "committed"): "git's index, only searched for one name",
}
READ_METHODS = {"read_text", "read_bytes"}


def _reads(tree: ast.AST) -> list[tuple[str, int]]:
    """(enclosing function, line) of each direct read in a module."""
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if isinstance(node, ast.Call) and _is_read(node):
            found.append((function, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "<module>")
    return found


def _is_read(call: ast.Call) -> bool:
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in READ_METHODS:
        return True
    opens = (isinstance(func, ast.Name) and func.id == "open") or (
        isinstance(func, ast.Attribute) and func.attr in {"fdopen"}
    )
    if not opens:
        return False
    mode = call.args[1] if len(call.args) > 1 else None
    for keyword in call.keywords:
        if keyword.arg == "mode":
            mode = keyword.value
    if mode is None:
        return True  # open(path): reading
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return "r" in mode.value or "+" in mode.value
    return True  # a mode worked out at run time: say why in ALLOWED


def test_every_read_goes_through_the_reader() -> None:
    direct = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).as_posix()
        if module.startswith("devtools/"):  # the project's own build tools, never shipped output
            continue
        for function, line in _reads(ast.parse(path.read_text("utf-8"))):
            if (module, function) not in ALLOWED:
                direct.append(f"{module}:{line} in {function}()")
    assert direct == []


def test_the_allowed_reads_still_exist() -> None:
    """An entry for a read that is gone would let a new one in under its name."""
    for module, function in ALLOWED:
        tree = ast.parse((PACKAGE / module).read_text("utf-8"))
        assert any(name == function for name, _ in _reads(tree)), (module, function)


def test_the_check_recognises_each_way_of_reading() -> None:
    source = """
def f(p):
    p.read_text("utf-8"); p.read_bytes(); open(p); open(p, "rb"); open(p, mode="r+")
    os.fdopen(3, "r"); open(p, "w"); os.fdopen(3, "wb")
"""
    assert [line for _, line in _reads(ast.parse(source))] == [3, 3, 3, 3, 3, 4]
