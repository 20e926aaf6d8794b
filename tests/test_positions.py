"""Ranges land on the right characters, whatever the TOML shape or the characters before."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchlint.core.diagnostic import Position, Range
from benchlint.core.text import LineIndex
from helpers import MINIMAL, at, lint


def test_dotted_keys_and_inline_tables() -> None:
    text = (
        'experiment.benchmark = "terminal-bench-2-1"\n'
        'agents = [{harness = "terminus-2", model = {type = "provider", model = "x/y", '
        'api_key_secret = "bad name"}}]\n'
    )
    found = lint(text)
    assert at(found, "BL201") == [(2, 96, 2, 106)]
    assert found[0].key == "agents[0].model.api_key_secret"


def test_dotted_key_inside_a_table_points_at_its_last_part() -> None:
    text = MINIMAL.replace('type = "provider"', 'type = "provider"\nextra.typo = 1')
    assert at(lint(text), "BL101") == [(9, 1, 9, 6)]  # the unknown `extra` table key


def test_array_of_tables_index_is_the_last_header_above() -> None:
    second = MINIMAL.split("\n", 3)[3].replace('"terminus-2"', '"terminus-2"\nmodle = 1')
    found = lint(MINIMAL + "\n" + second)
    assert [(d.key, d.range.start.line) for d in found if d.code in ("BL101", "BL306")] == [
        ("agents[1]", 12),
        ("agents[1].modle", 14),
    ]


def test_ninth_agent_header_anchors_the_count_error() -> None:
    block = '[[agents]]\nharness = "terminus-2"\n[agents.model]\ntype = "provider"\n'
    text = '[experiment]\nbenchmark = "terminal-bench-2-1"\n' + "".join(
        block + f'model = "m{i}"\napi_key_secret = "A"\n' for i in range(9)
    )
    assert at(lint(text), "BL105") == [(51, 1, 51, 11)]


def test_multi_line_array_element() -> None:
    text = MINIMAL.replace(
        "[[agents]]", '[tasks]\ntask_names = [\n  "a",\n  "b",\n  "a",\n]\n\n[[agents]]'
    )
    found = lint(text)
    assert at(found, "BL503") == [(8, 3, 8, 6)]
    assert [(r.range.start.line, r.range.start.column) for r in found[-1].related] == [(6, 3)]


def test_crlf_line_endings_keep_columns() -> None:
    text = MINIMAL.replace('harness = "terminus-2"', 'harness = "terminus-2"\nmodle = 1')
    crlf = text.replace("\n", "\r\n")
    assert at(lint(crlf), "BL101") == at(lint(text), "BL101") == [(6, 1, 6, 6)]


@pytest.mark.parametrize("prefix", ["日本語", "😀😀", "é"])
def test_columns_count_code_points_after_wide_characters(prefix: str) -> None:
    text = MINIMAL.replace(
        'api_key_secret = "OPENAI_API_KEY"',
        f'"{prefix}" = "x"\napi_key_secret = "bad name"',
    )
    found = lint(text)
    assert at(found, "BL101")[0][:2] == (10, 1)
    assert at(found, "BL101")[0][3] == len(prefix) + 3  # quotes included, end exclusive
    line_before = f'note = "{prefix}"; api_key_secret = "x"'
    broken = MINIMAL.replace('model = "openai/gpt-5.2"', line_before)
    start = at(lint(broken), "BL001")[0]
    assert start[:2] == (9, len(f'note = "{prefix}"') + 1)  # the `;`, counted in code points


def test_client_encodings_differ_on_a_line_with_emoji() -> None:
    from lsprotocol import types as lsp

    from benchlint.lsp.positions import ClientText

    text = 'a = "😀日"\nb = 1\n'
    closing_quote = Range(Position(1, 8), Position(1, 9))  # after 7 code points
    columns = {"utf-32": 7, "utf-16": 8, "utf-8": 12}
    for encoding, column in columns.items():
        client = ClientText(text, encoding)  # type: ignore[arg-type]
        assert client.from_engine(closing_quote).start == lsp.Position(0, column)
        assert client.offset(lsp.Position(0, column)) == text.index('"', 5)


def test_semantic_errors_after_a_syntax_error_keep_their_place() -> None:
    text = (
        '[experiment]\nbenchmark = "terminal-bench-2-1\n\n[[agents]]\nharness = "terminus-2"\n'
        'harness_api_key_secret = "X"\n\n[agents.model]\ntype = "provider"\nmodel = "x"\n'
        'api_key_secret = "A"\n\n[env]\nHF_TOKEN = "x"\n'
    )
    found = lint(text)
    assert [(d.code, d.range.start.line) for d in found] == [
        ("BL001", 2),
        ("BL301", 6),
        ("BL203", 14),
    ]
    assert "not closed" in found[0].message


def test_a_broken_header_does_not_move_its_keys_into_the_table_above() -> None:
    text = MINIMAL.replace("[agents.model]", "[agents.model")
    found = lint(text)
    assert [d.code for d in found] == ["BL001"]  # no BL101 for type/model/api_key_secret


def test_redefinition_points_at_the_second_definition_with_the_first_related() -> None:
    text = MINIMAL.replace('benchmark = "terminal-bench-2-1"', 'benchmark = "a"\nbenchmark = "b"')
    (found,) = [d for d in lint(text) if d.severity != "info"]
    assert (found.code, found.range.start.line, found.related[0].range.start.line) == (
        "BL001",
        3,
        2,
    )


@given(
    st.text(alphabet="ab\n\r日", max_size=40),
    st.lists(st.tuples(st.integers(-3, 45), st.integers(-3, 45)), max_size=8),
)
def test_ranges_counted_directly_match_the_line_index(
    text: str, spans: list[tuple[int, int]]
) -> None:
    """`LineIndex.range` counts line breaks for its first lookups, then builds line starts."""
    counted, indexed = LineIndex(text), LineIndex(text)
    assert isinstance(indexed.line_starts, list)  # built before any lookup
    for start, end in spans:
        assert counted.range(start, end) == indexed.range(start, end)
