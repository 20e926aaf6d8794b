"""The editor's "Refresh workspace data": the server runs `benchlint workspace pull` with the
real `osmosis` CLI (talking to a fake Platform) in the background, keeps answering while it
runs, then lints the open documents again against what it brought in; BL902 offers it as a
code action."""

from __future__ import annotations

import asyncio
import stat
from pathlib import Path

import pytest
from lspkit import Editor, uri_of, wait_until
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient
from tests.workspace.conftest import NEWEST, make_workspace, osmosis_cli, populate
from tests.workspace.fake_platform import FakePlatform

pytestmark = pytest.mark.asyncio(loop_scope="module")
COMMAND = "benchlint.workspace.pull"


def wrapper(folder: Path, platform: FakePlatform, cli: Path) -> Path:
    """The CLI with the fake Platform's environment (the server's own was set at its start):
    what a user's `benchlint.osmosisPath` may name."""
    script = folder / "osmosis-fake-platform"
    home = folder / "home"
    home.mkdir(exist_ok=True)
    exports = "".join(f"export {k}='{v}'\n" for k, v in platform.environment().items())
    script.write_text(
        f"#!/bin/sh\n{exports}export HOME='{home}'\nexport OSMOSIS_TOKEN_STORE=file\n"
        f"exec '{cli}' \"$@\"\n",
        "utf-8",
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


async def asked(platform: FakePlatform, key: str) -> None:
    """Until the Platform has been asked for `key` (it tells no client: polled)."""
    async with asyncio.timeout(60):  # only guards against a hang; nothing is timed
        while not any(key in path for path in platform.requests):
            await asyncio.sleep(0.02)


def codes(found: list[lsp.Diagnostic]) -> set[str]:
    return {str(d.code) for d in found}


async def test_refresh_runs_in_the_background_and_relints(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    cli = osmosis_cli(NEWEST)
    platform = FakePlatform()
    populate(platform)
    repo = make_workspace(editor.root / "bench")
    with platform.running():
        await editor.change_settings({"osmosisPath": str(wrapper(editor.root, platform, cli))})
        failed = (repo / "configs" / "benchmark" / "failed.toml").read_text("utf-8")
        uri = editor.open("bench/configs/benchmark/failed.toml", failed)
        assert not codes(await editor.diagnostics(uri)) & {"BL212", "BL411"}

        # The Platform does not answer: the pull waits, the server does not.
        platform.failures["/api/cli/benchmarks/acme-syncing"] = "hang"
        before = editor.publication_count(uri)
        running = asyncio.ensure_future(
            vscode.workspace_execute_command_async(
                lsp.ExecuteCommandParams(command=COMMAND, arguments=[uri])
            )
        )
        await asked(platform, "acme-syncing")
        editor.replace_all(uri, failed.replace("ANTHROPIC_KEY", "ANTHROPIC_API_KEY"))
        await editor.next_publication(uri, before)  # linted while the pull waits
        assert not running.done()
        del platform.failures["/api/cli/benchmarks/acme-syncing"]
        platform.release.set()  # the hung request ends without an answer
        await running
        platform.release.clear()

        # A pull that goes through: every open document is linted again against it.
        result = await vscode.workspace_execute_command_async(
            lsp.ExecuteCommandParams(command=COMMAND, arguments=[uri])
        )
        assert isinstance(result, str)
        assert result.startswith('workspace pull: fetched 3 benchmarks ("acme-failed"')
        found = await wait_until(
            vscode,
            lambda: (
                {"BL212", "BL411"} <= codes(vscode.diagnostics.get(uri, []))
                and vscode.diagnostics[uri]
            ),
        )
        bl411 = next(d for d in found if d.code == "BL411")
        assert "Acme Failed is not runnable, its sync failed" in bl411.message
        assert any(
            m.type == lsp.MessageType.Info and m.message == f"benchlint: {result}"
            for m in vscode.messages  # type: ignore[attr-defined]
        )
        editor.close(uri)

        # A benchmark the pull did not bring: BL902, with the refresh as its code action.
        other = failed.replace("acme-failed", "acme-later")
        uri = editor.open("bench/configs/benchmark/later.toml", other)
        [bl902] = [d for d in await editor.diagnostics(uri) if d.code == "BL902"]
        offered = await vscode.text_document_code_action_async(
            lsp.CodeActionParams(
                text_document=lsp.TextDocumentIdentifier(uri),
                range=bl902.range,
                context=lsp.CodeActionContext(diagnostics=[bl902]),
            )
        )
        # (the test client's converter reads a code action that carries a command as a
        # `Command`, with the command object as its text: the title and the text are checked)
        [refresh] = [a for a in offered or [] if a.title.startswith("Refresh workspace data")]
        assert refresh.title == "Refresh workspace data (benchlint workspace pull)"
        assert f"'command': '{COMMAND}'" in str(refresh.command)
        assert uri_of(repo / "configs" / "benchmark" / "later.toml") in str(refresh.command)
        editor.close(uri)
    await editor.change_settings({})
