"""scripts/mutation_scores.py: the scores read from mutmut's result files."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from dokuspec.games import installed

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "mutation_scores.py"

pytestmark = [
    pytest.mark.skipif(not SCRIPT.is_file(), reason="the scripts are not here (wheel tests)"),
]


def load() -> ModuleType:
    pytest.importorskip("mutmut")
    spec = importlib.util.spec_from_file_location("mutation_scores", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_results(root: Path, module: str, codes: dict[str, int | None]) -> None:
    """A mutmut result file: exit status of each mutant's test run (None: not run)."""
    meta = root / "mutants" / f"{module}.meta"
    meta.parent.mkdir(parents=True, exist_ok=True)
    meta.write_text(json.dumps({"exit_code_by_key": codes}), encoding="utf-8")


def test_killed_survived_and_untested_mutants_make_the_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scores = load()
    # Exit statuses as mutmut records them: 1 a test failed, 0 all passed,
    # 33 no test reaches the mutant, 36 timed out, 37 rejected by the type checker.
    write_results(
        tmp_path,
        "dokuspec/engine/a.py",
        {"m1": 1, "m2": 1, "m3": 36, "m4": 37, "m5": 0, "m6": 0, "m7": 33, "m8": 1},
    )
    write_results(tmp_path, "dokuspec/spec/b.py", {"m1": 1, "m2": None})
    write_results(tmp_path, "dokuspec/spec/empty.py", {})
    assert scores.main(["--root", str(tmp_path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows == {
        "dokuspec/engine/a.py": {
            "killed": 5,
            "survived": 2,
            "no tests": 1,
            "suspicious": 0,
            "not checked": 0,
            "mutants": 8,
            "score": 62.5,
        },
        "dokuspec/spec/b.py": {
            "killed": 1,
            "survived": 0,
            "no tests": 0,
            "suspicious": 0,
            "not checked": 1,
            "mutants": 2,
            "score": 100.0,
        },
    }
    assert scores.main(["--root", str(tmp_path), "--survivors", "dokuspec/engine/a.py"]) == 0
    assert capsys.readouterr().out.split() == ["m5", "m6", "m7"]


def test_a_target_fails_below_it_and_on_mutants_not_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scores = load()
    write_results(tmp_path, "dokuspec/engine/a.py", {f"m{i}": 1 for i in range(9)} | {"s": 0})
    write_results(tmp_path, "dokuspec/spec/b.py", {"m1": 1, "m2": None})
    root = ["--root", str(tmp_path)]
    assert scores.main([*root, "--target", "90", "--only", "dokuspec/engine/*"]) == 0
    assert scores.main([*root, "--target", "91", "--only", "dokuspec/engine/*"]) == 1
    assert "below target: dokuspec/engine/a.py" in capsys.readouterr().err
    # 100% of what ran, but one mutant never ran: not a pass.
    assert scores.main([*root, "--target", "90", "--only", "dokuspec/spec/*"]) == 1
    assert scores.main([*root, "--survivors", "dokuspec/nowhere.py"]) == 2
    assert scores.main(["--root", str(tmp_path / "absent")]) == 2


def test_the_table_shows_mutants_left_and_a_partial_scores_interval(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scores = load()
    write_results(tmp_path, "dokuspec/engine/a.py", {"m1": 1, "m2": 0})
    codes: dict[str, int | None] = {f"k{i}": 1 for i in range(90)}
    codes |= {f"s{i}": 0 for i in range(10)} | {f"n{i}": None for i in range(50)}
    write_results(tmp_path, "dokuspec/spec/b.py", codes)
    assert scores.main(["--root", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "module                         mutants killed surv. none  left  score",
        "engine/a.py                          2      1     1    0     0  50.0%",
        "spec/b.py                          150     90    10    0    50  90.0%",
        # The Wilson score interval of 90 in 100 at 95%: 0.8256-0.9448.
        "spec/b.py: 100 of 150 run; if a uniform sample, 95% interval 82.6-94.5%",
    ]


def test_the_wilson_interval() -> None:
    scores = load()
    # 0 of 10 and 10 of 10: the interval still has width (unlike the normal approximation).
    low, high = scores.wilson_interval(0, 10)
    assert low == pytest.approx(0.0, abs=1e-9)
    assert high == pytest.approx(27.75, abs=0.01)
    low, high = scores.wilson_interval(10, 10)
    assert (low, high) == (pytest.approx(72.25, abs=0.01), pytest.approx(100.0))


def load_mutation(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """scripts/mutation.py, which imports mutation_scores from beside it."""
    pytest.importorskip("mutmut")
    monkeypatch.syspath_prepend(str(SCRIPT.parent))
    spec = importlib.util.spec_from_file_location("mutation", SCRIPT.with_name("mutation.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_sample_draws_only_mutants_not_run_and_repeats_with_its_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mutation = load_mutation(monkeypatch)
    codes: dict[str, int | None] = {f"run{i}": 1 for i in range(5)}
    codes |= {f"left{i:02}": None for i in range(40)}
    write_results(tmp_path, "dokuspec/spec/b.py", codes)
    first = mutation.sample(tmp_path, "dokuspec/spec/b.py", 10, 7, {})
    again = mutation.sample(tmp_path, "dokuspec/spec/b.py", 10, 7, {})
    other = mutation.sample(tmp_path, "dokuspec/spec/b.py", 10, 8, {})
    everything = mutation.sample(tmp_path, "dokuspec/spec/b.py", 100, 7, {})
    assert len(first) == len(set(first)) == 10
    assert set(first) <= {f"left{i:02}" for i in range(40)}
    assert first == again == sorted(first)
    assert other != first
    assert everything == sorted(f"left{i:02}" for i in range(40))


def test_the_modules_and_tests_each_game_declares_exist(monkeypatch: pytest.MonkeyPatch) -> None:
    mutation = load_mutation(monkeypatch)
    root = SCRIPT.parent.parent
    tests_of = mutation.own_tests()
    assert list(tests_of)[: len(mutation.SHARED_TESTS)] == list(mutation.SHARED_TESTS)
    for spec in installed():
        if spec.mutation is not None:
            assert set(spec.load("mutation")) <= set(tests_of), spec.name
    for module, tests in tests_of.items():
        assert (root / module).is_file(), module
        assert tests, module
        for test in tests:
            assert (root / test).is_file(), (module, test)
