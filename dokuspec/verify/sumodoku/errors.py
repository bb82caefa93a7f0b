"""The findings of Sumodoku's cross-checks: one error class for each kind of disagreement.

Every class is a :class:`~dokuspec.errors.DiscrepancyError` (an
:class:`AssertionError`) whose message names the position or the step and
both answers:

* :class:`SumodokuCheckError`: a position's answers (solvers, the engine's
  rules and search; :mod:`dokuspec.verify.sumodoku.positions`);
* :class:`PlayCheckError` and its subclasses: play (placements, the fast
  search, safe moves, games through the engine;
  :mod:`dokuspec.verify.sumodoku.search`,
  :mod:`dokuspec.verify.sumodoku.play`).
"""

from __future__ import annotations

from dokuspec.errors import DiscrepancyError
from dokuspec.vocabulary.sumodoku import Position

__all__ = [
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
]


class SumodokuCheckError(DiscrepancyError):
    """A Sumodoku position is judged differently by the two backends, the engine's rules or
    its search (SU-3, SU-12..SU-15)."""


class PlayCheckError(DiscrepancyError):
    """Two readings of Sumodoku play disagree (the base of the errors below)."""


class PlacementError(PlayCheckError):
    """A placement is judged differently: valid or not (SU-3, SU-12..SU-14)."""


class SearchError(PlayCheckError):
    """The fast search and the solvers disagree about a position (SU-15)."""


class SafeMovesError(PlayCheckError):
    """``safe_moves`` lists the wrong moves or marks one wrongly (SU-15)."""


class MoveError(PlacementError):
    """The engine offers, refuses or records a placement against the spec (SU-3, SU-4)."""


class NoMoveError(PlayCheckError):
    """The engine's "no valid move" (SU-6) differs from the spec's."""


class ClaimError(PlayCheckError):
    """A claim is allowed, timed or judged against the rules and the spec (SU-10)."""


class PieceConservationError(PlayCheckError):
    """The 81 pieces are not all accounted for, per colour or per player (SU-1, SU-9)."""


class TabletopError(PlayCheckError):
    """Pointing out, finding a mistake or the observer against the rules (SU-7..SU-9)."""


class ResultError(PlayCheckError):
    """A game ended, or did not, against the rules (SU-5..SU-10)."""


def play_failure(kind: type[PlayCheckError], position: Position, problem: str) -> PlayCheckError:
    """An error of ``kind`` saying ``problem`` and then the position."""
    return kind(f"{problem}\n  position: {position}")
