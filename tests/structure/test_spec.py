"""The generated spec: committed and fresh, derived loudly, and agreeing with the constants and
the models the language server and `load_config` still use."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

import pytest
from pydantic import (
    AfterValidator,
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from benchlint.devtools import generate
from benchlint.devtools.specgen import SPEC_FILE, SpecError, build_spec, generated_files
from benchlint.domain import constants
from benchlint.domain.models import (
    MODEL_VARIANTS,
    MODELS_BY_NAME,
    TABLE_MODELS,
    Agent,
    BenchmarkConfig,
    field_description,
)
from benchlint.structure import spec as tables
from benchlint.structure.generated_spec import SPEC

from .oracle import differences

REPO = Path(__file__).resolve().parents[2]


def test_committed_spec_is_fresh() -> None:
    assert "benchlint.devtools.specgen" in generate.GENERATORS
    committed = (REPO / SPEC_FILE).read_text("utf-8")
    assert committed == generated_files()[SPEC_FILE], "run `python -m benchlint.devtools.generate`"


def test_spec_module_passes_ruff_format() -> None:
    ruff = Path(sys.executable).parent / "ruff"
    if not ruff.is_file():
        pytest.skip("ruff is not installed next to this Python")
    result = subprocess.run(
        [str(ruff), "format", "--check", "--diff", SPEC_FILE], cwd=REPO, capture_output=True
    )
    assert result.returncode == 0, result.stdout.decode()


class _Strict(BaseModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(strict=True, extra="forbid")


class _Lax(BaseModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(extra="forbid")
    name: str


class _Ignoring(BaseModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(strict=True)
    name: str


class _Stripping(_Strict):
    name: Annotated[str, StringConstraints(strip_whitespace=True)]


class _Multiple(_Strict):
    count: Annotated[int, Field(multiple_of=2)]


class _Aliased(_Strict):
    name: str = Field(validation_alias=AliasChoices("name", "title"))


class _UnknownValidator(_Strict):
    name: Annotated[str, AfterValidator(str.upper)]


class _Alternation(_Strict):
    name: Annotated[str, Field(pattern="^(a|b)$")]


class _ModelValidator(_Strict):
    name: str

    @model_validator(mode="after")
    def _check(self) -> _ModelValidator:
        return self


class _IntLiteral(_Strict):
    level: Literal[1, 2]


class _Union(_Strict):
    value: int | str


@pytest.mark.parametrize(
    "model",
    [
        _Lax,
        _Ignoring,
        _Stripping,
        _Multiple,
        _Aliased,
        _UnknownValidator,
        _Alternation,
        _ModelValidator,
        _IntLiteral,
        _Union,
    ],
)
def test_unsupported_constructs_fail_generation(model: type[BaseModel]) -> None:
    with pytest.raises(SpecError):
        build_spec(model.__pydantic_core_schema__)


def test_nested_and_recursive_models_are_supported() -> None:
    class Node(_Strict):
        name: Annotated[str, Field(min_length=1)]
        children: list[Node] | None = None

    spec = build_spec(Node.__pydantic_core_schema__)
    assert spec["root"] == {"kind": "model", "name": "Node"}
    assert set(spec["models"]["Node"]["fields"]) == {"name", "children"}


def _find(node: Any, kind: str) -> list[dict[str, Any]]:
    if isinstance(node, dict):
        found = [node] if node.get("kind") == kind else []
        return found + [n for value in node.values() for n in _find(value, kind)]
    if isinstance(node, list):
        return [n for value in node for n in _find(value, kind)]
    return []


def test_constants_agree_with_the_spec() -> None:
    """The constants the rules read are the values the models were built from."""
    (union,) = _find(SPEC, "tagged-union")
    assert tuple(union["choices"]) == constants.MODEL_TYPES
    (task_sets,) = _find(SPEC["models"]["Tasks"]["fields"]["task_set"], "literal")
    assert tuple(task_sets["expected"]) == constants.TASK_SETS
    agents = SPEC["models"]["BenchmarkConfig"]["fields"]["agents"]["schema"]
    assert agents["max_length"] == constants.MAX_AGENTS
    required = [n for n in _find(SPEC, "list") if n["items"].get("max_length")]
    assert {n["max_length"] for n in required} == {constants.MAX_REQUIRED_SECRETS}
    patterns = {n.get("pattern") for n in _find(SPEC, "str")}
    assert {
        constants.SECRET_NAME_PATTERN,
        constants.ENV_NAME_PATTERN,
        constants.NON_BLANK_PATTERN,
    } <= patterns
    assert [n["validator"] for n in _find(SPEC, "after")] == ["not_reserved_env"] * 2


def test_table_facts_are_the_models_facts() -> None:
    """What the rules read from `benchlint.structure.spec` is what the pydantic models say."""
    assert set(tables.MODEL_KEYS) == set(MODELS_BY_NAME)
    for name, keys in tables.MODEL_KEYS.items():
        assert keys == tuple(MODELS_BY_NAME[name].model_fields), name
    assert MODELS_BY_NAME[tables.ROOT_MODEL_NAME] is BenchmarkConfig
    assert MODELS_BY_NAME[tables.AGENT_MODEL_NAME] is Agent
    assert {k: m.__name__ for k, m in TABLE_MODELS.items()} == tables.TABLE_MODEL_NAMES
    assert {k: m.__name__ for k, m in MODEL_VARIANTS.items()} == tables.VARIANT_MODEL_NAMES


DATA = {
    "agents": [
        {"model": {"type": "endpoint"}},
        {"model": {"type": "nope"}},
        {"model": "x"},
        {"model": {"type": ["provider"]}},
    ]
}


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ((), "BenchmarkConfig"),
        (("experiment",), "Experiment"),
        (("tasks",), "Tasks"),
        (("execution",), "Execution"),
        (("verifier",), "Verifier"),
        (("secrets",), "Secrets"),
        (("env",), None),
        (("agents",), None),
        (("nope",), None),
        ((0,), None),
        (("agents", 0), "Agent"),
        (("agents", 7), "Agent"),
        (("agents", "x"), None),
        (("agents", 0, "model"), "EndpointModel"),
        (("agents", 1, "model"), None),
        (("agents", 2, "model"), None),
        (("agents", 3, "model"), None),
        (("agents", 9, "model"), None),
        (("agents", 0, "model", "extra_headers"), None),
        (("agents", 0, "env"), None),
        (("experiment", "benchmark"), None),
        (("tasks", "task_names", 0), None),
    ],
)
def test_table_name(path: tuple[str | int, ...], expected: str | None) -> None:
    assert tables.table_name(path, DATA) == expected
    if expected is not None:  # the spec's table names are the models' class names
        assert MODELS_BY_NAME[expected].__name__ == expected


def test_table_name_without_data() -> None:
    assert tables.table_name(("agents", 0, "model"), {}) is None


def test_field_descriptions_still_come_from_the_models() -> None:
    assert field_description(BenchmarkConfig, "agents")


DEEP_TAG = """
import sys
from benchlint.domain.models import BenchmarkConfig
deep = node = {}
for _ in range(sys.getrecursionlimit() + 100):
    node["a"] = node = {}
