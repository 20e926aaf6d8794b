"""The run's plan in the editor (a code lens above `[experiment]`, the whole plan on hover
over it) and a first config offered in an empty file, through the protocol."""

from __future__ import annotations

import json
import re

import pytest
from lspkit import Editor, apply_edits, wait_until
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

import benchlint

pytestmark = pytest.mark.asyncio(loop_scope="module")

HLE = {
    "key": "hle",
    "name": "HLE",
    "source_type": "osmosis_managed",
    "task_count": 2500,
    "task_sets": [{"name": "parity", "task_count": 235, "recommended": True}],
    "requires_judge_model": True,
    "requires_judge_api_key": True,
    "required_secret_names": ["HF_TOKEN"],
}
CONFIG = """\
# A comment above the table.
[experiment]
benchmark = "hle"

[tasks]
task_set = "parity"

[[agents]]
harness = "codex"
model = { type = "provider", model = "openai/gpt-5.2", api_key_secret = "OPENAI_API_KEY" }

[[agents]]
harness = "claude-code"
model = { type = "provider", model = "anthropic/claude-sonnet-4", api_key_secret = "ANTHROPIC_API_KEY" }

[execution]
attempts_per_task = 3
judge_api_key_secret = "OPENAI_API_KEY"
"""


async def lenses(editor: Editor, uri: str) -> list[tuple[int, str]]:
    found = await editor.client.text_document_code_lens_async(
        lsp.CodeLensParams(lsp.TextDocumentIdentifier(uri))
    )
    return [
        (lens.range.start.line, lens.command.title if lens.command else "") for lens in found or []
    ]


async def with_catalog(editor: Editor) -> None:
    catalog = editor.root / "hle.json"
    catalog.write_text(json.dumps({"schema_version": 1, "data": {"benchmark": HLE}}), "utf-8")
    await editor.change_settings({"catalog": [str(catalog)]})


async def test_the_code_lens_shows_the_plan_and_follows_edits(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    refreshed = vscode.lens_refresh_count  # type: ignore[attr-defined]
    await with_catalog(editor)
    # New settings may count differently: the editor is asked to fetch its lenses again.
    await wait_until(vscode, lambda: vscode.lens_refresh_count > refreshed)  # type: ignore[attr-defined]
    uri = editor.open("configs/benchmark/lens.toml", CONFIG)
    assert await lenses(editor, uri) == [
        (1, "HLE · parity · 2 agents × 3 attempts = 1,410 attempts")
    ]
    line = CONFIG.splitlines().index("attempts_per_task = 3")
    editor.edit(uri, lsp.Range(lsp.Position(line, 20), lsp.Position(line, 21)), "1")
    assert await lenses(editor, uri) == [(1, "HLE · parity · 2 agents × 1 attempt = 470 attempts")]
    editor.replace_all(uri, CONFIG.replace("[experiment]\nbenchmark", "[experimen]\nbenchmark"))
    assert await lenses(editor, uri) == []
    editor.close(uri)
    await editor.change_settings({})


async def test_without_a_catalog_count_the_total_is_unknown(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    await editor.change_settings({})
    uri = editor.open("configs/benchmark/unknown.toml", CONFIG)
    assert await lenses(editor, uri) == [(1, "HLE · parity · 2 agents × 3 attempts = ? attempts")]
    editor.close(uri)


async def test_hover_on_the_experiment_header_shows_the_whole_plan(
    vscode: LanguageClient,
) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    await with_catalog(editor)
    uri = editor.open("configs/benchmark/hover.toml", CONFIG)
    found = await editor.client.text_document_hover_async(
        lsp.HoverParams(lsp.TextDocumentIdentifier(uri), lsp.Position(1, 3))
    )
    assert found is not None and isinstance(found.contents, lsp.MarkupContent)
    shown = found.contents.value
    assert shown.startswith("**Plan:** HLE · parity · 2 agents × 3 attempts = 1,410 attempts")
    assert "| total | 235 tasks × 2 agents × 3 attempts = 1,410 attempts |" in shown
    assert '| leaderboard | can rank: the published task set "parity" |' in shown
    assert "**`experiment`** (a table, required)" in shown  # the table's own documentation
    editor.close(uri)
    await editor.change_settings({})


def _plain(snippet: str) -> str:
    """The text a snippet inserts when its tab stops keep their defaults."""
    text = re.sub(r"\$\{\d+:((?:[^}\\]|\\.)*)\}", r"\1", snippet).replace("$0", "")
    return re.sub(r"\\([$}\\])", r"\1", text)


@pytest.mark.parametrize("opening", ["", "# my first run\n\n"])
async def test_an_empty_config_is_offered_a_whole_first_config(
    vscode: LanguageClient, opening: str
) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open(f"configs/benchmark/empty{len(opening)}.toml", opening)
    position = lsp.Position(opening.count("\n"), 0)
    found = await editor.client.text_document_completion_async(
        lsp.CompletionParams(lsp.TextDocumentIdentifier(uri), position)
    )
    items = found.items if isinstance(found, lsp.CompletionList) else found or []
    skeletons = {item.label: item for item in items if item.label.startswith("new config: ")}
    assert set(skeletons) >= {"new config: HLE", "new config: Terminal-Bench 2.1"}
    item = skeletons["new config: HLE"]
    assert item.insert_text_format == lsp.InsertTextFormat.Snippet
    assert isinstance(item.text_edit, lsp.TextEdit)
    assert '${1:"openai/gpt-5.2"}' in item.text_edit.new_text
    text = apply_edits(
        opening, [lsp.TextEdit(item.text_edit.range, _plain(item.text_edit.new_text))]
    )
    assert text.startswith(opening + "# HLE (hle)")
    assert benchlint.lint_text(text, path="configs/benchmark/x.toml") == []
    editor.close(uri)


async def test_a_config_with_content_gets_no_skeletons(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open("configs/benchmark/started.toml", "[experiment]\n\n")
    found = await editor.client.text_document_completion_async(
        lsp.CompletionParams(lsp.TextDocumentIdentifier(uri), lsp.Position(1, 0))
    )
    items = found.items if isinstance(found, lsp.CompletionList) else found or []
    assert not [item for item in items if item.label.startswith("new config: ")]
    editor.close(uri)


async def test_a_client_without_snippets_gets_plain_text(neovim07: LanguageClient) -> None:
    editor: Editor = neovim07.editor  # type: ignore[attr-defined]
    uri = editor.open("configs/benchmark/plain.toml", "")
    found = await editor.client.text_document_completion_async(
        lsp.CompletionParams(lsp.TextDocumentIdentifier(uri), lsp.Position(0, 0))
    )
    items = found.items if isinstance(found, lsp.CompletionList) else found or []
    [item] = [i for i in items if i.label == "new config: GDPVal"]
    assert isinstance(item.text_edit, lsp.TextEdit)
    if item.insert_text_format == lsp.InsertTextFormat.Snippet:
        pytest.skip("this client profile announces snippets")
    assert "${" not in item.text_edit.new_text
    assert benchlint.lint_text(item.text_edit.new_text, path="configs/benchmark/x.toml") == []
    editor.close(uri)
