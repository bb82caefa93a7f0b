"""Exact contracts of the engine's Sumodoku rule checker and completion search.

:func:`violations` names every broken rule exactly (rule ID, pieces, message)
for SU-3 and the variants SU-12..SU-14; :func:`constrained_neighbours` lists
each cell's constrained borders (SU-14); :func:`search_completion` and
:func:`count_completions` answer SU-15 with the number of pieces tried.
Expectations are written from the rules and from boards built by hand.
"""

from __future__ import annotations

import pytest

from dokuspec.engine.sumodoku.rules import (
    MARKED,
    UNMARKED,
    SearchResult,
    Violation,
    constrained_neighbours,
    count_completions,
    is_valid,
    search_completion,
    violations,
)
from dokuspec.vocabulary.sumodoku import Board, Piece, Position, Variants


def board_of(*pieces: tuple[int, int, int]) -> Board:
    cells = bytearray(81)
    for row, col, colour in pieces:
        cells[(row - 1) * 9 + col - 1] = colour
    return Board(bytes(cells))


def pattern_solution() -> Board:
    """A valid full board (SU-3): row r is the row 1-9 shifted by 3r + r // 3 (r from 0)."""
    return Board(bytes((3 * r + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9)))


def without(board: Board, *cells: tuple[int, int]) -> Board:
    return board.without(Piece(row, col, board[row, col]) for row, col in cells)


def parity_marking(marks: dict[tuple[int, int], str]) -> str:
    text = ["."] * 81
    for (row, col), mark in marks.items():
        text[(row - 1) * 9 + col - 1] = mark
    return "".join(text)


P = Piece
PLAIN = Variants()
X = Variants(x=True)

VIOLATION_CASES = {
    "row (SU-3)": (
        board_of((1, 1, 5), (1, 5, 5)),
        PLAIN,
        [Violation("SU-3", (P(1, 1, 5), P(1, 5, 5)), "colour 5 twice in row 1: r1c1 and r1c5")],
    ),
    "column (SU-3)": (
        board_of((2, 3, 4), (7, 3, 4)),
        PLAIN,
        [Violation("SU-3", (P(2, 3, 4), P(7, 3, 4)), "colour 4 twice in column 3: r2c3 and r7c3")],
    ),
    "box 5 (SU-3)": (
        board_of((4, 4, 7), (5, 6, 7)),
        PLAIN,
        [Violation("SU-3", (P(4, 4, 7), P(5, 6, 7)), "colour 7 twice in box 5: r4c4 and r5c6")],
    ),
    "row and box together, row first (SU-3)": (
        board_of((1, 1, 1), (1, 2, 1)),
        PLAIN,
        [
            Violation("SU-3", (P(1, 1, 1), P(1, 2, 1)), "colour 1 twice in row 1: r1c1 and r1c2"),
            Violation("SU-3", (P(1, 1, 1), P(1, 2, 1)), "colour 1 twice in box 1: r1c1 and r1c2"),
        ],
    ),
    "main diagonal after rows and boxes (SU-12)": (
        board_of((1, 1, 3), (9, 9, 3), (5, 1, 8), (5, 2, 8)),
        X,
        [
            Violation("SU-3", (P(5, 1, 8), P(5, 2, 8)), "colour 8 twice in row 5: r5c1 and r5c2"),
            Violation("SU-3", (P(5, 1, 8), P(5, 2, 8)), "colour 8 twice in box 4: r5c1 and r5c2"),
            Violation(
                "SU-12",
                (P(1, 1, 3), P(9, 9, 3)),
                "colour 3 twice in the main diagonal: r1c1 and r9c9",
            ),
        ],
    ),
    "anti-diagonal (SU-12)": (
        board_of((1, 9, 6), (9, 1, 6)),
        X,
        [
            Violation(
                "SU-12",
                (P(1, 9, 6), P(9, 1, 6)),
                "colour 6 twice in the anti-diagonal: r1c9 and r9c1",
            )
        ],
    ),
    "diagonals are free without Sudoku X": (
        board_of((1, 1, 3), (9, 9, 3), (1, 9, 6), (9, 1, 6)),
        PLAIN,
        [],
    ),
    "odd and even cells (SU-13)": (
        board_of((1, 1, 4), (2, 2, 3), (3, 3, 5), (9, 9, 8)),
        Variants(parity=parity_marking({(1, 1): "o", (2, 2): "e", (3, 3): "o", (9, 9): "e"})),
        [
            Violation("SU-13", (P(1, 1, 4),), "colour 4 on the odd cell r1c1"),
            Violation("SU-13", (P(2, 2, 3),), "colour 3 on the even cell r2c2"),
        ],
    ),
    "marked borders, in board order, right before down (SU-14)": (
        board_of(
            (1, 1, 3),
            (1, 2, 7),
            (1, 9, 2),
            (2, 9, 8),
            (5, 5, 2),
            (6, 5, 9),
            (9, 8, 1),
            (9, 9, 5),
            (8, 9, 6),
        ),
        Variants(consecutive=["r1c1-r1c2", "r1c9-r2c9", "r5c5-r6c5", "r9c8-r9c9", "r8c9-r9c9"]),
        [
            Violation("SU-14", (P(1, 1, 3), P(1, 2, 7)), "r1c1-r1c2 is marked but holds 3 and 7"),
            Violation("SU-14", (P(1, 9, 2), P(2, 9, 8)), "r1c9-r2c9 is marked but holds 2 and 8"),
            Violation("SU-14", (P(5, 5, 2), P(6, 5, 9)), "r5c5-r6c5 is marked but holds 2 and 9"),
            Violation("SU-14", (P(9, 8, 1), P(9, 9, 5)), "r9c8-r9c9 is marked but holds 1 and 5"),
        ],
    ),
    "an unmarked border holds consecutive colours only under strict marks (SU-14)": (
        board_of((1, 1, 3), (1, 2, 4), (2, 1, 2)),
        Variants(consecutive=["r1c1-r1c2"], strict_marks=True),
        [Violation("SU-14", (P(1, 1, 3), P(2, 1, 2)), "r1c1-r2c1 is unmarked but holds 3 and 2")],
    ),
    "unmarked consecutive colours are allowed without strict marks (SU-14)": (
        board_of((1, 1, 3), (1, 2, 4), (2, 1, 2)),
        Variants(consecutive=["r1c1-r1c2"]),
        [],
    ),
    "non-consecutive (SU-14)": (
        board_of((5, 5, 6), (5, 6, 5), (9, 9, 1), (8, 9, 2)),
        Variants(non_consecutive=True),
        [
            Violation("SU-14", (P(5, 5, 6), P(5, 6, 5)), "r5c5-r5c6 is unmarked but holds 6 and 5"),
            Violation("SU-14", (P(8, 9, 2), P(9, 9, 1)), "r8c9-r9c9 is unmarked but holds 2 and 1"),
        ],
    ),
}