data = {"experiment": {"benchmark": "b"}, "agents": [{"model": {"type": deep}}]}
if sys.argv[1] == "pydantic":
    from pydantic import ValidationError
    try:
        BenchmarkConfig.model_validate(data)
    except ValidationError as error:
        errors = error.errors()
else:
    from benchlint.structure.validate import errors as check
    errors = check(data)
print([(e["type"], e["loc"], e["ctx"]) for e in errors])
"""


def test_unprintable_tag_is_shown_as_pydantic_shows_it() -> None:
    """A tag too deep to print: benchlint shows it as pydantic does, whatever that is on this
    Python (3.11's `str()` fails and pydantic shows a stand-in, with a warning on stderr, which
    is why this runs in subprocesses; 3.12's prints it with `...`)."""
    outputs = [
        subprocess.run(
            [sys.executable, "-c", DEEP_TAG, which], capture_output=True, text=True, check=True
        ).stdout
        for which in ("pydantic", "benchlint")
    ]
    assert "union_tag_invalid" in outputs[0]
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize(
    "execution",
    [
        {"timeout_multiplier": 2**1024, "pass_threshold": 2**1023},
        {"timeout_multiplier": math.nan, "pass_threshold": -math.inf, "max_retries": True},
        {"timeout_multiplier": -0.0, "pass_threshold": 1.0000000000000002, "max_retries": -(2**70)},
        {"attempts_per_task": 1.0, "max_concurrent_attempts": 2**70, "pass_threshold": 0},
    ],
)
def test_number_edges(execution: dict[str, Any]) -> None:
    data = {"experiment": {"benchmark": "b"}, "agents": [], "execution": execution}
    assert differences(data) is None


def test_the_generator_refuses_to_write_outside_a_clone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """From an installed package there is no pyproject.toml of ours above the module: the
    generator must not write into site-packages."""
    assert generate.project_root(tmp_path / "site-packages" / "benchlint" / "x.py") is None
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\n')
    assert not generate.is_project(tmp_path)
    monkeypatch.setattr(generate, "project_root", lambda start: None)
    assert generate.main([]) == 2
    assert "no benchlint pyproject.toml" in capsys.readouterr().err
    assert generate.main(["--root", str(tmp_path)]) == 2  # not benchlint's project either
