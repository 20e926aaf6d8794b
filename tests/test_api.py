"""The Python API the Platform's submit service imports."""

from __future__ import annotations

import concurrent.futures
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import benchlint
from benchlint import ConfigError, Settings
from benchlint.core.reading import NotARegularFile
from helpers import MINIMAL, codes

TWO_AGENTS = (
    MINIMAL
    + """
[[agents]]
harness = "cursor-cli"
harness_api_key_secret = "CURSOR_API_KEY"

[agents.model]
type = "endpoint"
base_url = "https://models.example.com/v1"
model = "team/coder"
api_key_secret = "OPENAI_API_KEY"

[execution]
judge_api_key_secret = "JUDGE_KEY"

[verifier]
required = ["VERIFY_A", "OPENAI_API_KEY"]

[secrets]
required = ["EXTRA", "VERIFY_A"]
"""
)


def test_load_config_returns_the_typed_config_and_secret_names() -> None:
    config = benchlint.load_config(TWO_AGENTS.replace("terminal-bench-2-1", "acme/custom@1.0"))
    assert config.experiment.benchmark == "acme/custom@1.0"
    assert config.agents[1].model.type == "endpoint"
    assert config.required_secrets == [
        "OPENAI_API_KEY",
        "CURSOR_API_KEY",
        "JUDGE_KEY",
        "VERIFY_A",
        "EXTRA",
    ]


def test_load_config_raises_config_error_with_the_diagnostics() -> None:
    with pytest.raises(ConfigError) as caught:
        benchlint.load_config(MINIMAL.replace('"provider"', '"providr"'))
    assert [d.code for d in caught.value.errors] == ["BL104"]
    assert "BL104" in str(caught.value)


WRONG_TYPE = MINIMAL + '\n[execution]\nmax_retries = "1"\n'  # BL106: an integer is needed


@pytest.mark.parametrize(
    ("text", "settings", "code"),
    [
        (WRONG_TYPE + "# benchlint: ignore-file[BL106]\n", None, "BL106"),
        (WRONG_TYPE, Settings(ignore=("BL106",)), "BL106"),
        (WRONG_TYPE, Settings(severity={"BL106": "warning"}), "BL106"),
        (WRONG_TYPE, Settings(select=("BL2",)), "BL106"),
        (MINIMAL + "# \x00\n", Settings(ignore=("BL002",)), "BL002"),
        (MINIMAL.encode() + b"\xff", Settings(ignore=("BL0",)), "BL002"),
        (MINIMAL, Settings(max_file_size=10, ignore=("BL003",)), "BL003"),
        (MINIMAL + "junk junk\n# benchlint: ignore-file[BL001]\n", None, "BL001"),
    ],
    ids=[
        "suppressed",
        "ignored",
        "lowered",
        "not-selected",
        "nul",
        "not-utf8",
        "too-large",
        "syntax-suppressed",
    ],
)
def test_nothing_silenced_makes_load_config_accept_what_the_loader_refuses(
    text: str | bytes, settings: Settings | None, code: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        benchlint.load_config(text, settings=settings)
    assert code in [d.code for d in caught.value.errors]


def test_warnings_do_not_stop_load_config() -> None:
    config = benchlint.load_config(MINIMAL.replace('"terminus-2"', '"gemini-cli"'))
    assert config.agents[0].harness == "gemini-cli"


def test_diagnostic_to_dict_is_one_json_entry() -> None:
    (diagnostic,) = benchlint.lint_text(MINIMAL.replace('"terminus-2"', '"gemini-cli"'))
    entry = diagnostic.to_dict()
    assert list(entry) == [
        "code",
        "name",
        "severity",
        "message",
        "range",
        "key",
        "related",
        "fix",
        "url",
    ]
    assert entry["range"] == {"start": {"line": 5, "column": 11}, "end": {"line": 5, "column": 23}}
    assert entry["key"] == "agents[0].harness"


def test_deterministic_and_thread_safe() -> None:
    texts = [
        MINIMAL.replace('"terminus-2"', f'"harness-{i}"') + f"\n[env]\nV{i} = {i}\n"
        for i in range(40)
    ]
    expected = [benchlint.lint_text(t) for t in texts]
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(3):
            assert list(pool.map(benchlint.lint_text, texts)) == expected


@pytest.mark.parametrize(
    "hostile",
    [
        b"\xff\xfe\x00garbage",
        "a = [" * 5000,
        "x = " + "[" * 3000 + "]" * 3000,
        "".join(f"[t{i}]\nk = {i}\n" for i in range(10_000)),
        '[experiment]\nbenchmark = "' + "x" * 2_000_000 + '"\n',
        "\x00",
        "",
        "\ufeff[experiment]\n",
        "\ud800",
        "a = " + "1" * 5000,
        "a" + ".a" * 1_100 + " = 1\n",
    ],
    ids=[
        "binary",
        "unclosed",
        "deep",
        "10k-tables",
        "huge",
        "nul",
        "empty",
        "bom",
        "surrogate",
        "long-integer",
        "long-key",
    ],
)
def test_hostile_input_gives_diagnostics_not_exceptions(hostile: str | bytes) -> None:
    found = benchlint.lint_text(hostile)
    assert found and all(d.range.start <= d.range.end for d in found)


def test_an_integer_past_pythons_digit_limit_is_a_syntax_error_on_it() -> None:
    """tomllib raises a bare ValueError there (the CLI fails); the rest is still checked."""
    # Digits in a string or a comment before it are not the integer at fault.
    digits = "3" * 4400
    text = f'n = "{digits}" # {digits}\na = 1\nb = 1_' + "2" * 4400 + '\nc = "x"\n'
    found = benchlint.lint_text(text)
    syntax = [d for d in found if d.code == "BL001"]
    assert len(syntax) == 1
    assert "more than 4,300 digits" in syntax[0].message
    assert (syntax[0].range.start.line, syntax[0].range.start.column) == (3, 5)
    assert syntax[0].range.end.column == 5 + len("1_") + 4400
    assert {d.key for d in found if d.code == "BL101"} == {"n", "a", "c"}


def test_lint_file_refuses_what_could_block_and_bounds_its_read(tmp_path: Path) -> None:
    fifo = tmp_path / "f.toml"
    os.mkfifo(fifo)
    with pytest.raises(NotARegularFile):  # refused before it is opened: no hang
        benchlint.lint_file(fifo)
    with pytest.raises(NotARegularFile):
        benchlint.lint_file("/dev/zero", settings=Settings(max_file_size=100))
    big = tmp_path / "big.toml"
    big.write_text(MINIMAL * 40)
    found = benchlint.lint_file(big, settings=Settings(max_file_size=100))
    assert codes(found) == ["BL003"]
    assert f"the file is {len(MINIMAL) * 40:,} bytes" in found[0].message


def test_oversized_text_reports_only_bl003() -> None:
    assert codes(benchlint.lint_text(MINIMAL, settings=Settings(max_file_size=50))) == ["BL003"]


def test_public_surface_is_small() -> None:
    assert sorted(benchlint.__all__) == sorted(
        [
            "ConfigError",
            "Diagnostic",
            "Edit",
            "Fix",
            "Position",
            "Range",
            "Related",
            "Settings",
            "SettingsError",
            "Workspace",
            "__version__",
            "lint_file",
            "lint_text",
            "load_config",
            "Plan",
            "plan_text",
            "refuses",
        ]
    )


ENTRY_POINTS = [benchlint.lint_text, benchlint.load_config, benchlint.plan_text]


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda f: f.__name__)
def test_every_entry_point_takes_the_text_then_keywords(entry: Any) -> None:
    import inspect

    parameters = list(inspect.signature(entry).parameters.values())
    assert [p.name for p in parameters] == ["text", "path", "settings"]
    assert [p.kind for p in parameters[1:]] == [inspect.Parameter.KEYWORD_ONLY] * 2
    file_parameters = list(inspect.signature(benchlint.lint_file).parameters.values())
    assert [(p.name, p.kind.name) for p in file_parameters] == [
        ("path", "POSITIONAL_OR_KEYWORD"),
        ("settings", "KEYWORD_ONLY"),
    ]


