"""Duidoku's play kit: what ``dokuspec duidoku health``, ``ladder`` and ``loopholes`` read.

Three agents, and nothing of dokuspec changed to get them:

* ``random``: uniform among the legal moves;
* ``mcts``: dokuspec's information-set MCTS (:class:`dokuspec.play.mcts.ISMCTS`)
  with no knowledge of Duidoku but its rules (random playouts);
* ``strong``: best play, by the exact search of
  :func:`dokuspec_duidoku.positions.winning_moves`: a winning move when
  there is one (DU-5), any legal move otherwise; when the search would value
  more than ``limit`` boards it plays as ``mcts``.
"""

from __future__ import annotations

import random
from typing import Any

from dokuspec.engine.base import Action
from dokuspec.play.kit import Exploit, Outcome, PlayKit
from dokuspec.play.mcts import ISMCTS

from dokuspec_duidoku.engine import DuidokuState
from dokuspec_duidoku.positions import winning_moves
from dokuspec_duidoku.search import SearchLimitError

__all__ = ["PLAY", "BestPlay", "outcome"]


class RandomAgent:
    """Uniform among the legal moves."""

    name = "random"

    def __call__(self, state: DuidokuState, player: int, rng: random.Random) -> Action:
        """A legal move of ``player``, each with the same probability."""
        return rng.choice(state.legal_actions(player))


class BestPlay:
    """A winning move when the exact search finds one (DU-5), else any legal move.

    Args:
        limit: the most boards the search may value before this agent plays
            as the search agent instead.
    """

    name = "strong"

    def __init__(self, limit: int = 300_000) -> None:
        self.limit = limit
        self._fallback = ISMCTS("mcts", 200)

    def __call__(self, state: DuidokuState, player: int, rng: random.Random) -> Action:
        """The choice of ``player`` (see the class)."""
        legal = state.legal_actions(player)
        try:
            winning = winning_moves(state.board, limit=self.limit)
        except SearchLimitError:
            return self._fallback(state, player, rng)
        return rng.choice(winning) if winning else rng.choice(legal)


def _mcts() -> ISMCTS:
    return ISMCTS("mcts", 200)


def outcome(state: Any) -> Outcome:
    """The last player to move wins (DU-4, DU-5); the first player is player 0 (DU-2)."""
    assert isinstance(state, DuidokuState)
    returns = state.returns()
    return Outcome(
        winner=0 if returns[0] > returns[1] else 1,
        ending="DU-5",
        turns=len(state.history()),
        first=0,
    )


PLAY = PlayKit(
    game="duidoku",
    seats=("player 0", "player 1"),
    agents={"random": RandomAgent, "mcts": _mcts, "strong": BestPlay},
    ladder=("random", "mcts", "strong"),
    outcome=outcome,
    option_sets={"default": {}, "corner": {"board": "12..34.........."}},
    endings={"DU-5": "the last move"},
    exploits=(Exploit("mcts", "the search agent without knowledge, as a probe"),),
)
"""Duidoku's play kit (:class:`dokuspec.play.kit.PlayKit`)."""
