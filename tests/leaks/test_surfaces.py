"""The leak tests search every surface there is: the lists they run from
(tests/leaks/surfaces.py) are checked against the command line's commands and the language
server's registered methods, so a new surface fails here until a leak test reads it."""

from __future__ import annotations

from benchlint.cli.main import COMMANDS
from benchlint.lsp.server import build_server

from .surfaces import CLI_COMMANDS, CLI_ELSEWHERE, LSP_COMMANDS, LSP_METHODS


def test_every_command_is_searched() -> None:
    assert set(COMMANDS) == set(CLI_COMMANDS) | set(CLI_ELSEWHERE)
    assert not set(CLI_COMMANDS) & set(CLI_ELSEWHERE)


def test_every_server_method_is_searched() -> None:
    registered = set(build_server().protocol.fm.features)
    assert registered == LSP_METHODS


def test_every_server_command_is_searched() -> None:
    assert set(build_server().protocol.fm.commands) == LSP_COMMANDS
