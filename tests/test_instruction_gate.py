"""The speed gate's judgement (bench/instructions.py), on made-up counts: a slowed build
fails it, a linear one passes, and the committed baseline covers every measurement. (The
counting itself needs valgrind and minutes; `.ci/run` runs it.)"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


@pytest.fixture(scope="module")
def gate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("instructions", BENCH / "instructions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _recorded() -> dict[str, object]:
    return json.loads((BENCH / "instructions-baseline.json").read_text())


def _run(gate: ModuleType, monkeypatch: pytest.MonkeyPatch, counts: dict[str, int]) -> int:
    recorded = _recorded()
    monkeypatch.setattr(gate, "measure", lambda groups, python=None: dict(counts))
    monkeypatch.setattr(
        gate,
        "environment",
        lambda: {"python": recorded["python"], "valgrind": recorded["valgrind"]},
    )
    return int(gate.main(["--check"]))


def test_the_baseline_passes_and_a_slowed_build_fails(
    gate: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    baseline = _recorded()["counts"]
    assert isinstance(baseline, dict)
    assert _run(gate, monkeypatch, baseline) == 0
    within = {name: int(count * 1.015) for name, count in baseline.items()}
    assert _run(gate, monkeypatch, within) == 0
    slowed = {**baseline, "lint:typical": int(baseline["lint:typical"] * 1.03)}
    capsys.readouterr()
    assert _run(gate, monkeypatch, slowed) == 1
    assert "REGRESSION: lint:typical" in capsys.readouterr().out


def test_a_shape_that_grows_faster_than_its_input_fails(
    gate: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    baseline = _recorded()["counts"]
    assert isinstance(baseline, dict)
    quadratic = dict(baseline)
    small = "shape:token-prefix-comment@2000"
    quadratic["shape:token-prefix-comment@8000"] = quadratic[small] * 16
    assert gate.growth_problems(quadratic)
    assert _run(gate, monkeypatch, quadratic) == 1
    assert not gate.growth_problems(baseline)


def test_the_keystroke_may_not_grow_with_the_documents_open(gate: ModuleType) -> None:
    counts = {"keystroke:1-open": 1_000_000, "keystroke:100-open": 1_190_000}
    assert not gate.growth_problems(counts)
    counts["keystroke:100-open"] = 1_300_000
    assert gate.growth_problems(counts)


def test_another_python_is_reported_not_failed(gate: ModuleType) -> None:
    recorded = _recorded()
    slowed = {name: count * 2 for name, count in recorded["counts"].items()}  # type: ignore[union-attr]
    problems, notes = gate.judge(slowed, recorded, {"python": "0.0", "valgrind": "none"})
    assert not [p for p in problems if "over" in p]
    assert any("recorded on" in note for note in notes)


def test_the_baseline_has_every_measurement(gate: ModuleType) -> None:
    names = [name for name, _ in gate.ENGINE + gate.EDITOR + gate.shape_names()]
    names.extend(gate.CLI)
    assert sorted(_recorded()["counts"]) == sorted(names)  # type: ignore[arg-type]


def test_a_simulating_dump_is_read_event_by_event(gate: ModuleType, tmp_path: Path) -> None:
    dump = tmp_path / "callgrind.out.2"
    dump.write_text(
        "version: 1\ncreator: callgrind-3.19.0\nevents: Ir Dr I1mr\nfn=x\n0 9 2 1\n"
        "summary: 900 200 10\n"
    )
    assert gate._events(dump) == {"Ir": 900, "Dr": 200, "I1mr": 10}


def test_the_cache_report_prints_each_event_as_lint_over_tomllib(
    gate: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    ours = {"Ir": 110, "I1mr": 20, "D1mr": 30, "D1mw": 0, "Bcm": 8, "Bim": 5}
    base = {"Ir": 100, "I1mr": 10, "D1mr": 10, "D1mw": 0, "Bcm": 4, "Bim": 5}
    events = {
        f"{side}:{config}": figures
        for config in ("clean", "typical", "broken", "big")
        for side, figures in (("lint", ours), ("tomllib", base))
    }
    monkeypatch.setattr(gate, "_measure_events", lambda group, python, simulate: events)
    typical = next(line for line in gate.cache_report().splitlines() if line.startswith("typical"))
    assert typical.split()[1:] == ["1.10×", "2.00×", "3.00×", "-", "2.00×", "1.00×"]
