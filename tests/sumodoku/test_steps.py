"""Step-by-step explanations: every step checked by the independent checker, planted mistakes
refused, the answers held against the SAT model, the ratings against published ones."""

from __future__ import annotations

import copy
import csv
import json
from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dokuspec import sumodoku
from dokuspec.engine.sumodoku.explanations import check_steps
from dokuspec.errors import NotationError
from dokuspec.sumodoku import Board, Piece, Position, Variants
from dokuspec.sumodoku.steps import RATINGS, TECHNIQUES, explain_steps


def _lines(name: str) -> list[str]:
    text = resources.files("dokuspec").joinpath("data", "sumodoku", name).read_text()
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


IMPOSSIBLE = _lines("impossible.txt")
VARIANTS = [Position.parse(line) for line in _lines("variants.jsonl")]
SOLUTIONS = _lines("solutions.txt")


@pytest.mark.parametrize("number", range(0, 60, 6))
def test_bundled_impossible_positions_are_explained_to_a_contradiction(number: int) -> None:
    position = Position.parse(IMPOSSIBLE[number])
    found = explain_steps(position)
    assert found.status == "impossible"
    assert found.verdict == sumodoku.check(position).status == "impossible"
    assert found.steps[-1].contradiction
    assert not any(step.contradiction for step in found.steps[:-1])
    # the JSON form replays through the checker (which shares no code with the search)
    assert check_steps(position, found.to_json()["steps"]) is None
    assert json.loads(json.dumps(found.to_json())) == found.to_json()


def test_every_step_of_every_variant_position_checks() -> None:
    for position in VARIANTS:
        found = explain_steps(position)
        verdict = sumodoku.check(position).status
        assert found.verdict == verdict
        if verdict == "impossible":
            assert found.status == "impossible", position
        else:
            assert found.status == "solved"
            assert found.completion is not None
            assert sumodoku.check(Position(found.completion, position.variants)).status == (
                "completable"
            )
        assert check_steps(position, found.to_json()["steps"], complete=False) is None


def test_a_direct_clash_is_one_step_naming_the_two_pieces() -> None:
    board = "11" + "." * 79
    found = explain_steps(board)
    assert [step.technique for step in found.steps] == ["broken rule"]
    (step,) = found.steps
    assert step.pieces == (Piece(1, 1, 1), Piece(1, 2, 1))
    assert step.rules == ("row 1",)
    assert step.text == "row 1 holds colour 1 twice: r1c1 and r1c2"
    assert found.rating == 0.0 and found.hardest is None


def test_pieces_out_of_the_game_are_a_supply_step() -> None:
    position = Position(Board("." * 81), out=(0, 0, 1, 0, 0, 0, 0, 0, 0))
    found = explain_steps(position)
    assert [step.rules for step in found.steps] == [("supply of colour 3",)]
    assert found.status == "impossible"


def test_a_parity_mark_and_a_border_take_part_in_the_steps() -> None:
    # r1c1 odd, r1c2 holds 2 across a consecutive mark: r1c1 must be 1 or 3, and is odd.
    parity = "o" + "." * 80
    variants = Variants(parity=parity, consecutive=["r1c1-r1c2"])
    board = ".2" + "." * 7 + "..3" + "." * 69
    position = Position(Board(board), variants)
    found = explain_steps(position, time_limit=2)
    assert check_steps(position, found.to_json()["steps"], complete=False) is None
    first, second = found.steps[:2]
    assert first.technique == "border"
    assert first.rules == ("consecutive mark r1c1-r1c2",)
    assert first.eliminates == tuple(Piece(1, 1, k) for k in (5, 7, 9))  # odd, not next to 2
    assert second.technique == "naked single"
    assert second.places == (Piece(1, 1, 1),)
    assert "r1c1 is odd" in second.rules
    # no named step or trial settles a board this empty: "stuck", or out of time trying
    assert found.status in ("stuck", "unknown") and found.verdict == "completable"


def _first(found: Any, technique: str) -> int:
    return next(i for i, s in enumerate(found["steps"]) if s["technique"] == technique)


def _planted(change: Any) -> str | None:
    position = Position.parse(IMPOSSIBLE[7])
    steps = copy.deepcopy(explain_steps(position).to_json()["steps"])
    change(steps)
    return check_steps(position, steps)


def test_the_checker_accepts_the_unchanged_steps() -> None:
    assert _planted(lambda steps: None) is None


def test_the_checker_refuses_a_missing_premise() -> None:
    def drop(steps: list[dict[str, Any]]) -> None:
        steps[0]["premises"]["pieces"].pop(0)

    problem = _planted(drop)
    assert problem is not None and problem.startswith("step 1: ")


def test_the_checker_refuses_a_wrong_conclusion() -> None:
    def recolour(steps: list[dict[str, Any]]) -> None:
        place = steps[0]["conclusion"]["places"][0]
        place["colour"] = place["colour"] % 9 + 1

    assert _planted(recolour) is not None


