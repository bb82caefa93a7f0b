"""Exact counting of Two-Doku's fair deals (TD-4, ruling TD-16): how many fair deals a face-down
draw has, the pot's probabilities, whether a fair split exists; the engine's chance nodes
of the deal draw from these counts."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb

from dokuspec.errors import DiscrepancyError, PositionError
from dokuspec.vocabulary.twodoku import (
    COPIES,
    FACE_DOWN_COUNT,
    FULL_SET,
    PILE_SIZE,
    POT_SIZE,
    Dominoes,
)

__all__ = [
    "FairDealMissingError",
    "fair_deal_count",
    "fair_deal_exists",
    "fair_split_count",
    "pot_probabilities",
]


class FairDealMissingError(DiscrepancyError):
    """No fair deal exists for a face-down draw: impossible (see :func:`fair_deal_exists`).

    An internal error, not a user's mistake: it means the proof in
    :func:`fair_deal_exists` or the counting is wrong, and the engine refuses
    to go on rather than deal from an empty set of deals.
    """


# -- exact counting of fair deals (TD-4) ---------------------------------------------------------
#
# A multiset of dominoes is given by its counts by digit (index d - 1). The
# generating function of its subsets, counting physical dominoes, is
# prod_d (1 + x y^d)^{c_d}: the coefficient of x^n y^s is the number of
# n-domino subsets with digit sum s. It is kept as one Python int per power
# of x, the coefficients of the powers of y packed in fixed-width bit slots
# (slot s at bits s*width .. (s+1)*width - 1). Every coefficient is a count
# of n-subsets, at most comb(total, total // 2) < 2**width, so slots never
# overflow into each other; multiplying by y^k is a shift by k*width bits.


def _width(total: int) -> int:
    """Bits per slot: every coefficient of ``total`` dominoes' subsets fits."""
    return comb(total, total // 2).bit_length() + 1


def _times_digit(polys: list[int], digit: int, count: int, width: int, limit: int) -> list[int]:
    """``polys`` (by power of x up to ``limit``) times ``(1 + x y^digit)^count``."""
    if not count:
        return polys
    new = [0] * (limit + 1)
    step = digit * width
    for n, poly in enumerate(polys):
        if not poly:
            continue
        for k in range(min(count, limit - n) + 1):
            new[n + k] += comb(count, k) * (poly << (step * k))
    return new


def _without_one(polys: list[int], digit: int, width: int) -> list[int]:
    """``polys`` divided by ``(1 + x y^digit)``: one domino of ``digit`` left out.

    Exact when the multiset holds that domino: ``H_n = G_n - y^digit H_{n-1}``.
    """
    out = [0] * len(polys)
    previous = 0
    step = digit * width
    for n, poly in enumerate(polys):
        previous = poly - (previous << step)
        out[n] = previous
    return out


def _coefficient(poly: int, power: int, width: int) -> int:
    """The coefficient of ``y^power`` in a packed polynomial (0 for a negative power)."""
    if power < 0:
        return 0
    return (poly >> (power * width)) & ((1 << width) - 1)


@lru_cache(maxsize=4096)
def _pot_weights(counts: tuple[int, ...], pile: int) -> tuple[tuple[int, int, int], ...]:
    """The fair deals of the dominoes ``counts`` (by digit) by pot, physical dominoes counted.

    A deal puts 2 dominoes in the pot and ``pile`` in Red's pile; Blue gets
    the rest, which must also be ``pile`` dominoes with the same sum.

    Returns:
        ``(a, b, weight)`` for each pair of digits ``a <= b`` with at least
        one fair deal: ``weight`` = the physical pairs of dominoes ``a, b``
        times the number of ``pile``-subsets of the rest with half its sum.
    """
    total = sum(counts)
    if total != 2 * pile + POT_SIZE:
        return ()
    width = _width(total)
    whole = sum(d * c for d, c in enumerate(counts, start=1))
    polys = list(_suffix_tables(counts, pile)[0])
    weights = []
    for a in range(1, 10):
        if not counts[a - 1]:
            continue
        without_a = _without_one(polys, a, width)
        for b in range(a, 10):
            pairs = comb(counts[a - 1], 2) if a == b else counts[a - 1] * counts[b - 1]
            rest = whole - a - b
            if not pairs or rest % 2:
                continue
            without_both = _without_one(without_a, b, width)
            splits = _coefficient(without_both[pile], rest // 2, width)
            if splits:
                weights.append((a, b, pairs * splits))
    return tuple(weights)


@lru_cache(maxsize=16)  # about half a megabyte each
def _suffix_tables(counts: tuple[int, ...], pile: int) -> tuple[tuple[int, ...], ...]:
    """``tables[e]``: the packed generating function (by power of x up to ``pile``) of the
    dominoes of digits ``e + 1 .. 9`` of ``counts``; ``tables[9]`` is 1.

    The slots are ``_width(sum(counts))`` bits wide."""
    width = _width(max(sum(counts), 1))
    polys = [1] + [0] * pile
    tables: list[tuple[int, ...]] = [tuple(polys)]
    for digit in range(9, 0, -1):
        polys = _times_digit(polys, digit, counts[digit - 1], width, pile)
        tables.append(tuple(polys))
    tables.reverse()
    # tables[0] covers digits 1..9, tables[e] digits e+1..9, tables[9] none.
    return tuple(tables)


def _count_weights(
    counts: tuple[int, ...],
    pile: int,
    target: int,
    chosen: Sequence[int],
    pot: Sequence[int] = (),
) -> list[tuple[int, int]]:
    """Red's count of the next digit: ``(count, weight)`` for each count with a completion.

    ``counts`` are the dominoes before the ``pot`` (its digits) is taken
    out; the rest is split. ``pile`` is Red's size, ``target`` the sum of
    Red's pile, ``chosen`` Red's counts of the digits ``1 .. len(chosen)``.
    The weight of count ``k`` of digit ``e`` is ``comb(m, k)``, ``m`` the
    dominoes of ``e`` left, times the number of ways to complete the pile
    from the digits ``e+1 .. 9`` with the right size and sum. The tables of
    ``counts`` are shared with the pot's node; the pot's dominoes are divided
    out of them.
    """
    width = _width(max(sum(counts), 1))
    digit = len(chosen) + 1
    after = list(_suffix_tables(counts, pile)[digit])
    left = list(counts)
    for taken in pot:
        left[taken - 1] -= 1
        if taken > digit:
            after = _without_one(after, taken, width)
    size = sum(chosen)
    total = sum(d * k for d, k in enumerate(chosen, start=1))
    weights = []
    for k in range(min(left[digit - 1], pile - size) + 1):
        ways = _coefficient(after[pile - size - k], target - total - digit * k, width)
        if ways:
            weights.append((k, comb(left[digit - 1], k) * ways))
    return weights


def _split_count(counts: tuple[int, ...], pile: int) -> int:
    """The ``pile``-subsets of ``counts`` with half the sum (physical dominoes counted)."""
    whole = sum(d * c for d, c in enumerate(counts, start=1))
    if sum(counts) != 2 * pile or whole % 2:
        return 0
    tables = _suffix_tables(counts, pile)
    return _coefficient(tables[0][pile], whole // 2, _width(max(sum(counts), 1)))


def _dominoes_arg(value: object, what: str) -> Dominoes:
    if not isinstance(value, Dominoes):
        raise TypeError(f"{what} is Dominoes, not {type(value).__name__}")
    if not value.issubset(FULL_SET):
        over = [str(d) for d, n in enumerate(value.counts(), start=1) if n > COPIES]
        raise PositionError(
            f"{what} holds more than {COPIES} of {', '.join(over)}: the game has ten of each (TD-1)"
        )
    return value


def _face_down_arg(face_down: object) -> tuple[int, ...]:
    dominoes = _dominoes_arg(face_down, "the face-down draw")
    if len(dominoes) != FACE_DOWN_COUNT:
        raise PositionError(
            f"the face-down draw is {FACE_DOWN_COUNT} dominoes (TD-3), not {len(dominoes)}"
        )
    return tuple(COPIES - n for n in dominoes.counts())


def fair_deal_count(face_down: Dominoes) -> int:
    """The number of fair deals for a face-down draw, counting physical dominoes (TD-4).

    The 82 dominoes left by the draw (ten of each digit less the face-down
    ones) are dealt: 2 to the pot and 40 to each pile; a deal is fair when
    the piles have equal sums. Dominoes are physical pieces: the count is the
    number of ways to choose the 2 pot pieces and Red's 40 pieces (Blue gets
    the other 40) with equal pile sums. Exact (big integers), about 3 ms,
    cached by draw.

    Args:
        face_down: the 8 face-down digits.

    Raises:
        TypeError: ``face_down`` is not
            :class:`~dokuspec.vocabulary.twodoku.Dominoes`.
        PositionError: not 8 dominoes, or more than ten of a digit.
    """
    counts = _face_down_arg(face_down)
    return sum(weight for _, _, weight in _pot_weights(counts, PILE_SIZE))


def pot_probabilities(face_down: Dominoes) -> dict[tuple[int, int], Fraction]:
    """The probability of each pot given the face-down draw, as the engine deals it (TD-4).

    Args:
        face_down: the 8 face-down digits.

    Returns:
        ``{(a, b): p}`` for the pots ``a <= b`` of at least one fair deal:
        their share of :func:`fair_deal_count`; the probabilities sum to 1.

    Raises:
        TypeError, PositionError: as :func:`fair_deal_count`.
        FairDealMissingError: no fair deal exists (never: see :func:`fair_deal_exists`).
    """
    weights = _pot_weights(_face_down_arg(face_down), PILE_SIZE)
    total = sum(weight for _, _, weight in weights)
    if not total:
        raise FairDealMissingError(f"no fair deal exists for the face-down draw {face_down}")
    return {(a, b): Fraction(weight, total) for a, b, weight in weights}


def fair_split_count(dominoes: Dominoes) -> int:
    """The ways to split ``dominoes`` into two piles of equal size and equal sum.

    Counted as the subsets that form the first pile (physical dominoes: two
    dominoes of the same digit are different pieces), so each split into two
    piles is counted once for each pile it can give first. 0 for an odd
    number of dominoes or an odd sum.

    Raises:
        TypeError: ``dominoes`` is not Dominoes.
        PositionError: more than ten of a digit.
    """
    counts = _dominoes_arg(dominoes, "the dominoes").counts()
    size = len(dominoes)
    if size % 2:
        return 0
    return _split_count(counts, size // 2)


def fair_deal_exists(face_down: Dominoes) -> bool:
    """Whether some fair deal exists for the face-down draw (TD-4): always ``True``.

    Proof. Let ``c_d = 10 - f_d`` be the dominoes of digit ``d`` left by the
    draw: ``c_d >= 2`` and ``sum c_d = 82``, so ``sum (c_d - 2) = 64`` with
    each term at most 8: at least eight digits have ``c_d >= 3``, among them
    at least two odd and two even digits. Choose the pot as two different
    such digits whose sum has the parity of the 82's sum: the 80 left have an
    even sum and hold every digit 1-9 at least twice. The sums of the
    40-subsets of a multiset whose distinct values are consecutive integers
    fill an interval (from any subset but the largest, some ``v`` in it and
    ``v + 1`` outside it can be swapped: +1), from the 40 smallest to the 40
    largest, and half the total lies between those. So a fair deal exists.
    The function nevertheless counts (:func:`fair_deal_count`): it is the
    claim the proof makes, checked.

    Raises:
        TypeError, PositionError: as :func:`fair_deal_count`.
    """
    return fair_deal_count(face_down) > 0
