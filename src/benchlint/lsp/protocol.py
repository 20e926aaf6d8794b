"""pygls's protocol, minus its own copy of each document, and with an answer to every request.

pygls applies every `didChange` to a workspace copy before calling the server's handler. That
copy is not used here (`documents` keeps the text with LSP's line model), it costs a second
pass over the text per keystroke, and on the way pygls rewrites an out-of-line `character`
in the very params the handler then reads. The handlers registered with
`@server.feature(...)` receive the notifications untouched instead.

A request whose params pygls cannot read (a negative line, `position: {}`) fails inside
`json.loads`, before pygls knows its id, and got no response at all: the client waited
forever. Here it is answered with JSON-RPC's "invalid params" error.
"""

from __future__ import annotations

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

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcInvalidParams as error:
            if "method" not in data or not isinstance(data.get("id"), int | str):
                raise  # a notification or a response: nobody waits for an answer
            self._send_response(data["id"], error=error.to_response_error())
            return _ANSWERED
