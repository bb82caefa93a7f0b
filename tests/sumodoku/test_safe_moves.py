"""safe_moves: every valid move, marked safe, losing or unknown (SU-3, SU-15).

The list of moves is held against the engine's independent rule checker,
each mark against one completability query per move (the SAT solver's full
search on the position after the move, and ``check`` with Z3 on a few), and
every witness against the engine's rule checker.
"""

from __future__ import annotations

import random

import pytest
from helpers import data_lines, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from dokuspec import sumodoku
from dokuspec.engine.sumodoku import is_valid
from dokuspec.errors import BudgetError, DokuspecError
from dokuspec.solvers import Budget
from dokuspec.sumodoku import FIXED_COLOURS, Board, Move, Piece, Position, safe_moves
from dokuspec.verify.sumodoku import strategies

SOLUTIONS = [Board(line) for line in data_lines("solutions.txt")]


def solver_status(position: Position) -> str:
    """The SAT backend's full search on the compiled model (no proposal, no witnesses)."""
    spec, compiled = sumodoku.compiled_model(position)
    answer = compiled.solve(spec.assumptions(position.board))
    return {"sat": "completable", "unsat": "impossible"}[answer.status]


def expected_moves(
    position: Position, colours: frozenset[int], *, fixed: bool = False
) -> list[tuple[int, int, int]]:
    """Valid moves by the engine's rule checker (for a board that breaks no rule yet).

    With ``fixed`` (SU-1's supply of a player, ruling SU-38), colour 9 only while fewer
    than 8 of its pieces are on the board and out of the game: the ninth is the spare.
    """
    supply = position.supply()
    nines = position.board.count(9) + position.out[8]
    found = []
    for index in position.board.empty_cells():
        for colour in sorted(colours):
            if supply[colour - 1] <= 0 or (fixed and colour == 9 and nines >= 8):
                continue
            piece = Piece(index // 9 + 1, index % 9 + 1, colour)
            if is_valid(position.board.place(piece), position.variants):
                found.append((piece.row, piece.col, colour))
    return found


def after(position: Position, move: Move) -> Position:
    return position.with_board(position.board.place(Piece(move.row, move.col, move.colour)))


def assert_marks_right(position: Position, moves: tuple[Move, ...]) -> None:
    for move in moves:
        assert move.safe is not None
        status = solver_status(after(position, move))
        assert move.safe == (status == "completable"), (position, move)
        if move.safe:
            assert move.witness is not None
            assert move.witness.is_full()
            assert move.witness.extends(after(position, move).board)
            assert is_valid(move.witness, position.variants)
        else:
            assert move.witness is None


def random_play(seed: int, pieces: int, *, safe_only: bool) -> tuple[Position, int]:
    """A position reached by ``pieces`` random valid moves of two players (SU-1 fixed colours).

    With ``safe_only``, each move keeps the board completable (by one
    query per move of the SAT backend's full search), like a careful player.
    """
    rng = random.Random(seed)

    def fits(cells: bytes, index: int, colour: int) -> bool:  # SU-3 for plain positions
        row, col = divmod(index, 9)
        top, left = row - row % 3, col - col % 3
        return not (
            any(cells[row * 9 + c] == colour for c in range(9))
            or any(cells[r * 9 + col] == colour for r in range(9))
            or any(cells[(top + r) * 9 + left + c] == colour for r in range(3) for c in range(3))
        )

    board = Board()
    left = {1: dict.fromkeys((1, 2, 3, 4), 9) | {9: 4}, 2: dict.fromkeys((5, 6, 7, 8), 9) | {9: 4}}
    player = 1
    for _ in range(pieces):
        options = [
            Piece(i // 9 + 1, i % 9 + 1, k)
            for i in board.empty_cells()
            for k, n in left[player].items()
            if n and fits(board.cells, i, k)
        ]
        rng.shuffle(options)
        chosen = None
        for piece in options:
            if not safe_only or solver_status(Position(board.place(piece))) == "completable":
                chosen = piece
                break
        if chosen is None:
            break
        board = board.place(chosen)
        left[player][chosen.colour] -= 1
        player = 3 - player
    return Position(board), player


@settings(max_examples=examples(0.5))
@given(
    strategies.positions(min_pieces=30, max_pieces=50, planted=(0, 1), with_out=False),
    st.sampled_from([1, 2]),
)
def test_marks_agree_with_one_query_per_move(position: Position, player: int) -> None:
    moves = safe_moves(position, player)
    assert [(m.row, m.col, m.colour) for m in moves] == expected_moves(
        position, FIXED_COLOURS[player], fixed=True
    ) or not is_valid(position.board, position.variants)
    assert_marks_right(position, moves)


@pytest.mark.parametrize("seed", range(4))
def test_positions_of_careful_play(seed: int) -> None:
    position, player = random_play(seed, 30 + 6 * seed, safe_only=True)
    moves = safe_moves(position, player)
    assert [(m.row, m.col, m.colour) for m in moves] == expected_moves(
        position, FIXED_COLOURS[player], fixed=True
    )
    assert any(m.safe for m in moves)
    assert_marks_right(position, moves)


def test_positions_of_random_play() -> None:
    for seed in range(3):
        position, player = random_play(100 + seed, 35, safe_only=False)
        moves = safe_moves(position, player)
        assert_marks_right(position, moves)


def test_marks_agree_with_check_on_z3() -> None:
    position, player = random_play(7, 40, safe_only=True)
    for move in safe_moves(position, player):
        verdict = sumodoku.check(after(position, move), backend="z3")
        assert move.safe == (verdict.status == "completable")


def test_an_impossible_position_loses_every_move() -> None:
    line = data_lines("impossible.txt")[0]
    position = Position.parse(line)
    moves = safe_moves(line, 2)
    assert moves
    assert all(m.safe is False for m in moves)
    assert len(moves) == len(expected_moves(position, FIXED_COLOURS[2], fixed=True))
    out = Position(Board(), out=(0, 0, 1, 0, 0, 0, 0, 0, 0))
    assert all(m.safe is False for m in safe_moves(out, 1))
    assert {m.colour for m in safe_moves(out, 1)} == {1, 2, 3, 4, 9}


def test_a_puzzle_has_one_safe_colour_per_cell_at_most() -> None:
    line = data_lines("sudoku17.txt")[3]
    solution = SOLUTIONS[3]
    position = Position.parse(line)
    for player in (1, 2):
        moves = safe_moves(position, player)
        for move in moves:
            index = (move.row - 1) * 9 + move.col - 1
            assert move.safe == (solution.cells[index] == move.colour)
            if move.safe:
                assert move.witness == solution


def test_budgets_give_unknown_never_a_wrong_answer() -> None:
    position, player = random_play(3, 40, safe_only=True)
    for spent in (safe_moves(position, player, time_limit=0),
                  safe_moves(position, player, budget=Budget(conflict_limit=0))):  # fmt: skip
        assert spent
        assert all(m.safe is None for m in spent)
    truth = {(m.row, m.col, m.colour): m.safe for m in safe_moves(position, player)}
    for limit in (1, 2, 5):
        for move in safe_moves(position, player, budget=Budget(conflict_limit=limit)):
            assert move.safe in (None, truth[move.row, move.col, move.colour])


def test_colours_and_supply() -> None:
    board = SOLUTIONS[0].without(SOLUTIONS[0].pieces()[::3])
    position = Position(board)
    moves = safe_moves(position, 1, colours=[2, 5])
    assert {m.colour for m in moves} <= {2, 5}
    assert [(m.row, m.col, m.colour) for m in moves] == expected_moves(position, frozenset({2, 5}))
    # Colour 1 with no piece left to place offers no move.
    ones = Board(bytes(v if v == 1 or i % 3 else 0 for i, v in enumerate(SOLUTIONS[0].cells)))
    assert Position(ones).supply()[0] == 0
    moves = safe_moves(Position(ones), 1)
    assert moves
    assert all(m.colour != 1 for m in moves)
    assert safe_moves(Position(SOLUTIONS[0]), 1) == ()


# -- the spare piece of colour 9 (SU-1, ruling SU-38) -----------------------------------------

# Eight pieces of colour 9, valid by SU-3; r9c6 is the one cell left where SU-3 allows a ninth.
EIGHT_NINES = "..9..............9...9.....9...............9.....9.....9.............9..........."


def test_with_eight_nines_placed_only_the_spare_is_left_and_no_player_places_it() -> None:
    position = Position.parse(EIGHT_NINES)
    assert position.supply()[8] == 1  # the spare
    assert is_valid(position.board.place(Piece(9, 6, 9)))  # SU-3 alone would allow it
    for player in (1, 2):
        moves = safe_moves(position, player)
        assert moves
        assert {m.colour for m in moves} == FIXED_COLOURS[player] - {9}
        assert [(m.row, m.col, m.colour) for m in moves] == expected_moves(
            position, FIXED_COLOURS[player], fixed=True
        )


@pytest.mark.parametrize("removed", [1, 5])
def test_with_fewer_nines_placed_either_player_may_place_one(removed: int) -> None:
    # 7 or 3 on the board: a player may still hold a nine (the board does not say whose).
    board = Board.parse(EIGHT_NINES)
    nines = [piece for piece in board.pieces() if piece.colour == 9]
    position = Position(board.without(nines[:removed]))
    for player in (1, 2):
        offered = {(m.row, m.col) for m in safe_moves(position, player) if m.colour == 9}
        assert (9, 6) in offered
        assert len(offered) == len(
            [(r, c, k) for r, c, k in expected_moves(position, frozenset({9})) if k == 9]
        )


def test_nines_out_of_the_game_were_placed_too() -> None:
    board = Board.parse(EIGHT_NINES)
    seven = Position(board.without([Piece(1, 3, 9)]), out=(0,) * 8 + (1,))
    assert seven.supply()[8] == 1
    assert all(m.colour != 9 for m in safe_moves(seven, 1))
    six = Position(board.without([Piece(1, 3, 9), Piece(2, 9, 9)]), out=(0,) * 8 + (1,))
    assert any(m.colour == 9 for m in safe_moves(six, 2))


def test_given_colours_are_taken_as_they_are() -> None:
    # Colours given say what the player holds: the spare rule is SU-1's fixed assignment's.
    moves = safe_moves(EIGHT_NINES, 1, colours=[9])
    assert [(m.row, m.col, m.colour) for m in moves] == [(9, 6, 9)]


class FakeState:
    """The two members of a game state that safe_moves reads (engine players 0 and 1)."""

    def __init__(self, position: Position, hands: dict[int, tuple[int, ...]]) -> None:
        self.position = position
        self._hands = hands

    def hand(self, player: int) -> tuple[int, ...]:
        return self._hands[player]


def test_a_state_gives_the_colours_of_the_hand() -> None:
    position, _ = random_play(11, 30, safe_only=True)
    state = FakeState(position, {0: (1, 0, 0, 0, 0, 0, 0, 0, 2), 1: (0,) * 8 + (3,)})
    moves = safe_moves(state, 1)  # type: ignore[arg-type]
    assert {m.colour for m in moves} <= {1, 9}
    assert [(m.row, m.col, m.colour) for m in moves] == expected_moves(position, frozenset({1, 9}))
    assert {m.colour for m in safe_moves(state, 2)} <= {9}  # type: ignore[arg-type]
    assert {m.colour for m in safe_moves(state, 1, colours=[9, 5])} <= {9}  # type: ignore[arg-type]


def test_moves_are_ordered_and_speak_json() -> None:
    position, player = random_play(5, 32, safe_only=True)
    moves = safe_moves(position, player)
    keys = [(m.row, m.col, m.colour) for m in moves]
    assert keys == sorted(keys)
    first = moves[0]
    assert first.to_json() == {
        "row": first.row,
        "col": first.col,
        "colour": first.colour,
        "safe": first.safe,
    }


def test_bad_arguments() -> None:
    position = Position(Board())
    with pytest.raises(DokuspecError, match="player"):
        safe_moves(position, 3)
    with pytest.raises(TypeError):
        safe_moves(position, "1")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        safe_moves(position, True)
    with pytest.raises(DokuspecError, match="colour"):
        safe_moves(position, 1, colours=[0])
    with pytest.raises(TypeError):
        safe_moves(position, 1, colours="12")
    with pytest.raises(TypeError):
        safe_moves(42)  # type: ignore[arg-type]
    with pytest.raises(BudgetError):
        safe_moves(position, 1, time_limit=-1)
