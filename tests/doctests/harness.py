"""Every fenced example in README.md, CONTRIBUTING.md, docs/ and the extension's README runs
in the suite (sybil collects them; the root conftest.py names the files).

A block says what it is with a language and, where the language is not enough, HTML-comment
directives on the lines just above it (invisible when the page is rendered):

- `console`: `$ command` lines, each followed by the output it prints. Each command runs in
  bash in a sandbox: an empty git work tree holding a copy of `examples/` and the files of
  the page's earlier `file:` blocks, with this checkout's `benchlint` first on PATH. The
  output must be exactly what is shown; a command shown without output must exit 0 or 1.
- `sh`: commands that print nothing worth showing; run like `console`, each must exit 0.
- `platform: fake` above a `console` or `sh` block: its sandbox is an Osmosis workspace (a
  git repository with an `origin` remote and the scaffold folders) with the real `osmosis`
  CLI of the newest release on PATH, logged in to a fake Platform that holds the workspace
  of `tests/workspace` (and Terminal-Bench 2.1 as `examples/catalog` has it).
- `toml`: `file: NAME` writes it into the sandbox of later examples; `expect: clean` or
  `expect: BL401 BL402` lints it (as NAME, or as a config in configs/benchmark/) and the
  codes reported must be exactly those; `settings` reads it as benchlint settings.
- `python`: run, after the page's earlier Python blocks (a page is one session); a `text`
  block marked `output` right after it is what it must print.
- `json`: parsed; `schema: report` validates it against the JSON report's schema.
- `jsonc`: VS Code settings; every `benchlint.*` key is one the extension contributes.
- `yaml`: parsed; pre-commit hook ids must exist, `benchlint` commands in `run:`/`script:`
  run in the sandbox and must not be usage errors.
- `text`, `lua`, `ini`, a fence with no language and anything else: `output` (right after a
  Python block: see python),
  `shown-by: tests/FILE[::TEST]` (that test reads this block from the page and compares it with
  real output), or `not-run: why`. An example with none of these fails: a new example is
  tested by being written.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import yaml
from sybil import Document, Example, Region
from sybil.parsers.markdown.lexers import DirectiveInHTMLCommentLexer, FencedCodeBlockLexer

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
_DIRECTIVES = DirectiveInHTMLCommentLexer(directive=r"[a-z-]+", arguments=r".*?")
_ONLY_SPACE = re.compile(r"(?:--+>)?\s*")  # the lexed directive ends before its `-->`


class Block:
    """One fenced example and the directives written just above it."""

    def __init__(self, example: Example) -> None:
        region = example.region
        self.example = example
        self.language: str = region.lexemes["language"]
        self.source: str = str(region.lexemes["source"])
        self.directives: dict[str, str] = example.document.namespace["directives"].get(
            region.start, {}
        )

    @property
    def name(self) -> str:
        return f"{self.example.path}:{self.example.line}"


class DocsParser:
    """Every fenced block with a language, with the directives that end right above it."""

    def __init__(self) -> None:
        # a fence with no language too: it is an example like any other, not a way around
        self._blocks = FencedCodeBlockLexer(language=r"[\w-]*")

    def __call__(self, document: Document) -> Iterator[Region]:
        directives: dict[int, dict[str, str]] = {}
        found = list(_DIRECTIVES(document))
        for lexed in self._blocks(document):
            above: dict[str, str] = {}
            start = lexed.start
            for directive in reversed(found):
                if directive.end <= start and _ONLY_SPACE.fullmatch(
                    document.text[directive.end : start]
                ):
                    above[directive.lexemes["directive"]] = directive.lexemes["arguments"].strip()
                    start = directive.start
            directives[lexed.start] = above
            yield Region(lexed.start, lexed.end, lexemes=lexed.lexemes, evaluator=evaluate)
        document.namespace["directives"] = directives


def evaluate(example: Example) -> None:
    block = Block(example)
    if "not-run" in block.directives:
        assert block.directives["not-run"], f"{block.name}: say why it is not run"
        pytest.skip(f"not run: {block.directives['not-run']}")
    if "output" in block.directives:  # compared by the block it follows, which must be one
        before = list(earlier(block))[-1:]
        assert (
            before and before[0].language == "python" and "not-run" not in before[0].directives
        ), f"{block.name}: `output` is what the Python block right above prints; there is none"
        return
    if "shown-by" in block.directives:
        file, _, name = block.directives["shown-by"].partition("::")
        test = ROOT / file
        assert test.is_file(), f"{block.name}: no test {test}"
        if name:
            assert re.search(
                rf"^\s*(?:async )?def {re.escape(name)}\(", test.read_text("utf-8"), re.M
            ), f"{block.name}: {file} has no test {name}"
        page = Path(example.path).relative_to(ROOT).as_posix()
        assert page in test.read_text("utf-8"), f"{test} does not read {page}"
        return
    runner = _RUNNERS.get(block.language)
    if runner is None:
        raise AssertionError(
            f"{block.name}: a `{block.language}` example needs `output`, `shown-by: TEST` "
            "or `not-run: why` above it"
        )
    runner(block)


# -- the sandbox ----------------------------------------------------------------------------------
def earlier(block: Block) -> Iterator[Block]:
    """The page's blocks before this one."""
    for example in block.example.document.examples():
        if example.region.start >= block.example.region.start:
            return
        yield Block(example)


