"""Hover, completion and document symbols through the protocol."""

from __future__ import annotations

import json

import pytest
from lspkit import CORPUS, Editor, apply_edits
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from benchlint.domain.catalog import bundled_catalog
from benchlint.domain.catalog.query import describe
from benchlint.domain.models import Execution, field_description
from benchlint.secrets.redaction import redact

pytestmark = pytest.mark.asyncio(loop_scope="module")
CURSOR = "|"


def cursor_of(marked: str) -> tuple[str, lsp.Position]:
    """The text without its `|` marker, and the marker's (UTF-16) position."""
    offset = marked.index(CURSOR)
    before = marked[:offset]
    line = before.count("\n")
    column = before.split("\n")[-1]
    return marked.replace(CURSOR, "", 1), lsp.Position(line, len(column.encode("utf-16-le")) // 2)


async def hover_at(editor: Editor, name: str, marked: str) -> str | None:
    text, position = cursor_of(marked)
    uri = editor.open(f"configs/benchmark/{name}.toml", text)
    found = await editor.client.text_document_hover_async(
        lsp.HoverParams(lsp.TextDocumentIdentifier(uri), position)
    )
    editor.close(uri)
    if found is None:
        return None
    assert isinstance(found.contents, lsp.MarkupContent)
    assert found.contents.kind == lsp.MarkupKind.Markdown
    return found.contents.value


async def complete(editor: Editor, name: str, marked: str) -> dict[str, str]:
    """Label -> the document's text after applying that item."""
    text, position = cursor_of(marked)
    uri = editor.open(f"configs/benchmark/{name}.toml", text)
    found = await editor.client.text_document_completion_async(
        lsp.CompletionParams(lsp.TextDocumentIdentifier(uri), position)
    )
    editor.close(uri)
    items = found.items if isinstance(found, lsp.CompletionList) else found or []
    out = {}
    for item in items:
        assert isinstance(item.text_edit, lsp.TextEdit)
        out[item.label] = apply_edits(text, [item.text_edit])
    return out


TERMINAL = (CORPUS / "terminal-bench.toml").read_text()


def mark(text: str, line: int, needle: str, delta: int = 1) -> str:
    lines = text.split("\n")
    at = lines[line].index(needle) + delta
    lines[line] = lines[line][:at] + CURSOR + lines[line][at:]
    return "\n".join(lines)


# -- hover -----------------------------------------------------------------------------------
async def test_hover_key_shows_model_description_and_type(vscode: LanguageClient) -> None:
    shown = await hover_at(vscode.editor, "h-key", mark(TERMINAL, 28, "attempts_per_task"))  # type: ignore[attr-defined]
    assert shown is not None
    assert field_description(Execution, "attempts_per_task") in shown
    assert "integer ≥ 1" in shown


async def test_hover_closed_value_lists_allowed_values(vscode: LanguageClient) -> None:
    shown = await hover_at(vscode.editor, "h-type", mark(TERMINAL, 10, "provider"))  # type: ignore[attr-defined]
    assert shown is not None and 'Allowed values: `"provider"`, `"endpoint"`, `"hosted"`' in shown


async def test_hover_harness_says_what_it_needs(vscode: LanguageClient) -> None:
    shown = await hover_at(vscode.editor, "h-harness", mark(TERMINAL, 18, "cursor-cli"))  # type: ignore[attr-defined]
    assert shown is not None
    assert 'needs `harness_api_key_secret = "CURSOR_API_KEY"`' in shown
    assert "`docs` (in use)" in shown and "`osmosis-0.3.8`" in shown
    mini = '[[agents]]\nharness = "mini-|swe-agent"\n'
    shown = await hover_at(vscode.editor, "h-mini", mini)  # type: ignore[attr-defined]
    assert shown is not None
    assert "injects the model's key as `MSWEA_API_KEY`" in shown  # osmosis-0.3.8


async def test_hover_secret_reference_says_where_it_is_injected(vscode: LanguageClient) -> None:
    shown = await hover_at(vscode.editor, "h-secret", mark(TERMINAL, 12, "OPENAI_API_KEY"))  # type: ignore[attr-defined]
    assert shown is not None
    assert "injects it into agent 1's environment as `OPENAI_API_KEY`" in shown
    judge = '[execution]\njudge_api_key_secret = "JUDGE|_KEY"\n'
    shown = await hover_at(vscode.editor, "h-judge", judge)  # type: ignore[attr-defined]
    assert shown is not None and "every agent's environment as `JUDGE_KEY`" in shown


async def test_hover_benchmark_shows_its_catalog_entry(vscode: LanguageClient) -> None:
    shown = await hover_at(vscode.editor, "h-bench", mark(TERMINAL, 1, "terminal-bench"))  # type: ignore[attr-defined]
    entry = bundled_catalog().find("terminal-bench-2-1")
    assert entry is not None and shown == redact(describe(entry))


async def test_hover_never_shows_a_credential(vscode: LanguageClient) -> None:
    source = (CORPUS / "secrets.toml").read_text()
    token = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"
    shown = await hover_at(vscode.editor, "h-leak", mark(source, 9, token, 5))  # type: ignore[attr-defined]
    assert shown is not None and token not in shown and "This is a credential" in shown
    shown = await hover_at(vscode.editor, "h-leak2", mark(source, 12, "hf_", 4))  # type: ignore[attr-defined]
    assert shown is None or "hf_abcdefghijklmnopqrstuvwxyz012345" not in shown


async def test_hover_on_blank_space_is_empty(vscode: LanguageClient) -> None:
    assert await hover_at(vscode.editor, "h-blank", "[experiment]\n|\n") is None  # type: ignore[attr-defined]


# -- completion ------------------------------------------------------------------------------
TABLE_KEYS = [
    (
        "|",  # an empty config: the tables, and a whole first config per benchmark
        {
            "[experiment]",
            "[tasks]",
            "[[agents]]",
            "[execution]",
            "[verifier]",
            "[secrets]",
            "[env]",
            *(f"new config: {entry.name}" for entry in bundled_catalog().entries),
        },
    ),
    ("[experiment]\n|", {"benchmark"}),
    ('[experiment]\nbenchmark = "hle"\n|', set()),
    ('[tasks]\ntask_set = "parity"\n|', {"task_names", "categories"}),
    ('[[agents]]\nharness = "codex"\n|\n[agents.model]\n', {"harness_api_key_secret", "env"}),
    ('[[agents]]\n[agents.model]\ntype = "provider"\n|', {"model", "api_key_secret"}),
    (
        '[[agents]]\n[agents.model]\ntype = "endpoint"\nmodel = "m"\n|',
        {"base_url", "api_key_secret", "extra_headers"},
    ),
    ('[[agents]]\n[agents.model]\ntype = "hosted"\n|', {"base_model", "lora_model_name"}),
    (
        "[execution]\nmax_retries = 0\n|",
        {
            "attempts_per_task",
            "max_concurrent_attempts",
            "timeout_multiplier",
            "pass_threshold",
            "judge_model",
            "judge_api_key_secret",
        },
    ),
    ("[verifier]\n|", {"required"}),
    ("[secrets]\n|", {"required"}),
    ("[env]\n|", set()),
    ('[[agents]]\n[agents.env]\nX = "1"\n|', set()),
    (
        '[experiment]\nbenchmark = "hle"\n\n[[agents]]\n[|',
        {
            "[tasks]",
            "[[agents]]",
            "[execution]",
            "[verifier]",
            "[secrets]",
            "[env]",
            "[agents.model]",
            "[agents.env]",
        },
    ),
]


@pytest.mark.parametrize(("marked", "labels"), TABLE_KEYS)
async def test_completion_offers_the_keys_of_the_table(
    vscode: LanguageClient, marked: str, labels: set[str]
) -> None:
    found = await complete(vscode.editor, "c-keys", marked)  # type: ignore[attr-defined]
    assert set(found) == labels


@pytest.mark.parametrize("above", ["[a.b]", "[experiment.x]", "[agents.model]"])
async def test_header_completion_after_a_two_part_header_outside_an_agent(
    vscode: LanguageClient, above: str
) -> None:
    found = await complete(vscode.editor, "c-two-part", f"{above}\n[|")  # type: ignore[attr-defined]
    assert "[experiment]" in {label.split(" ")[0] for label in found} | set(found)
    assert not any(m.type == lsp.MessageType.Error for m in vscode.log_messages)


async def test_a_lone_surrogate_does_not_break_requests(vscode: LanguageClient) -> None:
    """An editor may send one (JSON's "\\ud800"); positions must still be found."""
    editor = vscode.editor  # type: ignore[attr-defined]
    text = '[experiment]\nbenchmark = "a\ud800b"\n[tasks]\ntask_set = "parity"\n'
    uri = editor.open("configs/benchmark/surrogate.toml", text)
    document = lsp.TextDocumentIdentifier(uri)
    await editor.diagnostics(uri)
    hover = await vscode.text_document_hover_async(lsp.HoverParams(document, lsp.Position(3, 2)))
    symbols = await vscode.text_document_document_symbol_async(lsp.DocumentSymbolParams(document))
    editor.close(uri)
    errors = [m.message[-300:] for m in vscode.log_messages if m.type == lsp.MessageType.Error]
    assert hover is not None and symbols, errors
    assert not any(m.type == lsp.MessageType.Error for m in vscode.log_messages)


async def test_completing_a_key_inserts_the_assignment(vscode: LanguageClient) -> None:
    found = await complete(vscode.editor, "c-key", "[execution]\nmax_ret|\n")  # type: ignore[attr-defined]
    assert found["max_retries"] == "[execution]\nmax_retries = \n"
    found = await complete(vscode.editor, "c-rekey", "[execution]\nmax_ret| = 1\n")  # type: ignore[attr-defined]
    assert found["max_retries"] == "[execution]\nmax_retries = 1\n"


VALUES = [
    (
        "[[agents]]\n[agents.model]\ntype = |",
        {"provider", "endpoint", "hosted"},
        "provider",
        '[[agents]]\n[agents.model]\ntype = "provider"',
    ),
    ('[tasks]\ntask_set = "pa|', {"parity"}, "parity", '[tasks]\ntask_set = "parity"'),
    ('[[agents]]\nharness = "cu|"\n', None, "cursor-cli", '[[agents]]\nharness = "cursor-cli"\n'),
    (
        "[experiment]\nbenchmark = |",
        {e.key for e in bundled_catalog().entries},
        "hle",
        '[experiment]\nbenchmark = "hle"',
    ),
    (
        '[[agents]]\nharness = "cursor-cli"\nharness_api_key_secret = |',
        {"CURSOR_API_KEY"},
        "CURSOR_API_KEY",
        '[[agents]]\nharness = "cursor-cli"\nharness_api_key_secret = "CURSOR_API_KEY"',
    ),
]


@pytest.mark.parametrize(("marked", "labels", "pick", "result"), VALUES)
async def test_completion_offers_closed_values(
    vscode: LanguageClient, marked: str, labels: set[str] | None, pick: str, result: str
) -> None:
    found = await complete(vscode.editor, "c-values", marked)  # type: ignore[attr-defined]
    if labels is not None:
        assert set(found) == labels
    assert found[pick] == result


async def test_completion_of_harnesses_includes_extra_harnesses(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    await editor.change_settings({"extraHarnesses": ["in-house-agent"]})
    found = await complete(editor, "c-extra", "[[agents]]\nharness = |")
    assert {"codex", "terminus-2", "cursor-cli", "in-house-agent"} <= set(found)
    await editor.change_settings({})


async def test_completion_of_tasks_and_categories_from_a_manifest(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    entry = {
        "key": "acme/custom@1.0",
        "name": "Acme Custom",
        "source_type": "harbor_registry",
        "tasks": [
            {"name": "acme/alpha", "category": "math"},
            {"name": "acme/beta", "category": "code"},
            {"name": "acme/gamma", "category": "math"},
        ],
    }
    catalog = editor.root / "acme.json"
    catalog.write_text(json.dumps({"schema_version": 1, "data": {"benchmark": entry}}))
    await editor.change_settings({"catalog": [str(catalog)]})
    head = '[experiment]\nbenchmark = "acme/custom@1.0"\n\n[tasks]\n'
    found = await complete(editor, "c-tasks", head + 'task_names = ["acme/alpha", "|')
    assert set(found) == {"acme/beta", "acme/gamma"}
    assert found["acme/beta"] == head + 'task_names = ["acme/alpha", "acme/beta"'
    found = await complete(editor, "c-cats", head + 'categories = [\n  "code",\n  |\n]\n')
    assert set(found) == {"math"}
    assert found["math"] == head + 'categories = [\n  "code",\n  "math"\n]\n'
    await editor.change_settings({})


async def test_secret_records_in_hover_and_completion(vscode: LanguageClient) -> None:
    """With `benchlint.secretsList`, hover says whether a reference is stored (and in which
    scope) and completion offers the stored names."""
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    records = editor.root / "secrets.json"
    records.write_text(
        json.dumps(
            {
                "schema_version": 1,
                "items": [
                    {"name": "OPENAI_API_KEY", "scope": "workspace"},
                    {"name": "OPENAI_API_KEY", "scope": "personal"},
                    {"name": "JUDGE_KEY", "scope": "personal"},
                    {"name": "LEGACY", "scope": None},
                ],
            }
        )
    )
    await editor.change_settings({"secretsList": [str(records)]})
    stored = await hover_at(editor, "h-stored", mark(TERMINAL, 12, "OPENAI_API_KEY"))
    assert stored is not None
    assert "Stored in the workspace and personal scope of the loaded secret list." in stored
    legacy = await hover_at(editor, "h-legacy", '[execution]\njudge_api_key_secret = "LEG|ACY"\n')
    assert legacy is not None and "**Not stored**" in legacy and "with no scope" in legacy
    found = await complete(editor, "c-secret", '[execution]\njudge_api_key_secret = "|')
    assert set(found) == {"OPENAI_API_KEY", "JUDGE_KEY"}
    assert found["JUDGE_KEY"] == '[execution]\njudge_api_key_secret = "JUDGE_KEY"'
    await editor.change_settings({})
    plain = await hover_at(editor, "h-plain", mark(TERMINAL, 12, "OPENAI_API_KEY"))
    assert plain is not None and "secret list" not in plain


async def test_completion_outside_served_documents_is_empty(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open("pyproject.toml", "[tool.x]\n")
    found = await editor.client.text_document_completion_async(
        lsp.CompletionParams(lsp.TextDocumentIdentifier(uri), lsp.Position(1, 0))
    )
    assert found is None
    editor.close(uri)


# -- symbols ---------------------------------------------------------------------------------
async def test_symbols_list_tables_and_label_agents(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open("configs/benchmark/symbols.toml", TERMINAL)
    found = await editor.client.text_document_document_symbol_async(
        lsp.DocumentSymbolParams(lsp.TextDocumentIdentifier(uri))
    )
    editor.close(uri)
    assert all(isinstance(s, lsp.DocumentSymbol) for s in found)
    names = [s.name for s in found]
    assert names == [
        "experiment",
        "tasks",
        "terminus-2 · openai/gpt-5.2",
        "cursor-cli · my-model",
        "execution",
        "env",
    ]
    agent = found[3]
    assert [c.name for c in agent.children] == ["harness", "harness_api_key_secret", "agents.model"]
    model = agent.children[2]
    assert [c.name for c in model.children] == ["type", "base_url", "model", "api_key_secret"]
    assert agent.range.start.line == 17 and agent.range.end.line == 25
