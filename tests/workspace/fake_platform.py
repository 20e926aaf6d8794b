"""A local stand-in for the Osmosis Platform's CLI API, for the real `osmosis` CLI to talk to.

It answers what `osmosis --json benchmark info KEY` and `osmosis --json secret list --all`
ask (`/api/cli/benchmarks/KEY`, `/api/cli/benchmark-runs`, `/api/cli/environment-secrets`)
in the shapes the SDK's models read (`BenchmarkCatalogDetail`, `PaginatedBenchmarkRuns`,
`PaginatedEnvironmentSecrets`), serving the secret records a few per page. What a test
sets in `failures` answers a path with an HTTP error, or never answers it (`"hang"`).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

TOKEN = "made-up-token-for-tests"  # never a real credential
PAGE = 2  # secret records per page: a list of five takes three requests


def benchmark(
    key: str,
    tasks: list[str],
    *,
    sync_status: str = "ready",
    synced: int | None = None,
    sync_error: str | None = None,
) -> dict[str, Any]:
    """A `/api/cli/benchmarks/KEY` answer (the fields `BenchmarkCatalogDetail.from_dict`
    reads)."""
    return {
        "benchmark": {
            "id": f"bm-{key}",
            "name": key.replace("-", " ").title(),
            "key": key,
            "source_type": "harbor_registry",
            "source_ref": key,
            "platform_url": f"http://platform.invalid/acme/benchmarks/{key}",
            "task_count": len(tasks),
            "category_count": 1,
            "sync_status": sync_status,
            "synced_task_count": synced,
            "sync_error": sync_error,
            "runner_family": "harbor",
            "supports_harness": True,
            "requires_harness": False,
            "requires_judge_model": False,
            "requires_judge_api_key": False,
            "pass_threshold": 1.0,
            "categories": [{"name": "general", "task_count": len(tasks)}],
            "tasks": [{"name": name, "category": "general"} for name in tasks],
        },
        "leaderboard": [],
    }


def secret(name: str, scope: str | None, number: int) -> dict[str, Any]:
    """One record as the API lists it, with the metadata benchlint must not keep."""
    return {
        "id": f"sec-{number}",
        "name": name,
        "scope": scope,
        "created_at": "2026-11-01T00:00:00Z",
        "updated_at": "2026-11-02T00:00:00Z",
        "creator_name": "Ada Lovelace",
        "updater_name": "Ada Lovelace",
    }


class FakePlatform:
    def __init__(self) -> None:
        self.benchmarks: dict[str, dict[str, Any]] = {}
        self.secrets: list[dict[str, Any]] = []
        self.failures: dict[str, int | str] = {}  # path prefix → HTTP status, or "hang"
        self.requests: list[str] = []
        self.release = threading.Event()  # set to let hanging requests go
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"

    def environment(self) -> dict[str, str]:
        """What points the CLI here: the Platform's address and a made-up token bound to it."""
        return {
            "OSMOSIS_PLATFORM_URL": self.url,
            "OSMOSIS_TOKEN": TOKEN,
            "OSMOSIS_TOKEN_PLATFORM_URL": self.url,
        }

    @contextmanager
    def running(self) -> Iterator[FakePlatform]:
        thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self.release.set()
            self._server.shutdown()
            self._server.server_close()

    def answer(self, path: str, query: dict[str, list[str]]) -> tuple[int, Any]:
        if path.startswith("/api/cli/benchmarks/"):
            key = unquote(path.removeprefix("/api/cli/benchmarks/"))
            found = self.benchmarks.get(key)
            if found is None:
                return 404, {"error": f"Benchmark '{key}' not found", "code": "NOT_FOUND"}
            return 200, found
        if path == "/api/cli/benchmarks":  # `benchmark list`: every benchmark, no manifests
            listed = [{**b["benchmark"], "tasks": None} for b in self.benchmarks.values()]
            return 200, {"benchmarks": listed, "total_count": len(listed), "has_more": False}
        if path == "/api/cli/benchmark-runs":
            return 200, {"benchmark_runs": [], "total_count": 0, "has_more": False}
        if path == "/api/cli/environment-secrets":
            offset = int(query.get("offset", ["0"])[0])
            page = self.secrets[offset : offset + PAGE]
            more = offset + PAGE < len(self.secrets)
            return 200, {
                "environment_secrets": page,
                "total_count": len(self.secrets),
                "has_more": more,
                "next_offset": offset + PAGE if more else None,
            }
        return 404, {"error": "no such endpoint", "code": "NOT_FOUND"}

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        platform = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                parsed = urlparse(self.path)
                platform.requests.append(self.path)
                failure = next(
                    (v for k, v in platform.failures.items() if parsed.path.startswith(k)), None
                )
                if failure == "hang":
                    platform.release.wait(60)
                    return
                if isinstance(failure, int):
                    self._send(failure, {"error": f"HTTP {failure} from the fake Platform"})
                    return
                status, body = platform.answer(parsed.path, parse_qs(parsed.query))
                self._send(status, body)

            def _send(self, status: int, body: Any) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                return  # quiet

        return Handler
