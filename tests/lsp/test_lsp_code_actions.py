"""Code actions: fixes as quick fixes (applied, the diagnostic goes away), "Ignore BLxxx on this
line", and `source.fixAll.benchlint`."""

from __future__ import annotations

import pytest
from lspkit import CORPUS, Editor, apply_edits
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from benchlint import Settings
from benchlint.api import lint_text
from benchlint.core.text import LineIndex
from benchlint.lint.fixer import apply_edits_at, fix_text

pytestmark = pytest.mark.asyncio(loop_scope="module")
FIX_ALL = "source.fixAll.benchlint"


async def actions(
    editor: Editor, uri: str, range_: lsp.Range, only: list[str] | None = None
) -> list[lsp.CodeAction]:
    found = await editor.client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri),
            range=range_,
            context=lsp.CodeActionContext(diagnostics=[], only=only),
        )
    )
    return [a for a in found or [] if isinstance(a, lsp.CodeAction)]


def edits_of(action: lsp.CodeAction, uri: str) -> list[lsp.TextEdit]:
    edit = action.edit
    assert edit is not None
    if edit.document_changes:
        (change,) = edit.document_changes
        assert isinstance(change, lsp.TextDocumentEdit)
        assert change.text_document.uri == uri
        return [e for e in change.edits if isinstance(e, lsp.TextEdit)]
    assert edit.changes is not None
    return list(edit.changes[uri])


async def apply(editor: Editor, uri: str, action: lsp.CodeAction, encoding: str) -> str:
    text = apply_edits(editor.texts[uri], edits_of(action, uri), encoding)
    editor.replace_all(uri, text)
    return text


