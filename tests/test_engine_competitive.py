"""Competitive Sudoku's engine (dokuspec.engine.competitive): the rule helpers and the game.

Each test names the rule it checks (RULINGS.md CS-1 to CS-20, the handbook's
CS-21 to CS-25). Expected values come from the rule text, computed by hand or
by brute force written here from the definitions, never from the engine.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dokuspec.engine.competitive import (
    LINE_KINDS,
    count_winning_hands,
    hand_value,
    is_winning_hand,
    line_kind,
    line_points,
    max_score,
    winner_score,
    winning_rank_patterns,
)
from dokuspec.errors import PositionError
from dokuspec.vocabulary.competitive import ALL_CARDS, Card, Grid, Scoring

# -- lines, from the definitions of CS-18 -----------------------------------------------------

RANKS = range(1, 10)


def lines_by_definition() -> dict[str, set[tuple[int, int, int]]]:
    """Every ordered line of CS-18 from its definition: base triples of each kind, permuted."""
    bases = {
        "triplet": [(a, a, a) for a in RANKS],
        "one-straight": [(a, a + 1, a + 2) for a in RANKS if a + 2 <= 9],
        "two-straight": [(a, a + 2, a + 4) for a in RANKS if a + 4 <= 9],
        "three-straight": [(a, a + 3, a + 6) for a in RANKS if a + 6 <= 9],
        "power-series": [(2, 4, 8)],
    }
    return {
        kind: {p for base in triples for p in itertools.permutations(base)}
        for kind, triples in bases.items()
    }


LINES_BY_KIND = lines_by_definition()
ALL_LINES = set().union(*LINES_BY_KIND.values())


def test_there_are_105_ordered_lines_of_five_kinds_cs18() -> None:
    counts = {kind: len(lines) for kind, lines in LINES_BY_KIND.items()}
    assert counts == {
        "triplet": 9,
        "one-straight": 7 * 6,
        "two-straight": 5 * 6,
        "three-straight": 3 * 6,
        "power-series": 6,
    }
    assert len(ALL_LINES) == 105
    assert tuple(LINES_BY_KIND) == LINE_KINDS


def test_line_kind_agrees_with_the_definitions_on_all_729_triples_cs18() -> None:
    for triple in itertools.product(RANKS, repeat=3):
        expected = next((k for k, lines in LINES_BY_KIND.items() if triple in lines), None)
        assert line_kind(triple) == expected, triple


@pytest.mark.parametrize(
    ("ranks", "kind"),
    [
        ((3, 3, 3), "triplet"),
        ((7, 7, 7), "triplet"),
        ((1, 2, 3), "one-straight"),
        ((6, 4, 5), "one-straight"),
        ((9, 8, 7), "one-straight"),
        ((3, 5, 7), "two-straight"),
        ((6, 8, 4), "two-straight"),
        ((6, 4, 2), "two-straight"),
        ((1, 4, 7), "three-straight"),
        ((8, 2, 5), "three-straight"),
        ((9, 6, 3), "three-straight"),
        ((8, 4, 2), "power-series"),
        ((1, 5, 9), None),
        ((1, 1, 2), None),
        ((2, 4, 6), "two-straight"),
        ((1, 2, 4), None),
        ((2, 4, 9), None),
    ],
)
def test_the_rule_text_s_examples_cs18(ranks: tuple[int, int, int], kind: str | None) -> None:
    assert line_kind(ranks) == kind


def test_line_kind_refuses_what_is_not_three_ranks() -> None:
    with pytest.raises(TypeError, match="sequence of three ranks, not str"):
        line_kind("123")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a rank is an int 1-9, not bool"):
        line_kind((True, 2, 3))
    with pytest.raises(PositionError, match="a line has three ranks, not 2"):
        line_kind((1, 2))
    with pytest.raises(PositionError, match="a rank is 1-9, not 10"):
        line_kind((8, 9, 10))


# -- winning hands, hand values, scores --------------------------------------------------------


def test_a_winning_hand_needs_lines_in_every_row_and_column_cs19() -> None:
    # Rows are triplets, columns one-straights; the diagonals are lines too.
    assert is_winning_hand(Grid.parse("r1 r1 b1 / r2 r2 b2 / r3 r3 b3"))
    # Rows and columns are lines, the diagonals (1, 5, 9) and (3, 5, 7)... not both: fine.
    assert is_winning_hand(Grid.parse("r1 r2 r3 / b3 b4 b5 / r5 r6 r7"))
    # Column 1 is 1, 3, 6: not a line.
    assert not is_winning_hand(Grid.parse("r1 r2 r3 / b3 b4 b5 / r6 r6 r7"))
    # Not full.
    assert not is_winning_hand(Grid.parse("r1 r1 b1 / r2 r2 b2 / r3 r3 .."))


def test_the_nine_distinct_ranks_never_win_cs19() -> None:
    # Rows one-straights, columns three-straights: every line qualifies, yet no win.
    grid = Grid.parse("r1 r2 r3 / r4 r5 r6 / r7 r8 r9")
    assert not is_winning_hand(grid)
    with pytest.raises(PositionError, match="is not a winning hand"):
        winner_score(grid)


def test_diagonals_do_not_matter_for_winning_cs19() -> None:
    # Rows and columns 1 2 3 (one-straight), 2 4 6 (two-straight), 3 6 9 (three-straight);
    # the diagonals 1 4 9 and 3 4 3 are no lines.
    grid = Grid.parse("r1 r2 r3 / b2 r4 r6 / b3 b6 r9")
    assert line_kind((1, 4, 9)) is None
    assert line_kind((3, 4, 3)) is None
    assert is_winning_hand(grid)
    # Rows 258 and columns triplets; or a Latin square (anti-diagonal 3, 3, 3).
    assert is_winning_hand(Grid.parse("r2 r5 r8 / r2 r5 r8 / b2 b5 b8"))
    assert is_winning_hand(Grid.parse("r1 r2 r3 / r2 r3 r1 / b3 b1 b2"))


def test_line_points_cs20() -> None:
    cards = Card.parse
    assert line_points([cards("r3"), cards("b3"), cards("r3")]) == 3  # triplet, any colours
    assert line_points([cards("r1"), cards("r2"), cards("r3")]) == 2  # one colour
    assert line_points([cards("r1"), cards("b2"), cards("r3")]) == 1  # mixed
    assert line_points([cards("b2"), cards("b4"), cards("b8")]) == 2  # power series
    assert line_points([cards("b2"), cards("r4"), cards("b8")]) == 1
    three = Scoring(power_series_points=3)
    assert line_points([cards("b2"), cards("r4"), cards("b8")], three) == 3
    assert line_points([cards("b2"), cards("b4"), cards("b8")], three) == 3
    assert line_points([cards("r1"), cards("r5"), cards("r9")]) == 0
    with pytest.raises(PositionError, match="three cards, not 2"):
        line_points([cards("r1"), cards("r2")])
    with pytest.raises(TypeError, match="Card values, not str"):
        line_points(["r1", "r2", "r3"])  # type: ignore[list-item]


def test_hand_value_and_winner_score_cs17_cs20() -> None:
    grid = Grid.parse("r1 r1 b1 / r2 r2 b2 / r3 r3 b3")
    # Rows: three triplets, 9. Columns: r1 r2 r3 (2), r1 r2 r3 (2), b1 b2 b3 (2).
    # Diagonals: r1 r2 b3 (mixed one-straight, 1), b1 r2 r3 (1). Total 17.
    assert hand_value(grid) == 17
    assert winner_score(grid) == 3 + 17
    assert winner_score(grid, Scoring(three_triplets_bonus=True)) == 3 + 17 + 3
    # The power series, as a straight or as a number of points.
    grid = Grid.parse("b2 b4 b8 / b2 b4 b8 / b2 b4 b8")
    # Rows: 3 one-colour power series (2 each); columns triplets (9); diagonals
    # 2, 4, 8 (2 each): 6 + 9 + 4 = 19.
    assert hand_value(grid) == 19
    assert hand_value(grid, Scoring(power_series_points=5)) == 15 + 9 + 10
    assert winner_score(grid, Scoring(three_triplets_bonus=True)) == 3 + 19 + 3
    # A Grid with an empty position is worth 0 (CS-17).
    assert hand_value(Grid.parse("r1 r1 b1 / r2 r2 b2 / r3 r3 ..")) == 0
    # The bonus needs three triplet rows or three triplet columns.
    grid = Grid.parse("r1 r1 r1 / r2 r2 r2 / r3 r4 r5")
    assert hand_value(grid, Scoring(three_triplets_bonus=True)) == hand_value(grid)


def test_helpers_refuse_wrong_types() -> None:
    with pytest.raises(TypeError, match="a Grid is needed, not str"):
        is_winning_hand("r1 r1 r1 / r2 r2 r2 / r3 r3 r3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="scoring is a Scoring, not dict"):
        hand_value(Grid.parse("r1 r1 r1 / r2 r2 r2 / r3 r3 r3"), {})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="copies_per_colour is an int 1-9 or None, not bool"):
        winning_rank_patterns(True)
    with pytest.raises(PositionError, match="copies_per_colour is 1-9 or None, not 0"):
        count_winning_hands(0)
    with pytest.raises(TypeError, match="colours is a bool, not int"):
        count_winning_hands(2, 1)  # type: ignore[arg-type]


# -- counting winning hands, against brute force ------------------------------------------------


@cache
def brute_force_line_grids() -> frozenset[tuple[int, ...]]:
    """Every Grid of ranks whose rows and columns are lines: all 105^3 choices of rows, checked."""
    found = set()
    lines = sorted(ALL_LINES)
    for top, middle, bottom in itertools.product(lines, repeat=3):
        if all((top[c], middle[c], bottom[c]) in ALL_LINES for c in range(3)):
            found.add((*top, *middle, *bottom))
    return frozenset(found)


def brute_force_patterns(copies: int | None) -> set[tuple[int, ...]]:
    return {
        grid
        for grid in brute_force_line_grids()
        if sorted(grid) != list(RANKS)
        and (copies is None or max(Counter(grid).values()) <= 2 * copies)
    }


@pytest.mark.parametrize("copies", [None, 1, 2, 3, 4])
def test_winning_rank_patterns_agree_with_brute_force_cs19(copies: int | None) -> None:
    expected = brute_force_patterns(copies)
    patterns = winning_rank_patterns(copies)
    assert patterns == sorted(expected)
    assert count_winning_hands(copies, colours=False) == len(expected)


def test_the_standard_deck_s_pattern_count() -> None:
    # The nine-distinct Grids whose lines all qualify are left out (CS-19).
    magic = [g for g in brute_force_line_grids() if sorted(g) == list(RANKS)]
    assert magic  # 123 / 456 / 789 is one
    assert (1, 2, 3, 4, 5, 6, 7, 8, 9) in magic
    assert len(winning_rank_patterns(None)) == len(brute_force_line_grids()) - len(magic)


@cache
def colourings_by_brute_force(multiplicities: tuple[int, ...], copies: int) -> int:
    """Colourings of cards whose ranks repeat as ``multiplicities``, each card <= ``copies``."""
    cells = [rank for rank, n in enumerate(multiplicities) for _ in range(n)]
    total = 0
    for colours in itertools.product("rb", repeat=len(cells)):
        if max(Counter(zip(cells, colours, strict=True)).values()) <= copies:
            total += 1
    return total


@pytest.mark.parametrize("copies", [1, 2, 3])
def test_winning_grids_of_cards_agree_with_brute_force_colourings_cs19(copies: int) -> None:
    expected = 0
    for grid in brute_force_patterns(copies):
        shape = tuple(sorted(Counter(grid).values()))
        expected += colourings_by_brute_force(shape, copies)
    assert count_winning_hands(copies, colours=True) == expected


def test_unlimited_grids_of_cards_colour_freely() -> None:
    assert count_winning_hands(None, colours=True) == 2**9 * len(brute_force_patterns(None))


# -- the largest score -----------------------------------------------------------------------------


def test_max_score_of_the_standard_deck_cs16_cs20() -> None:
    # 3 + 17 for r1 r1 b1 / r2 r2 b2 / r3 r3 b3 (above), the best of the default rules.
    assert max_score() == 20
    assert max_score(2, Scoring(three_triplets_bonus=True)) == 23
    # The power series Latin square 248 / 482 / 824 in one colour: rows, columns and the
    # main diagonal (2, 8, 4) are power series, the anti-diagonal 8, 8, 8 a triplet.
    grid = Grid.parse("r2 r4 r8 / r4 r8 r2 / r8 r2 r4")
    assert is_winning_hand(grid)
    assert winner_score(grid, Scoring(power_series_points=9)) == 3 + 7 * 9 + 3
    assert max_score(2, Scoring(power_series_points=9)) == 69


def test_max_score_with_one_copy_cs1_cs20() -> None:
    # With one copy of each card a rank appears at most twice: no triplet. Rows r1 r2 r3
    # (2), b3 r4 b5 (1), r5 r6 r7 (2); columns r1 b3 r5 (1), r2 r4 r6 (2), r3 b5 r7 (1);
    # diagonals r1 r4 r7 (2), r3 r4 r5 (2): 13, and 3 for the win.
    grid = Grid.parse("r1 r2 r3 / b3 r4 b5 / r5 r6 r7")
    assert winner_score(grid) == 16
    assert max_score(1) == 16


deck_grids = st.lists(st.sampled_from(ALL_CARDS), min_size=9, max_size=9).map(Grid)


@given(grid=deck_grids, points=st.none() | st.integers(0, 9), bonus=st.booleans())
def test_no_grid_scores_above_max_score(grid: Grid, points: int | None, bonus: bool) -> None:
    copies = max(Counter(grid.cards).values())
    scoring = Scoring(power_series_points=points, three_triplets_bonus=bonus)
    if copies > 4:
        return
    assert hand_value(grid, scoring) <= max_score(copies, scoring)
    if is_winning_hand(grid):
        assert winner_score(grid, scoring) <= max_score(copies, scoring)
