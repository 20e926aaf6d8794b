"""The extension in real VS Code: code-server from the npm registry, driven by headless Chromium
(vscode-extension/e2e/run.mjs does the clicking; these tests prepare each scenario and check the
outcome on disk and in what the driver saw).

- trusted: the server from a user-level benchlint.path; diagnostics, quick fix, hover,
  highlighting, the status tooltip, restart, an old server's warning, no server at all, and the
  server of the Python extension's environment (a stand-in for ms-python.python).
- restricted: Workspace Trust on, the folder untrusted, its settings and .venv pointing at
  scripts that leave a marker file; benchlint nowhere, installed from the notification out of a
  folder of wheels built from this repository (PIP_NO_INDEX, PIP_FIND_LINKS: no network), no
  marker; then trust is granted and the workspace's benchlint.path takes over.

Needs `bash scripts/install-code-server.sh` (code-server 4.100.3 and Debian's chromium).
Screenshots go to test-artifacts/vscode/<scenario>/; BENCHLINT_UPDATE_SCREENSHOT=1 also
refreshes the README's image, vscode-extension/images/screenshot.png.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT, missing, run

pytestmark = pytest.mark.slow

CODE_SERVER_VERSION = "4.100.3"
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts" / "vscode"
README_SCREENSHOT = ROOT / "vscode-extension" / "images" / "screenshot.png"
PLAN_SCREENSHOT = ROOT / "vscode-extension" / "images" / "plan-lens.png"
FAKE_PYTHON_EXTENSION = ROOT / "vscode-extension" / "e2e" / "fake-python-extension"
BENCHLINT = Path(sys.executable).with_name("benchlint")
PYTHON_WITH_BENCHLINT = Path(sys.executable)
# The interpreter this virtual environment was made from: the wheels built for this test fit it.
BASE_PYTHON = Path(sys.base_prefix) / "bin" / f"python{sys.version_info[0]}.{sys.version_info[1]}"
CONFIG = "configs/benchmark/hle.toml"
EXTENSION_ID = "benchlint.benchlint"
# The Playwright driver's ceiling for any one wait; code-server is slow on 2 cores.
STEP_TIMEOUT_MS = 60_000
# Making a virtual environment and installing into it from local wheels, on 2 slow cores.
INSTALL_TIMEOUT_MS = 300_000
RUN_TIMEOUT_S = 600

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

HLE_INFO = {
    "schema_version": 1,
    "data": {
        "benchmark": {
            "key": "hle",
            "name": "HLE",
            "source_type": "osmosis_managed",
            "task_count": 2500,
            "task_sets": [{"name": "parity", "task_count": 235, "recommended": True}],
            "supports_harness": True,
            "requires_harness": False,
            "requires_judge_model": True,
            "requires_judge_api_key": True,
            "required_secret_names": ["HF_TOKEN"],
        },
        "leaderboard": [],
        "runs": [],
    },
}

# The places the extension looks, in order (vscode-extension/src/launch.ts).
PLACES = [
    "benchlint.path",
    "benchlint.interpreter",
    "Python extension",
    "workspace .venv",
    "workspace venv",
    "private environment",
    "PATH",
]


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


@pytest.fixture(scope="session")
def fake_python_vsix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The stand-in for the Python extension, zipped the way a .vsix is."""
    vsix = tmp_path_factory.mktemp("fake-python") / "ms-python.python-0.0.1.vsix"
    manifest = json.loads((FAKE_PYTHON_EXTENSION / "package.json").read_text("utf-8"))
    with zipfile.ZipFile(vsix, "w") as archive:
        archive.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/'
            'package/2006/content-types"><Default Extension=".json" ContentType="application/json"'
            '/><Default Extension=".js" ContentType="application/javascript"/><Default Extension='
            '".vsixmanifest" ContentType="text/xml"/></Types>',
        )
        archive.writestr(
            "extension.vsixmanifest",
            '<?xml version="1.0" encoding="utf-8"?><PackageManifest Version="2.0.0" xmlns='
            '"http://schemas.microsoft.com/developer/vsx-schema/2011"><Metadata><Identity '
            f'Language="en-US" Id="{manifest["name"]}" Version="{manifest["version"]}" '
            f'Publisher="{manifest["publisher"]}"/><DisplayName>{manifest["displayName"]}'
            "</DisplayName></Metadata><Installation><InstallationTarget Id="
            '"Microsoft.VisualStudio.Code"/></Installation><Assets><Asset Type='
            '"Microsoft.VisualStudio.Code.Manifest" Path="extension/package.json"/></Assets>'
            "</PackageManifest>",
        )
        for name in ("package.json", "extension.js"):
            archive.write(FAKE_PYTHON_EXTENSION / name, f"extension/{name}")
    return vsix


