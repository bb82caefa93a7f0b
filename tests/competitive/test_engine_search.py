"""The Competitive Sudoku engine's exact search for the largest score (CS-1, CS-16 to CS-20).

``max_score`` bounds the game's utilities; its parts are checked here without
its cache: the points of a pattern of ranks (by hand), the best colouring a
deck allows (against all 512 colourings), and the largest hand value and
winner's score (against an independent Z3 optimisation written from the rule
text).
"""

from __future__ import annotations

import itertools
import os
from collections import Counter

import pytest
import z3
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from dokuspec.engine.competitive.analysis import (
    _best_colouring_gain,
    _max_hand_value,
    _max_winner_score,
    _rank_score,
)

# The eight lines of a Grid, positions 0-8 row by row: rows, columns, main and anti-diagonal.
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
ALL_LINES = (1 << 8) - 1
# CS-18: a, a+d, a+2d for d = 1, 2, 3, as sets of ranks; the power series 2, 4, 8.
STRAIGHTS = tuple((a, a + d, a + 2 * d) for d in (1, 2, 3) for a in range(1, 10) if a + 2 * d <= 9)
POWER_SERIES = (2, 4, 8)


def mask(*lines: int) -> int:
    return sum(1 << line for line in lines)


# -- the points of a pattern of ranks ------------------------------------------------------------


def test_rank_score_of_triplets_only() -> None:
    # Every line of nine 5s is a triplet: 3 each, whatever the colours.
    assert _rank_score([5] * 9, None) == (24, 0)


def test_rank_score_of_straights_and_a_triplet() -> None:
    # 1 2 3 / 2 3 4 / 3 4 5: rows and columns one-straights, the main diagonal 1 3 5 a
    # two-straight, the anti-diagonal 3 3 3 a triplet. Seven straights at 1 point mixed.
    assert _rank_score([1, 2, 3, 2, 3, 4, 3, 4, 5], None) == (7 + 3, mask(0, 1, 2, 3, 4, 5, 6))


def test_rank_score_of_the_power_series() -> None:
    # 2 4 8 in every row: rows and both diagonals (2 4 8, 8 4 2) are the power series,
    # the columns triplets.
    ranks = [2, 4, 8] * 3
    assert _rank_score(ranks, None) == (9 + 5, mask(0, 1, 2, 6, 7))
    assert _rank_score(ranks, 4) == (9 + 5 * 4, 0)
    assert _rank_score(ranks, 0) == (9, 0)


def test_rank_score_skips_what_is_no_line() -> None:
    # 1 1 2 / 1 1 2 / 4 4 9: no row is a line; the columns 1 1 4, 1 1 4 and 2 2 9 neither;
    # the main diagonal 1 1 9 neither; the anti-diagonal 2 1 4 neither.
    assert _rank_score([1, 1, 2, 1, 1, 2, 4, 4, 9], None) == (0, 0)
    # 7 8 9 / 1 1 1 / 1 1 1: row 1 a straight, rows 2 and 3 triplets, nothing else.
    assert _rank_score([7, 8, 9, 1, 1, 1, 1, 1, 1], 6) == (1 + 3 + 3, mask(0))


# -- the best colouring within the deck ----------------------------------------------------------


def brute_force_gain(ranks: list[int], sensitive: int, copies: int) -> int | None:
    """The most ``sensitive`` lines in one colour over the colourings with at most
    ``copies`` cards of each rank in each colour, by trying all 512."""
    best: int | None = None
    for colours in itertools.product((0, 1), repeat=9):
        count = Counter(zip(ranks, colours, strict=True))
        if max(count.values()) > copies:
            continue
        gain = sum(
            1
            for n, (i, j, k) in enumerate(LINES)
            if sensitive >> n & 1 and colours[i] == colours[j] == colours[k]
        )
        best = gain if best is None else max(best, gain)
    return best


def test_best_colouring_gain_all_in_one_colour() -> None:
    # Nine distinct ranks: one colour for all, every line in one colour.
    assert _best_colouring_gain(list(range(1, 10)), ALL_LINES, 1) == 8
    assert _best_colouring_gain(list(range(1, 10)), mask(0, 7), 1) == 2
    assert _best_colouring_gain(list(range(1, 10)), 0, 1) == 0


def test_best_colouring_gain_when_the_deck_forbids_one_colour() -> None:
    # 1 2 3 / 1 2 3 / 4 5 6 with one copy of each card: the two 1s (positions 0 and 3)
    # differ in colour. Rows 1 and 2 can each be in one colour (red and black), but not
    # together with column 1, which would join them into one colour.
    ranks = [1, 2, 3, 1, 2, 3, 4, 5, 6]
    assert _best_colouring_gain(ranks, mask(0, 1), 1) == 2
    assert _best_colouring_gain(ranks, mask(0, 1, 3), 1) == 2
    assert _best_colouring_gain(ranks, mask(0, 1, 3), 2) == 3


def test_best_colouring_gain_when_the_deck_has_too_few_cards() -> None:
    # Nine 5s need five of one colour: two copies of each card allow four of each.
    assert _best_colouring_gain([5] * 9, 0, 2) is None
    assert _best_colouring_gain([5] * 9, 0, 5) == 0
    # Three 7s and one copy: two colours cannot hold them.
    assert _best_colouring_gain([7, 7, 7, 1, 2, 3, 4, 5, 6], ALL_LINES, 1) is None


