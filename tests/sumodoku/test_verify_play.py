"""The spec's reading of moves and claims, and the checks of the fast search and safe moves.

The spec side (:mod:`dokuspec.verify.sumodoku.placements`) evaluates the
completion model's constraints on a board; here it is held against the
engine's independent rule checker (:func:`dokuspec.engine.sumodoku.violations`)
on generated positions, against hand-worked examples, and the checks built on
it are shown to fail on wrong answers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from helpers import data_lines, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from dokuspec.engine.base import JSONValue
from dokuspec.engine.sumodoku import is_valid, violations
from dokuspec.sumodoku import Board, Piece, Position, Variants
from dokuspec.verify.sumodoku import (
    FIXED_COLOURS,
    SafeMovesError,
    SearchError,
    check_propose,
    check_safe_moves,
    filling_problems,
    is_completion,
    placement_conflicts,
    placement_is_valid,
    spec_valid_placements,
)
from dokuspec.verify.sumodoku.strategies import (
    BASE_GRID,
    X_GRID,
    full_grids,
    game_options,
    positions,
    variants,
)

PUZZLE = Board.parse(data_lines("sudoku17.txt")[0])
SOLUTION = Board.parse(data_lines("solutions.txt")[0])


def swap_cells(board: Board, a: int, b: int) -> Board:
    cells = bytearray(board.cells)
    cells[a], cells[b] = cells[b], cells[a]
    return Board(bytes(cells))


# -- placements: the spec model against the engine's rule checker ---------------------------------


@settings(max_examples=examples(3))
@given(positions(planted=(0, 3)), st.data())
def test_a_placement_is_valid_exactly_when_the_engine_finds_no_violation_with_it(
    position: Position, data: st.DataObject
) -> None:
    empty = position.board.empty_cells()
    colours = [k for k in range(1, 10) if position.supply()[k - 1]]
    if not empty or not colours:
        return
    cell = data.draw(st.sampled_from(empty))
    piece = Piece(cell // 9 + 1, cell % 9 + 1, data.draw(st.sampled_from(colours)))
    after = position.board.place(piece)
    engine_says = not any(piece in v.pieces for v in violations(after, position.variants))
    assert placement_is_valid(position, piece) == engine_says


def test_placement_conflicts_name_the_rule_broken() -> None:
    board = Board().place(Piece(1, 1, 5))
    plain = Position(board)
    assert placement_conflicts(plain, Piece(1, 9, 5)) == ("row 1, colour 5",)
    assert placement_conflicts(plain, Piece(9, 1, 5)) == ("column 1, colour 5",)
    assert placement_conflicts(plain, Piece(3, 3, 5)) == ("box 1, colour 5",)
    assert placement_conflicts(plain, Piece(9, 9, 5)) == ()
    assert placement_conflicts(plain, Piece(1, 2, 4)) == ()
    x = Position(board, Variants(x=True))
    assert placement_conflicts(x, Piece(9, 9, 5)) == ("main diagonal, colour 5",)
    assert placement_conflicts(x, Piece(2, 2, 5)) == ("box 1, colour 5", "main diagonal, colour 5")
    parity = Position(board, Variants(parity="e" + "." * 80))
    assert placement_conflicts(parity, Piece(1, 2, 3)) == ()
    marks = Position(board, Variants(consecutive=["r1c1-r1c2"]))
    assert placement_conflicts(marks, Piece(1, 2, 7)) == ("consecutive mark r1c1-r1c2",)
    assert placement_conflicts(marks, Piece(1, 2, 6)) == ()
    assert placement_conflicts(marks, Piece(2, 1, 6)) == ()  # unmarked, not strict
    strict = Position(board, Variants(consecutive=["r1c1-r1c2"], strict_marks=True))
    assert placement_conflicts(strict, Piece(2, 1, 6)) == ("no mark r1c1-r2c1",)
    non = Position(board, Variants(non_consecutive=True))
    assert placement_conflicts(non, Piece(2, 1, 4)) == ("non-consecutive r1c1-r2c1",)


def test_a_parity_mark_is_read_from_the_model() -> None:
    odd = Position(Board(), Variants(parity="o" + "." * 80))
    assert placement_conflicts(odd, Piece(1, 1, 4)) == ("r1c1 is odd",)
    assert placement_conflicts(odd, Piece(1, 1, 9)) == ()


def test_an_earlier_clash_elsewhere_does_not_make_a_move_invalid() -> None:
    # Tabletop: two 7s already share row 1 (unnoticed); a 3 beside them is valid, another 7 not.
    board = Board().place(Piece(1, 1, 7)).place(Piece(1, 5, 7))
    position = Position(board)
    assert placement_is_valid(position, Piece(1, 2, 3))
    assert placement_conflicts(position, Piece(1, 9, 7)) == ("row 1, colour 7",)
    # Filling row 1 without a 5 (there are two 7s) breaks "row 1, colour 5", but the 3 is valid.
    cells = bytearray(BASE_GRID.cells[:9])
    cells[cells.index(5)] = 7
    row = Board(bytes(cells) + bytes(72))
    last = Piece(1, 9, row[1, 9])
    assert placement_is_valid(Position(row.without([last])), last) == (last.colour != 7)


def test_supply_counts_when_the_pieces_are_out_of_the_game() -> None:
    position = Position(Board().place(Piece(1, 1, 2)), out=(0, 8, 0, 0, 0, 0, 0, 0, 0))
    # Nine 2s would be one more than the game holds: the model's supply group is broken.
    assert placement_conflicts(position, Piece(5, 5, 2)) == ("supply of colour 2",)


def test_a_piece_on_an_occupied_cell_is_refused() -> None:
    with pytest.raises(ValueError, match="r1c1 is not empty"):
        placement_conflicts(Position(Board().place(Piece(1, 1, 5))), Piece(1, 1, 4))


def test_spec_valid_placements_are_ordered_by_cell_then_colour() -> None:
    board = Board(BASE_GRID.cells[:78] + bytes(3))
    # Row 9 misses its last three colours; each empty cell takes what its column and box miss.
    found = spec_valid_placements(Position(board), range(1, 10))
    expected = tuple(Piece(9, c, BASE_GRID[9, c]) for c in (7, 8, 9))
    assert found == expected
    assert spec_valid_placements(Position(board), (1, 2)) == tuple(
        p for p in expected if p.colour in (1, 2)
    )


# -- fillings: the spec model against the engine's rule checker ----------------------------------


@settings(max_examples=examples(2))
@given(
    full_grids(x=True) | full_grids(),
    st.data(),
)
def test_a_full_grid_is_a_completion_exactly_when_the_engine_finds_it_valid(
    grid: Board, data: st.DataObject
) -> None:
    rules = data.draw(variants(solution=grid))
    if data.draw(st.booleans()):
        a, b = data.draw(st.lists(st.integers(0, 80), min_size=2, max_size=2, unique=True))
        grid = swap_cells(grid, a, b)
    kept = data.draw(st.sets(st.integers(0, 80)))
    board = Board(bytes(v if i in kept else 0 for i, v in enumerate(grid.cells)))
    position = Position(board, rules)
    assert is_completion(position, grid) == is_valid(grid, rules)


def test_filling_problems_are_named() -> None:
    position = Position(PUZZLE)
    assert filling_problems(position, SOLUTION) == ()
    first = PUZZLE.pieces()[0]
    wrong = Board(bytes((v % 9) + 1 for v in SOLUTION.cells))
    expected = f"r{first.row}c{first.col} holds {first.colour % 9 + 1}, not {first.colour}"
    assert filling_problems(position, wrong)[0] == expected
    assert len(filling_problems(position, wrong)) == len(PUZZLE.pieces())
    assert filling_problems(position, SOLUTION.without([Piece(9, 9, SOLUTION[9, 9])])) == (
        "r9c9 is empty",
    )
    problems = filling_problems(Position(Board()), swap_cells(BASE_GRID, 0, 1))
    assert "row 1" not in " ".join(problems)  # a swap within a row keeps the row whole
    assert "column 1, colour 1" in problems and "box 1, colour 1" not in problems
    assert filling_problems(Position(Board(), Variants(x=True)), X_GRID) == ()
    # BASE_GRID's main diagonal holds 1 5 9 5 9 4 9 4 8: 5, 9 and 4 more than once.
    on_diagonal = filling_problems(Position(Board(), Variants(x=True)), BASE_GRID)
    assert "main diagonal, colour 5" in on_diagonal
    assert "main diagonal, colour 1" not in on_diagonal


def test_a_filling_is_no_completion_when_pieces_are_out_of_the_game() -> None:
    position = Position(Board(), out=(0, 0, 1, 0, 0, 0, 0, 0, 0))
    assert filling_problems(position, BASE_GRID) == ("supply of colour 3",)


# -- the fast search against the solvers ---------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    status: str
    completion: Board | None


def test_a_right_search_answer_passes() -> None:
    assert (
        check_propose(Position(PUZZLE), Answer("completable", SOLUTION), backends=("sat", "z3"))
        == "completable"
    )
    assert check_propose(Position(PUZZLE), Answer("unknown", None)) == "completable"
    impossible = Position(Board.parse(data_lines("impossible.txt")[0]))
    assert check_propose(impossible, Answer("impossible", None)) == "impossible"


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (Answer("impossible", None), "the search says impossible, the solvers say completable"),
        (Answer("completable", None), "with completion None"),
        (Answer("completable", swap_cells(SOLUTION, 0, 1)), "is not one"),
        (Answer("completable", BASE_GRID), "is not one"),
    ],
)
def test_a_wrong_search_answer_is_caught(answer: Answer, message: str) -> None:
    with pytest.raises(SearchError, match=message):
        check_propose(Position(PUZZLE), answer)


def test_a_search_completable_on_an_impossible_position_is_caught() -> None:
    impossible = Position(Board.parse(data_lines("impossible.txt")[0]))
    with pytest.raises(SearchError, match="the search says completable"):
        check_propose(impossible, Answer("completable", None))


# -- safe moves against one check per move -------------------------------------------------------


@dataclass(frozen=True)
class Move:
    row: int
    col: int
    colour: int
    safe: bool | None
    witness: Board | None = None


def puzzle_moves(player: int = 1) -> list[Move]:
    """``player``'s moves on a one-solution puzzle: safe exactly when they agree with it."""
    moves = []
    for piece in spec_valid_placements(Position(PUZZLE), FIXED_COLOURS[player]):
        agrees = SOLUTION[piece.row, piece.col] == piece.colour
        moves.append(Move(*piece, safe=agrees, witness=SOLUTION if agrees else None))
    return moves


