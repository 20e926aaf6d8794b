"""`benchlint lsp`: the language server on stdio."""

from __future__ import annotations

import argparse


def run_lsp(args: argparse.Namespace) -> int:
    from ..lsp.server import run_server  # the language-server stack: only this command

    run_server()
    return 0
