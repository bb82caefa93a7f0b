"""Cells, pieces and borders of the 9x9 board, and their text forms (``r4c7=3``, ``r1c1-r1c2``)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from dokuspec.errors import NotationError, PositionError, quote
from dokuspec.vocabulary.jsontext import (
    line_column,
)

__all__ = [
    "Piece",
    "all_borders",
    "border_name",
    "cell_name",
    "parse_border",
]


_BOM = "\ufeff"
_WHITE = " \t\r\n"
_EMPTY = "._*0"
_LINE_CELLS = (_EMPTY + "-123456789").encode("ascii")
_LINE_VALUES = bytes.maketrans(_LINE_CELLS, bytes([0] * 5 + list(range(1, 10))))
_BAD_LINE_CELL = re.compile(r"[^._*0\-1-9]")
_GRID_VALUES = dict.fromkeys(_EMPTY, 0) | {str(k): k for k in range(1, 10)}
_TO_TEXT = bytes.maketrans(bytes(range(10)), b".123456789")
_SEPARATOR_LINE = re.compile(r"[-+|= \t]*")
_BORDER = re.compile(r"r([1-9])c([1-9])-r([1-9])c([1-9])")
# The canonical characters only; the handbook lists every accepted one.
_CELL_HELP = "'.' or '0' for empty, '1'-'9' for a colour"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Syntax(Exception):  # noqa: N818 - internal, always turned into a NotationError
    """A text-form problem at an offset of the text being read (``None``: no one place)."""

    def __init__(self, reason: str, offset: int | None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.offset = offset

    def located(self, text: str) -> NotationError:
        if self.offset is None:
            return NotationError(self.reason)
        line, column = line_column(text, self.offset)
        return NotationError(self.reason, line=line, column=column)


def _without_bom(text: object, caller: str) -> str:
    if not isinstance(text, str):
        hint = " (decode it first)" if isinstance(text, (bytes, bytearray)) else ""
        raise TypeError(f"{caller} takes a str, not {type(text).__name__}{hint}")
    return text[1:] if text.startswith(_BOM) else text


# -- cells, pieces, borders ------------------------------------------------------------------


def cell_name(index: int) -> str:
    """``"r4c7"`` for a cell index 0-80 (row by row from the top left).

    Raises:
        TypeError: ``index`` is not an int.
        PositionError: ``index`` is not 0-80.
    """
    if not _is_int(index):
        raise TypeError(f"a cell index is an int 0-80, not {type(index).__name__}")
    if not 0 <= index <= 80:
        raise PositionError(f"{quote(index)} is not a cell index 0-80")
    return f"r{index // 9 + 1}c{index % 9 + 1}"


@dataclass(frozen=True, slots=True, order=True)
class Piece:
    """A piece on the board: ``row`` and ``col`` 1-9, ``colour`` 1-9.

    Ordered, hashable and unpackable like a tuple: ``row, col, colour = piece``.
    Written ``r4c7=3``; ``Piece.parse(str(piece)) == piece``.

    Raises:
        TypeError: a field is not an int (``bool`` is refused).
        PositionError: a field is outside 1-9 (off the board, or no colour).
    """

    row: int
    col: int
    colour: int

    def __post_init__(self) -> None:
        for name in ("row", "col", "colour"):
            value = getattr(self, name)
            if not _is_int(value):
                raise TypeError(f"Piece {name} must be an int 1-9, not {type(value).__name__}")
        for name in ("row", "col", "colour"):
            value = getattr(self, name)
            if not 1 <= value <= 9:
                what = (
                    "a colour" if name == "colour" else f"a {'row' if name == 'row' else 'column'}"
                )
                raise PositionError(f"Piece {name} {quote(value)} is not {what} 1-9")

    @property
    def cell(self) -> int:
        """The cell's index 0-80, row by row."""
        return (self.row - 1) * 9 + self.col - 1

    def __iter__(self) -> Iterator[int]:
        return iter((self.row, self.col, self.colour))

    def __str__(self) -> str:
        return f"r{self.row}c{self.col}={self.colour}"

    @classmethod
    def parse(cls, text: str) -> Piece:
        """Read a piece ``r4c7=3`` (row, column, colour, each an ASCII digit 1-9).

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: not a piece; the column is that of the first bad
                character (or of the end, when the text is short or long).
        """
        body = _without_bom(text, "Piece.parse()")
        shape = "r", "1", "c", "1", "=", "1"
        for position, expected in enumerate(shape):
            char = body[position : position + 1]
            good = len(char) == 1 and (char in "123456789" if expected == "1" else char == expected)
            if not good:
                found = f"{char!r}" if char else "the end"
                raise NotationError(
                    f"{quote(body)} is not a piece like 'r4c7=3': {found} where "
                    + ("a digit 1-9" if expected == "1" else repr(expected))
                    + " is expected",
                    line=1,
                    column=position + 1,
                )
        if len(body) > 6:
            raise NotationError(
                f"{quote(body)} is not a piece like 'r4c7=3': it goes on after the colour",
                line=1,
                column=7,
            )
        return cls(int(body[1]), int(body[3]), int(body[5]))