@pytest.mark.parametrize(
    ("board", "variants", "expected"), VIOLATION_CASES.values(), ids=VIOLATION_CASES.keys()
)
def test_violations_are_named_exactly(
    board: Board, variants: Variants, expected: list[Violation]
) -> None:
    assert violations(board, variants) == expected
    assert is_valid(board, variants) is (not expected)


def orthogonal_neighbours(cell: int) -> list[int]:
    """The cells sharing a side with ``cell``, by row and column arithmetic."""
    row, col = divmod(cell, 9)
    steps = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return sorted(r * 9 + c for r, c in steps if 0 <= r < 9 and 0 <= c < 9)


def test_non_consecutive_constrains_every_border_unmarked() -> None:
    """SU-14: with non_consecutive every pair of orthogonal neighbours is constrained."""
    expected = tuple(
        tuple((other, UNMARKED) for other in orthogonal_neighbours(cell)) for cell in range(81)
    )
    assert constrained_neighbours(Variants(non_consecutive=True)) == expected


MARKS = ((0, 1), (8, 17), (71, 80), (79, 80), (39, 40))


def test_marks_alone_constrain_only_the_marked_borders() -> None:
    """SU-14: without strict marks an unmarked border is free."""
    found = constrained_neighbours(Variants(consecutive=MARKS))
    expected: list[list[tuple[int, int]]] = [[] for _ in range(81)]
    for a, b in MARKS:
        expected[a].append((b, MARKED))
        expected[b].append((a, MARKED))
    assert found == tuple(tuple(sorted(pairs)) for pairs in expected)


def test_strict_marks_constrain_every_border() -> None:
    """SU-14: with strict marks an unmarked border must not hold consecutive colours."""
    found = constrained_neighbours(Variants(consecutive=MARKS, strict_marks=True))
    marked = set(MARKS) | {(b, a) for a, b in MARKS}
    expected = tuple(
        tuple(
            (other, MARKED if (cell, other) in marked else UNMARKED)
            for other in orthogonal_neighbours(cell)
        )
        for cell in range(81)
    )
    assert found == expected


