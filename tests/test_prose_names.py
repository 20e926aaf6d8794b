"""Every file path, module, function, class, editor setting and command that the prose of
README.md, CONTRIBUTING.md and docs/ names (in inline code) exists: a reader who looks one
up finds it. The examples themselves are run by sybil; this holds the sentences around them.
What counts as each kind, and the few deliberate exceptions, are in doctests/prose_names.py."""

from __future__ import annotations

import pytest

from doctests.prose_names import (
    DOCUMENTS,
    EXAMPLES,
    ROOT,
    Name,
    class_name_exists,
    command_problem,
    editor_settings,
    is_class_name,
    is_editor_setting,
    is_python_name,
    is_repository_path,
    prose_spans,
    python_reference_exists,
    repository_path_exists,
)

SPANS = [name for document in DOCUMENTS for name in prose_spans(document)]


def _where(name: Name) -> str:
    return f"{name.document.relative_to(ROOT)}:{name.line}: `{name.text}`"


def _wrong(kind, exists) -> list[str]:  # type: ignore[no-untyped-def]
    return [_where(n) for n in SPANS if kind(n) and not exists(n)]


def test_the_prose_names_things_of_each_kind() -> None:
    counts = {
        "paths": sum(is_repository_path(n.text) for n in SPANS),
        "python": sum(is_python_name(n.text) for n in SPANS),
        "settings": sum(is_editor_setting(n.text) for n in SPANS),
        "classes": sum(is_class_name(n.text) for n in SPANS),
        "commands": sum(n.text.startswith("benchlint ") for n in SPANS),
    }
    assert all(count >= 5 for count in counts.values()), counts


def test_every_repository_path_exists() -> None:
    assert (
        _wrong(
            lambda n: is_repository_path(n.text),
            lambda n: repository_path_exists(n.text, n.document),
        )
        == []
    )


def test_every_python_name_exists() -> None:
    assert _wrong(lambda n: is_python_name(n.text), lambda n: python_reference_exists(n.text)) == []


def test_every_class_name_exists() -> None:
    assert _wrong(lambda n: is_class_name(n.text), lambda n: class_name_exists(n.text)) == []


def test_every_editor_setting_exists() -> None:
    assert (
        _wrong(
            lambda n: is_editor_setting(n.text),
            lambda n: n.text in editor_settings() or n.text in EXAMPLES,
        )
        == []
    )


def test_every_command_and_option_exists() -> None:
    assert (
        _wrong(lambda n: n.text.startswith("benchlint "), lambda n: command_problem(n.text) is None)
        == []
    )


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("src/benchlint/api.py", True),
        ("src/benchlint/schema.py", False),
        ("benchlint/edits.py", False),
        ("parsing/edits.py", True),
        ("domain/constants.VALIDATORS", True),
        ("domain/constants.NOPE", False),
    ],
)
def test_the_path_check_can_fail(text: str, found: bool) -> None:
    assert is_repository_path(text)
    assert repository_path_exists(text, ROOT / "docs" / "x.md") is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("benchlint.core.text.LineIndex(text).position(offset)", True),
        ("benchlint.core.text.LineIndex(text).to_client_column(position)", False),
        ("benchlint.plan_text(text).to_dict()", True),
        ("benchlint.lint_texts", False),
        ("LineIndex.offset", True),
        ("LineIndex.to_client_column", False),
        ("RULE.fix", True),
        ("lint_text()", True),
        ("lint_textt()", False),
    ],
)
def test_the_python_check_can_fail(text: str, found: bool) -> None:
    assert is_python_name(text)
    assert python_reference_exists(text) is found


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("benchlint check --fix", None),
        ("benchlint schema --workspace", None),
        ("benchlint chek", "no command `chek`"),
        ("benchlint check --fixx", "no option `--fixx`"),
    ],
)
def test_the_command_check_can_fail(text: str, problem: str | None) -> None:
    assert command_problem(text) == problem
