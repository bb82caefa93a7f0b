"""Claim advice and the bots (SU-5 to SU-10, SU-15; rulings SU-31 to SU-34).

Expectations come from the rules and from independent checks: the bundled
puzzles' unique solutions, a full valid grid played piece by piece, the
engine judging a claim and its own completion search (no solver, no spec
model), never from the advice or the bot under test.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from helpers import data_lines

from dokuspec import sumodoku
from dokuspec.engine.sumodoku import (
    Claim,
    Concede,
    FindMistake,
    Place,
    PointOut,
    Sumodoku,
    SumodokuState,
    search_completion,
    violations,
)
from dokuspec.errors import DokuspecError, PositionError
from dokuspec.sumodoku import Board, Position, RandomBot, SolverBot, claim_advice
from dokuspec.sumodoku.agents import strong_agent
from dokuspec.verify.sumodoku.strategies import BASE_GRID

SUDOKU17 = [Board.parse(line) for line in data_lines("sudoku17.txt")]
SOLUTIONS = [Board.parse(line) for line in data_lines("solutions.txt")]
IMPOSSIBLE = [Board.parse(line) for line in data_lines("impossible.txt")]

PLAYER_COLOURS = ({1, 2, 3, 4, 9}, {5, 6, 7, 8, 9})  # SU-1, fixed assignment


def grid_moves(grid: Board, player: int) -> Iterator[Place]:
    """The cells of ``grid`` holding ``player``'s colours (engine numbering), as placements."""
    for index, colour in enumerate(grid.cells):
        if colour in PLAYER_COLOURS[player]:
            yield Place(index // 9 + 1, index % 9 + 1, colour)


def played(turns: int, grid: Board = SOLUTIONS[0], **options: object) -> SumodokuState:
    """A game where each player placed ``turns`` pieces of ``grid``, in turn (Player 1 first).

    The pieces are taken in a seeded random order, spread over the board.

    Colour 9 pieces are shared out: the first four of the grid's 9s to
    Player 1, the next four to Player 2 (each holds four, SU-1).
    """
    state = Sumodoku(**options).new_initial_state(0)
    assert isinstance(state, SumodokuState)
    nines = [i for i, colour in enumerate(grid.cells) if colour == 9]
    mine = [
        [m for m in grid_moves(grid, p) if m.colour != 9 or m.cell in nines[4 * p : 4 * p + 4]]
        for p in (0, 1)
    ]
    for moves in mine:
        random.Random(20260801).shuffle(moves)  # spread over the board
    for turn in range(2 * turns):
        state.apply_action(mine[turn % 2][turn // 2])
    return state


def spoiling_move(state: SumodokuState, player: int) -> Place:
    """A valid move of ``player`` after which the board is impossible (by the engine's search)."""
    for move in state.valid_moves(player):
        after = Position(state.board.place(move.piece))
        if search_completion(after).status == "impossible":
            return move
    raise AssertionError("no valid move makes this board impossible")


def invalid_move(state: SumodokuState, player: int) -> Place:
    """A placement of ``player``'s colour that repeats a colour in its row (SU-3)."""
    board = state.board.cells
    for cell in range(81):
        row = {board[(cell // 9) * 9 + c] for c in range(9)}
        for colour in sorted(PLAYER_COLOURS[player] & row):
            if not board[cell] and state.hand(player)[colour - 1]:
                return Place(cell // 9 + 1, cell % 9 + 1, colour)
    raise AssertionError("no invalid placement on this board")


# -- claim advice -------------------------------------------------------------------------------


def test_a_puzzle_can_be_claimed_with_its_one_solution() -> None:
    for puzzle, solution in zip(SUDOKU17[:5], SOLUTIONS, strict=False):
        advice = claim_advice(puzzle)
        assert (advice.allowed, advice.succeeds, advice.time_limit) == (None, True, None)
        assert advice.filling == solution
        assert "a claim would succeed" in advice.reason
        assert claim_advice(str(puzzle), player=2, backend="z3").filling == solution


def test_an_impossible_board_cannot_be_claimed() -> None:
    for board in IMPOSSIBLE[:4]:
        advice = claim_advice(Position(board))
        assert (advice.allowed, advice.succeeds, advice.filling) == (None, False, None)
        assert advice.reason.startswith("a claim would fail: the board cannot be completed")
    unknown = claim_advice(IMPOSSIBLE[0], time_limit=0)
    assert (unknown.succeeds, unknown.filling) == (None, None)
    assert unknown.reason == "the budget ran out before the board was decided"


def test_claims_in_a_game_follow_the_window_and_the_time_limits() -> None:
    early = played(14)  # Player 1's 15th turn: before the window (SU-10)
    advice = claim_advice(early, player=1)
    assert (advice.allowed, advice.succeeds, advice.filling, advice.time_limit) == (
        False,
        False,
        None,
        None,
    )
    assert advice.reason == (
        "a claim is allowed on own turns 16-35 (SU-10); this would be Player 1's turn 15"
    )
    assert claim_advice(early, player=2).reason == "it is not Player 2's turn to act"
    for turns, seconds in ((15, 960), (20, 720), (25, 480), (30, 240)):
        state = played(turns)
        advice = claim_advice(state, player=1)
        assert (advice.allowed, advice.succeeds, advice.time_limit) == (True, True, seconds)
        filling = advice.filling
        assert filling is not None
        assert not violations(filling)
        assert all(filling.cells[i] == c for i, c in enumerate(state.board.cells) if c)
        # The engine judges the claim: it wins.
        state.apply_action(Claim(filling, seconds))
        assert state.result is not None
        assert (state.result.winner, state.result.reason) == (0, "claim-succeeded")
    over = played(34)  # own turn 35, the last of the window
    assert claim_advice(over, player=1).time_limit == 240
    closed = played(35)
    advice = claim_advice(closed, player=1)
    assert (advice.allowed, advice.succeeds) == (False, False)


def test_a_board_made_impossible_in_the_window_is_advised_against() -> None:
    state = played(15)
    state.apply_action(spoiling_move(state, 0))
    state.apply_action(state.valid_moves(1)[0])
    assert search_completion(state.position).status == "impossible"
    advice = claim_advice(state, player=1)
    assert (advice.allowed, advice.succeeds, advice.filling, advice.time_limit) == (
        True,
        False,
        None,
        960,
    )
    assert not advice.reason.endswith("an invalid placement stands on it")


def test_an_unnoticed_mistake_spoils_a_claim() -> None:
    state = played(15, enforcement="tabletop")
    state.apply_action(invalid_move(state, 0))
    assert state.unnoticed()
    state.apply_action(state.valid_moves(1)[0])  # not pointed out
    advice = claim_advice(state, player=1)
    assert (advice.allowed, advice.succeeds) == (True, False)
    assert advice.reason.endswith("an invalid placement stands on it")


def test_claim_advice_arguments() -> None:
    with pytest.raises(DokuspecError, match="player must be 1 or 2, not 0"):
        claim_advice(SUDOKU17[0], player=0)
    with pytest.raises(TypeError, match="player must be 1 or 2"):
        claim_advice(SUDOKU17[0], player="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="claim_advice\\(\\) takes a SumodokuState"):
        claim_advice(42)  # type: ignore[arg-type]


# -- the random bot -------------------------------------------------------------------------------


def test_the_random_bot_is_uniform_among_legal_actions_and_never_claims() -> None:
    state = played(15)  # in the claim window: a claim would win, but is never listed
    legal = state.legal_actions(0)
    assert len(legal) > 20
    bot = RandomBot()
    counts = Counter(bot(state, 0, random.Random(seed)) for seed in range(40 * len(legal)))
    assert set(counts) == set(legal)
    # About 40 each: Pearson's chi-square statistic, with len(legal) - 1 degrees of
    # freedom, stays far below the 0.1% tail (about df + 4.5 * sqrt(2 df)).
    chi_square = sum((n - 40) ** 2 / 40 for n in counts.values())
    df = len(legal) - 1
    assert chi_square < df + 4.5 * (2 * df) ** 0.5
    assert bot(state, 0, random.Random(5)) == bot(state, 0, random.Random(5))


# -- the solver bot -------------------------------------------------------------------------------


def test_the_solver_bot_claims_when_a_claim_wins() -> None:
    state = played(15)
    action = SolverBot(claim_seconds=12.5)(state, 0, random.Random(0))
    assert isinstance(action, Claim)
    assert action.seconds == 12.5
    state.apply_action(action)
    assert state.result is not None
    assert state.result.reason == "claim-succeeded"
    # Before the window it places a piece instead.
    assert isinstance(SolverBot()(played(14), 0, random.Random(0)), Place)


def test_the_solver_bot_points_out_and_finds_mistakes() -> None:
    state = played(3, enforcement="tabletop")
    mistake = invalid_move(state, 0)
    state.apply_action(mistake)
    bot = SolverBot()
    assert bot(state, 1, random.Random(0)) == PointOut(mistake.row, mistake.col)
    # Not pointed out in time: Player 2 may find it at their next turn, Player 1 may not
    # (SU-8), and places.
    state.apply_action(state.valid_moves(1)[0])
    assert isinstance(bot(state, 0, random.Random(0)), Place)
    state.apply_action(state.valid_moves(0)[0])
    assert bot(state, 1, random.Random(0)) == FindMistake(mistake.row, mistake.col)


def test_solver_bots_never_make_the_board_impossible_and_player_1_claims_first() -> None:
    # Solver against solver: the board stays completable, so Player 1 claims
    # on own turn 16, the first claim of the game (SU-10), and wins.
    confirmed = 0
    for seed in range(3):
        result, state = sumodoku.play_game(seed, 7, ("solver", "solver"))
        assert (result.winner, result.reason, result.turns) == (1, "claim-succeeded", 31)
        replay = Sumodoku().new_initial_state(state.seed)
        assert isinstance(replay, SumodokuState)
        for entry in state.history()[:-1]:
            replay.apply_action(entry.actions[0])
            found = search_completion(replay.position, node_limit=20_000)
            assert found.status != "impossible"
            confirmed += found.status == "completable"
    assert confirmed >= 45


def test_the_solver_bot_keeps_every_board_completable_against_a_random_bot() -> None:
    checked = 0
    for seed in range(4):
        _, state = sumodoku.play_game(seed, 11, ("solver", "random"))
        replay = Sumodoku().new_initial_state(state.seed)
        for entry in state.history():
            (action,) = entry.actions
            before = search_completion(replay.position, node_limit=20_000)
            replay.apply_action(action)
            if entry.player == 0 and before.status == "completable":
                after = search_completion(replay.position, node_limit=20_000)
                assert after.status != "impossible", (seed, action)
                checked += after.status == "completable"
    assert checked >= 8


def test_with_no_safe_move_the_solver_bot_plays_for_the_last_valid_move() -> None:
    for seed in range(3):
        result, state = sumodoku.play_game(seed, 3, ("solver", "random"))
        assert (result.winner, result.reason) == (1, "no-valid-move")
        (last,) = state.history()[-1].actions
        assert isinstance(last, Place | Concede)
    # On an impossible board every valid move is unsafe; the bot still places validly.
    state = played(15)
    state.apply_action(spoiling_move(state, 0))
    action = SolverBot()(state, 1, random.Random(0))
    assert action in state.valid_moves(1)


def test_bots_are_deterministic_given_the_rng() -> None:
    one = sumodoku.play_game(2, 5, ("solver", "random"))[1]
    two = sumodoku.play_game(2, 5, ("solver", "random"))[1]
    assert one.history() == two.history()


def test_bot_arguments() -> None:
    assert sumodoku.BOT_NAMES == ("random", "solver", "strong")
    assert isinstance(sumodoku.make_bot("solver"), SolverBot)
    assert sumodoku.make_bot("strong") == strong_agent()
    assert isinstance(sumodoku.make_bot("random"), RandomBot)
    with pytest.raises(
        DokuspecError, match="unknown bot 'clever' \\(bots: random, solver, strong\\)"
    ):
        sumodoku.make_bot("clever")
    with pytest.raises(TypeError, match="a bot's name is a str"):
        sumodoku.make_bot(1)  # type: ignore[arg-type]
    with pytest.raises(DokuspecError, match="conflict_limit is 1-10,000,000, not 0"):
        SolverBot(conflict_limit=0)
    with pytest.raises(TypeError, match="claim_seconds is a number"):
        SolverBot(claim_seconds="1")  # type: ignore[arg-type]
    state = played(1)
    with pytest.raises(DokuspecError, match="Player 2 has no action to choose here"):
        SolverBot()(state, 1, random.Random(0))
    with pytest.raises(TypeError, match=r"rng is a random\.Random"):
        RandomBot()(state, 0, 5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a Sumodoku state is needed"):
        RandomBot()(Position(BASE_GRID), 0, random.Random(0))  # type: ignore[arg-type]


def test_the_solver_bot_shuffles_as_random_shuffle_does_draw_for_draw() -> None:
    # The recorded games depend on the draws: the same order, and the same state after.
    from dokuspec.sumodoku import bots  # noqa: PLC0415

    shuffles = [bots._py_shuffle, bots._shuffle]
    assert (bots._COMPILED_SHUFFLE is not None) == sumodoku.COMPILED  # built together
    for shuffle in shuffles:
        for size in (0, 1, 2, 3, 7, 64, 200, 513, 2049, 2100):
            for seed in range(4):
                ours, theirs = random.Random(seed), random.Random(seed)
                mine, expected = list(range(size)), list(range(size))
                shuffle(ours, mine)  # type: ignore[arg-type]
                theirs.shuffle(expected)
                assert mine == expected
                assert ours.getstate() == theirs.getstate()


def test_kept_verdicts_change_no_choice_and_are_true() -> None:
    # A solver bot keeps its last exact verdicts (the board after its move is the
    # board the opponent checks next); choices are those of a bot that keeps none.
    from dokuspec.engine.base import CHANCE, TERMINAL  # noqa: PLC0415
    from dokuspec.engine.sumodoku import is_valid  # noqa: PLC0415
    from dokuspec.sumodoku import bots  # noqa: PLC0415

    decisions = 0
    for seed in range(2):
        state = Sumodoku().new_initial_state(seed)
        assert isinstance(state, SumodokuState)
        rngs = [random.Random(f"{seed}-{player}") for player in (0, 1)]
        while (player := state.current_player()) != TERMINAL:
            if player == CHANCE:
                state.apply_action(state.sample_chance_outcome())
                continue
            kept = random.Random()
            kept.setstate(rngs[player].getstate())
            with_kept = SolverBot()(state, player, kept)
            for position, verdict in bots._VERDICTS.items():
                assert verdict.status == "completable" or verdict.completion is None
                if verdict.completion is not None:
                    assert verdict.completion.extends(position.board)
                    assert is_valid(verdict.completion, position.variants)
            bots._VERDICTS.clear()
            fresh = SolverBot()(state, player, rngs[player])
            assert with_kept == fresh
            assert kept.getstate() == rngs[player].getstate()
            decisions += 1
            state.apply_action(fresh)
    assert decisions >= 60
    bots._VERDICTS.clear()
    SolverBot(conflict_limit=10_000)(played(4), 0, random.Random(1))
    assert bots._VERDICTS == {}


def test_a_position_takes_a_piece_while_the_colour_lasts() -> None:
    position = Position(Board(), out=(8, 0, 0, 0, 0, 0, 0, 0, 0))
    after = position.place(sumodoku.Piece(1, 1, 1))
    assert after == Position(Board().place(sumodoku.Piece(1, 1, 1)), out=position.out)
    with pytest.raises(PositionError, match="colour 1: all 9 pieces are already"):
        after.place(sumodoku.Piece(2, 2, 1))
    with pytest.raises(PositionError, match="r1c1 already holds colour 1"):
        after.place(sumodoku.Piece(1, 1, 2))
    with pytest.raises(TypeError, match="place\\(\\) takes a Piece"):
        after.place((1, 1, 2))  # type: ignore[arg-type]
