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


# Secrets no pattern recognises on their own: the key names them, or their place in a URL.
PLAIN = ["hunter2hunter2", "sessionvalue99", "inlinepass77", "cookievalue55", "dsnpass33"]
SHAPED_BY_KEY = f"""\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "endpoint"
base_url = "admin:{PLAIN[0]}@models.example.com/v1"
model = "team/coder"
api_key_secret = "TEAM_KEY"
extra_headers = {{ Cookie = "sid={PLAIN[3]}" }}

[env]
DB_PASSWORD = "{PLAIN[0]}"
SESSION_TOKEN = "{PLAIN[1]}"
DSN = "u:{PLAIN[4]}@tcp(localhost)/db"
INLINE = {{ password = "{PLAIN[2]}" }}
PRIVATE_KEY = \"\"\"
-----BEGIN RSA PRIVATE KEY-----
MIIEowIBAAKCAQEA1b2c3d4e5f6g7h8i9j0kAbCdEfGhIjKlMnOpQrStUvWxYz012345
-----END RSA PRIVATE KEY-----\"\"\"
"{TOKENS[3]}" = "x"

["{TOKENS[0]}"]
"""


async def test_symbols_mask_what_code_frames_mask(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open("configs/benchmark/shaped.toml", SHAPED_BY_KEY)
    document = lsp.TextDocumentIdentifier(uri)
    await editor.diagnostics(uri)
    symbols = await vscode.text_document_document_symbol_async(lsp.DocumentSymbolParams(document))
    everything = json.dumps(vscode.protocol._converter.unstructure(symbols), ensure_ascii=False)
    assert "DB_PASSWORD" in everything and "SESSION_TOKEN" in everything  # real symbols
    for secret in [*PLAIN, "AbCdEfGhIjKlMnOpQrStUvWxYz", TOKENS[0][8:], TOKENS[3][8:]]:
        assert secret not in everything, secret
    editor.close(uri)
