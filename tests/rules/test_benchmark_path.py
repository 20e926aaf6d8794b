"""BL404 benchmark-looks-like-path on every spelling of a file: URL, and BL405 kept quiet
about what BL404 already reports."""

from __future__ import annotations

import pytest

from helpers import codes, lint

AGENT = """
[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"
"""

FILE_URLS = [
    "file:///home/u/datasets/hle-subset",
    "file:/home/u/datasets/hle-subset",
    "file://localhost/home/u/datasets/hle-subset",
    "file://nas.local/share/hle",
    "FILE:///data/hle",
    "File:/data/hle",
    "  file:///data/hle  ",
    "file:///C:/Users/u/hle",
    "file:hle-subset",
]


def _config(benchmark: str) -> str:
    return f'[experiment]\nbenchmark = "{benchmark}"\n{AGENT}'


@pytest.mark.parametrize("benchmark", FILE_URLS)
def test_a_file_url_is_a_path_and_only_bl404_says_so(benchmark: str) -> None:
    diagnostics = lint(_config(benchmark))
    assert codes(diagnostics, infos=True) == ["BL404"]
    (diagnostic,) = diagnostics
    assert diagnostic.range.start.line == 2 and diagnostic.range.start.column == 13
    assert "looks like a local path" in diagnostic.message


@pytest.mark.parametrize(
    "benchmark", ["acme/file-bench@1.0", "profile:hle", "files-bench", "hle-file:1"]
)
def test_a_name_that_merely_mentions_file_is_not_a_path(benchmark: str) -> None:
    diagnostics = lint(_config(benchmark))
    assert "BL404" not in codes(diagnostics, infos=True)
    assert "BL405" in codes(diagnostics, infos=True)  # unknown, as any other name


def test_the_file_url_inline_and_dotted() -> None:
    inline = f"experiment = {{ benchmark = 'FILE://host/x' }}\n{AGENT}"
    dotted = f'experiment.benchmark = "file:/x"\n{AGENT}'
    assert codes(lint(inline), infos=True) == ["BL404"]
    assert codes(lint(dotted), infos=True) == ["BL404"]
