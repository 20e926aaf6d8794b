"""A real editor: headless Neovim (Debian's 0.7.2 is enough) starts `benchlint lsp`, attaches
it to a bad config and shows its diagnostics."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lspkit import CORPUS, lsp_position

import benchlint

NVIM = shutil.which("nvim")


@pytest.mark.slow
@pytest.mark.skipif(NVIM is None, reason="nvim is not installed (apt-get install -y neovim)")
def test_neovim_shows_the_diagnostics_of_a_bad_config(tmp_path: Path) -> None:
    assert NVIM is not None
    config = tmp_path / "workspace" / "configs" / "benchmark" / "bad.toml"
    config.parent.mkdir(parents=True)
    text = (CORPUS / "unicode.toml").read_text("utf-8")
    config.write_text(text, "utf-8")
    out = tmp_path / "diagnostics.tsv"
    home = tmp_path / "home"
    env = {
        **os.environ,
        "BENCHLINT_PYTHON": sys.executable,
        "BENCHLINT_ROOT": str(config.parents[2]),
        "BENCHLINT_OUT": str(out),
        **{
            f"XDG_{kind}_HOME": str(home / kind.lower())
            for kind in ("CONFIG", "DATA", "CACHE", "STATE")
        },
    }
    script = Path(__file__).parent / "neovim" / "attach.lua"
    run = subprocess.run(
        [
            NVIM,
            "--headless",
            "-u",
            "NONE",
            "-i",
            "NONE",
            "-n",
            str(config),
            "-c",
            f"luafile {script}",
        ],
        env=env,
        cwd=config.parents[2],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.exists(), run.stderr
    shown = sorted(tuple(line.split("\t", 3)) for line in out.read_text("utf-8").splitlines())
    want = sorted(
        (
            d.code,
            # Neovim shows byte columns, converted from the server's UTF-16 ones
            *map(str, lsp_position(text, d.range.start.line, d.range.start.column, "utf-8")),
            d.message,
        )
        for d in benchlint.lint_text(text, path=str(config))
    )
    assert shown == want


EDITORS_DOC = Path(__file__).resolve().parents[2] / "docs" / "editors.md"
# An agent environment that sets HF_TOKEN (BL203, an error) in a config that selects tasks
# by name (BL502, an info the documented snippet's init_options ignore).
_SNIPPET_CONFIG = """\
[experiment]
benchmark = "terminal-bench-2-1"

[tasks]
task_names = ["terminal-bench/fix-permissions"]

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[agents.env]
HF_TOKEN = "set-me"
"""


def _documented_snippet() -> str:
    """docs/editors.md's Neovim 0.7 recipe, exactly as printed."""
    blocks = re.findall(r"```lua\n(.*?)```", EDITORS_DOC.read_text("utf-8"), re.S)
    (snippet,) = [block for block in blocks if "vim.lsp.start_client" in block]
    return snippet


def _run_snippet(tmp_path: Path, path_variable: str, wait_ms: int) -> list[str]:
    assert NVIM is not None
    workspace = tmp_path / "workspace"
    config = workspace / "configs" / "benchmark" / "smoke.toml"
    config.parent.mkdir(parents=True)
    config.write_text(_SNIPPET_CONFIG, "utf-8")
    init = tmp_path / "init.lua"
    init.write_text(_documented_snippet(), "utf-8")
    out = tmp_path / "report.txt"
    home = tmp_path / "home"
    env = {
        **os.environ,
        "PATH": path_variable,
        "BENCHLINT_OUT": str(out),
        "BENCHLINT_WAIT": str(wait_ms),
        **{
            f"XDG_{kind}_HOME": str(home / kind.lower())
            for kind in ("CONFIG", "DATA", "CACHE", "STATE")
        },
    }
    report = Path(__file__).parent / "neovim" / "report.lua"
    command = [NVIM, "--headless", "--cmd", "filetype on", "-u", str(init), "-i", "NONE", "-n"]
    run = subprocess.run(
        [*command, str(config), "-c", f"luafile {report}"],
        env=env,
        cwd=workspace,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.exists(), run.stderr
    assert "Error" not in run.stderr, run.stderr
    return out.read_text("utf-8").splitlines()


@pytest.mark.slow
@pytest.mark.skipif(NVIM is None, reason="nvim is not installed (apt-get install -y neovim)")
def test_the_documented_neovim_recipe_applies_its_settings(tmp_path: Path) -> None:
    """With benchlint on PATH, the recipe attaches the server and its init_options apply
    (BL502 is ignored, as the snippet asks)."""
    path_variable = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    assert _run_snippet(tmp_path, path_variable, 60000) == ["BL203", "errmsg\t"]


@pytest.mark.slow
@pytest.mark.skipif(NVIM is None, reason="nvim is not installed (apt-get install -y neovim)")
def test_the_documented_neovim_recipe_is_harmless_without_benchlint(tmp_path: Path) -> None:
    """Without benchlint on PATH, TOML buffers open with no error and no diagnostics."""
    bare = os.pathsep.join(
        folder
        for folder in os.environ["PATH"].split(os.pathsep)
        if not (Path(folder) / "benchlint").exists()
    )
    assert _run_snippet(tmp_path, bare, 1500) == ["errmsg\t"]
