"""Two-Doku's play kit: its agents, how its games end, the option sets players choose.

The analysis of play (:mod:`dokuspec.play`: ``dokuspec twodoku health``,
``ladder``, ``loopholes``) reads the game through :data:`PLAY`. Its agents
are the bots of :mod:`dokuspec.twodoku.bots`; ``"strong"`` is, for now, the
strongest of them (the inference bot under that name): a search agent for
Two-Doku is not built yet.
"""

from __future__ import annotations

import random
from typing import Any

from dokuspec.engine.base import Action
from dokuspec.engine.twodoku import EndTurn, ReturnToPot, TakeFromPot, TwoDokuState
from dokuspec.play.kit import Exploit, Named, Outcome, PlayKit
from dokuspec.twodoku import simulation as _simulation
from dokuspec.twodoku.bots import InferenceBot, RandomBot
from dokuspec.vocabulary.twodoku import RED

__all__ = ["PLAY", "PasserBot", "PotCyclerBot", "outcome", "strong_agent"]

_ENDINGS = {
    "pile-empty": "TD-9 pile",
    "no-successful-play": "TD-9 no play",
    "max-turns": "TD-14",
}


def outcome(state: Any) -> Outcome:
    """How a finished game ended (TD-9, TD-10, ruling TD-14); Red moves first (TD-5)."""
    assert isinstance(state, TwoDokuState)
    found = state.result()
    assert found is not None
    winner = None if found.winner is None else (0 if found.winner == RED else 1)
    return Outcome(winner=winner, ending=_ENDINGS[found.ending], turns=found.turns, first=0)


class PasserBot:
    """An exploit of TD-9: in the play phase it always passes (ends its turn at once);
    before it, it plays as the inference bot."""

    name = "always-pass"

    def __init__(self) -> None:
        self._inference = InferenceBot()

    def __call__(self, state: TwoDokuState, player: int, rng: random.Random) -> Action:
        """The choice of ``player`` (see the class)."""
        for action in state.legal_actions(player):
            if isinstance(action, EndTurn):
                return action
        return self._inference(state, player, rng)


class PotCyclerBot:
    """An exploit of TD-6: in the play phase it takes a domino from the pot and returns
    one to it, every turn, and never plays; before it, the inference bot."""

    name = "pot-cycler"

    def __init__(self) -> None:
        self._inference = InferenceBot()

    def __call__(self, state: TwoDokuState, player: int, rng: random.Random) -> Action:
        """The choice of ``player`` (see the class)."""
        legal = state.legal_actions(player)
        for kind in (ReturnToPot, TakeFromPot, EndTurn):
            chosen = [a for a in legal if isinstance(a, kind)]
            if chosen:
                return rng.choice(chosen)
        return self._inference(state, player, rng)


def strong_agent() -> Named:
    """The strongest agent so far: the inference bot, named ``"strong"``."""
    return Named("strong", InferenceBot())


PLAY = PlayKit(
    game="twodoku",
    seats=("Red", "Blue"),
    agents={
        "random": RandomBot,
        "inference": InferenceBot,
        "strong": strong_agent,
        "always-pass": PasserBot,
        "pot-cycler": PotCyclerBot,
    },
    ladder=("random", "inference"),
    outcome=outcome,
    record=_simulation.record_text,
    replay=_simulation.replay_record,
    option_sets={"default": {}, "short": {"max_turns": 20}},
    endings={
        "TD-9 pile": "a pile is empty",
        "TD-9 no play": "two turns without a successful play",
        "TD-14": "the turn limit",
    },
    exploits=(
        Exploit("always-pass", "passes every turn of play (TD-9)"),
        Exploit("pot-cycler", "takes from the pot and returns to it, never plays (TD-6)"),
    ),
)
"""Two-Doku's play kit (:class:`~dokuspec.play.kit.PlayKit`)."""
