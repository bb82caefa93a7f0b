"""Whole games between two bots, as every game's simulations play them.

Each game's ``simulation`` module (:mod:`dokuspec.competitive.simulation`,
:mod:`dokuspec.twodoku.simulation`, :mod:`dokuspec.sumodoku.simulation`)
checks its pair of bots with :func:`bot_pair` and plays a game with
:func:`play_out`: chance nodes take the state's own
:meth:`~dokuspec.engine.base.State.sample_chance_outcome` (driven by the
game's seed), and each player's bot draws from a :class:`random.Random`
seeded from the game's seed and the player, so a game depends only on the
seed, the options and the bots.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from dokuspec.engine.base import CHANCE, SIMULTANEOUS, Action, Game, State

__all__ = ["bot_pair", "bot_rng", "play_out"]

B = TypeVar("B")


def bot_pair(bots: object, make_bot: Callable[[str], B], kind: type, players: str) -> tuple[B, B]:
    """The two bots of a run: each given as a bot or as a bot's name.

    Args:
        bots: a pair (a sequence of two) of bots or names.
        make_bot: the game's bot maker, called with each name.
        kind: the game's bot type (a runtime-checkable protocol) that a bot
            given as an object must match.
        players: how the message names the two players (``"Red and Blue"``).

    Raises:
        TypeError: ``bots`` is not a pair, or one of them is neither a bot
            nor a str.
        DokuspecError: an unknown bot name (from ``make_bot``).
    """
    if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) != 2:
        raise TypeError(f"bots is a pair: the bots (or their names) of {players}")
    made: list[B] = []
    for bot in bots:
        if isinstance(bot, str):
            made.append(make_bot(bot))
        elif isinstance(bot, kind):
            made.append(cast(B, bot))
        else:
            raise TypeError(f"a bot is a Bot or a bot's name, not {type(bot).__name__}")
    return made[0], made[1]


def bot_rng(seed: int, player: int) -> random.Random:
    """The random generator of ``player``'s bot in the game with seed ``seed``."""
    return random.Random(f"dokuspec-bot:{seed}:{player}")


def play_out(
    game: Game, bots: Sequence[Callable[[Any, int, random.Random], Action]], seed: int
) -> State:
    """Play a game from ``game.new_initial_state(seed)`` to its end.

    Chance nodes take :meth:`~dokuspec.engine.base.State.sample_chance_outcome`;
    player ``p`` acts with ``bots[p](state, p, bot_rng(seed, p))``, at a
    simultaneous node every player at once.

    Returns:
        The terminal state.

    Raises:
        IllegalActionError: a bot chose an action that is not legal.
    """
    state = game.new_initial_state(seed)
    rngs = [bot_rng(seed, player) for player in range(game.num_players())]
    while True:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance_outcome())
        elif player == SIMULTANEOUS:
            state.apply_actions([bot(state, p, rngs[p]) for p, bot in enumerate(bots)])
        elif player >= 0:
            state.apply_action(bots[player](state, player, rngs[player]))
        else:
            return state