def test_right_safe_moves_pass() -> None:
    moves = puzzle_moves()
    safe, losing, undecided = check_safe_moves(Position(PUZZLE), FIXED_COLOURS[1], moves)
    assert safe == sum(1 for m in moves if m.safe) > 0
    assert losing == len(moves) - safe > 0
    assert undecided == 0
    moves[0] = replace(moves[0], safe=None, witness=None)
    assert check_safe_moves(Position(PUZZLE), FIXED_COLOURS[1], moves)[2] == 1


def test_a_wrong_mark_is_caught() -> None:
    moves = puzzle_moves()
    losing = next(i for i, m in enumerate(moves) if not m.safe)
    moves[losing] = replace(moves[losing], safe=True)
    with pytest.raises(
        SafeMovesError, match="safe=True, but sat says the board after it is impossible"
    ):
        check_safe_moves(Position(PUZZLE), FIXED_COLOURS[1], moves)


def test_a_wrong_witness_is_caught() -> None:
    moves = puzzle_moves()
    safe = next(i for i, m in enumerate(moves) if m.safe)
    moves[safe] = replace(moves[safe], witness=swap_cells(SOLUTION, 0, 1))
    with pytest.raises(SafeMovesError, match="is not a completion"):
        check_safe_moves(Position(PUZZLE), FIXED_COLOURS[1], moves)


