"""Sumodoku's cross-checks: the engine, the fast search, safe moves and solvers against the spec.

* :mod:`~dokuspec.verify.sumodoku.positions`: a position's answers (SAT
  against Z3, completions against the engine's rules, explanations against
  their definition, the engine's search);
* :mod:`~dokuspec.verify.sumodoku.placements`: moves and claims as the spec
  reads them, the completion model evaluated on a board;
* :mod:`~dokuspec.verify.sumodoku.search`: the fast search and safe moves
  against the solvers;
* :mod:`~dokuspec.verify.sumodoku.play`: the checker that holds every step
  of a game through the engine to the spec and the rules;
* :mod:`~dokuspec.verify.sumodoku.games`: whole games so checked, claims
  included;
* :mod:`~dokuspec.verify.sumodoku.errors`: what each check raises on a
  mismatch (an :class:`AssertionError`);
* :mod:`~dokuspec.verify.sumodoku.strategies`: the Hypothesis strategies;
* :mod:`~dokuspec.verify.sumodoku.checks`: the checks of the campaign.

The package loads its modules when first used; their public names can be
imported from it (``from dokuspec.verify.sumodoku import check_position``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dokuspec.lazy import attach

if TYPE_CHECKING:
    from dokuspec.verify.sumodoku.errors import (
        ClaimError,
        MoveError,
        NoMoveError,
        PieceConservationError,
        PlacementError,
        PlayCheckError,
        ResultError,
        SafeMovesError,
        SearchError,
        SumodokuCheckError,
        TabletopError,
    )
    from dokuspec.verify.sumodoku.games import check_claims, choose_action, play_checked
    from dokuspec.verify.sumodoku.placements import (
        filling_problems,
        is_completion,
        placement_conflicts,
        placement_is_valid,
        spec_valid_placements,
    )
    from dokuspec.verify.sumodoku.play import PlayChecker
    from dokuspec.verify.sumodoku.positions import (
        check_agreement,
        check_completion,
        check_explanation,
        check_position,
        check_search,
    )
    from dokuspec.verify.sumodoku.search import FIXED_COLOURS, check_propose, check_safe_moves

__all__ = [
    "FIXED_COLOURS",
    "ClaimError",
    "MoveError",
    "NoMoveError",
    "PieceConservationError",
    "PlacementError",
    "PlayCheckError",
    "PlayChecker",
    "ResultError",
    "SafeMovesError",
    "SearchError",
    "SumodokuCheckError",
    "TabletopError",
    "check_agreement",
    "check_claims",
    "check_completion",
    "check_explanation",
    "check_position",
    "check_propose",
    "check_safe_moves",
    "check_search",
    "choose_action",
    "filling_problems",
    "is_completion",
    "placement_conflicts",
    "placement_is_valid",
    "play_checked",
    "spec_valid_placements",
]

_SOURCES = {
    "dokuspec.verify.sumodoku.errors": (
        "ClaimError",
        "MoveError",
        "NoMoveError",
        "PieceConservationError",
        "PlacementError",
        "PlayCheckError",
        "ResultError",
        "SafeMovesError",
        "SearchError",
        "SumodokuCheckError",
        "TabletopError",
    ),
    "dokuspec.verify.sumodoku.placements": (
        "filling_problems",
        "is_completion",
        "placement_conflicts",
        "placement_is_valid",
        "spec_valid_placements",
    ),
    "dokuspec.verify.sumodoku.games": ("check_claims", "choose_action", "play_checked"),
    "dokuspec.verify.sumodoku.play": ("PlayChecker",),
    "dokuspec.verify.sumodoku.positions": (
        "check_agreement",
        "check_completion",
        "check_explanation",
        "check_position",
        "check_search",
    ),
    "dokuspec.verify.sumodoku.search": ("FIXED_COLOURS", "check_propose", "check_safe_moves"),
}
_SUBMODULES = (
    "checks",
    "errors",
    "games",
    "placements",
    "play",
    "positions",
    "search",
    "strategies",
)

if not TYPE_CHECKING:
    __getattr__, __dir__ = attach(__name__, _SOURCES, _SUBMODULES)
