"""Duidoku's values: the 4x4 board, its cells and units, and its one-line notation.

* A cell is numbered 0-15 row by row (its *index*) and named ``r1c1`` to
  ``r4c4`` (:func:`cell_name`), rows 1-4 from the top and columns 1-4 from
  the left (rule DU-1).
* The units are the four rows, the four columns and the four 2x2 boxes,
  boxes numbered 1-4 row by row from the top left (:data:`UNITS`, DU-1).
* A :class:`Board` holds a digit 1-4 or nothing in each cell. Its text is
  one line of 16 characters, the cells row by row, ``.`` for an empty cell
  (rule DU-7): ``str(board)`` writes it and :meth:`Board.parse` reads it back,
  ``Board.parse(str(board)) == board``.

A board that cannot be read raises :class:`BoardNotationError` (a
:class:`~dokuspec.errors.NotationError`) naming the 1-based column of the
first bad character; a board that holds a digit twice in a unit is not a
position of the game (DU-2, DU-3) and :meth:`Board.check` raises
:class:`RepeatedDigitError` (a :class:`~dokuspec.errors.PositionError`)
naming the unit and both cells.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from dokuspec.errors import NotationError, PositionError, quote

__all__ = [
    "CELLS",
    "DIGITS",
    "PEERS",
    "SIZE",
    "UNITS",
    "Board",
    "BoardNotationError",
    "RepeatedDigitError",
    "cell_index",
    "cell_name",
]

SIZE = 4
"""Rows, columns, boxes and digits of the board (DU-1)."""

CELLS = SIZE * SIZE
"""The number of cells, 16 (DU-1)."""

DIGITS = (1, 2, 3, 4)
"""The digits a cell may hold (DU-1)."""

_EMPTY = "."
_ALLOWED = frozenset(_EMPTY + "".join(map(str, DIGITS)))


def cell_name(index: int) -> str:
    """The name of cell ``index`` (0-15, row by row): ``"r1c1"`` to ``"r4c4"`` (DU-1)."""
    row, column = divmod(index, SIZE)
    return f"r{row + 1}c{column + 1}"


def cell_index(row: int, column: int) -> int:
    """The index (0-15) of the cell in ``row`` and ``column`` (each 1-4, DU-1).

    Raises:
        PositionError: ``row`` or ``column`` is not 1-4.
    """
    for what, value in (("row", row), ("column", column)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= SIZE:
            raise PositionError(f"a {what} of the 4x4 board is 1-4, not {quote(value)}")
    return (row - 1) * SIZE + column - 1


def _units() -> tuple[tuple[str, tuple[int, ...]], ...]:
    found: list[tuple[str, tuple[int, ...]]] = []
    for row in range(SIZE):
        found.append((f"row {row + 1}", tuple(row * SIZE + c for c in range(SIZE))))
    for column in range(SIZE):
        found.append((f"column {column + 1}", tuple(r * SIZE + column for r in range(SIZE))))
    for box in range(SIZE):
        top, left = 2 * (box // 2), 2 * (box % 2)
        cells = tuple((top + r) * SIZE + left + c for r in range(2) for c in range(2))
        found.append((f"box {box + 1}", cells))
    return tuple(found)


UNITS: tuple[tuple[str, tuple[int, ...]], ...] = _units()
"""The 12 units as ``(name, cell indices)``: rows 1-4, columns 1-4, boxes 1-4 (DU-1)."""

PEERS: tuple[frozenset[int], ...] = tuple(
    frozenset(i for _, cells in UNITS if index in cells for i in cells) - {index}
    for index in range(CELLS)
)
"""For each cell, the other cells of its row, column and box: 7 cells (DU-1, DU-3)."""


class BoardNotationError(NotationError):
    """A board's text that is not 16 characters, each a digit 1-4 or ``.`` (rule DU-7).

    :attr:`~dokuspec.errors.NotationError.column` is the 1-based column of the
    first bad character (the column after the end of a line too short, 17 for
    a line too long); the message starts ``column N:``.
    """


class RepeatedDigitError(PositionError):
    """A board that holds one digit twice in a row, column or box: no position of the game
    (rules DU-2, DU-3).

    Attributes:
        unit: the unit's name (``"box 1"``).
        cells: the two cells' indices, in order.
        digit: the repeated digit.
    """

    def __init__(self, unit: str, cells: tuple[int, int], digit: int) -> None:
        self.unit = unit
        self.cells = cells
        self.digit = digit
        first, second = (cell_name(i) for i in cells)
        super().__init__(f"{digit} is twice in {unit}, at {first} and {second} (DU-2, DU-3)")


@dataclass(frozen=True, slots=True)
class Board:
    """A 4x4 Duidoku board (rule DU-1): 16 cells row by row, each 0 (empty) or a digit 1-4.

    Boards compare and hash by their cells. ``str(board)`` is the board's line
    (rule DU-7), which :meth:`parse` reads back. A board may hold a repeated
    digit; :meth:`check` refuses one, and every query of the game does.

    Attributes:
        cells: 16 integers 0-4, ``cells[4 * (row - 1) + column - 1]`` for the
            cell in ``row`` and ``column``.

    Raises:
        PositionError: ``cells`` is not 16 integers 0-4.
    """

    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        cells = self.cells
        if not isinstance(cells, tuple) or len(cells) != CELLS:
            raise PositionError(f"a board is a tuple of 16 cells, not {quote(cells)}")
        for index, value in enumerate(cells):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= SIZE:
                raise PositionError(
                    f"{cell_name(index)} holds {quote(value)}, not 0 (empty) or a digit 1-4"
                )

    @classmethod
    def empty(cls) -> Board:
        """The board with every cell empty."""
        return cls((0,) * CELLS)

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read a board's line (rule DU-7): 16 characters, ``1``-``4`` or ``.``, row by row.

        Args:
            text: the line, without white space (``"12..34.........."``).

        Returns:
            The board; ``Board.parse(str(board)) == board`` for every board.

        Raises:
            TypeError: ``text`` is not a str.
            BoardNotationError: a character that is not ``1``-``4`` or ``.``
                (at its column), a line shorter than 16 characters (at the
                column after its end) or longer (at column 17).
        """
        if not isinstance(text, str):
            raise TypeError(f"a board's text is a str, not {type(text).__name__}")
        for position, char in enumerate(text[:CELLS]):
            if char not in _ALLOWED:
                raise BoardNotationError(
                    f"{quote(char)} is not a digit 1-4 or '.'", column=position + 1
                )
        if len(text) != CELLS:
            raise BoardNotationError(
                f"a board is 16 characters, not {len(text)}", column=min(len(text), CELLS) + 1
            )
        return cls(tuple(0 if char == _EMPTY else int(char) for char in text))

    def __str__(self) -> str:
        return "".join(str(value) if value else _EMPTY for value in self.cells)

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"

    def digit(self, row: int, column: int) -> int:
        """The digit in the cell at ``row``, ``column`` (1-4 each); 0 when it is empty.

        Raises:
            PositionError: ``row`` or ``column`` is not 1-4.
        """
        return self.cells[cell_index(row, column)]

    def placed(self, index: int, digit: int) -> Board:
        """This board with ``digit`` in cell ``index`` (0-15), whatever the rules say.

        Raises:
            PositionError: ``index`` is not 0-15, or ``digit`` is not 1-4.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < CELLS:
            raise PositionError(f"a cell's index is 0-15, not {quote(index)}")
        if isinstance(digit, bool) or digit not in DIGITS:
            raise PositionError(f"a digit is 1-4, not {quote(digit)}")
        cells = list(self.cells)
        cells[index] = digit
        return Board(tuple(cells))

    def empty_cells(self) -> tuple[int, ...]:
        """The indices of the empty cells, in order."""
        return tuple(index for index, value in enumerate(self.cells) if not value)

    def is_full(self) -> bool:
        """Whether every cell holds a digit."""
        return all(self.cells)

    def extends(self, other: Board) -> bool:
        """Whether this board holds every digit of ``other`` in the same cell."""
        return all(
            not mine or mine == theirs for mine, theirs in zip(other.cells, self.cells, strict=True)
        )

    def repeats(self) -> Iterator[RepeatedDigitError]:
        """Each digit held twice in a unit (DU-2, DU-3), units in :data:`UNITS` order."""
        for unit, members in UNITS:
            first: dict[int, int] = {}
            for index in members:
                value = self.cells[index]
                if not value:
                    continue
                if value in first:
                    yield RepeatedDigitError(unit, (first[value], index), value)
                else:
                    first[value] = index

    def check(self) -> Board:
        """This board, if no unit holds a digit twice (DU-2, DU-3).

        Raises:
            RepeatedDigitError: the first repeat, in :data:`UNITS` order.
        """
        for problem in self.repeats():
            raise problem
        return self

    def grid(self, indent: str = "  ") -> str:
        """The board as four lines of two boxes each, a rule between the box rows::

        12|34
        34|12
        --+--
        21|43
        43|21
        """
        text = str(self)
        lines = []
        for row in range(SIZE):
            if row == 2:
                lines.append(f"{indent}--+--")
            line = text[row * SIZE : (row + 1) * SIZE]
            lines.append(f"{indent}{line[:2]}|{line[2:]}")
        return "\n".join(lines)
