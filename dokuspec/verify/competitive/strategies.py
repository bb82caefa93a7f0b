"""Hypothesis strategies for Competitive Sudoku's cards, scoring options and Grids.

Every strategy draws plain vocabulary values
(:mod:`dokuspec.vocabulary.competitive`) and shrinks towards simple ones:
the first line, red cards, default scoring.

* :func:`cs_cards`, :func:`cs_scorings`: cards and scoring options (CS-20);
* :func:`cs_grids`: Grids of cards a deck can hold, full or partial, drawn
  at random or cut from line Grids;
* :func:`cs_line_grids`, :func:`cs_winning_grids`: Grids whose rows and
  columns are all lines (CS-18), with or without the nine distinct ranks,
  built row by row from lines *generated* by the CS-18 formulas
  (:data:`CS_ORDERED_LINES`). Neither the engine nor the spec is consulted,
  so these Grids can check both, and their enumerations of winning hands
  (:func:`cs_line_patterns`: every rank pattern they can draw).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Literal

from hypothesis import strategies as st

from dokuspec.vocabulary.competitive import BLACK, RED, Card, Grid, Scoring

__all__ = [
    "CS_ORDERED_LINES",
    "cs_cards",
    "cs_grids",
    "cs_line_grids",
    "cs_line_patterns",
    "cs_scorings",
    "cs_winning_grids",
]

_CS_GENERATED: dict[str, tuple[tuple[int, int, int], ...]] = {
    "triplet": tuple((a, a, a) for a in range(1, 10)),
    "one-straight": tuple((a, a + 1, a + 2) for a in range(1, 8)),
    "two-straight": tuple((a, a + 2, a + 4) for a in range(1, 6)),
    "three-straight": tuple((a, a + 3, a + 6) for a in range(1, 4)),
    "power-series": ((2, 4, 8),),
}
"""Each kind of line of CS-18 as rank triples in increasing order, generated from its formula."""

CS_ORDERED_LINES: tuple[tuple[int, int, int], ...] = tuple(
    sorted(
        {
            (order[0], order[1], order[2])
            for triples in _CS_GENERATED.values()
            for triple in triples
            for order in itertools.permutations(triple)
        }
    )
)
"""Every ordered triple of ranks that is a line (CS-18), generated from the formulas (105)."""

_CS_LINE_SET = frozenset(CS_ORDERED_LINES)
_CS_CARDS = tuple(Card(colour, rank) for colour in (RED, BLACK) for rank in range(1, 10))
_NINE = tuple(range(1, 10))

_Row = tuple[int, int, int]


@cache
def _cs_completions() -> dict[tuple[int, int], tuple[int, ...]]:
    """For two ranks: every third rank that makes the three a line (by the generated lines)."""
    found: dict[tuple[int, int], list[int]] = {}
    for a, b, c in CS_ORDERED_LINES:
        found.setdefault((a, b), []).append(c)
    return {pair: tuple(ranks) for pair, ranks in found.items()}


def _cs_keeps(ranks: Sequence[int], limit: int | None, distinct: bool | None) -> bool:
    """Whether nine ranks fit the deck (each at most ``limit`` times) and the ``distinct`` wish."""
    if limit is not None and max(Counter(ranks).values()) > limit:
        return False
    if distinct is None or len(ranks) < 9:
        return True
    return (tuple(sorted(ranks)) == _NINE) == distinct


@cache
def _cs_third_rows(
    first: _Row, second: _Row, limit: int | None, distinct: bool | None
) -> tuple[_Row, ...]:
    completions = _cs_completions()
    columns = [completions.get((first[j], second[j]), ()) for j in range(3)]
    return tuple(
        row
        for row in itertools.product(*columns)
        if row in _CS_LINE_SET and _cs_keeps((*first, *second, *row), limit, distinct)
    )


@cache
def _cs_second_rows(first: _Row, limit: int | None, distinct: bool | None) -> tuple[_Row, ...]:
    return tuple(row for row in CS_ORDERED_LINES if _cs_third_rows(first, row, limit, distinct))


@cache
def _cs_first_rows(limit: int | None, distinct: bool | None) -> tuple[_Row, ...]:
    return tuple(row for row in CS_ORDERED_LINES if _cs_second_rows(row, limit, distinct))


def _cs_check_copies(copies: int | None) -> None:
    if copies is not None and (
        isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= 9
    ):
        raise ValueError(f"copies is 1-9 or None, not {copies!r}")


def cs_line_patterns(
    copies: int | None = 2, *, nine_distinct: bool | None = None
) -> frozenset[tuple[int, ...]]:
    """Every rank pattern :func:`cs_line_grids` can draw with these arguments (nine ranks row
    by row, before the optional transposition, which maps the set onto itself).

    With ``nine_distinct=False`` these are the winning rank patterns of the
    deck (CS-19), found from the generated lines alone: a third reading,
    beside the engine's and the spec's, of which patterns win.

    Raises:
        ValueError: ``copies`` is not 1-9 or ``None``.
    """
    _cs_check_copies(copies)
    limit = None if copies is None else 2 * copies
    return frozenset(
        (*first, *second, *third)
        for first in _cs_first_rows(limit, nine_distinct)
        for second in _cs_second_rows(first, limit, nine_distinct)
        for third in _cs_third_rows(first, second, limit, nine_distinct)
    )


def cs_cards() -> st.SearchStrategy[Card]:
    """Any of the 18 cards, shrinking towards ``r1``."""
    return st.sampled_from(_CS_CARDS)


def cs_scorings() -> st.SearchStrategy[Scoring]:
    """Any scoring options of CS-20, shrinking towards the defaults.

    The power series' three readings are equally likely: the default 0,
    ``"as_straight"`` and another number of points 1-9.
    """
    return st.builds(
        Scoring,
        power_series_points=st.just(0) | st.just("as_straight") | st.integers(1, 9),
        three_triplets_bonus=st.booleans(),
        score_loser_hand=st.booleans(),
    )


def _cs_colour(draw: st.DrawFn, ranks: Sequence[int], copies: int | None) -> Grid:
    """Cards for nine ranks: each rank's red and black copies within the deck (CS-1)."""
    colours: list[Literal["r", "b"]] = [RED] * 9
    groups: dict[int, list[int]] = {}
    for position, rank in enumerate(ranks):
        groups.setdefault(rank, []).append(position)
    for positions in groups.values():
        size = len(positions)
        low, high = (0, size) if copies is None else (max(0, size - copies), min(size, copies))
        blacks = draw(st.integers(low, high))
        order = draw(st.permutations(positions))
        for position in order[:blacks]:
            colours[position] = BLACK
    return Grid(Card(colour, rank) for colour, rank in zip(colours, ranks, strict=True))