def test_the_old_positional_calls_still_work_with_a_deprecation_warning(tmp_path: Path) -> None:
    settings = Settings(ignore=("BL504",))
    where = "elsewhere/a.toml"
    with pytest.warns(DeprecationWarning, match=r"lint_text\(\): pass path=, settings= by keyword"):
        old = benchlint.lint_text(MINIMAL, where, settings)
    assert old == benchlint.lint_text(MINIMAL, path=where, settings=settings) == []
    with pytest.warns(DeprecationWarning, match=r"load_config\(\): pass settings=, path="):
        config = benchlint.load_config(MINIMAL, settings, where)
    assert config == benchlint.load_config(MINIMAL, path=where, settings=settings)
    with pytest.warns(DeprecationWarning, match=r"plan_text\(\): pass path="):
        plan = benchlint.plan_text(MINIMAL, where)
    assert plan.to_dict() == benchlint.plan_text(MINIMAL, path=where).to_dict()
    file = tmp_path / "a.toml"
    file.write_text(MINIMAL, "utf-8")
    with pytest.warns(DeprecationWarning, match=r"lint_file\(\): pass settings="):
        assert benchlint.lint_file(file, settings) == benchlint.lint_file(file, settings=settings)
    with pytest.raises(TypeError, match="takes 1 positional argument"):
        benchlint.lint_text(MINIMAL, where, settings, "extra")  # type: ignore[call-arg]
    with (
        pytest.raises(TypeError, match="multiple values for 'path'"),
        pytest.warns(DeprecationWarning),
    ):
        benchlint.lint_text(MINIMAL, where, path=where)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("text", "kind"),
    [(None, "None"), (memoryview(b"x"), "memoryview"), (3, "int"), (2.5, "float")],
)
@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda f: f.__name__)
def test_a_text_of_the_wrong_type_names_what_is_accepted(entry: Any, text: Any, kind: str) -> None:
    with pytest.raises(TypeError, match=rf"^text must be str or bytes .*, not {kind}"):
        entry(text)


