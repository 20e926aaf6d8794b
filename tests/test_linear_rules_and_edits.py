"""Linear by construction, held to what it replaced: the index of blanked lines that answers
`Document.could_hold`, the comments that fixes removing items look up, and BL205 and BL210,
which no longer ask every agent or env table about every name. Each gives the answers (and
the findings, in their order) of the code it replaced, kept here as the reference, and does
a bounded amount of work per question (counted, never timed: bench/instructions.py's gate
counts instructions)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from benchlint import Settings
from benchlint.core.paths import ConfigPath, key_label, table_label
from benchlint.core.text import LineIndex
from benchlint.lint.context import Context
from benchlint.lint.engine import _context
from benchlint.lint.rule import Anchor, Finding
from benchlint.parsing import edits
from benchlint.parsing.broken import Bodies, Body, BrokenLine, HeaderName, Reach, read_header
from benchlint.parsing.document import Document, parse
from benchlint.parsing.mapping import Comment, SourceMap
from benchlint.parsing.span import Span
from benchlint.rules import bl205_secret_env_collision, bl210_secret_also_env

PATH = "configs/benchmark/run.toml"
SETTINGS = Settings()


# -- the reference: Reach as it was, every line asked about every path --------------------------
class OldReach:
    def __init__(self, broken: Iterable[BrokenLine], source_map: SourceMap, lines: LineIndex):
        self.broken = tuple(broken)
        self.source_map = source_map
        self.lines = lines

    def could_hold(self, path: ConfigPath, *, table: bool = True) -> bool:
        return any(self._line_holds(line, path, table) for line in self.broken)

    def _line_holds(self, line: BrokenLine, path: ConfigPath, table: bool) -> bool:
        for body in line.bodies:
            if body.header is None:
                assert body.table is not None
                full = body.table if line.key is None else (*body.table, *line.key)
                if _related(full, path):
                    return True
            elif self._header_holds(body, line, path, table):
                return True
        return False

    def _header_holds(self, body: Body, line: BrokenLine, path: ConfigPath, table: bool) -> bool:
        header = body.header
        assert header is not None
        if table and self._can_open_under(header, body.line, path):
            return True
        if line.is_header or header.double:
            return False
        last = len(path) if table else len(path) - 1
        for depth in range(1, last + 1):
            opened = path[:depth]
            if isinstance(opened[-1], int) or not self._can_open(header, body.line, opened):
                continue
            if line.key is None or _related(line.key, path[depth:]):
                return True
        return False

    def _names(self, path: ConfigPath, at_line: int, *, exact: bool) -> tuple[str, ...] | None:
        names: list[str] = []
        for depth, part in enumerate(path):
            if isinstance(part, int):
                if part != self._last_entry(path[:depth], at_line):
                    return None
            else:
                entry = self.source_map.get(path[: depth + 1])
                if entry is not None and entry.kind == "pair" and not exact:
                    return None
                names.append(part)
        return tuple(names)

    def _can_open(self, header: HeaderName, at_line: int, path: ConfigPath) -> bool:
        names = self._names(path, at_line, exact=header.tail == "exact")
        if names is None or not header.names(names):
            return False
        entry = self.source_map.get(path)
        return entry is None or entry.kind == "implicit" or header.tail == "exact"

    def _can_open_under(self, header: HeaderName, at_line: int, path: ConfigPath) -> bool:
        keys = tuple(part for part in path if isinstance(part, str))
        if header.double is not False and len(keys) == len(path) and header.names_under(keys):
            return True
        if header.double:
            return False
        names = self._names(path, at_line, exact=header.tail == "exact")
        return names is not None and header.names_under(names)

    def _last_entry(self, array: ConfigPath, at_line: int) -> int | None:
        last = None
        index = 0
        while (entry := self.source_map.get((*array, index))) is not None:
            if entry.header is None or self.lines.position(entry.header.start).line > at_line:
                break
            last = index
            index += 1
        return last


def _related(a: ConfigPath, b: ConfigPath) -> bool:
    shorter = min(len(a), len(b))
    return a[:shorter] == b[:shorter]


# -- blanked lines: random broken files --------------------------------------------------------
_WORDS = [
    "agents", "model", "env", "execution", "tasks", "experiment", "verifier", "harness",
    "type", "api_key_secret", "judge_api_key_secret", "k", "x", "y", "sub", "execut", "mo",
    "a b", "agen", "task_names", "models",
]  # fmt: skip
_PIECES = [
    "[[agents]]\n", "[agents.model]\n", "[agents.env]\n", "[execution]\n", "[tasks]\n",
    "[env]\n", "[experiment]\n", "[verifier]\n", "[agents.model.x]\n", "[tasks.sub]\n",
    'harness = "x"\n', 'type = "provider"\n', "model.type = 1\n", "k = 1\n", "y = {a = 1}\n",
    'api_key_secret = "K"\n', "task_names = [\n", "x = '''\n", "]\n", "'''\n", "agents = 1\n",
    "models = [{a = 1}]\n", "[execut\n", "[agents.mo\n", "agents.model]\n", "[[agents\n",
    "[\n", "[[\n", "[agents.\n", "broken =\n", "= 1\n", "agents]\n", '["a b"\n',
    "[execution] junk\n", "model.api_key_secret = \n", "[ agents . model ]]\n",
    "agents.env]\n", "x.'y' = \n", "[tasks.sub\n", "agents]]\n", "[agents.model\n",
    "k = [\n", "[agen\n", "execution.k = \n", "[ # c\n", "# note\n", "\n",
]  # fmt: skip


def _paths(rng: random.Random, count: int) -> Iterator[ConfigPath]:
    yield ()
    for _ in range(count):
        path: list[str | int] = [rng.choice(_WORDS)]
        for _ in range(rng.randint(0, 3)):
            path.append(rng.randint(0, 2) if rng.random() < 0.35 else rng.choice(_WORDS))
        yield tuple(path)


def _same_answers(document: Document, rng: random.Random, count: int) -> int:
    new = Reach(document.broken_lines, document.source_map, document.lines)
    old = OldReach(document.broken_lines, document.source_map, document.lines)
    asked = 0
    for path in _paths(rng, count):
        for table in (True, False):
            expected = old.could_hold(path, table=table)
            assert new.could_hold(path, table=table) == expected, (document.text, path, table)
            asked += expected
    return asked


def test_the_index_of_blanked_lines_answers_as_every_line_did() -> None:
    rng = random.Random(7)
    tried = held = 0
    for _ in range(1_200):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randint(3, 24)))
        document = parse(text)
        if not document.recovered or not document.parsed or not document.broken_lines:
            continue
        tried += 1
        held += _same_answers(document, rng, 40)
    assert tried > 500 and held > 1_000  # the texts do break, and lines do hold paths


_VALUES = """\
[experiment]
benchmark = "x"
[tasks]
task_names = ["a"]
sub.k = 1
[[agents]]
harness = "a"
model.type = "provider"
[[agents]]
harness = "b"
[agents.model]
type = "provider"
[agents.model.x]
k = 1
[[agents]]
env = {A = 1}
[execution]
k = 1
models = [{a = 1}, {a = 2}]
[[verifier]]
[[verifier]]
"""


def test_made_up_blanked_lines_get_the_answers_every_line_gave() -> None:
    """Lines no parser would give (chains of bodies, the same header many times, every kind
    of header on any line) over a map with arrays of tables, dotted and inline tables."""
    document = parse(_VALUES)
    assert document.valid
    count = document.lines.line_count
    rng = random.Random(3)
    headers = [p for p in _PIECES if p.strip() and not p.lstrip().startswith("#")]
    tables: list[ConfigPath] = [(), ("tasks",), ("agents", 0), ("agents", 1, "model"), ("env",)]
    for _ in range(1_500):
        lines: list[BrokenLine] = []
        bodies = Bodies(Body(rng.choice(tables)))
        made = [bodies]
        for number in sorted(rng.sample(range(1, count + 1), rng.randint(1, 12))):
            if rng.random() < 0.4:
                body = Body(None, read_header(rng.choice(headers)), number)
                lines.append(BrokenLine(number, Bodies(body), None, is_header=True))
                if rng.random() < 0.1:  # a link to any link made before: a tree, not a chain
                    bodies = Bodies(body, rng.choice(made))
                else:
                    bodies = Bodies(body, bodies) if rng.random() < 0.5 else Bodies(body)
                made.append(bodies)
                continue
            if rng.random() < 0.2:
                bodies = Bodies(Body(rng.choice(tables)), rng.choice([None, *made]))
                made.append(bodies)
            key = None if rng.random() < 0.3 else tuple(rng.sample(_WORDS, rng.randint(1, 2)))
            lines.append(BrokenLine(number, bodies, key))
        new = Reach(lines, document.source_map, document.lines)
        old = OldReach(lines, document.source_map, document.lines)
        for path in _paths(rng, 30):
            for table in (True, False):
                expected = old.could_hold(path, table=table)
                assert new.could_hold(path, table=table) == expected, (lines, path, table)


@pytest.mark.parametrize("others", [0, 12])  # more cut names than letters in a key, or fewer
def test_a_cut_header_is_found_by_the_start_of_a_key(others: int) -> None:
    document = parse(_VALUES)
    cuts = ["[agents.m", "[agents.mo", "[agents.model", "[agents.models", "[ex", "[agents.mo.x"]
    cuts += [f"[agents.q{i}" for i in range(others)]
    for shown in range(1, len(cuts) + 1):
        lines = [
            BrokenLine(30 + at, Bodies(Body(None, read_header(cut), 30 + at)), None, is_header=True)
            for at, cut in enumerate(cuts[:shown])
        ]
        new = Reach(lines, document.source_map, document.lines)
        old = OldReach(lines, document.source_map, document.lines)
        for path in [("agents", 2, "model"), ("agents", "m"), ("execution", "k"), ("agents", 2)]:
            for table in (True, False):
                assert new.could_hold(path, table=table) == old.could_hold(path, table=table)


def _questions(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the header names the index asks about."""
    asked: list[int] = []
    real = Reach._name_holds

    def counting(self: Reach, *args: Any, **kwargs: Any) -> bool:
        asked.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Reach, "_name_holds", counting)
    return asked


