"""Diagnostics through the server equal the command line's, in push and pull mode and in
both position encodings."""

from __future__ import annotations

from pathlib import Path

import pytest
from lspkit import CORPUS, Editor, cli_json, expected, observed, uri_of
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

import benchlint
from benchlint import Settings
from benchlint.lint.registry import RULES
from helpers import example_settings

pytestmark = pytest.mark.asyncio(loop_scope="module")


def corpus(root: Path) -> list[Path]:
    """The fixture configs under `root`, plus CRLF twins of them."""
    target = root / "configs" / "benchmark"
    target.mkdir(parents=True, exist_ok=True)
    paths = []
    for source in sorted(CORPUS.glob("*.toml")):
        text = source.read_text("utf-8")
        for name, content in (
            (source.name, text),
            (f"crlf-{source.name}", text.replace("\n", "\r\n")),
        ):
            path = target / name
            path.write_bytes(content.encode("utf-8"))
            paths.append(path)
    return paths


async def check_corpus(editor: Editor, root: Path, encoding: str) -> int:
    paths = corpus(root)
    by_path = cli_json([p.relative_to(root) for p in paths], root)
    compared = 0
    for path in paths:
        text = path.read_bytes().decode("utf-8")
        uri = editor.open(str(path.relative_to(editor.root)), text)
        found = [observed(d) for d in await editor.diagnostics(uri)]
        want = [expected(d, text, encoding) for d in by_path[str(path.resolve())]]
        assert found == want, path.name
        compared += len(want)
        editor.close(uri)
    return compared


