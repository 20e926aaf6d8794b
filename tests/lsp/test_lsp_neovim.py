"""A real editor: headless Neovim (Debian's 0.7.2 is enough) starts `benchlint lsp`, attaches
it to a bad config and shows its diagnostics."""

from __future__ import annotations

import os
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
