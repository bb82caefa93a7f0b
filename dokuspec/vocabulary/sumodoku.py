"""Sumodoku vocabulary: boards, pieces, variants and positions, with their text forms.

These are plain values shared by the spec and the engine; they know no rule
beyond their own well-formedness.

Notation (the handbook's page ``notation`` states it in full)
-------------------------------------------------------------

* **Board**, one line: 81 characters, row by row from the top left; ``.``,
  ``0``, ``_``, ``*`` or ``-`` is an empty cell, ``1``-``9`` a piece of that
  colour (colour ``k`` is digit ``k`` where a variant needs digits, unless
  the variants' ``digits`` say otherwise, SU-36).
  ``str(board)`` writes ``.``.
* **Board**, grid form: 9 lines of 9 cells (``.``, ``0``, ``_``, ``*`` empty;
  ``-`` is not a cell here, it draws separator lines). Spaces, tabs and ``|``
  between cells are ignored, and so are separator lines made only of ``-``,
  ``=``, ``+``, ``|``, spaces and tabs. :meth:`Board.grid` writes plain
  9-character lines.
* **Piece**: ``r4c7=3``, a piece of colour 3 on row 4, column 7.
* **Border**: ``r1c1-r1c2``, between two orthogonal neighbours.
* **Position** (a board with variants and pieces out of the game): a JSON
  object, see :meth:`Position.parse` and the schema
  ``dokuspec/schemas/sumodoku-position.schema.json``. A position with no
  variant and nothing out of the game is written as its board line.

White space around a text means spaces, tabs, CR and LF only; a UTF-8 byte
order mark at the very start is skipped. Errors name the 1-based line and
column (a tab counts as one column; the byte order mark as none) or the JSON
path. Only ASCII digits are digits.

Rows and columns are numbered 1-9 from the top left, as in ``r4c7``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass
from itertools import islice
from typing import Any

from dokuspec.errors import NotationError, OffBoardError, PositionError, quote
from dokuspec.vocabulary.jsontext import (
    VALUE_WORDS,
    JsonReader,
    check_depth,
    json_kind,
    json_path,
    line_column,
    package_schema,
    schema_problem,
)

__all__ = [
    "EMPTY_VARIANTS",
    "IDENTITY_DIGITS",
    "Board",
    "Piece",
    "Position",
    "Variants",
    "all_borders",
    "border_name",
    "cell_name",
    "parse_border",
    "position_schema",
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


# -- boards ----------------------------------------------------------------------------------


def _read_line(text: str) -> bytes:
    start = len(text) - len(text.lstrip(_WHITE))
    line = text.strip(_WHITE)
    bad = _BAD_LINE_CELL.search(line)
    if bad is not None:
        raise _Syntax(f"{bad.group()!r} is not a cell ({_CELL_HELP})", start + bad.start())
    if len(line) != 81:
        raise _Syntax(
            f"a board line has 81 cells, this one has {len(line)}", start + min(len(line), 81)
        )
    return line.encode("ascii").translate(_LINE_VALUES)


def _read_grid(text: str) -> bytes:
    rows: list[bytes] = []
    line_start = 0
    for line in text.split("\n"):
        start, line_start = line_start, line_start + len(line) + 1
        content = line.removesuffix("\r")
        if not content.strip(" \t") or _SEPARATOR_LINE.fullmatch(content):
            continue
        row = bytearray()
        for position, char in enumerate(content):
            if char in " \t|":
                continue
            value = _GRID_VALUES.get(char)
            if value is None:
                reason = f"{char!r} is not a cell ({_CELL_HELP})"
                if char == "-":
                    reason = "'-' is not a cell of the grid form (only of the 81-character line)"
                raise _Syntax(reason, start + position)
            if len(row) == 9:
                raise _Syntax("a grid row has 9 cells; this is a 10th", start + position)
            row.append(value)
        if len(row) != 9:
            raise _Syntax(
                f"a grid row has 9 cells, this one has {len(row)}",
                start + len(content.rstrip(" \t")),
            )
        if len(rows) == 9:
            indent = len(content) - len(content.lstrip(" \t"))
            raise _Syntax("a grid has 9 rows; this is a 10th", start + indent)
        rows.append(bytes(row))
    if len(rows) != 9:
        raise _Syntax(f"a grid has 9 rows, this one has {len(rows)}", None)
    return b"".join(rows)


def _read_board(text: str) -> bytes:
    """The 81 cell values of a board text (no byte order mark); raises :class:`_Syntax`."""
    if len(text) == 81 and text.isascii():
        raw = text.encode("ascii")
        if not raw.translate(None, _LINE_CELLS):
            return raw.translate(_LINE_VALUES)
    body = text.strip(_WHITE)
    if not body:
        raise _Syntax(
            "the text is empty; a board is 81 cells (a line, or a grid of 9 lines)",
            0,
        )
    if "\n" in body:
        return _read_grid(text)
    return _read_line(text)


#: ``bytes.translate`` table: 0 (an empty cell) to 0x00, anything else to 0xFF.
_PIECE_MASK = bytes([0x00] + [0xFF] * 255)


class Board:
    """A 9x9 Sumodoku board: 81 cells, each empty or holding a piece of colour 1-9.

    Immutable and hashable. ``Board.parse(str(board)) == board`` and
    ``Board.parse(board.grid()) == board``.

    Args:
        cells: the board text (a ``str``, read by :meth:`parse`, as
            ``chess.Board(fen)`` reads a FEN), or 81 cell values row by row
            (``bytes`` or an iterable of ints), ``0`` for empty and
            ``1``-``9`` for a colour. The default is the empty board.

    Raises:
        TypeError: ``cells`` is neither text nor bytes nor an iterable of
            ints (``bool`` is not an int here).
        NotationError: bad text (see :meth:`parse`), not 81 values, or a
            value outside 0-9 (the message names the cell).
    """

    __slots__ = ("_cells",)

    def __init__(self, cells: str | bytes | Iterable[int] = bytes(81)) -> None:
        if isinstance(cells, str):
            self._cells: bytes = Board.parse(cells)._cells
            return
        if isinstance(cells, (bytes, bytearray, memoryview)):
            values = bytes(cells)
        elif isinstance(cells, Iterable) and not isinstance(cells, (Mapping, Set)):
            items = list(islice(cells, 82))
            for index, value in enumerate(items):
                if not _is_int(value):
                    raise TypeError(
                        f"board cells are ints 0-9; cell {index} is {type(value).__name__}"
                    )
            if len(items) == 81:
                for index, value in enumerate(items):
                    if not 0 <= value <= 9:
                        raise NotationError(
                            f"{cell_name(index)} holds {quote(value)}, not a colour 0-9"
                        )
                values = bytes(items)
            else:
                values = bytes(len(items))
        else:
            raise TypeError(
                f"Board() takes a board text, bytes or 81 ints 0-9, not {type(cells).__name__}"
            )
        if len(values) != 81:
            count = "more" if len(values) > 81 else str(len(values))
            raise NotationError(f"a board has 81 cells, not {count}")
        if max(values) > 9:
            index = next(i for i, value in enumerate(values) if value > 9)
            raise NotationError(f"{cell_name(index)} holds {values[index]}, not a colour 0-9")
        self._cells = values

    @classmethod
    def _trusted(cls, cells: bytes) -> Board:
        board = cls.__new__(cls)
        board._cells = cells
        return board

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read a board in the one-line or the grid form.

        White space (spaces, tabs, CR, LF) around the board is ignored and a
        byte order mark at the start is skipped. Text that still spans more
        than one line is read as a grid. Errors give the 1-based line and
        column of the first bad character in ``text`` (a tab is one column).

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: the text is not a board.
        """
        body = _without_bom(text, "Board.parse()")
        try:
            return cls._trusted(_read_board(body))
        except _Syntax as error:
            raise error.located(body) from None

    # -- reading -------------------------------------------------------------

    @property
    def cells(self) -> bytes:
        """The 81 cell values row by row (``0`` empty, ``1``-``9`` colour)."""
        return self._cells

    def __getitem__(self, key: tuple[int, int]) -> int:
        """``board[row, col]`` (1-based): the colour there, or 0 when empty.

        Raises:
            TypeError: ``key`` is not two ints.
            OffBoardError: not a cell of the board (a PositionError and an IndexError).
        """
        if not (isinstance(key, tuple) and len(key) == 2 and all(map(_is_int, key))):
            raise TypeError("a board is indexed by two ints, board[row, col]")
        row, col = key
        if not (1 <= row <= 9 and 1 <= col <= 9):
            raise OffBoardError(f"r{quote(row)}c{quote(col)} is not a cell of the board")
        return self._cells[(row - 1) * 9 + col - 1]

    def pieces(self) -> tuple[Piece, ...]:
        """Every piece on the board, row by row."""
        return tuple(
            Piece(index // 9 + 1, index % 9 + 1, value)
            for index, value in enumerate(self._cells)
            if value
        )

    def count(self, colour: int) -> int:
        """How many pieces of ``colour`` (1-9; 0 counts the empty cells) are on the board.

        Raises:
            TypeError: ``colour`` is not an int.
            PositionError: ``colour`` is not 0-9.
        """
        if not _is_int(colour):
            raise TypeError(f"a colour is an int 1-9, not {type(colour).__name__}")
        if not 0 <= colour <= 9:
            raise PositionError(f"{quote(colour)} is not a colour 1-9")
        return self._cells.count(colour)

    def counts(self) -> tuple[int, ...]:
        """Pieces on the board per colour: ``counts()[k - 1]`` for colour ``k``."""
        cells = self._cells
        return tuple(cells.count(colour) for colour in range(1, 10))

    def empty_cells(self) -> list[int]:
        """Indices 0-80 of the empty cells."""
        return [index for index, value in enumerate(self._cells) if not value]

    def is_full(self) -> bool:
        """Whether every cell holds a piece."""
        return 0 not in self._cells

    def extends(self, other: Board) -> bool:
        """Whether this board holds every piece of ``other`` in the same cell.

        Raises:
            TypeError: ``other`` is not a :class:`Board`.
        """
        if not isinstance(other, Board):
            raise TypeError(f"extends() takes a Board, not {type(other).__name__}")
        # Byte-wise and in C: the cells where ``other`` holds a piece, as 0xFF masks.
        theirs = other._cells
        mask = int.from_bytes(theirs.translate(_PIECE_MASK))
        return int.from_bytes(self._cells) & mask == int.from_bytes(theirs)

    # -- changing (new boards) -------------------------------------------------

    def place(self, piece: Piece) -> Board:
        """A new board with ``piece`` added.

        Raises:
            TypeError: ``piece`` is not a :class:`Piece`.
            PositionError: the cell is not empty.
        """
        if not isinstance(piece, Piece):
            raise TypeError(f"place() takes a Piece, not {type(piece).__name__}")
        index = piece.cell
        if self._cells[index]:
            raise PositionError(
                f"r{piece.row}c{piece.col} already holds colour {self._cells[index]}"
            )
        cells = bytearray(self._cells)
        cells[index] = piece.colour
        return Board._trusted(bytes(cells))

    def without(self, pieces: Iterable[Piece]) -> Board:
        """A new board with the cells of ``pieces`` emptied.

        Raises:
            TypeError: an item is not a :class:`Piece`.
        """
        cells = bytearray(self._cells)
        for piece in _pieces(pieces, "without()"):
            cells[piece.cell] = 0
        return Board._trusted(bytes(cells))

    def only(self, pieces: Iterable[Piece]) -> Board:
        """A new board holding only ``pieces``.

        Raises:
            TypeError: an item is not a :class:`Piece`.
            PositionError: two of the pieces share a cell.
        """
        cells = bytearray(81)
        for piece in _pieces(pieces, "only()"):
            if cells[piece.cell]:
                raise PositionError(
                    f"r{piece.row}c{piece.col} is given twice "
                    f"(colours {cells[piece.cell]} and {piece.colour})"
                )
            cells[piece.cell] = piece.colour
        return Board._trusted(bytes(cells))

    # -- text ------------------------------------------------------------------

    def __str__(self) -> str:
        return self._cells.translate(_TO_TEXT).decode("ascii")

    def grid(self) -> str:
        """The grid form: 9 lines of 9 characters, ending with a newline."""
        text = str(self)
        return "".join(text[i : i + 9] + "\n" for i in range(0, 81, 9))

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._cells == other._cells

    def __hash__(self) -> int:
        return hash(self._cells)

    def _repr_svg_(self) -> str:
        """The board as an SVG document, which Jupyter shows.

        Drawn by :func:`dokuspec.render.sumodoku.board_svg`.
        """
        from dokuspec.render.sumodoku import board_svg  # noqa: PLC0415 - drawing loads when used

        return board_svg(self)


def _pieces(pieces: Iterable[Piece], caller: str) -> Iterator[Piece]:
    if not isinstance(pieces, Iterable) or isinstance(pieces, (str, bytes)):
        raise TypeError(f"{caller} takes an iterable of Pieces, not {type(pieces).__name__}")
    for piece in pieces:
        if not isinstance(piece, Piece):
            raise TypeError(f"{caller} takes Pieces, not {type(piece).__name__}")
        yield piece


# -- variants and positions -----------------------------------------------------------------


def _parity_problem(parity: str) -> tuple[str, int | None] | None:
    """What is wrong with a parity marking (and at which index), or ``None``."""
    if len(parity) != 81:
        return (
            f"a parity marking has 81 characters ('o', 'e' or '.'), this one has {len(parity)}",
            None,
        )
    bad = re.search(r"[^.oe]", parity)
    if bad is not None:
        index = bad.start()
        return (
            f"{bad.group()!r} in the parity marking at {cell_name(index)} is not 'o', 'e' or '.'",
            index,
        )
    return None


IDENTITY_DIGITS = "123456789"
"""The default digits of the colours (SU-36), colour ``k`` being digit ``k``."""


def _digits_problem(digits: str) -> tuple[str, int | None] | None:
    """What is wrong with a colour-to-digit mapping (and at which index), or ``None``."""
    if len(digits) != 9:
        return (
            "digits has 9 characters, the digit of each colour 1-9 in turn, "
            f"this one has {len(digits)}",
            None,
        )
    first: dict[str, int] = {}
    for index, char in enumerate(digits):
        if char not in IDENTITY_DIGITS:
            return f"{char!r} (colour {index + 1}'s digit) is not a digit 1-9", index
        if char in first:
            return (
                f"digit {char} is given to colour {first[char] + 1} and to colour {index + 1}; "
                "each digit 1-9 goes to one colour",
                index,
            )
        first[char] = index
    return None


@dataclass(frozen=True, slots=True, init=False)
class Variants:
    """The variant rules in force (rules SU-12, SU-13, SU-14; combinations SU-17, SU-36, SU-37).

    Attributes:
        x: Sudoku X: both main diagonals hold 9 different colours (SU-12).
        parity: the odd/even marking, 81 characters row by row: ``o`` odd
            cell (colours 1, 3, 5, 7, 9), ``e`` even cell (2, 4, 6, 8),
            ``.`` unmarked (SU-13). ``""`` means no marking (a marking with
            no marked cell is stored as ``""``).
        consecutive: the marked borders, each a pair of orthogonally
            adjacent cell indices (smaller first); across a marked border
            the two colours differ by exactly 1 (SU-14). The constructor
            also takes borders written ``"r1c1-r1c2"`` and index pairs in
            either order.
        strict_marks: with ``consecutive``: unmarked borders must not hold
            consecutive colours (SU-14).
        non_consecutive: no two orthogonal neighbours hold consecutive
            colours (SU-14).
        non_consecutive_marks: the borders marked non-consecutive, in the
            forms of ``consecutive``: the two colours across must not
            differ by 1 (SU-37). A border takes one mark, consecutive or
            non-consecutive.
        digits: the digit of each colour, 9 characters: ``digits[k - 1]``
            is the digit of colour ``k``, each digit 1-9 once (SU-36). The
            parity marking and the consecutive rules read these digits;
            the default ``"123456789"`` (:data:`IDENTITY_DIGITS`) makes
            colour ``k`` digit ``k``.

    Raises:
        TypeError: ``x``, ``strict_marks`` or ``non_consecutive`` is not a
            bool, ``parity`` or ``digits`` not a str, ``consecutive`` or
            ``non_consecutive_marks`` not an iterable of borders (str or
            pair of ints).
        NotationError: a malformed parity string (its length, or the first
            bad character with its column), a malformed or non-orthogonal
            border, one border given twice (in either order) or marked both
            consecutive and non-consecutive (SU-37), digits that are not a
            permutation of ``123456789`` (the column of the first bad one).
        PositionError: ``non_consecutive`` together with consecutive marks
            (they contradict each other), or ``strict_marks`` without marks
            (SU-17); non-consecutive marks with ``non_consecutive`` or
            ``strict_marks``, which already forbid consecutive digits on
            those borders (SU-37); digits other than ``"123456789"`` with no
            parity marking and no consecutive rule to read them (SU-36).
    """

    x: bool
    parity: str
    consecutive: frozenset[tuple[int, int]]
    strict_marks: bool
    non_consecutive: bool
    non_consecutive_marks: frozenset[tuple[int, int]]
    digits: str

    def __init__(
        self,
        x: bool = False,
        parity: str = "",
        consecutive: Iterable[str | tuple[int, int]] = frozenset(),
        strict_marks: bool = False,
        non_consecutive: bool = False,
        non_consecutive_marks: Iterable[str | tuple[int, int]] = frozenset(),
        digits: str = IDENTITY_DIGITS,
    ) -> None:
        for name, value in (
            ("x", x),
            ("strict_marks", strict_marks),
            ("non_consecutive", non_consecutive),
        ):
            if not isinstance(value, bool):
                raise TypeError(
                    f"Variants {name} must be True or False, not {type(value).__name__}"
                )
        for name, text in (("parity", parity), ("digits", digits)):
            if not isinstance(text, str):
                raise TypeError(f"Variants {name} must be a str, not {type(text).__name__}")
        if parity:
            problem = _parity_problem(parity)
            if problem is not None:
                reason, index = problem
                raise NotationError(reason, column=None if index is None else index + 1)
            if parity == "." * 81:
                parity = ""
        marks = _borders(consecutive)
        apart = _borders(non_consecutive_marks, "non_consecutive_marks")
        both = sorted(marks & apart)
        if both:
            raise NotationError(
                f"the border {border_name(both[0])} is marked both consecutive and "
                "non-consecutive; a border takes one mark"
            )
        problem = _digits_problem(digits)
        if problem is not None:
            reason, index = problem
            raise NotationError(reason, column=None if index is None else index + 1)
        if non_consecutive and marks:
            raise PositionError("non_consecutive contradicts consecutive marks; choose one")
        if strict_marks and not marks:
            raise PositionError("strict_marks needs consecutive marks (or use non_consecutive)")
        if apart and (non_consecutive or strict_marks):
            already = "non_consecutive" if non_consecutive else "strict_marks"
            raise PositionError(
                f"{already} already forbids consecutive digits across the borders marked "
                "non-consecutive; give the marks or it, not both"
            )
        if digits != IDENTITY_DIGITS and not (parity or marks or apart or non_consecutive):
            raise PositionError(
                f"digits {digits} changes nothing without a parity marking or a consecutive "
                "rule to read them (SU-36)"
            )
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "parity", parity)
        object.__setattr__(self, "consecutive", marks)
        object.__setattr__(self, "strict_marks", strict_marks)
        object.__setattr__(self, "non_consecutive", non_consecutive)
        object.__setattr__(self, "non_consecutive_marks", apart)
        object.__setattr__(self, "digits", digits)

    def digit(self, colour: int) -> int:
        """The digit of ``colour`` (1-9) that parity and the consecutive rules read (SU-36).

        Raises:
            TypeError: ``colour`` is not an int.
            PositionError: ``colour`` is not 1-9.
        """
        if not _is_int(colour):
            raise TypeError(f"a colour is an int 1-9, not {type(colour).__name__}")
        if not 1 <= colour <= 9:
            raise PositionError(f"{quote(colour)} is not a colour 1-9")
        return ord(self.digits[colour - 1]) - 48

    def is_plain(self) -> bool:
        """Whether no variant is in force."""
        return self == EMPTY_VARIANTS

    def names(self) -> list[str]:
        """Short names of the variants in force (``"x"``, ``"parity"``, ...)."""
        names = []
        if self.x:
            names.append("x")
        if self.parity:
            names.append("parity")
        if self.consecutive:
            names.append("consecutive" + (" (strict marks)" if self.strict_marks else ""))
        if self.non_consecutive:
            names.append("non-consecutive")
        if self.non_consecutive_marks:
            names.append("non-consecutive marks")
        if self.digits != IDENTITY_DIGITS:
            names.append(f"digits {self.digits}")
        return names


