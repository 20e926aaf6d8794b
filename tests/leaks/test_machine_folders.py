"""`secrets.output._kept`: which names of a path are the machine's folders, one step per name,
held to the plain reading it replaced (a string per step: a deep path cost its depth
squared), on paths of `..`, `.`, empty and ordinary names, relative and absolute."""

from __future__ import annotations

import os

from hypothesis import given
from hypothesis import strategies as st

from benchlint.secrets.output import _kept

HERE = "/x/a/b"
ELSEWHERE = "/y/a"
NAME = st.sampled_from(["a", "b", "x", "y", "..", ".", ""])


def _reference(path: str, machine: list[str], here: str) -> str:
    holding = set()
    for folder in machine:
        while True:
            holding.add(folder)
            if folder == os.path.dirname(folder):
                break
            folder = os.path.dirname(folder)
    current = os.sep if os.path.isabs(path) else here
    names = path.split("/")
    for index, name in enumerate(names):
        if name in ("", "."):
            continue
        current = os.path.dirname(current) if name == ".." else os.path.join(current, name)
        if current in holding:
            names[index] = ""
    return "/".join(names)


@given(st.lists(NAME, max_size=9), st.booleans(), st.booleans())
def test_the_machine_folders_of_a_path(names: list[str], absolute: bool, two: bool) -> None:
    path = ("/" if absolute else "") + "/".join(names)
    machine = [HERE, ELSEWHERE] if two else [HERE]
    lists = [tuple(name for name in folder.split("/") if name) for folder in machine]
    assert _kept(path, lists, HERE) == _reference(path, machine, HERE)
