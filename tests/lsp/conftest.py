"""Servers shared by the tests of one module: each starts `benchlint lsp` as a subprocess
and initializes it with the capabilities a real editor announces."""

from __future__ import annotations

import pytest
import pytest_lsp
from lspkit import CONFIG, start
from pytest_lsp import LanguageClient


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def vscode(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    """VS Code 1.65: push diagnostics, UTF-16, `workspace/configuration`."""
    root = tmp_path_factory.mktemp("vscode")
    lsp_client.editor = await start(lsp_client, root, "visual-studio-code")  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def neovim(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    """Neovim 0.11: pull diagnostics, UTF-8 (offered first), `workspace/configuration`."""
    root = tmp_path_factory.mktemp("neovim")
    lsp_client.editor = await start(lsp_client, root, "neovim")  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def neovim07(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    """Neovim 0.7: push diagnostics, UTF-16, settings only as initialization options."""
    root = tmp_path_factory.mktemp("neovim07")
    lsp_client.editor = await start(  # type: ignore[attr-defined]
        lsp_client, root, "neovim@v0.7.0", init_options={"benchlint": {"debounce": 0}}
    )
    yield
    await lsp_client.shutdown_session()
