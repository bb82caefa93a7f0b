"""Two-Doku's play kit: its agents, how its games end, the option sets players choose.

The analysis of play (:mod:`dokuspec.play`: ``dokuspec twodoku health``,
``ladder``, ``loopholes``) reads the game through :data:`PLAY`. Its agents
are the bots of :mod:`dokuspec.twodoku.bots`; ``"strong"`` is, for now, the
strongest of them (the inference bot under that name): a search agent for
Two-Doku is not built yet. The balance options of TD-15, which the engine
does not deal, are dealt in play by :func:`dealer`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from typing import Any

from dokuspec.engine.base import Action, GameOptionError, JSONValue
from dokuspec.engine.records import game_seed
from dokuspec.engine.twodoku import (
    DealCount,
    DealPot,
    DrawFaceDown,
    EndTurn,
    ReturnToPot,
    TakeFromPot,
    TwoDokuState,
)
from dokuspec.play.kit import Exploit, Named, Outcome, PlayKit
from dokuspec.twodoku import simulation as _simulation
from dokuspec.twodoku.bots import InferenceBot, RandomBot
from dokuspec.twodoku.validation import Balance
from dokuspec.vocabulary.twodoku import RED

__all__ = ["PLAY", "PasserBot", "PotCyclerBot", "dealer", "outcome", "strong_agent"]

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


@functools.lru_cache(maxsize=256)
def _balanced_deal(
    seed: int, balance: Balance
) -> tuple[tuple[int, ...], tuple[int, int], tuple[int, ...]]:
    """A balanced fair deal: the face-down digits in the order drawn, the pot, and Red's
    count of each digit."""
    from dokuspec.twodoku.deals import deal  # noqa: PLC0415 - the solver loads on use

    found = deal(seed, None, balance)
    low, high = sorted(found.pot)
    red = [0] * 9
    for digit in found.red:
        red[digit - 1] += 1
    return tuple(f.digit for f in found.face_down), (low, high), tuple(red)


def _steer(balance: Balance, seed: int, state: Any) -> Action | None:
    """The balanced deal's outcome at each chance node of the deal (TD-3, TD-4, TD-15):
    the face-down digits, the pot and Red's counts; ``None`` at a reveal (TD-8)."""
    outcomes = [action for action, _ in state.chance_outcomes()]
    if not outcomes or not isinstance(outcomes[0], DrawFaceDown | DealPot | DealCount):
        return None
    steps = [a for entry in state.history() for a in entry.actions]
    face_down, pot, red = _balanced_deal(seed, balance)
    if isinstance(outcomes[0], DrawFaceDown):
        wanted: Action = DrawFaceDown(face_down[sum(isinstance(a, DrawFaceDown) for a in steps)])
    elif isinstance(outcomes[0], DealPot):
        wanted = DealPot(*pot)
    else:
        digit = sum(isinstance(a, DealCount) for a in steps) + 1
        wanted = DealCount(digit, red[digit - 1])
    if wanted not in outcomes:  # pragma: no cover - a balanced deal is a fair deal
        raise RuntimeError(f"internal error: the balanced deal's {wanted} is not possible")
    return wanted


def dealer(
    dealing: Mapping[str, JSONValue], options: Mapping[str, JSONValue], seed: int
) -> tuple[int, Callable[[Any], Action | None]]:
    """The kit's dealer (:attr:`~dokuspec.play.kit.PlayKit.dealer`): the balance options
    of TD-15 (``max_digit_count_gap``, ``equal_high_count``), which the engine does not
    deal. The game is the one of ``seed``, but its deal (the face-down digits, the pot,
    the piles) is that of :func:`dokuspec.twodoku.deals.deal` with those options (its
    default method, a seed derived from the game's; a face-down draw with no balanced deal
    is drawn again, TD-15), steered into the engine's chance nodes, which accept only
    fair deals. The players still colour and choose the face-down squares.

    Raises:
        GameOptionError: a bad balance option.
    """
    try:
        balance = Balance.from_options(dealing)
    except TypeError as error:
        raise GameOptionError("twodoku", next(iter(dealing)), str(error)) from None
    derived = game_seed("twodoku-balanced", seed, 0)
    return seed, functools.partial(_steer, balance, derived)


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
    option_sets={
        "default": {},
        "short": {"max_turns": 20},
        "gap-2": {"max_digit_count_gap": 2},
        "equal-high": {"equal_high_count": True},
        "gap-2-equal-high": {"max_digit_count_gap": 2, "equal_high_count": True},
    },
    deal_options=("max_digit_count_gap", "equal_high_count"),
    dealer=dealer,
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