@settings(max_examples=examples(1.0, 20))
@given(
    ranks=st.lists(st.integers(1, 4), min_size=9, max_size=9),
    sensitive=st.integers(0, ALL_LINES),
    copies=st.integers(1, 4),
)
def test_best_colouring_gain_agrees_with_every_colouring(
    ranks: list[int], sensitive: int, copies: int
) -> None:
    assert _best_colouring_gain(ranks, sensitive, copies) == brute_force_gain(
        ranks, sensitive, copies
    )


# -- the largest hand value and winner's score, against Z3 ---------------------------------------


def optimum(copies: int, power_points: int | None, *, winning: bool, bonus: bool) -> int:
    """The largest hand value (``winning=False``) or winner's score of a Grid of cards with at
    most ``copies`` of each card, by a Z3 optimisation of the rules CS-16 to CS-20."""
    ranks = [z3.Int(f"rank{i}") for i in range(9)]
    black = [z3.Bool(f"black{i}") for i in range(9)]
    problem = z3.Optimize()
    for rank in ranks:
        problem.add(rank >= 1, rank <= 9)
    for value, colour in itertools.product(range(1, 10), (True, False)):
        same = [z3.If(z3.And(ranks[i] == value, black[i] == colour), 1, 0) for i in range(9)]
        problem.add(z3.Sum(same) <= copies)

    def ranks_are(line: tuple[int, int, int], values: tuple[int, int, int]) -> z3.BoolRef:
        i, j, k = line
        orders = set(itertools.permutations(values))
        return z3.Or([z3.And(ranks[i] == x, ranks[j] == y, ranks[k] == z) for x, y, z in orders])

    points: list[z3.ArithRef | int] = [3] if winning else []
    triplets = []
    for n, (i, j, k) in enumerate(LINES):
        line = (i, j, k)
        triplet = z3.And(ranks[i] == ranks[j], ranks[j] == ranks[k])
        straight = z3.Or([ranks_are(line, values) for values in STRAIGHTS])
        power = ranks_are(line, POWER_SERIES)
        one_colour = z3.And(black[i] == black[j], black[j] == black[k])
        as_straight = z3.If(one_colour, 2, 1)
        as_power = as_straight if power_points is None else z3.IntVal(power_points)
        points.append(z3.If(triplet, 3, z3.If(straight, as_straight, z3.If(power, as_power, 0))))
        triplets.append(triplet)
        if winning and n < 6:
            problem.add(z3.Or(triplet, straight, power))
    if winning:
        problem.add(z3.Or([ranks[i] == ranks[j] for i in range(9) for j in range(i)]))
    if bonus:
        all_rows = z3.And(triplets[0:3])
        all_columns = z3.And(triplets[3:6])
        points.append(z3.If(z3.Or(all_rows, all_columns), 3, 0))
    total = z3.Sum(points)
    problem.maximize(total)
    assert problem.check() == z3.sat
    found = problem.model().eval(total)
    assert isinstance(found, z3.IntNumRef)
    return found.as_long()


@pytest.mark.parametrize(("copies", "power_points"), [(2, None), (1, 5), (3, 0)])
def test_max_hand_value_agrees_with_z3(copies: int, power_points: int | None) -> None:
    best = optimum(copies, power_points, winning=False, bonus=False)
    assert _max_hand_value(copies, power_points, 0) == best


@pytest.mark.skipif(
    os.environ.get("HYPOTHESIS_PROFILE", "ci") != "thorough",
    reason="z3 takes 5-10 s a deck of one copy: runs under HYPOTHESIS_PROFILE=thorough",
)
@pytest.mark.parametrize(("copies", "power_points"), [(1, None), (1, 0)])
def test_max_hand_value_of_one_copy_agrees_with_z3(copies: int, power_points: int | None) -> None:
    best = optimum(copies, power_points, winning=False, bonus=False)
    assert _max_hand_value(copies, power_points, 0) == best == ONE_COPY_BEST


# z3's optimum for one copy of each card (the test above): a rank appears at most twice,
# so no line is a triplet. For instance r1 r2 r3 / b3 r4 b5 / r5 r6 r7 (tests/competitive/
# test_engine.py) is worth 13; 14 is the most.
ONE_COPY_BEST = 14


@pytest.mark.parametrize("power_points", [None, 0])
def test_max_hand_value_of_one_copy_is_z3_s_optimum(power_points: int | None) -> None:
    assert _max_hand_value(1, power_points, 0) == ONE_COPY_BEST


def test_max_hand_value_keeps_a_floor_nothing_beats() -> None:
    # The standard deck's best hand value is 17 (r1 r1 b1 / r2 r2 b2 / r3 r3 b3).
    assert _max_hand_value(2, None, 16) == 17
    assert _max_hand_value(2, None, 17) == 17
    assert _max_hand_value(2, None, 30) == 30


@pytest.mark.parametrize(
    ("copies", "power_points", "bonus"), [(2, None, True), (3, 5, True), (3, None, False)]
)
def test_max_winner_score_agrees_with_z3(
    copies: int, power_points: int | None, bonus: bool
) -> None:
    best = optimum(copies, power_points, winning=True, bonus=bonus)
    assert _max_winner_score(copies, power_points, bonus) == best
