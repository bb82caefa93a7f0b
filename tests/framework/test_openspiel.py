"""The OpenSpiel games (dokuspec.openspiel): skipped unless the ``openspiel`` extra is installed.

The handbook's OpenSpiel page (``docs/openspiel.rst``) shows the lines of
this module between a marker ``# [name]`` and its ``# [/name]``
(``literalinclude``), so every piece of code it shows runs here; the build
of the page needs no OpenSpiel. Those lines import what they use, as a
reader would, hence the file-wide exemption from ruff's PLC0415. The
page's table of parameters is compared with the games' parameters too.
"""

# ruff: noqa: PLC0415

from __future__ import annotations

import random
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
algorithms = pytest.importorskip("open_spiel.python.algorithms")

from dokuspec.engine import load_game as load_engine_game  # noqa: E402
from dokuspec.engine.base import CHANCE, SIMULTANEOUS  # noqa: E402
from dokuspec.engine.sumodoku import search_completion  # noqa: E402
from dokuspec.engine.twodoku import DrawFaceDown  # noqa: E402
from dokuspec.openspiel import (  # noqa: E402
    SUMODOKU_CLAIM,
    UnknownActionError,
    action_codec,
    register_games,
)
from dokuspec.openspiel.codec import games as openspiel_games  # noqa: E402
from dokuspec.openspiel.features import tensor_size  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "openspiel.rst"
OWN_GAMES = ("minidoku", "sumodoku", "competitive", "twodoku")
"""dokuspec's own games, in the games' order."""

GAMES = openspiel_games()
"""Every installed game with an OpenSpiel declaration: dokuspec's own first, then any other
package's (dokuspec.games)."""

register_games()


# [random-play]
def play_randomly(state, rng, until=lambda state: False):
    """Play on at random (chance by its probabilities) until the game ends or ``until``."""
    while not state.is_terminal() and not until(state):
        if state.is_chance_node():
            ids, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


# [/random-play]


# -- action ids --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_action_ids_round_trip(name: str) -> None:
    codec = action_codec(name)
    for action_id, action in enumerate(codec.actions):
        if action is None:
            assert action_id in codec.open_ids.values()
            assert (name, action_id) == ("sumodoku", SUMODOKU_CLAIM) or name not in OWN_GAMES
            continue
        assert codec.action_id(action) == action_id
        assert codec.action(action_id) == action
    for outcome_id, outcome in enumerate(codec.outcomes):
        assert codec.outcome_id(outcome) == outcome_id
    with pytest.raises(UnknownActionError):
        codec.action(codec.num_actions)
    with pytest.raises(UnknownActionError):
        codec.outcome(-1)


def test_action_space_sizes() -> None:
    expected = {"minidoku": (69, 4), "sumodoku": (893, 712), "competitive": (730, 20)}
    expected["twodoku"] = (991, 234)
    for name, (actions, outcomes) in expected.items():
        game = pyspiel.load_game(f"dokuspec_{name}")
        assert game.num_distinct_actions() == actions
        assert game.max_chance_outcomes() == outcomes


# -- registering, the games' types and parameters -----------------------------------------------


