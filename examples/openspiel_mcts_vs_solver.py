"""OpenSpiel's MCTS against dokuspec's solver bot in Sumodoku.

MCTS (``open_spiel.python.algorithms.mcts.MCTSBot`` with random rollouts)
plays the game registered as ``dokuspec_sumodoku``; dokuspec's
:class:`~dokuspec.sumodoku.SolverBot` plays the same states through the
engine. The players swap seats every game. The OpenSpiel game has claims
with the solver's filling (``claims="solver"``), so MCTS may shout
"Sudoku!" too (SU-10).

Needs the ``openspiel`` extra: pip install 'dokuspec[openspiel]'.

Run: python examples/openspiel_mcts_vs_solver.py --games 2
"""

from __future__ import annotations

import argparse
import random
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games to play (default 2)")
    parser.add_argument(
        "--simulations", type=int, default=20, help="MCTS simulations per move (default 20)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of both players (default 0)")
    args = parser.parse_args(argv)
    try:
        import numpy as np  # noqa: PLC0415
        import pyspiel  # noqa: PLC0415
        from open_spiel.python.algorithms import mcts  # noqa: PLC0415
    except ImportError:
        print("OpenSpiel is not installed: pip install 'dokuspec[openspiel]'")
        return 0
    from dokuspec.openspiel import action_codec, register_games  # noqa: PLC0415
    from dokuspec.sumodoku import make_bot  # noqa: PLC0415

    register_games()
    game = pyspiel.load_game("dokuspec_sumodoku", {"claims": "solver"})
    solver = make_bot("solver")
    codec = action_codec("sumodoku")  # engine actions <-> OpenSpiel ids
    wins = 0
    for index in range(args.games):
        mcts_player = index % 2
        rng = random.Random(f"{args.seed}:{index}")
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed + index))
        bot = mcts.MCTSBot(
            game,
            1.4,
            args.simulations,
            evaluator,
            random_state=np.random.RandomState(args.seed + index),
        )
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == mcts_player:
                state.apply_action(bot.step(state))
            else:
                action = solver(state.engine_state, state.current_player(), rng)
                # The solver's claim maps to the claim id, which claims with the solver's filling.
                state.apply_action(codec.action_id(action))
        result = state.engine_state.result
        won = state.returns()[mcts_player] > 0
        wins += won
        seat = f"Player {mcts_player + 1}"
        print(
            f"game {index + 1}: MCTS as {seat} {'won' if won else 'lost'} "
            f"after {len(state.history())} steps ({result.reason})"
        )
    print(f"MCTS won {wins} of {args.games} games against the solver bot")
    return 0


if __name__ == "__main__":
    sys.exit(main())
