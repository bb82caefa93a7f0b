"""The campaign's plan: named checks, tasks seeded from (seed, check, index), order-free results,
cases counted once, unknown cases apart."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

import pytest

from dokuspec.errors import DokuspecError
from dokuspec.verify.campaign import (
    EXAMPLES_PER_TASK,
    Check,
    Task,
    all_checks,
    case_key,
    checks_named,
    games_checked,
    reproduce_command,
    run_campaign,
    run_task,
    task_seed,
    tasks_of,
)
from dokuspec.vocabulary.sumodoku import Board, Position, Variants

OWN_GAMES = ("sumodoku", "competitive", "twodoku")
"""dokuspec's own games with checks, in the campaign's order (another package may add more)."""


def replace_property(
    mp: pytest.MonkeyPatch, verdict: Callable[[Any], str | None] = lambda case: None
) -> list[Any]:
    """Give every check the property ``verdict`` (by default: every case passes); the list it
    returns receives each case the property is called with, in order."""
    seen: list[Any] = []

    def prop(case: Any) -> str | None:
        seen.append(case)
        return verdict(case)

    mp.setattr(Check, "prop", property(lambda self: prop))
    return seen


def test_every_game_has_checks_and_every_name_is_game_slash_what() -> None:
    names = [check.name for check in all_checks()]
    assert len(set(names)) == len(names)
    assert len([name for name in names if name.partition("/")[0] in OWN_GAMES]) == 15
    assert {check.game for check in all_checks()} == set(games_checked()) >= set(OWN_GAMES)
    assert games_checked()[:3] == OWN_GAMES
    assert all(check.name.startswith(check.game + "/") for check in all_checks())
    assert all(len(check.summary) <= 33 for check in all_checks())  # the table's last column


def test_checks_are_chosen_by_name_or_game_in_registry_order() -> None:
    assert checks_named() == all_checks()
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
    seeds = {task_seed(s, c.name, i) for s in (0, 1) for c in all_checks() for i in range(3)}
    assert len(seeds) == 2 * 3 * len(all_checks())
    assert all(0 <= seed < 2**64 for seed in seeds)


def test_a_task_gives_the_same_result_alone_or_within_a_campaign() -> None:
    (check,) = checks_named(["competitive/line-kinds"])
    tasks = tasks_of(check, 2, 11)
    alone = [run_task(task) for task in reversed(tasks)][::-1]
    assert run_task(tasks[2]) == alone[2]
    (whole,) = run_campaign(names=[check.name], examples=2, seed=11)
    assert [r.cases for r in alone] == [len(r.passed_keys) for r in alone] == [10] * 4
    assert whole.cases == len({key for r in alone for key in r.passed_keys})
    assert whole.tasks == len(tasks) == 4
    assert (whole.passed, whole.counterexample, whole.error, whole.reproduce) == (
        True,
        None,
        None,
        None,
    )
    assert (whole.unknown, whole.unknown_reason) == (0, None)


def test_every_case_counts_once_and_only_task_0_runs_the_simplest() -> None:
    # twodoku/engine-deals draws seeds from 0 to 2**32 - 1: Hypothesis's simplest case is 0.
    (check,) = checks_named(["twodoku/engine-deals"])
    tasks = tasks_of(check, 3, 4)  # cost 0.1: 30 cases in 3 tasks
    ran: list[list[int]] = []
    with pytest.MonkeyPatch.context() as mp:
        seen = replace_property(mp)
        results = []
        for task in tasks:
            results.append(run_task(task))
            ran.append(list(seen))
            seen.clear()
        (whole,) = run_campaign(names=[check.name], examples=3, seed=4)
    assert [len(seeds) for seeds in ran] == [len(set(seeds)) for seeds in ran] == [10, 10, 10]
    assert [r.cases for r in results] == [10, 10, 10]
    assert [0 in seeds for seeds in ran] == [True, False, False]
    assert whole.cases == len({seed for seeds in ran for seed in seeds})
    assert whole.unknown == 0


def test_unknown_cases_are_neither_passed_nor_failed() -> None:
    (check,) = checks_named(["twodoku/engine-deals"])

    def odd_unknown(seed: int) -> str | None:
        return f"seed {seed} is odd" if seed % 2 else None

    with pytest.MonkeyPatch.context() as mp:
        seen = replace_property(mp, odd_unknown)
        (whole,) = run_campaign(names=[check.name], examples=2, seed=1)
    odd = [seed for seed in seen if seed % 2]
    assert odd  # the seeds drawn hold some odd ones
    assert whole.unknown == len(set(odd))
    assert whole.cases == len({seed for seed in seen if not seed % 2})
    assert whole.unknown_reason == f"seed {odd[0]} is odd"
    assert (whole.passed, whole.error, whole.reproduce) == (True, None, None)
    assert whole.to_json()["unknown"] == whole.unknown


def test_equal_cases_have_equal_keys() -> None:
    marks = [(1, 2), (10, 11), (19, 20), (28, 29)]
    variants = Variants(consecutive=frozenset(marks))
    again = Variants(consecutive=frozenset(reversed(marks)))
    board = Board.parse("1" + "." * 80)
    case = (Position(board, variants), {"a": 1, "b": [2, 3]}, frozenset(marks))
    same = (Position(board, again), {"b": [2, 3], "a": 1}, frozenset(reversed(marks)))
    assert case == same
    assert repr(case) != repr(same)  # the dict's and the set's orders differ
    assert case_key(case) == case_key(same)
    assert len(case_key(case)) == 32
    others = [
        (Position(board), {"a": 1, "b": [2, 3]}, frozenset(marks)),
        (Position(Board.parse("2" + "." * 80), variants), {"a": 1, "b": [2, 3]}, frozenset(marks)),
        (Position(board, variants), {"a": 1, "b": [3, 2]}, frozenset(marks)),
        (Position(board, variants), {"a": 1}, frozenset(marks)),
        (Position(board, variants), {"a": 1, "b": [2, 3]}, frozenset(marks[1:])),
    ]
    assert len({case_key(case), *map(case_key, others)}) == 6


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
    with pytest.raises(
        DokuspecError,
        match=r"^the campaign's seed is an integer 0 to 18446744073709551615, not -1$",
    ):
        next(run_campaign(seed=-1))