def test_register_and_random_sim_test() -> None:
    # [register]
    import pyspiel

    from dokuspec.openspiel import register_games

    names = register_games()  # ("dokuspec_minidoku", "dokuspec_sumodoku", ...)
    game = pyspiel.load_game("dokuspec_sumodoku", {"enforcement": "tabletop", "observer": 0.5})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    # [/register]
    assert names == tuple(f"dokuspec_{name}" for name in GAMES)
    assert names[:4] == tuple(f"dokuspec_{name}" for name in OWN_GAMES)
    assert register_games() == names  # again: no effect


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_on_every_installed_game(name: str) -> None:
    game = pyspiel.load_game(f"dokuspec_{name}")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("minidoku", {}),
        ("minidoku", {"hand_size": 7, "first_on_tie": 1}),
        ("sumodoku", {}),
        ("sumodoku", {"colour_assignment": "random", "first_player": 2}),
        ("sumodoku", {"claims": "solver"}),
        ("competitive", {}),
        ("competitive", {"mode": "twins", "power_series_points": 5}),
        ("twodoku", {}),
    ],
)
def test_random_sim_test_with_serialization(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(f"dokuspec_{name}", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_games_types_and_sizes() -> None:
    info = pyspiel.GameType.Information
    utility = pyspiel.GameType.Utility
    expected = {
        "minidoku": (info.IMPERFECT_INFORMATION, utility.ZERO_SUM, 105),
        "sumodoku": (info.PERFECT_INFORMATION, utility.ZERO_SUM, 1023),
        "competitive": (info.IMPERFECT_INFORMATION, utility.GENERAL_SUM, 478),
        "twodoku": (info.IMPERFECT_INFORMATION, utility.ZERO_SUM, 1157),
    }
    for name, (information, kind, features) in expected.items():
        game = pyspiel.load_game(f"dokuspec_{name}")
        game_type = game.get_type()
        assert (game_type.information, game_type.utility) == (information, kind)
        assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert game_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert game.num_players() == 2
        # the engine's observation numbers, then two for a split simultaneous node
        assert tensor_size(name) == features
        assert game.observation_tensor_size() == features + 2


def test_parameters_take_openspiels_forms() -> None:
    # [parameters]
    game = pyspiel.load_game(
        "dokuspec_sumodoku",
        {
            "claim_window_first": 20,
            "claim_time_limits": "20-27:600;28-35:300",
            "consecutive": "r1c1-r1c2;r5c5-r6c5",
        },
    )
    options = game.engine_game.options  # the engine's options
    again = pyspiel.load_game(str(game))  # a game's string gives the game again
    # [/parameters]
    assert options["claim_window"] == [20, 35]
    assert options["claim_time_limits"] == [[20, 27, 600], [28, 35, 300]]
    assert options["consecutive"] == ["r1c1-r1c2", "r5c5-r6c5"]
    assert again.engine_game == game.engine_game
    # The colours' digits (SU-36) are one number, read back as a number from a game's string.
    mapped = pyspiel.load_game("dokuspec_sumodoku", {"digits": 987654321, "non_consecutive": True})
    assert mapped.engine_game.options["digits"] == "987654321"
    assert pyspiel.load_game(str(mapped)).engine_game == mapped.engine_game
    twins = pyspiel.load_game("dokuspec_competitive", {"power_series_points": 5})
    assert twins.engine_game.options["power_series_points"] == 5
    default = pyspiel.load_game("dokuspec_competitive").engine_game.options
    assert default["power_series_points"] == 0  # CS-20, revised
    straight = pyspiel.load_game("dokuspec_competitive", {"power_series_points": -1})
    assert straight.engine_game.options["power_series_points"] == "as_straight"


def _page_parameters() -> dict[str, dict[str, str]]:
    """The page's tables of parameters: game -> parameter -> default, as written."""
    text = PAGE.read_text(encoding="utf-8")
    tables: dict[str, dict[str, str]] = {}
    for game, body in re.findall(
        r"^\.\. list-table:: Parameters of ``(\w+)``\n((?:   .*\n|\n)+)", text, flags=re.M
    ):
        rows = re.findall(r"^   \* - ``(\w+)``\n     - ``(.*)``$", body, flags=re.M)
        tables[game] = dict(rows)
    return tables


def _written(value: object) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)


def test_the_pages_parameters_are_the_games() -> None:
    tables = _page_parameters()
    # dokuspec's own games; another package's game is documented in its own pages.
    assert sorted(tables) == sorted(f"dokuspec_{name}" for name in OWN_GAMES)
    for name, table in tables.items():
        specification = pyspiel.load_game(name).get_type().parameter_specification
        assert table == {key: _written(value) for key, value in specification.items()}, name


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="claim_time_limits"):
        pyspiel.load_game("dokuspec_sumodoku", {"claim_time_limits": "soon"})
    with pytest.raises(ValueError, match="claims"):
        pyspiel.load_game("dokuspec_sumodoku", {"claims": "always"})
    with pytest.raises(ValueError, match="step 1: 7 is not legal"):
        pyspiel.load_game("dokuspec_minidoku", {"start": "7"})


