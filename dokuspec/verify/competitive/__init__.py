"""Competitive Sudoku's cross-checks: the engine held against the spec, its models and the API.

The engine (:mod:`dokuspec.engine.competitive`) reads the rules in plain
Python of its own; the spec (:mod:`dokuspec.spec.competitive`) reads them
twice more, as direct definitions and as constraint models that the SAT and
the Z3 backends solve. The public API (:mod:`dokuspec.competitive`) answers
from the spec. Each check function asks the same question of several of them
and raises a
:class:`~dokuspec.verify.competitive.errors.CompetitiveCheckError` (an
:class:`AssertionError`) naming what was asked (the ranks, the Grid, the seed)
and both answers when two disagree:

* :func:`~dokuspec.verify.competitive.lines.check_line_kinds` (CS-18): every
  one of the 729 ordered rank triples, classified by the engine's
  :func:`~dokuspec.engine.competitive.line_kind`, the spec's
  :func:`~dokuspec.spec.competitive.kind_of_ranks`, the public
  :func:`~dokuspec.competitive.line_kind`, the kind literals of the hand
  model (each of its eight line tables sees every triple once, on
  :func:`~dokuspec.verify.competitive.lines.line_kind_design`'s 729 Grids)
  and the satisfiability of the rank-pattern model with one row or column
  assumed, on each backend;
* :func:`~dokuspec.verify.competitive.lines.check_winning_patterns` (CS-19):
  the *set* of winning rank patterns of a deck, from the engine's
  :func:`~dokuspec.engine.competitive.winning_rank_patterns` and from the
  projected enumeration of the rank-pattern model on each backend;
* :func:`~dokuspec.verify.competitive.hands.check_hand` (CS-17..CS-20): one
  Grid under one set of scoring options: winning, hand value, winner's and
  loser's score, line by line, by the engine, the spec's definitions, the
  hand model with every position assumed (satisfiable or not; the score read
  from its scoring-class literals), the public functions, and the public
  solver queries (:func:`~dokuspec.competitive.completions`,
  :func:`~dokuspec.competitive.best_completion`); for a partial Grid,
  whether it can still become a winning hand with the deck's cards, by the
  solvers and by a search over the engine's winning patterns;
* :func:`~dokuspec.verify.competitive.table.check_table` (CS-1, CS-7, CS-8,
  CS-12..CS-16): every card of the deck accounted for in a game state,
  exactly as many times as the deck holds it, and the public views of the
  state (both observations, the
  :meth:`~dokuspec.engine.competitive.CompetitiveSudokuState.table`)
  agreeing;
* :func:`~dokuspec.verify.competitive.deal.check_deal` (CS-3..CS-5): the
  deal of a game, held to the spec's
  :func:`~dokuspec.spec.competitive.deal_problems`;
* :func:`~dokuspec.verify.competitive.deal.play_checked`: a seeded random
  game with :func:`~dokuspec.verify.competitive.table.check_table` after
  every step and :func:`~dokuspec.verify.competitive.deal.check_deal` once
  the deal is over.

The checks live in one module per idea:
:mod:`~dokuspec.verify.competitive.lines`,
:mod:`~dokuspec.verify.competitive.hands`,
:mod:`~dokuspec.verify.competitive.table`,
:mod:`~dokuspec.verify.competitive.deal` and
:mod:`~dokuspec.verify.competitive.errors`; the Hypothesis strategies in
:mod:`~dokuspec.verify.competitive.strategies`, the campaign's checks in
:mod:`~dokuspec.verify.competitive.checks`. The package loads its modules when
first used; their public names can be imported from it.

Why this proves something: the engine imports neither the spec nor a solver,
so a mistake would have to be made twice, in the same way, to pass. The two
backends solve the *same* model, so they confirm each other's solving, while
the engine confirms the model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dokuspec.lazy import attach

if TYPE_CHECKING:
    from dokuspec.verify.competitive.deal import (
        check_deal,
        play_checked,
    )
    from dokuspec.verify.competitive.errors import (
        BACKENDS,
        CardConservationError,
        CompetitiveCheckError,
        DealError,
        HandError,
        LineKindError,
        ObservationError,
        WinningPatternsError,
    )
    from dokuspec.verify.competitive.hands import (
        HandAnswers,
        check_hand,
    )
    from dokuspec.verify.competitive.lines import (
        check_line_kinds,
        check_winning_patterns,
        line_kind_design,
    )
    from dokuspec.verify.competitive.table import (
        check_table,
    )

__all__ = [
    "BACKENDS",
    "CardConservationError",
    "CompetitiveCheckError",
    "DealError",
    "HandAnswers",
    "HandError",
    "LineKindError",
    "ObservationError",
    "WinningPatternsError",
    "check_deal",
    "check_hand",
    "check_line_kinds",
    "check_table",
    "check_winning_patterns",
    "line_kind_design",
    "play_checked",
]

_SOURCES = {
    "dokuspec.verify.competitive.errors": (
        "BACKENDS",
        "CardConservationError",
        "CompetitiveCheckError",
        "DealError",
        "HandError",
        "LineKindError",
        "ObservationError",
        "WinningPatternsError",
    ),
    "dokuspec.verify.competitive.lines": (
        "check_line_kinds",
        "check_winning_patterns",
        "line_kind_design",
    ),
    "dokuspec.verify.competitive.hands": (
        "HandAnswers",
        "check_hand",
    ),
    "dokuspec.verify.competitive.table": ("check_table",),
    "dokuspec.verify.competitive.deal": (
        "check_deal",
        "play_checked",
    ),
}
_SUBMODULES = ("checks", "deal", "errors", "hands", "lines", "strategies", "table")

if not TYPE_CHECKING:
    __getattr__, __dir__ = attach(__name__, _SOURCES, _SUBMODULES)