async def test_corpus_equals_cli_json_vscode(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    assert not editor.pull
    assert await check_corpus(editor, editor.root / "corpus", "utf-16") > 50


async def test_corpus_equals_cli_json_neovim_pull_utf8(neovim: LanguageClient) -> None:
    editor: Editor = neovim.editor  # type: ignore[attr-defined]
    assert editor.pull
    assert await check_corpus(editor, editor.root / "corpus", "utf-8") > 50
    assert not neovim.published  # type: ignore[attr-defined]  # pull clients get no pushes


async def test_cjk_and_emoji_before_the_error(
    vscode: LanguageClient, neovim: LanguageClient
) -> None:
    text = (CORPUS / "unicode.toml").read_text("utf-8")
    line = text.split("\n")[6]
    column = line.index("HF_TOKEN")  # code points before it: 6 CJK, 2 emoji, ASCII
    for client, character in (
        (vscode, column + 2),  # UTF-16: each emoji is two units
        (neovim, column + 6 * 2 + 2 * 3),  # UTF-8: CJK 3 bytes, emoji 4 bytes
    ):
        editor: Editor = client.editor  # type: ignore[attr-defined]
        uri = editor.open("configs/benchmark/unicode-positions.toml", text)
        found = [d for d in await editor.diagnostics(uri) if d.code == "BL203"]
        assert [(d.range.start.line, d.range.start.character) for d in found] == [(6, character)]
        assert found[0].range.end.character == character + len("HF_TOKEN")
        editor.close(uri)


async def test_rule_examples_equal_lint_text(vscode: LanguageClient) -> None:
    """Every rule's bad example, linted through the server, gives what `lint_text` gives."""
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    groups: dict[str, list] = {}
    for rule in RULES:
        if rule.example_link:  # found by the reader of files, which the editor never is
            continue
        key = repr(
            (
                sorted(rule.example_settings.items()),
                rule.example_catalog,
                rule.example_secrets,
                rule.example_workspace and rule.code,  # its cache sits by its example
            )
        )
        groups.setdefault(key, []).append(rule)
    for number, rules in enumerate(groups.values()):
        folder = editor.root / f"example-data-{number}"
        if rules[0].example_workspace:  # found from the document, as `.benchlint/` is
            folder = editor.root / "examples" / rules[0].code
        folder.mkdir(parents=True)
        settings = example_settings(rules[0], folder)
        client = {k: v for k, v in settings.items() if k != "workspace_data"}
        await editor.change_settings(
            {**{_camel(k): v for k, v in client.items()}, "globs": ["**/*.toml"]}
        )
        for rule in rules:
            path = editor.root / "examples" / rule.code / rule.example_path
            uri = editor.open(str(path.relative_to(editor.root)), rule.bad)
            want = benchlint.lint_text(rule.bad, path=str(path), settings=Settings(**settings))
            found = await editor.diagnostics(uri)
            assert [d.code for d in found] == [d.code for d in want], rule.code
            assert rule.code in [d.code for d in found]
            assert [d.message for d in found] == [d.message for d in want]
            editor.close(uri)
    await editor.change_settings({})


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    name = head + "".join(part.title() for part in rest)
    return {"catalogs": "catalog", "secretsLists": "secretsList"}.get(name, name)


async def test_syntax_error_keeps_semantic_diagnostics(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open(
        "configs/benchmark/half-typed.toml", (CORPUS / "broken-syntax.toml").read_text()
    )
    codes = [d.code for d in await editor.diagnostics(uri)]
    assert "BL001" in codes
    assert {"BL203", "BL108", "BL106", "BL303"} <= set(codes)
    editor.close(uri)


HLE_WITH_ENV = """\
[experiment]
benchmark = "hle"

[tasks]
task_set = "parity"

[[agents]]
harness = "codex"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[env]
"""


async def test_a_half_typed_line_does_not_hide_a_missing_judge(vscode: LanguageClient) -> None:
    """A broken line in [env] cannot hold [execution]'s judge key: BL401 stays; typed in
    [execution], it could be the key, and BL401 waits until the line is complete."""
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open("configs/benchmark/half-typed-env.toml", HLE_WITH_ENV)
    assert [d.code for d in await editor.diagnostics(uri)] == ["BL401"]
    end = lsp.Position(15, 0)
    for typed, want in (
        ("PYTHONUNBUFFERED = Tr", ["BL001", "BL401"]),
        ("PYTHONUNBUFFERED = True", ["BL001", "BL401"]),
        ('PYTHONUNBUFFERED = "1"\n[execution]\njudge_api_key_secret = ', ["BL001"]),
        ('PYTHONUNBUFFERED = "1"\n[execution]\njudge_api_key_secret = "OPENAI_API_KEY"', []),
    ):
        before = editor.publication_count(uri)
        editor.edit(uri, lsp.Range(end, lsp.Position(len(editor.texts[uri].split("\n")), 0)), typed)
        published = await editor.next_publication(uri, before)
        assert sorted(d.code for d in published.diagnostics) == want, typed
        judge = [d for d in published.diagnostics if d.code == "BL401"]
        assert all(d.range.start == lsp.Position(1, 12) for d in judge)
    editor.close(uri)


async def test_other_toml_files_get_nothing(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    pyproject = editor.open("pyproject.toml", "[tool.x]\nkey = 1\n")
    other = editor.open("notes/benchmark.toml", "[experiment]\n")
    served = editor.open("configs/benchmark/served.toml", "[experiment]\n")
    await editor.diagnostics(served)  # published after the two opened before it
    assert editor.publication_count(pyproject) == 0
    assert editor.publication_count(other) == 0
    for uri in (pyproject, other, served):
        editor.close(uri)


async def test_schema_line_selects_and_its_removal_clears(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    text = '#:schema ../schema/benchmark-config.schema.json\n[experiment]\nbenchmark = "hle"\n'
    uri = editor.open("elsewhere/run.toml", text)
    found = {d.code for d in await editor.diagnostics(uri)}
    # the line makes it a config wherever it is: no BL504, as on the command line
    assert "BL102" in found and "BL504" not in found
    before = editor.publication_count(uri)
    editor.replace_all(uri, text.split("\n", 1)[1])
    cleared = await editor.next_publication(uri, before)
    assert not cleared.diagnostics
    editor.close(uri)


async def test_debounce_publishes_only_the_last_version(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    await editor.change_settings({"debounce": 1500})
    uri = editor.open("configs/benchmark/typing.toml", "")
    await editor.diagnostics(uri)  # opening is linted at once
    opened = editor.publication_count(uri)
    for char in '[experiment]\nbenchmark = "hle"\n':
        text = editor.texts[uri]
        end = text.split("\n")
        position = lsp.Position(len(end) - 1, len(end[-1]))
        editor.edit(uri, lsp.Range(position, position), char)
    last = await editor.next_publication(uri, opened)
    assert last.version == editor.versions[uri]  # no intermediate version was published
    assert {d.code for d in last.diagnostics} >= {"BL401", "BL102"}
    editor.close(uri)
    await editor.change_settings({})


async def test_closing_clears_diagnostics(vscode: LanguageClient) -> None:
    editor: Editor = vscode.editor  # type: ignore[attr-defined]
    uri = editor.open("configs/benchmark/closing.toml", "[experiment]\n")
    assert await editor.diagnostics(uri)
    before = editor.publication_count(uri)
    editor.close(uri)
    assert not (await editor.next_publication(uri, before)).diagnostics


async def test_neovim_07_gets_pushed_utf16_diagnostics(neovim07: LanguageClient) -> None:
    editor: Editor = neovim07.editor  # type: ignore[attr-defined]
    text = (CORPUS / "unicode.toml").read_text("utf-8")
    uri = editor.open("configs/benchmark/unicode.toml", text)
    found = await editor.diagnostics(uri)
    line = text.split("\n")[6]
    hf = next(d for d in found if d.code == "BL203")
    assert hf.range.start.character == line.index("HF_TOKEN") + 2
    assert uri == uri_of(editor.root / "configs/benchmark/unicode.toml")