@pytest.mark.parametrize(
    "body",
    [
        "[execution\n" + "k{i} = {i}\n",  # one broken header, a big body
        "[x\n" + "agents.m{i}]\n",  # a broken header on each line
        "[x\n" + "agents.model.k{i}]\n",  # each below the absent table
        "[x\n" + "agents.model]\n",  # the same header on each line
        "[x\n" + "agents]\n",
    ],
)
def test_each_absent_key_asks_only_the_names_on_its_way(
    body: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    head, line = body.split("\n", 1)
    asked = _questions(monkeypatch)
    counts = []
    for n in (50, 200):
        text = '[experiment]\nbenchmark = "x"\n' + "[[agents]]\n" * n + head + "\n"
        text += "".join(line.format(i=i) for i in range(n))
        document = parse(text)
        assert document.recovered and len(document.broken_lines) > n
        asked.clear()
        for index in range(n):
            document.could_hold(("agents", index, "model"))
            document.could_hold(("agents", index, "harness"), table=False)
        counts.append(len(asked))
    assert counts[1] <= 4 * counts[0] + 8, counts


# -- comments, for the fixes that remove items -------------------------------------------------
def test_comments_are_found_by_offset_as_by_reading_them_all() -> None:
    rng = random.Random(5)
    pieces = ["a = 1", " # c,", "#", "x = [1, # c\n2]", "\n", "  ", ",", "# one\n", '"#"']
    for _ in range(400):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        comments = parse(text).source_map.comments
        found = edits._Comments(comments)
        for start in range(len(text) + 2):
            assert found.cover(start) == any(c.span.start <= start < c.span.end for c in comments)
            end = rng.randint(start, len(text) + 2)
            assert found.starting_in(start, end) == [
                c.span for c in comments if start <= c.span.start < end
            ]


def test_comments_out_of_order_are_read_one_by_one() -> None:
    comments = [Comment(Span(10, 14), "# a"), Comment(Span(2, 20), "# b")]
    found = edits._Comments(comments)
    assert found.starting_in(0, 30) == [Span(10, 14), Span(2, 20)]
    assert found.cover(16) and not found.cover(1)


def test_the_comments_of_a_document_are_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    real = edits._Comments.__init__

    def counting(self: edits._Comments, comments: list[Comment]) -> None:
        made.append(len(comments))
        real(self, comments)

    monkeypatch.setattr(edits._Comments, "__init__", counting)
    names = "".join('  "terminal-bench/x",  # again\n' for _ in range(40))
    text = f'[experiment]\nbenchmark = "x"\n[tasks]\ntask_names = [\n{names}]\n'
    document = parse(text)
    for index in range(1, 40):
        assert edits.remove_element(document, ("tasks", "task_names", index))
    assert made == [40]


# -- BL205 and BL210 -----------------------------------------------------------------------------
def old_bl205(ctx: Context) -> Iterator[Finding]:
    literals = {name for _, env in ctx.env_tables for name in env}
    if not any(ref.value in literals for ref in ctx.secret_references if ref.kind != "harness"):
        return
    reported: set[tuple[ConfigPath, ConfigPath]] = set()
    for index, agent in ctx.agents:
        names: dict[str, ConfigPath] = {}
        model = ctx.model_of(agent)
        key = ctx.string(model, "api_key_secret")
        if key and model.get("type") != "hosted":
            names.setdefault(key, ("agents", index, "model", "api_key_secret"))
        judge = ctx.string(ctx.table("execution"), "judge_api_key_secret")
        if judge:
            names.setdefault(judge, ("execution", "judge_api_key_secret"))
        for path, value in ctx.strings(("verifier", "required")):
            names.setdefault(value, path)
        for name, reference in names.items():
            literal = ctx.literal_in_env(index, agent, name)
            if literal is None or (literal, reference) in reported:
                continue
            reported.add((literal, reference))
            yield Finding(
                f"{name} is set in {table_label(literal[:-1])} and is also injected into "
                + (f"agent {index + 1}" if reference[0] == "agents" else "every agent")
                + f" as the secret named by {key_label(reference)}: the Platform would "
                "overwrite one with the other; remove the variable or rename it",
                Anchor.key(literal),
                related=((f"the secret {name} is referenced here", Anchor.value(reference)),),
            )


def old_bl210(ctx: Context) -> Iterator[Finding]:
    names = {name: path for path, name in reversed(ctx.strings(("secrets", "required")))}
    if not names:
        return
    for table, env in ctx.env_tables:
        for name in names:
            if name in env:
                yield Finding(
                    f"{name} is listed in [secrets].required and also set literally in "
                    f"{table_label(table)}; keep one of the two",
                    Anchor.key((*table, name)),
                    related=((f"{name} is listed here", Anchor.value(names[name])),),
                )


_NAMES = ["A", "B", "C", "D", "K", "J", ""]


def _env(rng: random.Random) -> str:
    return "".join(f'"{name}" = "v"\n' for name in rng.sample(_NAMES, rng.randint(0, 4)))


def _list(rng: random.Random) -> str:
    items = [f'"{rng.choice(_NAMES)}"' if rng.random() < 0.9 else "1" for _ in range(6)]
    return "[" + ", ".join(items[: rng.randint(0, 6)]) + "]"


def _secrets_config(rng: random.Random) -> str:
    text = '[experiment]\nbenchmark = "terminal-bench-2-1"\n'
    if rng.random() < 0.5:
        text += f'[execution]\njudge_api_key_secret = "{rng.choice(_NAMES)}"\n'
    for table in ("verifier", "secrets"):
        if rng.random() < 0.8:
            text += f"[{table}]\nrequired = {_list(rng)}\n"
    if rng.random() < 0.7:
        text += "[env]\n" + _env(rng)
    for _ in range(rng.randint(0, 5)):
        text += '[[agents]]\nharness = "terminus-2"\n'
        if rng.random() < 0.7:
            kind = rng.choice(["provider", "hosted", "endpoint"])
            text += f'[agents.model]\ntype = "{kind}"\nmodel = "m"\n'
            text += f'api_key_secret = "{rng.choice(_NAMES)}"\n'
        if rng.random() < 0.6:
            text += "[agents.env]\n" + _env(rng)
    return text


def test_bl205_and_bl210_find_what_they_found_in_the_same_order() -> None:
    rng = random.Random(11)
    found = {"BL205": 0, "BL210": 0}
    for _ in range(1_500):
        text = _secrets_config(rng)
        document = parse(text)
        assert document.valid, text
        ctx = _context(document, PATH, SETTINGS)
        new = list(bl205_secret_env_collision.check(ctx))
        assert new == list(old_bl205(_context(document, PATH, SETTINGS))), text
        found["BL205"] += len(new)
        new = list(bl210_secret_also_env.check(ctx))
        assert new == list(old_bl210(_context(document, PATH, SETTINGS))), text
        found["BL210"] += len(new)
    assert min(found.values()) > 300


def test_injected_names_are_those_of_before() -> None:
    text = (
        '[execution]\njudge_api_key_secret = "J"\n[verifier]\nrequired = ["B", "J", "K", "B"]\n'
        '[[agents]]\n[agents.model]\ntype = "provider"\napi_key_secret = "K"\n'
    )
    ctx = _context(parse(text), PATH, SETTINGS)
    assert ctx.injected_names(0, ctx.agents[0][1]) == {
        "K": ("agents", 0, "model", "api_key_secret"),
        "J": ("execution", "judge_api_key_secret"),
        "B": ("verifier", "required", 0),
    }


def test_bl205_asks_each_agent_about_its_own_names(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    real = Context.literal_in_env

    def counting(self: Context, index: int, agent: dict[str, Any], name: str) -> Any:
        asked.append(name)
        return real(self, index, agent, name)

    monkeypatch.setattr(Context, "literal_in_env", counting)
    counts = []
    for n in (50, 200):
        required = ", ".join(f'"S{i}"' for i in range(n))
        agents = '[[agents]]\nharness = "terminus-2"\n' * n
        text = f'[env]\nS0 = "x"\n[verifier]\nrequired = [{required}]\n{agents}'
        asked.clear()
        assert len(list(bl205_secret_env_collision.check(_context(parse(text), PATH, SETTINGS))))
        counts.append(len(asked))
    assert counts == [1, 1]  # S0, for the first agent; then it is reported for every agent
