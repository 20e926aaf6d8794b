"""Conformance of benchlint's profiles with the official `osmosis-ai` loader releases.

Run: `.venv/bin/python -m pytest tests/conformance`. The first run builds one Python 3.12
environment per release under `.cache/osmosis/<release>/` (skipped, loudly, without 3.12).
A failure names case numbers; `corpus.build_case(number).text` rebuilds any one case alone.
"""
