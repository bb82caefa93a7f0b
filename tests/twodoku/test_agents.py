"""Two-Doku's table (a player's flat view) and its search agent (dokuspec.twodoku.agents).

The table is checked against the engine's full position and public reading
(TD-7's allowed squares, the piles); the agent's candidates and playout
policy against the engine's legal actions; both against a state whose
hidden digits were drawn again, which the player cannot tell apart.
"""

from __future__ import annotations

import random

import pytest

from dokuspec.engine.base import CHANCE, TERMINAL, EngineError
from dokuspec.engine.twodoku import Colour, EndTurn, PlayDomino, Table, TwoDoku, TwoDokuState
from dokuspec.errors import DokuspecError
from dokuspec.play.kit import agent, kit
from dokuspec.play.matches import play_games
from dokuspec.twodoku import agents
from dokuspec.twodoku.bots import InferenceBot, RandomBot
from dokuspec.vocabulary.twodoku import Square


def play_states(seed: int, count: int) -> list[TwoDokuState]:
    """Up to ``count`` states of the play phase with a player to act, from one game of
    inference bots (random colouring keeps the game varied)."""
    state = TwoDoku().new_initial_state(seed)
    rng = random.Random(seed)
    bots = (InferenceBot(), InferenceBot())
    found: list[TwoDokuState] = []
    while state.current_player() != TERMINAL and len(found) < count:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance_outcome())
            continue
        if state.phase == "play":
            found.append(state.clone())
            state.apply_action(bots[player](state, player, rng))
        else:
            state.apply_action(RandomBot()(state, player, rng))
    return found


STATES = [s for seed in (3, 11, 29) for s in play_states(seed, 12)]


def test_the_table_is_the_player_s_view_of_the_state() -> None:
    assert STATES
    for state in STATES:
        position = state.position()
        for player in (0, 1):
            table = state.table(player)
            assert isinstance(table, Table)
            for square in range(81):
                cell = table.board[square]
                up = {s.index: d for s, d in position.face_up.items()}
                down = {f.square.index for f in position.face_down}
                assert cell == (up.get(square, -1 if square in down else 0))
            assert table.allowed == tuple(s.index for s in state.allowed_squares(player))
            pile = position.pile("red" if player == 0 else "blue")
            assert pile is not None
            assert table.pile == tuple(pile.count(d) for d in range(1, 10))
            assert table.pot == tuple(position.pot.count(d) for d in range(1, 10))
            red, blue = position.pile("red"), position.pile("blue")
            assert red is not None and blue is not None
            assert table.sums == (red.total, blue.total)


def test_the_table_shows_nothing_hidden_td11() -> None:
    rng = random.Random(5)
    for state in STATES:
        player = state.current_player()
        other = state.resample_from_infostate(player, rng)
        assert other.table(player) == state.table(player)


def test_the_table_refuses_a_player_who_is_not_0_or_1() -> None:
    with pytest.raises(EngineError):
        STATES[0].table(2)


def test_closing_is_set_by_a_turn_without_a_successful_play_td9() -> None:
    state = STATES[0].clone()
    player = state.current_player()
    assert not state.table(player).closing
    state.apply_action(EndTurn())
    assert state.table(1 - player).closing


def test_the_candidates_and_the_playout_policy_are_legal_and_blind_to_hidden_digits() -> None:
    rng = random.Random(7)
    for state in STATES:
        player = state.current_player()
        legal = set(state.legal_actions(player))
        options = agents._candidates(state, player, random.Random(0))
        assert EndTurn() in options
        assert set(options) <= legal
        assert len(set(options)) == len(options)
        assert agents._rollout(state, player, random.Random(0)) in legal
        other = state.resample_from_infostate(player, rng)
        assert agents._candidates(other, player, random.Random(0)) == options


def test_a_candidate_play_never_meets_a_face_up_domino_and_keeps_td7() -> None:
    for state in STATES:
        player = state.current_player()
        table = state.table(player)
        for action in agents._candidates(state, player, random.Random(0)):
            if isinstance(action, PlayDomino):
                square = action.square
                assert square.index in table.allowed
                assert all(table.board[p.index] != action.digit for p in square.peers)


def test_the_search_agent_is_legal_reproducible_and_leaves_the_state_alone() -> None:
    search = agents.search_agent(8)
    for state in STATES[:8]:
        player = state.current_player()
        before = state.clone()
        chosen = search(state, player, random.Random(1))
        assert chosen in state.legal_actions(player)
        assert search(state, player, random.Random(1)) == chosen
        assert state.history() == before.history()
        assert state.table(player) == before.table(player)


def test_the_search_agents_are_in_the_kit_and_play_whole_games() -> None:
    names = kit("twodoku").agents
    for name in ("search", "search-fast", "search-deep"):
        assert name in names
        assert agent("twodoku", name).name == name
    assert agent("twodoku", "strong").name == "strong"
    games = list(play_games("twodoku", ("search-fast", "random"), 2, seed=4, checked=True))
    assert [g.index for g in games] == [0, 1]
    assert all(g.winner in (0, 1, None) for g in games)


def test_strengths_count_iterations() -> None:
    assert agents.STRENGTHS == {"search": 48, "search-fast": 16, "search-deep": 160}
    assert agents.search_agent().iterations == 48


def test_the_inference_bot_colouring_in_lines_gathers_its_squares_td2() -> None:
    lines = InferenceBot(colouring="lines")
    assert lines.name == "inference-lines"
    assert InferenceBot().name == "inference"
    state = TwoDoku().new_initial_state(17)
    rngs = (random.Random(1), random.Random(2))
    bots = (lines, InferenceBot())
    while state.phase == "colouring":
        player = state.current_player()
        reds, blues = state.colours()
        mine, theirs = (reds, blues) if player == 0 else (blues, reds)
        chosen = bots[player](state, player, rngs[player])
        if player == 0:

            def key(
                square: Square,
                mine: frozenset[Square] = mine,
                theirs: frozenset[Square] = theirs,
            ) -> tuple[int, int, int]:
                line = sum(s.row == square.row for s in mine) + sum(
                    s.col == square.col for s in mine
                )
                box = sum(s.box == square.box for s in mine)
                return (int(square not in theirs), line, box)

            assert isinstance(chosen, Colour)
            options = [a.square for a in state.legal_actions(player) if isinstance(a, Colour)]
            assert key(chosen.square) == max(key(s) for s in options)
        state.apply_action(chosen)
    reds, _ = state.colours()
    assert len(reds) == 36


def test_the_inference_bot_refuses_an_unknown_colouring() -> None:
    with pytest.raises(DokuspecError, match="colouring"):
        InferenceBot(colouring="diagonal")
    with pytest.raises(TypeError):
        InferenceBot(colouring=1)  # type: ignore[arg-type]
    assert "colouring='lines'" in repr(InferenceBot(colouring="lines"))


def test_the_search_leaves_to_the_inference_bot_all_but_gambles_and_passes() -> None:
    lines = InferenceBot(colouring="lines")
    decided = 0
    for state in STATES:
        player = state.current_player()
        chosen = agents._decide(state, player, random.Random(3))
        if chosen is None:
            continue
        decided += 1
        assert chosen == lines(state, player, random.Random(3))
        if isinstance(chosen, PlayDomino):
            # Certainly safe by the public record: no face-down domino beside it holds it.
            position = state.position()
            beside = {f.square: f.digit for f in position.face_down}
            assert all(beside.get(p) != chosen.digit for p in chosen.square.peers)
        else:
            assert not isinstance(chosen, EndTurn) or state.table(player).closing
    assert decided
