"""Competitive Sudoku's spec: the direct definitions and the constraint models (CS-17..CS-20).

Expectations come from the rule text, from hand-worked examples (worked in
the comments) and from a brute force written here, independently of the
spec: lines are *generated* from the CS-18 formulas (the spec *recognises*
them), and winning rank patterns are found by trying every triple of rows.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from functools import cache

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from dokuspec.solvers import make_backend
from dokuspec.spec import competitive as spec
from dokuspec.vocabulary.competitive import ALL_CARDS, Card, Grid, Scoring

# -- the brute force (independent of the spec) -------------------------------------------------

GENERATED: dict[str, set[tuple[int, int, int]]] = {
    "triplet": {(a, a, a) for a in range(1, 10)},
    "one-straight": {(a, a + 1, a + 2) for a in range(1, 8)},
    "two-straight": {(a, a + 2, a + 4) for a in range(1, 6)},
    "three-straight": {(a, a + 3, a + 6) for a in range(1, 4)},
    "power-series": {(2, 4, 8)},
}
"""Each kind of CS-18 as its sorted rank triples, written from the formulas."""

ORDERED_LINES: dict[tuple[int, ...], str] = {
    order: kind
    for kind, triples in GENERATED.items()
    for triple in triples
    for order in itertools.permutations(triple)
}
"""Every ordered rank triple that is a line, with its kind."""

ROWS = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
COLUMNS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
DIAGONALS = ((0, 4, 8), (2, 4, 6))


def brute_kind(ranks: Sequence[int]) -> str | None:
    return ORDERED_LINES.get(tuple(ranks))


def brute_wins(ranks: Sequence[int]) -> bool:
    """CS-19: rows and columns are lines, and the ranks are not 1-9 all different."""
    if any(brute_kind([ranks[i] for i in line]) is None for line in ROWS + COLUMNS):
        return False
    return sorted(ranks) != list(range(1, 10))


@cache
def brute_patterns() -> frozenset[tuple[int, ...]]:
    """Every winning rank pattern (no deck limit), by trying every three rows that are lines."""
    rows = list(ORDERED_LINES)
    starts = {line[:2] for line in rows}  # the first two ranks of some line
    found = set()
    for first in rows:
        for second in rows:
            if all((first[j], second[j]) in starts for j in range(3)):
                for third in rows:
                    ranks = first + second + third
                    if brute_wins(ranks):
                        found.add(ranks)
    return frozenset(found)


def brute_points(cards: Sequence[Card], scoring: Scoring) -> int:
    """CS-20 for one line, from the rule text."""
    kind = brute_kind([c.rank for c in cards])
    if kind is None:
        return 0
    if kind == "triplet":
        return 3
    if kind == "power-series" and scoring.power_series_points != "as_straight":
        return int(scoring.power_series_points)
    return 2 if len({c.colour for c in cards}) == 1 else 1


def brute_value(grid: Grid, scoring: Scoring) -> int:
    if not grid.is_full:
        return 0
    cards = grid.cards
    return sum(
        brute_points([cards[i] for i in line], scoring)  # type: ignore[misc]
        for line in ROWS + COLUMNS + DIAGONALS
    )


def brute_three_triplets(ranks: Sequence[int]) -> bool:
    rows = all(len({ranks[i] for i in line}) == 1 for line in ROWS)
    columns = all(len({ranks[i] for i in line}) == 1 for line in COLUMNS)
    return rows or columns


def brute_colourings(size: int, copies: int | None) -> int:
    """Ways to colour ``size`` positions of one rank with at most ``copies`` per colour."""
    return sum(
        1
        for colours in itertools.product("rb", repeat=size)
        if copies is None or max(colours.count("r"), colours.count("b")) <= copies
    )


# -- CS-18: lines --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranks", "kind"),
    [
        # The examples of the rule text, "Winning Hands".
        ("333", "triplet"),
        ("777", "triplet"),
        ("999", "triplet"),
        ("123", "one-straight"),
        ("645", "one-straight"),
        ("987", "one-straight"),
        ("357", "two-straight"),
        ("684", "two-straight"),
        ("642", "two-straight"),
        ("147", "three-straight"),
        ("825", "three-straight"),
        ("963", "three-straight"),
        ("248", "power-series"),
        ("842", "power-series"),
        ("482", "power-series"),
        # Not lines: no wrapping round (8 9 1), steps of 4 (1 5 9), a pair
        # (1 1 2), uneven steps (1 2 4), a power series of another base (1 3 9).
        ("891", None),
        ("159", None),
        ("112", None),
        ("124", None),
        ("139", None),
        ("136", None),
    ],
)
def test_line_kinds_of_the_rule_text(ranks: str, kind: str | None) -> None:
    assert spec.kind_of_ranks(*(int(r) for r in ranks)) == kind


def test_the_line_triples_are_the_generated_ones() -> None:
    # 9 triplets, and 7 one-straights, 5 two-straights, 3 three-straights and
    # 1 power series in 6 orders each: 9 + 16 * 6 = 105.
    assert len(spec.LINE_TRIPLES) == 105
    assert dict(spec.LINE_TRIPLES) == ORDERED_LINES
    assert tuple(GENERATED) == spec.LINE_KINDS


# -- CS-20: points of one line --------------------------------------------------------------------

AS_STRAIGHT = Scoring("as_straight")
SERIES_3 = Scoring(power_series_points=3)
SERIES_0 = Scoring(power_series_points=0)


@pytest.mark.parametrize(
    ("cards", "scoring", "points"),
    [
        ("r5 b5 r5", AS_STRAIGHT, 3),  # a triplet: 3 whatever its colours
        ("b5 b5 b5", SERIES_3, 3),
        ("r1 r2 r3", AS_STRAIGHT, 2),  # a straight in one colour: 2
        ("r1 b2 r3", AS_STRAIGHT, 1),  # in mixed colours: 1
        ("b9 b6 b3", AS_STRAIGHT, 2),  # a three-straight, one colour
        ("b3 r5 b7", SERIES_3, 1),  # the power-series option changes only the power series
        ("r2 r4 r8", AS_STRAIGHT, 2),  # the power series as a straight: one colour 2
        ("b2 r4 b8", AS_STRAIGHT, 1),  # mixed colours 1
        ("r2 r4 r8", SERIES_3, 3),  # or its set points, whatever the colours
        ("b2 r4 b8", SERIES_3, 3),
        ("r2 r4 r8", SERIES_0, 0),
        ("r1 r2 r4", AS_STRAIGHT, 0),  # not a line
    ],
)
def test_points_of_a_line(cards: str, scoring: Scoring, points: int) -> None:
    line = [Card.parse(c) for c in cards.split()]
    assert spec.line_points(line, scoring) == points


# -- CS-17, CS-19, CS-20: whole hands, worked by hand ----------------------------------------------

# Rows one-straights in one colour (2 + 2 + 2), columns triplets (3 + 3 + 3),
# diagonals r1 b2 r3 and r3 b2 r1 straights in mixed colours (1 + 1): 17.
HAND_A = Grid.parse("r1 r2 r3 / b1 b2 b3 / r1 r2 r3")
# Rows power series in one colour (2 each as straights, 3 each with the
# option), columns triplets (3 each), diagonals b2 r4 b8 and b8 r4 b2 power
# series in mixed colours (1 each as straights, 3 with the option).
HAND_B = Grid.parse("b2 b4 b8 / r2 r4 r8 / b2 b4 b8")
# Not winning (row 1 = 1 5 9). Row 3 r3 b3 r3 a triplet (3); column 1
# r1 b2 r3 a straight in mixed colours (1); the anti-diagonal r9 b6 r3 a
# three-straight in mixed colours (1); nothing else: 5.
HAND_C = Grid.parse("r1 r5 r9 / b2 b6 b7 / r3 b3 r3")
# Every row and column a line, but the ranks are 1-9 all different: not
# winning. Rows in one colour (2 + 2 + 2), columns r1 b4 r7 etc. mixed
# (1 + 1 + 1), main diagonal 1 5 9 nothing, anti-diagonal r3 b5 r7 a mixed
# two-straight (1): 10.
HAND_E = Grid.parse("r1 r2 r3 / b4 b5 b6 / r7 r8 r9")
# Three triplet rows (3 + 3 + 3); columns r1 r2 r3, b1 b2 b3, r1 r2 r3 in one
# colour (2 + 2 + 2); diagonals r1 b2 r3 and r1 b2 r3 mixed (1 + 1): 17.
HAND_F = Grid.parse("r1 b1 r1 / r2 b2 r2 / r3 b3 r3")
# Nine r5 (an unlimited deck): 8 triplets, 24; rows and columns are all
# triplets, but the bonus is paid once (CS-29).
HAND_G = Grid.parse("r5 r5 r5 / r5 r5 r5 / r5 r5 r5")

BONUS = Scoring(three_triplets_bonus=True)
LOSER = Scoring(score_loser_hand=True)


@pytest.mark.parametrize(
    ("grid", "winning", "scoring", "value", "winner", "loser"),
    [
        (HAND_A, True, AS_STRAIGHT, 17, 20, 0),
        (HAND_A, True, BONUS, 17, 23, 0),  # all three columns are triplets: +3
        (HAND_A, True, LOSER, 17, 20, 17),
        (HAND_B, True, AS_STRAIGHT, 17, 20, 0),  # 6 + 9 + 2
        (HAND_B, True, SERIES_3, 24, 27, 0),  # 9 + 9 + 6
        (HAND_B, True, SERIES_0, 9, 12, 0),  # 0 + 9 + 0
        (HAND_B, True, Scoring(3, True, True), 24, 30, 24),
        (HAND_C, False, LOSER, 5, None, 5),
        (HAND_C, False, AS_STRAIGHT, 5, None, 0),
        (HAND_E, False, LOSER, 10, None, 10),
        (HAND_F, True, AS_STRAIGHT, 17, 20, 0),
        (HAND_F, True, BONUS, 17, 23, 0),  # all three rows are triplets: +3
        (HAND_G, True, BONUS, 24, 30, 0),  # 3 + 24 + 3, not + 6
        (HAND_A.without(5), False, LOSER, 0, None, 0),  # an empty position: value 0 (CS-17)
    ],
)
def test_hands_worked_by_hand(
    grid: Grid,
    winning: bool,
    scoring: Scoring,
    value: int,
    winner: int | None,
    loser: int,
) -> None:
    ranks = grid.ranks
    assert (None not in ranks and spec.is_winning_ranks(ranks)) is winning  # type: ignore[arg-type]
    assert spec.hand_value(grid, scoring) == value
    assert spec.loser_score(grid, scoring) == loser
    if winner is not None:
        assert spec.winner_score(grid, scoring) == winner


def test_three_triplets_needs_a_full_grid() -> None:
    assert spec.three_triplets(HAND_F) and spec.three_triplets(HAND_A)
    assert not spec.three_triplets(HAND_B.replaced(1, Card("b", 4)))
    with pytest.raises(ValueError, match="empty position"):
        spec.three_triplets(HAND_F.without(1))


def test_rank_signatures() -> None:
    assert spec.rank_signature([1, 2, 3, 1, 2, 3, 1, 2, 3]) == (3, 3, 3)
    assert spec.rank_signature([5, 5, 1, 2, 2, 9, 9, 9, 9]) == (4, 2, 2, 1)


# -- the rank-pattern model ------------------------------------------------------------------------


@pytest.mark.parametrize("copies", [1, 2, None])
def test_the_pattern_model_has_exactly_the_winning_patterns(copies: int | None) -> None:
    # CS-1: a deck with c copies of each card has 2c of each rank.
    expected = {
        p for p in brute_patterns() if copies is None or max(Counter(p).values()) <= 2 * copies
    }
    model = spec.pattern_model(copies)
    found = make_backend("sat", model.model).enumerate(model.projection)
    assert found.complete
    patterns = [model.ranks_of(solution) for solution in found.solutions]
    assert len(patterns) == len(set(patterns))
    assert set(patterns) == expected


def test_the_brute_force_counts() -> None:
    # Worked out once by the brute force and recorded: the counts the public
    # API and the engine must give (CS-1 standard deck: 4 of a rank at most).
    patterns = brute_patterns()
    assert len(patterns) == 16_845
    assert sum(max(Counter(p).values()) <= 4 for p in patterns) == 13_956


# -- the hand model --------------------------------------------------------------------------------

cards = st.sampled_from(ALL_CARDS)


@st.composite
def full_grids(draw: st.DrawFn) -> Grid:
    """Full Grids: half of them winning hands (a winning pattern in random colours)."""
    if draw(st.booleans()):
        ranks = draw(st.sampled_from(sorted(brute_patterns())))
        colours = draw(st.lists(st.sampled_from("rb"), min_size=9, max_size=9))
        return Grid(Card(c, r) for c, r in zip(colours, ranks, strict=True))  # type: ignore[arg-type]
    return Grid(draw(st.lists(cards, min_size=9, max_size=9)))


@settings(max_examples=examples(1.0))
@given(full_grids(), st.sampled_from([AS_STRAIGHT, SERIES_3, BONUS, Scoring(0, True)]))
def test_the_hand_model_reads_a_grid_as_the_rules_do(grid: Grid, scoring: Scoring) -> None:
    model = spec.hand_model()
    compiled = make_backend("sat", model.model)
    answer = compiled.solve(model.placement_assumptions(grid))
    assert answer.status == "sat"
    assert model.grid_of(answer.model) == grid  # type: ignore[arg-type]
    ranks = grid.ranks
    for n, line in enumerate(ROWS + COLUMNS + DIAGONALS):
        kind = brute_kind([ranks[i] for i in line])  # type: ignore[misc]
        number = 0 if kind is None else list(GENERATED).index(kind) + 1
        assert answer.value(model.kinds[n].literal(number))
    assert answer.value(model.bonus) is brute_three_triplets(ranks)  # type: ignore[arg-type]
    objective = sum(c for c, lit in model.objective(scoring).terms if answer.value(lit))
    bonus = 3 if scoring.three_triplets_bonus and brute_three_triplets(ranks) else 0  # type: ignore[arg-type]
    assert objective == brute_value(grid, scoring) + bonus
    counts = Counter(grid.cards)
    for card in ALL_CARDS:
        used = [answer.value(literal) for literal in model.used[_index(card)]]
        assert used == [k <= counts[card] for k in range(1, 10)]
    # With the winning rules assumed, only a winning hand is a solution.
    guarded = compiled.solve([*model.always, *model.placement_assumptions(grid)])
    assert (guarded.status == "sat") is brute_wins(ranks)  # type: ignore[arg-type]


def _index(card: Card) -> int:
    # r1-r9 are 0-8, b1-b9 9-17 (the vocabulary's card_index, written out).
    return (0 if card.colour == "r" else 9) + card.rank - 1


def test_supply_assumptions_bound_the_copies_of_a_card() -> None:
    # Position 2 must hold a 2 (column 2 is 2, ?, 2 and row 1 is 1, ?, 3):
    # with no 2 allowed anywhere beyond the two on the Grid, it is impossible.
    model = spec.hand_model()
    compiled = make_backend("sat", model.model)
    grid = HAND_A.without(2)
    base = [*model.always, *model.placement_assumptions(grid)]
    two = {Card("r", 2): 1, Card("b", 2): 1}  # the r2 at position 8 and the b2 at 5 only
    assert compiled.solve(base + model.supply_assumptions(two)).status == "unsat"
    answer = compiled.solve(base + model.supply_assumptions({Card("r", 2): 1}))
    assert answer.status == "sat"
    assert model.grid_of(answer.model).at(2) == Card("b", 2)  # type: ignore[arg-type]


# -- the colouring model ---------------------------------------------------------------------------


@pytest.mark.parametrize("copies", [1, 2, 3, None])
def test_the_colouring_model_counts_the_colourings(copies: int | None) -> None:
    signatures = {spec.rank_signature(p) for p in brute_patterns()}
    assert (3, 3, 3) in signatures and (9,) in signatures
    for signature in sorted(signatures):
        model = spec.colouring_model(signature, copies)
        found = make_backend("sat", model.model).enumerate(model.red)
        assert found.complete
        expected = math.prod(brute_colourings(size, copies) for size in signature)
        assert len(found.solutions) == expected, signature
