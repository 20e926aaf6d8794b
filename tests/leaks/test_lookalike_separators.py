"""Two gaps a security tester found in the renderer; each test here failed before.

- A `user:password@host` written with a character a reader takes for `@` or `:`
  (`＠` U+FF20, `﹫` U+FE6B, `：` U+FF1A, `꞉` U+A789): `shape.userinfo_spans` and the URL
  recognisers looked for the ASCII characters only, so a word-shaped password was shown in
  messages, code frames, catalog output, file names and the outline. Now every look-alike
  (`shape.SEPARATOR_LOOKALIKES`) counts as the ASCII character, on text that is not ASCII.
- A query-like value after `#` (a fragment: OAuth's `#code=`) or `;` (a matrix parameter:
  `;jsessionid=`) was judged as a query value only under a credential name, so a
  word-shaped value showed. Now it is hidden unless plain (`plain_query_value`), as after
  `?` and `&`.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

import pytest

from benchlint import lint_text
from benchlint.cli.main import main
from benchlint.secrets.detection import password_span, query_value_spans, url_passwords
from benchlint.secrets.redaction import shown_text
from benchlint.secrets.shape import SEPARATOR_LOOKALIKES, userinfo_spans

PASSWORD = "OceanAutumn"  # word-shaped: the allow-list passes it as a token
QUERY_VALUE = "MapleGroveHill"

LOOKALIKE_SPELLINGS = [
    f"https://carl:{PASSWORD}\uff20db.example.com",  # FULLWIDTH COMMERCIAL AT
    f"bob\uff1a{PASSWORD}@h",  # FULLWIDTH COLON
    f"bob:{PASSWORD}\ufe6bh",  # SMALL COMMERCIAL AT
    f"bob\ua789{PASSWORD}@h",  # MODIFIER LETTER COLON (not NFKC)
    f"bob\u2236{PASSWORD}@h",  # RATIO (not NFKC)
    f"https\uff1a//carl\uff1a{PASSWORD}\uff20db.example.com",  # every separator fullwidth
    f"\u00e9t\u00e9 bob:{PASSWORD}@h",  # ASCII separators in text that is not ASCII
]
QUERY_SPELLINGS = [
    f"https://h.example.com/cb#code={QUERY_VALUE}&x=1",
    f"https://h.example.com/p;jsessionid={QUERY_VALUE}",
    f"see https://h.example.com/x#state={QUERY_VALUE}",
    f"https://h.example.com/p;sid={QUERY_VALUE}?a=1",
]
ALL_SPELLINGS = [(s, PASSWORD) for s in LOOKALIKE_SPELLINGS] + [
    (s, QUERY_VALUE) for s in QUERY_SPELLINGS
]


def test_the_nfkc_lookalikes_are_all_there() -> None:
    """How the first group of `SEPARATOR_LOOKALIKES` was derived, derived again."""
    nfkc = {}
    for code in range(0x80, sys.maxunicode + 1):
        normal = unicodedata.normalize("NFKC", chr(code))
        if normal in ("@", ":"):
            nfkc[code] = normal
    assert nfkc.items() <= SEPARATOR_LOOKALIKES.items()
    assert all(not chr(code).isascii() for code in SEPARATOR_LOOKALIKES)
    assert set(SEPARATOR_LOOKALIKES.values()) == {"@", ":"}


@pytest.mark.parametrize(("text", "secret"), ALL_SPELLINGS)
def test_shown_text_hides_it(text: str, secret: str) -> None:
    for one_value in (False, True):
        shown = shown_text(text, one_value=one_value)
        assert secret not in shown, shown
        assert secret[:8] not in shown, shown


@pytest.mark.parametrize("text", LOOKALIKE_SPELLINGS)
def test_structure_and_recognisers_find_the_password(text: str) -> None:
    start = text.index(PASSWORD)
    assert any(s <= start and start + len(PASSWORD) <= e for s, e in userinfo_spans(text))
    found = password_span(text)
    assert found is not None and found[0] <= start and start + len(PASSWORD) <= found[1]
    if "//" in text and "\uff1a//" not in text:
        assert any(s <= start < e for s, e in url_passwords(text))


@pytest.mark.parametrize("text", QUERY_SPELLINGS)
def test_fragment_and_matrix_values_are_query_values(text: str) -> None:
    start = text.index(QUERY_VALUE)
    spans = query_value_spans(text)  # a matrix value runs to the `?` here: the safe side
    assert any(s == start and start + len(QUERY_VALUE) <= e for s, e in spans), spans


def test_plain_fragment_and_matrix_values_stay_shown() -> None:
    text = "https://h.example.com/p;v=1#page=2&raw=true"
    assert query_value_spans(text) == []
    assert shown_text(text) == text


@pytest.mark.parametrize(("text", "secret"), ALL_SPELLINGS)
def test_messages_hide_it(text: str, secret: str) -> None:
    config = (
        "[experiment]\n"
        f'benchmark = "{text}"\n'
        f"bogus = 1\n"
        f"# mirror {text}\n"
        "\n[[agents]]\n"
        f'harness = "{text}"\n'
    )
    diagnostics = lint_text(config)
    assert diagnostics
    for diagnostic in diagnostics:
        said = f"{diagnostic.message} {diagnostic}"
        assert secret not in said, said
        assert secret[:8] not in said, said


@pytest.mark.parametrize(("text", "secret"), ALL_SPELLINGS)
def test_cli_code_frame_hides_it(
    text: str,
    secret: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / ".git").mkdir()
    config = tmp_path / "configs" / "benchmark" / "a.toml"
    config.parent.mkdir(parents=True)
    config.write_text(f'[experiment]\nbenchmark = "{text}"\nbogus = 1\n', "utf-8")
    monkeypatch.chdir(tmp_path)
    main(["check", "configs/benchmark/a.toml", "--no-color"])
    out, err = capsys.readouterr()
    assert "2 | benchmark" in out + err  # the code frame is there
    assert secret not in out + err
    assert secret[:8] not in out + err


@pytest.mark.parametrize(
    "text",
    [
        "https://git@github.com/acme/x.git",
        "benchmark terminal-bench-2-1 is not in the bundled catalog",
        "https://h.example.com/p?page=2#top",
        "owner/name@v1.2: see docs",
        "ssh://git@h:22/repo",
        "# a comment, key: value @ here",
    ],
)
def test_ascii_text_reads_as_before(text: str) -> None:
    assert shown_text(text) == text