EMPTY_VARIANTS = Variants()
"""Plain Sumodoku, with no variant in force."""

#: The default of :attr:`Position.out`: no piece out of the game.
_NONE_OUT: tuple[int, ...] = (0,) * 9


@dataclass(frozen=True, slots=True)
class Position:
    """A Sumodoku position: a board, the variants in force, and pieces out of the game.

    Attributes:
        board: the pieces on the board.
        variants: the variant rules in force.
        out: pieces out of the game per colour (rule SU-9), as a tuple of 9
            counts 0-9, ``out[k - 1]`` for colour ``k`` (a list is stored as
            a tuple).

    The **supply** of a colour is what is left to place: 9 minus the pieces of
    that colour on the board and out of the game (rules SU-1, SU-15).

    Raises:
        TypeError: ``board`` is not a :class:`Board`, ``variants`` not a
            :class:`Variants`, ``out`` not a tuple or list of ints.
        PositionError: not 9 counts, a count outside 0-9, or more than 9
            pieces of one colour on the board and out of the game together
            (SU-16; the message names the colour).
    """

    board: Board
    variants: Variants = EMPTY_VARIANTS
    out: tuple[int, ...] = _NONE_OUT

    def __post_init__(self) -> None:
        if not isinstance(self.board, Board):
            hint = " (use Position.parse for text)" if isinstance(self.board, str) else ""
            raise TypeError(
                f"Position board must be a Board, not {type(self.board).__name__}{hint}"
            )
        if not isinstance(self.variants, Variants):
            raise TypeError(
                f"Position variants must be a Variants, not {type(self.variants).__name__}"
            )
        out: object = self.out
        if out is _NONE_OUT:  # the default, already a tuple of 9 zeros
            self._check_counts(out)
            return
        if not isinstance(out, (tuple, list)):
            raise TypeError(f"Position out must be a tuple of 9 ints, not {type(out).__name__}")
        for index, count in enumerate(out):
            if not _is_int(count):
                raise TypeError(
                    f"Position out counts are ints; colour {index + 1}'s is {type(count).__name__}"
                )
        if len(out) != 9:
            raise PositionError(f"out holds 9 counts, one per colour 1-9, not {len(out)}")
        for colour, count in enumerate(out, start=1):
            if not 0 <= count <= 9:
                raise PositionError(
                    f"colour {colour}: {quote(count)} pieces out of the game; a count is 0-9"
                )
        object.__setattr__(self, "out", tuple(out))
        self._check_counts(out)

    def _check_counts(self, out: Sequence[int]) -> None:
        """Refuse more than 9 pieces of a colour on the board and out of the game (SU-16)."""
        counts = self.board.counts()
        for colour in range(1, 10):
            total = counts[colour - 1] + out[colour - 1]
            if total > 9:
                raise PositionError(
                    f"colour {colour}: {counts[colour - 1]} on the board and "
                    f"{out[colour - 1]} out of the game, but only 9 pieces exist"
                )

    def supply(self) -> tuple[int, ...]:
        """Pieces left to place per colour: ``supply()[k - 1]`` for colour ``k``."""
        counts = self.board.counts()
        return tuple(9 - counts[k] - self.out[k] for k in range(9))

    def with_board(self, board: Board) -> Position:
        """The same variants and pieces out of the game, on another board."""
        return Position(board, self.variants, self.out)

    def _repr_svg_(self) -> str:
        """The position as an SVG document, which Jupyter shows: the board, the variant
        marks and the piece counts (:func:`~dokuspec.render.sumodoku.board_svg`)."""
        from dokuspec.render.sumodoku import board_svg  # noqa: PLC0415 - drawing loads when used

        return board_svg(self)

    # -- text ------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The JSON object form (only the keys that differ from the defaults, plus ``board``)."""
        data: dict[str, Any] = {"board": str(self.board)}
        v = self.variants
        if v.x:
            data["x"] = True
        if v.parity:
            data["parity"] = v.parity
        if v.consecutive:
            data["consecutive"] = sorted(border_name(b) for b in v.consecutive)
        if v.strict_marks:
            data["strict_marks"] = True
        if v.non_consecutive:
            data["non_consecutive"] = True
        if v.non_consecutive_marks:
            data["non_consecutive_marks"] = sorted(border_name(b) for b in v.non_consecutive_marks)
        if v.digits != IDENTITY_DIGITS:
            data["digits"] = v.digits
        if any(self.out):
            data["out"] = {str(k): n for k, n in enumerate(self.out, start=1) if n}
        return data

    def __str__(self) -> str:
        if self.variants.is_plain() and not any(self.out):
            return str(self.board)
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        """Build a position from its JSON object form (validated against the schema).

        ``data`` is a mapping, as :func:`json.loads` gives for an object; its
        values are judged as JSON (a Python float count is "not an integer").

        Raises:
            TypeError: ``data`` is not a mapping.
            NotationError: the object does not match the schema, or a value
                is not in its form (board, parity, border); the message
                starts with the JSON path of the first problem (``$.parity``).
            PositionError: well formed but impossible (see :class:`Position`).
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"Position.from_json() takes a mapping, not {type(data).__name__}")
        check_depth(data)
        return cls._from_json(data, None)

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read a position: a board (line or grid form) or a JSON object.

        The JSON form::

            {"board": "<a board>", "x": true, "parity": "<81 of o e .>",
             "consecutive": ["r1c1-r1c2", ...], "strict_marks": false,
             "non_consecutive": false, "non_consecutive_marks": ["r2c1-r3c1", ...],
             "digits": "123456789", "out": {"3": 1}}

        Only ``board`` is required; it holds a board in the line form or in
        the grid form (lines joined by ``\\n`` escapes). Stricter than JSON
        itself: a key given twice, ``NaN`` and ``Infinity``, numbers of more
        than 40 characters and nesting deeper than 20 levels are refused, and
        counts must be written as integers (``1``, not ``1.0``).

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: bad text; the message names line and column (JSON
                syntax, duplicate keys, board characters, also inside the
                JSON ``board`` value) and, for JSON, the JSON path.
            PositionError: well formed but impossible (see :class:`Position`).
        """
        body = _without_bom(text, "Position.parse()")
        stripped = body.lstrip(_WHITE)
        start = len(body) - len(stripped)
        if stripped[:1] in ("[", '"'):
            line, column = line_column(body, start)
            raise NotationError(
                f"{stripped[0]!r} starts neither a board nor a position's JSON object ('{{')",
                line=line,
                column=column,
            )
        if not stripped.startswith("{"):
            try:  # the byte-order mark, if any, is already skipped: not a second one
                return cls(Board._trusted(_read_board(body)))
            except _Syntax as error:
                raise error.located(body) from None
        decoder = JsonReader(body)
        data = decoder.decode()
        return cls._from_json(data, decoder)

    @classmethod
    def _from_json(cls, data: object, where: JsonReader | None) -> Position:
        def fail(
            reason: str,
            path: tuple[str | int, ...],
            offset: int | None = None,
            *,
            key: str | None = None,
        ) -> NotationError:
            """``$.path: reason``, located at ``offset``, else at the value at ``path`` (at its
            member ``key``: an unknown key), in the text when there is one."""
            if where is None:
                return NotationError(f"{json_path(path)}: {reason}")
            if offset is None:
                return where.located(reason, path, key=key)
            line, column = line_column(where.text, offset)
            return NotationError(f"{json_path(path)}: {reason}", line=line, column=column)

        if not isinstance(data, Mapping):
            raise fail(f"a position is a JSON object, not {json_kind(data)}", ())
        known = position_schema()["properties"]
        for key in data:
            if key not in known:
                close = [name for name in known if isinstance(key, str) and name == key.lower()]
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise fail(f"unknown key {quote(key)}{hint}", (), key=key)
        board = data.get("board")
        cells = None
        if isinstance(board, str):
            try:
                cells = _read_board(board)
            except _Syntax as error:
                reason = error.reason
                offset = None
                if error.offset is not None:
                    if "\n" in board.strip(_WHITE):
                        grid_line, grid_column = line_column(board, error.offset)
                        reason = f"grid line {grid_line}, column {grid_column}: {reason}"
                    if where is not None and ("board",) in where.values:
                        offset = where.string_offset(where.values[("board",)], error.offset)
                raise fail(reason, ("board",), offset) from None
        parity = data.get("parity")
        if isinstance(parity, str):
            problem = _parity_problem(parity)
            if problem is not None:
                reason, index = problem
                offset = None
                if index is not None and where is not None and ("parity",) in where.values:
                    offset = where.string_offset(where.values[("parity",)], index)
                raise fail(reason, ("parity",), offset)

        def located(key: str, number: int) -> int | None:
            return None if where is None else where.values.get((key, number))

        lists: dict[str, dict[tuple[int, int], int]] = {}
        for key in ("consecutive", "non_consecutive_marks"):
            borders: dict[tuple[int, int], int] = {}
            lists[key] = borders
            marks = data.get(key)
            if not isinstance(marks, list):
                continue
            for number, item in enumerate(marks):
                if not isinstance(item, str):
                    continue
                path = (key, number)
                try:
                    border = parse_border(item)
                except NotationError as error:
                    raise fail(error.reason, path, located(key, number)) from None
                if border in borders:
                    raise fail(
                        f"{quote(item)} is the border {border_name(border)} again "
                        f"(given at {json_path((key, borders[border]))})",
                        path,
                        located(key, number),
                    )
                other = lists["consecutive"] if key != "consecutive" else {}
                if border in other:
                    raise fail(
                        f"{quote(item)}: the border {border_name(border)} is marked "
                        f"consecutive too (at {json_path(('consecutive', other[border]))}); "
                        "a border takes one mark",
                        path,
                        located(key, number),
                    )
                borders[border] = number
        digits = data.get("digits")
        if isinstance(digits, str):
            problem = _digits_problem(digits)
            if problem is not None:
                reason, index = problem
                offset = None
                if where is not None and ("digits",) in where.values:
                    start = where.values[("digits",)]
                    offset = start if index is None else where.string_offset(start, index)
                raise fail(reason, ("digits",), offset)
        out = data.get("out")
        if isinstance(out, Mapping):
            for key in out:
                if not (isinstance(key, str) and len(key) == 1 and key in "123456789"):
                    raise fail(f"key {quote(key)} is not a colour '1'-'9'", ("out",), key=key)
        wrong = schema_problem(data, position_schema(), VALUE_WORDS)
        if wrong is not None:
            raise fail(wrong.reason, wrong.path, key=wrong.key)
        assert cells is not None  # the schema requires a board string
        variants = Variants(
            x=data.get("x", False),
            parity=data.get("parity", ""),
            consecutive=frozenset(lists["consecutive"]),
            strict_marks=data.get("strict_marks", False),
            non_consecutive=data.get("non_consecutive", False),
            non_consecutive_marks=frozenset(lists["non_consecutive_marks"]),
            digits=data.get("digits", IDENTITY_DIGITS),
        )
        counts = data.get("out", {})
        return cls(
            Board._trusted(cells), variants, tuple(counts.get(str(k), 0) for k in range(1, 10))
        )


# -- the JSON form ---------------------------------------------------------------------------


def position_schema() -> dict[str, Any]:
    """The JSON schema of the position form (``sumodoku-position.schema.json``)."""
    return package_schema("sumodoku-position")
