"""Competitive Sudoku hands by their definitions: line kinds, winning hands, values and scores.

The plain reading of rules CS-17..CS-20 (:mod:`dokuspec.spec.competitive`),
with the arguments checked. These functions need no solver and are fast
(:func:`is_winning` takes about a microsecond).

A Grid may be given as a :class:`~dokuspec.vocabulary.competitive.Grid` or
in its text form (``"r1 r2 r3 / b4 b5 b6 / r7 .. r9"``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeAlias

from dokuspec.errors import PositionError, quote
from dokuspec.spec import competitive as spec
from dokuspec.spec.competitive import LineKind
from dokuspec.vocabulary.competitive import LINES, Card, Grid, Scoring

__all__ = [
    "GridLike",
    "Line",
    "LineKind",
    "hand_value",
    "is_winning",
    "line_kind",
    "lines",
    "score",
    "why_not_winning",
]

GridLike: TypeAlias = Grid | str
"""A Grid, or its text form."""


def as_grid(grid: GridLike) -> Grid:
    """``grid`` as a :class:`Grid` (read with :meth:`Grid.parse` when a str).

    Raises:
        TypeError: ``grid`` is neither a Grid nor a str.
        NotationError: a str that is not a Grid.
    """
    if isinstance(grid, Grid):
        return grid
    if isinstance(grid, str):
        return Grid.parse(grid)
    raise TypeError(f"a Grid (or its text) is needed, not {type(grid).__name__}")


def as_scoring(scoring: Scoring) -> Scoring:
    """``scoring``, checked.

    Raises:
        TypeError: ``scoring`` is not a :class:`Scoring`.
    """
    if not isinstance(scoring, Scoring):
        raise TypeError(f"scoring must be a Scoring, not {type(scoring).__name__}")
    return scoring


def line_kind(cards: Iterable[Card | int]) -> LineKind | None:
    """The kind of line three cards (or three ranks) form, in any order (CS-18).

    Args:
        cards: three :class:`Card` values, or three ranks (ints 1-9).

    Returns:
        ``"triplet"`` (``a a a``), ``"one-straight"`` (``a, a+1, a+2``),
        ``"two-straight"`` (``a, a+2, a+4``), ``"three-straight"``
        (``a, a+3, a+6``), ``"power-series"`` (``{2, 4, 8}``), or ``None``
        when they form no line.

    Raises:
        TypeError: ``cards`` is not an iterable of Cards or ints (a str, a
            bool, a Grid position that is ``None``).
        PositionError: not three of them, or a rank outside 1-9.
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise TypeError(f"line_kind takes three Cards or ranks, not {type(cards).__name__}")
    ranks = []
    for item in cards:
        if isinstance(item, Card):
            ranks.append(item.rank)
        elif isinstance(item, int) and not isinstance(item, bool):
            if not 1 <= item <= 9:
                raise PositionError(f"a rank is 1-9, not {quote(item)}")
            ranks.append(item)
        else:
            raise TypeError(f"line_kind takes Cards or ranks (int), not {type(item).__name__}")
    if len(ranks) != 3:
        raise PositionError(f"a line has 3 cards, not {len(ranks)}")
    return spec.kind_of_ranks(*ranks)


@dataclass(frozen=True, slots=True)
class Line:
    """One row, column or diagonal of a Grid and what it scores.

    Attributes:
        name: ``"row 1"`` .. ``"row 3"``, ``"column 1"`` .. ``"column 3"``,
            ``"main diagonal"`` (positions 1, 5, 9) or ``"anti-diagonal"``
            (3, 5, 7).
        positions: its three positions, 1-9.
        cards: the cards there, ``None`` for an empty position.
        kind: its kind of line (CS-18), or ``None`` when it is not a line
            or has an empty position.
        points: what it scores (CS-20) under the scoring options: triplet 3;
            straight 1 in mixed colours, 2 in one colour; power series
            ``power_series_points`` whatever its colours (0 by default,
            CS-32), or as a straight with ``"as_straight"``; 0 when it is
            not a line.
    """

    name: str
    positions: tuple[int, int, int]
    cards: tuple[Card | None, Card | None, Card | None]
    kind: LineKind | None
    points: int


