"""Secret records and workspace data, read from what the Osmosis CLI really prints."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tests.helpers import MINIMAL, codes, lint

import benchlint
from benchlint import Settings, SettingsError, Workspace
from benchlint.cli.main import main
from benchlint.domain.secret_records import SecretRecords, SecretRecordsError

SDK = Path(__file__).parent / "sdk_output"
SECRET_LIST = SDK / "secret-list.json"


def _config(reference: str) -> str:
    return MINIMAL.replace('"OPENAI_API_KEY"', json.dumps(reference))


def test_secret_list_output_holds_both_scopes_and_skips_an_unscoped_record() -> None:
    records = SecretRecords.from_file(SECRET_LIST)
    assert "OPENAI_API_KEY" in records
    assert records.scopes_of("OPENAI_API_KEY") == ("workspace", "personal")
    # Submit reads the workspace and personal scopes only: a record with none is not found.
    assert "LEGACY" not in records
    assert records.unreadable_scopes("LEGACY") == ("no scope",)
    assert records.names == ("OPENAI_API_KEY",)


@pytest.mark.parametrize(
    "data",
    [
        ["OPENAI_API_KEY", "HF_TOKEN"],
        [{"name": "OPENAI_API_KEY"}, {"name": "HF_TOKEN"}],
        {"items": ["OPENAI_API_KEY", "HF_TOKEN"]},
        {"environment_secrets": [{"name": "OPENAI_API_KEY", "scope": "user"}, "HF_TOKEN"]},
    ],
)
def test_plain_names_and_pages_are_held(data: object) -> None:
    records = SecretRecords.from_json(data)
    assert records.names == ("HF_TOKEN", "OPENAI_API_KEY")


def test_a_scope_a_server_may_add_is_kept_but_not_read() -> None:
    records = SecretRecords.from_json([{"name": "A", "scope": "team"}])
    assert "A" not in records
    assert records.unreadable_scopes("A") == ("scope 'team'",)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"schema_version": 1}, "expected the output of `osmosis --json secret list`"),
        ([3], "entry 1 is neither a name nor a record"),
        (["A", {"scope": "workspace"}], "entry 2 has no `name`"),
        ([{"name": ""}], "entry 1 has an empty `name`"),
        ([{"name": 3}], "entry 1 has a `name` that is int, not text"),
        ([{"name": "A", "scope": 7}], "entry 1 has a `scope` that is not text"),
    ],
)
def test_other_shapes_are_one_clear_sentence(data: object, message: str) -> None:
    with pytest.raises(SecretRecordsError, match="^" + re.escape(f"secret records: {message}")):
        SecretRecords.from_json(data)


def test_merging_unions_names_and_scopes() -> None:
    merged = SecretRecords.from_json([{"name": "A", "scope": "workspace"}]).merged(
        SecretRecords.from_json([{"name": "A", "scope": "user"}, {"name": "B", "scope": None}])
    )
    assert merged.scopes_of("A") == ("workspace", "personal")
    assert "B" not in merged
    assert merged.names == ("A",)
    assert merged == SecretRecords.from_json(
        [
            {"name": "B", "scope": None},
            {"name": "A", "scope": "user"},
            {"name": "A", "scope": "workspace"},
        ]
    )


def test_bl212_reads_a_saved_secret_list(tmp_path: Path) -> None:
    found = lint(_config("LEGACY"), secrets_lists=(SECRET_LIST,))
    [bl212] = [d for d in found if d.code == "BL212"]
    assert "no secret record LEGACY" in bl212.message
    assert "with no scope, which submit does not read" in bl212.message
    assert "BL212" not in codes(lint(_config("OPENAI_API_KEY"), secrets_lists=(SECRET_LIST,)))
    # Without records, nothing is known: nothing is said.
    assert "BL212" not in codes(lint(_config("LEGACY")))


def test_the_command_line_reads_it_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "configs" / "benchmark" / "run.toml"
    config.parent.mkdir(parents=True)
    config.write_text(_config("OPENAI_APIKEY"), "utf-8")
    status = main(["check", "--secrets-list", str(SECRET_LIST), str(config)])
    out = capsys.readouterr().out
    assert status == 1
    assert "BL212" in out and 'did you mean "OPENAI_API_KEY"?' in out


def test_a_broken_secret_list_on_the_command_line_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "run.toml"
    config.write_text(MINIMAL, "utf-8")
    broken = tmp_path / "secrets.json"
    broken.write_text('{"items": [', "utf-8")
    status = main(["check", "--secrets-list", str(broken), str(config)])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and f"secret list {broken} is not valid JSON" in err


def test_workspace_takes_the_clis_json_as_parsed_data() -> None:
    workspace = Workspace(
        benchmarks=[json.loads((SDK / "benchmark-info-hle.json").read_text("utf-8"))],
        secrets=json.loads(SECRET_LIST.read_text("utf-8")),
    )
    config = """\
