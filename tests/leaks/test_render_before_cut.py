"""A text quoted in a message is rendered, then cut: never cut, then rendered.

`quoted_text` (a catalog's sync error in BL411, the Osmosis CLI's messages in `workspace
pull`) cut the text at its limit after masking only the recognised credentials, and before
the renderer saw it: a refused run (27 letters) cut to 16 read as a word and was shown. The
Python API has no output masker behind it, so the message itself must hold nothing the
allow-list refused. (A helper's attack; each test here failed before.)
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest

from benchlint import lint_text
from benchlint.lint.settings import Settings
from benchlint.rules.wording import quoted_text
from benchlint.workspace import osmosis

from .tokens import WINDOW

# Refused by the allow-list, each recognised by no pattern: only the renderer hides them.
REFUSED = {
    "letters": "correcthorsebatterystaplezq",  # 27 lower-case letters
    "groups": "k4m2c3-l2q5b3-n8c5c8",  # interleaved groups, no run 8 long
    "mixed": "Zq8vKw2mPx7nR4tB9",
    "kana": "パスワードはひみつのあいことばです",  # 17 letters of one script
}
FILLER = (
    "fetch of the registry failed while listing the tasks of the dataset, retried three "
    "times; the registry answered with an error page; creds were "
)
CONFIG = """\
[experiment]
benchmark = "acme/custom@1.0"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""


def shown_of(output: str, secret: str) -> list[str]:
    """Runs of the secret the output shows: WINDOW characters, or what is left of a run
    shorter than that (a refused run of groups shows none of its groups)."""
    folded = output.casefold()
    pieces = [part for part in secret.casefold().split("-") if part]
    width = min(WINDOW, *(len(piece) for piece in pieces))
    return [
        piece[i : i + width]
        for piece in pieces
        for i in range(len(piece) - width + 1)
        if piece[i : i + width] in folded
    ]


def _bl411(sync_error: str, tmp_path: Path) -> str:
    entry = {
        "key": "acme/custom@1.0",
        "name": "Custom",
        "source_type": "harbor_registry",
        "sync_status": "failed",
        "sync_error": sync_error,
    }
    path = tmp_path / "acme.json"
    path.write_text(json.dumps({"schema_version": 1, "data": {"benchmark": entry}}), "utf-8")
    found = lint_text(CONFIG, settings=Settings(catalogs=(str(path),)))
    (message,) = [d.message for d in found if d.code == "BL411"]
    return message


@pytest.mark.parametrize("name", sorted(REFUSED))
@pytest.mark.parametrize("shift", [0, 5, 11, 16, 20])
def test_a_cut_sync_error_shows_no_part_of_a_refused_run(
    name: str, shift: int, tmp_path: Path
) -> None:
    secret = REFUSED[name]
    # the cut (160 characters) falls `shift` characters into the secret, or after it
    text = FILLER[: 159 - shift].ljust(159 - shift) + secret + " and more words after it"
    message = _bl411(text, tmp_path)
    assert "sync failed" in message
    assert not shown_of(message, secret), message


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_quoted_text_at_every_limit_shows_no_part_of_a_refused_run(name: str) -> None:
    secret = REFUSED[name]
    text = f"the server said: {secret} (retry later)"
    for limit in range(2, len(text) + 4):
        shown = quoted_text(text, limit=limit)
        assert not shown_of(shown, secret), (limit, shown)
        assert len(shown) <= limit + 2  # the quotes; the cut still shortens


def test_a_short_text_reads_as_written() -> None:
    assert quoted_text("registry unreachable: 503") == '"registry unreachable: 503"'
    long = "word " * 60
    assert quoted_text(long) == '"' + long[:159] + '…"'


def test_random_texts_show_only_what_the_renderer_shows() -> None:
    """Whatever the text and the limit, the quote is a prefix of the text as rendered."""
    from benchlint.core.toml_syntax import toml_string
    from benchlint.secrets.redaction import shown_text

    rng = random.Random(5)
    pieces = ["word", " ", "correcthorsebatterystaple", "k4m2c3-l2q5b3", "sk-", "x" * 9, ":", "/"]
    for _ in range(3_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        limit = rng.randint(2, 60)
        quote = quoted_text(text, limit=limit)[1:-1].removesuffix("…")
        assert toml_string(shown_text(text, escape=False))[1:-1].startswith(quote), (text, limit)


# -- the Osmosis CLI's messages, quoted by `workspace pull` ------------------------------------
def _failed(stderr: str, returncode: int = 1) -> subprocess.CompletedProcess[bytes]:
    return subprocess.CompletedProcess(["osmosis"], returncode, b"", stderr.encode())


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_an_osmosis_error_shows_no_part_of_a_refused_run(name: str) -> None:
    secret = REFUSED[name]
    message = FILLER[:150] + secret
    envelope = json.dumps({"error": {"code": "INTERNAL", "message": message}})
    error = osmosis._failure(_failed(envelope), ("benchmark", "info", "acme/custom@1.0"))
    assert "failed" in str(error)
    assert not shown_of(str(error), secret), str(error)
    first_line = osmosis._failure(_failed(FILLER[:110] + secret), ("secret", "list"))
    assert not shown_of(str(first_line), secret), str(first_line)
