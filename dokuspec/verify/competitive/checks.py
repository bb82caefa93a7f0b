"""Competitive Sudoku's cross-checks in the verification campaign (:mod:`dokuspec.verify.campaign`).

Each check is a property of drawn cases (see :class:`~dokuspec.verify.campaign.Check`):
line kinds and hands judged alike by the engine, the spec, the public API
and both backends, random games with every card accounted for, and the
engine protocol's conformance (rules CS-1 to CS-25).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from dokuspec.engine import competitive as competitive_engine
from dokuspec.engine.competitive import MODES, CompetitiveSudoku
from dokuspec.verify.campaign import SEEDS, Check
from dokuspec.verify.competitive import deal, hands, strategies
from dokuspec.verify.conformance import check_playout, playouts
from dokuspec.vocabulary.competitive import Deck, Grid, Scoring

__all__ = ["CHECKS"]

_DECK_COPIES: tuple[int | None, ...] = (1, 2, 3, None)

# -- the properties ----------------------------------------------------------------------------


def _competitive_line_kinds(ranks: tuple[int, int, int]) -> None:
    """The kind of a rank triple: the engine, the spec's definition and table, the public API
    (CS-18)."""
    from dokuspec import competitive  # noqa: PLC0415 - the public API, loaded when used
    from dokuspec.spec import competitive as spec  # noqa: PLC0415

    reference = competitive_engine.line_kind(ranks)
    for source, answer in (
        ("the spec's kind_of_ranks", spec.kind_of_ranks(*ranks)),
        ("the spec's LINE_TRIPLES", spec.LINE_TRIPLES.get(ranks)),
        ("the public line_kind", competitive.line_kind(ranks)),
    ):
        if answer != reference:
            raise AssertionError(
                f"ranks {ranks}: the engine says {reference}, {source} says {answer}"
            )


def _competitive_hands(case: tuple[Grid, Scoring, int | None]) -> None:
    """A Grid judged alike by the engine, the spec, the public API and both backends
    (CS-17..CS-20)."""
    grid, scoring, copies = case
    hands.check_hand(grid, scoring, deck=Deck(copies))


def _competitive_winning(case: tuple[Grid, Scoring, int | None]) -> None:
    """A hand built from CS-18 lines wins for every reading, and scores at least 3 + its
    value (CS-19, CS-20)."""
    grid, scoring, copies = case
    answers = hands.check_hand(grid, scoring, deck=Deck(copies))
    if not (answers.winning and answers.completable):
        raise AssertionError(f"the winning hand {grid} is judged not winning: {answers}")
    if answers.score is None or answers.score < 3 + answers.value:
        raise AssertionError(f"the winning hand {grid} scores {answers.score}: {answers}")


def _competitive_play(case: tuple[str, dict[str, Any], int, int]) -> None:
    """A random game with every card accounted for after every step, and a legal deal
    (CS-1..CS-16)."""
    mode, options, seed, policy_seed = case
    deal.play_checked(CompetitiveSudoku(mode=mode, **options), seed, policy_seed)


def _competitive_conformance(case: tuple[str, tuple[int, int]]) -> None:
    """The engine protocol's invariants in a random Competitive Sudoku game."""
    mode, (seed, policy_seed) = case
    check_playout(CompetitiveSudoku(mode=mode), seed, policy_seed)


def _line_shape(line: tuple[int, int, int]) -> tuple[int, int]:
    low, middle, high = sorted(line)
    return (middle - low, high - middle)


def _competitive_triples() -> st.SearchStrategy[tuple[int, int, int]]:
    # The lines of the CS-18 formulas grouped by their shape (triplets, the
    # three straights, the power series), each shape as likely as the
    # others, and any triple of ranks as often as one shape.
    shapes: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    for line in strategies.CS_ORDERED_LINES:
        shapes.setdefault(_line_shape(line), []).append(line)
    ranks = st.integers(1, 9)
    return st.one_of(
        st.tuples(ranks, ranks, ranks),
        *(st.sampled_from(lines) for _, lines in sorted(shapes.items())),
    )


@st.composite
def _competitive_hand_cases(
    draw: st.DrawFn, *, winning: bool = False
) -> tuple[Grid, Scoring, int | None]:
    copies = draw(st.sampled_from(_DECK_COPIES))
    grids = strategies.cs_winning_grids(copies) if winning else strategies.cs_grids(copies)
    return draw(grids), draw(strategies.cs_scorings()), copies


def _competitive_hands_strategy() -> st.SearchStrategy[tuple[Grid, Scoring, int | None]]:
    return _competitive_hand_cases()


def _competitive_winning_strategy() -> st.SearchStrategy[tuple[Grid, Scoring, int | None]]:
    return _competitive_hand_cases(winning=True)


def _competitive_games() -> st.SearchStrategy[tuple[str, dict[str, Any], int, int]]:
    options = st.fixed_dictionaries(
        {},
        optional={
            "copies_per_colour": st.integers(1, 3),
            "power_series_points": st.integers(1, 5),
            "score_loser_hand": st.booleans(),
            "three_triplets_bonus": st.booleans(),
            "max_trades": st.integers(0, 2),
        },
    )
    return st.tuples(st.sampled_from(MODES), options, SEEDS, SEEDS)


def _competitive_playouts() -> st.SearchStrategy[tuple[str, tuple[int, int]]]:
    return st.tuples(st.sampled_from(MODES), playouts())


# -- the checks --------------------------------------------------------------------------------

CHECKS: tuple[Check, ...] = (
    Check(
        "competitive/line-kinds",
        "competitive",
        "line kinds: engine, spec, API",
        _competitive_triples,
        _competitive_line_kinds,
        cost=0.05,
    ),
    Check(
        "competitive/hands",
        "competitive",
        "Grids: engine, spec, SAT, Z3",
        _competitive_hands_strategy,
        _competitive_hands,
        cost=1.0,
    ),
    Check(
        "competitive/winning-hands",
        "competitive",
        "generated winning hands win",
        _competitive_winning_strategy,
        _competitive_winning,
        cost=1.0,
    ),
    Check(
        "competitive/engine-vs-spec",
        "competitive",
        "engine games: cards, deals",
        _competitive_games,
        _competitive_play,
        cost=0.25,
    ),
    Check(
        "competitive/conformance",
        "competitive",
        "engine protocol conformance",
        _competitive_playouts,
        _competitive_conformance,
        cost=1.0,
    ),
)
"""Competitive Sudoku's checks, in the order a campaign runs them."""
