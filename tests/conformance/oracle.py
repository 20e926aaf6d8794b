"""Asking the official loaders for their verdicts: one driver subprocess per release.

The drivers start, the caller does other work (linting the same corpus), then collects.
Requests and answers travel in files, not pipes, so no driver ever blocks on a full pipe.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

DRIVER = Path(__file__).with_name("loader_driver.py")
WAIT_SECONDS = 600


@dataclass(frozen=True, slots=True)
class Verdict:
    accepted: bool
    error: str | None  # the exception type of a rejection
    message: str | None  # its first line (and first issue)
    required_secrets: tuple[str, ...] | None = None  # of an accepted config


class DriverFailed(Exception):
    """The driver itself broke; its output says why."""


class LoaderRun:
    """The drivers of several releases, running side by side on the same configs."""

    def __init__(self, pythons: Mapping[str, Path], configs: Sequence[bytes]) -> None:
        self.expected = len(configs)
        self.folder = Path(tempfile.mkdtemp(prefix="benchlint-oracle-", dir=fast_temp_root()))
        request = self.folder / "configs.json"
        encoded = [base64.b64encode(config).decode("ascii") for config in configs]
        request.write_text(json.dumps({"configs": encoded}))
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        self.running: dict[str, subprocess.Popen[bytes]] = {}
        for release, python in pythons.items():
            with open(self._log(release), "w") as log:
                self.running[release] = subprocess.Popen(
                    [str(python), "-I", str(DRIVER), str(request), str(self._answer(release))],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    env=env,
                )

    def wait(self) -> dict[str, list[Verdict]]:
        try:
            for release, process in self.running.items():
                if process.wait(timeout=WAIT_SECONDS) != 0:
                    log = self._log(release).read_text()[-4000:]
                    raise DriverFailed(f"the {release} driver exited {process.returncode}:\n{log}")
            return {release: self._verdicts(release) for release in self.running}
        finally:
            for process in self.running.values():
                if process.poll() is None:
                    process.kill()
            shutil.rmtree(self.folder, ignore_errors=True)

    def _verdicts(self, release: str) -> list[Verdict]:
        answer = json.loads(self._answer(release).read_text())
        if answer["release"] != release:
            raise DriverFailed(f"the {release} environment runs osmosis-ai {answer['release']}")
        if len(answer["verdicts"]) != self.expected:
            raise DriverFailed(f"the {release} driver answered {len(answer['verdicts'])} configs")
        return [
            Verdict(**{**item, "required_secrets": tuple(item.get("required_secrets") or ())})
            for item in answer["verdicts"]
        ]

    def _answer(self, release: str) -> Path:
        return self.folder / f"{release}.json"

    def _log(self, release: str) -> Path:
        return self.folder / f"{release}.log"


def fast_temp_root() -> str | None:
    """Memory-backed /dev/shm when usable (thousands of small files; the disk is slow)."""
    return "/dev/shm" if os.access("/dev/shm", os.W_OK | os.X_OK) else None