def border_name(border: tuple[int, int]) -> str:
    """``"r1c1-r1c2"`` for a border given as two cell indices (in that order)."""
    return f"{cell_name(border[0])}-{cell_name(border[1])}"


def _orthogonal(a: int, b: int) -> bool:
    low, high = min(a, b), max(a, b)
    return high - low == 9 or (high - low == 1 and low % 9 != 8)


def parse_border(text: str) -> tuple[int, int]:
    """Read a border ``"r1c1-r1c2"`` between orthogonal neighbours (either cell first).

    Returns:
        The two cell indices, smaller first.

    Raises:
        TypeError: ``text`` is not a str.
        NotationError: not of that form, or the cells are not orthogonal neighbours.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_border() takes a str, not {type(text).__name__}")
    found = _BORDER.fullmatch(text)
    if found is None:
        raise NotationError(f"{quote(text)} is not a border like 'r1c1-r1c2'")
    r1, c1, r2, c2 = (int(g) for g in found.groups())
    a, b = (r1 - 1) * 9 + c1 - 1, (r2 - 1) * 9 + c2 - 1
    if not _orthogonal(a, b):
        raise NotationError(f"{quote(text)}: the two cells are not orthogonal neighbours")
    return (a, b) if a < b else (b, a)


def all_borders() -> list[tuple[int, int]]:
    """All 144 borders between orthogonal neighbours, as index pairs."""
    borders = []
    for index in range(81):
        if index % 9 < 8:
            borders.append((index, index + 1))
        if index < 72:
            borders.append((index, index + 9))
    return borders


def _border(item: object) -> tuple[int, int]:
    """One border given as ``"r1c1-r1c2"`` or as two cell indices (either order)."""
    if isinstance(item, str):
        return parse_border(item)
    if not isinstance(item, (tuple, list)) or len(item) != 2 or not all(map(_is_int, item)):
        shown = type(item).__name__
        if isinstance(item, (tuple, list)):
            shown = quote(item) if len(item) > 3 else f"({', '.join(map(quote, item))})"
        raise TypeError(
            f"a border is a str like 'r1c1-r1c2' or a pair of int cell indices, not {shown}"
        )
    a, b = item
    if not (0 <= a <= 80 and 0 <= b <= 80 and _orthogonal(a, b)):
        raise NotationError(
            f"({quote(a)}, {quote(b)}) is not a border between orthogonal neighbours "
            "(cell indices 0-80)"
        )
    return (a, b) if a < b else (b, a)


def _text_of(item: object) -> str:
    return repr(tuple(item)) if isinstance(item, (tuple, list)) else quote(item)


def _borders(given: object, name: str = "consecutive") -> frozenset[tuple[int, int]]:
    """The borders of ``Variants(consecutive=...)`` (or of the option ``name``); one border
    given twice is an error."""
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise TypeError(
            f"{name} takes an iterable of borders such as ['r1c1-r1c2'], not {type(given).__name__}"
        )
    seen: dict[tuple[int, int], object] = {}
    for item in given:
        border = _border(item)
        if border in seen:
            first, second = sorted((_text_of(seen[border]), _text_of(item)))
            raise NotationError(
                f"the border {border_name(border)} is given twice ({first} and {second})"
            )
        seen[border] = item
    return frozenset(seen)
