"""The engine's completion search, a second implementation of SU-15 with no solver.

Held against answers known by construction (the bundled puzzles' one
solution, boards forced cell by cell, positions short of a colour) and,
on generated positions, against the SAT backend (dokuspec.verify.check_search).
"""

from __future__ import annotations

import pytest
from helpers import data_lines, examples
from hypothesis import event, given, settings

from dokuspec import sumodoku
from dokuspec.engine.sumodoku import (
    SearchResult,
    count_completions,
    search_completion,
    violations,
)
from dokuspec.sumodoku import Board, Piece, Position, Variants
from dokuspec.verify.sumodoku import check_search
from dokuspec.verify.sumodoku.strategies import (
    BASE_GRID,
    X_GRID,
    bundled_solutions,
    consecutive_borders,
    positions,
)

PUZZLES = [Board.parse(line) for line in data_lines("sudoku17.txt") + data_lines("top95.txt")]


def emptied(board: Board, cells: list[int]) -> Board:
    return board.without([Piece(i // 9 + 1, i % 9 + 1, board.cells[i]) for i in cells])


@pytest.mark.parametrize("index", [0, 1, 499, 500, 594])
def test_a_real_puzzle_is_completed_by_its_one_solution(index: int) -> None:
    found = search_completion(Position(PUZZLES[index]))
    assert found.status == "completable"
    assert found.completion == bundled_solutions()[index]
    assert found.nodes >= 81 - len(PUZZLES[index].pieces())


def test_every_impossible_sample_is_impossible() -> None:
    # Each is a puzzle with one solution plus one piece that differs from it.
    lines = data_lines("impossible.txt")
    assert len(lines) == 60
    for line in lines:
        found = search_completion(Position(Board.parse(line)))
        assert (found.status, found.completion) == ("impossible", None), line


def test_a_clash_is_impossible_before_any_search() -> None:
    board = Board().only([Piece(1, 1, 5), Piece(1, 9, 5)])
    assert search_completion(Position(board)) == SearchResult("impossible", None, 0)


def test_a_piece_out_of_the_game_makes_any_board_impossible() -> None:
    # A full board holds 9 pieces of every colour (SU-3), so one fewer cannot do (SU-15).
    out = (0, 0, 1, 0, 0, 0, 0, 0, 0)
    assert search_completion(Position(Board(), out=out)).status == "impossible"
    first_row_empty = emptied(BASE_GRID, list(range(9)))
    assert search_completion(Position(first_row_empty)).completion == BASE_GRID
    assert search_completion(Position(first_row_empty, out=out)).status == "impossible"


def test_the_node_limit_gives_unknown() -> None:
    found = search_completion(Position(Board()), node_limit=10)
    assert (found.status, found.completion, found.nodes) == ("unknown", None, 10)
    unbounded = search_completion(Position(Board()), node_limit=None)
    assert unbounded.status == "completable"
    assert unbounded.nodes >= 81
    assert count_completions(Position(Board()), 10**6, node_limit=100) is None


def test_sudoku_x_is_searched() -> None:
    diagonal = [i * 10 for i in range(9)]
    x = Variants(x=True)
    # Every emptied cell is forced by its row, so the grid is the only candidate.
    assert search_completion(Position(emptied(X_GRID, diagonal), x)).completion == X_GRID
    assert search_completion(Position(emptied(BASE_GRID, diagonal))).completion == BASE_GRID
    assert search_completion(Position(emptied(BASE_GRID, diagonal), x)).status == "impossible"


def test_parity_marks_are_searched() -> None:
    board = emptied(X_GRID, list(range(9)))
    right = "o" if X_GRID.cells[0] % 2 else "e"
    wrong = "e" if right == "o" else "o"
    assert search_completion(Position(board, Variants(parity=right + "." * 80))).completion == (
        X_GRID
    )
    found = search_completion(Position(board, Variants(parity=wrong + "." * 80)))
    assert found.status == "impossible"


def test_consecutive_marks_are_searched() -> None:
    borders = sorted(consecutive_borders(X_GRID))
    a, b = borders[0]
    board = emptied(X_GRID, [b])
    marked = Position(board, Variants(consecutive=frozenset({(a, b)})))
    assert search_completion(marked).completion == X_GRID
    # Strict marks with that border left unmarked: X_GRID's colour at b is the only one left.
    strict = Variants(consecutive=frozenset(borders[1:]), strict_marks=True)
    assert search_completion(Position(board, strict)).status == "impossible"
    assert search_completion(Position(X_GRID, strict)).status == "impossible"
    everything = Variants(consecutive=frozenset(borders), strict_marks=True)
    assert search_completion(Position(board, everything)).completion == X_GRID
    non = Position(emptied(X_GRID, [a, b]), Variants(non_consecutive=True))
    assert search_completion(non).status == "impossible"
    not_adjacent = next(
        (p, q) for p, q in ((0, 1), (0, 9), (1, 2)) if abs(X_GRID.cells[p] - X_GRID.cells[q]) != 1
    )
    wrongly_marked = Variants(consecutive=frozenset({not_adjacent}))
    empty_one = emptied(X_GRID, [not_adjacent[1]])
    assert search_completion(Position(empty_one, wrongly_marked)).status == "impossible"


def deadly_rectangle(grid: Board) -> list[int]:
    """Four cells a b / b a in two rows and two columns that span only two boxes."""
    cells = grid.cells
    for r1 in range(9):
        for r2 in range(r1 + 1, 9):
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    if r1 // 3 != r2 // 3 and c1 // 3 != c2 // 3:
                        continue
                    a, b = cells[r1 * 9 + c1], cells[r1 * 9 + c2]
                    if cells[r2 * 9 + c1] == b and cells[r2 * 9 + c2] == a:
                        return [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2]
    raise AssertionError("no deadly rectangle")


def test_count_completions_is_exact() -> None:
    assert count_completions(Position(emptied(BASE_GRID, list(range(9)))), 5) == 1
    grid = bundled_solutions()[0]
    rectangle = emptied(grid, deadly_rectangle(grid))
    assert count_completions(Position(rectangle), 5) == 2
    assert count_completions(Position(rectangle), 2) == 2
    assert count_completions(Position(rectangle), 1) == 1
    assert count_completions(Position(Board()), 3) == 3
    assert count_completions(Position(Board.parse(data_lines("impossible.txt")[0])), 3) == 0
    with pytest.raises(ValueError, match="limit must be positive, not 0"):
        count_completions(Position(Board()), 0)


def test_every_bundled_solution_completes_its_puzzle() -> None:
    # The solutions file was written with the SAT backend; the engine confirms it.
    solutions = bundled_solutions()
    assert len(solutions) == len(PUZZLES) == 595
    for puzzle, solution in zip(PUZZLES, solutions, strict=True):
        assert solution.is_full()
        assert solution.extends(puzzle), (puzzle, solution)
        assert violations(solution) == [], solution


def test_the_bundled_puzzles_have_exactly_one_completion() -> None:
    # One in five puzzles of either file (the scripts confirmed all with the SAT backend).
    for puzzle, solution in list(zip(PUZZLES, bundled_solutions(), strict=True))[::5]:
        assert search_completion(Position(puzzle), node_limit=None).completion == solution
        assert count_completions(Position(puzzle), 2, node_limit=None) == 1, puzzle


# -- against the solvers, on generated positions ------------------------------------------------


@settings(max_examples=examples(3))
@given(positions(min_pieces=55, planted=(0, 2)))
def test_the_search_agrees_with_sat_on_small_positions(position: Position) -> None:
    found = check_search(position, sumodoku.check(position))
    event(f"search: {found.status}")
    assert found.status != "unknown"  # at most 28 empty cells: always decided


@settings(max_examples=examples(1))
@given(positions(planted=(0, 2)))
def test_the_search_agrees_with_z3_on_any_position(position: Position) -> None:
    found = check_search(position, sumodoku.check(position, backend="z3", time_limit=2.0))
    event(f"search: {found.status}")
