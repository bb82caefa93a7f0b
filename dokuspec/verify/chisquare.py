"""Chi-square goodness-of-fit tests of observed counts against exact probabilities.

The cross-checks of samplers (Two-Doku's deals,
:mod:`dokuspec.verify.twodoku.sampler`) compare what a sampler drew with
the exact law the spec computes: :func:`chi_square` merges the unlikely
categories and gives a :class:`ChiSquare`, whose p-value is the chi-square
tail of SciPy (:func:`chi_square_tail`, loaded with the first test).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

__all__ = ["ChiSquare", "chi_square", "chi_square_tail"]

K = TypeVar("K")


def chi_square_tail(statistic: float, degrees: int) -> float:
    """The probability that a chi-square variable with ``degrees`` exceeds ``statistic``.

    SciPy's survival function of the chi-square distribution
    (``scipy.stats.chi2.sf``), loaded when first used.

    Raises:
        ValueError: ``degrees`` is below 1.
    """
    if degrees < 1:
        raise ValueError(f"degrees of freedom are 1 or more, not {degrees}")
    from scipy.stats import chi2  # noqa: PLC0415 - SciPy loads with the first test only

    return float(chi2.sf(statistic, degrees))


@dataclass(frozen=True, slots=True)
class ChiSquare:
    """A chi-square goodness-of-fit test of observed counts against exact probabilities.

    Attributes:
        statistic: ``sum (observed - expected)^2 / expected``.
        degrees: degrees of freedom (categories after merging, less one).
        p_value: the chance of a statistic at least this large if the
            sample follows the probabilities (:func:`chi_square_tail`).
        samples: the sample size.
        impossible: observations in categories of probability 0 (any such
            observation alone refutes the probabilities).
    """

    statistic: float
    degrees: int
    p_value: float
    samples: int
    impossible: int = 0

    def rejects(self, level: float) -> bool:
        """Whether the test rejects the probabilities at significance ``level``."""
        return self.impossible > 0 or self.p_value < level


def chi_square(observed: Mapping[K, int], probabilities: Mapping[K, Fraction | float]) -> ChiSquare:
    """Test observed counts against exact probabilities.

    Categories are taken in decreasing probability and merged, the least
    likely last, until each merged category expects at least 5
    observations. Observations in a category of probability 0 are counted
    as ``impossible``.

    Raises:
        ValueError: fewer than two categories remain, or no observations.
    """
    samples = sum(observed.values())
    impossible = sum(n for key, n in observed.items() if not probabilities.get(key, 0))
    tested = samples - impossible  # the statistic is over the possible categories
    if tested <= 0:
        raise ValueError("no observations in a category of positive probability")
    ordered = sorted(
        ((float(p), observed.get(key, 0)) for key, p in probabilities.items() if p),
        reverse=True,
    )
    merged: list[tuple[float, int]] = []
    pending_p, pending_n = 0.0, 0
    for p, n in ordered:
        pending_p += p
        pending_n += n
        if pending_p * tested >= 5:
            merged.append((pending_p, pending_n))
            pending_p, pending_n = 0.0, 0
    if pending_p:
        if merged:
            last_p, last_n = merged.pop()
            merged.append((last_p + pending_p, last_n + pending_n))
        else:
            merged.append((pending_p, pending_n))
    if len(merged) < 2:
        raise ValueError("fewer than two categories with enough expected observations")
    statistic = sum((n - p * tested) ** 2 / (p * tested) for p, n in merged)
    degrees = len(merged) - 1
    return ChiSquare(statistic, degrees, chi_square_tail(statistic, degrees), samples, impossible)
