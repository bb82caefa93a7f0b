"""Competitive Sudoku's public API: hands by definition, and the solver-backed queries.

Expectations are worked by hand (in the comments), or come from the brute
force of ``test_spec_competitive`` (written independently of the spec), from
a brute force over the available cards written here, from the other solver
backend, and from the engine's own count.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from competitive.test_spec import brute_patterns, brute_points, brute_three_triplets, brute_wins
from dokuspec import competitive as cs
from dokuspec.competitive import (
    STANDARD_DECK,
    UNLIMITED_DECK,
    Card,
    Cards,
    Deck,
    Grid,
    Out,
    Placement,
    Scoring,
)
from dokuspec.errors import BudgetError, NotationError, PositionError, SolverError

HAND_A = Grid.parse("r1 r2 r3 / b1 b2 b3 / r1 r2 r3")
HAND_E = Grid.parse("r1 r2 r3 / b4 b5 b6 / r7 r8 r9")

# -- line_kind, lines, is_winning, hand_value, score -------------------------------------------


def test_line_kind_takes_cards_or_ranks() -> None:
    assert cs.line_kind([Card("r", 8), Card("b", 4), Card("r", 2)]) == "power-series"
    assert cs.line_kind((9, 6, 3)) == "three-straight"
    assert cs.line_kind(iter([7, 7, 7])) == "triplet"
    assert cs.line_kind([1, 2, 4]) is None


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        ("r1 r2 r3", TypeError, "not str"),
        ([1, 2, None], TypeError, "not NoneType"),
        ([1, 2, True], TypeError, "not bool"),
        ([1, 2], PositionError, "3 cards, not 2"),
        ([1, 2, 3, 4], PositionError, "3 cards, not 4"),
        ([1, 2, 10], PositionError, "rank is 1-9, not 10"),
        ([0, 1, 2], PositionError, "rank is 1-9, not 0"),
    ],
)
def test_line_kind_refuses_bad_arguments(cards: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        cs.line_kind(cards)  # type: ignore[arg-type]


def test_every_line_of_a_hand() -> None:
    # HAND_A: rows one-straights in one colour (2 each), columns triplets (3
    # each), diagonals r1 b2 r3 / r3 b2 r1 mixed (1 each).
    found = cs.lines(HAND_A)
    assert [(x.name, x.positions, x.kind, x.points) for x in found] == [
        ("row 1", (1, 2, 3), "one-straight", 2),
        ("row 2", (4, 5, 6), "one-straight", 2),
        ("row 3", (7, 8, 9), "one-straight", 2),
        ("column 1", (1, 4, 7), "triplet", 3),
        ("column 2", (2, 5, 8), "triplet", 3),
        ("column 3", (3, 6, 9), "triplet", 3),
        ("main diagonal", (1, 5, 9), "one-straight", 1),
        ("anti-diagonal", (3, 5, 7), "one-straight", 1),
    ]
    assert found[6].cards == (Card("r", 1), Card("b", 2), Card("r", 3))
    # Without position 5, the lines through it have no kind and no points.
    partial = cs.lines(str(HAND_A.without(5)))
    assert [x.kind for x in partial] == [
        "one-straight", None, "one-straight", "triplet", None, "triplet", None, None,
    ]  # fmt: skip
    assert partial[1].cards == (Card("b", 1), None, Card("b", 3))


def test_winning_hands() -> None:
    assert cs.is_winning(HAND_A)
    assert cs.is_winning("r1 r2 r3 / b1 b2 b3 / r1 r2 r3")
    assert not cs.is_winning(HAND_A.without(9))  # not full
    assert not cs.is_winning(HAND_E)  # all lines, but 1-9 all different
    assert not cs.is_winning(HAND_A.replaced(9, Card("r", 4)))  # row 3 is 1 2 4
    assert cs.why_not_winning(HAND_A) is None
    assert cs.why_not_winning(HAND_A.without(9)) == "position 9 is empty"
    assert cs.why_not_winning(HAND_E) == "its nine ranks are 1-9, all different"
    assert cs.why_not_winning(HAND_A.replaced(9, Card("r", 4))) == "row 3 is not a line"
    # Rows are named before columns: 1 1 1 / 2 2 2 / 3 3 4 has row 3 and column 3 wrong.
    assert cs.why_not_winning("r1 r1 b1 / r2 b2 b2 / r3 b3 r4") == "row 3 is not a line"
    assert cs.why_not_winning("r1 r2 r3 / b1 b2 b3 / r1 r2 b5") == "row 3 is not a line"
    assert cs.why_not_winning("r1 r2 r5 / b1 b2 b5 / r1 r2 b5") == "row 1 is not a line"
    assert cs.why_not_winning("r1 r2 r3 / b1 b2 b3 / r2 r3 r4") == "column 1 is not a line"


def test_values_and_scores() -> None:
    assert cs.hand_value(HAND_A) == 17
    assert cs.hand_value(HAND_A, Scoring(three_triplets_bonus=True)) == 17  # CS-30
    assert cs.score(HAND_A) == 20
    assert cs.score(HAND_A, Scoring(three_triplets_bonus=True)) == 23
    assert cs.score(HAND_A, winner=False) == 0
    assert cs.score(HAND_A, Scoring(score_loser_hand=True), winner=False) == 17
    # HAND_E's value: rows in one colour 2 + 2 + 2, columns mixed 1 + 1 + 1,
    # the anti-diagonal r3 b5 r7 mixed 1: 10 (a loser's hand need not be winning).
    assert cs.score(HAND_E, Scoring(score_loser_hand=True), winner=False) == 10
    assert cs.score(HAND_E.without(1), Scoring(score_loser_hand=True), winner=False) == 0


def test_hand_functions_refuse_bad_arguments() -> None:
    with pytest.raises(PositionError, match="not a winning hand: its nine ranks are 1-9"):
        cs.score(HAND_E)
    with pytest.raises(PositionError, match="not a winning hand: position 9 is empty"):
        cs.score(HAND_A.without(9))
    with pytest.raises(TypeError, match="winner must be a bool, not int"):
        cs.score(HAND_A, winner=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="scoring must be a Scoring, not dict"):
        cs.hand_value(HAND_A, {"power_series_points": 3})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"a Grid .* is needed, not list"):
        cs.is_winning(list(HAND_A.cards))  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="column 4"):
        cs.is_winning("r1 x2 r3 / b1 b2 b3 / r1 r2 r3")


# -- completions ---------------------------------------------------------------------------------

# Position 5 must be a 2 (row 2 is 1 ? 3, column 2 is 2 ? 2) and position 9 a
# 3 (row 3 is 1 2 ?, column 3 is 3 3 ?).
PARTIAL = Grid.parse("r1 r2 r3 / b1 .. b3 / r1 r2 ..")


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_completions_worked_by_hand(backend: cs.queries.BackendName) -> None:
    found = cs.completions(PARTIAL, "b2 r3 b5", backend=backend)
    assert found.status == "completable"
    assert found.completion == HAND_A
    assert found.placements == (Placement(5, Card("b", 2)), Placement(9, Card("r", 3)))
    assert found.backend == backend
    # Only b3 for position 9.
    found = cs.completions(PARTIAL, Cards.parse("b3 b2"), backend=backend)
    assert found.placements == (Placement(5, Card("b", 2)), Placement(9, Card("b", 3)))
    # No 2 or no 3: impossible; one card cannot fill two positions.
    for available in ("r4 b5", "b2 b5", "r3 b3", "b2", "-"):
        answer = cs.completions(PARTIAL, available, backend=backend)
        assert (answer.status, answer.completion, answer.placements) == ("impossible", None, ())
    # A full Grid is asked as it is.
    assert cs.completions(HAND_A, "-", backend=backend).status == "completable"
    assert cs.completions(HAND_A, "-", backend=backend).placements == ()
    assert cs.completions(HAND_E, "r5", backend=backend).status == "impossible"
    # Row 3 is 7 8 ? (6 or 9) and column 3 is 3 6 ? (9): the only fit makes the
    # nine ranks 1-9, which is not a winning hand (CS-19).
    assert cs.completions(HAND_E.without(9), "r9 b9 r6", backend=backend).status == "impossible"


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_completions_count_the_copies_available(backend: cs.queries.BackendName) -> None:
    # Positions 2 and 6 must both be 7s (row 1 is 7 ? 7, row 2 is 7 7 ?): one
    # b7 is not enough, two are (with an unlimited deck: nine 7s).
    grid = Grid.parse("r7 .. r7 / r7 r7 .. / r7 r7 r7")
    assert cs.completions(grid, "b7 r5", deck="unlimited", backend=backend).status == "impossible"
    found = cs.completions(grid, "b7 b7", deck=UNLIMITED_DECK, backend=backend)
    assert found.placements == (Placement(2, Card("b", 7)), Placement(6, Card("b", 7)))
    found = cs.completions(grid, "r7 b7 b5", deck=UNLIMITED_DECK, backend=backend)
    assert sorted(p.card for p in found.placements) == [Card("b", 7), Card("r", 7)]
    assert [p.position for p in found.placements] == [2, 6]


def test_the_deck_must_hold_the_grid_and_the_available_cards() -> None:
    with pytest.raises(PositionError, match=r"standard deck has 2 copies of r2, but the Grid and"):
        cs.completions(PARTIAL, "r2 b2")
    with pytest.raises(PositionError, match=r"of b5, but the available cards hold 3"):
        cs.outs(PARTIAL, "b5 b5 b5")
    with pytest.raises(
        PositionError, match=r"a deck of 1 copy of each card has 1 copy of r1, but the Grid holds 2"
    ):
        cs.completions(PARTIAL, "-", deck=Deck(1))
    with pytest.raises(PositionError, match=r"of r7, but the Grid holds 7"):
        cs.completions("r7 .. r7 / r7 r7 .. / r7 r7 r7", "b7")
    # Unlimited: no check.
    assert cs.completions(PARTIAL, "r2 b2 b2 r3", deck="unlimited").status == "completable"


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: cs.completions(5, "-"), TypeError, r"a Grid .* is needed, not int"),
        (lambda: cs.completions(PARTIAL, [Card("b", 2)]), TypeError, "available must be Cards"),
        (lambda: cs.completions(PARTIAL, "b2 q3"), NotationError, "column 4"),
        (lambda: cs.completions(PARTIAL, "-", deck=2), TypeError, "deck must be a Deck"),
        (lambda: cs.completions(PARTIAL, "-", deck="huge"), NotationError, "not a deck"),
        (lambda: cs.completions(PARTIAL, "-", backend="cadical"), SolverError, "unknown backend"),
        (lambda: cs.completions(PARTIAL, "-", backend=3), TypeError, "backend must be a str"),
        (lambda: cs.completions(PARTIAL, "-", time_limit=-1), BudgetError, "time_limit"),
        (lambda: cs.outs(PARTIAL, "-", budget=5), TypeError, "budget must be a Budget"),
        (lambda: cs.best_completion(PARTIAL, "-", 3), TypeError, "scoring must be a Scoring"),
        (lambda: cs.count_winning("10"), NotationError, r"'10' is not a deck"),
        (lambda: cs.count_winning(2), TypeError, "deck must be a Deck"),
        (lambda: cs.count_winning(colours=1), TypeError, "colours must be a bool"),
        (
            lambda: cs.count_winning(backend="minisat"),
            SolverError,
            "'direct', 'sat', 'z3', 'engine'",
        ),
    ],
)
def test_queries_refuse_bad_arguments(call: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]


def test_budgets_answer_unknown() -> None:
    assert cs.completions(PARTIAL, "b2 r3", time_limit=0).status == "unknown"
    assert cs.completions(PARTIAL, "b2 r3", conflict_limit=0, backend="z3").status == "unknown"
    best = cs.best_completion(PARTIAL, "b2 r3", conflict_limit=0)
    assert (best.status, best.score, best.proven_optimal) == ("unknown", None, False)
    with pytest.raises(TimeoutError, match="before every out was known"):
        cs.outs(HAND_A, "b1", time_limit=0)


# -- outs ----------------------------------------------------------------------------------------

# Row 2 is 2 ? 8 (a 4: the power series; a 5: a three-straight) and so is
# column 2; the other rows and columns are lines (4 2 6, 6 8 7; 4 2 6, 6 8 7)
# and the ranks repeat: a 4 or a 5 at position 5 wins.
TWO_WAYS = Grid.parse("r4 b2 r6 / r2 .. b8 / b6 r8 b7")


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_outs_worked_by_hand(backend: cs.queries.BackendName) -> None:
    found = cs.outs(TWO_WAYS, "r4 b4 r5 b5 r9 b1 b3", backend=backend)
    assert found == tuple(Out(Card.parse(card), 5, "place") for card in ("b4", "b5", "r4", "r5"))
    assert cs.outs(TWO_WAYS, "r9 b1 b3", backend=backend) == ()
    # A full Grid: only position 9 (row 3 is 1 2 4, column 3 is 3 3 4) can
    # be fixed, by a 3.
    broken = HAND_A.replaced(9, Card("r", 4))
    assert cs.outs(broken, "r3 b3 b7 r5", backend=backend) == (
        Out(Card("b", 3), 9, "swap"),
        Out(Card("r", 3), 9, "swap"),
    )
    # Swapping a 9 into position 9 of 1 2 3 / 4 5 6 / 7 8 5 makes 1-9 all different.
    assert cs.outs("r1 r2 r3 / b4 b5 b6 / r7 r8 b5", "r9 b9", backend=backend) == ()
    # Two empty positions: one card cannot complete the hand.
    assert cs.outs(PARTIAL, "b2 r3 b3", backend=backend) == ()
    # A Grid that already wins: the swaps that keep it winning, here a 1 onto
    # the positions of the 1s (position 4's b1 for b1: the Grid as it is).
    assert cs.outs(HAND_A, "b1", backend=backend) == tuple(
        Out(Card("b", 1), position, "swap") for position in (1, 4, 7)
    )


# -- the brute force over the available cards ----------------------------------------------------


def brute_outs(grid: Grid, available: Cards) -> set[tuple[Card, int, str]]:
    empty = grid.empty_positions()
    found = set()
    if len(empty) > 1:
        return found
    for card in set(available):
        for position in empty or range(1, 10):
            ranks = list(grid.ranks)
            ranks[position - 1] = card.rank
            if brute_wins(ranks):  # type: ignore[arg-type]
                found.add((card, position, "place" if empty else "swap"))
    return found


def brute_fillings(grid: Grid, available: Cards) -> list[Grid]:
    """Every winning Grid made by putting available cards on the empty positions."""
    empty = [p - 1 for p in grid.empty_positions()]
    fillings = set()
    for chosen in itertools.permutations(list(available), len(empty)):
        cards = list(grid.cards)
        for index, card in zip(empty, chosen, strict=True):
            cards[index] = card
        if brute_wins([c.rank for c in cards]):  # type: ignore[union-attr]
            fillings.add(Grid(cards))
    return sorted(fillings, key=str)


def brute_score(grid: Grid, scoring: Scoring) -> int:
    cards = grid.cards
    lines = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
    total = 3 + sum(brute_points([cards[i] for i in line], scoring) for line in lines)  # type: ignore[misc]
    if scoring.three_triplets_bonus and brute_three_triplets(grid.ranks):  # type: ignore[arg-type]
        total += 3
    return total


@cache
def standard_patterns() -> list[tuple[int, ...]]:
    """The winning rank patterns of the standard deck, made when first drawn from (not at
    collection, which every test process pays)."""
    return sorted(p for p in brute_patterns() if max(Counter(p).values()) <= 4)


@st.composite
def near_wins(draw: st.DrawFn, emptied: int) -> tuple[Grid, Cards]:
    """A winning hand of the standard deck with ``emptied`` positions emptied (for -1: one
    card replaced by another card of the deck), and available cards from the rest of the deck."""
    ranks = draw(st.sampled_from(standard_patterns()))
    colours = draw(st.lists(st.sampled_from("rb"), min_size=9, max_size=9))
    cards: list[Card] = []
    for rank, colour in zip(ranks, colours, strict=True):
        card = Card(colour, rank)  # type: ignore[arg-type]
        if cards.count(card) == 2:  # both copies are used: the other colour has room
            card = Card("b" if colour == "r" else "r", rank)
        cards.append(card)
    grid = Grid(cards)
    if emptied < 0:
        position = draw(st.integers(1, 9))
        grid = grid.without(position)
        spare = list(STANDARD_DECK.cards() - grid.contents())
        grid = grid.with_card(position, draw(st.sampled_from(spare)))
    else:
        for position in draw(st.permutations(range(1, 10)))[:emptied]:
            grid = grid.without(position)
    rest = list(STANDARD_DECK.cards() - grid.contents())
    chosen = draw(st.lists(st.integers(0, len(rest) - 1), max_size=7, unique=True))
    return grid, Cards(rest[i] for i in chosen)


@settings(max_examples=examples(1.0))
@given(st.sampled_from([-1, 0, 1, 2, 3, 4, 6]).flatmap(near_wins))
def test_the_greedy_bot_s_outs_and_completability_are_the_solver_s(
    case: tuple[Grid, Cards],
) -> None:
    # The greedy bot looks outs and completability up among the winning rank patterns;
    # the solver queries (checked against brute force above and below) are the reference.
    from dokuspec.competitive import bots  # noqa: PLC0415

    grid, available = case
    assert bots._outs(grid, available, STANDARD_DECK) == cs.outs(grid, available)
    expected = cs.completions(grid, available).status == "completable"
    assert bots._completable(grid, available, STANDARD_DECK) == expected


@settings(max_examples=examples(1.0))
@given(st.sampled_from([-1, 0, 1, 2]).flatmap(near_wins))
def test_outs_are_the_brute_force_outs(case: tuple[Grid, Cards]) -> None:
    grid, available = case
    found = cs.outs(grid, available)
    assert list(found) == sorted(found)
    assert {(o.card, o.position, o.kind) for o in found} == brute_outs(grid, available)
    assert cs.outs(grid, available, backend="z3") == found


@settings(max_examples=examples(1.0))
@given(st.sampled_from([1, 2, 3]).flatmap(near_wins))
def test_completions_are_the_brute_force_completions(case: tuple[Grid, Cards]) -> None:
    grid, available = case
    fillings = brute_fillings(grid, available)
    for backend in ("sat", "z3"):
        found = cs.completions(grid, available, backend=backend)  # type: ignore[arg-type]
        assert found.status == ("completable" if fillings else "impossible")
        if fillings:
            assert found.completion in fillings
            assert Cards(p.card for p in found.placements).issubset(available)
            assert [p.position for p in found.placements] == list(grid.empty_positions())


SCORINGS = [
    Scoring(),
    Scoring(3),
    Scoring("as_straight"),
    Scoring(0, True),
    Scoring("as_straight", True),
]


@pytest.mark.parametrize("exact", [False, True])
@settings(max_examples=examples(0.6))
@given(st.sampled_from([1, 2, 3]).flatmap(near_wins), st.sampled_from(SCORINGS))
def test_best_completion_is_the_brute_force_best(
    exact: bool, case: tuple[Grid, Cards], scoring: Scoring
) -> None:
    # exact_best_completion runs on the one incremental solver every example shares:
    # what it learnt and the bounds it retired do not change the answers.
    grid, available = case
    fillings = brute_fillings(grid, available)
    best_of = cs.exact_best_completion if exact else cs.best_completion
    found = best_of(grid, available, scoring)
    if not fillings:
        assert (found.status, found.completion, found.score) == ("impossible", None, None)
        return
    best = max(brute_score(g, scoring) for g in fillings)
    assert (found.status, found.score) == ("optimal", best)
    assert found.completion in fillings
    assert brute_score(found.completion, scoring) == best  # type: ignore[arg-type]


def test_the_exact_best_completion_falls_back_to_rc2_when_the_budget_runs_out() -> None:
    # One conflict cannot prove the optimum of the empty Grid; RC2 then proves it.
    from dokuspec.engine.competitive import max_score  # noqa: PLC0415

    found = cs.exact_best_completion(Grid([None] * 9), STANDARD_DECK.cards(), conflict_limit=1)
    assert (found.status, found.score) == ("optimal", max_score(2, Scoring()))


# -- best completion ------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_best_completion_worked_by_hand(backend: cs.queries.BackendName) -> None:
    # TWO_WAYS with a 4 or a 5 at position 5: rows 4 2 6 (mixed, 1), 2 ? 8
    # (mixed, 1), 6 8 7 (mixed, 1); columns 4 2 6, 2 ? 8, 6 8 7 (all mixed,
    # 1 each); diagonals 4 ? 7 and 6 ? 6 are no lines: 6 + 3 = 9 either way.
    found = cs.best_completion(TWO_WAYS, "r4 b5", backend=backend)
    assert (found.status, found.score, found.proven_optimal) == ("optimal", 9, True)
    # With the power series at 3 points, a 4 makes row 2 and column 2 power
    # series: 1 + 3 + 1 + 1 + 3 + 1 + 3 = 13 beats the 5's 9.
    found = cs.best_completion(TWO_WAYS, "r4 b5", Scoring(power_series_points=3), backend=backend)
    assert (found.status, found.score) == ("optimal", 13)
    assert found.placements == (Placement(5, Card("r", 4)),)
    # PARTIAL: b2 at 5 is forced; at 9, r3 gives HAND_A (20) while b3 makes
    # row 3 r1 r2 b3 mixed (1 instead of 2) and column 3 r3 b3 b3 still a
    # triplet: 19.
    found = cs.best_completion(PARTIAL, "b2 r3 b3", backend=backend)
    assert (found.score, found.completion) == (20, HAND_A)
    found = cs.best_completion(PARTIAL, "r4 b3", backend=backend)
    assert (found.status, found.completion, found.score) == ("impossible", None, None)


def test_best_completion_under_a_budget_searches_for_better_hands() -> None:
    # With a budget, the search for ever better hands (not RC2) runs; given
    # enough, it proves the same optimum.
    found = cs.best_completion(TWO_WAYS, "r4 b5", Scoring(3), time_limit=60.0)
    assert (found.status, found.score) == ("optimal", 13)


def test_the_best_hand_of_the_standard_deck() -> None:
    # The engine's own search for the largest score agrees.
    from dokuspec.engine.competitive import max_score  # noqa: PLC0415

    deck = STANDARD_DECK.cards()
    for scoring in (Scoring(), Scoring(three_triplets_bonus=True)):
        found = cs.best_completion(Grid([None] * 9), deck, scoring)
        assert found.status == "optimal"
        assert found.score == max_score(2, scoring)
        assert cs.score(found.completion, scoring) == found.score  # type: ignore[arg-type]


# -- counting winning hands ----------------------------------------------------------------------


def brute_count(copies: int | None, colours: bool) -> int:
    """Winning hands of a deck, from the brute-force patterns and colourings written here."""
    total = 0
    for pattern in brute_patterns():
        counts = Counter(pattern).values()
        if copies is not None and max(counts) > 2 * copies:
            continue
        ways = 1
        if colours:
            for size in counts:
                ways *= sum(
                    1
                    for colouring in itertools.product("rb", repeat=size)
                    if copies is None or max(colouring.count("r"), colouring.count("b")) <= copies
                )
        total += ways
    return total


# The SAT counts take seconds each (the standard deck's Grids of cards about 5 s): the
# smallest deck in the default run, the others with the slow cross-checks.
_SLOW = pytest.mark.slow


@pytest.mark.parametrize(
    ("backend", "deck"),
    [
        *((b, d) for b in ("direct", "engine") for d in (STANDARD_DECK, UNLIMITED_DECK, Deck(1))),
        ("sat", Deck(1)),
        pytest.param("sat", STANDARD_DECK, marks=_SLOW),
        pytest.param("sat", UNLIMITED_DECK, marks=_SLOW),
    ],
)
@pytest.mark.parametrize("colours", [False, True])
def test_counts_agree_with_the_brute_force(backend: str, deck: Deck, colours: bool) -> None:
    expected = brute_count(deck.copies_per_colour, colours)
    assert cs.count_winning(deck, colours, backend=backend) == expected  # type: ignore[arg-type]


def test_the_brute_force_counts_of_grids_of_cards() -> None:
    # The brute force's counts, recorded: what the tests above hold the
    # backends to. Without a limit, each of the 9 positions may be red or black.
    assert brute_count(2, True) == 5_847_552
    assert brute_count(None, True) == 16_845 * 2**9 == 8_624_640


@pytest.mark.slow
def test_z3_counts_the_same_patterns() -> None:
    # Deck(1): at most 2 of a rank; the smallest deck keeps Z3's enumeration short.
    assert cs.count_winning(Deck(1), backend="z3") == brute_count(1, False) == 5_940


def test_counts_within_a_budget() -> None:
    assert cs.count_winning_within(time_limit=0) == cs.Count(0, False)
    assert cs.count_winning_within(colours=True, conflict_limit=0) == cs.Count(0, False)
    assert cs.count_winning_within(backend="engine", time_limit=0) == cs.Count(0, False)
    assert cs.count_winning_within(backend="engine") == cs.Count(13_956, True)
    assert cs.count_winning_within(backend="direct", time_limit=0) == cs.Count(0, False)
    assert cs.count_winning_within() == cs.Count(13_956, True)  # the direct count by default
    with pytest.raises(TimeoutError, match="before the count was known"):
        cs.count_winning(time_limit=0)


def test_the_pattern_model_refuses_a_copies_value_that_is_not_a_number_of_copies() -> None:
    with pytest.raises(TypeError, match="copies_per_colour is an int 1-9 or None, not Deck"):
        cs.compiled_pattern_model(Deck(1))  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="copies_per_colour is 1-9, not 0"):
        cs.compiled_pattern_model(0)


def test_no_winning_completion_gets_a_proof_the_checker_accepts() -> None:
    # Two positions left, and no card that makes a line of three: impossible (CS-19).
    found = cs.completions("r1 r2 r3 / b1 b2 b3 / r1 r2 ..", "b9", proof=True)
    assert found.status == "impossible" and found.proof is not None
    verdict = found.proof.check()
    assert verdict.accepted, verdict.reason
    lines = found.proof.cnf.splitlines()
    assert lines[:3] == [
        "c dokuspec: a Competitive Sudoku Grid that cannot become a winning hand (CS-19)",
        "c grid r1 r2 r3 / b1 b2 b3 / r1 r2 ..",
        "c available b9",
    ]
    assert "c var 1 position 1 holds r1" in lines
    assert cs.completions(PARTIAL, "b2 r3 b5", proof=True).proof is None
    with pytest.raises(SolverError, match="proofs come from the SAT backend"):
        cs.completions(PARTIAL, "b9", backend="z3", proof=True)
    with pytest.raises(TypeError, match="proof must be a bool"):
        cs.completions(PARTIAL, "b9", proof=1)  # type: ignore[arg-type]
