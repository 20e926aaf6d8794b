"""Catalog text in a first config (`benchlint new`, and the editor's "new config" snippet)
enters only as a TOML string or as comment text that stays on its line: whatever a catalog's
names and descriptions hold, the config reads as exactly the keys the skeleton writes."""

from __future__ import annotations

import json
import re
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from lsprotocol import types as lsp

from benchlint import Settings
from benchlint.cli.main import main
from benchlint.domain.catalog import CatalogEntry, TaskSet
from benchlint.domain.profiles import PROFILES
from benchlint.domain.skeleton import DEFAULT_MODEL, default_agent, model_key, skeleton
from benchlint.lsp import skeletons
from benchlint.lsp.completion import completions
from benchlint.lsp.documents import OpenDocument

PROFILE = PROFILES["docs"]
INJECTION = 'B\n[env]\nEVIL = "1"'

# Line breaks of every kind, quotes, escapes, brackets, comment and string openers, every
# control character, and the snippet's own syntax.
_HOSTILE = ["\n", "\r", "\r\n", '"', "\\", "\u2028", "\u2029", "\x85", "]", "[", "#", "'''"]
_HOSTILE += ['"""', "=", "$", "}", "${1:x}", "\t", " ", "a", "é", "🚀", "[env]", "EVIL = 1"]
_HOSTILE += [chr(code) for code in (*range(0x20), 0x7F)]
_text = st.lists(st.one_of(st.sampled_from(_HOSTILE), st.text(max_size=3)), max_size=12).map(
    "".join
)
_optional = st.one_of(st.none(), _text)


def _entry(
    key: str,
    name: str,
    description: str | None = None,
    task_set: str | None = None,
    about_set: str | None = None,
    harness: str | None = None,
    judge: str | None = None,
    secrets: tuple[str, ...] = (),
    scaffold_only: bool = False,
) -> CatalogEntry:
    return CatalogEntry(
        key=key,
        name=name,
        description=description,
        task_sets=(TaskSet(task_set, 10, True, about_set),) if task_set is not None else (),
        supports_harness=False if scaffold_only else None,
        default_harness=harness,
        requires_judge_model=judge is not None,
        requires_judge_api_key=judge is not None,
        judge_model_default=judge or None,
        required_secret_names=secrets,
    )


def _expected(entry: CatalogEntry) -> dict[str, Any]:
    """The keys and values the skeleton writes for `entry`, and nothing else."""
    agent: dict[str, Any] = {}
    harness = default_agent(entry).harness
    if harness is not None:
        agent["harness"] = harness
        variable = PROFILE.harness_secret_variable(harness)
        if variable:
            agent["harness_api_key_secret"] = variable
    agent["model"] = {
        "type": "provider",
        "model": DEFAULT_MODEL,
        "api_key_secret": model_key(DEFAULT_MODEL),
    }
    out: dict[str, Any] = {"experiment": {"benchmark": entry.key}}
    if entry.task_sets:
        out["tasks"] = {"task_set": entry.task_sets[0].name}
    out["agents"] = [agent]
    execution: dict[str, Any] = {"attempts_per_task": 1, "max_concurrent_attempts": 4}
    if entry.needs_judge_key:
        execution["judge_api_key_secret"] = "OPENAI_API_KEY"
    out["execution"] = execution
    return out


_SNIPPET_TOKEN = re.compile(r"\\(.)|\$\{(\d+):|\$(\d+)|(\})|([^\\$}]+)|(\$)", re.S)


def _read_snippet(snippet: str) -> tuple[str, list[str]]:
    """The text a snippet inserts when its tab stops keep their defaults, and its stops'
    numbers (LSP snippet grammar: `\\` escapes `$`, `}` and `\\`)."""
    out: list[str] = []
    stops: list[str] = []
    depth = 0
    for match in _SNIPPET_TOKEN.finditer(snippet):
        escaped, opened, tab, closed, plain, dollar = match.groups()
        if opened is not None:
            stops.append(opened)
            depth += 1
        elif tab is not None:
            stops.append(tab)
        elif closed is not None:
            assert depth > 0, "an unescaped } outside a placeholder"
            depth -= 1
        else:
            out.append(escaped or plain or dollar)
    assert depth == 0
    return "".join(out), stops


def _plain(snippet: str) -> str:
    return _read_snippet(snippet)[0]


def _snippet(entry: CatalogEntry) -> str:
    return skeletons._snippet(entry, PROFILE)