def following(block: Block) -> Block | None:
    for example in block.example.document.examples():
        if example.region.start > block.example.region.start:
            return Block(example)
    return None


@contextmanager
def sandbox(block: Block) -> Iterator[Path]:
    """A git work tree with `examples/` and the page's earlier `file:` blocks, removed after."""
    with tempfile.TemporaryDirectory(prefix="benchlint-docs-") as name:
        folder = Path(name)
        (folder / ".git").mkdir()
        shutil.copytree(ROOT / "examples", folder / "examples")
        for before in earlier(block):
            if "file" in before.directives:
                _write(folder, before.directives["file"], before.source)
        yield folder


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    return path


@contextmanager
def platform_for(block: Block, folder: Path) -> Iterator[dict[str, str]]:
    """The environment of a block's commands: nothing more, or (`platform: fake`) the sandbox
    made an Osmosis workspace with `osmosis` on PATH logged in to a fake Platform."""
    if "platform" not in block.directives:
        yield {}
        return
    assert block.directives["platform"] == "fake", f"{block.name}: only `platform: fake`"
    from tests.workspace.conftest import NEWEST, osmosis_cli, populate
    from tests.workspace.fake_platform import FakePlatform, benchmark, secret

    cli = osmosis_cli(NEWEST)  # (skips, saying why, where the CLI cannot run)
    shutil.rmtree(folder / ".git")
    for command in (["git", "init", "-q"], ["git", "remote", "add", "origin", ORIGIN]):
        subprocess.run(command, cwd=folder, check=True, capture_output=True)
    for scaffold in ("rollouts", "configs/training", "configs/eval", "data"):
        (folder / scaffold).mkdir(parents=True, exist_ok=True)
    platform = FakePlatform()
    populate(platform)
    saved = json.loads((ROOT / "examples/catalog/terminal-bench-2-1.json").read_text("utf-8"))
    entry = saved["data"]["benchmark"]
    answer = benchmark(entry["key"], [task["name"] for task in entry["tasks"]])
    answer["benchmark"].update(entry)  # what the example catalog says, over the defaults
    platform.benchmarks[entry["key"]] = answer
    platform.secrets.append(secret("ANTHROPIC_API_KEY", "workspace", 6))  # the examples' key
    with tempfile.TemporaryDirectory(prefix="benchlint-docs-home-") as home:
        (Path(home) / "bin").mkdir()
        (Path(home) / "bin" / "osmosis").symlink_to(cli)
        env = {
            **platform.environment(),
            "HOME": home,
            "OSMOSIS_TOKEN_STORE": "file",
            "PATH": f"{home}/bin{os.pathsep}{os.environ['PATH']}",
        }
        with platform.running():
            yield env


ORIGIN = "https://github.com/acme/bench.git"