@st.composite
def cs_line_grids(
    draw: st.DrawFn, copies: int | None = 2, *, nine_distinct: bool | None = None
) -> Grid:
    """Full Grids whose three rows and three columns are lines (CS-18), within a deck.

    Built row by row from :data:`CS_ORDERED_LINES` (lines generated by the
    CS-18 formulas, not recognised by any rule code): a first row, a second
    row whose every column can still become a line, and a third row that
    completes every column; then the Grid is transposed or not, and each
    rank's positions are coloured within the deck's copies.

    Args:
        copies: copies of each card in the deck (1-9, CS-1), so that a rank
            appears at most twice that many times; ``None``: no limit.
        nine_distinct: ``True`` for the Grids of the nine distinct ranks
            1-9 only (never a winning hand, CS-19), ``False`` for the others
            only (the winning hands), ``None`` for both.

    Raises:
        ValueError: ``copies`` is not 1-9 or ``None``.
    """
    _cs_check_copies(copies)
    limit = None if copies is None else 2 * copies
    first = draw(st.sampled_from(_cs_first_rows(limit, nine_distinct)))
    second = draw(st.sampled_from(_cs_second_rows(first, limit, nine_distinct)))
    third = draw(st.sampled_from(_cs_third_rows(first, second, limit, nine_distinct)))
    ranks = [*first, *second, *third]
    if draw(st.booleans()):
        ranks = [ranks[3 * (p % 3) + p // 3] for p in range(9)]
    return _cs_colour(draw, ranks, copies)


def cs_winning_grids(copies: int | None = 2) -> st.SearchStrategy[Grid]:
    """Winning hands (CS-19) a deck can hold: :func:`cs_line_grids` without the nine distinct
    ranks 1-9."""
    return cs_line_grids(copies, nine_distinct=False)


@st.composite
def cs_grids(
    draw: st.DrawFn, copies: int | None = 2, *, min_cards: int = 0, max_cards: int = 9
) -> Grid:
    """Grids of cards a deck can hold, with ``min_cards`` to ``max_cards`` cards.

    A full Grid is drawn first, one of: nine cards dealt at random from the
    deck (rarely a winning hand); a line Grid (:func:`cs_line_grids`,
    winning or the nine distinct ranks); or a line Grid with one card
    replaced by another the deck still holds (often one line short). Then
    positions are emptied at random until ``min_cards`` to ``max_cards``
    cards are left, so partial Grids are often completable and often not.

    Raises:
        ValueError: ``copies`` is not 1-9 or ``None``, or not
            ``0 <= min_cards <= max_cards <= 9``.
    """
    _cs_check_copies(copies)
    if not 0 <= min_cards <= max_cards <= 9:
        raise ValueError(f"need 0 <= min_cards <= max_cards <= 9, not {min_cards}, {max_cards}")
    kind = draw(st.sampled_from(["line", "random", "near"]))
    if kind == "random":
        if copies is None:
            cards = [draw(cs_cards()) for _ in range(9)]
        else:
            deck = [card for card in _CS_CARDS for _ in range(copies)]
            cards = draw(st.permutations(deck))[:9]
        grid = Grid(cards)
    else:
        grid = draw(cs_line_grids(copies))
        if kind == "near":
            position = draw(st.integers(1, 9))
            held = Counter(grid.cards)
            others = [
                card
                for card in _CS_CARDS
                if card != grid.at(position) and (copies is None or held[card] < copies)
            ]
            grid = grid.replaced(position, draw(st.sampled_from(others)))
    kept = draw(st.integers(min_cards, max_cards))
    emptied = draw(st.permutations(range(1, 10)))[kept:]
    for position in emptied:
        grid = grid.without(position)
    return grid