def _lines_stay_comments(text: str) -> None:
    """Every line is blank, a comment, a header or a key the skeleton writes."""
    keys = r"(benchmark|task_set|harness|harness_api_key_secret|type|model|api_key_secret"
    keys += r"|attempts_per_task|max_concurrent_attempts|judge_api_key_secret) = "
    for line in text.split("\n"):
        assert (
            not line
            or line.startswith("# ")
            or line in ("[experiment]", "[tasks]", "[[agents]]", "[agents.model]", "[execution]")
            or re.match(keys, line)
        ), line


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    key=_text.filter(bool),
    name=_text.filter(bool),
    description=_optional,
    task_set=_optional,
    about_set=_optional,
    harness=_optional,
    judge=_optional,
    secrets=st.lists(_text, max_size=3).map(tuple),
    scaffold_only=st.booleans(),
)
@example(INJECTION, INJECTION, INJECTION, INJECTION, INJECTION, INJECTION, INJECTION, (), False)
@example("b", "\x000\x01" * 50, "\x02\x00", None, None, None, None, (), True)
def test_the_config_holds_exactly_its_keys(
    key: str,
    name: str,
    description: str | None,
    task_set: str | None,
    about_set: str | None,
    harness: str | None,
    judge: str | None,
    secrets: tuple[str, ...],
    scaffold_only: bool,
) -> None:
    entry = _entry(
        key, name, description, task_set, about_set, harness, judge, secrets, scaffold_only
    )
    text = skeleton(entry, PROFILE)
    assert tomllib.loads(text) == _expected(entry)
    _lines_stay_comments(text)
    text.encode("utf-8")  # a file can hold it
    # the editor's snippet: the same text, its only tab stops the model and its key
    snippet = _snippet(entry)
    assert _read_snippet(snippet) == (text, ["1", "2", "0"])


def test_catalog_text_stays_in_its_comment() -> None:
    entry = _entry("acme", INJECTION, 'first line\r\nsecond\x00line\u2028"""', harness="codex")
    text = skeleton(entry, PROFILE)
    # the control character as the renderer escapes it in every output (`\x00`)
    assert text.startswith('# B [env] EVIL = "1" (acme): first line  second\\x00line """\n')
    assert tomllib.loads(text) == _expected(entry)


def _offered(catalog: Path, key: str) -> str:
    """The "new config" snippet the editor offers in an empty file for benchmark `key`."""
    config = Settings(catalogs=(str(catalog),))
    document = OpenDocument("file:///w/a.toml", "/w/a.toml", "toml", 1, "", "utf-16")
    found = completions(document, lsp.Position(0, 0), config, True, snippets=True)
    [item] = [i for i in found.items if i.filter_text and i.filter_text.startswith(f"{key} ")]
    assert isinstance(item.text_edit, lsp.TextEdit)
    assert item.insert_text_format == lsp.InsertTextFormat.Snippet
    return item.text_edit.new_text


def test_marks_in_a_name_make_no_tab_stops_and_no_backtracking(tmp_path: Path) -> None:
    """`\\x00 n \\x01 … \\x02` was the snippet's mark of a tab stop, found with a lazy
    pattern (quadratic over a name full of openings, and a name could make a stop)."""
    name, description = "\x000\x01x\x02" + "\x000\x01" * 20_000, "\x01"
    catalog = tmp_path / "marks.json"
    catalog.write_text(json.dumps([{"key": "b", "name": name, "description": description}]))
    started = time.process_time()
    snippet = _offered(catalog, "b")
    assert time.process_time() - started < 2  # some 10 ms; it took seconds
    assert _read_snippet(snippet)[1] == ["1", "2", "0"]
    assert "\x00" not in snippet and "\\x00" in snippet
    assert tomllib.loads(_plain(snippet)) == _expected(_entry("b", name, description))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        (INJECTION, None),
        ("Acme", INJECTION),
        ("Acme\r[env]\rEVIL = 1", "x\u2028[env]\u2028EVIL = 1"),
        ("Acme'''\n\"\"\"\n]", "\x00\x1f\x7f\\"),
    ],
)
def test_benchlint_new_writes_no_injected_table(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    name: str,
    description: str | None,
) -> None:
    monkeypatch.chdir(tmp_path)
    benchmark = {"key": "acme", "name": name, "supports_harness": True}
    if description is not None:
        benchmark["description"] = description
    catalog = tmp_path / "acme.json"
    catalog.write_text(json.dumps({"benchmark": benchmark}), "utf-8")
    assert main(["new", "-", "--benchmark", "acme", "--catalog", str(catalog)]) == 0
    written = capsys.readouterr().out
    entry = _entry("acme", name, description)
    assert tomllib.loads(written) == _expected(entry)
    _lines_stay_comments(written)
    # and in the editor: the "new config" completion of an empty file
    assert tomllib.loads(_plain(_offered(catalog, "acme"))) == _expected(entry)
