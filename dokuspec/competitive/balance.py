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

The minimax takes 5-25 ms a pool, so the value of every pool a deck allows
(2,907 to 43,677 pools, by copies) is bundled as a table
(``dokuspec/data/competitive/``, written by ``scripts/make_draft_values.py``
with this module's minimax) and :func:`draft_value` reads it, in about
4 µs; pools beyond the deck's copies are searched. The table stores, for
each pool, the winning-Grid counts of the two hands a principal variation
ends with, so the value read back is the float the minimax returns; the
tests compare the table with a minimax written there.

Values are floats computed by the same operations in every process, so
equal pools (as rank multisets) get identical values everywhere.
"""

from __future__ import annotations

import array
import functools
import itertools
import math
import sys
import zlib
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from dokuspec.engine.base import EngineError
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
    # The third ranks that make a line with two given ones, in increasing order: a
    # bottom row is built column by column from them, so only lines are tried.
    third: dict[tuple[int, int], list[int]] = {}
    for a, b, c in lines:
        third.setdefault((a, b), []).append(c)
    found = []
    for top in lines:
        for middle in lines:
            columns = [third.get((top[i], middle[i])) for i in range(3)]
            if not all(columns):
                continue
            for bottom in itertools.product(*columns):  # type: ignore[arg-type]
                if bottom in is_line:
                    grid = top + middle + bottom
                    counts = Counter(grid)
                    if len(counts) < 9 and max(counts.values()) <= cap:
                        found.append(grid)
    return tuple(found)


@functools.cache
def _grid_counts(copies: int) -> dict[int, int]:
    """Each multiset of five ranks (coded) in some winning Grid: how many Grids hold it."""
    import numpy as np  # noqa: PLC0415 - numpy (scipy's) loads with the first count

    grids = np.array(winning_rank_grids(copies), dtype=np.int32)
    codes = np.array(_POWERS, dtype=np.int32)[grids - 1]  # Grids x 9 positions
    chosen = np.array(list(itertools.combinations(range(9), _HAND)), dtype=np.intp)
    hands = codes[:, chosen[:, 0]]  # Grids x 126 five-card hands, summed position by position
    for column in range(1, _HAND):
        hands = hands + codes[:, chosen[:, column]]
    hands.sort(axis=1)
    first = np.ones(hands.shape, dtype=bool)  # a multiset counts once per Grid
    first[:, 1:] = hands[:, 1:] != hands[:, :-1]
    values, counts = np.unique(hands[first], return_counts=True)
    return {int(code): int(count) for code, count in zip(values, counts, strict=True)}


@functools.cache
def _flexibility_table(copies: int) -> dict[int, float]:
    """Each multiset of five ranks (coded) in some winning Grid: ``log2(1 + Grids)``."""
    return {code: math.log2(1 + count) for code, count in _grid_counts(copies).items()}


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


_POOL_BASE = 9  # pools are coded in base 9: digit r - 1 counts rank r (at most 8 copies)
_POOL_POWERS = tuple(_POOL_BASE**i for i in range(9))
_TABLE_FILE = "draft-values-{copies}.bin"


def _draft_pools(copies: int) -> list[tuple[int, ...]]:
    """Every draft pool the deck allows, as counts of ranks 1-9: ten cards, no rank more
    often than the deck's ``2 * copies`` cards of it, in lexicographic order of the counts
    (2,907 pools with one copy, 32,211 with two, 42,273 with three, 43,677 with four)."""
    cap = 2 * copies
    found: list[tuple[int, ...]] = []

    def extend(prefix: list[int], left: int) -> None:
        if len(prefix) == 8:
            if left <= cap:
                found.append((*prefix, left))
            return
        for count in range(min(cap, left) + 1):
            prefix.append(count)
            extend(prefix, left - count)
            prefix.pop()

    extend([], 2 * _HAND)
    return found


def _pool_code(counts: Sequence[int]) -> int:
    return sum(count * power for count, power in zip(counts, _POOL_POWERS, strict=True))


def _principal_leaf(counts: tuple[int, ...], copies: int) -> tuple[int, int]:
    """The winning Grids of Black's and Red's hands at the end of a principal variation
    of the draft of ``counts`` (each pick the first of lowest rank that keeps the value):
    the draft's value is ``log2(1 + black) - log2(1 + red)``."""
    memo = _solve(list(counts), 0, 0, 0, _flexibility_table(copies))
    remaining = list(counts)
    black = red = 0
    value = memo[(0, 0)]
    for picked in range(2 * _HAND):
        for index in range(9):
            if not remaining[index]:
                continue
            child = (
                (black + _POWERS[index], red) if picked % 2 == 0 else (black, red + _POWERS[index])
            )
            if memo[child] == value:
                remaining[index] -= 1
                black, red = child
                break
    grids = _grid_counts(copies)
    return grids.get(black, 0), grids.get(red, 0)


@functools.cache
def _draft_table(copies: int) -> dict[int, float]:
    """The draft value of every pool :func:`_draft_pools` lists, by its base-9 code, read
    from the bundled table ``dokuspec/data/competitive/draft-values-<copies>.bin``
    (written by ``scripts/make_draft_values.py``, which can recompute and compare it).

    Raises:
        EngineError: the file cannot be read or does not hold one entry per pool.
    """
    from importlib import resources  # noqa: PLC0415

    pools = _draft_pools(copies)
    name = _TABLE_FILE.format(copies=copies)
    try:
        data = (resources.files("dokuspec") / "data" / "competitive" / name).read_bytes()
        entries = array.array("H", zlib.decompress(data))
    except (OSError, ValueError, zlib.error) as error:
        raise EngineError(f"the table of draft values {name} cannot be read: {error}") from None
    if sys.byteorder == "big":
        entries.byteswap()
    if len(entries) != 2 * len(pools):
        raise EngineError(
            f"the table of draft values {name} holds {len(entries) // 2:,} pools, "
            f"not {len(pools):,}"
        )
    log2 = math.log2
    return {
        _pool_code(counts): log2(1 + entries[2 * number]) - log2(1 + entries[2 * number + 1])
        for number, counts in enumerate(pools)
    }


def _table_bytes(leaves: Iterable[tuple[int, int]]) -> bytes:
    """The bytes of a table of :func:`_draft_table`: zlib, little-endian pairs of 16-bit
    Grid counts (:func:`_principal_leaf`), one pair per pool in the order of the pools."""
    entries = array.array("H")
    for pair in leaves:
        entries.extend(pair)
    if sys.byteorder == "big":
        entries.byteswap()
    return zlib.compress(entries.tobytes(), 9)


@functools.lru_cache(maxsize=4096)
def _draft_value(counts: tuple[int, ...], copies: int) -> float:
    if max(counts) <= 2 * copies:  # every pool the deck allows is in the table
        return _draft_table(copies)[_pool_code(counts)]
    memo = _solve(list(counts), 0, 0, 0, _flexibility_table(copies))
    return memo[(0, 0)]


def within(
    mode: str,
    pool: Iterable[Card | int],
    margin: float,
    copies_per_colour: int = 2,
    *,
    target: float = 0.0,
) -> bool:
    """Whether a deal's :func:`advantage` is within ``margin`` bits of ``target``
    (``target - margin <= value <= target + margin``).

    Raises:
        As :func:`advantage`.
    """
    return target - margin <= advantage(mode, pool, copies_per_colour) <= target + margin


def draft_value(pool: Iterable[Card | int], copies_per_colour: int = 2) -> float:
    """The value of the draft of ``pool`` for Black, in bits (see the module).

    Black and Red pick alternately, Black first, five cards each (CS-3, CS-5);
    the value is Black's :func:`flexibility` minus Red's when Black maximises
    it and Red minimises it at every pick: an exact minimax over every order
    of picks (cards of equal rank are one choice), read from the bundled table
    for every pool the deck allows (see the module).

    Args:
        pool: the ten cards (or ranks) of the draft pool.
        copies_per_colour: the deck's copies of each card, 1-4 (CS-1).

    Raises:
        TypeError, PositionError: not ten cards or ranks, or bad copies.
        EngineError: the bundled table cannot be read.
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
