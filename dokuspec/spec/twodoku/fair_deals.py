"""Two-Doku's fair deals counted exactly (TD-4, TD-16), and one fair split built.

A deal is *physical*: the 82 dominoes left after the face-down draw are
distinct pieces, and a deal is a set of 2 for the pot, a set of 40 for Red
and the other 40 for Blue (TD-4, TD-16). :func:`count_fair_deals` counts
the fair ones exactly (equal pile sums) with the generating function
``prod_d (1 + x y^d)^(m_d)`` over the 82, kept as one Python integer per
power of ``x`` with the coefficients of ``y`` packed in fixed-width bit
slots; each pot is divided out of it by the recurrence
``H_c = G_c - y^a H_(c-1)`` rather than recomputed. It also counts the fair
deals by their digit multisets, and :func:`pile_digit_counts` the fair deals
by how many dominoes of one digit Red holds. :func:`fair_split_witness`
builds one fair split by exchanges that raise Red's sum a pip at a time, and
:func:`fair_split_exists` decides whether any exists.

Digit counts are tuples of nine ints, index ``d - 1`` for digit ``d``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from dokuspec.errors import PositionError
from dokuspec.spec.twodoku.deals import _DIGIT_SET, Counts, _dominoes
from dokuspec.vocabulary.twodoku import DIGITS, POT_SIZE

__all__ = [
    "FairCount",
    "count_fair_deals",
    "fair_split_exists",
    "fair_split_witness",
    "pile_digit_counts",
    "pot_choices",
]


def _check_counts(counts: Iterable[int], what: str) -> Counts:
    values = tuple(counts)
    if len(values) != 9:
        raise PositionError(f"{what} are nine digit counts, not {len(values)}")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{what} are ints, not {type(value).__name__}")
        if value < 0:
            raise PositionError(f"{what} are 0 or more, not {value}")
    return values


def _pile_size(counts: Counts, pot_size: int, pile_size: int | None) -> int:
    for name, value in (("pot_size", pot_size), ("pile_size", pile_size)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError(f"{name} is an int, not {type(value).__name__}")
        if value is not None and value < 0:
            raise PositionError(f"{name} is 0 or more, not {value}")
    n = sum(counts)
    if pile_size is None:
        if n < pot_size or (n - pot_size) % 2:
            raise PositionError(
                f"{_dominoes(n)} cannot be dealt as a pot of {pot_size} and two piles of one size"
            )
        return (n - pot_size) // 2
    if n != pot_size + 2 * pile_size:
        raise PositionError(
            f"a pot of {pot_size} and two piles of {pile_size} are "
            f"{_dominoes(pot_size + 2 * pile_size)}, not {n}"
        )
    return pile_size


def pot_choices(counts: Counts, pot_size: int) -> list[tuple[Counts, int]]:
    """Every pot a multiset can give: ``(pot counts, physical ways to choose it)``.

    The pots are the digit multisets of size ``pot_size`` within ``counts``,
    in lexicographic order of their sorted digits; the ways are
    ``prod_d C(m_d, p_d)`` (dominoes are distinct pieces).
    """
    found = []
    for digits in itertools.combinations_with_replacement(DIGITS, pot_size):
        pot = [0] * 9
        for digit in digits:
            pot[digit - 1] += 1
        ways = math.prod(math.comb(m, p) for m, p in zip(counts, pot, strict=True))
        if ways:
            found.append((tuple(pot), ways))
    return found


def _physical_series(counts: Counts, degree: int, slot: int) -> list[int]:
    """``prod_d (1 + x y^d)^(m_d)`` up to ``x^degree``: one packed int of ``y`` slots per power."""
    series = [0] * (degree + 1)
    series[0] = 1
    top = 0
    for digit, copies in zip(DIGITS, counts, strict=True):
        shift = digit * slot
        for _ in range(copies):
            top = min(top + 1, degree)
            for c in range(top, 0, -1):
                series[c] += series[c - 1] << shift
    return series


def _divide_physical(series: Sequence[int], digit: int, slot: int) -> list[int]:
    """``series / (1 + x y^digit)``: ``H_c = G_c - y^digit H_(c-1)`` (exact, every slot >= 0)."""
    shift = digit * slot
    result = [series[0]]
    previous = series[0]
    for c in range(1, len(series)):
        previous = series[c] - (previous << shift)
        result.append(previous)
    return result


def _bounded_series(counts: Counts, degree: int, slot: int) -> list[int]:
    """``prod_d (1 + z_d + ... + z_d^(m_d))`` with ``z_d = x y^d``, up to ``x^degree``.

    Its coefficient of ``x^c y^s`` is the number of digit multisets of size
    ``c`` and sum ``s`` within ``counts``.
    """
    series = [0] * (degree + 1)
    series[0] = 1
    for digit, copies in zip(DIGITS, counts, strict=True):
        series = _times_geometric(series, digit, slot)
        series = _times_binomial(series, copies + 1, digit, slot)
    return series


def _times_geometric(series: list[int], digit: int, slot: int, step: int = 1) -> list[int]:
    """``series / (1 - z^step)`` with ``z = x y^digit``: ascending ``F_c += z^step F_(c-step)``."""
    result = list(series)
    shift = step * digit * slot
    for c in range(step, len(result)):
        result[c] += result[c - step] << shift
    return result


def _times_binomial(series: list[int], step: int, digit: int, slot: int) -> list[int]:
    """``series * (1 - z^step)`` with ``z = x y^digit``: descending ``F_c -= z^step F_(c-step)``."""
    result = list(series)
    shift = step * digit * slot
    for c in range(len(result) - 1, step - 1, -1):
        result[c] -= result[c - step] << shift
    return result


def _coefficient(packed: int, power: int, slot: int) -> int:
    if power < 0:
        return 0
    return (packed >> (power * slot)) & ((1 << slot) - 1)


@dataclass(frozen=True, slots=True)
class FairCount:
    """The exact counts of the deals of one multiset of dominoes (TD-4, TD-16).

    Attributes:
        remaining: the digit counts of the dominoes dealt (82 after a
            face-down draw: ten of each digit less the face-down ones).
        pot_size: dominoes in the pot (2).
        pile_size: dominoes in each pile (40).
        fair: the physical fair deals: ways to choose the pot's pieces, Red's
            pieces and Blue's pieces (the rest) so that the piles' sums are equal.
        total: every physical deal, fair or not: ``n! / (pot! pile! pile!)``.
        by_pot: for each pot that occurs in some fair deal (its digit
            counts), the physical fair deals with that pot.
        multisets: the fair deals counted by their digit multisets
            (pot, Red's pile, Blue's pile): distinct triples of digit counts.
        multisets_by_pot: the same by pot.
    """

    remaining: Counts
    pot_size: int
    pile_size: int
    fair: int
    total: int
    by_pot: Mapping[Counts, int]
    multisets: int
    multisets_by_pot: Mapping[Counts, int]

    @property
    def probability(self) -> Fraction:
        """The acceptance probability, the share of all deals that are fair, exactly."""
        return Fraction(self.fair, self.total)

    def pot_probability(self, pot: Counts) -> Fraction:
        """The probability of the pot ``pot`` (digit counts) in a uniform fair deal, exactly."""
        return Fraction(self.by_pot.get(tuple(pot), 0), self.fair) if self.fair else Fraction(0)


def _slot_for(count: int) -> int:
    return count.bit_length() + 1


def count_fair_deals(
    remaining: Iterable[int], *, pot_size: int = POT_SIZE, pile_size: int | None = None
) -> FairCount:
    """Count the fair deals of a multiset of dominoes exactly (TD-4 read as TD-16).

    A deal chooses ``pot_size`` of the pieces for the pot, ``pile_size`` of
    the others for Red and gives the rest to Blue; it is fair when the two
    piles' digits have equal sums. Pieces are distinct (two 5s are two
    pieces), as when the dominoes are shuffled and dealt.

    Args:
        remaining: nine digit counts (82 dominoes after a face-down draw).
        pot_size: the pot's size (2).
        pile_size: each pile's size; ``None``: ``(n - pot_size) / 2``.

    Raises:
        TypeError: a count or size that is not an int.
        PositionError: a negative count, not nine counts, or sizes that do
            not add up to the number of dominoes.
    """
    counts = _check_counts(remaining, "the remaining dominoes")
    pile = _pile_size(counts, pot_size, pile_size)
    n = sum(counts)
    total_digits = sum(d * m for d, m in zip(DIGITS, counts, strict=True))
    total = math.factorial(n) // (
        math.factorial(pot_size) * math.factorial(pile) * math.factorial(pile)
    )
    slot = _slot_for(math.comb(n, n // 2))
    physical = _physical_series(counts, pile, slot)
    bounded_slot = _slot_for(math.comb(pile + 8, 8))
    bounded = _bounded_series(counts, pile, bounded_slot)
    by_pot: dict[Counts, int] = {}
    multisets_by_pot: dict[Counts, int] = {}
    fair = 0
    for pot, ways in pot_choices(counts, pot_size):
        rest = total_digits - sum(d * p for d, p in zip(DIGITS, pot, strict=True))
        if rest % 2:
            continue
        half = rest // 2
        series = physical
        for digit, taken in zip(DIGITS, pot, strict=True):
            for _ in range(taken):
                series = _divide_physical(series, digit, slot)
        piles = _coefficient(series[pile], half, slot)
        if not piles:
            continue
        by_pot[pot] = ways * piles
        fair += ways * piles
        shapes = bounded
        for digit, (copies, taken) in enumerate(zip(counts, pot, strict=True), 1):
            if taken:
                shapes = _times_geometric(shapes, digit, bounded_slot, copies + 1)
                shapes = _times_binomial(shapes, copies - taken + 1, digit, bounded_slot)
        multisets_by_pot[pot] = _coefficient(shapes[pile], half, bounded_slot)
    return FairCount(
        remaining=counts,
        pot_size=pot_size,
        pile_size=pile,
        fair=fair,
        total=total,
        by_pot=by_pot,
        multisets=sum(multisets_by_pot.values()),
        multisets_by_pot=multisets_by_pot,
    )


def pile_digit_counts(
    remaining: Iterable[int],
    digit: int,
    *,
    pot_size: int = POT_SIZE,
    pile_size: int | None = None,
) -> tuple[int, ...]:
    """The physical fair deals by how many dominoes of ``digit`` Red's pile holds.

    Entry ``k`` of the result is the number of physical fair deals (as
    :func:`count_fair_deals` counts them) in which Red holds exactly ``k``
    dominoes of ``digit``; the entries add up to the ``fair`` count. By the
    symmetry of the two piles, Blue's counts have the same distribution.

    Raises:
        TypeError, PositionError: as :func:`count_fair_deals`; a digit outside 1-9.
    """
    counts = _check_counts(remaining, "the remaining dominoes")
    if isinstance(digit, bool) or not isinstance(digit, int):
        raise TypeError(f"the digit is an int, not {type(digit).__name__}")
    if digit not in _DIGIT_SET:
        raise PositionError(f"the digit is 1-9, not {digit}")
    pile = _pile_size(counts, pot_size, pile_size)
    n = sum(counts)
    total_digits = sum(d * m for d, m in zip(DIGITS, counts, strict=True))
    slot = _slot_for(math.comb(n, n // 2))
    physical = _physical_series(counts, pile, slot)
    by_count = [0] * (min(pile, counts[digit - 1]) + 1)
    for pot, ways in pot_choices(counts, pot_size):
        rest = total_digits - sum(d * p for d, p in zip(DIGITS, pot, strict=True))
        if rest % 2:
            continue
        half = rest // 2
        series = physical
        for d, taken in zip(DIGITS, pot, strict=True):
            for _ in range(taken):
                series = _divide_physical(series, d, slot)
        left = counts[digit - 1] - pot[digit - 1]
        without = series
        for _ in range(left):
            without = _divide_physical(without, digit, slot)
        for k in range(min(left, pile) + 1):
            others = _coefficient(without[pile - k], half - digit * k, slot)
            by_count[k] += ways * math.comb(left, k) * others
    return tuple(by_count)


def _witness_pots(counts: Counts, pot_size: int) -> Iterator[tuple[int, ...]]:
    """The pots a multiset can give (sorted digits): first those that leave every digit."""
    deferred = []
    for digits in itertools.combinations_with_replacement(DIGITS, pot_size):
        taken = {d: digits.count(d) for d in set(digits)}
        if any(n > counts[d - 1] for d, n in taken.items()):
            continue
        if any(n == counts[d - 1] for d, n in taken.items()):
            deferred.append(digits)
        else:
            yield digits
    yield from deferred


def fair_split_witness(
    remaining: Iterable[int], *, pot_size: int = POT_SIZE, pile_size: int | None = None
) -> tuple[Counts, Counts, Counts] | None:
    """One fair deal of a multiset as digit counts ``(pot, red, blue)``, or ``None`` if none found.

    For each pot in turn (those that leave every digit present first), Red
    starts with the smallest ``pile_size`` dominoes and exchanges dominoes
    of digit ``d`` for dominoes of ``d + 1`` (each exchange raising the sum
    by exactly 1; ``d`` the largest digit that allows one) until the sum is
    half of what the pot leaves. While every digit 1-9 is left in the
    piles, such an exchange exists until Red holds the largest dominoes, so
    the sums of Red's possible piles form an interval from the smallest to
    the largest; a fair split then exists exactly when the half-sum is a
    whole number in it, and this finds it.

    ``None`` is not a proof that no fair deal exists (a digit missing from
    the piles can block the exchanges): :func:`fair_split_exists` decides.
    The result is checked before it is returned (sizes, counts, sums).
    """
    counts = _check_counts(remaining, "the remaining dominoes")
    pile = _pile_size(counts, pot_size, pile_size)
    total_digits = sum(d * m for d, m in zip(DIGITS, counts, strict=True))
    for digits in _witness_pots(counts, pot_size):
        pot = tuple(digits.count(d) for d in DIGITS)
        pot_sum = sum(digits)
        rest = total_digits - pot_sum
        if rest % 2:
            continue
        half = rest // 2
        left = [m - p for m, p in zip(counts, pot, strict=True)]
        red = [0] * 9
        need = pile
        for index in range(9):
            red[index] = min(left[index], need)
            need -= red[index]
        total = sum(d * r for d, r in zip(DIGITS, red, strict=True))
        while total < half:
            # The largest d with a d in Red's pile and a d + 1 outside it: exchanging them
            # raises the sum by 1; as many such exchanges at once as the gap allows.
            step = next(
                (i for i in range(7, -1, -1) if red[i] > 0 and red[i + 1] < left[i + 1]),
                None,
            )
            if step is None:
                break
            moved = min(red[step], left[step + 1] - red[step + 1], half - total)
            red[step] -= moved
            red[step + 1] += moved
            total += moved
        if total != half:
            continue
        blue = tuple(m - r for m, r in zip(left, red, strict=True))
        red_counts = tuple(red)
        assert sum(red_counts) == sum(blue) == pile
        assert min(blue) >= 0
        assert sum(d * r for d, r in zip(DIGITS, red_counts, strict=True)) == sum(
            d * b for d, b in zip(DIGITS, blue, strict=True)
        )
        return pot, red_counts, blue
    return None


@lru_cache(maxsize=4096)
def _exists(counts: Counts, pot_size: int) -> bool:
    if sum(counts) < pot_size or (sum(counts) - pot_size) % 2:
        return False
    if fair_split_witness(counts, pot_size=pot_size) is not None:
        return True
    return count_fair_deals(counts, pot_size=pot_size).fair > 0


def fair_split_exists(remaining: Iterable[int], *, pot_size: int = POT_SIZE) -> bool:
    """Whether a multiset can be dealt as a pot and two piles of equal size and equal sums.

    The pot holds ``pot_size`` dominoes and each pile half of the rest: for
    the 82 dominoes left after a face-down draw, 2 and 40 and 40 (TD-4). A
    multiset whose size leaves an odd number (or fewer than ``pot_size``)
    cannot be dealt so: ``False``. Decided by :func:`fair_split_witness` when
    it finds a split, else by the exact count (:func:`count_fair_deals`).

    Raises:
        TypeError: a count that is not an int.
        PositionError: a negative count, or not nine counts.
    """
    counts = _check_counts(remaining, "the dominoes")
    if isinstance(pot_size, bool) or not isinstance(pot_size, int):
        raise TypeError(f"pot_size is an int, not {type(pot_size).__name__}")
    if pot_size < 0:
        raise PositionError(f"pot_size is 0 or more, not {pot_size}")
    return _exists(counts, pot_size)
