"""Running the user's own `osmosis` CLI, and every way that can fail as one sentence.

The CLI runs with the user's environment as it is (that is where its login lives: a keyring,
a credentials file, `OSMOSIS_TOKEN`); benchlint adds nothing to it, never prints it, and puts
nothing but the command and a benchmark key on the command line. Whatever the CLI prints is
data from a server: messages quote it through the renderer (`quoted_text`), masked.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from ..core.record import NamedTuple
from ..core.regex import lazy_regex
from ..rules.wording import quoted_text

MINIMUM = (0, 3, 0)  # the first release whose `benchmark info` and `secret list` take --json
DEFAULT_TIMEOUT = 120.0  # seconds for one command (the CLI's own requests give up at 30)
_VERSION = lazy_regex(r"\b(\d{1,4})\.(\d{1,4})\.(\d{1,4})\b")
_LIMIT = 64 * 1024 * 1024  # as a saved catalog file


class OsmosisError(Exception):
    """One failure, in one sentence. `fatal`: every other command would fail the same way
    (no CLI, not logged in, the network down), so the pull stops."""

    def __init__(self, message: str, kind: str, *, fatal: bool) -> None:
        super().__init__(message)
        self.kind = kind
        self.fatal = fatal


class Answer(NamedTuple):
    data: bytes  # stdout, exactly as printed
    value: dict[str, Any]  # stdout parsed


class Osmosis:
    """One `osmosis` executable, run in the workspace folder."""

    def __init__(self, executable: str, cwd: Path, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.executable = executable
        self.cwd = cwd
        self.timeout = timeout

    @classmethod
    def find(cls, configured: str | None, cwd: Path, timeout: float = DEFAULT_TIMEOUT) -> Osmosis:
        """The CLI a setting names, else `osmosis` on PATH."""
        if configured:
            path = os.path.expanduser(configured)
            if not (os.path.isfile(path) and os.access(path, os.X_OK)):
                raise OsmosisError(
                    f"the Osmosis CLI {quoted_text(configured)} named by the settings is not an "
                    "executable file",
                    "missing",
                    fatal=True,
                )
            return cls(os.path.abspath(path), cwd, timeout)
        found = shutil.which("osmosis")
        if found is None:
            raise OsmosisError(
                "no `osmosis` on PATH: install the Osmosis CLI (`pip install osmosis-ai`) and "
                "log in (`osmosis auth login`), or name it with --osmosis",
                "missing",
                fatal=True,
            )
        return cls(found, cwd, timeout)

    def version(self) -> str:
        """`0.3.8`; raises when the CLI is older than the first with `--json` everywhere."""
        done = self._run(["--version"])
        text = done.stdout.decode("utf-8", "replace") + done.stderr.decode("utf-8", "replace")
        match = _VERSION.search(text) if done.returncode == 0 else None
        if match is None:
            raise OsmosisError(
                f"{self._name()} --version did not print a version (exit status "
                f"{done.returncode}): is it the Osmosis CLI?",
                "not-osmosis",
                fatal=True,
            )
        found = tuple(int(part) for part in match.groups())
        version = ".".join(match.groups())
        if found < MINIMUM:
            raise _too_old(version)
        return version

    def json(self, *arguments: str) -> Answer:
        """`osmosis --json ARGUMENTS...`: what it printed, parsed; raises `OsmosisError`."""
        done = self._run(["--json", *arguments])
        if done.returncode != 0:
            raise _failure(done, arguments)
        if len(done.stdout) > _LIMIT:
            raise OsmosisError(
                f"osmosis {' '.join(arguments[:2])} printed more than 64 MiB",
                "too-large",
                fatal=False,
            )
        try:
            value = json.loads(done.stdout.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise OsmosisError(
                f"osmosis {' '.join(arguments[:2])} printed something that is not JSON "
                f"({len(done.stdout):,} bytes): {_first_line(done.stdout)}",
                "not-json",
                fatal=False,
            ) from None
        if not isinstance(value, dict) or "schema_version" not in value:
            raise OsmosisError(
                f"osmosis {' '.join(arguments[:2])} printed JSON that is not its --json "
                "envelope (no `schema_version`)",
                "not-json",
                fatal=False,
            )
        return Answer(done.stdout, value)

    def _name(self) -> str:
        return quoted_text(self.executable)

    def _run(self, arguments: list[str]) -> subprocess.CompletedProcess[bytes]:
        try:
            return subprocess.run(
                [self.executable, *arguments],
                cwd=self.cwd,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=self.timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise OsmosisError(
                f"osmosis {' '.join(arguments[:3])} did not finish within {self.timeout:g} s "
                "(is the network down, or the Platform not answering?)",
                "timeout",
                fatal=True,
            ) from None
        except OSError as error:
            raise OsmosisError(
                f"cannot run {self._name()}: {error.strerror}", "missing", fatal=True
            ) from None


def _too_old(version: str) -> OsmosisError:
    minimum = ".".join(map(str, MINIMUM))
    return OsmosisError(
        f"osmosis-ai {version} is too old: `--json benchmark info` and `--json secret list` "
        f"need {minimum} or newer (`pip install -U osmosis-ai`)",
        "too-old",
        fatal=True,
    )


def _failure(done: subprocess.CompletedProcess[bytes], arguments: tuple[str, ...]) -> OsmosisError:
    """What a failed command's error envelope (or its usage error) says, in one sentence."""
    what = " ".join(arguments[:2])
    error = _error_envelope(done.stderr) or _error_envelope(done.stdout)
    if error is None:
        text = done.stderr.decode("utf-8", "replace")
        if done.returncode == 2 and ("No such option" in text or "No such command" in text):
            return OsmosisError(
                f"this osmosis has no `--json {what}`: it is too old (`pip install -U osmosis-ai`)",
                "too-old",
                fatal=True,
            )
        return OsmosisError(
            f"osmosis {what} failed (exit status {done.returncode}): "
            f"{_first_line(done.stderr) or _first_line(done.stdout) or 'no message'}",
            "failed",
            fatal=False,
        )
    code = str(error.get("code") or "")
    message = error.get("message")
    said = quoted_text(message) if isinstance(message, str) and message else "no message"
    details = error.get("details") if isinstance(error.get("details"), dict) else {}
    status = details.get("status_code") if isinstance(details, dict) else None
    if code in ("AUTH_REQUIRED", "AUTH_EXPIRED", "UNAUTHORIZED") or status == 401:
        return OsmosisError(
            f"osmosis is not logged in (it says {said}): run `osmosis auth login`",
            "login",
            fatal=True,
        )
    if code == "NOT_FOUND" and arguments[:2] == ("benchmark", "info"):
        return OsmosisError(
            f"the workspace has no benchmark {quoted_text(arguments[2])} (the Platform says "
            f"{said})",
            "unknown-benchmark",
            fatal=False,
        )
    if code == "WORKSPACE_REQUIRED":
        return OsmosisError(
            f"osmosis does not see an Osmosis workspace here ({said}): run the pull in the "
            "workspace's repository",
            "workspace",
            fatal=True,
        )
    if isinstance(message, str) and (
        message.startswith("Could not connect") or "timed out" in message
    ):
        return OsmosisError(
            f"osmosis cannot reach the Platform (the network may be down): {said}",
            "network",
            fatal=True,
        )
    if isinstance(status, int):
        return OsmosisError(
            f"osmosis {what}: the Platform answered HTTP {status}: {said}", "platform", fatal=False
        )
    return OsmosisError(
        f"osmosis {what} failed ({quoted_text(code) if code else 'no code'}): {said}",
        "failed",
        fatal=False,
    )


def _error_envelope(output: bytes) -> dict[str, Any] | None:
    """The `error` object of the CLI's JSON error envelope, when it printed one."""
    try:
        value = json.loads(output.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    error = value.get("error") if isinstance(value, dict) else None
    return error if isinstance(error, dict) else None


def _first_line(output: bytes) -> str:
    for line in output.decode("utf-8", "replace").splitlines():
        if line.strip():
            return quoted_text(line.strip(), limit=120)
    return ""
