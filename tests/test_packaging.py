"""The sdist and the wheel a release would publish: built from a clean copy of the project,
holding what a user needs (the bundled catalog, `py.typed`, the licence, the metadata), and
each installed into a fresh virtual environment (not editable), where `benchlint check` and
the language server's `initialize` work."""

from __future__ import annotations

import email
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest
from tests.leaks.rawlsp import RawClient

from benchlint import __version__

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "configs" / "benchmark" / "terminal-bench-compare.toml"
PACKAGE_DATA = ("benchlint/py.typed", "benchlint/domain/catalog/bundled.json")


def run(command: list[str], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, (
        f"{' '.join(command)}\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
    )
    return result


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`python -m build` of a clean copy: what is not committed cannot leak into the build."""
    root = tmp_path_factory.mktemp("package")
    source = root / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "MANIFEST.in"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "src", source / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    run([sys.executable, "-m", "build", "--outdir", str(root / "dist"), str(source)], root)
    return root / "dist"


def test_the_wheel_holds_the_data_the_licence_and_the_metadata(dist: Path) -> None:
    [wheel] = dist.glob(f"benchlint-{__version__}-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = f"benchlint-{__version__}.dist-info"
        metadata = email.message_from_string(archive.read(f"{info}/METADATA").decode())
    assert set(PACKAGE_DATA) <= names
    assert f"{info}/licenses/LICENSE" in names
    assert not any(name.startswith(("tests/", "bench/")) for name in names)
    assert metadata["License-Expression"] == "MIT"
    assert metadata["Requires-Python"] == ">=3.11"
    classifiers = metadata.get_all("Classifier") or []
    for version in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {version}" in classifiers
    assert "Typing :: Typed" in classifiers
    urls = {url.split(",")[0] for url in metadata.get_all("Project-URL") or []}
    assert {"Homepage", "Documentation", "Issues", "Changelog"} <= urls


def test_the_sdist_holds_the_sources_and_the_licence(dist: Path) -> None:
    [sdist] = dist.glob(f"benchlint-{__version__}.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"LICENSE", "README.md", "pyproject.toml", "CHANGELOG.md"} <= names
    assert {f"src/{name}" for name in PACKAGE_DATA} <= names


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_installed_from_it_benchlint_runs(dist: Path, tmp_path: Path, kind: str) -> None:
    artifact = next(dist.glob("*.whl" if kind == "wheel" else "*.tar.gz"))
    environment = tmp_path / "venv"
    venv.create(environment, with_pip=True)
    python = environment / "bin" / "python"
    run([str(python), "-m", "pip", "install", "-q", str(artifact)], tmp_path)
    benchlint = environment / "bin" / "benchlint"
    checked = subprocess.run(
        [str(benchlint), "check", str(EXAMPLE)], capture_output=True, text=True, check=False
    )
    assert (checked.returncode, checked.stdout) == (0, "no problems in 1 file\n"), checked.stderr
    # Not this checkout's code: the installed copy, with its own bundled catalog.
    located = run([str(python), "-c", "import benchlint; print(benchlint.__file__)"], tmp_path)
    assert located.stdout.startswith(str(environment))
    client = RawClient(str(tmp_path), [str(benchlint), "lsp"])
    try:
        answer = client.request("initialize", {"processId": None, "capabilities": {}})
        assert answer["serverInfo"] == {"name": "benchlint", "version": __version__}
    finally:
        client.close()