def test_the_checker_refuses_a_rule_not_in_force_and_an_unknown_rule() -> None:
    def diagonal(steps: list[dict[str, Any]]) -> None:
        steps[0]["rules"].append("main diagonal")

    assert _planted(diagonal) == "step 1: main diagonal: Sudoku X is not in force"

    def unknown(steps: list[dict[str, Any]]) -> None:
        steps[0]["rules"].append("row 10")

    assert _planted(unknown) == "step 1: 'row 10' is not a rule instance"


def test_the_checker_refuses_a_premise_no_earlier_step_concluded() -> None:
    def borrow(steps: list[dict[str, Any]]) -> None:
        later = steps[-2]["conclusion"]["places"] or steps[-2]["conclusion"]["eliminates"]
        steps[0]["premises"]["placed"].append(dict(later[0], step=len(steps) - 1))

    problem = _planted(borrow)
    assert problem is not None and "was not placed by an earlier step" in problem


def test_the_checker_refuses_a_piece_the_board_does_not_hold() -> None:
    def invent(steps: list[dict[str, Any]]) -> None:
        steps[0]["premises"]["pieces"].append({"row": 9, "col": 9, "colour": 9})

    problem = _planted(invent)
    assert problem is not None and "is not on the board" in problem


def test_the_checker_refuses_a_contradiction_that_does_not_follow() -> None:
    def early(steps: list[dict[str, Any]]) -> None:
        steps[0]["conclusion"] = {"places": [], "eliminates": [], "contradiction": True}

    problem = _planted(early)
    assert problem is not None and problem.startswith("step 1: its premises and rules can all")


def test_the_checker_refuses_steps_that_stop_short() -> None:
    assert _planted(lambda steps: steps.pop()) == "the steps do not end in a contradiction"


def test_a_dropped_rule_is_refused() -> None:
    def forget(steps: list[dict[str, Any]]) -> None:
        steps[0]["rules"] = steps[0]["rules"][1:]

    assert _planted(forget) is not None


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 499), st.integers(28, 45), st.randoms(use_true_random=False))
def test_positions_from_solutions_plus_a_wrong_piece_agree_with_the_sat_model(
    number: int, kept: int, rng: Any
) -> None:
    solution = SOLUTIONS[number]
    cells = [int(c) for c in solution]
    shown = sorted(rng.sample(range(81), kept))
    board = [0] * 81
    for cell in shown:
        board[cell] = cells[cell]
    empty = [c for c in range(81) if not board[c]]
    target = rng.choice(empty)
    board[target] = rng.choice([k for k in range(1, 10) if k != cells[target]])
    position = Position(Board(bytes(board)))
    found = explain_steps(position, time_limit=None)
    verdict = sumodoku.check(position).status
    assert found.verdict == verdict
    if found.status == "impossible":
        assert verdict == "impossible"
    if found.status == "solved":
        assert verdict == "completable"
    assert check_steps(position, found.to_json()["steps"], complete=False) is None


def test_svg_draws_each_step() -> None:
    found = explain_steps(IMPOSSIBLE[7])
    last = len(found.steps)
    svg = found.svg(last)
    assert f"Step {last} of {last}, no place left" in svg
    assert 'class="highlight"' in svg
    first = found.svg(1)
    assert 'class="conclusion"' in first  # a placement, ringed
    with pytest.raises(IndexError):
        found.svg(last + 1)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(TypeError):
        explain_steps(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="positive"):
        explain_steps(IMPOSSIBLE[0], time_limit=0)
    with pytest.raises(NotationError):
        explain_steps("12")


def test_every_rated_technique_has_its_place_in_the_order() -> None:
    bare = {name.split(" (")[0] for name in RATINGS}
    assert bare <= set(TECHNIQUES)


def _rated() -> list[tuple[str, float]]:
    text = resources.files("dokuspec").joinpath("data", "sumodoku", "rated.csv").read_text()
    return [(row["puzzle"], float(row["rating"])) for row in csv.DictReader(text.splitlines())]


def test_ratings_of_the_first_rated_puzzles_match_the_published_ones() -> None:
    by_rating: dict[float, list[str]] = {}
    for puzzle, rating in _rated():
        by_rating.setdefault(rating, []).append(puzzle)
    for rating in (3.2, 3.8):
        found = explain_steps(by_rating[rating][0].replace("0", "."))
        assert found.status == "solved"
        assert found.rating == rating


@pytest.mark.slow
def test_ratings_agree_with_the_published_ones_on_the_bundled_puzzles() -> None:
    agree = total = 0
    for puzzle, rating in _rated():
        if rating > 4.0:
            continue
        found = explain_steps(puzzle.replace("0", "."), time_limit=None)
        assert found.status == "solved"
        assert found.rating is not None and abs(found.rating - rating) <= 1.4 + 1e-9
        total += 1
        agree += found.rating == rating
    assert total == 160
    assert agree >= 146  # as measured: see docs/tutorials/impossible.rst
