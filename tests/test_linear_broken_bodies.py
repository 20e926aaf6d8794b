"""The bodies of blanked lines, linked instead of copied, held to what they replaced.

After a broken header, a header-shaped line below a key line left open (`k = [`, `[[`, `{`,
`\"\"\"`) may be a value of it, so the lines below stand in its body and in every body above:
`broken_lines` gave each line a tuple of all of them (n²/2 bodies for n such pairs), and
`Reach` read every one. Now the lines share a chain of links, which `Reach` numbers once.
The old `broken_lines` is kept here as the reference: on random broken files the lines'
bodies, the answers of `Reach` and the findings (and their ranges and order) are the same;
and the work is counted, never timed (bench/instructions.py's gate counts instructions)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.test_linear_rules_and_edits import OldReach

from benchlint import lint_text
from benchlint.core.text import LineIndex
from benchlint.parsing import broken
from benchlint.parsing.broken import _KeyNode, _Name, read_header
from benchlint.parsing.document import Document, parse
from benchlint.parsing.header_shape import HEADER_SHAPED
from benchlint.parsing.mapping import SourceMap

PATH = "configs/benchmark/run.toml"
HEAD = '[experiment]\nbenchmark = "terminal-bench-2-1"\n'


# -- the reference: broken_lines as it was, a tuple of every body per line ----------------------
def old_broken_lines(
    lines: LineIndex, source_map: SourceMap, blanked: frozenset[int]
) -> tuple[Any, ...]:
    header_lines = {
        lines.position(entry.header.start).line: path
        for path in source_map.tables
        if (entry := source_map.get(path)) is not None and entry.header is not None
    }
    bodies: tuple[broken.Body, ...] = (broken.Body(()),)
    open_value = False
    result: list[Any] = []
    for number in range(1, lines.line_count + 1):
        if number in header_lines:
            bodies = (broken.Body(header_lines[number]),)
            open_value = False
        text = lines.line_text(number).strip()
        if not text or text.startswith("#"):
            continue
        if number not in blanked:
            open_value = False
            continue
        if HEADER_SHAPED.match(text):
            header = broken.Body(None, read_header(text), number)
            bodies = (header, *bodies) if open_value else (header,)
            result.append(broken.BrokenLine(number, (header,), None, is_header=True))  # type: ignore[arg-type]
            open_value = False
            continue
        key = broken._key(text)
        result.append(broken.BrokenLine(number, bodies, key))  # type: ignore[arg-type]
        if key is not None:
            open_value = broken._OPENS.match(text.split("=", 1)[1]) is not None
    return tuple(result)


# Lines from a small alphabet: headers whole and broken, keys, values left open, closings.
_LINES = [
    "[x", "[x]", "x]", "[[x", "[[x]]", "a.b]", "[a.b", "[a.", "[", "[[", "h]", "[h",
    "agents]", "agents.model]", "[agents.mo", "[[agents", "[[agents]]", "[agents.model]",
    "[execution]", "[execut", "execution]", "[tasks]", "[env]", "[ # c", "agents]]",
    "k = 1", "k = [", "k = [[", "k = {", 'k = """', "k = '''", "a.b = [", "x = 1",
    'harness = "x"', "harness = [", 'type = "provider"', 'model = "m"', 'api_key_secret = "K"',
    "task_names = [", "judge_api_key_secret = [", "model.type = {", "broken =", "= 1",
    "]", "]]", "}", '"""', "'''", '"a",', "# note", "",
]  # fmt: skip


_OPENS = [line for line in _LINES if " = " in line and line[-1] in "[{\"'"]


def _text(rng: random.Random) -> str:
    head = HEAD if rng.random() < 0.8 else ""
    if rng.random() < 0.5:
        head += '[[agents]]\nharness = "terminus-2"\n' * rng.randint(1, 3)
    body = [rng.choice(["[x", "[a.", "[[agents", "h]"])] if rng.random() < 0.6 else []
    for _ in range(rng.randint(2, 20)):
        if rng.random() < 0.7:  # a value left open, then a header-shaped line: a chain
            body.append(rng.choice(_OPENS))
            body.append(rng.choice([line for line in _LINES if HEADER_SHAPED.match(line)]))
        else:
            body.append(rng.choice(_LINES))
    return head + "\n".join(body) + "\n"


