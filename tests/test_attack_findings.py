"""Reproducers from a hostile review (issue 20's guarantees): each test is one way a
committed file or a confused user got past a guarantee."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchlint.cli.main import main

OUTSIDE = "OUTSIDE_BYTES_9f3k"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out + captured.err


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "configs").mkdir()
    monkeypatch.chdir(root)
    return root


def test_a_linked_folder_into_another_git_work_tree_is_still_outside(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `configs/benchmark` -> a folder holding its own `.git` (a dotfiles home, another
    # checkout on the CI machine): that `.git` must not make the link's target "the repository".
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    secret = other / "x.toml"
    secret.write_text(f'[experiment]\nbenchmark = "{OUTSIDE}"\n', "utf-8")
    (repo / "configs" / "benchmark").symlink_to(other)
    before = (secret.read_bytes(), secret.stat().st_mtime_ns)
    status, out = run(["check", "configs/benchmark/x.toml", "--unsafe-fixes"], capsys)
    assert OUTSIDE not in out and "BL004" in out and status == 1
    assert (secret.read_bytes(), secret.stat().st_mtime_ns) == before


def test_a_pyproject_linked_out_of_the_repository_is_not_read(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # It was parsed (to see whether it has [tool.benchlint]) before the link was judged: its
    # TOML errors, and a byte of it, were printed.
    outside = tmp_path / "outside.toml"
    outside.write_bytes(b'x = "\xff"\n')
    (repo / "pyproject.toml").symlink_to(outside)
    (repo / "configs" / "benchmark").mkdir()
    (repo / "configs" / "benchmark" / "a.toml").write_text("[experiment]\n", "utf-8")
    status, out = run(["check", "configs/benchmark/a.toml"], capsys)
    assert status == 2
    assert "0xff" not in out and "not valid TOML" not in out
    assert "symbolic link to a file outside the repository" in out


def test_the_api_does_not_read_a_settings_file_linked_out(repo: Path, tmp_path: Path) -> None:
    import benchlint
    from benchlint import SettingsError

    outside = tmp_path / "outside.toml"
    outside.write_text('select = ["BL1"]\n', "utf-8")
    (repo / "benchlint.toml").symlink_to(outside)
    config = repo / "configs" / "benchmark" / "a.toml"
    config.parent.mkdir()
    config.write_text("[experiment]\n", "utf-8")
    with pytest.raises(SettingsError, match="outside the repository"):
        benchlint.lint_file(config)


HEAD = '[experiment]\nbenchmark = "terminal-bench-2-1"\n'


def shown(repo: Path, line: str, capsys: pytest.CaptureFixture[str]) -> str:
    """The output of `check` for a config whose third line, `line`, is broken (and so quoted
    in a code frame)."""
    folder = repo / "configs" / "benchmark"
    folder.mkdir(exist_ok=True)
    (folder / "a.toml").write_text(HEAD + line + "\n", "utf-8")
    _, out = run(["check", "configs/benchmark/a.toml"], capsys)
    assert "3 | " in out  # the line is quoted
    return out


@pytest.mark.parametrize(
    "line",
    [
        # .netrc: `password` may follow `machine HOST` or `account ACCT`, not only `login`
        "machine api.example.com password Hunter2Value",
        "machine h login u account a password Hunter2Value",
        # `key: value` (YAML, JSON) with the value quoted, and quoted keys
        'password: "Hunter2Value"',
        '{"password": "Hunter2Value"}',
        '"db password" = Hunter2Value',
        "'api_key': Hunter2Value",
    ],
)
def test_secrets_named_by_their_key_are_masked(
    repo: Path, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    assert "Hunter2Value" not in shown(repo, line, capsys)


@pytest.mark.parametrize(
    "line",
    [
        "API_KEY_SECRET=OPENAI_API_KEY",
        "judge-api-key-secret: OPENAI_API_KEY",
    ],
)
def test_record_names_stay_readable_whatever_the_case_or_separator(
    repo: Path, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    assert "OPENAI_API_KEY" in shown(repo, line, capsys)


def test_config_naming_a_folder_says_so(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(["check", "--config", str(repo / "configs"), "."], capsys)
    assert status == 2 and out.count("\n") == 1
    assert "is not a file" in out and "does not exist" not in out


@pytest.mark.parametrize("setting", ["catalog", "secrets-list"])
@pytest.mark.parametrize("named_by", ["file", "flag", "both"])
def test_an_unusable_catalog_names_what_named_it(
    setting: str, named_by: str, repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A catalog or secret list that is read but unusable names the setting that named it:
    the settings file's, or the flag laid over it (the file's when both name it)."""
    (repo / "bad.json").write_text("not json", "utf-8")
    if named_by != "flag":
        (repo / "benchlint.toml").write_text(f'{setting} = ["bad.json"]\n', "utf-8")
    (repo / "configs" / "benchmark").mkdir()
    (repo / "configs" / "benchmark" / "a.toml").write_text("[experiment]\n", "utf-8")
    flag = [f"--{setting}", "bad.json"] if named_by != "file" else []
    status, out = run(["check", *flag, "."], capsys)
    assert status == 2 and out.count("\n") == 1 and "is not valid JSON" in out
    if named_by == "flag":
        assert out.rstrip().endswith(f"; named by --{setting}")
    else:
        assert out.rstrip().endswith(f"; named by `{setting}` in {repo / 'benchlint.toml'}")


def doc_examples(tmp_path: Path, text: str) -> list[object]:
    """The examples the documentation harness collects from a page with `text`."""
    from sybil import Sybil
    from tests.doctests.harness import DocsParser

    page = tmp_path / "page.md"
    page.write_text(text, "utf-8")
    return list(Sybil(parsers=[DocsParser()]).parse(page).examples())


def test_docs_a_fence_without_a_language_is_not_skipped_silently(tmp_path: Path) -> None:
    [example] = doc_examples(tmp_path, "# t\n\n```\n$ benchlint --version\nwrong\n```\n")
    with pytest.raises(AssertionError, match="needs `output`"):
        example.evaluate()  # type: ignore[attr-defined]


def test_docs_output_marks_only_what_a_python_block_prints(tmp_path: Path) -> None:
    text = "# t\n\n<!-- output -->\n```console\n$ benchlint --version\nwrong\n```\n"
    [example] = doc_examples(tmp_path, text)
    with pytest.raises(AssertionError, match="output"):
        example.evaluate()  # type: ignore[attr-defined]


def test_docs_shown_by_names_a_test_that_exists(tmp_path: Path) -> None:
    text = "# t\n\n<!-- shown-by: tests/test_setup.py::test_no_such_test -->\n```text\nx\n```\n"
    [example] = doc_examples(tmp_path, text)
    with pytest.raises(AssertionError, match="test_no_such_test"):
        example.evaluate()  # type: ignore[attr-defined]
