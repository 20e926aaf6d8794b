"""Settings: from the editor and from settings files, resolved as the CLI resolves them, and
reloaded without a restart; bad settings are shown, never fatal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lspkit import CONFIG, CORPUS, Editor, cli_json, expected, observed, uri_of, wait_until
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient, client_capabilities

WATCHED = lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES

pytestmark = pytest.mark.asyncio(loop_scope="module")
TERMINAL = (CORPUS / "terminal-bench.toml").read_text()  # BL403 (warning), BL502 (info)


def codes(diagnostics: list[lsp.Diagnostic] | tuple[lsp.Diagnostic, ...]) -> set[str]:
    return {str(d.code) for d in diagnostics}


async def republished(editor: Editor, uri: str, before: int) -> set[str]:
    return codes((await editor.next_publication(uri, before)).diagnostics)


def watched(editor: Editor, path: Path, kind: lsp.FileChangeType) -> None:
    editor.client.workspace_did_change_watched_files(
        lsp.DidChangeWatchedFilesParams([lsp.FileEvent(uri_of(path), kind)])
    )


async def test_editor_settings_apply_without_restart(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open("editor/configs/benchmark/a.toml", TERMINAL)
    assert {"BL403", "BL502"} <= codes(await editor.diagnostics(uri))
    before = editor.publication_count(uri)
    await editor.change_settings({"ignore": ["BL403"], "severity": {"BL502": "error"}})
    found = (await editor.next_publication(uri, before)).diagnostics
    assert "BL403" not in codes(found)
    assert [d.severity for d in found if d.code == "BL502"] == [lsp.DiagnosticSeverity.Error]
    before = editor.publication_count(uri)
    await editor.change_settings({})
    assert "BL403" in await republished(editor, uri, before)
    editor.close(uri)


async def test_registers_watchers_for_settings_files(vscode: LanguageClient) -> None:
    def watcher_registration() -> Any:
        registrations = vscode.registrations  # type: ignore[attr-defined]
        return next((r for r in registrations if r.method == WATCHED), None)

    # The server registers after `initialized`; a busy machine may deliver it after the fixture.
    watchers = await wait_until(vscode, watcher_registration)
    globs = {w["globPattern"] for w in watchers.register_options["watchers"]}
    assert {"**/benchlint.toml", "**/pyproject.toml"} <= globs


async def test_settings_file_change_is_picked_up(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    folder = editor.root / "watched"
    folder.mkdir()
    uri = editor.open("watched/configs/benchmark/a.toml", TERMINAL)
    assert "BL502" in codes(await editor.diagnostics(uri))
    settings = folder / "benchlint.toml"
    settings.write_text('ignore = ["BL502"]\n')
    before = editor.publication_count(uri)
    watched(editor, settings, lsp.FileChangeType.Created)
    assert "BL502" not in await republished(editor, uri, before)
    settings.write_text('ignore = ["BL403"]\n')
    before = editor.publication_count(uri)
    watched(editor, settings, lsp.FileChangeType.Changed)
    assert (after := await republished(editor, uri, before)) >= {"BL502"} and "BL403" not in after
    settings.unlink()
    before = editor.publication_count(uri)
    watched(editor, settings, lsp.FileChangeType.Deleted)
    assert {"BL403", "BL502"} <= await republished(editor, uri, before)
    editor.close(uri)


async def test_resolution_equals_the_cli_with_a_file_and_flags(vscode: LanguageClient) -> None:
    """A `[tool.benchlint]` table found upward from the file, with editor settings laid over
    it, gives what `benchlint check` gives with the same file and the same flags."""
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    folder = editor.root / "resolve"
    (folder / "configs" / "benchmark").mkdir(parents=True)
    (folder / "pyproject.toml").write_text(
        "[project]\nname = 'x'\n\n[tool.benchlint]\nignore = ['BL502']\n"
        "[tool.benchlint.severity]\nBL403 = 'error'\n"
        "[tool.benchlint.per-file-ignores]\n'configs/benchmark/skip-*.toml' = ['BL303']\n"
    )
    await editor.change_settings({"profile": "osmosis-0.3.8", "ignore": ["BL304"]})
    for name in ("endpoint.toml", "terminal-bench.toml", "skip-endpoint.toml"):
        source = CORPUS / name.removeprefix("skip-")
        path = folder / "configs" / "benchmark" / name
        path.write_text(source.read_text())
        want = cli_json(
            [path.relative_to(folder)], folder, "--profile", "osmosis-0.3.8", "--ignore", "BL304"
        )[str(path.resolve())]
        uri = editor.open(str(path.relative_to(editor.root)), source.read_text())
        found = [observed(d) for d in await editor.diagnostics(uri)]
        assert found == [expected(d, source.read_text(), "utf-16") for d in want], name
        editor.close(uri)
    await editor.change_settings({})


async def test_invalid_editor_settings_are_shown_and_the_old_ones_kept(
    vscode: LanguageClient,
) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open("invalid/configs/benchmark/a.toml", TERMINAL)
    await editor.diagnostics(uri)
    for bad, says in (
        ({"debonce": 0}, "did you mean `benchlint.debounce`?"),
        ({"ignore": ["BL999"]}, "`BL999` in the editor setting benchlint.ignore"),
        ({"select": ["BLX"]}, "`BLX` in the editor setting benchlint.select"),
        # an empty list is not "not set": it would turn every rule off
        ({"select": []}, "`select` in the editor setting benchlint.select is empty"),
        ({"profile": "nope"}, "unknown profile"),
        ({"debounce": -5}, "benchlint.debounce"),
    ):
        shown = len(vscode.messages)
        vscode.set_configuration(bad, section="benchlint")
        vscode.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(settings=None))
        await _wait_shown(vscode, shown)
        message = vscode.messages[-1]
        assert message.type == lsp.MessageType.Error and says in message.message, message.message
    editor.replace_all(uri, TERMINAL + "\n")  # still linting, with the last good settings
    assert {"BL403", "BL502"} <= codes(await editor.diagnostics(uri))
    await editor.change_settings({})
    editor.close(uri)


async def _wait_shown(client: LanguageClient, before: int) -> None:
    await wait_until(client, lambda: len(client.messages) > before)


async def test_broken_settings_file_is_shown_and_defaults_apply(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    folder = editor.root / "broken"
    folder.mkdir()
    (folder / "benchlint.toml").write_text("ignore = [\n")
    shown = len(vscode.messages)
    uri = editor.open("broken/configs/benchmark/a.toml", TERMINAL)
    assert {"BL403", "BL502"} <= codes(await editor.diagnostics(uri))
    await _wait_shown(vscode, shown)
    assert "is not valid TOML" in vscode.messages[-1].message
    editor.close(uri)


async def test_saving_a_settings_file_reloads(neovim07: LanguageClient) -> None:
    """Neovim 0.7 has no file watchers: a saved settings file is enough."""
    editor: Editor = neovim07.editor  # type: ignore[attr-defined]
    uri = editor.open("saved/configs/benchmark/a.toml", TERMINAL)
    assert "BL502" in codes(await editor.diagnostics(uri))
    settings = editor.root / "saved" / "benchlint.toml"
    settings.parent.mkdir()
    settings.write_text('ignore = ["BL502"]\n')
    before = editor.publication_count(uri)
    neovim07.text_document_did_save(
        lsp.DidSaveTextDocumentParams(lsp.TextDocumentIdentifier(uri_of(settings)))
    )
    assert "BL502" not in await republished(editor, uri, before)
    editor.close(uri)


async def test_a_settings_file_is_noticed_without_file_watching(
    neovim07: LanguageClient,
) -> None:
    """A client that does not watch files: a settings file created, edited or removed after
    the config was opened applies on its next lint, as `benchlint check` applies it."""
    capabilities = client_capabilities("neovim@v0.7.0")
    assert capabilities.workspace.did_change_watched_files is None
    editor: Editor = neovim07.editor  # type: ignore[attr-defined]
    uri = editor.open("unwatched/configs/benchmark/a.toml", TERMINAL)
    assert {"BL403", "BL502"} <= codes(await editor.diagnostics(uri))
    settings = editor.root / "unwatched" / "benchlint.toml"
    settings.parent.mkdir()
    for text, gone, kept in (
        ('ignore = ["BL502"]\n', "BL502", "BL403"),
        ('ignore = ["BL403", "BL304"]\n', "BL403", "BL502"),
        (None, "", "BL403"),
    ):
        if text is None:
            settings.unlink()
        else:
            settings.write_text(text)
        before = editor.publication_count(uri)
        editor.replace_all(uri, TERMINAL + "\n" * (before + 1))  # a new version to lint
        found = await republished(editor, uri, before)
        assert kept in found and (not gone or gone not in found), (text, found)
    assert "BL502" in found
    editor.close(uri)


async def test_pushed_settings_without_workspace_configuration(neovim07: LanguageClient) -> None:
    editor: Editor = neovim07.editor  # type: ignore[attr-defined]
    uri = editor.open("pushed/configs/benchmark/a.toml", TERMINAL)
    assert "BL403" in codes(await editor.diagnostics(uri))
    before = editor.publication_count(uri)
    neovim07.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(
            settings={"benchlint": {"ignore": ["BL403"], "debounce": 0}}
        )
    )
    assert "BL403" not in await republished(editor, uri, before)
    editor.close(uri)


@pytest_lsp.fixture(config=CONFIG, loop_scope="module")
async def pull_with_refresh(lsp_client: LanguageClient):
    yield
    await lsp_client.shutdown_session()


async def test_pull_clients_are_asked_to_refresh(
    pull_with_refresh: LanguageClient, tmp_path
) -> None:
    client = pull_with_refresh
    capabilities = client_capabilities("visual-studio-code")
    capabilities.text_document.diagnostic = lsp.DiagnosticClientCapabilities()
    capabilities.workspace.diagnostics = lsp.DiagnosticWorkspaceClientCapabilities(
        refresh_support=True
    )
    client.set_configuration({"debounce": 0}, section="benchlint")
    await client.initialize_session(
        lsp.InitializeParams(capabilities=capabilities, root_uri=uri_of(tmp_path))
    )
    editor = Editor(client, tmp_path, pull=True)
    await editor.settings_applied(0)
    uri = editor.open("configs/benchmark/a.toml", TERMINAL)
    assert "BL403" in codes(await editor.diagnostics(uri))
    refreshed = client.diagnostic_refresh_count
    await editor.change_settings({"ignore": ["BL403"]})
    await wait_until(client, lambda: client.diagnostic_refresh_count > refreshed)
    assert "BL403" not in codes(await editor.diagnostics(uri))
    assert not client.published  # type: ignore[attr-defined]


async def test_globs_follow_the_workspace_folders(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    await editor.change_settings({"globs": ["runs/*.toml"]})
    uri = editor.open("second/runs/a.toml", TERMINAL)  # "second/runs/..." is not "runs/..."
    served = editor.open("runs/b.toml", TERMINAL)
    await editor.diagnostics(served)
    assert editor.publication_count(uri) == 0
    second = lsp.WorkspaceFolder(uri_of(editor.root / "second"), "second")
    change = lsp.WorkspaceFoldersChangeEvent(added=[second], removed=[])
    vscode.workspace_did_change_workspace_folders(lsp.DidChangeWorkspaceFoldersParams(change))
    assert "BL403" in await republished(editor, uri, 0)
    change = lsp.WorkspaceFoldersChangeEvent(added=[], removed=[second])
    vscode.workspace_did_change_workspace_folders(lsp.DidChangeWorkspaceFoldersParams(change))
    editor.close(uri)
    editor.close(served)
    await editor.change_settings({})


async def test_the_editor_serves_and_checks_what_the_cli_does(vscode: LanguageClient) -> None:
    """A config in a sub-folder of configs/benchmark/ (which `benchlint check` walks) is
    served by default; a file made a config by its `#:schema` line gets no BL504 in the
    editor, as on the command line."""
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    folder = editor.root / "agree"
    schema_line = "#:schema ../schema/benchmark-config.schema.json\n"
    for relative, text in (
        ("configs/benchmark/sub/deep.toml", TERMINAL),
        ("experiments/declared.toml", schema_line + TERMINAL),
    ):
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        want = cli_json([path.relative_to(folder)], folder)[str(path.resolve())]
        assert "BL504" not in {d["code"] for d in want}
        uri = editor.open(str(path.relative_to(editor.root)), text)
        found = [observed(d) for d in await editor.diagnostics(uri)]
        assert found and found == [expected(d, text, "utf-16") for d in want], relative
        editor.close(uri)
