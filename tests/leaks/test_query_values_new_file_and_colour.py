"""Three leaks a security tester found, each a class:

- a query parameter's value in a URL under a name no list holds (`private_token`, `pwd`):
  every `?name=value` / `&name=value` value is not proven harmless unless its own shape is
  (a flag, a number, a few characters), whatever its name;
- `benchlint new PATH` wrote catalog text into the new file's comments unrendered (and the
  editor's snippet, made by the same skeleton): comment text goes through the renderer;
- an ESC (an SGR sequence, `ESC [ 31 m`) from a file's name reached `--format github`, and the
  output masker let any of benchlint's colour codes through whatever brought it: only what
  `own_colour` wrote turns into colour, and paths are escaped in every format.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from benchlint import lint_text
from benchlint.cli.main import FORMATS, main
from benchlint.domain.catalog import CatalogEntry, TaskSet
from benchlint.domain.profiles import PROFILES
from benchlint.domain.skeleton import skeleton
from benchlint.lsp import skeletons
from benchlint.secrets.detection import query_value_spans, url_credentials
from benchlint.secrets.output import OutputMasker
from benchlint.secrets.redaction import redact, show_value, shown_text
from benchlint.secrets.source import source_secrets

from .surfaces import cli_outputs, write_files

# -- query parameters ---------------------------------------------------------------------------
PASSWORD = "SummerBreeze"
NAMES = [
    "private_token",
    "client_secret",
    "api_token",
    "pwd",
    "passwd",
    "pass",
    "access-key",
    "X-Amz-Signature",
    "accessToken",
    "private%5Ftoken",
    "q",  # a name no list would hold
    "next",
    "x",
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lead", ["?", "?a=1&"])
def test_a_query_value_is_hidden_whatever_the_parameter_is_named(name: str, lead: str) -> None:
    url = f"https://gl.example.com/x{lead}{name}={PASSWORD}"
    assert PASSWORD not in show_value(url)
    assert PASSWORD not in shown_text(f"found {url} here")
    assert PASSWORD not in shown_text(url, one_value=True)
    assert PASSWORD not in source_secrets(f'u = "{url}"\n').masked


@pytest.mark.parametrize(
    "name", ["private_token", "client_secret", "api_token", "pwd", "passwd", "pass", "access-key"]
)
def test_a_credential_named_query_parameter_is_reported_and_redacted(name: str) -> None:
    url = f"https://gl.example.com/x?{name}={PASSWORD}"
    assert url_credentials(url) == f"the `{name}` query parameter"
    assert PASSWORD not in redact(url)


@pytest.mark.parametrize(
    "query", ["?page=2", "?raw=true", "?format=json", "?v=ab", "?id=20241022", "?a=&b="]
)
def test_a_plain_query_value_is_shown(query: str) -> None:
    url = f"https://example.com/x{query}"
    assert shown_text(url) == url
    assert url_credentials(url) is None


def test_the_masker_learns_a_query_value_and_hides_it_anywhere() -> None:
    masker = OutputMasker()
    masker.add("a.toml", f'u = "https://h.example.com/x?pwd={PASSWORD}"\n')
    shown = masker.mask(f"quoted by a surface that forgot: {PASSWORD.upper()}, {PASSWORD}")
    assert PASSWORD.lower() not in shown.lower()


def test_finding_query_values_is_linear() -> None:
    for text in ("?" + "a" * 200_000, "&a" * 100_000, "?a=" * 70_000, "&=" * 100_000):
        started = time.process_time()
        query_value_spans(text)
        assert time.process_time() - started < 1


QUERY_CONFIG = """\
[experiment]
benchmark = "terminal-bench-2-1"

[tasks]
task_names = ["fix-permissions"]
task_set = "https://gl.example.com/x?private_token=SummerBreeze"

[[agents]]
harness = "terminus-2"
mirror = "https://h.example.com/x?client_secret=WinterFrost&pwd=OceanAutumn&zz=RiverStone"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""
QUERY_VALUES = ["SummerBreeze", "WinterFrost", "OceanAutumn", "RiverStone"]


def test_query_values_reach_no_message() -> None:
    found = lint_text(QUERY_CONFIG, path="a.toml")
    assert {d.code for d in found} >= {"BL104", "BL501"}
    shown = "\n".join(d.message for d in found)
    assert not [value for value in QUERY_VALUES if value.lower() in shown.lower()]


def test_the_command_line_shows_no_query_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".git").mkdir()
    config = write_files(tmp_path, {"configs/benchmark/a.toml": QUERY_CONFIG})
    shown = cli_outputs(tmp_path, config, capsys, monkeypatch).lower()
    assert "bl104" in shown
    assert not [value for value in QUERY_VALUES if value.lower() in shown]