async def test_each_fix_is_a_quick_fix_that_removes_its_diagnostic(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    source = (CORPUS / "secrets.toml").read_text()
    fixable = [d for d in lint_text(source, path="configs/benchmark/x.toml") if d.fix is not None]
    assert {d.code for d in fixable} >= {"BL302", "BL305", "BL211"}
    for diagnostic in fixable:
        uri = editor.open(f"configs/benchmark/quickfix-{diagnostic.code}.toml", source)
        found = [d for d in await editor.diagnostics(uri) if d.code == diagnostic.code]
        offered = await actions(editor, uri, found[0].range)
        (action,) = [a for a in offered if a.title.startswith(diagnostic.fix.title)]
        assert action.kind == lsp.CodeActionKind.QuickFix
        assert bool(action.is_preferred) == (diagnostic.fix.applicability == "safe")
        assert [d.code for d in action.diagnostics or []] == [diagnostic.code]
        await apply(editor, uri, action, "utf-16")
        after = await editor.diagnostics(uri)
        assert diagnostic.code not in {d.code for d in after}, diagnostic.code
        assert "BL001" not in {d.code for d in after}
        editor.close(uri)


async def test_quick_fix_after_cjk_and_emoji_in_utf8(neovim: LanguageClient) -> None:
    editor: Editor = neovim.editor  # type: ignore[attr-defined]
    source = (CORPUS / "unicode.toml").read_text("utf-8")
    uri = editor.open("configs/benchmark/unicode-fix.toml", source)
    duplicate = next(d for d in await editor.diagnostics(uri) if d.code == "BL503")
    (action,) = [a for a in await actions(editor, uri, duplicate.range) if a.is_preferred]
    fixed = await apply(editor, uri, action, "utf-8")
    engine = next(d for d in lint_text(source) if d.code == "BL503")
    assert engine.fix is not None
    lines = LineIndex(source)
    offsets = [
        (lines.offset(e.range.start), lines.offset(e.range.end), e.new_text)
        for e in engine.fix.edits
    ]
    assert fixed == apply_edits_at(source, offsets)
    assert "BL503" not in {d.code for d in await editor.diagnostics(uri)}
    editor.close(uri)


async def test_ignore_on_this_line_adds_a_comment(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open("configs/benchmark/ignore.toml", (CORPUS / "terminal-bench.toml").read_text())
    warning = next(d for d in await editor.diagnostics(uri) if d.code == "BL403")
    (action,) = [a for a in await actions(editor, uri, warning.range) if "Ignore" in a.title]
    assert action.title == "Ignore BL403 on this line"
    text = await apply(editor, uri, action, "utf-16")
    assert 'harness = "cursor-cli"  # benchlint: ignore[BL403]' in text
    codes = {d.code for d in await editor.diagnostics(uri)}
    assert "BL403" not in codes and "BL901" not in codes
    editor.close(uri)


async def test_ignore_extends_an_existing_suppression(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open("configs/benchmark/extend.toml", (CORPUS / "suppressed.toml").read_text())
    warning = next(d for d in await editor.diagnostics(uri) if d.code == "BL403")
    (action,) = [
        a for a in await actions(editor, uri, warning.range) if a.title.startswith("Ignore BL403")
    ]
    text = await apply(editor, uri, action, "utf-16")
    assert 'harness = "codex"  # benchlint: ignore[BL305, BL403]' in text
    assert "BL403" not in {d.code for d in await editor.diagnostics(uri)}
    editor.close(uri)


async def test_ignore_never_edits_inside_a_multiline_string(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    source = '[experiment]\nbenchmark = """\nhle"""\n'
    uri = editor.open("configs/benchmark/multiline.toml", source)
    judge = next(d for d in await editor.diagnostics(uri) if d.code == "BL401")
    (action,) = [a for a in await actions(editor, uri, judge.range) if "BL401" in a.title]
    text = await apply(editor, uri, action, "utf-16")
    assert text == '[experiment]\n# benchlint: ignore[BL401]\nbenchmark = """\nhle"""\n'
    assert "BL401" not in {d.code for d in await editor.diagnostics(uri)}
    editor.close(uri)


async def test_fix_all_applies_every_safe_fix(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    source = (CORPUS / "secrets.toml").read_text().replace("\n", "\r\n")
    uri = editor.open("configs/benchmark/fix-all.toml", source)
    await editor.diagnostics(uri)
    whole = lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0))
    (action,) = await actions(editor, uri, whole, only=["source.fixAll"])
    assert action.kind == "source.fixAll.benchlint"
    text = await apply(editor, uri, action, "utf-16")
    path = str(editor.root / "configs/benchmark/fix-all.toml")
    assert text == fix_text(source, path, Settings()).text
    remaining = await editor.diagnostics(uri)
    assert not {"BL302", "BL211"} & {d.code for d in remaining}
    assert "BL305" in {d.code for d in remaining}  # unsafe: left for the user
    assert await actions(editor, uri, whole, only=["source.fixAll.benchlint"]) == []
    editor.close(uri)


async def test_only_quickfix_leaves_out_fix_all(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open("configs/benchmark/only.toml", (CORPUS / "secrets.toml").read_text())
    found = await editor.diagnostics(uri)
    offered = await actions(editor, uri, found[0].range, only=[lsp.CodeActionKind.QuickFix])
    assert offered and all(a.kind == lsp.CodeActionKind.QuickFix for a in offered)
    editor.close(uri)


async def test_fix_all_on_a_lightbulb_request_is_resolved_when_chosen(
    vscode: LanguageClient,
) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    source = (CORPUS / "secrets.toml").read_text()
    uri = editor.open("configs/benchmark/resolve.toml", source)
    found = await editor.diagnostics(uri)
    (lazy,) = [a for a in await actions(editor, uri, found[0].range) if a.kind == FIX_ALL]
    assert lazy.edit is None  # computed only if the user picks it
    resolved = await vscode.code_action_resolve_async(lazy)
    text = apply_edits(source, edits_of(resolved, uri))
    path = str(editor.root / "configs/benchmark/resolve.toml")
    assert text == fix_text(source, path, Settings()).text
    editor.close(uri)