def lines(grid: GridLike, scoring: Scoring = Scoring()) -> tuple[Line, ...]:  # noqa: B008
    """Every row, column and diagonal of ``grid`` with its kind and points (CS-18, CS-20).

    Rows 1-3, columns 1-3, then the main diagonal and the anti-diagonal (8
    lines). A line's points are counted whether or not the Grid is full; a
    Grid's value (:func:`hand_value`) counts them only when it is full (CS-17).

    Raises:
        TypeError: ``grid`` is not a Grid or str, or ``scoring`` not a Scoring.
        NotationError: ``grid`` is a str that is not a Grid.
    """
    grid = as_grid(grid)
    scoring = as_scoring(scoring)
    found = []
    for name, (i, j, k) in LINES:
        first, second, third = grid.cards[i], grid.cards[j], grid.cards[k]
        kind: LineKind | None = None
        points = 0
        if first is not None and second is not None and third is not None:
            kind = spec.kind_of_ranks(first.rank, second.rank, third.rank)
            points = spec.line_points((first, second, third), scoring)
        found.append(Line(name, (i + 1, j + 1, k + 1), (first, second, third), kind, points))
    return tuple(found)


def is_winning(grid: GridLike) -> bool:
    """Whether ``grid`` is a winning hand (CS-19).

    A full Grid whose three rows and three columns are all lines (CS-18),
    and whose nine ranks are not the nine distinct ranks 1-9. Diagonals do
    not matter. A Grid with an empty position is not winning.

    Raises:
        TypeError: ``grid`` is not a Grid or str.
        NotationError: ``grid`` is a str that is not a Grid.
    """
    if not isinstance(grid, Grid):
        grid = as_grid(grid)
    try:  # an empty position (None) has no rank
        ranks = [card.rank for card in grid.cards]  # type: ignore[union-attr]
    except AttributeError:
        return False
    return spec.is_winning_ranks(ranks)


def why_not_winning(grid: GridLike) -> str | None:
    """Why ``grid`` is not a winning hand (CS-19), in words; ``None`` when it is one.

    The first reason found: ``"position 4 is empty"``, ``"row 2 is not a
    line"`` (rows, then columns), or ``"its nine ranks are 1-9, all
    different"``.

    Raises:
        As :func:`is_winning`.
    """
    grid = as_grid(grid)
    empty = grid.empty_positions()
    if empty:
        return f"position {empty[0]} is empty"
    for line in lines(grid)[:6]:
        if line.kind is None:
            return f"{line.name} is not a line"
    if not is_winning(grid):
        return "its nine ranks are 1-9, all different"
    return None


def hand_value(grid: GridLike, scoring: Scoring = Scoring()) -> int:  # noqa: B008
    """The value of a hand (CS-17): the points of its qualifying rows, columns and diagonals.

    Scored as CS-20 (see :class:`Line`), without the 3 points for completing
    first and without the three-triplets bonus (CS-30). A Grid with an empty
    position is worth 0. The Grid need not be a winning hand.

    Raises:
        As :func:`lines`.
    """
    return spec.hand_value(as_grid(grid), as_scoring(scoring))


def score(grid: GridLike, scoring: Scoring = Scoring(), *, winner: bool = True) -> int:  # noqa: B008
    """A player's score at the end of a game with ``grid`` as their hand (CS-20).

    The winner scores 3 for completing first, plus :func:`hand_value`, plus
    3 with ``scoring.three_triplets_bonus`` when all three rows or all three
    columns are triplets (once, CS-29). The loser scores 0, or their
    :func:`hand_value` with ``scoring.score_loser_hand``.

    Args:
        grid: the player's Grid.
        scoring: the scoring options (:class:`Scoring`).
        winner: whether the player completed the winning hand.

    Raises:
        TypeError: a wrong type (``winner`` must be a bool).
        NotationError: ``grid`` is a str that is not a Grid.
        PositionError: ``winner`` is true but ``grid`` is not a winning
            hand; the message says why.
    """
    grid = as_grid(grid)
    scoring = as_scoring(scoring)
    if not isinstance(winner, bool):
        raise TypeError(f"winner must be a bool, not {type(winner).__name__}")
    if not winner:
        return spec.loser_score(grid, scoring)
    reason = why_not_winning(grid)
    if reason is not None:
        raise PositionError(f"{grid} is not a winning hand: {reason}")
    return spec.winner_score(grid, scoring)
