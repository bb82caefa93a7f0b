"""Competitive Sudoku's rule arithmetic: line kinds, winning hands, values and scores
(CS-17 to CS-20), on cards and on cards as small integers (the engine's own form)."""

from __future__ import annotations

from collections.abc import Sequence

from dokuspec.errors import PositionError, quote
from dokuspec.vocabulary.competitive import (
    BLACK,
    CARD_BY_INDEX,
    RED,
    Card,
    Grid,
    Scoring,
)

__all__ = [
    "LINE_KINDS",
    "ONE_STRAIGHT",
    "POWER_SERIES",
    "THREE_STRAIGHT",
    "TRIPLET",
    "TWO_STRAIGHT",
    "hand_value",
    "is_winning_hand",
    "line_kind",
    "line_points",
    "winner_score",
]

# -- lines (CS-18) ---------------------------------------------------------------------------------

TRIPLET = "triplet"
ONE_STRAIGHT = "one-straight"
TWO_STRAIGHT = "two-straight"
THREE_STRAIGHT = "three-straight"
POWER_SERIES = "power-series"

LINE_KINDS = (TRIPLET, ONE_STRAIGHT, TWO_STRAIGHT, THREE_STRAIGHT, POWER_SERIES)
"""The kinds of line of CS-18, in the order the rule lists them."""

_STRAIGHTS = {1: ONE_STRAIGHT, 2: TWO_STRAIGHT, 3: THREE_STRAIGHT}

# The eight lines of a Grid as position indices 0-8: rows, columns, diagonals.
_ROWS = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
_COLUMNS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
_LINES = (*_ROWS, *_COLUMNS, (0, 4, 8), (2, 4, 6))
_NINE_DISTINCT = tuple(range(1, 10))


def _classify(a: int, b: int, c: int) -> str | None:
    """The kind of the line of ranks ``a, b, c`` in any order, or ``None`` (CS-18)."""
    low, middle, high = sorted((a, b, c))
    if low == high:
        return TRIPLET
    if (low, middle, high) == (2, 4, 8):
        return POWER_SERIES
    step = middle - low
    if step and high - middle == step:
        return _STRAIGHTS.get(step)
    return None


def _code(a: int, b: int, c: int) -> int:
    return (a - 1) * 81 + (b - 1) * 9 + (c - 1)


# The kind of every ordered triple of ranks, by _code: the engine's own table.
_KIND: tuple[str | None, ...] = tuple(
    _classify(a, b, c) for a in range(1, 10) for b in range(1, 10) for c in range(1, 10)
)


def line_kind(ranks: Sequence[int]) -> str | None:
    """The kind of a line of three ranks, in any order (CS-18).

    Args:
        ranks: three ranks 1-9.

    Returns:
        ``"triplet"`` (``a a a``), ``"one-straight"`` (``a, a+1, a+2``),
        ``"two-straight"`` (``a, a+2, a+4``), ``"three-straight"`` (``a,
        a+3, a+6``), ``"power-series"`` (``2, 4, 8``), or ``None`` when the
        three ranks are no line.

    Raises:
        TypeError: ``ranks`` is not a sequence of ints.
        PositionError: not three ranks, or a rank outside 1-9.
    """
    a, b, c = _three_ranks(ranks)
    return _KIND[_code(a, b, c)]


def _three_ranks(ranks: object) -> tuple[int, int, int]:
    if isinstance(ranks, (str, bytes)) or not isinstance(ranks, Sequence):
        raise TypeError(f"a line is a sequence of three ranks, not {type(ranks).__name__}")
    items = tuple(ranks)
    for rank in items:
        if isinstance(rank, bool) or not isinstance(rank, int):
            raise TypeError(f"a rank is an int 1-9, not {type(rank).__name__}")
    if len(items) != 3:
        raise PositionError(f"a line has three ranks, not {len(items)}")
    for rank in items:
        if not 1 <= rank <= 9:
            raise PositionError(f"a rank is 1-9, not {quote(rank)}")
    return items[0], items[1], items[2]


# -- cards as small ints, for speed --------------------------------------------------------------
#
# Inside the engine a card is its index 0-17: the red ranks 1-9 are 0-8, the
# black ranks 1-9 are 9-17 (the vocabulary's card_index). A colour is 0 (red)
# or 1 (black). An empty Grid position is -1.

