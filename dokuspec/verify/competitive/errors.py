"""The errors of Competitive Sudoku's cross-checks, the backends they run on, their messages' words.

Every error is a :class:`CompetitiveCheckError`, a
:class:`~dokuspec.errors.DiscrepancyError` (an :class:`AssertionError`)
naming what was asked (the ranks, the Grid, the seed) and both answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from dokuspec import competitive as public
from dokuspec.errors import DiscrepancyError

__all__ = [
    "BACKENDS",
    "BackendName",
    "CardConservationError",
    "CompetitiveCheckError",
    "DealError",
    "HandError",
    "LineKindError",
    "ObservationError",
    "WinningPatternsError",
]

BackendName: TypeAlias = public.queries.BackendName

BACKENDS: tuple[BackendName, ...] = ("sat", "z3")
"""The solver backends every model check runs on by default."""


class CompetitiveCheckError(DiscrepancyError):
    """Two readings of the Competitive Sudoku rules disagree (the base of the errors below)."""


class LineKindError(CompetitiveCheckError):
    """A rank triple is classified differently (CS-18)."""


class WinningPatternsError(CompetitiveCheckError):
    """The sets of winning rank patterns of a deck differ (CS-19)."""


class HandError(CompetitiveCheckError):
    """A Grid is judged differently: winning, value, score or completability (CS-17..CS-20)."""


class CardConservationError(CompetitiveCheckError):
    """A game state holds a card more or fewer times than the deck does (CS-1)."""


class ObservationError(CompetitiveCheckError):
    """Two public views of a game state disagree (CS-8)."""


class DealError(CompetitiveCheckError):
    """A game's deal breaks the spec's rules of the deal (CS-3..CS-5)."""


def _kind_text(kind: str | None) -> str:
    return "not a line" if kind is None else kind


def _ranks_text(ranks: Sequence[int]) -> str:
    return "-".join(str(rank) for rank in ranks)


def _deck_name(copies: int | None) -> str:
    if copies is None:
        return "the unlimited deck"
    if copies == 2:
        return "the standard deck"
    return f"the deck of {copies} {'copy' if copies == 1 else 'copies'} of each card"


def _pattern_text(ranks: Sequence[int]) -> str:
    return " / ".join(" ".join(str(r) for r in ranks[row : row + 3]) for row in (0, 3, 6))
