"""The campaign's plan: named checks, tasks seeded from (seed, check, index), order-free results."""

from __future__ import annotations

import ast

import pytest

from dokuspec.errors import DokuspecError
from dokuspec.verify.campaign import (
    CHECKS,
    EXAMPLES_PER_TASK,
    GAMES,
    Task,
    checks_named,
    reproduce_command,
    run_campaign,
    run_task,
    task_seed,
    tasks_of,
)


def test_every_game_has_checks_and_every_name_is_game_slash_what() -> None:
    names = [check.name for check in CHECKS]
    assert len(set(names)) == len(names) == 15
    assert {check.game for check in CHECKS} == set(GAMES)
    assert all(check.name.startswith(check.game + "/") for check in CHECKS)
    assert all(len(check.summary) <= 33 for check in CHECKS)  # the table's last column


def test_checks_are_chosen_by_name_or_game_in_registry_order() -> None:
    assert checks_named() == CHECKS
    assert [c.name for c in checks_named(games=["twodoku"])] == [
        "twodoku/validator-vs-model",
        "twodoku/engine-deals",
        "twodoku/engine-vs-spec",
        "twodoku/conformance",
    ]
    chosen = checks_named(["twodoku/conformance", "sumodoku/placements"])
    assert [c.name for c in chosen] == ["sumodoku/placements", "twodoku/conformance"]
    with pytest.raises(DokuspecError, match="no check is named 'x/y'"):
        checks_named(["x/y"])
    with pytest.raises(DokuspecError, match="no game is named 'chess'"):
        checks_named(games=["chess"])


def test_tasks_split_the_cases_by_cost_and_size_alone() -> None:
    (placements,) = checks_named(["sumodoku/placements"])  # cost 0.1: 10 cases per example
    tasks = tasks_of(placements, 3, 9)
    assert [t.examples for t in tasks] == [EXAMPLES_PER_TASK] * 3 == [10, 10, 10]
    assert [(t.check, t.index, t.seed) for t in tasks] == [
        ("sumodoku/placements", i, 9) for i in range(3)
    ]
    (games,) = checks_named(["sumodoku/conformance"])  # cost 4: at least one case
    assert [t.examples for t in tasks_of(games, 1, 0)] == [1]
    assert [t.examples for t in tasks_of(games, 60, 0)] == [10, 5]


def test_task_seeds_are_fixed_numbers() -> None:
    # SHA-256 of "0/sumodoku/placements/0", its first 8 bytes: no hash() randomisation.
    assert task_seed(0, "sumodoku/placements", 0) == 0x3CF7DDCC1820DA3F
    seeds = {task_seed(s, c.name, i) for s in (0, 1) for c in CHECKS for i in range(3)}
    assert len(seeds) == 2 * 3 * len(CHECKS)
    assert all(0 <= seed < 2**64 for seed in seeds)


def test_a_task_gives_the_same_result_alone_or_within_a_campaign() -> None:
    (check,) = checks_named(["competitive/line-kinds"])
    tasks = tasks_of(check, 2, 11)
    alone = [run_task(task) for task in reversed(tasks)][::-1]
    (whole,) = run_campaign(names=[check.name], examples=2, seed=11)
    assert whole.cases == sum(r.cases for r in alone) == 40
    assert whole.tasks == len(tasks) == 4
    assert (whole.passed, whole.counterexample, whole.error, whole.reproduce) == (
        True,
        None,
        None,
        None,
    )


def test_a_failing_property_is_shrunk_and_reported() -> None:
    (check,) = checks_named(["competitive/line-kinds"])
    with pytest.MonkeyPatch.context() as mp:
        # A property that fails on any rank 5 or more: Hypothesis shrinks to the least such case.
        def fails_from_five(ranks: tuple[int, int, int]) -> None:
            assert max(ranks) < 5, f"ranks {ranks}"

        mp.setattr(type(check), "prop", property(lambda self: fails_from_five))
        result = run_task(Task(check.name, 0, 10, 0))
        (whole,) = run_campaign(names=[check.name], examples=1, seed=0)
    assert result.counterexample is not None
    assert max(ast.literal_eval(result.counterexample)) == 5  # shrunk to the boundary
    assert result.error is not None and result.error.startswith("AssertionError: ranks ")
    assert not whole.passed
    assert whole.reproduce == reproduce_command(check.name, 1, 0)
    assert whole.reproduce == "dokuspec verify --check competitive/line-kinds --examples 1 --seed 0"


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="examples must be at least 1, not 0"):
        next(run_campaign(examples=0))
    with pytest.raises(ValueError, match="seed must be non-negative, not -1"):
        next(run_campaign(seed=-1))
