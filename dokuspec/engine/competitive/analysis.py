"""What the rules allow in all: every winning rank pattern, the number of winning Grids of a
deck, and the largest score a player can get (CS-1, CS-17 to CS-20), by exhaustive search and
branch and bound."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from math import comb

from dokuspec.engine.competitive.rules import (
    _COLUMNS,
    _KIND,
    _LINES,
    _NINE_DISTINCT,
    _ROWS,
    POWER_SERIES,
    TRIPLET,
    _check_scoring,
    _code,
    _series,
)
from dokuspec.errors import PositionError, quote
from dokuspec.vocabulary.competitive import (
    Scoring,
)

__all__ = [
    "count_winning_hands",
    "max_score",
    "winning_rank_patterns",
]

# -- winning rank patterns and their counts ------------------------------------------------------


@cache
def _ordered_lines() -> tuple[tuple[int, int, int], ...]:
    """Every ordered triple of ranks that is a line (105 of them), in lexicographic order."""
    return tuple(
        (a, b, c)
        for a in range(1, 10)
        for b in range(1, 10)
        for c in range(1, 10)
        if _KIND[_code(a, b, c)] is not None
    )


@cache
def _completions() -> dict[tuple[int, int], tuple[int, ...]]:
    """For two ranks ``(a, b)``: every rank ``c`` making ``a, b, c`` a line."""
    return {
        (a, b): tuple(c for c in range(1, 10) if _KIND[_code(a, b, c)] is not None)
        for a in range(1, 10)
        for b in range(1, 10)
    }


@cache
def _line_grids() -> tuple[tuple[int, ...], ...]:
    """Every 9-tuple of ranks whose rows and columns are all lines, sorted.

    Row 1 and row 2 run over the ordered lines; each column then allows only
    the ranks completing it (a table look-up), and row 3 must be a line.
    """
    lines = _ordered_lines()
    complete = _completions()
    found: list[tuple[int, ...]] = []
    for top in lines:
        for middle in lines:
            firsts = complete[top[0], middle[0]]
            seconds = complete[top[1], middle[1]]
            thirds = complete[top[2], middle[2]]
            if not (firsts and seconds and thirds):
                continue
            for x in firsts:
                for y in seconds:
                    for z in thirds:
                        if _KIND[_code(x, y, z)] is not None:
                            found.append((*top, *middle, x, y, z))
    found.sort()
    return tuple(found)


@cache
def _winning_patterns() -> tuple[tuple[int, ...], ...]:
    return tuple(g for g in _line_grids() if tuple(sorted(g)) != _NINE_DISTINCT)


def _check_copies(copies: object) -> int | None:
    if copies is None:
        return None
    if isinstance(copies, bool) or not isinstance(copies, int):
        raise TypeError(f"copies_per_colour is an int 1-9 or None, not {type(copies).__name__}")
    if not 1 <= copies <= 9:
        raise PositionError(f"copies_per_colour is 1-9 or None, not {quote(copies)}")
    return copies


def _fits_deck(ranks: Sequence[int], copies: int | None) -> bool:
    return copies is None or max(Counter(ranks).values()) <= 2 * copies


def winning_rank_patterns(copies_per_colour: int | None = 2) -> list[tuple[int, ...]]:
    """Every pattern of ranks of a winning hand (CS-19), for a deck.

    Args:
        copies_per_colour: the copies of each card in the deck (CS-1; 2 for
            the standard deck), so each rank may appear at most twice that
            many times; ``None`` for no limit.

    Returns:
        Every 9-tuple of ranks, row by row, whose three rows and three
        columns are lines (CS-18) and which is not the nine distinct ranks,
        sorted. 13,956 patterns for the standard deck, 16,845 without limit.

    Raises:
        TypeError: ``copies_per_colour`` is not an int or ``None``.
        PositionError: ``copies_per_colour`` is not 1-9.
    """
    copies = _check_copies(copies_per_colour)
    return [g for g in _winning_patterns() if _fits_deck(g, copies)]


def _colourings(count: int, copies: int | None) -> int:
    """The ways to colour ``count`` cards of one rank with at most ``copies`` of each colour."""
    if copies is None:
        return 1 << count
    return sum(comb(count, red) for red in range(max(0, count - copies), min(count, copies) + 1))


def count_winning_hands(copies_per_colour: int | None = 2, colours: bool = True) -> int:
    """The number of winning hands (CS-19) a deck can form.

    Args:
        copies_per_colour: the copies of each card (CS-1), ``None`` for no limit.
        colours: ``True`` to count Grids of cards, where each card (rank and
            colour) appears at most ``copies_per_colour`` times and copies of
            a card are identical; ``False`` to count patterns of ranks
            (:func:`winning_rank_patterns`).

    Raises:
        TypeError: ``copies_per_colour`` is not an int or ``None``, or
            ``colours`` not a bool.
        PositionError: ``copies_per_colour`` is not 1-9.
    """
    copies = _check_copies(copies_per_colour)
    if not isinstance(colours, bool):
        raise TypeError(f"colours is a bool, not {type(colours).__name__}")
    patterns = winning_rank_patterns(copies)
    if not colours:
        return len(patterns)
    total = 0
    for pattern in patterns:
        ways = 1
        for count in Counter(pattern).values():
            ways *= _colourings(count, copies)
        total += ways
    return total


# -- the largest score ---------------------------------------------------------------------------
#
# max_score searches exactly. A score is 6 (a conceder with the more valuable
# hand, CS-16), a hand value (CS-16, or a loser's with score_loser_hand) or a
# winner's score (CS-20).
#
# * Winners' scores: over the winning rank patterns the deck allows.
# * Hand values: a branch-and-bound search over every Grid of ranks the deck
#   allows (each rank at most twice the copies), filling the centre, the
#   corners, then the edges, so that lines are completed early. A partial
#   Grid is dropped when the sum, over the eight lines, of the most each line
#   could still score (a table of the best completion of every partial line)
#   does not beat the best score found.
#
# For a pattern of ranks, only straights (and the power series scored as a
# straight) depend on colours: 2 in one colour, 1 mixed. The best colouring
# within the deck's copies is found by trying the 512 colourings in order of
# decreasing gain and stopping at the first the deck allows.

# For each colouring (bit i set: position i is black), the lines in one colour.
_ONE_COLOUR = tuple(
    sum(
        1 << n
        for n, (i, j, k) in enumerate(_LINES)
        if ((colouring >> i) & 1) == ((colouring >> j) & 1) == ((colouring >> k) & 1)
    )
    for colouring in range(512)
)


@cache
def _colourings_by_gain(sensitive: int) -> tuple[tuple[int, int], ...]:
    """``(gain, colouring)`` for all 512 colourings, the most one-colour sensitive lines first."""
    pairs = [((_ONE_COLOUR[c] & sensitive).bit_count(), c) for c in range(512)]
    pairs.sort(key=lambda pair: -pair[0])
    return tuple(pairs)


def _best_colouring_gain(ranks: Sequence[int], sensitive: int, copies: int) -> int | None:
    """The most sensitive lines in one colour over the colourings the deck allows, or ``None``."""
    masks: dict[int, int] = {}
    for position, rank in enumerate(ranks):
        masks[rank] = masks.get(rank, 0) | (1 << position)
    limits = [(mask, mask.bit_count() - copies) for mask in masks.values()]
    for gain, colouring in _colourings_by_gain(sensitive):
        for mask, low in limits:
            black = (colouring & mask).bit_count()
            if black > copies or black < low:
                break
        else:
            return gain
    return None


def _rank_score(ranks: Sequence[int], power_points: int | None) -> tuple[int, int]:
    """``(points in mixed colours, mask of lines worth 1 more in one colour)``."""
    fixed = 0
    sensitive = 0
    for n, (i, j, k) in enumerate(_LINES):
        kind = _KIND[_code(ranks[i], ranks[j], ranks[k])]
        if kind is None:
            continue
        if kind == TRIPLET:
            fixed += 3
        elif kind == POWER_SERIES and power_points is not None:
            fixed += power_points
        else:
            fixed += 1
            sensitive |= 1 << n
    return fixed, sensitive


def _bonus_of_ranks(ranks: Sequence[int]) -> int:
    for lines in (_ROWS, _COLUMNS):
        if all(ranks[i] == ranks[j] == ranks[k] for i, j, k in lines):
            return 3
    return 0


def _max_winner_score(copies: int, power_points: int | None, bonus: bool) -> int:
    best = 0
    candidates = []
    for ranks in _winning_patterns():
        if not _fits_deck(ranks, copies):
            continue
        fixed, sensitive = _rank_score(ranks, power_points)
        fixed += 3 + (_bonus_of_ranks(ranks) if bonus else 0)
        candidates.append((fixed + sensitive.bit_count(), fixed, sensitive, ranks))
    candidates.sort(key=lambda item: -item[0])
    for optimistic, fixed, sensitive, ranks in candidates:
        if optimistic <= best:
            break
        gain = _best_colouring_gain(ranks, sensitive, copies)
        if gain is not None:
            best = max(best, fixed + gain)
    return best


@cache
def _partial_line_bounds(triplets: bool, power_points: int | None) -> tuple[int, ...]:
    """The most a line can score given some of its ranks.

    Indexed ``a * 100 + b * 10 + c`` for the ranks ``a, b, c`` (0: not set yet).
    """
    best_of = [0] * 729
    for code, kind in enumerate(_KIND):
        if kind is None or (kind == TRIPLET and not triplets):
            points = 0
        elif kind == TRIPLET:
            points = 3
        elif kind == POWER_SERIES and power_points is not None:
            points = power_points
        else:
            points = 2
        best_of[code] = points
    table = [0] * 1000
    for a in range(10):
        for b in range(10):
            for c in range(10):
                table[a * 100 + b * 10 + c] = max(
                    best_of[_code(x, y, z)]
                    for x in ((a,) if a else range(1, 10))
                    for y in ((b,) if b else range(1, 10))
                    for z in ((c,) if c else range(1, 10))
                )
    return tuple(table)


_SEARCH_ORDER = (4, 0, 8, 2, 6, 1, 7, 3, 5)


def _max_hand_value(copies: int, power_points: int | None, floor: int) -> int:
    """The largest hand value (CS-17) of a Grid the deck allows, or ``floor`` if none is above."""
    bounds = _partial_line_bounds(2 * copies >= 3, power_points)
    ranks = [0] * 9
    used = [0] * 10
    limit = 2 * copies
    best = floor

    def bound() -> int:
        return sum(bounds[ranks[i] * 100 + ranks[j] * 10 + ranks[k]] for i, j, k in _LINES)

    def search(depth: int) -> None:
        nonlocal best
        if depth == 9:
            fixed, sensitive = _rank_score(ranks, power_points)
            if fixed + sensitive.bit_count() > best:
                gain = _best_colouring_gain(ranks, sensitive, copies)
                if gain is not None and fixed + gain > best:
                    best = fixed + gain
            return
        position = _SEARCH_ORDER[depth]
        for rank in range(1, 10):
            if used[rank] == limit:
                continue
            ranks[position] = rank
            used[rank] += 1
            if bound() > best:
                search(depth + 1)
            used[rank] -= 1
        ranks[position] = 0

    search(0)
    return best


@cache
def _max_score(copies: int, power_points: int | None, bonus: bool) -> int:
    best = max(6, _max_winner_score(copies, power_points, bonus))
    return _max_hand_value(copies, power_points, best)


def max_score(copies_per_colour: int = 2, scoring: Scoring | None = None) -> int:
    """The largest score a player can get, over every way a game can end.

    The largest of 6 (a conceder with the more valuable hand, CS-16), every
    winner's score (CS-20) and every hand value (CS-16 and the loser's score
    with ``score_loser_hand``), over every Grid the deck allows. Found by an
    exact search (under a second, then cached).

    Args:
        copies_per_colour: the copies of each card, 1-9 (CS-1).
        scoring: the scoring options (default: :class:`Scoring`'s defaults).

    Raises:
        TypeError: a wrong type.
        PositionError: ``copies_per_colour`` is not 1-9.
    """
    rules = _check_scoring(scoring)
    copies = _check_copies(copies_per_colour)
    if copies is None:
        raise TypeError("max_score needs a number of copies, not None")
    return _max_score(copies, _series(rules), rules.three_triplets_bonus)
