"""Work grows with the input, whatever its shape: counted here, never timed (the times and
memory per doubling are `bench/scaling.py`'s).

Each test doubles an adversarial shape and counts what would have grown with the square of
it before: frames printed for diagnostics on one long line, the masking of multi-line secrets
per frame, source-map paths for keys of many parts, glob steps for patterns of many `**`.
"""

from __future__ import annotations

import pytest

from benchlint import lint_text
from benchlint.core import globs
from benchlint.parsing.document import parse
from benchlint.parsing.mapping import MAX_MAPPED_DEPTH
from benchlint.report import FileReport, RunInfo
from benchlint.report.text import FRAME_WIDTH, render_text
from benchlint.secrets import source

HEAD = '[experiment]\nbenchmark = "terminal-bench-2-1"\n'
AGENT = '[[agents]]\nharness = "terminus-2"\n[agents.model]\ntype = "provider"\nmodel = "m"\napi_key_secret = "K"\n'


def _report(text: str) -> str:
    found = lint_text(text, path="configs/benchmark/a.toml")
    return render_text([FileReport("configs/benchmark/a.toml", found, text)], RunInfo("0", "docs"))


@pytest.mark.parametrize("repeats", [500, 1000, 2000])
def test_a_text_report_grows_with_the_diagnostics_not_their_lines(repeats: int) -> None:
    names = ", ".join('"terminal-bench/x"' for _ in range(repeats))  # a BL503 per repeat
    text = HEAD + f"[tasks]\ntask_names = [{names}]\n" + AGENT
    diagnostics = len(lint_text(text, path="configs/benchmark/a.toml"))
    assert diagnostics >= repeats - 1
    # each frame shows a window of the one long line, not the line
    per_diagnostic = 3 * (FRAME_WIDTH + 20) + 400
    assert len(_report(text)) <= per_diagnostic * diagnostics + 2 * len(text)


def test_the_masked_text_is_computed_once_per_document(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    real = source._Finder

    class Counting(real):  # type: ignore[misc, valid-type]
        def __init__(self, text: str) -> None:
            made.append(len(text))
            super().__init__(text)

    monkeypatch.setattr(source, "_Finder", Counting)
    source.source_secrets.cache_clear()
    source.credentials.cache_clear()
    body = "".join(
        f'K{i} = """\nsk-proj-{i:06d}abcdefghijklmnopqrstuvwx\n"""\n' for i in range(300)
    )
    text = HEAD + AGENT + "[env]\n" + body + "".join(f"broken{i}\n" for i in range(3))
    report = _report(text)
    assert "abcdefghijklmnop" not in report
    assert len(made) == 1


@pytest.mark.parametrize("parts", [50, 100])
def test_a_key_of_many_parts_maps_a_bounded_number_of_paths(parts: int) -> None:
    key = ".".join(f"k{i}" for i in range(parts))
    text = HEAD + AGENT + "".join(f"[t{j}]\n{key} = {j}\n" for j in range(20))
    entries = parse(text).source_map.entries
    deep = [path for path in entries if path[0] != "experiment" and path[0] != "agents"]
    # per key: its prefixes up to MAX_MAPPED_DEPTH, and the key itself; never one per part
    assert len(deep) <= 20 * (MAX_MAPPED_DEPTH + 3)
    assert sum(len(path) for path in deep) <= 20 * (MAX_MAPPED_DEPTH**2 + parts + 5)


@pytest.mark.parametrize(
    ("pattern", "path"),
    [
        ("/".join(["**"] * 8) + "/z", "/".join("a" * 30)),
        ("**" * 8 + "z", "a" * 60),
        ("*a" * 20 + "b", "a" * 400),
        ("{a,b}" * 6 + "*c", "ab" * 200),
    ],
)
def test_glob_matching_reads_each_name_at_most_once_per_pattern_segment(
    pattern: str, path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Segment by segment, each (pattern segment, path segment) pair matched once, and a
    match reads the name once (`core.glob_segment`: linear in the name)."""
    read = []
    real = globs._match_segment

    def counting(pattern_: str, text: str) -> bool:
        read.append(len(text) + 1)
        return real(pattern_, text)

    globs.clear_caches()
    monkeypatch.setattr(globs, "_match_segment", counting)
    assert not globs.glob_match(pattern, path)
    segments = sum(len(alternative) for alternative in globs._compiled(pattern))
    assert sum(read) <= segments * (len(path) + 1)