@pytest.fixture(scope="session")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Wheels of benchlint and its dependencies, built from this repository: the only place pip
    may install from in the restricted scenario."""
    root = tmp_path_factory.mktemp("wheelhouse")
    # A clean copy of the project: setuptools would reuse a stale build/ folder of the checkout.
    source = root / "source"
    source.mkdir()
    for top in ROOT.iterdir():
        if top.name in ("pyproject.toml", "README.md") or top.name.startswith("LICEN"):
            shutil.copy2(top, source / top.name)
    shutil.copytree(
        ROOT / "src", source / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    folder = root / "wheels"
    run([sys.executable, "-m", "pip", "wheel", "-q", str(source), "-w", str(folder)], ROOT, 600)
    [wheel] = folder.glob("benchlint-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        packaged = set(archive.namelist())
    data = sorted(
        path.relative_to(ROOT / "src").as_posix()
        for path in (ROOT / "src" / "benchlint").rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    )
    if lacking := [name for name in data if name not in packaged]:
        pytest.fail(
            f"{wheel.name} lacks {lacking}: a server installed from it cannot work. "
            "List them in pyproject.toml's [tool.setuptools.package-data]."
        )
    return folder


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


def cli_plan(workspace: Path) -> str:
    """The one-line plan `benchlint plan` gives for the config: the code lens shows it."""
    result = subprocess.run(
        [str(BENCHLINT), "plan", "--format", "json", CONFIG],
        cwd=workspace,
        capture_output=True,
        text=True,
        check=False,
    )
    summary: str = json.loads(result.stdout)["plans"][0]["plan"]["summary"]
    return summary


def hover_text() -> str:
    """The start of the `harness` key's description in the committed JSON Schema, which hover
    shows too; cut before the first markup so that it matches the rendered text."""
    schema = json.loads((ROOT / "schema" / "benchmark-config.schema.json").read_text("utf-8"))
    description: str = schema["definitions"]["Agent"]["properties"]["harness"]["description"]
    return description.split("(")[0].split("`")[0].strip()


def path_without_benchlint() -> str:
    """PATH minus the folders that hold a `benchlint`, so that only the settings can find it."""
    folders = os.environ.get("PATH", "").split(os.pathsep)
    return os.pathsep.join(f for f in folders if f and not (Path(f) / "benchlint").exists())


def script(path: Path, body: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\n{body}\n", "utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def make_workspace(tmp_path: Path) -> tuple[Path, list[dict[str, Any]], dict[str, Any]]:
    """A workspace with the bad config; returns it, the expected markers and the quick fix."""
    workspace = tmp_path / "workspace"
    config = workspace / CONFIG
    config.parent.mkdir(parents=True)
    config.write_text(BAD_CONFIG, "utf-8")
    # A saved `benchmark info hle`, which gives the parity set's size: the plan has a total.
    (workspace / "catalog").mkdir()
    (workspace / "catalog" / "hle.json").write_text(json.dumps(HLE_INFO), "utf-8")
    (workspace / "benchlint.toml").write_text('catalog = ["catalog/hle.json"]\n', "utf-8")
    diagnostics = cli_diagnostics(workspace)
    by_code = {d["code"]: d for d in diagnostics}
    assert {"BL203", "BL303"} <= by_code.keys(), diagnostics
    fix = by_code["BL303"]
    expected = [
        {"code": d["code"], "severity": d["severity"], **d["range"]["start"]} for d in diagnostics
    ]
    quick_fix = {
        "code": "BL303",
        "line": fix["range"]["start"]["line"],
        "column": fix["range"]["start"]["column"],
        "title": fix["fix"]["title"],
        "replacement": fix["fix"]["edits"][0]["new_text"],
    }
    return workspace, expected, quick_fix


def write_scenario(tmp_path: Path, scenario: dict[str, Any]) -> Path:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario, indent=2), "utf-8")
    return path


def kill_group(pid_file: Path) -> None:
    """Ends code-server's process group if the driver could not (it was killed); the driver
    removes the file once code-server has exited."""
    if not pid_file.is_file():
        return
    with contextlib.suppress(ProcessLookupError, PermissionError, ValueError):
        os.killpg(int(pid_file.read_text()), signal.SIGKILL)


def run_driver(extension_dir: Path, scenario: Path, artifacts: Path) -> None:
    """Runs the Playwright driver; fails the test with its log when a check fails."""
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
        kill_group(artifacts / "code-server.pid")
    (artifacts / "driver.log").write_text(output, "utf-8")
    assert driver.returncode == 0, f"{output[-8000:]}\nscreenshots and logs: {artifacts}"


def fresh_artifacts(name: str) -> Path:
    folder = ARTIFACTS / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def channel_log(artifacts: Path) -> str:
    """The benchlint output channel, all of it (the driver copies its log files)."""
    logs = sorted(artifacts.glob("benchlint-*.log"))
    assert logs, f"no benchlint output channel log in {artifacts}"
    return "\n".join(log.read_text("utf-8") for log in logs)


def place_reports(log: str) -> list[list[str]]:
    """Each "Looking for the benchlint language server" report: its numbered lines."""
    reports = []
    for block in log.split("Looking for the benchlint language server")[1:]:
        lines = re.findall(r"^  (\d)\. (.*)$", block, flags=re.MULTILINE)
        reports.append([text for _, text in lines[:7]])
    return reports


def test_extension_in_code_server(
    code_server: Path, vsix: Path, fake_python_vsix: Path, extension_dir: Path, tmp_path: Path
) -> None:
    artifacts = fresh_artifacts("trusted")
    workspace, expected, fix = make_workspace(tmp_path)
    old_server = script(
        tmp_path / "old" / "benchlint",
        f'[ "$1" = --version ] && {{ echo "benchlint 0.0.9"; exit 0; }}\nexec "{BENCHLINT}" "$@"',
    )
    scenario: dict[str, Any] = {
        "kind": "trusted",
        "codeServer": str(code_server),
        "chromium": str(CHROMIUM),
        "extensions": [str(vsix), str(fake_python_vsix)],
        "userSettings": {"benchlint.path": str(BENCHLINT)},
        # The Python extension's environment: a Python without benchlint, until the test
        # selects one that has it.
        "env": {"BENCHLINT_E2E_PYTHON": "/usr/bin/python3"},
        "workspace": str(workspace),
        "scratch": str(tmp_path / "scratch"),
        "markers": str(tmp_path / "markers"),
        "file": CONFIG,
        "artifacts": str(artifacts),
        "timeoutMs": STEP_TIMEOUT_MS,
        "expected": expected,
        "fix": fix,
        "hover": {"lineStart": "harness =", "text": hover_text()},
        "codeLens": cli_plan(workspace),
        "oldServer": str(old_server),
        "missingServerPath": str(tmp_path / "not-installed" / "benchlint"),
        "pythonWithBenchlint": str(PYTHON_WITH_BENCHLINT),
    }
    if os.environ.get("BENCHLINT_UPDATE_SCREENSHOT") == "1":
        scenario["readmeScreenshot"] = str(README_SCREENSHOT)
        scenario["planScreenshot"] = str(PLAN_SCREENSHOT)
    run_driver(extension_dir, write_scenario(tmp_path, scenario), artifacts)

    # The quick fix was applied and saved: the file on disk now has only BL203 left.
    text = (workspace / CONFIG).read_text("utf-8")
    assert 'harness_api_key_secret = "CURSOR_API_KEY"' in text
    assert [d["code"] for d in cli_diagnostics(workspace)] == ["BL203"]
    observed = json.loads((artifacts / "observed.json").read_text("utf-8"))
    version = extension_version()

    # Which server runs: its version and path, in the tooltip.
    assert f"Version: benchlint {version}" in observed["tooltip"]
    assert f"Command: {BENCHLINT} lsp" in observed["tooltip"]
    assert "Found in: benchlint.path" in observed["tooltip"]
    assert len(observed["tokenClasses"]) >= 3, observed["tokenClasses"]

    # A server older than the extension supports: one warning naming both versions.
    [old] = observed["oldServerNotifications"]
    assert "benchlint 0.0.9, older than 0.1.0" in old["message"], old
    assert "Install benchlint" in old["buttons"], old

    # No server: one notification offering the install, the docs and the output.
    [notice] = observed["notifications"]
    assert f"Install benchlint {version} with pip" in notice["message"], notice
    assert {"Install benchlint", "Show Output", "Open Install Docs"} <= set(notice["buttons"])

    # The output channel says where it looked, in order, and which server it used.
    log = channel_log(artifacts)
    reports = place_reports(log)
    assert all([line.split(":")[0] for line in report] == PLACES for report in reports), reports
    first = reports[0]
    [missing_report] = [r for r in reports if not any(line.endswith("<- used") for line in r)]
    assert first[0].startswith(f"benchlint.path: `{BENCHLINT} --version` benchlint {version}")
    assert first[0].endswith("<- used")
    assert first[2].startswith("Python extension: not tried")
    assert "No module named benchlint" in missing_report[2], missing_report
    assert missing_report[6] == "PATH: no benchlint on PATH"
    # Started, then restarted from the command palette.
    assert (
        log.count(f"Starting benchlint {version}: {BENCHLINT} lsp (found in: benchlint.path)") >= 2
    )

    # The Python extension's environment, once it has benchlint, runs the server.
    assert reports[-1][2].endswith("<- used"), reports[-1]
    assert f"Command: {PYTHON_WITH_BENCHLINT} -m benchlint lsp" in observed["pythonStatus"]
    # The plan's code lens above [experiment], counted from the workspace's catalog.
    assert observed["codeLens"] == "HLE · parity · 1 agent × 1 attempt = 235 attempts"
    assert "Plan: HLE · parity · 1 agent × 1 attempt = 235 attempts" in observed["planHover"]
    assert "235 tasks × 1 agent × 1 attempt = 235 attempts" in observed["planHover"]
    for name in (
        "1-diagnostics",
        "2-quick-fix-menu",
        "4-hover",
        "4-plan-lens",
        "6-old-server",
        "7-server-missing",
    ):
        assert (artifacts / f"{name}.png").is_file(), name


def test_restricted_workspace_installs_and_never_runs_its_code(
    code_server: Path,
    vsix: Path,
    fake_python_vsix: Path,
    wheelhouse: Path,
    extension_dir: Path,
    tmp_path: Path,
) -> None:
    artifacts = fresh_artifacts("restricted")
    workspace, expected, _ = make_workspace(tmp_path)
    markers = tmp_path / "markers"
    markers.mkdir()

    def trap(relative: str, real: Path) -> Path:
        """A script in the workspace that leaves a marker, then runs the real program."""
        name = relative.replace("/", "-")
        return script(workspace / relative, f'touch "{markers / name}"\nexec "{real}" "$@"')

    trap("tools/benchlint", BENCHLINT)
    trap("tools/python", PYTHON_WITH_BENCHLINT)
    venv_python = trap(".venv/bin/python", PYTHON_WITH_BENCHLINT)
    trap("venv/bin/python", PYTHON_WITH_BENCHLINT)
    trap("tools/bin/benchlint", BENCHLINT)
    (workspace / ".vscode").mkdir()
    (workspace / ".vscode" / "settings.json").write_text(
        json.dumps(
            {
                "benchlint.path": "${workspaceFolder}/tools/benchlint",
                "benchlint.interpreter": "${workspaceFolder}/tools/python",
            },
            indent=2,
        ),
        "utf-8",
    )
    # The only Python on PATH besides the system's is the one the wheels were built for; a
    # folder inside the workspace on PATH (an activated environment) holds a trap.
    python_bin = script(tmp_path / "python-bin" / "python3", f'exec "{BASE_PYTHON}" "$@"').parent
    path = os.pathsep.join(
        [str(workspace / "tools" / "bin"), str(python_bin), path_without_benchlint()]
    )
    profile = tmp_path / "scratch" / "profile"
    storage = profile / "user-data" / "User" / "globalStorage" / EXTENSION_ID
    scenario: dict[str, Any] = {
        "kind": "restricted",
        "codeServer": str(code_server),
        "chromium": str(CHROMIUM),
        "extensions": [str(vsix), str(fake_python_vsix)],
        "userSettings": {},
        "env": {
            "PATH": path,
            "PIP_NO_INDEX": "1",
            "PIP_FIND_LINKS": str(wheelhouse),
            # The Python extension selected the workspace's .venv.
            "BENCHLINT_E2E_PYTHON": str(venv_python),
        },
        "workspace": str(workspace),
        "scratch": str(tmp_path / "scratch"),
        "markers": str(markers),
        "storage": str(storage),
        "file": CONFIG,
        "artifacts": str(artifacts),
        "timeoutMs": STEP_TIMEOUT_MS,
        "installTimeoutMs": INSTALL_TIMEOUT_MS,
        "expected": expected,
    }
    run_driver(extension_dir, write_scenario(tmp_path, scenario), artifacts)
    observed = json.loads((artifacts / "observed.json").read_text("utf-8"))
    version = extension_version()

    # Nothing of the workspace ran before trust, and its benchlint.path ran after.
    assert observed["markersBeforeInstall"] == []
    assert observed["markersBeforeTrust"] == []
    assert "tools-benchlint" in observed["markersAfterTrust"]

    [notice] = observed["notifications"]
    assert "Restricted Mode" in notice["message"] and "Install benchlint" in notice["buttons"]
    assert "Restricted Mode" in observed["missingStatus"]
    [progress] = observed["progress"]
    assert f"installing benchlint {version}" in progress["message"], progress
    assert "Cancel" in progress["buttons"], progress
    assert "Found in: private environment" in observed["installedStatus"]
    assert f"Version: benchlint {version}" in observed["installedStatus"]
    assert "Restricted Mode" in observed["installedStatus"]
    assert "Found in: benchlint.path" in observed["trustedStatus"]
    assert "Restricted Mode" not in observed["trustedStatus"]

    # Every place inside the workspace was passed over, and said so.
    reports = place_reports(channel_log(artifacts))
    restricted = reports[0]
    assert all("Restricted Mode" in line for line in restricted[:5]), restricted
    assert "passed over" in restricted[6] and "Restricted Mode" in restricted[6], restricted
    assert any(report[5].endswith("<- used") for report in reports), reports

    # The private environment is complete and recorded, in the profile's global storage: the
    # upgrade made a new one and kept the first, which a server may still run from.
    state = json.loads((storage / "server.json").read_text("utf-8"))
    assert state["version"] == version
    first = re.search(r"Command: (\S+)", observed["installedStatus"])
    upgraded = re.search(r"Command: (\S+)", observed["upgradedStatus"])
    assert first and upgraded and first[1] != upgraded[1], observed
    assert upgraded[1] == str(storage / state["folder"] / "bin" / "python")
    assert first[1] == str(storage / state["previous"] / "bin" / "python")
    python = storage / state["folder"] / "bin" / "python"
    answer = subprocess.run(
        [str(python), "-m", "benchlint", "--version"], capture_output=True, text=True, check=True
    )
    assert answer.stdout.strip() == f"benchlint {version}"


def extension_version() -> str:
    package = json.loads((ROOT / "vscode-extension" / "package.json").read_text("utf-8"))
    version: str = package["version"]
    return version
