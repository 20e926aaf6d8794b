"""A URL's password in every spelling, in every position a value or a text can hold it.

docs/security.md: a URL's password is hidden "even when its shape would pass". A helper's
attack found two gaps, each a class:

- a value: a single-line `key = "..."` had its password found in any spelling
  (`password_span`: no scheme, `https:/`, `/` or `@` in it), but an array element, an inline
  table's member or a multi-line string only with a `scheme://`, and the output masker's
  table never held a password written without one;
- free text (a comment, a catalog's description or sync error, a server's message): the
  password ended at its first `@` (`https://deploy:P@ssw0rd-2024@host` showed `@ssw0rd-2024`),
  and none was found with a `/` in it.

Every password here is word-shaped, so only the recogniser hides it; each test failed before.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from benchlint import lint_text
from benchlint.lint.settings import Settings
from benchlint.secrets.detection import recognised_spans, url_credentials
from benchlint.secrets.output import OutputMasker
from benchlint.secrets.redaction import redact, redact_same_width, shown_text
from benchlint.secrets.source import masked_source

from .rawlsp import RawClient
from .surfaces import cli_outputs, lsp_outputs, started_client, write_files
from .tokens import WINDOW

HEAD = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[env]
"""
# No key name a credential stem is in, no `://`: nothing but the value says it holds one.
BARE = '[experiment]\nbenchmark = "terminal-bench-2-1"\n\n[env]\n'

# How a URL holding a password is pasted; `{p}` is the password.
SPELLINGS = {
    "no-scheme": "bob:{p}@mirror.example.com",
    "one-slash": "https:/amy:{p}@m2.example.com",
    "no-colon": "http//carl:{p}@m3.example.com",
    "slashes-only": "//dan:{p}@m4.example.com",
    "scheme": "https://eve:{p}@m5.example.com/acme/tasks.git",
    "at-in-user": "https://fay@corp:{p}@m6.example.com",
}
# Word-shaped passwords: the allow-list passes each; `/` and `@` inside.
SHAPES = {"dashes": "{a}-{b}-{c}", "slash": "{a}/{b}-{c}", "at": "{a}@{b}-{c}"}
# Where a value stands: `VALUE` is it as a basic string, `RAW` as written in a literal or
# multi-line string.
POSITIONS = {
    "one-line": "MIRROR = VALUE",
    "dotted-key": "mirror.url = VALUE",
    "array": 'MIRRORS = ["plain", VALUE]',
    "nested-array": 'MIRRORS = [["plain"], [VALUE]]',
    "inline-table": "MIRROR = { url = VALUE }",
    "inline-table-in-array": "MIRRORS = [{ url = VALUE }]",
    "literal-in-array": "MIRRORS = ['RAW']",
    "multiline-basic": 'MIRROR = """RAW"""',
    "multiline-basic-first-break": 'MIRROR = """\nRAW\n"""',
    "multiline-literal": "MIRROR = '''\nRAW\n'''",
    "multiline-in-array": 'MIRRORS = [\n  "plain",\n  """\nRAW""",\n]',
    "second-line-of-multiline": 'MIRROR = """\nmirrors, first to last:\nRAW\n"""',
}
_WORDS = [
    *("Summer", "Breeze", "Ocean", "Autumn", "Leaves", "Falling", "Winter", "Frost", "Valley"),
    *("Spring", "Rain", "Meadow", "Velvet", "Thunder", "Copper", "Lantern", "Silver", "Maple"),
    *("Harbor", "Lights", "Quiet", "Garden", "River", "Stone", "Cloud"),
]


def passwords(seed: str) -> Iterator[str]:
    """Distinct word-shaped passwords, each of every shape in turn."""
    rng = random.Random(seed)
    while True:
        for shape in SHAPES.values():
            a, b, c = rng.sample(_WORDS, 3)
            yield shape.format(a=a, b=b, c=c)


def windows(secret: str) -> list[str]:
    folded = secret.casefold()
    return [folded[i : i + WINDOW] for i in range(len(folded) - WINDOW + 1)]


def shown_of(output: str, secret: str) -> list[str]:
    """The runs of WINDOW characters of `secret` that `output` holds, in any case."""
    folded = output.casefold()
    return [window for window in windows(secret) if window in folded]


def config_line(position: str, url: str) -> str:
    template = POSITIONS[position]
    return template.replace("VALUE", json.dumps(url)).replace("RAW", url)


class Case(NamedTuple):
    position: str
    spelling: str
    shape: str
    url: str
    password: str

    @property
    def name(self) -> str:
        return f"{self.position}-{self.spelling}-{self.shape}"


