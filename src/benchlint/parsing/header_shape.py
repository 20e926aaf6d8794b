"""The shape of a line meant as a table header, for recovery and for `parsing.broken` (kept
apart: a valid file's check imports neither the source-map readers nor `broken`)."""

from __future__ import annotations

from ..core.regex import lazy_regex

KEY = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
# A line meant as a table header, whatever is wrong with it: it opens with `[`, or it is a
# dotted key closed by `]` (`agents.model]`, a missing `[`). Recovery sets its body aside with
# it, or its keys would land in the table above and be reported there.
HEADER_SHAPED = lazy_regex(rf"\s*(?:\[|{KEY}(?:\s*\.\s*{KEY})*\s*\]\]?\s*(?:#.*)?$)")
