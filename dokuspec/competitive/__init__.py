"""Competitive Sudoku: the public API of hands, winning hands and scores (CS-17..CS-20).

A player's hand is a 3x3 :class:`Grid` of cards. By definition (fast, no solver)::

    >>> from dokuspec import competitive
    >>> grid = competitive.Grid.parse("r1 r2 r3 / b1 b2 b3 / r1 r2 r3")
    >>> competitive.is_winning(grid)
    True
    >>> competitive.hand_value(grid), competitive.score(grid)
    (17, 20)

* :func:`line_kind`, :func:`lines`, :func:`is_winning`,
  :func:`why_not_winning`, :func:`hand_value`, :func:`score`
  (:mod:`dokuspec.competitive.hands`).

By solver (compiled once per process, :mod:`dokuspec.competitive.queries`):

* :func:`count_winning` / :func:`count_winning_within`: how many winning
  hands a deck can supply;
* :func:`completions`: can a Grid become a winning hand with the available
  cards, and with which;
* :func:`outs`: the single cards that complete a winning hand now;
* :func:`best_completion`: the highest-scoring winning hand reachable.

The values (:class:`Card`, :class:`Cards`, :class:`Grid`, :class:`Deck`,
:class:`Scoring`, :class:`Stack`, :class:`Pool`) are re-exported from
:mod:`dokuspec.vocabulary.competitive`.
"""

from __future__ import annotations

from dokuspec.competitive.hands import (
    Line,
    LineKind,
    hand_value,
    is_winning,
    line_kind,
    lines,
    score,
    why_not_winning,
)
from dokuspec.competitive.queries import (
    BestCompletion,
    Completion,
    Count,
    Out,
    Placement,
    best_completion,
    check_backend,
    compiled_hand_model,
    compiled_pattern_model,
    completions,
    count_winning,
    count_winning_within,
    outs,
)
from dokuspec.solvers.base import MAX_CONFLICT_LIMIT, MAX_TIME_LIMIT, Budget
from dokuspec.vocabulary.competitive import (
    STANDARD_DECK,
    UNLIMITED_DECK,
    Card,
    Cards,
    Deck,
    Grid,
    Pool,
    Scoring,
    Stack,
)

__all__ = [
    "MAX_CONFLICT_LIMIT",
    "MAX_TIME_LIMIT",
    "STANDARD_DECK",
    "UNLIMITED_DECK",
    "BestCompletion",
    "Budget",
    "Card",
    "Cards",
    "Completion",
    "Count",
    "Deck",
    "Grid",
    "Line",
    "LineKind",
    "Out",
    "Placement",
    "Pool",
    "Scoring",
    "Stack",
    "best_completion",
    "check_backend",
    "compiled_hand_model",
    "compiled_pattern_model",
    "completions",
    "count_winning",
    "count_winning_within",
    "hand_value",
    "is_winning",
    "line_kind",
    "lines",
    "outs",
    "score",
    "why_not_winning",
]