def _cases() -> Iterator[Case]:
    made = passwords("cases")
    for position in POSITIONS:
        for spelling, url in SPELLINGS.items():
            for shape in SHAPES:
                password = next(made)
                while shape == "at" and "@" not in password:  # each shape its own password
                    password = next(made)
                yield Case(position, spelling, shape, url.format(p=password), password)


CASES = list(_cases())


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
@pytest.mark.parametrize("head", [HEAD, BARE], ids=["config", "bare"])
def test_a_value_hides_its_url_password_in_any_spelling_and_position(case: Case, head: str) -> None:
    text = head + config_line(case.position, case.url) + "\n"
    assert not shown_of(masked_source(text), case.password), case.name
    masker = OutputMasker()  # and the output masker looks for it wherever output quotes it
    masker.add("config", text)
    said = masker.mask(f"cloned with {case.password} ({case.password.upper()})")
    assert not shown_of(said, case.password), case.name


# -- the same values, through every surface ----------------------------------------------------
# One config holding a value in each position, each with a password of its own (so that one
# found cannot hide another), and spelled each way in turn.
def _every_position() -> tuple[str, list[str]]:
    made = passwords("surfaces")
    spellings = list(SPELLINGS.values())
    lines, secrets = [], []
    for index, position in enumerate(POSITIONS):
        password = next(made)
        url = spellings[index % len(spellings)].format(p=password)
        lines.append(config_line(position, url).replace("MIRROR", f"MIRROR_{index}", 1))
        lines[-1] = lines[-1].replace("mirror.url", f"mirror{index}.url")
        secrets.append(password)
    return HEAD + "\n".join(lines) + "\n", secrets


EVERY_POSITION, EVERY_PASSWORD = _every_position()


def test_the_command_line_shows_no_value_password(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".git").mkdir()
    config = write_files(tmp_path, {"configs/benchmark/mirrors.toml": EVERY_POSITION})
    shown = cli_outputs(tmp_path, config, capsys, monkeypatch)
    assert "MIRROR_2" in shown  # the values' lines are in the reports
    assert not [(p, shown_of(shown, p)) for p in EVERY_PASSWORD if shown_of(shown, p)]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, RawClient]]:
    root = tmp_path_factory.mktemp("passwords-lsp")
    (root / ".git").mkdir()
    client = started_client(root)
    yield root, client
    client.close()


@pytest.mark.slow
def test_the_server_sends_no_value_password(server: tuple[Path, RawClient]) -> None:
    root, client = server
    config = write_files(root / "values", {"configs/benchmark/mirrors.toml": EVERY_POSITION})
    sent = lsp_outputs(client, config, EVERY_POSITION)
    assert "MIRROR_2" in sent  # the outline names the values
    assert not [(p, shown_of(sent, p)) for p in EVERY_PASSWORD if shown_of(sent, p)]


# -- free text: a comment, a catalog's text, a server's message -------------------------------
FREE = {  # a sentence holding a URL, and the URL's password
    "at": (
        "git clone https://deploy:P@ssw0rd-Harvest@git.example.com/acme/tasks.git failed",
        "P@ssw0rd-Harvest",
    ),
    "two-at": (
        "from https://ci:Quiet@Harbor@Lights@mirror.example.com/x nightly",
        "Quiet@Harbor@Lights",
    ),
    "slash": (
        "or https://deploy:Summer/Breeze-Ocean@git.example.com/acme/tasks.git",
        "Summer/Breeze-Ocean",
    ),
    "at-in-user": (
        "see https://fay@corp.example:Velvet-Thunder@m6.example.com today",
        "Velvet-Thunder",
    ),
    "quote": ('was ftp://bob:Copper"Lantern-Glow@ftp.example.com', 'Copper"Lantern-Glow'),
    "path-after": (
        "try https://bot:Silver-Maple-Creek@host.example/pkg@1.0 first",
        "Silver-Maple-Creek",
    ),
}


@pytest.mark.parametrize("name", sorted(FREE))
def test_free_text_hides_a_url_password_whole(name: str) -> None:
    text, password = FREE[name]
    for render in (redact, redact_same_width, shown_text):
        assert not shown_of(render(text), password), (name, render.__name__)
    assert url_credentials(text) == "a user name and password"
    spans = recognised_spans(text)
    start = text.index(password)
    assert any(a <= start and start + len(password) <= b for a, b in spans), name
    assert shown_text(text).startswith(text.split()[0] + " ")  # the words stay readable


def test_each_url_of_a_sentence_is_its_own() -> None:
    text = "https://a:Summer-Breeze@one.example and https://b:Winter-Frost@two.example"
    shown = shown_text(text)
    assert "one.example and https://b:" in shown  # the words between are shown
    assert "Summer-Breeze" not in shown and "Winter-Frost" not in shown


