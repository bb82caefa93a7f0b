"""Sumodoku rules checked directly on a board, written independently of the spec.

This module reads the rules (SU-3, SU-12, SU-13, SU-14) as plain Python over
a :class:`~dokuspec.vocabulary.sumodoku.Board`, with no constraint model
and no solver, so that :mod:`dokuspec.verify` can hold the solvers' answers
against it.
"""

from __future__ import annotations

from dataclasses import dataclass

from dokuspec.vocabulary.sumodoku import (
    EMPTY_VARIANTS,
    Board,
    Piece,
    Variants,
    border_name,
)

__all__ = ["Violation", "is_valid", "violations"]


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule on a board.

    Attributes:
        rule: the rule ID (``"SU-3"``, ``"SU-12"``, ``"SU-13"``, ``"SU-14"``).
        pieces: the pieces that break it together.
        message: a readable description.
    """

    rule: str
    pieces: tuple[Piece, ...]
    message: str


def _piece(board: Board, row: int, col: int) -> Piece:
    return Piece(row, col, board[row, col])


def _same_colour_pairs(
    board: Board, cells: list[tuple[int, int]], rule: str, where: str
) -> list[Violation]:
    found = []
    for i, (r1, c1) in enumerate(cells):
        for r2, c2 in cells[i + 1 :]:
            colour = board[r1, c1]
            if colour and colour == board[r2, c2]:
                found.append(
                    Violation(
                        rule,
                        (_piece(board, r1, c1), _piece(board, r2, c2)),
                        f"colour {colour} twice in {where}: r{r1}c{c1} and r{r2}c{c2}",
                    )
                )
    return found


def violations(board: Board, variants: Variants = EMPTY_VARIANTS) -> list[Violation]:
    """Every rule the pieces on ``board`` break under ``variants``.

    Empty cells break nothing; a full board with no violation is a valid
    completed board. Rows, columns and boxes (SU-3), the diagonals with
    Sudoku X (SU-12), the parity marking (SU-13) and the consecutive marks
    or the non-consecutive rule (SU-14).
    """
    found: list[Violation] = []
    for row in range(1, 10):
        found += _same_colour_pairs(board, [(row, c) for c in range(1, 10)], "SU-3", f"row {row}")
    for col in range(1, 10):
        found += _same_colour_pairs(
            board, [(r, col) for r in range(1, 10)], "SU-3", f"column {col}"
        )
    for box in range(9):
        top, left = 3 * (box // 3) + 1, 3 * (box % 3) + 1
        cells = [(top + r, left + c) for r in range(3) for c in range(3)]
        found += _same_colour_pairs(board, cells, "SU-3", f"box {box + 1}")
    if variants.x:
        found += _same_colour_pairs(
            board, [(i, i) for i in range(1, 10)], "SU-12", "the main diagonal"
        )
        found += _same_colour_pairs(
            board, [(i, 10 - i) for i in range(1, 10)], "SU-12", "the anti-diagonal"
        )
    if variants.parity:
        for index, mark in enumerate(variants.parity):
            row, col = index // 9 + 1, index % 9 + 1
            colour = board[row, col]
            if colour and mark != "." and (colour % 2 == 1) != (mark == "o"):
                kind = "odd" if mark == "o" else "even"
                found.append(
                    Violation(
                        "SU-13",
                        (Piece(row, col, colour),),
                        f"colour {colour} on the {kind} cell r{row}c{col}",
                    )
                )
    if variants.consecutive or variants.non_consecutive:
        for row in range(1, 10):
            for col in range(1, 10):
                for r2, c2 in ((row, col + 1), (row + 1, col)):
                    if r2 > 9 or c2 > 9:
                        continue
                    a, b = board[row, col], board[r2, c2]
                    if not (a and b):
                        continue
                    border = ((row - 1) * 9 + col - 1, (r2 - 1) * 9 + c2 - 1)
                    marked = border in variants.consecutive
                    adjacent = abs(a - b) == 1
                    pieces = (Piece(row, col, a), Piece(r2, c2, b))
                    name = border_name(border)
                    if marked and not adjacent:
                        found.append(
                            Violation("SU-14", pieces, f"{name} is marked but holds {a} and {b}")
                        )
                    elif (
                        not marked
                        and adjacent
                        and (variants.strict_marks or variants.non_consecutive)
                    ):
                        found.append(
                            Violation("SU-14", pieces, f"{name} is unmarked but holds {a} and {b}")
                        )
    return found


def is_valid(board: Board, variants: Variants = EMPTY_VARIANTS) -> bool:
    """Whether the pieces on ``board`` break no rule under ``variants``."""
    return not violations(board, variants)
