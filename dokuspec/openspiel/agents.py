"""OpenSpiel's MCTS as a dokuspec agent: for ladders and matches against dokuspec's agents.

:class:`MCTSAgent` plays an engine state with OpenSpiel's UCT search
(``open_spiel.python.algorithms.mcts.MCTSBot``, random rollouts by
``RandomRolloutEvaluator``) through the adapter (:mod:`dokuspec.openspiel`):
the state's history is played again on the game registered as
``dokuspec_NAME`` with the same options, the bot steps, and its action id is
decoded back into the engine's action. It suits games of perfect
information (OpenSpiel's MCTS reads the whole state); kits name it by
reference (``"dokuspec.openspiel.agents:sumodoku_mcts"``), so it loads only
where OpenSpiel is installed.

Its choices depend only on the state and the ``rng`` it is given (the
search's NumPy generator is seeded from it), so seeded matches replay.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Mapping
from typing import Any

from dokuspec.engine.base import Action, JSONValue, State
from dokuspec.errors import DokuspecError
from dokuspec.openspiel import INSTALL_HINT, register_games

__all__ = ["MCTSAgent", "sumodoku_mcts"]


@functools.lru_cache(maxsize=8)
def _game(name: str, parameters: str) -> Any:
    import pyspiel  # noqa: PLC0415 - the extra

    register_games()
    return pyspiel.load_game(f"dokuspec_{name}", json.loads(parameters))


class MCTSAgent:
    """OpenSpiel's MCTS playing one of dokuspec's games (see the module).

    Args:
        game: the engine game's name (``"sumodoku"``).
        simulations: MCTS simulations per decision, 1 or more.
        uct_c: the UCT exploration constant.
        rollouts: random rollouts per leaf evaluation.
        parameters: pyspiel parameters besides the engine's options (Sumodoku:
            ``{"claims": "solver"}``, so that the search may claim, SU-35).
        name: the name it reports.

    Raises:
        DokuspecError: OpenSpiel is not installed, or a count below 1.
    """

    def __init__(
        self,
        game: str,
        simulations: int = 20,
        *,
        uct_c: float = 2.0,
        rollouts: int = 1,
        parameters: Mapping[str, JSONValue] | None = None,
        name: str = "openspiel-mcts",
    ) -> None:
        try:
            register_games()
        except ImportError:
            raise DokuspecError(INSTALL_HINT) from None
        if simulations < 1 or rollouts < 1:
            raise DokuspecError("simulations and rollouts are 1 or more")
        self.game = game
        self.simulations = simulations
        self.uct_c = uct_c
        self.rollouts = rollouts
        self.parameters = dict(parameters or {})
        self.name = name

    def __repr__(self) -> str:
        return f"MCTSAgent({self.game!r}, simulations={self.simulations})"

    def __call__(self, state: State, player: int, rng: random.Random) -> Action:
        """The action MCTS chooses for ``player`` in ``state``.

        Raises:
            DokuspecError: the state's game has options the pyspiel game
                cannot take.
        """
        import numpy as np  # noqa: PLC0415 - the extra
        from open_spiel.python.algorithms import mcts  # noqa: PLC0415

        from dokuspec.openspiel.games import parameters_of, replay_engine  # noqa: PLC0415

        options = {**parameters_of(state.game), **self.parameters}
        try:
            game = _game(self.game, json.dumps(options, sort_keys=True))
        except Exception as error:  # pyspiel.SpielError and the adapter's ValueError
            raise DokuspecError(f"OpenSpiel cannot play these options: {error}") from None
        seed = rng.getrandbits(31)
        evaluator = mcts.RandomRolloutEvaluator(self.rollouts, np.random.RandomState(seed))
        bot = mcts.MCTSBot(
            game,
            self.uct_c,
            self.simulations,
            evaluator,
            random_state=np.random.RandomState(seed + 1),
        )
        replayed = replay_engine(game, state)
        action: Action = replayed.engine_action(bot.step(replayed))
        return action


def sumodoku_mcts() -> MCTSAgent:
    """Sumodoku's OpenSpiel agent: MCTS with 20 simulations, claims allowed (SU-35)."""
    return MCTSAgent("sumodoku", 20, parameters={"claims": "solver"})
