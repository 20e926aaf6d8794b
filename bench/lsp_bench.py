"""Language-server figures for target 6 of docs/performance.md: printed, never asserted.

    .venv/bin/python bench/lsp_bench.py [--samples 200] [--edits 10000]

- `didChange` → `publishDiagnostics` latency with debounce 0, on a ~40-line config and on a
  5,000-line one (long task list, big env table): p50 and p95;
- completion and hover latency (p95) on the 40-line config;
- the server's resident memory after 10,000 edits against its level after the first 100.

It drives `benchlint lsp` over stdio with a bare JSON-RPC client (no pygls on this side), so
the times are the server's plus a pipe round trip.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

from configs import TYPICAL as SMALL


def large_config() -> str:
    """About 5,000 lines: a long task list and a big environment table."""
    tasks = "".join(f'  "terminal-bench/task-{i:04d}",\n' for i in range(2_480))
    env = "".join(f'VAR_{i:04d} = "value {i}"\n' for i in range(2_480))
    head, tail = SMALL.split("[tasks]\n", 1)
    tail = tail.split("\n", 1)[1]
    text = f"{head}[tasks]\ntask_names = [\n{tasks}]\n{tail}{env}"
    tomllib.loads(text)
    return text


class Client:
    """Just enough JSON-RPC over stdio to time a language server."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.next_id = 0
        self.pending: dict[int, asyncio.Future[Any]] = {}
        self.published: dict[str, asyncio.Queue[tuple[float, dict[str, Any]]]] = {}
        self.reader = asyncio.ensure_future(self._read())

    @classmethod
    async def start(cls) -> Client:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "benchlint",
            "lsp",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=64 * 1024 * 1024,
        )
        return cls(process)

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    async def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = future
        self._send({"id": self.next_id, "method": method, "params": params})
        return await future

    def queue(self, uri: str) -> asyncio.Queue[tuple[float, dict[str, Any]]]:
        return self.published.setdefault(uri, asyncio.Queue())

    async def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        while True:
            length = 0
            while (line := await stdout.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if not line:
                return
            message = json.loads(await stdout.readexactly(length))
            arrived = time.perf_counter()
            if "id" in message and "method" in message:  # a request from the server
                self._send({"id": message["id"], "result": self._answer(message)})
            elif "id" in message:
                self.pending.pop(message["id"]).set_result(message.get("result"))
            elif message.get("method") == "textDocument/publishDiagnostics":
                self.queue(message["params"]["uri"]).put_nowait((arrived, message["params"]))

    @staticmethod
    def _answer(message: dict[str, Any]) -> Any:
        if message["method"] == "workspace/configuration":
            return [{"debounce": 0}]
        return None

    async def stop(self) -> None:
        await self.request("shutdown", None)
        self.notify("exit", None)
        await self.process.wait()
        self.reader.cancel()

    def rss_kib(self) -> int:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(
            next(line for line in status.splitlines() if line.startswith("VmRSS")).split()[1]
        )


class Document:
    def __init__(self, client: Client, uri: str, text: str) -> None:
        self.client, self.uri, self.text, self.version = client, uri, text, 1
        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "toml", "version": 1, "text": text}},
        )

    def edit_line(self, line: int, old: str, new: str) -> None:
        """Replace `old` with `new` on a line (both ASCII, so columns are the same in UTF-16)."""
        column = self.text.split("\n")[line].index(old)
        self.version += 1
        lines = self.text.split("\n")
        lines[line] = lines[line][:column] + new + lines[line][column + len(old) :]
        self.text = "\n".join(lines)
        span = {
            "start": {"line": line, "character": column},
            "end": {"line": line, "character": column + len(old)},
        }
        self.client.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": self.uri, "version": self.version},
                "contentChanges": [{"range": span, "text": new}],
            },
        )

    async def published(self) -> float:
        """When the diagnostics of the current version arrived."""
        queue = self.client.queue(self.uri)
        while True:
            arrived, params = await queue.get()
            if params.get("version") == self.version:
                return arrived


async def change_latency(
    client: Client, uri: str, text: str, line: int, samples: int
) -> list[float]:
    document = Document(client, uri, text)
    await document.published()
    values = ('"UTC"', '"UTD"')
    old = next(v for v in values if v in text.split("\n")[line])
    times = []
    for _ in range(samples):
        new = values[(values.index(old) + 1) % 2]
        sent = time.perf_counter()
        document.edit_line(line, old, new)
        times.append(await document.published() - sent)
        old = new
    return times


