"""pygls's protocol, minus its own copy of each document, and with an answer to every request.

pygls applies every `didChange` to a workspace copy before calling the server's handler. That
copy is not used here (`documents` keeps the text with LSP's line model), it costs a second
pass over the text per keystroke, and on the way pygls rewrites an out-of-line `character`
in the very params the handler then reads. The handlers registered with
`@server.feature(...)` receive the notifications untouched instead.

Everything the server sends passes through `_send_data`, where every string is masked by the
server's output masker (which knows the open documents' credentials): diagnostics, hover,
completion, outlines, code actions, log and show-message traffic, error responses. The
`uri` fields stay exact: they name the client's own documents, and a client cannot use a
masked one.

A request whose params pygls cannot read (a negative line, `position: {}`) fails inside
`json.loads`, before pygls knows its id, and got no response at all: the client waited
forever. Here it is answered with JSON-RPC's "invalid params" error.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from pygls.exceptions import JsonRpcInvalidParams
from pygls.protocol import LanguageServerProtocol

# What `handle_message` skips (an unknown `jsonrpc` version): the request was answered here.
_ANSWERED = SimpleNamespace(jsonrpc="answered")


class BenchlintProtocol(LanguageServerProtocol):
    # Plain attributes without pygls's `method_name` mark: the built-in handlers of these
    # notifications are then not registered, and the server's own features are called.
    lsp_text_document__did_open: Any = None
    lsp_text_document__did_change: Any = None
    lsp_text_document__did_close: Any = None

    mask: Callable[[str], str] | None = None  # set by the server

    def _send_data(self, data: Any) -> None:
        if data and self.mask is not None:
            plain = json.loads(json.dumps(data, default=self._serialize_message))
            data = _masked(plain, self.mask)
        super()._send_data(data)

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcInvalidParams as error:
            if "method" not in data or not isinstance(data.get("id"), int | str):
                raise  # a notification or a response: nobody waits for an answer
            self._send_response(data["id"], error=error.to_response_error())
            return _ANSWERED


_EXACT = frozenset({"uri", "targetUri", "scopeUri", "jsonrpc", "method"})


# Fields whose text may hold line breaks: Markdown (hover, documentation) and file text
# (edits, snippets). Any other string is one line: a line break in it came from a value.
_LINES = frozenset({"value", "documentation", "newText", "insertText", "text"})


def _masked(value: Any, mask: Callable[[str], str], key: str = "") -> Any:
    """Every string of a JSON value masked, but URIs and the protocol's own names; a line
    break escaped in a field that is one line (a code lens title, a symbol's name)."""
    if isinstance(value, str):
        shown = mask(value)
        if key not in _LINES and ("\n" in shown or "\r" in shown):
            shown = shown.replace("\r", "\\r").replace("\n", "\\n")
        return shown
    if isinstance(value, list):
        return [_masked(item, mask, key) for item in value]
    if isinstance(value, dict):
        return {
            name: item if name in _EXACT else _masked(item, mask, name)
            for name, item in value.items()
        }
    return value