# -- chance --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_chance_probabilities_are_the_engines(name: str) -> None:
    game = pyspiel.load_game(f"dokuspec_{name}")
    codec = action_codec(name)
    rng = random.Random(5)
    state = game.new_initial_state()
    seen = 0
    while not state.is_terminal() and seen < 40:
        if state.is_chance_node():
            engine = dict(state.engine_state.chance_outcomes())
            outcomes = state.chance_outcomes()
            assert sum((engine[codec.outcome(i)] for i, _ in outcomes), Fraction(0)) == 1
            assert len(outcomes) == len(engine)
            for outcome_id, probability in outcomes:
                assert probability == float(engine[codec.outcome(outcome_id)])
            assert state.legal_actions() == [i for i, _ in outcomes]
            seen += 1
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    # Sumodoku: fixed colours, strict: no chance node; a game may have none at all.
    assert seen or name == "sumodoku" or codec.num_outcomes == 0


# -- what players see ----------------------------------------------------------------------------


def _twodoku_at_first_face_down_draw():
    game = pyspiel.load_game("dokuspec_twodoku")
    state = play_randomly(game.new_initial_state(), random.Random(2), lambda s: s.is_chance_node())
    assert isinstance(state.engine_state.chance_outcomes()[0][0], DrawFaceDown)
    return game, state


def test_twodoku_observation_hides_face_down_digits() -> None:
    _, state = _twodoku_at_first_face_down_draw()
    codec = action_codec("twodoku")
    one, two = state.clone(), state.clone()
    one.apply_action(codec.outcome_id(DrawFaceDown(1)))
    two.apply_action(codec.outcome_id(DrawFaceDown(2)))
    assert one.engine_state != two.engine_state
    for player in (0, 1):
        assert one.observation_string(player) == two.observation_string(player)
        assert one.observation_tensor(player) == two.observation_tensor(player)
        assert one.information_state_string(player) == two.information_state_string(player)


def test_minidoku_observation_hides_the_opponents_tile() -> None:
    game = pyspiel.load_game("dokuspec_minidoku")
    state = game.new_initial_state()
    state.apply_action(0)  # player 0 receives a 1
    one, two = state.clone(), state.clone()
    one.apply_action(0)  # player 1 receives a 1 ...
    two.apply_action(1)  # ... or a 2
    assert one.observation_string(0) == two.observation_string(0)
    assert one.observation_tensor(0) == two.observation_tensor(0)
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.observation_string(1) != two.observation_string(1)
    assert one.information_state_string(1) != two.information_state_string(1)


def test_a_split_simultaneous_choice_is_hidden_from_the_second_player() -> None:
    game = pyspiel.load_game("dokuspec_minidoku", {"hand_size": 2})
    state = play_randomly(
        game.new_initial_state(), random.Random(1), lambda s: not s.is_chance_node()
    )
    assert state.engine_state.current_player() == SIMULTANEOUS
    bids = state.legal_actions(0)
    if len(bids) < 2:
        pytest.fail("the deal gave player 0 one digit twice: choose another seed")
    one, two = state.clone(), state.clone()
    one.apply_action(bids[0])
    two.apply_action(bids[1])
    assert one.current_player() == 1
    assert one.observation_string(1) == two.observation_string(1)
    assert one.observation_tensor(1) == two.observation_tensor(1)
    assert one.information_state_string(1) == two.information_state_string(1)
    assert one.information_state_string(0) != two.information_state_string(0)


@pytest.mark.parametrize("name", ["sumodoku", "competitive"])
def test_public_games_observe_the_engines_observation(name: str) -> None:
    game = pyspiel.load_game(f"dokuspec_{name}")
    state = play_randomly(
        game.new_initial_state(), random.Random(4), lambda s: len(s.history()) > 12
    )
    for player in (0, 1):
        text = state.observation_string(player)
        assert text.startswith(state.engine_state.observation(player).text)
        assert len(state.observation_tensor(player)) == game.observation_tensor_size()


def test_observers_give_the_engines_observation_and_the_information_state() -> None:
    # [observer]
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("dokuspec_twodoku")
    state = play_randomly(  # to the play phase, Red to move
        game.new_initial_state(),
        random.Random(6),
        until=lambda state: state.engine_state.phase == "play" and state.current_player() == 0,
    )
    observation = make_observation(game)
    observation.set_from(state, player=0)  # fills observation.tensor
    seen = observation.string_from(state, 0)  # Red's view, as text
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    known = recall.string_from(state, 0)  # Red's information state
    # [/observer]
    assert observation.tensor.shape == (tensor_size("twodoku") + 2,)
    assert observation.dict["observation"].shape == (tensor_size("twodoku"),)
    assert list(observation.dict["simultaneous"]) == [0, 0]
    assert list(observation.tensor) == state.observation_tensor(0)
    assert seen == state.engine_state.observation(0).text == state.observation_string(0)
    assert known == state.information_state_string(0)
    assert "face down" in seen


