"""The server's pure parts, without a client: positions, selection, settings, edits."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from benchlint.lint.resolver import SettingsResolver
from benchlint.lint.settings import Settings, SettingsError
from benchlint.lsp.client_settings import (
    ClientSettings,
    ClientSettingsError,
    parse_client_settings,
)
from benchlint.lsp.code_actions import changed_stretch, text_changes
from benchlint.lsp.documents import DocumentStore
from benchlint.lsp.keydocs import doc_at
from benchlint.lsp.positions import _LINE_BREAK, ClientText
from benchlint.lsp.selection import DEFAULT_GLOBS, is_selected, matches_globs, names_schema
from benchlint.lsp.workspace_settings import WorkspaceSettings, overrides

# -- positions ---------------------------------------------------------------------------------


def test_line_starts_follow_lsp_line_ends() -> None:
    rng = random.Random(7)
    alphabet = ["a", "\n", "\r", "\r\n", "\u2028", "\x0c", "é", "🚀", "\x85"]
    for _ in range(5_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        want = [0, *(m.end() for m in _LINE_BREAK.finditer(text))]
        assert ClientText(text, "utf-16").line_starts == want, repr(text)


@pytest.mark.parametrize(
    ("encoding", "column"),
    [("utf-32", 9), ("utf-16", 10), ("utf-8", 14)],  # `語` is 3 UTF-8 bytes, `🤖` 4 (2 in UTF-16)
)
def test_columns_after_cjk_and_emoji(encoding: str, column: int) -> None:
    text = 'x = "日本🚀"\r\nk = "語🤖" # é\n'
    geometry = ClientText(text, encoding)  # type: ignore[arg-type]
    offset = text.index("#")
    assert geometry.position(offset) == lsp.Position(1, column)
    # every offset outside a line break survives the round trip
    for at in range(len(text) + 1):
        if 0 < at < len(text) and text[at - 1 : at + 1] == "\r\n":
            continue
        assert geometry.offset(geometry.position(at)) == at


def test_utf16_column_counts_surrogate_pairs() -> None:
    geometry = ClientText("🚀🚀x\n", "utf-16")
    assert geometry.position(2) == lsp.Position(0, 4)
    assert geometry.offset(lsp.Position(0, 4)) == 2


def test_positions_are_clamped_into_the_text() -> None:
    geometry = ClientText("ab\r\ncd", "utf-16")
    assert geometry.offset(lsp.Position(0, 99)) == 2  # end of line 0, before `\r\n`
    assert geometry.offset(lsp.Position(9, 0)) == 6
    assert geometry.position(3) == lsp.Position(0, 2)  # between `\r` and `\n`
    assert ClientText("a\rb", "utf-16").position(2) == lsp.Position(1, 0)  # a lone CR ends a line


def test_engine_ranges_convert_through_offsets() -> None:
    from benchlint.core.diagnostic import Position, Range

    text = "a\rb = 1\n日本 = 🚀\n"
    geometry = ClientText(text, "utf-16")
    # the engine counts lines at `\n` only: its line 1 holds the lone CR
    engine = Range(Position(1, 3), Position(2, 1))
    assert geometry.from_engine(engine) == lsp.Range(lsp.Position(1, 0), lsp.Position(2, 0))


# -- documents ---------------------------------------------------------------------------------


def test_incremental_changes_apply_in_order() -> None:
    store = DocumentStore()
    document = store.open(
        lsp.TextDocumentItem("file:///w/a.toml", "toml", 1, "ab\r\ncd🚀e\n"), "utf-16"
    )
    changes = [
        lsp.TextDocumentContentChangePartial(
            lsp.Range(lsp.Position(1, 4), lsp.Position(1, 5)), "E"
        ),
        lsp.TextDocumentContentChangePartial(
            lsp.Range(lsp.Position(0, 2), lsp.Position(1, 0)), " "
        ),
        lsp.TextDocumentContentChangePartial(
            lsp.Range(lsp.Position(5, 0), lsp.Position(7, 3)), "!"
        ),  # past the end: clamped
    ]
    document.apply(changes, 2)
    assert document.text == "ab cd🚀E\n!"
    assert document.version == 2
    document.apply([lsp.TextDocumentContentChangeWholeDocument("x")], 3)
    assert document.text == "x"


# -- selection ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "globs", "selected"),
    [
        ("/w/configs/benchmark/a.toml", ["**/configs/benchmark/*.toml"], True),
        ("/w/sub/configs/benchmark/a.toml", ["**/configs/benchmark/*.toml"], True),
        ("/w/configs/benchmark/deep/a.toml", ["**/configs/benchmark/*.toml"], False),
        ("/w/configs/benchmark/a.json", ["**/configs/benchmark/*.toml"], False),
        ("/w/pyproject.toml", ["**/configs/benchmark/*.toml"], False),
        ("/w/runs/a.toml", ["runs/*.{toml,tml}"], True),
        ("/elsewhere/runs/a.toml", ["runs/*.toml"], False),
        ("/elsewhere/runs/a.toml", ["/elsewhere/**"], True),
        ("/w/x/a.toml", ["x/[ab].toml"], True),
        # the default glob is what `benchlint check` walks: sub-folders too
        ("/w/configs/benchmark/deep/a.toml", list(DEFAULT_GLOBS), True),
        ("/w/configs/benchmark/a.toml", list(DEFAULT_GLOBS), True),
        ("/w/configs/a.toml", list(DEFAULT_GLOBS), False),
        ("/w/configs/benchmark/a.json", list(DEFAULT_GLOBS), False),
    ],
)
def test_globs(path: str, globs: list[str], selected: bool) -> None:
    assert matches_globs(path, globs, ["/w"]) is selected


def test_schema_line_names_the_benchlint_schema() -> None:
    assert names_schema("#:schema ../../schema/benchmark-config.schema.json\n[x]\n")
    assert names_schema("\ufeff#:schema https://example.com/s/benchmark-config.schema.json")
    assert not names_schema("#:schema ./other.schema.json\n")
    assert not names_schema("\n#:schema benchmark-config.schema.json\n")  # not the first line
    text = "#:schema benchmark-config.schema.json\n"
    assert is_selected("/w/a.toml", "file:///w/a.toml", "toml", text, [], ["/w"])
    assert not is_selected("/w/a.json", "file:///w/a.json", "json", text, [], ["/w"])


# -- settings ----------------------------------------------------------------------------------


def test_client_settings_defaults_and_aliases() -> None:
    settings = parse_client_settings(
        {"extraHarnesses": ["x"], "path": "/usr/bin/benchlint", "ignore": [], "profile": None}
    )
    assert settings.extra_harnesses == ["x"]
    assert settings.ignore is None and settings.profile is None and settings.select is None
    # an empty `select` is kept (then refused by the resolver), never read as "not set"
    assert parse_client_settings({"select": []}).select == []
    assert settings.debounce == 150
    assert settings.globs == ["**/configs/benchmark/**/*.toml"]
    assert parse_client_settings(None) == ClientSettings()


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"debonce": 0}, "unknown setting `benchlint.debonce`; did you mean `benchlint.debounce`?"),
        ({"debounce": "fast"}, "invalid setting `benchlint.debounce`"),
        ({"severity": {"BL305": "fatal"}}, "invalid setting `benchlint.severity.BL305`"),
        ("profile=docs", "must be an object"),
    ],
)
def test_client_settings_errors(raw: object, message: str) -> None:
    with pytest.raises(ClientSettingsError, match=message.replace("[", r"\[").replace("?", r"\?")):
        parse_client_settings(raw)


def test_merge_applies_client_settings_like_flags(tmp_path: Path) -> None:
    catalog = tmp_path / "cat.json"
    catalog.write_text('{"benchmarks": [{"key": "k", "name": "K"}]}')
    base = Settings.from_mapping(
        {"ignore": ["BL502"], "extra-harnesses": ["a"], "severity": {"BL305": "error"}},
        root=tmp_path,
    )
    client = parse_client_settings(
        {
            "ignore": ["BL403"],
            "extraHarnesses": ["b"],
            "severity": {"BL306": "info"},
            "catalog": ["cat.json"],
            "profile": "osmosis-0.3.8",
        }
    )
    merged = SettingsResolver(overrides(client, tmp_path))._layer(base)
    assert merged.ignore == ("BL502", "BL403")
    assert merged.extra_harnesses == ("a", "b")
    assert dict(merged.severity) == {"BL305": "error", "BL306": "info"}
    assert merged.profile == "osmosis-0.3.8"
    assert merged.catalog.find("k") is not None
    with pytest.raises(SettingsError):
        SettingsResolver(
            overrides(parse_client_settings({"ignore": ["BL999"]}), tmp_path)
        ).defaults()


def test_resolver_finds_files_per_document_and_notices_edits(tmp_path: Path) -> None:
    (tmp_path / "a" / "configs" / "benchmark").mkdir(parents=True)
    (tmp_path / "b" / "configs" / "benchmark").mkdir(parents=True)
    settings_file = tmp_path / "a" / "benchlint.toml"
    settings_file.write_text('ignore = ["BL502"]\n')
    resolver = WorkspaceSettings()
    resolver.set_root(tmp_path)  # outside git, the workspace folder is the root
    in_a = resolver.for_path(str(tmp_path / "a" / "configs" / "benchmark" / "x.toml"))
    in_b = resolver.for_path(str(tmp_path / "b" / "configs" / "benchmark" / "x.toml"))
    assert in_a.settings.ignore == ("BL502",) and in_b.settings.ignore == ()
    settings_file.write_text('ignore = ["BL403", "BL502"]\n')
    stat = settings_file.stat()
    os.utime(settings_file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    again = resolver.for_path(str(tmp_path / "a" / "configs" / "benchmark" / "x.toml"))
    assert again.settings.ignore == ("BL403", "BL502")
    settings_file.write_text("ignore = [\n")
    stat = settings_file.stat()
    os.utime(settings_file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2 * 10**9))
    broken = resolver.for_path(str(tmp_path / "a" / "configs" / "benchmark" / "x.toml"))
    assert broken.error is not None and "not valid TOML" in broken.error
    assert broken.settings.ignore == ()


# -- edits and docs ----------------------------------------------------------------------------


def test_changed_stretch_is_minimal_and_keeps_crlf_whole() -> None:
    rng = random.Random(3)
    for _ in range(3_000):
        before = "".join(rng.choice("ab\r\n") for _ in range(rng.randint(0, 10)))
        after = "".join(rng.choice("ab\r\n") for _ in range(rng.randint(0, 10)))
        start, end, new = changed_stretch(before, after)
        assert before[:start] + new + before[end:] == after
        for at in (start, end):
            assert not (0 < at < len(before) and before[at - 1 : at + 1] == "\r\n")


def test_text_changes_rebuild_the_text_and_skip_unchanged_lines() -> None:
    rng = random.Random(5)
    words = ["a\n", "b\r\n", "secret\n", "c", "\n"]
    for _ in range(2_000):
        before = "".join(rng.choice(words) for _ in range(rng.randint(0, 8)))
        after = "".join(rng.choice(words) for _ in range(rng.randint(0, 8)))
        out, at = [], 0
        for start, end, new in text_changes(before, after):
            assert at <= start <= end
            out += [before[at:start], new]
            at = end
        assert "".join([*out, before[at:]]) == after
    unchanged = "x = 1\nsecret = 2\ny = 3\n"
    changes = text_changes(unchanged, unchanged.replace("x = 1", "x = 9").replace("y = 3", "y = 0"))
    assert all("secret" not in new for _, _, new in changes)


def test_key_docs_come_from_the_spec() -> None:
    doc = doc_at(("agents", 0, "model", "base_url"))
    assert doc is not None and "https://" in doc.description
    typed = doc_at(("agents", 1, "model", "type"), "hosted")
    assert typed is not None and typed.allowed == ("provider", "endpoint", "hosted")
    assert doc_at(("tasks", "task_set")).allowed == ("parity",)  # type: ignore[union-attr]
    assert doc_at(("env", "TZ")).type == "a string"  # type: ignore[union-attr]
    # bounds and lengths as the rules state them (from the generated spec)
    assert doc_at(("execution", "attempts_per_task")).type == "an integer ≥ 1"  # type: ignore[union-attr]
    assert doc_at(("execution", "pass_threshold")).type == "a number from 0 to 1"  # type: ignore[union-attr]
    assert doc_at(("secrets", "required")).type == (  # type: ignore[union-attr]
        "an array of at most 16 secret record names"
    )
    assert doc_at(("nonsense", "key")) is None


# -- messages ----------------------------------------------------------------------------------


class _Recorder:
    """Stands in for the server: records what would be sent to the client."""

    def __init__(self) -> None:
        self.sent: list[lsp.LogMessageParams | lsp.ShowMessageParams] = []

    def window_log_message(self, params: lsp.LogMessageParams) -> None:
        self.sent.append(params)

    def window_show_message(self, params: lsp.ShowMessageParams) -> None:
        self.sent.append(params)


def test_guarded_handlers_log_errors_and_answer_none() -> None:
    from benchlint.lsp.messages import ClientMessages

    recorder = _Recorder()
    messages = ClientMessages(recorder)  # type: ignore[arg-type]

    @messages.guard
    def handler(value: int) -> int:
        raise ValueError("cannot use it")

    assert handler(1) is None
    (logged,) = recorder.sent
    assert logged.type == lsp.MessageType.Error and "internal error in handler" in logged.message
    messages.error("bad setting")
    messages.error("bad setting")  # shown once until the settings change
    assert [type(m).__name__ for m in recorder.sent[1:]] == [
        "LogMessageParams",
        "ShowMessageParams",
    ]


def test_everything_the_server_sends_is_masked() -> None:
    """The protocol masks every outgoing string with what the open documents hold: a token
    in an error, a decoded credential in a log line; the URIs stay exact."""
    import io

    from benchlint.lsp.server import build_server

    server = build_server()
    sent = io.BytesIO()
    server.protocol.writer = sent  # type: ignore[assignment]
    uri = "file:///w/configs/benchmark/a.toml"
    hidden = "wJalrXUtnFEMIK7MDENGbPxRfiCYzEXAMPLEKEY1"
    server.documents.open(
        lsp.TextDocumentItem(uri, "toml", 1, f'[env]\nAWS_KEY = "\\u0077{hidden[1:]}"\n'),
        "utf-16",
    )
    token = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"
    server.messages.error(f"cannot use {token} or {hidden.upper()} at {uri}")
    out = sent.getvalue().decode()
    assert token not in out and "sk-\\u2026(44 chars)" in out  # only the public prefix
    assert hidden.upper() not in out and hidden[8:].casefold() not in out.casefold()
    assert uri in out
    server.documents.close(uri)


def test_flat_symbols_for_clients_without_a_tree() -> None:
    from benchlint.lsp.symbols import flat_symbols

    text = '[experiment]\nbenchmark = "hle"\n\n[[agents]]\nharness = "codex"\n[agents.model]\ntype = "hosted"\nbase_model = "b"\nlora_model_name = "l"\n'
    document = DocumentStore().open(
        lsp.TextDocumentItem("file:///w/configs/benchmark/a.toml", "toml", 1, text), "utf-16"
    )
    found = [(s.name, s.container_name) for s in flat_symbols(document)]
    assert found == [
        ("experiment", None),
        ("benchmark", "experiment"),
        ("codex · l", None),
        ("harness", "codex · l"),
        ("agents.model", "codex · l"),
        ("type", "agents.model"),
        ("base_model", "agents.model"),
        ("lora_model_name", "agents.model"),
    ]
