"""pygls's protocol, minus its own copy of each document.

pygls applies every `didChange` to a workspace copy before calling the server's handler. That
copy is not used here (`documents` keeps the text with LSP's line model), it costs a second
pass over the text per keystroke, and on the way pygls rewrites an out-of-line `character`
in the very params the handler then reads. The handlers registered with
`@server.feature(...)` receive the notifications untouched instead.
"""

from __future__ import annotations

from typing import Any

from pygls.protocol import LanguageServerProtocol


class BenchlintProtocol(LanguageServerProtocol):
    # Plain attributes without pygls's `method_name` mark: the built-in handlers of these
    # notifications are then not registered, and the server's own features are called.
    lsp_text_document__did_open: Any = None
    lsp_text_document__did_change: Any = None
    lsp_text_document__did_close: Any = None