# -- the same game through pyspiel and through the engine ---------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_game_through_pyspiel_is_the_engines_game(name: str) -> None:
    game = pyspiel.load_game(f"dokuspec_{name}")
    codec = action_codec(name)
    state = play_randomly(game.new_initial_state(), random.Random(11))
    engine = load_engine_game(name).new_initial_state(0)
    pending = []
    for action_id in state.history():
        current = engine.current_player()
        if current == CHANCE:
            engine.apply_action(codec.outcome(action_id))
        elif current == SIMULTANEOUS:
            pending.append(codec.action(action_id))
            if len(pending) == 2:
                engine.apply_actions(pending)
                pending = []
        else:
            engine.apply_action(codec.action(action_id))
    assert engine.is_terminal()
    assert engine == state.engine_state
    assert state.returns() == [float(r) for r in engine.returns()]


# -- Sumodoku's claim (ruling SU-35) ---------------------------------------------------------


def test_sumodoku_claim_id_claims_with_the_solvers_filling() -> None:
    game = pyspiel.load_game(
        "dokuspec_sumodoku",
        {"claims": "solver", "claim_window_first": 10, "claim_time_limits": "10-35:600"},
    )
    for seed in range(20):
        state = play_randomly(
            game.new_initial_state(),
            random.Random(seed),
            lambda s: SUMODOKU_CLAIM in s.legal_actions(),
        )
        if not state.is_terminal():
            break
    else:
        pytest.fail("no random game reached the claim window")
    before = state.engine_state.position
    state.apply_action(SUMODOKU_CLAIM)
    assert state.is_terminal()
    completable = search_completion(before, node_limit=None).status == "completable"
    assert state.engine_state.result.reason == (
        "claim-succeeded" if completable else "claim-failed"
    )


def test_the_solver_bots_game_ends_with_the_claim_id() -> None:
    # [claim]
    from dokuspec.openspiel import SUMODOKU_CLAIM, action_codec
    from dokuspec.sumodoku import make_bot

    game = pyspiel.load_game("dokuspec_sumodoku", {"claims": "solver"})
    codec = action_codec("sumodoku")  # engine actions <-> ids
    solver = make_bot("solver")  # keeps the board completable (SU-34)
    rng = random.Random(1)
    state = game.new_initial_state()
    while SUMODOKU_CLAIM not in state.legal_actions():  # up to the claim window
        action = solver(state.engine_state, state.current_player(), rng)
        state.apply_action(codec.action_id(action))
    state.apply_action(SUMODOKU_CLAIM)  # claims with the filling dokuspec's solver finds
    result = state.engine_state.result  # who won, and how
    # [/claim]
    # Player 1 (engine player 0) claims on their first turn in the window, and wins
    assert (result.winner, result.reason) == (0, "claim-succeeded")
    assert state.engine_state.turn_number(0) == game.engine_game.claim_window[0]


# -- OpenSpiel's algorithms ----------------------------------------------------------------------


def test_mcts_plays_sumodoku() -> None:
    # [mcts]
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("dokuspec_sumodoku")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 1.4, 10, evaluator, random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(bot.step(state))  # 10 simulations per move
    # [/mcts]
    assert len(state.engine_state.history()) == 3


# [endgame]
# A Minidoku game (hand_size 7) played at random to eight empty cells, a player to move
MINIDOKU_ENDGAME = "0 2 1 2 2 0 0 3 1 1 3 2 3 1 66 66 19 3 43 0 0 13 36 60 6 25"
# [/endgame]
# (the ids play_randomly plays with random.Random(3): _minidoku_endgame checks it)


def _minidoku_endgame() -> str:
    """The ids of a Minidoku game played to eight empty cells, between turns."""
    game = pyspiel.load_game("dokuspec_minidoku", {"hand_size": 7})
    state = play_randomly(
        game.new_initial_state(),
        random.Random(3),
        lambda s: (
            "".join(s.engine_state.observation(0).data["board"]).count(".") <= 8
            and s.current_player() >= 0
            and s.engine_state.current_player() >= 0
        ),
    )
    assert not state.is_terminal()
    return " ".join(map(str, state.history()))


