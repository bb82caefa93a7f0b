"""OpenSpiel games: every dokuspec engine as a pyspiel game, for OpenSpiel's algorithms.

With the ``openspiel`` extra installed (``pip install 'dokuspec[openspiel]'``),
:func:`register_games` registers with ``pyspiel`` every installed game whose
plug-in declares an OpenSpiel game (:attr:`dokuspec.games.GameSpec.openspiel`,
an :class:`~dokuspec.openspiel.spec.OpenSpielSpec`), each a thin Python
wrapper around its engine; dokuspec's own four:

==========================  ==========================================
``dokuspec_minidoku``       Minidoku (MD-1 to MD-9), the small test game
``dokuspec_sumodoku``       Sumodoku (SU-1 to SU-17)
``dokuspec_competitive``    Competitive Sudoku (CS-1 to CS-25)
``dokuspec_twodoku``        Two-Doku (TD-1 to TD-18)
==========================  ==========================================

Example::

    import pyspiel
    from dokuspec.openspiel import register_games

    register_games()
    game = pyspiel.load_game("dokuspec_sumodoku", {"enforcement": "tabletop"})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)

What OpenSpiel sees:

* **Actions** are dense integer ids, the same in every state of a game
  (each game's module lists them, such as :mod:`dokuspec.openspiel.sumodoku`):
  ``num_distinct_actions`` is
  69 (Minidoku), 893 (Sumodoku), 730 (Competitive Sudoku), 991 (Two-Doku).
  ``state.engine_action(id)`` gives the engine's action.
* **Chance nodes** are the engine's, with the engine's exact probabilities
  (:class:`fractions.Fraction`, rounded to floats only here); chance outcome
  ids are a second space of ``max_chance_outcomes`` ids.
* **Simultaneous nodes** (Minidoku's bid, MD-3; Competitive Sudoku's
  placement rounds, CS-6) become two turns: player 0 chooses, then player 1,
  who does not see player 0's choice; the engine applies both together. So
  every game is sequential, as OpenSpiel's tree algorithms (MCTS, CFR,
  ISMCTS) require, and Competitive Sudoku, which has perfect information
  otherwise (CS-8), is an imperfect-information game here.
* **Observations** come from :meth:`~dokuspec.engine.base.State.observation`
  through ``make_py_observer``: the string is the engine's observation text,
  the tensor is made from its data (:mod:`dokuspec.openspiel.features`).
  They carry what the player may see and nothing more: in Two-Doku no
  face-down digit (TD-11), in Minidoku not the opponent's hand (MD-9), at a
  split simultaneous node not the first player's choice. Sumodoku is a
  perfect-information game: the observation is the whole state.
  The information state (``information_state_string``, perfect recall) is the
  history for Sumodoku; for the other games it is the player's own action
  ids and a digest (BLAKE2b, 96 bits) of every observation they had.
* **Parameters** are the engine's options (:class:`~dokuspec.engine.base.OptionSpec`)
  with the same names and defaults wherever OpenSpiel can hold the value
  (integers, floats, strings, booleans). OpenSpiel has no list parameters,
  and a game's string (``dokuspec_twodoku(max_turns=400,start=)``) is cut
  at commas and parentheses, so six options take another form: Sumodoku's
  ``claim_window`` ``[first, last]`` is two integers,
  ``claim_window_first`` and ``claim_window_last``; its
  ``claim_time_limits`` is text, ``FIRST-LAST:SECONDS`` per limit joined by
  ``;`` (the default is ``16-20:960;21-25:720;26-30:480;31-35:240``); its
  ``consecutive`` and ``non_consecutive_marks`` are joined by ``;``
  (``r1c1-r1c2;r5c5-r6c5``); its
  ``observer`` is a float; Competitive Sudoku's ``power_series_points`` is
  an integer (default 0), ``-1`` standing for ``"as_straight"``. Two
  parameters more: ``start`` (every game), the ids of the steps played
  from the initial state before the game begins, separated by spaces (as
  ``" ".join(map(str, state.history()))`` gives them), so that small
  endgames can be studied; it may not end between the two turns of a split
  simultaneous node; and ``claims`` (Sumodoku, below).
* **Sumodoku's claim** (SU-10; ruling SU-35) carries a full filling and the seconds taken,
  the claimant's free choice, which no finite action list can enumerate.
  With ``claims="none"`` (the default) the OpenSpiel game has no claims: it is
  Sumodoku played without shouting "Sudoku!", where a game ends by SU-5 to
  SU-8 only. With ``claims="solver"``, action id 892 (:data:`SUMODOKU_CLAIM`)
  is offered whenever the claim window is open (the engine's
  ``open_actions`` names ``"claim"``): it claims with the filling
  dokuspec's solver finds (:func:`dokuspec.sumodoku.claim_advice`, exact,
  no time limit) and 0 seconds, so the claim succeeds exactly when the
  board can be completed with the remaining pieces (SU-15); when it cannot,
  the claim submits the board as it stands and fails. Each use costs a
  solver call.
* **Serialization**: ``state.serialize()`` and ``game.deserialize_state``
  work (OpenSpiel's Python-game default, which pickles the state);
  ``pyspiel.random_sim_test(game, ..., serialize=True)`` passes on every
  game.

Algorithms known to run (see the tests): ``pyspiel.random_sim_test`` on every
game; Python MCTS (``open_spiel.python.algorithms.mcts.MCTSBot`` with a
``RandomRolloutEvaluator``) on Sumodoku; CFR (``open_spiel.python.algorithms.cfr``)
on a Minidoku endgame given by ``start`` (whole Minidoku is far too large for
a tabular method: the deal alone has thousands of outcomes); ISMCTS
(``open_spiel.python.algorithms.ismcts``) on Two-Doku, with a resampler
built on the engine's :meth:`~dokuspec.engine.base.State.resample_from_infostate`
(:func:`resampler`).

Importing this package does not import OpenSpiel; :func:`register_games`
does, and raises :class:`ImportError` with the install command when the
extra is missing.
"""

