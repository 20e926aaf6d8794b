"""No message writes a hidden part of a value again in another form.

BL108's "e.g." suggestion is the variable's name upper-cased, `-`, `/` and `@` made `_`: for
an `[env]` key holding a URL with a word-shaped password, the renderer hid the password where
it quoted the name, and the suggestion gave it back (`HTTPS_DEPLOY_SUMMERBREEZE2024_…`), in a
form the output masker's runs of 8 do not match either (`-` turned to `_`). A suggestion is
made only from a name the renderer shows whole. (A helper's attack; each test failed before.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchlint import lint_text
from benchlint.cli.main import main

from .tokens import WINDOW

CONFIG = """\
[experiment]
benchmark = "terminal-bench-2-1"

[[agents]]
harness = "terminus-2"
{agent_env}
[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[env]
{env}
"""
# A name holding a credential a recogniser finds, however its shape looks; `{p}` is it.
NAMES = {
    "scheme": "https://deploy:{p}@git.example.com",
    "no-scheme": "deploy:{p}@git.example.com",
    "one-slash": "https:/deploy:{p}@git.example.com",
    "at-in-password": "https://deploy:Go@{p}@git.example.com",
    "slash-in-password": "https://deploy:{p}/x@git.example.com",
    "query": "https://git.example.com/x?token={p}",
}
PASSWORDS = ("summerbreeze2024", "Summer-Breeze-Ocean", "Autumn.Leaves.Falling")


def _folded(text: str) -> str:
    """Upper case, every run of anything but letters and digits one `_`: the suggestion's
    form, so a password comes out of it as it went in."""
    return re.sub(r"[^A-Z0-9]+", "_", text.upper())


def shown_of(output: str, secret: str) -> list[str]:
    folded, hidden = _folded(output), _folded(secret)
    return [
        hidden[i : i + WINDOW]
        for i in range(len(hidden) - WINDOW + 1)
        if hidden[i : i + WINDOW] in folded
    ]


def _positions(name: str) -> dict[str, str]:
    quoted = '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return {
        "env": CONFIG.format(agent_env="", env=f"{quoted} = 1"),
        "agents-env": CONFIG.format(agent_env=f"\n[agents.env]\n{quoted} = 1\n", env=""),
        "inline": CONFIG.format(agent_env=f"env = {{ {quoted} = 1 }}\n", env=""),
    }


@pytest.mark.parametrize("password", PASSWORDS)
@pytest.mark.parametrize("spelling", sorted(NAMES))
def test_no_suggestion_is_made_from_a_hidden_part(spelling: str, password: str) -> None:
    name = NAMES[spelling].format(p=password)
    for position, text in _positions(name).items():
        messages = [d.message for d in lint_text(text) if d.code == "BL108"]
        assert messages, position
        for message in messages:
            assert not shown_of(message, password), (position, message)
            assert "(e.g." not in message, (position, message)


@pytest.mark.parametrize(
    ("name", "suggestion"),
    [
        ("log-level", "LOG_LEVEL"),
        ("logLevel", "LOG_LEVEL"),
        ("bad m3", "BAD_M3"),
        ("niveau_détail", "NIVEAU_DETAIL"),
        ("https://mirror.example.com", "HTTPS_MIRROR_EXAMPLE_COM"),  # no password: shown whole
        ("owner/name@v1", "OWNER_NAME_V1"),
    ],
)
def test_a_name_shown_whole_still_gets_its_suggestion(name: str, suggestion: str) -> None:
    text = CONFIG.format(agent_env="", env=f'"{name}" = 1')
    (message,) = [d.message for d in lint_text(text) if d.code == "BL108"]
    assert message.endswith(f"(e.g. {suggestion})"), message


def test_the_command_line_shows_no_suggestion_from_a_hidden_part(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    names = [NAMES[spelling].format(p=p) for spelling in NAMES for p in PASSWORDS]
    env = "\n".join(f'"{name}" = {i}' for i, name in enumerate(names))
    config = tmp_path / "configs/benchmark/env.toml"
    config.parent.mkdir(parents=True)
    config.write_text(CONFIG.format(agent_env="", env=env), "utf-8")
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    for output in ("text", "json", "github", "sarif"):
        main(["check", "configs/benchmark/env.toml", "--format", output, "--no-color"])
        shown = "".join(capsys.readouterr())
        assert "BL108" in shown
        assert not [p for p in PASSWORDS if shown_of(shown, p)], output
