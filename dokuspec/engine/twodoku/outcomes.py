"""Two-Doku's chance outcomes during the deal, with their exact probabilities and cached:
the face-down digits, the pot, Red's counts (TD-3, TD-4)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from dokuspec.engine.base import Action
from dokuspec.engine.twodoku.actions import _COUNT, _DRAW, _POT, DealCount
from dokuspec.engine.twodoku.deals import FairDealMissingError, _count_weights, _pot_weights
from dokuspec.vocabulary.twodoku import COPIES, PILE_SIZE, Dominoes

__all__: list[str] = []


def _counts_sum(counts: Sequence[int]) -> int:
    """The sum of the dominoes of a count by digit (``counts[d - 1]`` of digit ``d``)."""
    return sum(d * n for d, n in enumerate(counts, start=1))


@lru_cache(maxsize=1024)
def _draw_outcomes(left: tuple[int, ...]) -> tuple[tuple[Action, Fraction], ...]:
    total = sum(left)
    return tuple((_DRAW[d], Fraction(n, total)) for d, n in enumerate(left, start=1) if n)


@lru_cache(maxsize=1024)
def _pot_outcomes(counts: tuple[int, ...]) -> tuple[tuple[Action, Fraction], ...]:
    weights = _pot_weights(counts, PILE_SIZE)
    total = sum(weight for _, _, weight in weights)
    if not total:
        face_down = Dominoes.from_counts(COPIES - c for c in counts)
        raise FairDealMissingError(
            f"no fair deal exists for the face-down draw {face_down}: TD-4 would draw again, "
            "which the proof in fair_deal_exists() rules out"
        )
    return tuple((_POT[a, b], Fraction(weight, total)) for a, b, weight in weights)


@lru_cache(maxsize=4096)
def _count_outcomes(
    counts: tuple[int, ...], pot: tuple[int, ...], chosen: tuple[int, ...]
) -> tuple[tuple[DealCount, Fraction], ...]:
    """Red's count of the next digit: ``counts`` the 82 by digit, ``pot`` the pot by digit."""
    digits = [d for d, n in enumerate(pot, start=1) for _ in range(n)]
    target = (_counts_sum(counts) - sum(digits)) // 2
    weights = _count_weights(counts, PILE_SIZE, target, chosen, digits)
    total = sum(weight for _, weight in weights)
    digit = len(chosen) + 1
    return tuple((_COUNT[digit][k], Fraction(weight, total)) for k, weight in weights)
