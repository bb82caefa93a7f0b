"""The search agent of every game (dokuspec.play.mcts), on Minidoku: every kind of node, hidden
information, exact chance, reproducible choices."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from dokuspec.engine.base import CHANCE, SIMULTANEOUS, TERMINAL
from dokuspec.engine.minidoku import Minidoku, MinidokuState
from dokuspec.errors import DokuspecError
from dokuspec.play.mcts import ISMCTS, Knowledge, sample_chance, scores


def advance(state: MinidokuState, players: int, seed: int) -> None:
    """Play ``players`` decisions (and every chance node before them) at random."""
    rng = random.Random(seed)
    while not state.is_terminal() and (players or state.current_player() == CHANCE):
        current = state.current_player()
        if current == CHANCE:
            state.apply_action(state.sample_chance_outcome())
        elif current == SIMULTANEOUS:
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in (0, 1)])
            players -= 1
        else:
            state.apply_action(rng.choice(state.legal_actions(current)))
            players -= 1


def test_the_agent_plays_whole_games_with_legal_actions_only() -> None:
    agent = ISMCTS("mcts", 12)
    game = Minidoku()
    for seed in range(3):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while (current := state.current_player()) != TERMINAL:
            if current == CHANCE:
                state.apply_action(state.sample_chance_outcome())
            elif current == SIMULTANEOUS:
                joint = [agent(state, p, rng) for p in (0, 1)]
                assert all(a in state.legal_actions(p) for p, a in enumerate(joint))
                state.apply_actions(joint)
            else:
                action = agent(state, current, rng)
                assert action in state.legal_actions(current)
                state.apply_action(action)


def test_the_same_generator_gives_the_same_choice() -> None:
    state = Minidoku().new_initial_state(4)
    advance(state, 2, 4)
    player = state.current_player()
    agent = ISMCTS("mcts", 40)
    chosen = {agent(state, player, random.Random(9)) for _ in range(3)}
    assert len(chosen) == 1


def test_the_choice_depends_on_the_information_state_only() -> None:
    # Two states the player cannot tell apart (the opponent's hand and the stock drawn
    # again): with the same generator the search makes the same choice, so it never
    # reads what is hidden from its player.
    state = Minidoku().new_initial_state(11)
    advance(state, 3, 11)
    player = state.current_player()
    assert player >= 0
    other = state.resample_from_infostate(player, random.Random(5))
    assert other.observation(player) == state.observation(player)
    assert str(other.observation(1 - player)) != str(state.observation(1 - player))
    agent = ISMCTS("mcts", 60)
    assert agent(state, player, random.Random(3)) == agent(other, player, random.Random(3))


def leaf_value(state: MinidokuState, rng: random.Random) -> tuple[float, float] | None:
    """Judge each state by the digit on r1c1: the higher, the better for player 0 (its score
    the digit over 4, the other player's the rest)."""
    del rng
    corner = str(state.observation(0).data["board"][0])[0]  # type: ignore[index]
    digit = int(corner) if corner.isdigit() else 0
    value = digit / 4
    return (value, 1 - value)


def on_corner(action: object) -> bool:
    return getattr(action, "row", None) == 1 and getattr(action, "column", None) == 1


@pytest.mark.parametrize("player", [0, 1])
def test_the_search_maximises_the_acting_players_own_reward(player: int) -> None:
    # With every node below the root judged at once, the search is a bandit over the root's
    # actions: it picks the action best for the player who acts, by that player's reward.
    game = Minidoku()
    for seed in range(200):
        state = game.new_initial_state(seed)
        advance(state, 1, seed)
        if state.current_player() == player and any(
            on_corner(a) for a in state.legal_actions(player)
        ):
            break
    else:  # pragma: no cover - some seed gives it
        pytest.fail("no state with a placement on r1c1 for the player")
    knowledge = Knowledge(evaluate=leaf_value)
    chosen = ISMCTS("mcts", 200, knowledge)(state, player, random.Random(1))
    corner = [a for a in state.legal_actions(player) if on_corner(a)]
    if player == 0:
        assert on_corner(chosen)
        assert chosen.digit == max(a.digit for a in corner)  # type: ignore[attr-defined]
    else:
        # Player 1 does best by leaving r1c1 empty: an empty r1c1 is worth less to player 0
        # than any digit.
        assert not on_corner(chosen)


def test_a_finished_game_scores_a_win_one_a_draw_a_half() -> None:
    assert scores((13, 0)) == [1.0, 0.0]
    assert scores((-1, 1)) == [0.0, 1.0]
    assert scores((0, 0)) == [0.5, 0.5]
    assert scores((2, 2, 1)) == [0.5, 0.5, 0.0]


def test_chance_is_drawn_by_its_exact_probabilities() -> None:
    state = Minidoku().new_initial_state(0)
    assert state.current_player() == CHANCE
    outcomes = dict(state.chance_outcomes())
    rng = random.Random(2024)
    draws = 40_000
    counts = Counter(sample_chance(state, rng) for _ in range(draws))
    assert set(counts) <= set(outcomes)
    for action, probability in outcomes.items():
        expected = draws * probability
        # Five standard deviations of a binomial count.
        spread = 5 * (draws * probability * (1 - probability)) ** 0.5
        assert abs(counts[action] - expected) <= spread
    assert sum(outcomes.values()) == Fraction(1)


def test_a_single_candidate_is_played_without_search() -> None:
    calls = []

    def one(state: MinidokuState, player: int, rng: random.Random) -> list:
        calls.append(player)
        return [state.legal_actions(player)[0]]

    state = Minidoku().new_initial_state(3)
    advance(state, 1, 3)
    player = state.current_player()
    chosen = ISMCTS("mcts", 1000, Knowledge(candidates=one))(state, player, random.Random(0))
    assert chosen == state.legal_actions(player)[0] and calls == [player]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"iterations": 0}, DokuspecError, "iterations are 1-1,000,000"),
        ({"iterations": 1.5}, TypeError, "iterations is an int"),
        ({"iterations": 5, "exploration": -1}, DokuspecError, "exploration is a number 0-10"),
        ({"iterations": 5, "seconds": 0}, DokuspecError, "seconds is a number above 0"),
        ({"iterations": 5, "knowledge": object()}, TypeError, "knowledge is a Knowledge"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        ISMCTS("mcts", **kwargs)


def test_an_agent_is_asked_only_when_its_player_acts() -> None:
    state = Minidoku().new_initial_state(3)
    advance(state, 1, 3)
    player = state.current_player()
    with pytest.raises(DokuspecError, match=f"player {1 - player} has no action"):
        ISMCTS("mcts", 5)(state, 1 - player, random.Random(0))
