"""The OpenSpiel games (dokuspec.openspiel): skipped unless the ``openspiel`` extra is installed."""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
algorithms = pytest.importorskip("open_spiel.python.algorithms")
from open_spiel.python.algorithms import cfr, ismcts, mcts  # noqa: E402

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

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("minidoku", "sumodoku", "competitive", "twodoku")

register_games()


def _random_play(state, rng: random.Random, stop=lambda state: False):
    while not state.is_terminal() and not stop(state):
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


# -- action ids --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_action_ids_round_trip(name: str) -> None:
    codec = action_codec(name)
    for action_id, action in enumerate(codec.actions):
        if action is None:
            assert (name, action_id) == ("sumodoku", SUMODOKU_CLAIM)
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


# -- OpenSpiel's own checks --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("minidoku", {}),
        ("minidoku", {"hand_size": 7, "first_on_tie": 1}),
        ("sumodoku", {}),
        ("sumodoku", {"enforcement": "tabletop", "observer": 0.5}),
        ("sumodoku", {"colour_assignment": "random", "first_player": 2}),
        ("competitive", {}),
        ("competitive", {"mode": "twins", "power_series_points": 5}),
        ("twodoku", {}),
    ],
)
def test_random_sim_test_with_serialization(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(f"dokuspec_{name}", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_string_round_trip() -> None:
    game = pyspiel.load_game(
        "dokuspec_sumodoku",
        {"claim_time_limits": "16-35:600", "consecutive": "r1c1-r1c2", "claim_window_last": 35},
    )
    again = pyspiel.load_game(str(game))
    assert again.engine_game == game.engine_game
    assert game.engine_game.options["claim_time_limits"] == [[16, 35, 600]]
    assert game.engine_game.options["consecutive"] == ["r1c1-r1c2"]


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
    assert seen or name == "sumodoku"  # fixed colours, strict: no chance node


# -- what players see ----------------------------------------------------------------------------


def _twodoku_at_first_face_down_draw():
    game = pyspiel.load_game("dokuspec_twodoku")
    state = _random_play(game.new_initial_state(), random.Random(2), lambda s: s.is_chance_node())
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
    state = _random_play(
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
    state = _random_play(
        game.new_initial_state(), random.Random(4), lambda s: len(s.history()) > 12
    )
    for player in (0, 1):
        text = state.observation_string(player)
        assert text.startswith(state.engine_state.observation(player).text)
        assert len(state.observation_tensor(player)) == game.observation_tensor_size()


# -- the same game through pyspiel and through the engine ---------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_game_through_pyspiel_is_the_engines_game(name: str) -> None:
    game = pyspiel.load_game(f"dokuspec_{name}")
    codec = action_codec(name)
    state = _random_play(game.new_initial_state(), random.Random(11))
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


# -- Sumodoku's claim ----------------------------------------------------------------------------


def test_sumodoku_claim_id_claims_with_the_solvers_filling() -> None:
    game = pyspiel.load_game(
        "dokuspec_sumodoku",
        {"claims": "solver", "claim_window_first": 10, "claim_time_limits": "10-35:600"},
    )
    for seed in range(20):
        state = _random_play(
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


# -- OpenSpiel's algorithms ----------------------------------------------------------------------


def test_mcts_plays_sumodoku() -> None:
    game = pyspiel.load_game("dokuspec_sumodoku")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 1.4, 10, evaluator, random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.engine_state.history()) == 3


def _minidoku_endgame() -> str:
    """The ids of a Minidoku game played to eight empty cells, between turns."""
    game = pyspiel.load_game("dokuspec_minidoku", {"hand_size": 7})
    state = _random_play(
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


def test_cfr_runs_on_a_minidoku_endgame() -> None:
    game = pyspiel.load_game("dokuspec_minidoku", {"hand_size": 7, "start": _minidoku_endgame()})
    solver = cfr.CFRSolver(game)
    for _ in range(2):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    assert policy.state_lookup
    for info_state, index in policy.state_lookup.items():
        row = policy.action_probability_array[index]
        assert row.sum() == pytest.approx(1.0), info_state
        assert (row >= 0).all()


def test_ismcts_plays_two_doku_after_the_deal() -> None:
    game = pyspiel.load_game("dokuspec_twodoku")
    state = _random_play(
        game.new_initial_state(),
        random.Random(6),
        lambda s: s.engine_state.phase == "play" and not s.is_chance_node(),
    )
    assert not state.is_terminal()
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 8, random_state=np.random.RandomState(0))
    action = bot.step(state)
    assert action in state.legal_actions()
    resampled = state.resample_from_infostate(state.current_player(), lambda: 0.25)
    player = state.current_player()
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
