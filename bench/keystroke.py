"""One language-server keystroke, in process: `didChange` in, `publishDiagnostics` out.

The real server (`build_server`, its protocol, masking, publisher and linter thread) is
driven without a pipe: messages go in through the protocol's own `structure_message` and
`handle_message`, and what it sends is collected from its writer (already masked and
serialised, as it would be written to stdout). So a keystroke's cost here is the server's
whole per-change work without the process boundary, which is what the instruction gate
(`bench/instructions.py`) counts and `bench/engine_bench.py` times with 1 and with 100
documents open.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path
from typing import Any

from configs import TYPICAL

from benchlint.lsp.server import build_server


class _Writer:
    """Collects what the server writes; wakes whoever waits for a publication."""

    def __init__(self) -> None:
        self.published: asyncio.Event | None = None

    def write(self, data: bytes) -> None:
        if self.published is not None and b"textDocument/publishDiagnostics" in data:
            self.published.set()

    def close(self) -> None:  # pragma: no cover - pygls calls it on exit
        pass


class Editor:
    """A server with `documents` configs open under a temporary `configs/benchmark/`."""

    def __init__(self, documents: int, text: str = TYPICAL) -> None:
        self._folder = tempfile.TemporaryDirectory()
        root = Path(self._folder.name)
        (root / "configs" / "benchmark").mkdir(parents=True)
        self.server = build_server()
        self.protocol = self.server.protocol
        self.writer = _Writer()
        self.protocol.set_writer(self.writer)
        self.loop = asyncio.new_event_loop()
        self._id = 0
        self._send(
            "initialize",
            {
                "processId": None,
                "rootUri": root.as_uri(),
                "capabilities": {},
                "initializationOptions": {"benchlint": {"debounce": 0}},
            },
            request=True,
        )
        self.uris = [
            (root / "configs" / "benchmark" / f"c{index:03d}.toml").as_uri()
            for index in range(documents)
        ]
        for index, uri in enumerate(self.uris):
            # every document different, as in a real editor (the masker keys on text)
            body = text.replace("LOG_LEVEL", f"LOG_LEVEL_{index}")
            self._until_published(
                "textDocument/didOpen",
                {"textDocument": {"uri": uri, "languageId": "toml", "version": 1, "text": body}},
            )
        self.version = 1
        self.line = text.splitlines().index("[execution]") + 1  # attempts_per_task = …

    def _send(self, method: str, params: Any, request: bool = False) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self._id += 1
            message["id"] = self._id
        structured = json.loads(json.dumps(message), object_hook=self.protocol.structure_message)
        self.protocol.handle_message(structured)

    def _until_published(self, method: str, params: Any) -> None:
        async def run() -> None:
            self.writer.published = asyncio.Event()
            self._send(method, params)
            await asyncio.wait_for(self.writer.published.wait(), 60)

        self.loop.run_until_complete(run())

    def keystroke(self) -> None:
        """Type one digit over the value of `attempts_per_task` in the first document (the
        value alternates between 2 and 3, so every keystroke is a new text)."""
        self.version += 1
        digit = "3" if self.version % 2 else "2"
        start = {"line": self.line, "character": len("attempts_per_task = ")}
        end = {"line": self.line, "character": len("attempts_per_task = ") + 1}
        self._until_published(
            "textDocument/didChange",
            {
                "textDocument": {"uri": self.uris[0], "version": self.version},
                "contentChanges": [{"range": {"start": start, "end": end}, "text": digit}],
            },
        )

    def close(self) -> None:
        self.server.linter.shutdown()
        self.loop.close()
        self._folder.cleanup()


if __name__ == "__main__":
    import time

    for count in (1, 100):
        editor = Editor(count)
        editor.keystroke()
        start = time.perf_counter()
        for _ in range(200):
            editor.keystroke()
        print(f"{count:>3} open: {(time.perf_counter() - start) / 200 * 1e3:.2f} ms per keystroke")
        editor.close()
