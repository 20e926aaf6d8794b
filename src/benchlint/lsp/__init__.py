"""The language server (`benchlint lsp`): a thin layer over the engine.

`server` wires the protocol to one small module per capability (diagnostics, code actions,
hover, completion, symbols); none of them re-implements a rule. Everything that imports
pygls or lsprotocol lives in this package, so `benchlint check` never pays for it.
"""
