"""Sumodoku's search agent (dokuspec.sumodoku.agents): the claim race, the spoil, the race for the
last valid move; every claim and spoil judged by the solver and the engine, not by the agent."""

from __future__ import annotations

import random

import pytest

from dokuspec.engine.playout import bot_rng
from dokuspec.engine.sumodoku import Claim, Place, Sumodoku, SumodokuState
from dokuspec.play.kit import first_mover
from dokuspec.sumodoku import check
from dokuspec.sumodoku.agents import (
    PLAY,
    STRENGTHS,
    SpoilerBot,
    first_claimant,
    outcome,
    race_value,
    strong_agent,
)
from dokuspec.sumodoku.bots import RandomBot, SolverBot


def played_until(state: SumodokuState, turns: tuple[int, int], seed: int) -> SumodokuState:
    """Solver bots play until each player has taken ``turns`` turns (or more)."""
    bot = SolverBot()
    rngs = [bot_rng(seed, 0), bot_rng(seed, 1)]
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply_action(state.sample_chance_outcome())
            continue
        if (state.turn_number(0), state.turn_number(1)) >= turns and player == 0:
            break
        if state.turn_number(player) >= turns[player]:
            break
        state.apply_action(bot(state, player, rngs[player]))
    return state


def test_the_first_claimant_is_whoever_reaches_the_window_first() -> None:
    assert first_claimant(Sumodoku().new_initial_state(0)) == 0
    assert first_claimant(Sumodoku(first_player=2).new_initial_state(0)) == 1
    state = played_until(Sumodoku().new_initial_state(1), (15, 14), 1)
    assert state.current_player() == 1 and first_claimant(state) == 0
    late = Sumodoku(claim_window=[2, 2], claim_time_limits=[[2, 2, 60]])
    state = played_until(late.new_initial_state(1), (2, 2), 1)
    assert first_claimant(state) is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_claim_loser_spoils_the_board_on_its_last_chance(seed: int) -> None:
    # Player 2's 15th turn: Player 1 claims next on a completable board (SU-10), so Player 2
    # must leave no completion (SU-15); the solver, not the agent, judges the board after.
    state = played_until(Sumodoku().new_initial_state(seed), (15, 14), seed)
    assert (state.current_player(), state.turn_number(1)) == (1, 14)
    assert check(state.position).status == "completable"
    move = strong_agent(STRENGTHS["strong-fast"])(state, 1, random.Random(seed))
    assert isinstance(move, Place) and move in state.valid_moves(1)
    state.apply_action(move)
    assert check(state.position).status == "impossible"


@pytest.mark.parametrize("seed", [1, 2])
def test_the_first_claimant_keeps_the_board_completable_and_claims(seed: int) -> None:
    state = played_until(Sumodoku().new_initial_state(seed), (14, 14), seed)
    assert state.current_player() == 0 and check(state.position).status == "completable"
    agent = strong_agent(STRENGTHS["strong-fast"])
    move = agent(state, 0, random.Random(seed))
    state.apply_action(move)
    assert check(state.position).status == "completable"
    state = played_until(state, (15, 15), seed)
    claim = agent(state, 0, random.Random(seed))
    assert isinstance(claim, Claim)
    state.apply_action(claim)
    assert state.result is not None and state.result.reason == "claim-succeeded"


def test_the_agent_never_places_an_invalid_piece_at_a_table() -> None:
    game = Sumodoku(enforcement="tabletop")
    state = game.new_initial_state(4)
    agent, other = strong_agent(16), RandomBot()
    rng = random.Random(4)
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply_action(state.sample_chance_outcome())
            continue
        if player == 0:
            move = agent(state, 0, rng)
            if isinstance(move, Place):
                assert move in state.valid_moves(0)
        else:
            move = other(state, 1, rng)
        state.apply_action(move)
    assert state.result is not None


def test_the_race_is_lost_by_the_player_to_move_without_a_valid_move() -> None:
    state = played_until(Sumodoku().new_initial_state(3), (15, 14), 3)
    value = race_value(state)
    assert value[0] == 1 - value[1] and 0 < value[0] < 1
    mine, theirs = len(state.valid_moves(0)), len(state.valid_moves(1))
    assert (value[0] > 0.5) == (mine > theirs)


def test_the_spoiler_spoils_on_its_15th_turn_only() -> None:
    state = played_until(Sumodoku().new_initial_state(2), (15, 14), 2)
    spoiler = SpoilerBot()
    move = spoiler(state, 1, random.Random(0))
    after = state.clone()
    after.apply_action(move)
    assert check(after.position).status == "impossible"
    earlier = played_until(Sumodoku().new_initial_state(2), (14, 13), 2)
    move = spoiler(earlier, 1, random.Random(0))
    earlier.apply_action(move)
    assert check(earlier.position).status == "completable"


def test_the_outcome_names_the_rule_and_the_first_player() -> None:
    state = played_until(Sumodoku(first_player=2).new_initial_state(5), (99, 99), 5)
    assert state.is_terminal() and state.result is not None
    found = outcome(state)
    assert found.first == first_mover(state) == 1
    assert found.winner == state.result.winner
    assert found.ending == "SU-10" and found.ending in PLAY.endings
    assert found.turns == state.turn_number(0) + state.turn_number(1)


def test_the_kit_offers_the_strengths_and_today_s_bots() -> None:
    assert list(PLAY.agents) == [
        "random", "solver", "spoiler", "early-spoiler", "own-mistake", "invalid-placer",
        "strong-unaware", "strong-fast", "strong", "strong-deep", "openspiel-mcts",
    ]  # fmt: skip
    assert PLAY.agents["openspiel-mcts"] == "dokuspec.openspiel.agents:sumodoku_mcts"
    assert PLAY.agents["strong"]() == strong_agent()
    assert [PLAY.agents[name]().iterations for name in STRENGTHS] == list(STRENGTHS.values())