def test_bytearray_is_taken_as_bytes() -> None:
    assert benchlint.lint_text(bytearray(MINIMAL, "utf-8")) == benchlint.lint_text(MINIMAL)


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda f: f.__name__)
def test_a_path_or_settings_of_the_wrong_type_names_what_is_accepted(entry: Any) -> None:
    with pytest.raises(TypeError, match=r"^path must be a str, an os.PathLike .*, not int"):
        entry(MINIMAL, path=3)
    with pytest.raises(
        TypeError, match=r"^settings must be a benchlint.Settings or None, not dict"
    ):
        entry(MINIMAL, settings={"fail_on": "info"})
    with pytest.raises(TypeError, match=r"^path must be .*, not None$"):
        benchlint.lint_file(None)  # type: ignore[arg-type]


def test_refuses_honours_fail_on_as_the_cli_does() -> None:
    found = benchlint.lint_text(MINIMAL + '\n[env]\nHF_TOKEN = "x"\n')
    severities = {d.severity for d in found}
    assert "error" in severities
    assert benchlint.refuses(found)
    assert not benchlint.refuses(found, settings=Settings(fail_on="never"))
    infos = [d._replace(severity="info") for d in found]
    assert not benchlint.refuses(infos)
    assert not benchlint.refuses(infos, settings=Settings(fail_on="warning"))
    assert benchlint.refuses(infos, settings=Settings(fail_on="info"))
    assert benchlint.refuses(
        [d._replace(severity="warning") for d in found][:1], settings=Settings(fail_on="warning")
    )
    assert not benchlint.refuses([])


@pytest.mark.parametrize(
    "config",
    [
        MINIMAL,
        MINIMAL + '\n[env]\nHF_TOKEN = "x"\nlog-level = "debug"\n',  # findings
        MINIMAL.replace('"provider"', '"providr"'),  # a "did you mean"
    ],
    ids=["valid", "findings", "near-miss"],
)
def test_the_check_path_stays_light(config: str) -> None:
    """Start-up is most of a one-file check: not the language-server stack, no pydantic, no
    dataclasses (and so no `inspect`), no rapidfuzz or difflib (a near miss among a table's
    keys is compared without them), no syntax tree, no plan (only a budget needs it) and no
    broken-line analysis for a valid file, with findings or without, and no `shutil` (which
    imports bz2, lzma and zlib; argparse asks it the terminal's width) (docs/performance.md)."""
    heavy = ("pygls", "lsprotocol", "pydantic", "dataclasses", "inspect", "rapidfuzz", "difflib")
    heavy += ("shutil", "bz2", "lzma")
    heavy += ("tree_sitter", "tree_sitter_toml", "benchlint.lint.plan", "benchlint.parsing.broken")
    code = (
        "import sys, benchlint.cli.main as m;"
        "m.main(['check', '-', '--stdin-filename', 'configs/benchmark/a.toml']);"
        f"print(sorted(n for n in sys.modules if n in {heavy!r} or n.split('.')[0] in {heavy!r}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], input=config, capture_output=True, text=True, check=False
    )
    assert result.stdout.strip().endswith("[]"), result.stdout + result.stderr


def test_recovery_reads_the_syntax_tree_once_for_many_errors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After the first error, the parser's own line says what to blank: a syntax tree per
    round made a large broken paste take seconds (each round reads the whole file)."""
    from benchlint.parsing import sourcemap

    built: list[int] = []
    real = sourcemap.build_source_map

    def counting(*args: Any, **kwargs: Any) -> Any:
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(sourcemap, "build_source_map", counting)
    text = "".join(f"[t{i}]\nk = 1\n[t{i}]\nk = 2\n" for i in range(20))  # 20 redefinitions
    found = benchlint.lint_text(text)
    assert [d.code for d in found].count("BL001") == 1
    assert len(built) <= 3  # the first error's, the final map, and at most one more


def test_json_keys_are_quoted_exactly_when_toml_needs_it() -> None:
    text = MINIMAL + '\n[env]\n"FOO\\n" = "a"\n"A B" = "b"\nOK_1 = 2\n'
    keys = {d.key for d in benchlint.lint_text(text, path="configs/benchmark/a.toml")}
    assert 'env."FOO\\n"' in keys  # a key ending in a newline is quoted, with its escape
    assert 'env."A B"' in keys
    assert "env.OK_1" in keys


def test_refuses_names_what_it_accepts() -> None:
    (diagnostic,) = benchlint.lint_text(MINIMAL.replace('"terminus-2"', '"gemini-cli"'))
    assert not benchlint.refuses(iter([diagnostic]))  # any iterable, read once
    with pytest.raises(TypeError, match=r"^diagnostics must be a list of .*, not one Diagnostic"):
        benchlint.refuses(diagnostic)  # type: ignore[arg-type]
    for bad in (None, 3, "BL101"):
        with pytest.raises(TypeError, match=r"^diagnostics must be an iterable of"):
            benchlint.refuses(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^diagnostics must hold benchlint.Diagnostic values"):
        benchlint.refuses([diagnostic.to_dict()])  # type: ignore[list-item]
