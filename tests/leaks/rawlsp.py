"""A bare JSON-RPC client of `benchlint lsp` that keeps every byte the server writes (its
standard output and error): what a leak test must search, whatever message carried it."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from typing import Any


class RawClient:
    def __init__(self, cwd: str, command: list[str] | None = None) -> None:
        self.process = subprocess.Popen(
            command or [sys.executable, "-m", "benchlint", "lsp"],
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.output = bytearray()  # everything written on stdout and stderr
        self.messages: list[dict[str, Any]] = []
        self._next_id = 0
        self.lock = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read_errors(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            with self.lock:
                self.output.extend(line)

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = stream.read(1)
                if not byte:
                    return
                header += byte
            length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
            body = stream.read(length)
            with self.lock:
                self.output.extend(header + body)
                self.messages.append(json.loads(body))
                self.lock.notify_all()

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def request(self, method: str, params: Any, timeout: float = 30) -> Any:
        self._next_id += 1
        ident = self._next_id
        self._send({"id": ident, "method": method, "params": params})
        with self.lock:
            found = self.lock.wait_for(
                lambda: any(m.get("id") == ident for m in self.messages), timeout
            )
            assert found, f"no answer to {method}"
            return next(m for m in self.messages if m.get("id") == ident).get("result")

    def wait_for(self, method: str, uri: str, timeout: float = 30) -> dict[str, Any]:
        def published() -> dict[str, Any] | None:
            return next(
                (
                    m
                    for m in reversed(self.messages)
                    if m.get("method") == method and m["params"].get("uri") == uri
                ),
                None,
            )

        with self.lock:
            assert self.lock.wait_for(lambda: published() is not None, timeout), method
            found = published()
            assert found is not None
            return found

    def close(self) -> None:
        try:
            self.request("shutdown", None, timeout=10)
            self.notify("exit", None)
            self.process.wait(timeout=10)
        finally:
            if self.process.poll() is None:
                self.process.kill()
