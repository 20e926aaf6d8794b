"""The extension in real VS Code: code-server from the npm registry, driven by headless Chromium
(vscode-extension/e2e/run.mjs does the clicking; this test prepares the scenario and checks the
outcome on disk).

Needs `bash scripts/install-code-server.sh` (code-server 4.100.3 and Debian's chromium).
Screenshots go to test-artifacts/vscode/; BENCHLINT_UPDATE_SCREENSHOT=1 also refreshes the
README's image, vscode-extension/images/screenshot.png.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT, missing, run

pytestmark = pytest.mark.slow

CODE_SERVER_VERSION = "4.100.3"
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts" / "vscode"
README_SCREENSHOT = ROOT / "vscode-extension" / "images" / "screenshot.png"
BENCHLINT = Path(sys.executable).with_name("benchlint")
CONFIG = "configs/benchmark/hle.toml"
# The Playwright driver's ceiling for any one wait; code-server is slow on 2 cores.
STEP_TIMEOUT_MS = 60_000
RUN_TIMEOUT_S = 300

# HLE with HF_TOKEN in an agent's env (BL203, unsafe fix) and a cursor-cli agent whose
# harness_api_key_secret is not CURSOR_API_KEY (BL303, safe fix).
BAD_CONFIG = """\
[experiment]
benchmark = "hle"

[tasks]
task_set = "parity"

[[agents]]
harness = "cursor-cli"
harness_api_key_secret = "CURSOR_KEY"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[agents.env]
HF_TOKEN = "HF_TOKEN"

[execution]
judge_api_key_secret = "OPENAI_API_KEY"
"""


@pytest.fixture(scope="session")
def code_server() -> Path:
    """The installed code-server; checked before the npm packages are installed."""
    folder = Path(os.environ.get("BENCHLINT_CODE_SERVER_DIR", ROOT / ".cache" / "code-server"))
    binary = folder / "node_modules" / ".bin" / "code-server"
    if not (folder / f".installed-{CODE_SERVER_VERSION}").is_file() or not binary.is_file():
        missing(
            f"code-server {CODE_SERVER_VERSION} is not installed in {folder}; "
            "run `bash scripts/install-code-server.sh`"
        )
    if not CHROMIUM.is_file():
        missing(f"{CHROMIUM} is missing; run `bash scripts/install-code-server.sh`")
    return binary


def cli_diagnostics(workspace: Path) -> list[dict[str, Any]]:
    """What the command line reports for the config: the editor must show the same."""
    result = subprocess.run(
        [str(BENCHLINT), "check", "--format", "json", CONFIG],
        cwd=workspace,
        capture_output=True,
        text=True,
        check=False,
    )
    diagnostics: list[dict[str, Any]] = json.loads(result.stdout)["files"][0]["diagnostics"]
    return diagnostics


def hover_text() -> str:
    """The start of the `harness` key's description in the committed JSON Schema, which hover
    shows too; cut before the first markup so that it matches the rendered text."""
    schema = json.loads((ROOT / "schema" / "benchmark-config.schema.json").read_text("utf-8"))
    description: str = schema["definitions"]["Agent"]["properties"]["harness"]["description"]
    return description.split("(")[0].split("`")[0].strip()


def path_without_benchlint() -> str:
    """PATH minus the folders that hold a `benchlint`, so that only the setting can find it."""
    folders = os.environ.get("PATH", "").split(os.pathsep)
    return os.pathsep.join(f for f in folders if f and not (Path(f) / "benchlint").exists())


def write_scenario(tmp_path: Path, binary: Path, vsix: Path) -> tuple[Path, Path]:
    """The driver's input; returns its path and the workspace folder."""
    workspace = tmp_path / "workspace"
    config = workspace / CONFIG
    config.parent.mkdir(parents=True)
    config.write_text(BAD_CONFIG, "utf-8")
    diagnostics = cli_diagnostics(workspace)
    by_code = {d["code"]: d for d in diagnostics}
    assert {"BL203", "BL303"} <= by_code.keys(), diagnostics
    fix = by_code["BL303"]
    scenario = {
        "codeServer": str(binary),
        "chromium": str(CHROMIUM),
        "vsix": str(vsix),
        "benchlint": str(BENCHLINT),
        "workspace": str(workspace),
        "scratch": str(tmp_path / "scratch"),
        "file": CONFIG,
        "artifacts": str(ARTIFACTS),
        "timeoutMs": STEP_TIMEOUT_MS,
        "expected": [
            {"code": d["code"], "severity": d["severity"], **d["range"]["start"]}
            for d in diagnostics
        ],
        "fix": {
            "code": "BL303",
            "line": fix["range"]["start"]["line"],
            "column": fix["range"]["start"]["column"],
            "title": fix["fix"]["title"],
            "replacement": fix["fix"]["edits"][0]["new_text"],
        },
        "hover": {"lineStart": "harness =", "text": hover_text()},
        "missingServerPath": str(tmp_path / "not-installed" / "benchlint"),
    }
    if os.environ.get("BENCHLINT_UPDATE_SCREENSHOT") == "1":
        scenario["readmeScreenshot"] = str(README_SCREENSHOT)
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario, indent=2), "utf-8")
    return path, workspace


def kill_group(pid_file: Path) -> None:
    """Ends code-server's process group if the driver could not (it was killed); the driver
    removes the file once code-server has exited."""
    if not pid_file.is_file():
        return
    with contextlib.suppress(ProcessLookupError, PermissionError, ValueError):
        os.killpg(int(pid_file.read_text()), signal.SIGKILL)


def run_driver(extension_dir: Path, scenario: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": path_without_benchlint()}
    driver = subprocess.Popen(
        ["node", "e2e/run.mjs", str(scenario)],
        cwd=extension_dir,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        output, _ = driver.communicate(timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(driver.pid, signal.SIGTERM)
        output, _ = driver.communicate()
        output += f"\n(killed after {RUN_TIMEOUT_S} s)"
    finally:
        kill_group(ARTIFACTS / "code-server.pid")
    return subprocess.CompletedProcess(driver.args, driver.returncode, output, "")


def test_extension_in_code_server(code_server: Path, extension_dir: Path, tmp_path: Path) -> None:
    run(["npm", "run", "package"], extension_dir, timeout=300)
    vsix = extension_dir / "benchlint.vsix"
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True)
    scenario, workspace = write_scenario(tmp_path, code_server, vsix)

    result = run_driver(extension_dir, scenario)
    (ARTIFACTS / "driver.log").write_text(result.stdout, "utf-8")
    assert result.returncode == 0, f"{result.stdout[-8000:]}\nscreenshots and logs: {ARTIFACTS}"

    # The quick fix was applied and saved: the file on disk now has only BL203 left.
    text = (workspace / CONFIG).read_text("utf-8")
    assert 'harness_api_key_secret = "CURSOR_API_KEY"' in text
    assert [d["code"] for d in cli_diagnostics(workspace)] == ["BL203"]
    observed = json.loads((ARTIFACTS / "observed.json").read_text("utf-8"))
    assert len(observed["notifications"]) == 1
    assert "pip install benchlint" in observed["notifications"][0]["message"]
    for name in ("1-diagnostics", "2-quick-fix-menu", "4-hover", "6-server-missing"):
        assert (ARTIFACTS / f"{name}.png").is_file(), name
