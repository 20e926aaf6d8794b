"""The two source-map readers agree: the regex line reader (valid files, the fast path) maps
every key, value, header and comment exactly where the tree-sitter reader does."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from benchlint.core.text import LineIndex
from benchlint.parsing.document import parse
from benchlint.parsing.line_reader import read_simple_lines
from benchlint.parsing.mapping import SourceMap
from benchlint.parsing.sourcemap import build_source_map
from benchlint.parsing.tree_reader import read_tree
from strategies import SEEDS, mutated_config


def _valid(text: str) -> bool:
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return False
    return True


FIXTURES = sorted(Path(__file__).parent.glob("**/*.toml"))

TRICKY = [
    'a = [ # inner\n  1,\n  "x", # c\n] # trailing\nb = 2\n',
    '[t]\r\nk = "v" # c\r\n  j = [1,\r\n 2]\r\n',
    '"quoted key" = 1\n[a . "b.c" . d]\n x = 1\n',
    "a.b.c = 1\na.d = 2\n[t]\nx.y = { z = [1, { w = 2 }] }\n",
    "t = {a = 1}\nn = [[1], [2, [3]]]\ne = {}\nf = []\n",
    "# only a comment\n\n",
    "x = 1",
    '"日本" = 1\n"é" = "ü 😀" # 注\n',
    "[[agents]]\n[agents.model]\nk=1\n[[agents]]\n[agents.model]\nk=2\n",
    "[a.b]\n[a]\nc=1\n",
    "a=1#c\nb = [1,]\nc = ['x', \"y\\\"z\", 'w\\\\']\n",
    'a = "#not a comment" # a comment\n[a2]#c\n[[b]]#d\n',
    '[ a . b ]\n[[ c ]]\n"k\\u00e9y" = "v"\n',
    "dates = [1979-05-27, 07:32:00, 1979-05-27T07:32:00Z]\nf = -inf\ni = 0x1F\n",
    'agents = [\n  { harness = "x", model = { type = "hosted" } },\n  # between\n  {},\n]\n',
    # one-line arrays of atoms (read from one match, the items found in it)
    'a = [ "x" , \'y\' ,1, ]\nb = ["a,b", "c]d", \'e, f\']\nc = [ ]\nd = [1,2,3,4,5,6]\ne = ["x"]# c\n',
    '[t]\n  required = ["GITHUB_TOKEN"]\n  x = ["a\\"]", true]\n',
]

# Constructs the line reader leaves to the syntax tree.
NOT_SIMPLE = [
    's = """x"""\n',
    "s = '''x'''\n",
    's = """\nline\n"""\n',
    "d = 1979-05-27 07:32:00\n",
    "e = [1979-05-27 07:32:00]\n",
    "t = { d = 1979-05-27 07:32:00 }\n",
]


def assert_same_map(text: str) -> None:
    simple = read_simple_lines(text)
    assert simple is not None, "the line reader gave up"
    tree = read_tree(text, LineIndex(text))
    assert simple.entries == tree.entries
    assert list(simple.entries) == list(tree.entries)
    assert simple.tables == tree.tables
    assert simple.comments == tree.comments
    assert simple.duplicates == tree.duplicates == []
    assert tree.errors == []


VALID_SEEDS = [seed for seed in SEEDS if _valid(seed)]  # some rules' examples are broken TOML


@pytest.mark.parametrize("text", TRICKY + VALID_SEEDS, ids=range(len(TRICKY) + len(VALID_SEEDS)))
def test_line_reader_matches_the_tree(text: str) -> None:
    assert _valid(text)
    assert_same_map(text)


# Fixtures that are valid TOML without a construct left to the tree (most of them; the
# others are broken on purpose or hold multi-line strings).
READABLE = [
    path
    for path in FIXTURES
    if _valid(text := path.read_text(encoding="utf-8", errors="replace"))
    and read_simple_lines(text) is not None
]


def test_most_fixtures_take_the_line_reader() -> None:
    assert len(READABLE) >= 0.8 * len(FIXTURES) > 0


@pytest.mark.parametrize("path", READABLE, ids=lambda p: p.name)
def test_line_reader_matches_the_tree_on_fixtures(path: Path) -> None:
    assert_same_map(path.read_text(encoding="utf-8", errors="replace"))


@pytest.mark.parametrize("text", NOT_SIMPLE)
def test_line_reader_gives_up_on_what_it_cannot_read(text: str) -> None:
    assert _valid(text)
    assert read_simple_lines(text) is None
    assert parse(text).source_map == read_tree(text, LineIndex(text))


def test_a_broken_file_is_read_from_the_tree() -> None:
    document = parse('[experiment]\nbenchmark = "x\n[tasks]\ntask_set = "parity"\n')
    assert document.recovered
    assert document.source_map.get(("tasks", "task_set")) is not None


# -- generated documents ----------------------------------------------------------------------
BARE = st.text("abcXY_-019", min_size=1, max_size=6)
QUOTED = st.text("ab .#=[]'é😀\\\"", min_size=0, max_size=6).map(
    lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
) | st.text('ab .#=[]"é', max_size=6).map(lambda s: f"'{s}'")
KEY_PART = BARE | QUOTED
SPACE = st.sampled_from(["", " ", "  ", "\t"])
COMMENT = st.sampled_from(["", " # note", "  #", " # [x] = 1, 'y'"])
ATOM = st.one_of(
    st.integers(-1000, 1000).map(str),
    st.sampled_from(["1.5", "-inf", "nan", "true", "false", "0x1F", "1_000", "1979-05-27"]),
    st.sampled_from(["1979-05-27T07:32:00Z", "07:32:00", "+3", "6.02e23"]),
    # (no `'` inside: `''` then `'` would open a multi-line string, left to the tree)
    st.text("ab #,[]{}=é😀", max_size=8).map(lambda s: f"'{s}'"),
    st.text("ab #,[]{}=\"\\'é😀", max_size=8).map(
        lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
    ),
)


@st.composite
def key(draw: st.DrawFn) -> str:
    parts = draw(st.lists(KEY_PART, min_size=1, max_size=3))
    return (draw(SPACE) + "." + draw(SPACE)).join(parts)


def value(depth: int = 0) -> st.SearchStrategy[str]:
    if depth >= 2:
        return ATOM
    inner = st.deferred(lambda: value(depth + 1))
    array = st.lists(inner, max_size=3).map(lambda items: "[" + ", ".join(items) + "]")
    multi_line = st.lists(st.tuples(inner, COMMENT), max_size=3).map(
        lambda items: "[\n" + "".join(f"  {v},{c}\n" for v, c in items) + "]"
    )
    inline = st.lists(st.tuples(BARE, inner), max_size=3, unique_by=lambda kv: kv[0]).map(
        lambda pairs: "{" + ", ".join(f"{k} = {v}" for k, v in pairs) + "}"
    )
    return st.one_of(ATOM, array, multi_line, inline)


@st.composite
def document(draw: st.DrawFn) -> str:
    lines: list[str] = []
    headers = ["", *draw(st.lists(key(), max_size=4))]
    for index, header in enumerate(headers):
        if header:
            brackets = ("[[", "]]") if draw(st.booleans()) else ("[", "]")
            lines.append(draw(SPACE) + brackets[0] + header + brackets[1] + draw(COMMENT))
        for _ in range(draw(st.integers(0, 4))):
            choice = draw(st.integers(0, 5))
            if choice == 0:
                lines.append(draw(SPACE) + "# comment" + str(index))
            elif choice == 1:
                lines.append("")
            else:
                pair = f"{draw(key())}{draw(SPACE)}={draw(SPACE)}{draw(value())}"
                lines.append(draw(SPACE) + pair + draw(COMMENT))
    newline = "\r\n" if draw(st.booleans()) else "\n"
    return newline.join(lines) + draw(st.sampled_from(["", newline]))


GENERATED = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


@GENERATED
@given(document())
def test_line_reader_matches_the_tree_on_generated_documents(text: str) -> None:
    assume(_valid(text))  # duplicate keys and tables clash at random: tomllib refuses those
    assert_same_map(text)


@GENERATED
@given(mutated_config())
def test_line_reader_matches_the_tree_on_mutated_configs(text: str) -> None:
    assume(_valid(text))
    if read_simple_lines(text) is not None:
        assert_same_map(text)


def test_a_key_of_a_thousand_parts_is_read_without_recursion() -> None:
    text = "[" + ".".join(["x"] * 1000) + "]\nk = 1\n" + ".".join(["y"] * 1000) + " = 2\n"
    assert_same_map(text)


# -- reading only as far as asked (`SourceMap.resume`) -------------------------------------------
LAZY = [
    *TRICKY,
    "[a.b]\nx = 1\n[a]\nc = 1\n",  # `a` is implicit until its own header comes
    "[t]\nk = 1\n\n[u]\nj = 2\n",  # `t`'s body ends only where `[u]` starts
    "[[agents]]\nh = 1\n[agents.model]\nk = 1\n[[agents]]\nh = 2\n",
    'a = 1\nb = 2\ns = """\nmulti\n"""\n[t]\nk = 3\n',  # the tree takes over at `s`
    "[t]\nk = 1\n# c\nd = 1979-05-27 07:32:00\n",
]


def _lazy(text: str) -> SourceMap:
    return build_source_map(text, LineIndex(text), valid=True)


@pytest.mark.parametrize("text", LAZY, ids=range(len(LAZY)))
def test_every_path_read_lazily_is_the_whole_maps(text: str) -> None:
    assert _valid(text)
    whole = read_tree(text, LineIndex(text))
    paths = [*whole.entries, ("absent",), ("t", "absent")]
    for path in paths:  # each path first in a fresh map: read only as far as it needs
        source_map = _lazy(text)
        assert source_map.get(path) == whole.get(path), path
        assert source_map == whole  # and the rest, when asked, completes it
    source_map = _lazy(text)
    for path in paths:  # one map asked in document order, then in reverse
        assert source_map.get(path) == whole.get(path), path
    for path in reversed(paths):
        assert source_map.get(path) == whole.get(path), path
    assert source_map == whole


def test_a_lazy_map_reads_no_further_than_asked() -> None:
    text = "[a]\nx = 1\n[b]\ny = 2\n[c]\nz = 3\n"
    source_map = _lazy(text)
    assert source_map.get(("a", "x")) is not None
    assert source_map.resume is not None  # `[b]` and `[c]` are not read yet
    assert ("c", "z") not in source_map.by_path
    table = source_map.get(("b",))
    assert table is not None and table.body_end == text.index("[c]") - 1
    assert ("c", "z") not in source_map.by_path
    assert source_map.comments == []  # needs the whole file
    assert source_map.resume is None
    assert source_map.tables == [("a",), ("b",), ("c",)]


@pytest.mark.parametrize("whole", ["tables", "comments", "duplicates", "entries"])
def test_what_needs_the_whole_file_reads_it(whole: str) -> None:
    text = "[a]\nx = 1\n[b]\ny = 2 # c\n"
    source_map = _lazy(text)
    source_map.get(("a", "x"))
    getattr(source_map, whole)
    assert source_map.resume is None
    assert source_map == read_tree(text, LineIndex(text))


@GENERATED
@given(document(), st.data())
def test_a_path_read_lazily_is_the_whole_maps_on_generated_documents(
    text: str, data: st.DataObject
) -> None:
    assume(_valid(text))
    whole = read_tree(text, LineIndex(text))
    assume(whole.entries)
    path = data.draw(st.sampled_from(list(whole.entries)))
    source_map = _lazy(text)
    assert source_map.get(path) == whole.get(path)
    assert source_map == whole