# -- `benchlint new` and the snippet ---------------------------------------------------------
SECRETS = ["AbCdEfGhIjKlMnOp", "SummerBreeze", "ghp_abcdefghij", "WinterFrost", "\u202e"]
CATALOG_ENTRY = {
    "key": "acme-custom",
    "name": "Custom \u202eevil sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
    "source_type": "harbor_registry",
    "description": (
        "Tasks from https://bob:SummerBreeze@d.example.com/x token "
        "ghp_abcdefghijklmnopqrstuvwxyz0123456789AB"
    ),
    "sync_status": "ready",
    "task_count": 1,
    "tasks": [{"name": "acme/t1", "category": "c", "difficulty": "easy"}],
    "task_sets": [
        {
            "name": "parity",
            "task_count": 1,
            "recommended": True,
            "description": "Pw https://amy:WinterFrost@x.example.com",
        }
    ],
}


def _leaked(text: str) -> list[str]:
    return [secret for secret in SECRETS if secret.lower() in text.lower()]


@pytest.fixture
def catalog_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "catalog").mkdir()
    (tmp_path / "configs" / "benchmark").mkdir(parents=True)
    document = {"schema_version": 1, "data": {"benchmark": CATALOG_ENTRY}}
    (tmp_path / "catalog" / "acme.json").write_text(json.dumps(document), "utf-8")
    (tmp_path / "benchlint.toml").write_text('catalog = ["catalog/acme.json"]\n', "utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_new_writes_no_catalog_secret_into_the_file(
    catalog_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "configs/benchmark/n.toml", "--benchmark", "acme-custom"]) == 0
    written = (catalog_repo / "configs" / "benchmark" / "n.toml").read_text("utf-8")
    assert "acme-custom" in written and "parity" in written
    assert not _leaked(written)
    assert "\\u202e" in written  # the override shown as its escape
    out, err = capsys.readouterr()
    assert not _leaked(out + err)


def test_new_to_stdout_shows_the_same_rendered_text(
    catalog_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "-", "--benchmark", "acme-custom"]) == 0
    out, err = capsys.readouterr()
    assert "acme-custom" in out and not _leaked(out + err)


def _entry(name: str, description: str, about_set: str) -> CatalogEntry:
    return CatalogEntry(
        key="acme",
        name=name,
        description=description,
        task_sets=(TaskSet("parity", 10, True, about_set),),
        default_harness="codex",
    )


@pytest.mark.parametrize("field", ["name", "description", "about_set"])
@pytest.mark.parametrize(
    "secret", ["sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "https://bob:SummerBreeze@h.io"]
)
def test_the_skeleton_and_the_snippet_render_every_catalog_field(field: str, secret: str) -> None:
    values = {"name": "Acme", "description": "plain", "about_set": "plain"}
    values[field] = f"x {secret} \u202e y"
    entry = _entry(**values)
    hidden = "AbCdEfGhIjKlMnOp" if secret.startswith("sk-") else "SummerBreeze"
    for text in (skeleton(entry, PROFILES["docs"]), skeletons._snippet(entry, PROFILES["docs"])):
        assert hidden not in text
        assert "\u202e" not in text


# -- an ESC in a file's name -------------------------------------------------------------------
ESC_NAME = "a\x1b[31m\x1b[1;33m.toml"
ESC_CONFIG = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
unknown_x = 1
"""
_OWN_SGR = re.compile(r"\x1b\[(?:0|1|31|33|36|1;31|1;33|1;36)m")


@pytest.fixture
def esc_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / ".git").mkdir()
    folder = tmp_path / "configs" / "benchmark"
    folder.mkdir(parents=True)
    try:
        (folder / ESC_NAME).write_text(ESC_CONFIG, "utf-8")
    except OSError:
        pytest.skip("the file system refuses an ESC in a name")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path


@pytest.mark.parametrize("fmt", FORMATS)
def test_no_esc_from_a_file_name_reaches_any_format(
    fmt: str, esc_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["check", ".", "--format", fmt, "--no-color"])
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err
    main(["check", ".", "--format", fmt, "-o", "report.out"])
    written = (esc_repo / "report.out").read_text("utf-8")
    assert "\x1b" not in written + "".join(capsys.readouterr())


def test_github_shows_the_name_escaped(esc_repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["check", ".", "--format", "github", "--no-color"])
    out = capsys.readouterr()[0]
    assert "file=configs/benchmark/a\\x1b[31m\\x1b[1;33m.toml" in out


@pytest.mark.parametrize("fmt", FORMATS)
def test_with_colour_on_only_benchlints_own_codes_are_sent(
    fmt: str,
    esc_repo: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    main(["check", ".", "--format", fmt])
    out, err = capsys.readouterr()
    # the name's own SGR codes arrive escaped; every raw ESC left is one benchlint painted
    assert "\x1b[31m\x1b[1;33m.toml" not in out + err
    assert "\x1b" not in _OWN_SGR.sub("", out + err)
    if fmt in ("text", "concise"):
        assert "a\\x1b[31m\\x1b[1;33m.toml" in out
