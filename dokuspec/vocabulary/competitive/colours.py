"""The colours, ranks and the nine positions of a Grid, its rows, columns and diagonals."""

from __future__ import annotations

import re
from typing import Final

from dokuspec.errors import PositionError, quote

__all__ = [
    "BLACK",
    "COLOURS",
    "COLUMNS",
    "DIAGONALS",
    "LINES",
    "MAX_COPIES",
    "MAX_STACK_HEIGHT",
    "POSITIONS",
    "RANKS",
    "RED",
    "ROWS",
    "colour_name",
    "position_name",
]


RED: Final = "r"

BLACK: Final = "b"

COLOURS = (RED, BLACK)

RANKS = range(1, 10)

MAX_COPIES = 9

MAX_STACK_HEIGHT = 2

POSITIONS = range(1, 10)

ROWS = ((0, 1, 2), (3, 4, 5), (6, 7, 8))

COLUMNS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))

DIAGONALS = ((0, 4, 8), (2, 4, 6))

LINES: tuple[tuple[str, tuple[int, int, int]], ...] = (
    *((f"row {n}", cells) for n, cells in enumerate(ROWS, 1)),
    *((f"column {n}", cells) for n, cells in enumerate(COLUMNS, 1)),
    ("main diagonal", DIAGONALS[0]),
    ("anti-diagonal", DIAGONALS[1]),
)

_COLOUR_NAMES = {RED: "red", BLACK: "black"}
_TOKEN = re.compile(r"[^\s,]+")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_str(text: object, caller: str) -> str:
    if not isinstance(text, str):
        hint = " (decode it first)" if isinstance(text, (bytes, bytearray)) else ""
        raise TypeError(f"{caller} takes a str, not {type(text).__name__}{hint}")
    return text


def colour_name(colour: str) -> str:
    """``"red"`` or ``"black"`` for a colour letter.

    Raises:
        TypeError: ``colour`` is not a str.
        PositionError: ``colour`` is not ``"r"`` or ``"b"``.
    """
    _check_colour(colour, "a colour")
    return _COLOUR_NAMES[colour]


def _check_colour(colour: object, what: str) -> str:
    if not isinstance(colour, str):
        raise TypeError(f"{what} is the letter 'r' or 'b', not {type(colour).__name__}")
    if colour not in _COLOUR_NAMES:
        raise PositionError(f"{what} is the letter 'r' or 'b', not {quote(colour)}")
    return colour


def position_name(position: int) -> str:
    """``"position 5"`` for a Grid position 1-9.

    Raises:
        TypeError: ``position`` is not an int.
        PositionError: ``position`` is not 1-9.
    """
    return f"position {_check_position(position)}"


def _check_position(position: object) -> int:
    if not _is_int(position):
        raise TypeError(f"a Grid position is an int 1-9, not {type(position).__name__}")
    assert isinstance(position, int)
    if not 1 <= position <= 9:
        raise PositionError(f"{quote(position)} is not a Grid position 1-9")
    return position