from __future__ import annotations

from typing import Any

from dokuspec.openspiel.codec import ActionCodec, UnknownActionError, action_codec
from dokuspec.openspiel.sumodoku import SUMODOKU_CLAIM

__all__ = [
    "SUMODOKU_CLAIM",
    "ActionCodec",
    "UnknownActionError",
    "action_codec",
    "register_games",
    "resampler",
]

INSTALL_HINT = "OpenSpiel is not installed: pip install 'dokuspec[openspiel]'"


def register_games() -> tuple[str, ...]:
    """Register every installed game that declares an OpenSpiel game with pyspiel (again: no
    effect) and return their short names (``dokuspec_NAME``, in the games' order).

    Raises:
        ImportError: OpenSpiel or NumPy is not installed (the message says
            how to install the ``openspiel`` extra).
    """
    try:
        from dokuspec.openspiel import games  # noqa: PLC0415 - needs the extra
    except ImportError as error:
        raise ImportError(f"{INSTALL_HINT} ({error})") from error
    return games.register()


def resampler(state: Any, player: int, seed: float = 0) -> Any:
    """A state that ``player`` cannot tell from ``state``, hidden information drawn again.

    For OpenSpiel's ISMCTS: ``ISMCTSBot.set_resampler`` takes a callable of
    a state and a player, such as ``lambda state, player: resampler(state,
    player, rng.random())``. (Without one, ISMCTS calls the state's own
    ``resample_from_infostate``, which does the same with a seed drawn from
    OpenSpiel's sampler.) The draw is the engine's
    :meth:`~dokuspec.engine.base.State.resample_from_infostate` with a
    :class:`random.Random` seeded from ``seed`` and the history's length.

    Args:
        state: a state of one of these games (a pyspiel state).
        player: the player whose information state is kept.
        seed: the seed of the draw.

    Raises:
        ImportError: OpenSpiel is not installed.
        ValueError: a simultaneous choice is pending (never at a node where
            ISMCTS resamples in these games' turn order), or a bad player.
    """
    register_games()
    from dokuspec.openspiel import games  # noqa: PLC0415 - needs the extra

    return games.resample(state, player, seed)
