"""Boards: 81 cells, each empty or a piece of a colour, read from a line or a grid."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Set
from itertools import islice

from dokuspec.errors import NotationError, OffBoardError, PositionError, quote
from dokuspec.vocabulary.sumodoku.cells import (
    _BAD_LINE_CELL,
    _CELL_HELP,
    _GRID_VALUES,
    _LINE_CELLS,
    _LINE_VALUES,
    _SEPARATOR_LINE,
    _TO_TEXT,
    _WHITE,
    Piece,
    _is_int,
    _Syntax,
    _without_bom,
    cell_name,
)

__all__ = [
    "Board",
]


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