def test_no_border_is_constrained_without_the_variant() -> None:
    assert constrained_neighbours(Variants(x=True)) == ((),) * 81


# -- the completion search (SU-15) -------------------------------------------------------


def test_the_pattern_board_is_a_valid_full_board() -> None:
    board = pattern_solution()
    for k in range(9):
        assert sorted(board.cells[9 * k : 9 * k + 9]) == list(range(1, 10))
        assert sorted(board.cells[k::9]) == list(range(1, 10))
    assert violations(board) == []


def test_a_full_valid_board_is_complete_with_no_piece_tried() -> None:
    board = pattern_solution()
    assert search_completion(Position(board)) == SearchResult("completable", board, 0)
    assert count_completions(Position(board), 5) == 1


@pytest.mark.parametrize(
    "cells",
    [[(1, 1)], [(9, 9)], [(1, 1), (5, 5)], [(2, 3), (6, 8), (9, 1)]],
    ids=["r1c1", "r9c9", "two cells", "three cells"],
)
def test_forced_cells_are_filled_one_piece_each(cells: list[tuple[int, int]]) -> None:
    """Each emptied cell of a full board has one candidate: one piece tried per cell."""
    solution = pattern_solution()
    position = Position(without(solution, *cells))
    assert search_completion(position) == SearchResult("completable", solution, len(cells))
    assert count_completions(position, 1) == 1
    assert count_completions(position, 2) == 1


def test_a_node_limit_of_zero_answers_unknown_before_any_piece() -> None:
    position = Position(without(pattern_solution(), (4, 4)))
    assert search_completion(position, node_limit=0) == SearchResult("unknown", None, 0)
    assert count_completions(position, 1, node_limit=0) is None


def test_the_node_limit_counts_pieces_tried() -> None:
    position = Position(without(pattern_solution(), (1, 1), (5, 5), (9, 9)))
    assert search_completion(position, node_limit=2) == SearchResult("unknown", None, 2)
    assert search_completion(position, node_limit=3) == SearchResult(
        "completable", pattern_solution(), 3
    )
    assert count_completions(position, 1, node_limit=2) is None


def test_a_board_breaking_a_rule_is_impossible_at_once() -> None:
    """SU-15: a position whose pieces already break SU-3 has no completion."""
    position = Position(board_of((1, 1, 5), (1, 5, 5)))
    assert search_completion(position) == SearchResult("impossible", None, 0)
    assert count_completions(position, 3) == 0


@pytest.mark.parametrize("colour", [1, 5, 9])
def test_a_piece_out_of_the_game_makes_any_position_impossible(colour: int) -> None:
    """SU-15: a full board needs all 9 pieces of each colour, so one out is too many."""
    out = tuple(1 if k == colour else 0 for k in range(1, 10))
    empty = Position(Board(), out=out)
    assert search_completion(empty, node_limit=50) == SearchResult("impossible", None, 0)
    assert count_completions(empty, 1, node_limit=50) == 0
    solution = pattern_solution()
    cell = solution.cells.index(colour)
    short = Position(without(solution, (cell // 9 + 1, cell % 9 + 1)), out=out)
    assert search_completion(short) == SearchResult("impossible", None, 0)


def test_the_first_completion_found_is_valid_and_extends_the_board() -> None:
    """A sparse board under Sudoku X (SU-12): the filling found obeys every rule."""
    variants = Variants(x=True)
    position = Position(board_of((1, 1, 1), (2, 4, 1), (5, 5, 5)), variants)
    found = search_completion(position, node_limit=None)
    assert found.status == "completable"
    assert found.completion is not None
    assert found.completion.is_full()
    assert found.completion.extends(position.board)
    assert violations(found.completion, variants) == []
    assert found.nodes >= 81 - 3


@pytest.mark.parametrize(("limit", "expected"), [(0, "0"), (-2, "-2")])
def test_count_completions_refuses_a_limit_below_one(limit: int, expected: str) -> None:
    with pytest.raises(ValueError, match=f"^limit must be positive, not {expected}$"):
        count_completions(Position(Board()), limit)


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_count_completions_stops_at_the_limit(limit: int) -> None:
    """An empty board has many completions (relabel any one's colours): the count is the limit."""
    assert count_completions(Position(Board()), limit) == limit