def test_missing_extra_and_misordered_moves_are_caught() -> None:
    moves = puzzle_moves()
    with pytest.raises(SafeMovesError, match="missing"):
        check_safe_moves(Position(PUZZLE), FIXED_COLOURS[1], moves[1:])
    with pytest.raises(SafeMovesError, match="another order"):
        check_safe_moves(Position(PUZZLE), FIXED_COLOURS[1], moves[::-1])
    with pytest.raises(SafeMovesError, match="not valid"):
        check_safe_moves(Position(PUZZLE), FIXED_COLOURS[1], puzzle_moves(2))


# -- game options --------------------------------------------------------------------------------

VARIANT_KEYS = {"x", "parity", "consecutive", "strict_marks", "non_consecutive"}


@settings(max_examples=examples(3))
@given(game_options())
def test_game_options_hold_variants_in_the_position_form_and_limits_covering_the_window(
    options: dict[str, JSONValue],
) -> None:
    position = Position.from_json(
        {"board": "." * 81, **{k: v for k, v in options.items() if k in VARIANT_KEYS}}
    )
    assert Position(Board(), position.variants).to_json() == {
        "board": "." * 81,
        **{k: v for k, v in options.items() if k in VARIANT_KEYS},
    }
    assert ("free_colours" in options) != ("colour_assignment" in options)
    assert ("observer" in options) == (options["enforcement"] == "tabletop")
    window = options.get("claim_window", [16, 35])
    limits = options.get("claim_time_limits")
    if limits is not None:
        assert isinstance(limits, list) and isinstance(window, list)
        covered = [turn for first, last, _ in limits for turn in range(first, last + 1)]
        assert covered == list(range(window[0], window[1] + 1))