def shell(
    command: str, cwd: Path, extra: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    extra = extra or {}
    path = extra.get("PATH", os.environ["PATH"])
    env = {**os.environ, **extra, "NO_COLOR": "1", "PATH": f"{BIN}{os.pathsep}{path}"}
    env.pop("GITHUB_ACTIONS", None)
    env.pop("FORCE_COLOR", None)
    return subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _normal(text: str) -> str:
    """Output as a page can show it: no trailing spaces (sybil's lexer drops them)."""
    return "\n".join(line.rstrip() for line in text.splitlines())


def _shown(command: str) -> str:
    """A command as shown, without its trailing `# comment`."""
    return re.sub(r"\s+#\s.*$", "", command).strip()


# -- runners --------------------------------------------------------------------------------------
def run_console(block: Block) -> None:
    with sandbox(block) as folder, platform_for(block, folder) as extra:
        parts = re.split(r"^\$ ", block.source, flags=re.M)
        assert not parts[0].strip(), f"{block.name}: a console block starts with `$ `"
        for part in parts[1:]:
            command, _, expected = part.partition("\n")
            result = shell(_shown(command), folder, extra)
            output = result.stdout + result.stderr
            if expected.strip():
                assert _normal(output) == _normal(expected), f"{block.name}: `{command}`:\n{output}"
            else:
                assert result.returncode in (0, 1), f"{block.name}: `{command}`: {output}"


def run_sh(block: Block) -> None:
    with sandbox(block) as folder, platform_for(block, folder) as extra:
        for line in block.source.splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                result = shell(_shown(line), folder, extra)
                assert result.returncode == 0, (
                    f"{block.name}: `{line}`: {result.stdout + result.stderr}"
                )


def run_toml(block: Block) -> None:
    import tomllib

    directives = block.directives
    if "expect" not in directives:  # (an example of a broken file says what it reports)
        tomllib.loads(block.source)
    if "settings" in directives:
        _check_settings(block)
    elif "expect" in directives:
        _check_expectation(block)
    elif "file" not in directives:
        raise AssertionError(f"{block.name}: say what this TOML is (file:, expect: or settings)")


def _check_settings(block: Block) -> None:
    with sandbox(block) as folder:
        name = "pyproject.toml" if "[tool.benchlint" in block.source else "benchlint.toml"
        _write(folder, name, block.source)
        for pattern in re.findall(r'"([^"]*\*[^"]*\.json)"', block.source):
            # a catalog pattern shown in the settings: give it something to match
            _write(folder, pattern.replace("*", "example"), "[]")
        result = shell(
            "benchlint check examples/configs/benchmark/terminal-bench-smoke.toml", folder
        )
        assert result.returncode != 2, f"{block.name}: {result.stderr}"


def _check_expectation(block: Block) -> None:
    with sandbox(block) as folder:
        name = block.directives.get("file", "configs/benchmark/example.toml")
        _write(folder, name, block.source)
        result = shell(f"benchlint check --format json --fail-on never {name}", folder)
        assert result.returncode == 0, f"{block.name}: {result.stderr}"
        report = json.loads(result.stdout)
        found = sorted({d["code"] for f in report["files"] for d in f["diagnostics"]})
        wanted = block.directives["expect"]
        expected = [] if wanted == "clean" else sorted(wanted.split())
        assert found == expected, f"{block.name}: reports {found}, the page says {wanted}"


def run_python(block: Block) -> None:
    namespace: dict[str, Any] = {"__name__": "__docs__"}
    for before in earlier(block):
        if before.language == "python" and "not-run" not in before.directives:
            with redirect_stdout(StringIO()):
                exec(compile(before.source, before.name, "exec"), namespace)
    printed = StringIO()
    with redirect_stdout(printed):
        exec(compile(block.source, block.name, "exec"), namespace)
    after = following(block)
    if after is not None and "output" in after.directives:
        assert _normal(printed.getvalue()) == _normal(after.source), (
            f"{block.name} printed:\n{printed.getvalue()}"
        )


def run_json(block: Block) -> None:
    fragment = "fragment" in block.directives  # members of an object, shown alone
    value = json.loads("{" + block.source + "}" if fragment else block.source)
    if block.directives.get("schema") == "report":
        import jsonschema

        schema = json.loads((ROOT / "schema" / "benchlint-report.schema.json").read_text("utf-8"))
        if "plans" in value:
            schema = {"$ref": "#/$defs/PlanReport", "$defs": schema["$defs"]}
        jsonschema.validate(value, schema)
    elif "file" not in block.directives and not fragment:
        raise AssertionError(f"{block.name}: say what this JSON is (schema:, file: or fragment)")


def run_jsonc(block: Block) -> None:
    import jsonschema

    text = re.sub(r"^\s*//.*$", "", block.source, flags=re.M)
    text = re.sub(r"\s+//.*$", "", text, flags=re.M)
    value = json.loads(text if text.lstrip().startswith("{") else "{" + text + "}")
    manifest = json.loads((ROOT / "vscode-extension" / "package.json").read_text("utf-8"))
    properties = manifest["contributes"]["configuration"]["properties"]
    for scope in [value, *(v for k, v in value.items() if k.startswith("["))]:
        for key, setting in scope.items():
            if key.startswith("benchlint."):
                assert key in properties, f"{block.name}: the extension has no setting {key}"
                jsonschema.validate(setting, properties[key])
            elif key == "editor.codeActionsOnSave":
                assert set(setting) <= {"source.fixAll.benchlint", "source.fixAll"}


def run_yaml(block: Block) -> None:
    document = yaml.safe_load(block.source)
    hooks = {hook["id"] for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    commands: list[str] = []
    _collect(document, commands)
    if isinstance(document, dict) and "repos" in document:
        for repo in document["repos"]:
            assert {hook["id"] for hook in repo["hooks"]} <= hooks, block.name
    with sandbox(block) as folder:
        for command in commands:
            result = shell(command, folder)
            assert result.returncode in (0, 1), f"{block.name}: `{command}`: {result.stderr}"


def _collect(value: Any, commands: list[str]) -> None:
    """The `benchlint` command lines of a workflow's `run:` and a GitLab job's `script:`."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("run", "script"):
                lines = item if isinstance(item, list) else str(item).splitlines()
                commands += [_shown(line) for line in lines if line.startswith("benchlint ")]
            else:
                _collect(item, commands)
    elif isinstance(value, list):
        for item in value:
            _collect(item, commands)


_RUNNERS = {
    "console": run_console,
    "sh": run_sh,
    "toml": run_toml,
    "python": run_python,
    "json": run_json,
    "jsonc": run_jsonc,
    "yaml": run_yaml,
}
