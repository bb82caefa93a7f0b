"""Two-Doku bots: players that choose a legal action for Red or Blue.

A bot is any callable ``bot(state, player, rng) -> action`` with a ``name``
(:class:`Bot`): given a state of :class:`~dokuspec.engine.twodoku.TwoDoku`
where ``player`` (0 Red, 1 Blue) is to act, it returns one of
``state.legal_actions(player)``. It reads the state and never changes it;
all its randomness comes from ``rng``, so a seeded :class:`random.Random`
makes its choices reproducible.

* :class:`RandomBot` (``"random"``): uniform among the legal actions, in
  every phase (colouring, face-down placement, play).

:func:`make_bot` makes a bot from its name (:data:`BOT_NAMES`).
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from dokuspec.engine.base import Action
from dokuspec.engine.twodoku import TwoDokuState
from dokuspec.errors import DokuspecError, quote

__all__ = ["BOT_NAMES", "Bot", "RandomBot", "make_bot"]

BOT_NAMES = ("random",)
"""The names :func:`make_bot` knows."""


@runtime_checkable
class Bot(Protocol):
    """A player of Two-Doku.

    ``bot(state, player, rng)`` returns one of ``state.legal_actions(player)``
    for a state where ``player`` is to act. It must not change ``state`` and
    must draw all its randomness from ``rng``.
    """

    @property
    def name(self) -> str:
        """A short name for reports (``"random"``)."""
        ...

    def __call__(self, state: TwoDokuState, player: int, rng: random.Random) -> Action: ...


def _legal(state: object, player: object, rng: object) -> tuple[Action, ...]:
    """The legal actions of ``player``, the arguments checked."""
    if not isinstance(state, TwoDokuState):
        raise TypeError(f"a Two-Doku state is needed, not {type(state).__name__}")
    if isinstance(player, bool) or not isinstance(player, int):
        raise TypeError(f"a player is an int, not {type(player).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng is a random.Random, not {type(rng).__name__}")
    if player not in (0, 1):
        raise DokuspecError(f"a player is 0 (Red) or 1 (Blue), not {player}")
    if state.current_player() != player:
        raise DokuspecError(f"player {player} has no action to choose here ({state})")
    return state.legal_actions(player)


class RandomBot:
    """Chooses uniformly among the legal actions (``rng.choice``), in every phase."""

    name = "random"

    def __call__(self, state: TwoDokuState, player: int, rng: random.Random) -> Action:
        """One legal action of ``player``, each with the same probability.

        Raises:
            TypeError: a wrong argument type.
            DokuspecError: ``player`` is not 0 or 1, or is not to act in ``state``.
        """
        legal = _legal(state, player, rng)
        return rng.choice(legal)

    def __repr__(self) -> str:
        return "RandomBot()"


def make_bot(name: str) -> Bot:
    """A bot by its name: ``"random"`` (:class:`RandomBot`).

    Raises:
        TypeError: ``name`` is not a str.
        DokuspecError: an unknown name.
    """
    if not isinstance(name, str):
        raise TypeError(f"a bot's name is a str, not {type(name).__name__}")
    if name == "random":
        return RandomBot()
    known = ", ".join(BOT_NAMES)
    raise DokuspecError(f"unknown bot {quote(name)} (bots: {known})")