def test_cfr_solves_a_minidoku_endgame() -> None:
    assert _minidoku_endgame() == MINIDOKU_ENDGAME
    # [cfr]
    from open_spiel.python.algorithms import cfr, exploitability

    game = pyspiel.load_game("dokuspec_minidoku", {"hand_size": 7, "start": MINIDOKU_ENDGAME})
    solver = cfr.CFRSolver(game)
    for _ in range(2):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    gap = exploitability.nash_conv(game, policy)  # 0: a Nash equilibrium
    # [/cfr]
    assert policy.state_lookup
    for info_state, index in policy.state_lookup.items():
        row = policy.action_probability_array[index]
        assert row.sum() == pytest.approx(1.0), info_state
        assert (row >= 0).all()
    assert gap == pytest.approx(0.0, abs=1e-12)
    start = game.new_initial_state()
    assert "".join(start.engine_state.observation(0).data["board"]).count(".") == 8


def test_ismcts_plays_two_doku_with_the_engines_resampler() -> None:
    # [ismcts]
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from dokuspec.openspiel import resampler

    game = pyspiel.load_game("dokuspec_twodoku")
    state = play_randomly(  # through the colouring, the face-down dominoes and the deal
        game.new_initial_state(),
        random.Random(6),
        until=lambda state: state.engine_state.phase == "play" and not state.is_chance_node(),
    )
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 8, random_state=np.random.RandomState(0))
    draws = random.Random(0)
    bot.set_resampler(lambda state, player: resampler(state, player, draws.random()))
    action = bot.step(state)  # 8 simulations, each in a world drawn again
    # [/ismcts]
    assert not state.is_terminal()
    assert action in state.legal_actions()
    player = state.current_player()
    again = resampler(state, player, 0.25)
    assert again.information_state_string(player) == state.information_state_string(player)
    resampled = state.resample_from_infostate(player, lambda: 0.25)
    assert resampled.information_state_string(player) == state.information_state_string(player)


# -- the example ---------------------------------------------------------------------------------


def test_example_plays_mcts_against_the_solver_bot() -> None:
    script = ROOT / "examples" / "openspiel_mcts_vs_solver.py"
    run = subprocess.run(
        [sys.executable, str(script), "--games", "1", "--simulations", "4"],
        capture_output=True,
        text=True,
        check=False,
        timeout=240,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    assert lines[0].startswith("game 1:")
    assert lines[-1].startswith("MCTS won ")


@pytest.mark.parametrize(("max_trades", "bound"), [(2, 543), (0, 489)])
def test_competitive_length_bound_counts_both_turns_of_every_simultaneous_node(
    max_trades: int, bound: int
) -> None:
    # The engine's proven bound (543 with the default options) counts each
    # simultaneous node once; OpenSpiel plays it as two turns: 5 placement
    # rounds (CS-21) and at most max_trades + 1 concede-or-continue choices.
    engine = load_engine_game("competitive", max_trades=max_trades)
    assert engine.max_game_length() == bound
    game = pyspiel.load_game("dokuspec_competitive", {"max_trades": max_trades})
    assert game.max_game_length() == bound + 5 + max_trades + 1


# -- OpenSpiel's MCTS as an agent of the play kits ---------------------------------------------


@pytest.mark.slow  # about 16 s; test_example_plays_mcts_against_the_solver_bot runs by default
def test_openspiel_mcts_plays_sumodoku_games_that_the_rules_engine_replays() -> None:
    from dokuspec.openspiel.agents import MCTSAgent
    from dokuspec.play.kit import agent, kit
    from dokuspec.play.matches import play_games

    found = agent("sumodoku", "openspiel-mcts")
    assert isinstance(found, MCTSAgent) and found.name == "openspiel-mcts"
    marks = kit("sumodoku").option_set("consecutive")
    for options in ({}, marks):
        results = list(
            play_games("sumodoku", ("openspiel-mcts", "random"), 1, 5, options, checked=True)
        )
        assert [r.agents for r in results] == [("openspiel-mcts", "random")]
    # The same rng, the same choice: seeded matches replay.
    engine = load_engine_game("sumodoku")
    state = engine.new_initial_state(2)
    first = found(state, 0, random.Random(4))
    assert found(state, 0, random.Random(4)) == first
    assert first in state.legal_actions(0)
