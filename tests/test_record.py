"""`core.record.NamedTuple` makes the class typing.NamedTuple makes of the same body, and no
module makes its named tuples with typing's at run time."""

from __future__ import annotations

import ast
import copy
import pickle
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest

from benchlint.core import record

SOURCE = Path(__file__).resolve().parents[1] / "src" / "benchlint"


def _both(body: str) -> tuple[Any, Any]:
    """The class `Sample` with `body`, made by typing.NamedTuple and by core.record's."""
    made = []
    for base in (typing.NamedTuple, record.NamedTuple):
        namespace: dict[str, Any] = {"Base": base, "__name__": __name__}
        exec(f"class Sample(Base):\n{body}", namespace)
        made.append(namespace["Sample"])
    return made[0], made[1]


BODIES = {
    "one field": "    a: int\n",
    "defaults": "    a: int\n    b: str = 'b'\n    c: tuple = ()\n",
    "methods": (
        '    """A documented sample."""\n'
        "    line: int\n    column: int = 1\n"
        "    def shifted(self, by: int) -> 'Sample':\n"
        "        return self._replace(column=self.column + by)\n"
        "    @property\n    def pair(self) -> tuple:\n        return (self.line, self.column)\n"
        "    @staticmethod\n    def origin() -> int:\n        return 0\n"
        "    LIMIT = 3\n"
    ),
    "24 fields": "".join(f"    f{i}: int = {i}\n" for i in range(24)),
}


@pytest.mark.parametrize("body", BODIES.values(), ids=BODIES.keys())
def test_a_class_behaves_as_typings(body: str) -> None:
    theirs, ours = _both(body)
    assert type(ours) is type(theirs) is type
    assert ours.__mro__[1:] == theirs.__mro__[1:] == (tuple, object)
    for attribute in ("_fields", "_field_defaults", "__match_args__", "__doc__", "__module__"):
        assert getattr(ours, attribute) == getattr(theirs, attribute), attribute
    assert ours.__qualname__ == theirs.__qualname__ == "Sample"
    assert ours.__slots__ == ()
    names = ours._fields
    values = list(range(100, 100 + len(names)))
    for build in (
        lambda cls: cls(*values),
        lambda cls: cls(**dict(zip(names, values, strict=True))),
        lambda cls: cls(values[0]) if len(ours._field_defaults) >= len(names) - 1 else cls(*values),
        lambda cls: cls._make(values),
    ):
        mine, reference = build(ours), build(theirs)
        assert tuple(mine) == tuple(reference)
        assert repr(mine) == repr(reference)
        assert mine._asdict() == reference._asdict()
        assert tuple(mine._replace(**{names[-1]: -1})) == tuple(
            reference._replace(**{names[-1]: -1})
        )
        assert [getattr(mine, name) for name in names] == list(mine)
        assert hash(mine) == hash(tuple(mine)) and mine == tuple(mine)
    for method in ("shifted", "pair", "origin", "LIMIT"):
        assert hasattr(ours, method) == hasattr(theirs, method)


def test_the_errors_are_typings() -> None:
    theirs, ours = _both(BODIES["defaults"])
    for call in (
        lambda cls: cls(),
        lambda cls: cls(1, 2, 3, 4),
        lambda cls: cls(1, d=2),
        lambda cls: cls._make([1]),
        lambda cls: cls(1)._replace(z=1),
    ):
        with pytest.raises(Exception) as expected:
            call(theirs)
        with pytest.raises(type(expected.value)) as got:
            call(ours)
        assert str(got.value) == str(expected.value)
    with pytest.raises(AttributeError):
        _both("    a: int\n    def _replace(self): ...\n")
    with pytest.raises(TypeError):
        _both("    a: int = 1\n    b: int\n")


class Picklable(record.NamedTuple):
    a: int
    b: str = "b"


def test_instances_pickle_and_copy() -> None:
    value = Picklable(1)
    assert pickle.loads(pickle.dumps(value)) == value
    assert type(pickle.loads(pickle.dumps(value))) is Picklable
    assert copy.deepcopy(value) == value and copy.copy(value) is not None


def _runtime_typing_named_tuples(tree: ast.Module) -> list[int]:
    """Lines that import typing.NamedTuple outside an `if TYPE_CHECKING:` block."""
    found = []
    for node in tree.body:
        if (
            isinstance(node, ast.ImportFrom)
            and node.module == "typing"
            and any(alias.name == "NamedTuple" for alias in node.names)
        ):
            found.append(node.lineno)
    return found


def test_no_module_makes_named_tuples_with_typings() -> None:
    offenders = {
        str(path.relative_to(SOURCE)): lines
        for path in sorted(SOURCE.rglob("*.py"))
        if path.name != "record.py"
        and (lines := _runtime_typing_named_tuples(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert offenders == {}
    assert _runtime_typing_named_tuples(ast.parse("from typing import Any, NamedTuple\n")) == [1]


def test_a_check_compiles_no_source_text(tmp_path: Path) -> None:
    """No typing forward reference (`ForwardRef` compiles its text; the first `compile` of a
    process costs millions of instructions) nor any other source text is compiled by a run."""
    config = tmp_path / "configs" / "benchmark" / "a.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[experiment]\nbenchmark = "hle"\n[[agents]]\nharness = "terminus-2"\n')
    probe = (
        "import builtins, sys\n"
        "real = builtins.compile\n"
        "texts = []\n"
        "def counting(source, filename, *args, **kwargs):\n"
        "    if filename == '<string>': texts.append(str(source)[:60])\n"
        "    return real(source, filename, *args, **kwargs)\n"
        "builtins.compile = counting\n"
        "from benchlint.cli.main import main\n"
        "try:\n    main(['check', '--no-color', sys.argv[1]])\n"
        "except SystemExit:\n    pass\n"
        "print('COMPILED', texts, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(config)], capture_output=True, text=True, check=False
    )
    assert "COMPILED []" in done.stderr, done.stderr[-2000:]