_CARD_INDEX = {card: index for index, card in enumerate(CARD_BY_INDEX)}
_RANK = tuple(index % 9 + 1 for index in range(18))
_COLOUR = tuple(index // 9 for index in range(18))
_COLOUR_LETTER = (RED, BLACK)
_COLOUR_WORD = ("red", "black")
# Card texts by index, and the indices in the vocabulary's card order (b1 ... b9, r1 ... r9).
_TEXT = tuple(str(card) for card in CARD_BY_INDEX)
_TEXT_ORDER = (*range(9, 18), *range(9))


def _card_text(index: int) -> str:
    return _TEXT[index]


def _points(x: int, y: int, z: int, power_points: int | None) -> int:
    """The points of the line of cards ``x, y, z`` (indices 0-17) under CS-20."""
    kind = _KIND[_code(_RANK[x], _RANK[y], _RANK[z])]
    if kind is None:
        return 0
    if kind == TRIPLET:
        return 3
    if kind == POWER_SERIES and power_points is not None:
        return power_points
    return 2 if _COLOUR[x] == _COLOUR[y] == _COLOUR[z] else 1


def _is_winning(cards: Sequence[int]) -> bool:
    """Whether nine card indices (-1 for empty) are a winning hand (CS-19)."""
    if -1 in cards:
        return False
    ranks = [_RANK[card] for card in cards]
    for i, j, k in (*_ROWS, *_COLUMNS):
        if _KIND[_code(ranks[i], ranks[j], ranks[k])] is None:
            return False
    return tuple(sorted(ranks)) != _NINE_DISTINCT


def _value(cards: Sequence[int], power_points: int | None) -> int:
    """The hand value of nine card indices (CS-17): 0 with an empty position."""
    if -1 in cards:
        return 0
    return sum(_points(cards[i], cards[j], cards[k], power_points) for i, j, k in _LINES)


def _bonus(cards: Sequence[int]) -> int:
    """3 when all three rows, or all three columns, are triplets (CS-20's option)."""
    ranks = [_RANK[card] for card in cards]
    for lines in (_ROWS, _COLUMNS):
        if all(ranks[i] == ranks[j] == ranks[k] for i, j, k in lines):
            return 3
    return 0


def _series(scoring: Scoring) -> int | None:
    """The points of a power series line under ``scoring``; ``None``: as a straight (CS-20)."""
    points = scoring.power_series_points
    return None if points == "as_straight" else int(points)


def _winner_points(cards: Sequence[int], scoring: Scoring) -> int:
    """A winner's score (CS-20): 3 for completing, the lines, and the optional bonus."""
    score = 3 + _value(cards, _series(scoring))
    if scoring.three_triplets_bonus:
        score += _bonus(cards)
    return score


def _grid_indices(grid: object) -> list[int]:
    if not isinstance(grid, Grid):
        raise TypeError(f"a Grid is needed, not {type(grid).__name__}")
    return [-1 if card is None else _CARD_INDEX[card] for card in grid.cards]


def _check_scoring(scoring: object) -> Scoring:
    if scoring is None:
        return Scoring()
    if not isinstance(scoring, Scoring):
        raise TypeError(f"scoring is a Scoring, not {type(scoring).__name__}")
    return scoring


def is_winning_hand(grid: Grid) -> bool:
    """Whether ``grid`` is a winning hand (CS-19).

    A winning hand is a full Grid whose three rows and three columns are all
    lines (CS-18) and whose nine ranks are not the nine distinct ranks 1-9.
    Diagonals do not matter.

    Raises:
        TypeError: ``grid`` is not a :class:`~dokuspec.vocabulary.competitive.Grid`.
    """
    return _is_winning(_grid_indices(grid))


def line_points(cards: Sequence[Card], scoring: Scoring | None = None) -> int:
    """The points a line of three cards scores (CS-20).

    A triplet scores 3; a straight 2 when its cards are of one colour, 1 when
    mixed; the power series ``scoring.power_series_points`` whatever its
    colours (0 by default), or as a straight when that is ``"as_straight"``;
    no line scores 0.

    Args:
        cards: three cards, in any order.
        scoring: the scoring options (default: :class:`Scoring`'s defaults).

    Raises:
        TypeError: not three :class:`Card` values, or ``scoring`` not a Scoring.
        PositionError: not three cards.
    """
    rules = _check_scoring(scoring)
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise TypeError(f"a line is a sequence of three cards, not {type(cards).__name__}")
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"a line holds Card values, not {type(card).__name__}")
    if len(cards) != 3:
        raise PositionError(f"a line has three cards, not {len(cards)}")
    x, y, z = (_CARD_INDEX[card] for card in cards)
    return _points(x, y, z, _series(rules))


def hand_value(grid: Grid, scoring: Scoring | None = None) -> int:
    """The value of a hand (CS-17): the points of its qualifying lines.

    The sum of :func:`line_points` over the three rows, the three columns and
    both diagonals of a full Grid, without the 3 points for completing a
    winning hand and without the three-triplets bonus (neither is a line's
    points). A Grid with an empty position has value 0.

    Args:
        grid: any Grid.
        scoring: the scoring options (default: :class:`Scoring`'s defaults).

    Raises:
        TypeError: ``grid`` is not a Grid, or ``scoring`` not a Scoring.
    """
    rules = _check_scoring(scoring)
    return _value(_grid_indices(grid), _series(rules))


def winner_score(grid: Grid, scoring: Scoring | None = None) -> int:
    """The score of the player who completes the winning hand ``grid`` (CS-20).

    3 for completing the hand, plus :func:`hand_value`, plus 3 when the
    three-triplets bonus is on and all three rows, or all three columns, are
    triplets.

    Raises:
        TypeError: ``grid`` is not a Grid, or ``scoring`` not a Scoring.
        PositionError: ``grid`` is not a winning hand (:func:`is_winning_hand`).
    """
    rules = _check_scoring(scoring)
    cards = _grid_indices(grid)
    if not _is_winning(cards):
        raise PositionError(f"{grid} is not a winning hand (CS-19), so it has no winner's score")
    return _winner_points(cards, rules)
