"""Retired codes stay known: a rule retired in a test registry keeps every setting and
comment that names it working, with a note instead of an error."""

from __future__ import annotations

import json
from pathlib import Path
from types import MappingProxyType

import pytest

from benchlint import Settings, SettingsError
from benchlint.cli.main import main
from benchlint.lint import registry
from helpers import MINIMAL, lint

REASON = "merged into BL505, which now also counts retries"


@pytest.fixture
def retired(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(registry, "RETIRED", MappingProxyType({"BL599": REASON}))
    return "BL599"


def test_without_the_retirement_the_code_is_unknown() -> None:
    with pytest.raises(SettingsError, match="unknown rule code or prefix `BL599`"):
        Settings(ignore=("BL599",))


def test_rules_lists_a_retired_code_with_its_reason(
    retired: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules"]) == 0
    (line,) = [line for line in capsys.readouterr().out.splitlines() if retired in line]
    assert "(retired)" in line and REASON in line
    assert main(["rules", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[-1] == {
        "code": retired,
        "name": None,
        "severity": None,
        "summary": REASON,
        "fixable": False,
        "url": None,
        "retired": REASON,
    }
    assert all(row["retired"] is None for row in rows[:-1])


def test_rule_shows_a_retired_code(retired: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", retired.lower()]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"# {retired} (retired)\n") and REASON in out


def test_settings_naming_a_retired_code_keep_working_with_a_note(
    retired: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = tmp_path / "configs" / "benchmark" / "a.toml"
    config.parent.mkdir(parents=True)
    config.write_text(MINIMAL, "utf-8")
    (tmp_path / "benchlint.toml").write_text(
        f'select = ["BL", "{retired}"]\n'
        f'severity = {{ {retired} = "error" }}\n'
        f'[per-file-ignores]\n"configs/**" = ["{retired}"]\n',
        "utf-8",
    )
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--ignore", retired, "--fail-on", "info", str(config)]) == 0
    err = capsys.readouterr().err
    assert err == (
        f"benchlint: note: {retired} is a retired rule ({REASON}); `select`, `ignore`, "
        "`severity`, `per-file-ignores` naming it has no effect and can drop it\n"
    )


def test_the_api_accepts_a_retired_code_everywhere(retired: str) -> None:
    settings = Settings(
        select=("BL", retired),
        ignore=(retired,),
        severity={retired: "error"},
        per_file_ignores={"**": (retired,)},
    )
    assert lint(MINIMAL, select=settings.select, ignore=settings.ignore) == []
    import benchlint

    assert benchlint.load_config(MINIMAL, settings=settings).required_secrets == ["OPENAI_API_KEY"]


def test_a_suppression_naming_a_retired_code_is_an_info_note(retired: str) -> None:
    text = MINIMAL.replace(
        'harness = "terminus-2"', f'harness = "terminus-2"  # benchlint: ignore[{retired}]'
    )
    (note,) = lint(text)
    assert (note.code, note.severity) == ("BL901", "info")
    assert note.message == (
        f"retired rule {retired} ({REASON}): nothing to silence, the code can go from this comment"
    )
    unknown = text.replace(f"ignore[{retired}]", f"ignore[{retired}, BL598]")
    assert [(d.code, d.severity) for d in lint(unknown)] == [
        ("BL901", "info"),
        ("BL901", "warning"),
    ]
