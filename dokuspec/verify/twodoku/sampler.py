"""Two-Doku's sampler held to the exact laws of the spec's counts by chi-square tests.

Each test takes a sample of deals and returns a
:class:`~dokuspec.verify.chisquare.ChiSquare` against the exact
probabilities computed from the counts
(:func:`~dokuspec.spec.twodoku.fair_deals.count_fair_deals`):
:func:`pot_test` (the pot), :func:`pile_digit_test` (how many of a digit
Red's pile holds), :func:`pile_order_test` (the digit at a pile's first and
last place against its law at any place) and :func:`face_down_test` (how
many distinct digits the face-down draw shows).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from dokuspec.twodoku import deals as public
from dokuspec.verify.chisquare import ChiSquare, chi_square
from dokuspec.verify.twodoku.deals import _digit_counts
from dokuspec.vocabulary.twodoku import (
    COPIES,
    DIGITS,
    DOMINO_COUNT,
    FACE_DOWN_COUNT,
    PILE_SIZE,
    Deal,
    Dominoes,
)

__all__ = [
    "face_down_test",
    "pile_digit_test",
    "pile_order_test",
    "pot_test",
]


def _same_draw(deals: Sequence[Deal]) -> Dominoes:
    draws = {Dominoes(f.digit for f in deal.face_down) for deal in deals}
    if len(draws) != 1:
        raise ValueError("the deals do not all have the same face-down draw")
    return draws.pop()


def pot_test(deals: Sequence[Deal]) -> ChiSquare:
    """The pots of deals of one face-down draw against their exact law (TD-16).

    The probability of each pot (its digit multiset) is its share of the
    fair deals (:meth:`dokuspec.twodoku.FairDealCount.pot_probability`).

    Raises:
        ValueError: the deals have different face-down draws, or none.
    """
    counted = public.count_fair_deals(_same_draw(deals))
    observed = Counter(Dominoes(deal.pot) for deal in deals)
    probabilities: dict[Dominoes, Fraction | float] = {
        pot: counted.pot_probability(pot) for pot in counted.by_pot
    }
    return chi_square(observed, probabilities)


def pile_digit_test(deals: Sequence[Deal], digit: int = 9) -> ChiSquare:
    """How many dominoes of ``digit`` Red's and Blue's piles hold, against their exact law.

    Both piles are counted (each deal gives two observations of the same law).

    Raises:
        ValueError: the deals have different face-down draws, or none.
    """
    law = public.pile_digit_distribution(_same_draw(deals), digit)
    observed: Counter[int] = Counter()
    for deal in deals:
        observed[deal.red.count(digit)] += 1
        observed[deal.blue.count(digit)] += 1
    probabilities: dict[int, Fraction | float] = dict(enumerate(law))
    return chi_square(observed, probabilities)


def pile_order_test(deals: Sequence[Deal]) -> ChiSquare:
    """The digits at both ends of both piles against the exact law of any one place.

    In a uniformly ordered pile every place has the same law: a digit's
    chance is its expected count in the pile divided by 40. Four
    observations per deal: Red's first and last, Blue's first and last,
    each counted in its own category ``(place, digit)``.

    Raises:
        ValueError: the deals have different face-down draws, or none.
    """
    drawn = _same_draw(deals)
    mean = {
        digit: sum(k * p for k, p in enumerate(public.pile_digit_distribution(drawn, digit)))
        for digit in DIGITS
    }
    places = ("Red's first", "Red's last", "Blue's first", "Blue's last")
    observed: Counter[tuple[str, int]] = Counter()
    for deal in deals:
        for place, pile, index in zip(
            places, (deal.red, deal.red, deal.blue, deal.blue), (0, -1, 0, -1), strict=True
        ):
            observed[place, pile[index]] += 1
    probabilities: dict[tuple[str, int], Fraction | float] = {
        (place, digit): mean[digit] / PILE_SIZE / len(places)
        for place in places
        for digit in DIGITS
    }
    return chi_square(observed, probabilities)


@cache
def _distinct_digit_law() -> dict[int, Fraction | float]:
    """How many distinct digits 8 dominoes drawn without replacement from the 90 show, exactly."""
    law: Counter[int] = Counter()
    for combination in itertools.combinations_with_replacement(DIGITS, FACE_DOWN_COUNT):
        counts = _digit_counts(combination)
        law[sum(1 for n in counts if n)] += math.prod(math.comb(COPIES, n) for n in counts)
    total = math.comb(DOMINO_COUNT, FACE_DOWN_COUNT)
    return {k: Fraction(n, total) for k, n in law.items()}


def face_down_test(deals: Sequence[Deal]) -> ChiSquare:
    """How many distinct digits the face-down dominoes show, against the law of 8 drawn of 90."""
    observed = Counter(len({f.digit for f in deal.face_down}) for deal in deals)
    return chi_square(observed, _distinct_digit_law())
