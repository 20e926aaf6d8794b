"""No credential leaves the server: diagnostics, hovers, completions, code actions, symbols and
log messages about a file full of them carry only masked forms."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from lspkit import Editor, position_of
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

TOKENS = [
    "sk-proj-Abcdefghijklmnopqrstuvwxyz0123456789",
    "sk-ant-api03-abcdefghijklmnopqrstuvwxyz",
    "hf_abcdefghijklmnopqrstuvwxyz012345",
    "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    "AKIAABCDEFGHIJKLMNOP",
    "gsk_abcdefghijklmnopqrstuvwxyz01",
    "xai-abcdefghijklmnopqrstuvwxyz01",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJl",
]
T = TOKENS
LEAKY = f"""\
[experiment]
benchmark = "{T[0]}"

[tasks]
task_names = ["{T[1]}", "{T[1]}"]

[[agents]]
harness = "{T[2]}"
harness_api_key_secret = "{T[3]}"

[agents.model]
type = "endpoint"
base_url = "https://user:{T[4]}@models.example.com/v1?api_key={T[5]}"
model = "{T[6]}"
api_key_secret = "{T[7]}"
extra_headers = {{ Authorization = "Bearer {T[0]}", "X-Api-Key" = "{T[2]}" }}

[agents.env]
OPENAI_API_KEY = "{T[0]}"
HF_TOKEN = "{T[2]}"

[execution]
judge_model = "{T[6]}"
judge_api_key_secret = "{T[5]}"

[secrets]
required = ["{T[4]}", "{T[3]}", "{T[3]}"]

[env]
TOKEN = "{T[7]}"
"""


async def test_nothing_the_server_sends_holds_a_credential(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open("configs/benchmark/leaky.toml", LEAKY)
    document = lsp.TextDocumentIdentifier(uri)
    sent: list[Any] = [await editor.diagnostics(uri)]
    assert len(sent[0]) > 10
    for match in re.finditer(r"[A-Za-z0-9_\-\"]+", LEAKY):  # every word, key and value
        position = position_of(LEAKY, match.start() + 1)
        sent.append(await vscode.text_document_hover_async(lsp.HoverParams(document, position)))
        sent.append(
            await vscode.text_document_completion_async(lsp.CompletionParams(document, position))
        )
    lines = LEAKY.count("\n")
    whole = lsp.Range(lsp.Position(0, 0), lsp.Position(lines, 0))
    for line in range(lines):
        span = lsp.Range(lsp.Position(line, 0), lsp.Position(line, 200))
        sent.append(
            await vscode.text_document_code_action_async(
                lsp.CodeActionParams(document, span, lsp.CodeActionContext(diagnostics=[]))
            )
        )
    sent.append(
        await vscode.text_document_code_action_async(
            lsp.CodeActionParams(document, whole, lsp.CodeActionContext(diagnostics=[]))
        )
    )
    sent.append(
        await vscode.text_document_document_symbol_async(lsp.DocumentSymbolParams(document))
    )
    sent.extend(vscode.log_messages)
    sent.extend(vscode.messages)
    everything = json.dumps(vscode.protocol._converter.unstructure(sent), ensure_ascii=False)
    assert "Authorization" in everything  # the traffic was real
    for token in TOKENS:
        assert token not in everything, token
        assert token[8:] not in everything, token
    editor.close(uri)
