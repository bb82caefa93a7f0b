"""The squares of the 9x9 board, their units and their peers."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from dokuspec.errors import NotationError, OffBoardError, quote
from dokuspec.vocabulary.twodoku.players import _is_int

__all__ = [
    "ALL_SQUARES",
    "UNITS",
    "UNIT_NAMES",
    "Square",
    "units_of",
]


# -- squares ------------------------------------------------------------------------------------

_SQUARE_TEXT = re.compile(r"[rR]([1-9])[cC]([1-9])")


@dataclass(frozen=True, slots=True, order=True)
class Square:
    """A square of the 9x9 board: ``Square(3, 5)`` is ``r3c5``.

    Squares order row by row (``r1c1 < r1c2 < ... < r9c9``).

    Attributes:
        row: 1-9, top to bottom.
        col: 1-9, left to right.

    Raises:
        TypeError: a row or column that is not an int.
        OffBoardError: a row or column outside 1-9.
    """

    row: int
    col: int

    def __post_init__(self) -> None:
        for name in ("row", "col"):
            value = getattr(self, name)
            if not _is_int(value):
                raise TypeError(f"a square's {name} is an int 1-9, not {type(value).__name__}")
            if not 1 <= value <= 9:
                raise OffBoardError(f"a square's {name} is 1-9, not {value}")

    @property
    def index(self) -> int:
        """0-80, row by row."""
        return (self.row - 1) * 9 + self.col - 1

    @property
    def box(self) -> int:
        """The 3x3 box, 1-9, row by row."""
        return (self.row - 1) // 3 * 3 + (self.col - 1) // 3 + 1

    @property
    def peers(self) -> frozenset[Square]:
        """The 20 other squares sharing this square's row, column or box."""
        return _peers()[self.index]

    @classmethod
    def from_index(cls, index: int) -> Square:
        """The square of ``index`` 0-80 (row by row).

        Raises:
            TypeError: ``index`` is not an int.
            OffBoardError: ``index`` outside 0-80.
        """
        if not _is_int(index):
            raise TypeError(f"a square index is an int 0-80, not {type(index).__name__}")
        if not 0 <= index <= 80:
            raise OffBoardError(f"a square index is 0-80, not {index}")
        return ALL_SQUARES[index]

    @classmethod
    def parse(cls, text: str) -> Square:
        """Read ``r3c5`` (row, then column, each 1-9; ``R3C5`` too).

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: not a square; the column is that of the text.
        """
        if not isinstance(text, str):
            raise TypeError(f"Square.parse() takes a str, not {type(text).__name__}")
        match = _SQUARE_TEXT.fullmatch(text)
        if match is None:
            raise NotationError(
                f"{quote(text)} is not a square: write r<row>c<column>, each 1-9 (r3c5)",
                line=1,
                column=1,
            )
        return cls(int(match[1]), int(match[2]))

    def to_json(self) -> list[int]:
        """``[row, col]``."""
        return [self.row, self.col]

    def __str__(self) -> str:
        return f"r{self.row}c{self.col}"


ALL_SQUARES = tuple(Square(r, c) for r in range(1, 10) for c in range(1, 10))

UNITS: tuple[tuple[Square, ...], ...] = (
    *(tuple(Square(r, c) for c in range(1, 10)) for r in range(1, 10)),
    *(tuple(Square(r, c) for r in range(1, 10)) for c in range(1, 10)),
    *(
        tuple(Square(br + r, bc + c) for r in range(1, 4) for c in range(1, 4))
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ),
)

UNIT_NAMES = (
    *(f"row {n}" for n in range(1, 10)),
    *(f"column {n}" for n in range(1, 10)),
    *(f"box {n}" for n in range(1, 10)),
)


@cache
def _peers() -> tuple[frozenset[Square], ...]:
    """Each square's peers, by index (made when first asked for)."""
    return tuple(
        frozenset(other for unit in UNITS if square in unit for other in unit) - {square}
        for square in ALL_SQUARES
    )


def units_of(square: Square) -> tuple[int, int, int]:
    """The indices in :data:`UNITS` of ``square``'s row, column and box.

    Raises:
        TypeError: ``square`` is not a :class:`Square`.
    """
    if not isinstance(square, Square):
        raise TypeError(f"units_of() takes a Square, not {type(square).__name__}")
    return square.row - 1, 9 + square.col - 1, 18 + square.box - 1


def _square_of(value: object, what: str) -> Square:
    if not isinstance(value, Square):
        raise TypeError(f"{what} is a Square, not {type(value).__name__}")
    return value