async def request_latency(
    client: Client, uri: str, method: str, position: dict[str, int], samples: int
) -> list[float]:
    times = []
    for _ in range(samples):
        sent = time.perf_counter()
        await client.request(method, {"textDocument": {"uri": uri}, "position": position})
        times.append(time.perf_counter() - sent)
    return times


async def memory_growth(client: Client, uri: str, edits: int) -> tuple[int, int]:
    """Resident memory after the first 100 edits and after `edits` of them."""
    document = Document(client, uri, SMALL)
    await document.published()
    line = SMALL.split("\n").index('model = "openai/gpt-5.2"')
    early = 0
    for index in range(edits):
        document.edit_line(
            line,
            "gpt-5.2" if index % 2 == 0 else "gpt-5.3",
            "gpt-5.3" if index % 2 == 0 else "gpt-5.2",
        )
        if index % 50 == 49 or index == edits - 1:  # let the server keep up, as a user does
            await document.published()
        if index == 99:
            early = client.rss_kib()
    return early, client.rss_kib()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] * 1000


async def main(samples: int, edits: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="lsp-bench-")) / "configs" / "benchmark"
    large = large_config()
    client = await Client.start()
    root = folder.parents[1].as_uri()
    await client.request(
        "initialize",
        {
            "processId": os.getpid(),
            "rootUri": root,
            "capabilities": {"workspace": {"configuration": True}},
        },
    )
    client.notify("initialized", {})

    small_line = SMALL.split("\n").index('TZ = "UTC"')
    small = await change_latency(
        client, (folder / "small.toml").as_uri(), SMALL, small_line, samples
    )
    large_line = large.split("\n").index('TZ = "UTC"')
    big = await change_latency(
        client, (folder / "large.toml").as_uri(), large, large_line, max(10, samples // 7)
    )
    uri = (folder / "small.toml").as_uri()
    completion = await request_latency(
        client, uri, "textDocument/completion", {"line": 29, "character": 0}, samples
    )
    hover = await request_latency(
        client, uri, "textDocument/hover", {"line": 10, "character": 3}, samples
    )
    early, late = await memory_growth(client, (folder / "memory.toml").as_uri(), edits)
    await client.stop()

    loads = min(_time(lambda: tomllib.loads(SMALL)) for _ in range(200)) * 1000
    from benchlint import lint_text  # the engine alone, in this process, for comparison

    engine_small = [
        _time(lambda: lint_text(SMALL, path="configs/benchmark/s.toml")) for _ in range(50)
    ]
    engine_large = [
        _time(lambda: lint_text(large, path="configs/benchmark/l.toml")) for _ in range(10)
    ]
    cores, load = os.cpu_count(), os.getloadavg()[0]
    rows = [
        (
            f"didChange -> publishDiagnostics, {len(SMALL.splitlines())}-line config",
            small,
            "p50 <= 5, p95 <= 15",
        ),
        (
            f"didChange -> publishDiagnostics, {len(large.splitlines()):,}-line config",
            big,
            "p95 <= 150",
        ),
        (f"completion, {len(SMALL.splitlines())}-line config", completion, "p95 <= 20"),
        (f"hover, {len(SMALL.splitlines())}-line config", hover, "p95 <= 20"),
    ]
    print(f"benchlint lsp, quality target 6 (debounce 0; {cores} cores, load {load:.1f})")
    for label, times, target in rows:
        p50, p95 = percentile(times, 0.5), percentile(times, 0.95)
        print(f"  {label}: p50 {p50:.1f} ms, p95 {p95:.1f} ms   (target {target})")
    growth = 100 * (late - early) / early
    print(
        f"  resident memory: {early / 1024:.1f} MiB after 100 edits, {late / 1024:.1f} MiB "
        f"after {edits:,}: {growth:+.1f}%   (target <= +10%)"
    )
    print(
        f"  side by side, in this process: lint_text p50 {percentile(engine_small, 0.5):.1f} ms "
        f"(small), {percentile(engine_large, 0.5):.1f} ms (5,000 lines); tomllib.loads "
        f"{loads:.3f} ms (small)"
    )


def _time(call: Any) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--samples", type=int, default=200, help="latency samples (default 200)")
    parser.add_argument("--edits", type=int, default=10_000, help="edits for the memory figure")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.samples, arguments.edits))
