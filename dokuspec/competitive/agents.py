"""Competitive Sudoku's play kit: its agents, how its games end, the option sets players choose.

The analysis of play (:mod:`dokuspec.play`: ``dokuspec competitive health``,
``ladder``, ``loopholes``) reads the game through :data:`PLAY`. Its agents
are the bots of :mod:`dokuspec.competitive.bots`; ``"strong"`` is, for now,
the strongest of them (the greedy bot under that name): a search agent for
Competitive Sudoku is not built yet.
"""

from __future__ import annotations

import random
from typing import Any

from dokuspec.competitive import simulation as _simulation
from dokuspec.competitive.bots import GreedyBot, RandomBot
from dokuspec.competitive.simulation import outcome as _outcome
from dokuspec.engine.base import Action
from dokuspec.engine.competitive import CompetitiveSudokuState, Concede, Continue
from dokuspec.play.kit import Exploit, Named, Outcome, PlayKit

__all__ = ["PLAY", "ConcederBot", "ContinuerBot", "outcome", "strong_agent"]

_ENDINGS = {
    "win": "CS-19",
    "concede": "CS-16 concede",
    "concede-hands": "CS-16 hands",
    "both-conceded": "CS-16 draw",
    "nothing-to-trade": "CS-16 nothing",
    "turn-limit": "CS-25 turns",
    "trade-limit": "CS-25 trades",
}


def outcome(state: Any) -> Outcome:
    """How a finished game ended (:func:`dokuspec.competitive.outcome`), by rule ID; the
    first player is the one whose turn came first (CS-9); Black is a role (CS-2)."""
    assert isinstance(state, CompetitiveSudokuState)
    found = _outcome(state)
    return Outcome(
        winner=found.winner,
        ending=_ENDINGS[found.ending],
        turns=found.turns,
        first=found.black if found.first is None else found.first,
        roles=(("Black", found.black),),
    )


class ConcederBot:
    """An exploit of CS-16: when both Decks are exhausted it always concedes; otherwise
    the greedy bot."""

    name = "always-concede"

    def __init__(self) -> None:
        self._greedy = GreedyBot()

    def __call__(self, state: CompetitiveSudokuState, player: int, rng: random.Random) -> Action:
        """The choice of ``player`` (see the class)."""
        for action in state.legal_actions(player):
            if isinstance(action, Concede):
                return action
        return self._greedy(state, player, rng)


class ContinuerBot:
    """An exploit of CS-16: when both Decks are exhausted it always continues (trades
    Decks); otherwise the greedy bot."""

    name = "always-continue"

    def __init__(self) -> None:
        self._greedy = GreedyBot()

    def __call__(self, state: CompetitiveSudokuState, player: int, rng: random.Random) -> Action:
        """The choice of ``player`` (see the class)."""
        for action in state.legal_actions(player):
            if isinstance(action, Continue):
                return action
        return self._greedy(state, player, rng)


def strong_agent() -> Named:
    """The strongest agent so far: the greedy bot, named ``"strong"``."""
    return Named("strong", GreedyBot())


PLAY = PlayKit(
    game="competitive",
    seats=("player 0", "player 1"),
    agents={
        "random": RandomBot,
        "greedy": GreedyBot,
        "strong": strong_agent,
        "always-concede": ConcederBot,
        "always-continue": ContinuerBot,
    },
    ladder=("random", "greedy"),
    outcome=outcome,
    record=_simulation.record_text,
    replay=_simulation.replay_record,
    option_sets={
        "default": {},
        "twins": {"mode": "twins"},
        "twins-draft": {"mode": "twins-draft"},
        "one-copy": {"copies_per_colour": 1},
        "twins-black-first": {"mode": "twins", "first_turn_tie": "black"},
        "power-series-3": {"power_series_points": 3},
        "power-series-straight": {"power_series_points": "as_straight"},
        "three-triplets": {"three_triplets_bonus": True},
        "loser-scores": {"score_loser_hand": True},
        "conceder-wins": {"equal_value_concede": "conceder_wins"},
    },
    endings={
        "CS-19": "a winning hand completed",
        "CS-16 concede": "a concession with the better hand, 6-0",
        "CS-16 hands": "a concession: both score their hands",
        "CS-16 draw": "both conceded: a draw",
        "CS-16 nothing": "no card left to trade: a draw",
        "CS-25 turns": "the turn limit: a draw",
        "CS-25 trades": "the trade limit: a draw",
    },
    roles=("Black",),
    exploits=(
        Exploit("always-concede", "concedes whenever both Decks are exhausted (CS-16)"),
        Exploit("always-continue", "continues whenever both Decks are exhausted (CS-16)"),
    ),
)
"""Competitive Sudoku's play kit (:class:`~dokuspec.play.kit.PlayKit`)."""