[experiment]
benchmark = "hle"

[[agents]]
harness = "terminus-2"

[agents.model]
type = "provider"
model = "openai/gpt-5.2"
api_key_secret = "OPENAI_API_KEY"

[execution]
judge_api_key_secret = "LEGACY"
"""
    found = lint(config, workspace=workspace)
    assert "BL212" in codes(found)  # LEGACY has no scope submit reads
    assert "BL411" in codes(found)  # the workspace's HLE entry failed to sync
    assert repr(workspace) == "Workspace(1 benchmarks, secret records: 1)"


def test_a_list_page_gives_the_workspace_its_benchmarks() -> None:
    page = json.loads((SDK / "benchmark-list.json").read_text("utf-8"))
    workspace = Workspace(benchmarks=[page])
    [entry] = workspace.benchmarks
    assert entry.key == "hle"
    assert Settings(workspace=workspace).catalog.find("hle") is not None


def test_workspace_errors_name_the_part_that_is_wrong() -> None:
    with pytest.raises(SettingsError, match=r"^workspace benchmark 2: expected the output"):
        Workspace(benchmarks=[{"key": "a", "name": "A"}, {"schema_version": 1}])
    with pytest.raises(SettingsError, match=r"^workspace secrets: entry 1 has no"):
        Workspace(secrets=[{"scope": "workspace"}])
    with pytest.raises(
        SettingsError, match=r"^workspace secrets: entry 1 has a `name` that is int, not text$"
    ):
        Workspace(secrets=[{"name": 3}])
    with pytest.raises(SettingsError, match=r"^workspace secrets: entry 2 has an empty `name`$"):
        Workspace(secrets=["A", {"name": ""}])


@pytest.mark.parametrize(
    ("record", "held"),
    [
        ({"name": "A"}, True),  # no `scope` key: a service that knows names only
        ({"name": "A", "scope": None}, False),  # `secret list`'s null: submit does not find it
        ({"name": "A", "scope": "workspace"}, True),
        ("A", True),
    ],
    ids=["no-key", "null", "workspace", "plain-name"],
)
def test_a_record_with_no_scope_key_is_held_and_a_null_scope_is_not(
    record: object, held: bool
) -> None:
    records = SecretRecords.from_json([record])
    assert ("A" in records) is held
    found = benchlint.lint_text(
        MINIMAL.replace('"OPENAI_API_KEY"', '"A"'),
        path="configs/benchmark/a.toml",
        settings=Settings(workspace=Workspace(secrets=[record])),
    )
    assert ("BL212" in codes(found)) is not held


def test_workspace_is_immutable_and_compared_by_identity() -> None:
    workspace = Workspace(secrets={"A", "B"})
    with pytest.raises(AttributeError, match="immutable"):
        workspace.benchmarks = ()  # type: ignore[misc]
    assert Settings(workspace=workspace) == Settings(workspace=workspace)
    assert Settings(workspace=workspace) != Settings(workspace=Workspace(secrets={"A", "B"}))
    assert Settings(workspace=workspace).secret_records is not None
    assert Settings(workspace=Workspace()).secret_records is None


@pytest.mark.parametrize("benchmarks", [3, "hle", {"schema_version": 1}, None])
def test_benchmarks_of_the_wrong_type_are_a_type_error(benchmarks: object) -> None:
    with pytest.raises(TypeError, match=r"takes a list of parsed `osmosis --json benchmark"):
        Workspace(benchmarks=benchmarks)  # type: ignore[arg-type]
