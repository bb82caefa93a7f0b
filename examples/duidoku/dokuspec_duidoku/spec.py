"""Duidoku's rules as constraint models, built with :mod:`dokuspec.spec.model` alone.

Two models over the same literals: "cell ``i`` (0-15, row by row) holds
digit ``d`` (1-4)" is variable ``4 * i + d`` (:func:`literal`), 64 in all.
A board is never a constraint of a model: its digits are *assumptions* of
each query (:func:`board_literals`), so one compiled model answers every
position. Neither model knows a solver; :mod:`dokuspec_duidoku.queries`
solves them through :mod:`dokuspec.solvers`.

:func:`placement_model`, the rules of play (DU-1, DU-3). Groups:

* ``r2c3 holds one digit at most`` (DU-1): at most one of its 4 literals;
* ``row 2, digit 3`` / ``column 3, digit 3`` / ``box 2, digit 3`` (DU-3):
  at most one cell of the unit holds the digit.

The legal moves of a position (DU-3) are the literals outside the board
that the model accepts together with the board's (:func:`move_literals`):
a literal of an occupied cell breaks its cell's group, one of a digit its
row, column or box holds breaks that unit's group.

:func:`completion_model`, a full 4x4 Sudoku (DU-6). Groups:

* ``domain of r2c3``: the cell holds exactly one digit (a finite-domain
  variable with values 1-4, :meth:`~dokuspec.spec.model.Model.int_var`);
* ``row 2, digit 3`` / ``column 3, digit 3`` / ``box 2, digit 3``:
  exactly one cell of the unit holds the digit. On a full board "at most
  one" and "exactly one" are the same (4 cells, 4 digits); stating both
  lets propagation find the one place of a digit as well as the one digit
  of a place.

A board is completable (DU-6) when the completion model is satisfiable
under the board's literals; a model's values give the completion
(:func:`board_of`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from dokuspec.spec.model import Model, at_most, exactly

from dokuspec_duidoku.vocabulary import CELLS, DIGITS, SIZE, UNITS, Board, cell_name

__all__ = [
    "LITERALS",
    "board_literals",
    "board_of",
    "completion_model",
    "literal",
    "move_literals",
    "move_of",
    "placement_model",
]

LITERALS = CELLS * SIZE
"""The number of cell literals, 64: variables 1-64 of both models."""


def literal(index: int, digit: int) -> int:
    """The literal "cell ``index`` (0-15) holds ``digit`` (1-4)": ``4 * index + digit``."""
    return SIZE * index + digit


def move_of(cell_literal: int) -> tuple[int, int]:
    """The ``(cell index, digit)`` a cell literal (1-64) stands for."""
    index, rest = divmod(cell_literal - 1, SIZE)
    return index, rest + 1


def board_literals(board: Board) -> list[int]:
    """One literal per digit on ``board``, cell by cell: a query's assumptions."""
    return [literal(index, value) for index, value in enumerate(board.cells) if value]


def move_literals(board: Board) -> list[int]:
    """The candidate moves of :func:`placement_model`: every literal not on ``board``,
    in order (cell by cell, digits 1-4)."""
    taken = set(board_literals(board))
    return [lit for lit in range(1, LITERALS + 1) if lit not in taken]


def board_of(values: Iterable[int]) -> Board:
    """The board a solver's model assigns: the digit of each true cell literal (1-64).

    Args:
        values: signed literals (a solver's model; only 1-64 are read).
    """
    cells = [0] * CELLS
    for value in values:
        if 0 < value <= LITERALS:
            index, digit = move_of(value)
            cells[index] = digit
    return Board(tuple(cells))


def _unit_groups(model: Model, *, full: bool) -> None:
    for unit, members in UNITS:
        for digit in DIGITS:
            literals = [literal(index, digit) for index in members]
            model.add(
                f"{unit}, digit {digit}", [exactly(literals, 1) if full else at_most(literals, 1)]
            )


@cache
def placement_model() -> Model:
    """The rules of play (DU-1, DU-3): what a board may hold at any time of the game.

    Returns:
        The model (made once): variables 1-64 are the cell literals, named
        ``r2c3=4``; the groups are listed in the module's notes.
    """
    model = Model()
    for index in range(CELLS):
        for digit in DIGITS:
            model.bool_var(f"{cell_name(index)}={digit}")
    for index in range(CELLS):
        own = [literal(index, digit) for digit in DIGITS]
        model.add(f"{cell_name(index)} holds one digit at most", [at_most(own, 1)])
    _unit_groups(model, full=False)
    return model


@cache
def completion_model() -> Model:
    """A full 4x4 Sudoku (DU-6): every cell one digit, every unit each digit once.

    Returns:
        The model (made once): variables 1-64 are the cell literals of 16
        finite-domain variables ``r1c1`` to ``r4c4``; the groups are listed in
        the module's notes.
    """
    model = Model()
    for index in range(CELLS):
        variable = model.int_var(cell_name(index), DIGITS)
        assert variable.literals == tuple(literal(index, digit) for digit in DIGITS)
    _unit_groups(model, full=True)
    return model