def _old(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `Document` read blanked lines the old way (`Document` imports them per call)."""
    monkeypatch.setattr(broken, "broken_lines", old_broken_lines)
    monkeypatch.setattr(broken, "Reach", OldReach)


@pytest.mark.parametrize(
    "seed", [11, *(pytest.param(seed, marks=pytest.mark.slow) for seed in (12, 13, 14))]
)
def test_random_broken_files_give_the_old_bodies_and_findings(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    chained = tried = 0
    for _ in range(1_000):
        text = _text(rng)
        document = parse(text)
        new = lint_text(text, path=PATH)
        if document.recovered and document.parsed:
            got = [(line.line, tuple(line.bodies), line.key, line.is_header) for line in
                   document.broken_lines]  # fmt: skip
            expected = old_broken_lines(document.lines, document.source_map, document.blanked)
            assert got == [tuple(line) for line in expected], text
            tried += 1
            chained += any(len(tuple(line.bodies)) > 2 for line in document.broken_lines)
        with monkeypatch.context() as patch:
            _old(patch)
            old = lint_text(text, path=PATH)
        assert new == old, text  # the same findings, ranges and order
    assert tried > 900 and chained > 300  # the texts break, and chains of bodies are made


def _reach_agrees(document: Document, rng: random.Random) -> None:
    new = broken.Reach(document.broken_lines, document.source_map, document.lines)
    old = OldReach(document.broken_lines, document.source_map, document.lines)
    words = ["x", "a", "b", "h", "k", "agents", "model", "harness", "execution", "tasks", "y"]
    for _ in range(30):
        path: list[str | int] = [rng.choice(words)]
        for _ in range(rng.randint(0, 3)):
            path.append(rng.randint(0, 3) if rng.random() < 0.3 else rng.choice(words))
        for table in (True, False):
            expected = old.could_hold(tuple(path), table=table)
            assert new.could_hold(tuple(path), table=table) == expected, (document.text, path)


def test_chains_of_headers_in_open_values_answer_as_every_line_did() -> None:
    """Long chains: each `k = [` / `h]` pair links a header to the bodies above."""
    rng = random.Random(5)
    opens = ["k = [", "k = [[", "k = {", 'k = """', "a.b = [", "harness = ["]
    headers = ["h]", "x]", "a.b]", "[[agents", "agents]", "agents.model]", "[a.b", "a]"]
    for _ in range(300):
        text = HEAD + "[[agents]]\n" * rng.randint(0, 3) + "[x\n"
        for _ in range(rng.randint(1, 12)):
            text += rng.choice(opens) + "\n" + rng.choice(headers) + "\n"
            if rng.random() < 0.2:
                text += rng.choice(["k = 1", "[[agents]]", "[y", "harness = 2"]) + "\n"
        document = parse(text)
        assert document.recovered and document.parsed
        _reach_agrees(document, rng)


# -- the work, counted --------------------------------------------------------------------------
def _chain(n: int, opening: str = "[", header: str = "h{i}]") -> str:
    pairs = "".join(f"k{i} = {opening}\n{header.format(i=i)}\n" for i in range(n))
    return HEAD + "[x\n" + pairs


def _links(document: Document) -> int:
    """The bodies the blanked lines hold: each tuple's entries, or each link once."""
    seen: set[int] = set()
    count = 0
    for line in document.broken_lines:
        bodies: Any = line.bodies
        if isinstance(bodies, tuple):
            count += len(bodies)
            continue
        while bodies is not None and id(bodies) not in seen:
            seen.add(id(bodies))
            count += 1
            bodies = bodies.below
    return count


@pytest.mark.parametrize(
    ("opening", "header"),
    [
        ("[", "h{i}]"),  # the reproducer: a new table name on each line
        ("[[", "h{i}]"),
        ('"""', "h{i}]"),
        ("[", "a.h{i}]"),
        ("[", "x]"),  # the same header on each line
        ("{", "h{i}]"),
    ],
)
def test_headers_in_open_values_are_linked_not_copied(
    opening: str, header: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bodies of the blanked lines, and the keys `Reach` files under them, grow with the
    lines (the old tuples: n²/2 bodies, and each key filed under every header above)."""
    filed: list[int] = []
    child = _KeyNode.child

    def counting(self: _KeyNode, part: str) -> _KeyNode:
        filed.append(1)
        return child(self, part)

    monkeypatch.setattr(_KeyNode, "child", counting)
    sizes = []
    for n in (50, 200):
        document = parse(_chain(n, opening, header))
        assert document.recovered and len(document.broken_lines) >= 2 * n
        filed.clear()
        assert document.could_hold(("h3", "k7")) == document.could_hold(("h3", "k7"))
        sizes.append((_links(document), len(filed)))
    (links_small, filed_small), (links_big, filed_big) = sizes
    assert links_big <= 4 * links_small + 8, sizes
    assert filed_big <= 4 * filed_small + 8, sizes


@pytest.mark.parametrize(
    "block",
    [
        "harness = [\nagents]\n",  # one chain, the same name on each link
        # a chain per line `y]`, each with `harness` above its `agents`, none below it
        "x = [\nagents]\nk = 1\ny]\nharness = 1\n",
        "k{i} = [\nagents.m{i}]\n",
    ],
)
def test_each_absent_key_asks_each_chain_at_most_once(
    block: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A question walks the links of a name by chain, not one by one: n agents, each asked
    about, over n links of `agents` (the steps counted: the searches of sorted lists)."""
    steps: list[int] = []
    search = broken.bisect_left
    reaches = _Name.reaches

    def counting(*args: Any) -> int:
        steps.append(1)
        return search(*args)

    def chains(self: _Name, *args: Any) -> bool:
        assert self.chains  # the parser's links are chains, lines in order
        return reaches(self, *args)

    monkeypatch.setattr(broken, "bisect_left", counting)
    monkeypatch.setattr(_Name, "reaches", chains)
    counts = []
    for n in (50, 200):
        text = HEAD + "[[agents]]\n" * n + "[x\n" + "".join(block.format(i=i) for i in range(n))
        document = parse(text)
        assert document.recovered and document.parsed
        steps.clear()
        for index in range(n):
            document.could_hold(("agents", index, "model"))
            document.could_hold(("agents", index, "harness"), table=False)
        counts.append(len(steps))
    assert counts[1] <= 4 * counts[0] + 8, counts
