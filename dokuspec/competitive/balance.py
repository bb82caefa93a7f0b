"""How much a Competitive Sudoku deal favours Black: the draft's value under alternating picks.

In the draft modes (CS-3, CS-5) Black picks first, then Red, one card at a
time, until each holds five; the cards go into the Grids, and the game is
won by the first winning hand (CS-19). What five cards are worth is
measured here by their **flexibility**: how many winning hands (rank Grids:
nine ranks in a 3x3 arrangement whose rows and columns are lines, CS-18,
not the nine ranks 1-9, CS-19, and with no rank more often than the deck's
two colours hold it, CS-1) contain their ranks, as ``log2(1 + count)``
(bits). The **draft value** of a pool is the value of the picking game in
which Black maximises and Red minimises Black's flexibility minus Red's: an
exact minimax over every order of picks (:func:`draft_value`). A deal's
**advantage for Black** (:func:`advantage`) is its pool's draft value; in
``twins`` (CS-4) both players are dealt the same ranks, so it is 0.

Colours are left out: a card's rank decides which lines it can form; its
colour only changes a straight's points (CS-20), not whether or how soon a
hand wins. The measure is validated against play (the handbook's "Rules in
play" section, Competitive Sudoku): the strong agent picks by this minimax
(:func:`best_picks`), and Black's win rate between strong agents is
reported by the deal's advantage, with 95% intervals.

Values are floats computed by the same operations in every process, so
equal pools (as rank multisets) get identical values everywhere.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from dokuspec.errors import PositionError, quote
from dokuspec.spec.competitive import kind_of_ranks
from dokuspec.vocabulary.competitive import Card

__all__ = [
    "advantage",
    "best_picks",
    "draft_value",
    "flexibility",
    "reachable_grids",
    "winning_rank_grids",
    "within",
]

_HAND = 5  # the cards each player picks (CS-3, CS-5)
_BASE = 5  # multisets of at most 5 ranks are coded in base 5, digit r - 1 counting rank r
_POWERS = tuple(_BASE**i for i in range(9))


def _check_copies(copies: object) -> int:
    if isinstance(copies, bool) or not isinstance(copies, int):
        raise TypeError(f"copies_per_colour is an int, not {type(copies).__name__}")
    if not 1 <= copies <= 4:
        raise PositionError(f"copies_per_colour is 1-4, not {quote(copies)}")
    return copies


@functools.cache
def winning_rank_grids(copies_per_colour: int = 2) -> tuple[tuple[int, ...], ...]:
    """Every winning hand as ranks: nine ranks, row by row, whose rows and columns are
    lines (CS-18), that are not the ranks 1-9 all different (CS-19), and that hold no rank
    more than twice ``copies_per_colour`` times (the deck's cards of a rank, CS-1).

    13,956 Grids with the default two copies, in lexicographic order.

    Raises:
        TypeError, PositionError: copies not an int 1-4.
    """
    cap = 2 * _check_copies(copies_per_colour)
    lines = [t for t in itertools.product(range(1, 10), repeat=3) if kind_of_ranks(*t)]
    is_line = set(lines)
    found = []
    for top, middle, bottom in itertools.product(lines, repeat=3):
        if all((top[i], middle[i], bottom[i]) in is_line for i in range(3)):
            grid = top + middle + bottom
            counts = Counter(grid)
            if len(counts) < 9 and max(counts.values()) <= cap:
                found.append(grid)
    return tuple(found)


@functools.cache
def _flexibility_table(copies: int) -> dict[int, float]:
    """Each multiset of five ranks (coded) in some winning Grid: ``log2(1 + Grids)``."""
    counts: Counter[int] = Counter()
    for grid in winning_rank_grids(copies):
        codes = [_POWERS[rank - 1] for rank in grid]
        counts.update({sum(chosen) for chosen in itertools.combinations(codes, _HAND)})
    return {code: math.log2(1 + count) for code, count in counts.items()}


def _ranks(cards: Iterable[Card | int], what: str) -> list[int]:
    ranks = []
    for item in cards:
        if isinstance(item, Card):
            ranks.append(item.rank)
        elif isinstance(item, int) and not isinstance(item, bool) and 1 <= item <= 9:
            ranks.append(item)
        else:
            raise PositionError(f"{what} holds cards or ranks 1-9, not {quote(item)}")
    return ranks


def flexibility(cards: Iterable[Card | int], copies_per_colour: int = 2) -> float:
    """The flexibility of five cards (or ranks): ``log2(1 + n)`` bits, ``n`` the winning
    rank Grids (:func:`winning_rank_grids`) that hold their ranks. 0.0 when none does.

    Args:
        cards: five :class:`~dokuspec.vocabulary.competitive.Card` values or ranks 1-9.
        copies_per_colour: the deck's copies of each card, 1-4 (CS-1).

    Raises:
        TypeError, PositionError: not five cards or ranks, or bad copies.
    """
    ranks = _ranks(cards, "a hand")
    if len(ranks) != _HAND:
        raise PositionError(f"flexibility is of {_HAND} cards, not {len(ranks)}")
    table = _flexibility_table(_check_copies(copies_per_colour))
    return table.get(sum(_POWERS[r - 1] for r in ranks), 0.0)


def _solve(
    remaining: list[int], black: int, red: int, picked: int, table: dict[int, float]
) -> dict[tuple[int, int], float]:
    """The minimax values of every picking state reachable from the given one, by
    (Black's code, Red's code); ``remaining`` counts each rank left (index r - 1)."""
    memo: dict[tuple[int, int], float] = {}
    get = table.get

    def value(black: int, red: int, picked: int) -> float:
        key = (black, red)
        found = memo.get(key)
        if found is not None:
            return found
        if picked == 2 * _HAND:
            result = get(black, 0.0) - get(red, 0.0)
        elif picked % 2 == 0:  # Black picks (first, third, ...)
            result = -math.inf
            for index in range(9):
                if remaining[index]:
                    remaining[index] -= 1
                    result = max(result, value(black + _POWERS[index], red, picked + 1))
                    remaining[index] += 1
        else:
            result = math.inf
            for index in range(9):
                if remaining[index]:
                    remaining[index] -= 1
                    result = min(result, value(black, red + _POWERS[index], picked + 1))
                    remaining[index] += 1
        memo[key] = result
        return result

    value(black, red, picked)
    return memo


def _pool_counts(pool: Iterable[Card | int]) -> list[int]:
    ranks = _ranks(pool, "a draft pool")
    counts = [0] * 9
    for rank in ranks:
        counts[rank - 1] += 1
    return counts


@functools.lru_cache(maxsize=4096)
def _draft_value(counts: tuple[int, ...], copies: int) -> float:
    memo = _solve(list(counts), 0, 0, 0, _flexibility_table(copies))
    return memo[(0, 0)]


def _black_forces(
    counts: tuple[int, ...], goal: Callable[[float], bool], table: dict[int, float]
) -> bool:
    """Whether Black can force a draft of the pool ``counts`` whose value meets ``goal``:
    the minimax of :func:`_solve` as a game of win or lose, which stops at the first pick
    that decides it."""
    remaining = list(counts)
    memo: dict[tuple[int, int], bool] = {}
    get = table.get

    def wins(black: int, red: int, picked: int) -> bool:
        key = (black, red)
        found = memo.get(key)
        if found is not None:
            return found
        if picked == 2 * _HAND:
            result = goal(get(black, 0.0) - get(red, 0.0))
        elif picked % 2 == 0:
            result = False
            for index in range(9):
                if remaining[index]:
                    remaining[index] -= 1
                    result = wins(black + _POWERS[index], red, picked + 1)
                    remaining[index] += 1
                    if result:
                        break
        else:
            result = True
            for index in range(9):
                if remaining[index]:
                    remaining[index] -= 1
                    result = wins(black, red + _POWERS[index], picked + 1)
                    remaining[index] += 1
                    if not result:
                        break
        memo[key] = result
        return result

    return wins(0, 0, 0)


def within(
    mode: str,
    pool: Iterable[Card | int],
    margin: float,
    copies_per_colour: int = 2,
    *,
    target: float = 0.0,
) -> bool:
    """Whether a deal's :func:`advantage` is within ``margin`` bits of ``target``
    (``target - margin <= value <= target + margin``): the same answer as computing it,
    found faster (the minimax stops at the first pick that decides it).

    Raises:
        As :func:`advantage`.
    """
    low, high = target - margin, target + margin
    if mode not in {"draft", "twins-draft"}:
        return low <= advantage(mode, pool, copies_per_colour) <= high
    counts = _pool_counts(pool)
    if sum(counts) != 2 * _HAND:
        raise PositionError(f"a draft pool has {2 * _HAND} cards, not {sum(counts)}")
    table = _flexibility_table(_check_copies(copies_per_colour))
    key = tuple(counts)
    return not _black_forces(key, lambda v: v > high, table) and _black_forces(
        key, lambda v: v >= low, table
    )


def draft_value(pool: Iterable[Card | int], copies_per_colour: int = 2) -> float:
    """The value of the draft of ``pool`` for Black, in bits (see the module).

    Black and Red pick alternately, Black first, five cards each (CS-3, CS-5);
    the value is Black's :func:`flexibility` minus Red's when Black maximises
    it and Red minimises it at every pick: an exact minimax over every order
    of picks (cards of equal rank are one choice).

    Args:
        pool: the ten cards (or ranks) of the draft pool.
        copies_per_colour: the deck's copies of each card, 1-4 (CS-1).

    Raises:
        TypeError, PositionError: not ten cards or ranks, or bad copies.
    """
    counts = _pool_counts(pool)
    if sum(counts) != 2 * _HAND:
        raise PositionError(f"a draft pool has {2 * _HAND} cards, not {sum(counts)}")
    return _draft_value(tuple(counts), _check_copies(copies_per_colour))


def best_picks(
    remaining: Iterable[Card | int],
    black: Iterable[Card | int],
    red: Iterable[Card | int],
    copies_per_colour: int = 2,
) -> tuple[int, ...]:
    """The ranks whose pick is optimal for the player to pick, under the draft's minimax.

    The player to pick is Black when both hold as many cards, else Red
    (CS-3, CS-5). Every rank of ``remaining`` whose pick keeps the draft's
    value (:func:`draft_value`) at its best for that player is returned,
    in increasing order.

    Args:
        remaining: the cards (or ranks) left in the pool.
        black, red: the cards each has picked.
        copies_per_colour: the deck's copies of each card, 1-4.

    Raises:
        TypeError, PositionError: counts that no draft reaches, or bad copies.
    """
    copies = _check_copies(copies_per_colour)
    counts = _pool_counts(remaining)
    mine, theirs = _ranks(black, "Black's hand"), _ranks(red, "Red's hand")
    picked = len(mine) + len(theirs)
    turns_right = len(mine) - len(theirs) in (0, 1)
    if not (turns_right and picked + sum(counts) == 2 * _HAND and any(counts)):
        raise PositionError("no draft has these cards left and picked, with a pick to make")
    table = _flexibility_table(copies)
    black_code = sum(_POWERS[r - 1] for r in mine)
    red_code = sum(_POWERS[r - 1] for r in theirs)
    memo = _solve(counts, black_code, red_code, picked, table)
    black_to_pick = len(mine) == len(theirs)
    options = {}
    for index in range(9):
        if counts[index]:
            if black_to_pick:
                options[index + 1] = memo[(black_code + _POWERS[index], red_code)]
            else:
                options[index + 1] = memo[(black_code, red_code + _POWERS[index])]
    best = max(options.values()) if black_to_pick else min(options.values())
    return tuple(rank for rank, value in options.items() if value == best)


def advantage(mode: str, pool: Iterable[Card | int], copies_per_colour: int = 2) -> float:
    """A deal's advantage for Black, in bits: the pool's :func:`draft_value` in the draft
    modes (``draft``, CS-3; ``twins-draft``, CS-5); 0.0 in ``twins`` (CS-4), where both
    players are dealt the same ranks and ``pool`` is empty.

    Raises:
        TypeError, PositionError: as :func:`draft_value`; an unknown mode (PositionError).
    """
    if mode == "twins":
        if any(True for _ in pool):
            raise PositionError("a twins deal has no draft pool")
        _check_copies(copies_per_colour)
        return 0.0
    if mode not in ("draft", "twins-draft"):
        raise PositionError(f"the mode is draft, twins or twins-draft, not {quote(mode)}")
    return draft_value(pool, copies_per_colour)


@functools.cache
def _grid_arrays(copies: int) -> tuple[Any, Any]:
    """The winning rank Grids as an array (Grids x 9 positions, ranks) and one-hot
    (Grids x 9 positions x 9 ranks)."""
    import numpy as np  # noqa: PLC0415 - numpy (scipy's) loads with the first count

    grids = np.array(winning_rank_grids(copies), dtype=np.int8)
    one_hot = np.zeros((len(grids), 9, 9), dtype=np.int8)
    for position in range(9):
        one_hot[np.arange(len(grids)), position, grids[:, position] - 1] = 1
    return grids, one_hot


def reachable_grids(
    ranks: Sequence[int | None],
    hand: Iterable[Card | int],
    available: Iterable[Card | int],
    copies_per_colour: int = 2,
) -> int:
    """How many winning rank Grids a Grid can still become: those that agree with its
    placed ranks, hold the ranks of ``hand`` (cards still to be placed) among its empty
    positions, and whose other empty positions the ``available`` cards can fill.

    Args:
        ranks: the Grid's nine ranks, row by row, ``None`` for an empty position.
        hand: the cards (or ranks) the player still places.
        available: the cards (or ranks) still in play for the player.
        copies_per_colour: the deck's copies of each card, 1-4 (CS-1).

    Raises:
        TypeError, PositionError: not nine positions, a bad rank, bad copies.
    """
    import numpy as np  # noqa: PLC0415

    if len(ranks) != 9:
        raise PositionError(f"a Grid has 9 positions, not {len(ranks)}")
    grids, one_hot = _grid_arrays(_check_copies(copies_per_colour))
    placed = [(p, r) for p, r in enumerate(ranks) if r is not None]
    _ranks([r for _, r in placed], "a Grid")
    empty = [p for p, r in enumerate(ranks) if r is None]
    need = np.zeros(9, dtype=np.int8)
    for rank in _ranks(hand, "a hand"):
        need[rank - 1] += 1
    have = np.zeros(9, dtype=np.int16)
    for rank in _ranks(available, "the cards available"):
        have[rank - 1] += 1
    mask = np.ones(len(grids), dtype=bool)
    for position, rank in placed:
        mask &= grids[:, position] == rank
    if not mask.any():
        return 0
    open_ranks = one_hot[mask][:, empty, :].sum(axis=1, dtype=np.int16)
    rest = open_ranks - need
    fits = (rest >= 0).all(axis=1) & (rest <= have).all(axis=1)
    return int(fits.sum())