@pytest.mark.parametrize(
    "text",
    [
        "https://github.com/acme/tasks@v1.2",
        "ssh://git@github.com:acme/tasks.git",
        "https://models.example.com:8080/v1",
        "pip install git+https://github.com/acme/tasks@main",
        "https://registry.example.com:443/@scope/pkg",  # a port and a path: not reported
    ],
)
def test_a_url_with_no_password_is_not_reported(text: str) -> None:
    assert url_credentials(text) is None


@pytest.mark.parametrize("name", sorted(FREE))
def test_a_comment_frame_hides_a_url_password_whole(name: str) -> None:
    text, password = FREE[name]
    config = HEAD + f'"git url" = "set"  # {text}\n'
    assert not shown_of(masked_source(config), password), name


def _catalog(text: str) -> dict[str, object]:
    entry = {
        "key": "acme/custom@1.0",
        "name": "Custom",
        "source_type": "harbor_registry",
        "description": f"Tasks mirrored {text}.",
        "sync_status": "failed",
        "sync_error": text,
    }
    return {"schema_version": 1, "data": {"benchmark": entry}}


def _catalog_files(text: str) -> dict[str, str]:
    return {
        "configs/benchmark/ok.toml": HEAD.replace("terminal-bench-2-1", "acme/custom@1.0"),
        "catalog/acme.json": json.dumps(_catalog(text)),
        "benchlint.toml": 'catalog = ["catalog/acme.json"]\n',
    }


@pytest.mark.parametrize("name", sorted(FREE))
def test_a_catalog_message_hides_a_url_password_whole(name: str, tmp_path: Path) -> None:
    text, password = FREE[name]
    path = tmp_path / "acme.json"
    path.write_text(json.dumps(_catalog(text)), "utf-8")
    config = HEAD.replace("terminal-bench-2-1", "acme/custom@1.0")
    found = lint_text(config, settings=Settings(catalogs=(str(path),)))
    (message,) = [d.message for d in found if d.code == "BL411"]
    assert "sync failed" in message
    assert not shown_of(message, password), message


def test_the_command_line_shows_no_catalog_password(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".git").mkdir()
    text = " and ".join(sentence for sentence, _ in FREE.values())
    config = write_files(tmp_path, _catalog_files(text))
    shown = cli_outputs(tmp_path, config, capsys, monkeypatch)
    assert "sync failed" in shown
    assert not [(p, shown_of(shown, p)) for _, p in FREE.values() if shown_of(shown, p)]


@pytest.mark.slow
def test_the_server_sends_no_catalog_password(server: tuple[Path, RawClient]) -> None:
    root, client = server
    text = " and ".join(sentence for sentence, _ in FREE.values())
    files = _catalog_files(text)
    config = write_files(root / "catalog", files)
    sent = lsp_outputs(client, config, files["configs/benchmark/ok.toml"])
    assert "sync failed" in sent
    assert not [(p, shown_of(sent, p)) for _, p in FREE.values() if shown_of(sent, p)]


# -- linear, and never less than before ------------------------------------------------------
# What the free-text finder was: a URL password up to its first `@`, none with a `/`.
_BEFORE = re.compile(r"://[^/@\s\"':]*:([^/@\s]+)@")
_PIECES = ["://", ":", "@", "/", "a", "Bc", "1", " ", "\n", '"', "'", "x:y@", "https", "@@"]


def test_free_text_hides_at_least_what_it_hid_before() -> None:
    rng = random.Random(7)
    for _ in range(20_000):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 24)))
        spans = recognised_spans(text)
        for match in _BEFORE.finditer(text):
            start, end = match.span(1)
            assert any(a <= start and end <= b for a, b in spans), text
        assert (url_credentials(text) is not None) >= (_BEFORE.search(text) is not None), text


@pytest.mark.parametrize(
    "unit",
    [
        "://a:@",
        "://a:b@@@@",
        "://a:",
        "://:@/",
        "://a@b:c",
        "x://@@@",
        "://'",
        "://a:b@ ",
        ":// @",
        "a://b/",
    ],
)
def test_free_text_stays_linear_on_adversarial_input(unit: str) -> None:
    """A liveness bound, not a speed target: a super-linear finder takes minutes here (the
    instruction counts of bench/instructions.py are the project's measure of speed)."""
    text = unit * (200_000 // len(unit))
    began = time.perf_counter()
    recognised_spans(text)
    redact(text)
    shown_text(text)
    url_credentials(text)
    masked_source(f"# {text}\n")
    assert time.perf_counter() - began < 10, unit
