"""Sumodoku vocabulary: boards, pieces, variants and positions, with their text forms.

These are plain values shared by the spec and the engine; they know no rule
beyond their own well-formedness.

Notation
--------

* **Board**, one line: 81 characters, row by row from the top left; ``.`` or
  ``0`` is an empty cell, ``1``-``9`` a piece of that colour (colour ``k`` is
  digit ``k`` where a variant needs digits). ``str(board)`` writes ``.``.
* **Board**, grid form: 9 lines of 9 cells. Spaces, tabs and ``|`` between
  cells are ignored, and so are separator lines made only of ``-``, ``=``,
  ``+``, ``|`` and white space (as many puzzle files print them). :meth:`Board.grid` writes
  plain 9-character lines.
* **Position** (a board with variants and pieces out of the game): a JSON
  object, see :meth:`Position.parse` and the schema
  ``dokuspec/schemas/sumodoku-position.schema.json``. A position with no
  variant and nothing out of the game is written as its board line.

Rows and columns are numbered 1-9 from the top left, as in ``r4c7``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, NamedTuple

from dokuspec.errors import NotationError, PositionError

__all__ = [
    "EMPTY_VARIANTS",
    "Board",
    "Piece",
    "Position",
    "Variants",
    "border_name",
    "cell_name",
    "parse_border",
]

_DIGITS = b".0123456789"
_TO_VALUES = bytes.maketrans(_DIGITS, bytes([0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))
_TO_TEXT = bytes.maketrans(bytes(range(10)), b".123456789")
_SEPARATOR_LINE = re.compile(r"[-+|=\s]*")
_BORDER = re.compile(r"r([1-9])c([1-9])-r([1-9])c([1-9])")


class Piece(NamedTuple):
    """A piece on the board: ``row`` and ``col`` 1-9, ``colour`` 1-9."""

    row: int
    col: int
    colour: int

    @property
    def cell(self) -> int:
        """The cell's index 0-80, row by row."""
        return (self.row - 1) * 9 + self.col - 1

    def __str__(self) -> str:
        return f"r{self.row}c{self.col}={self.colour}"


def cell_name(index: int) -> str:
    """``"r4c7"`` for a cell index 0-80."""
    return f"r{index // 9 + 1}c{index % 9 + 1}"


def border_name(border: tuple[int, int]) -> str:
    """``"r1c1-r1c2"`` for a border given as two cell indices."""
    return f"{cell_name(border[0])}-{cell_name(border[1])}"


def parse_border(text: str) -> tuple[int, int]:
    """Read a border ``"r1c1-r1c2"`` between orthogonal neighbours.

    Returns:
        The two cell indices, smaller first.

    Raises:
        NotationError: not of that form, or the cells are not orthogonal neighbours.
    """
    found = _BORDER.fullmatch(text)
    if found is None:
        raise NotationError(f"{text!r} is not a border like 'r1c1-r1c2'")
    r1, c1, r2, c2 = (int(g) for g in found.groups())
    if abs(r1 - r2) + abs(c1 - c2) != 1:
        raise NotationError(f"{text!r}: the two cells are not orthogonal neighbours")
    a, b = (r1 - 1) * 9 + c1 - 1, (r2 - 1) * 9 + c2 - 1
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


class Board:
    """A 9x9 Sumodoku board: 81 cells, each empty or holding a piece of colour 1-9.

    Immutable and hashable. ``Board.parse(str(board)) == board`` and
    ``Board.parse(board.grid()) == board``.

    Args:
        cells: 81 values, row by row, ``0`` for empty and ``1``-``9`` for a colour.

    Raises:
        NotationError: not 81 values, or a value outside 0-9.
    """

    __slots__ = ("_cells",)

    def __init__(self, cells: Iterable[int] | bytes = bytes(81)) -> None:
        try:
            values = cells if isinstance(cells, bytes) else bytes(cells)
        except (ValueError, TypeError) as error:
            raise NotationError(f"board cells must be integers 0-9 ({error})") from None
        if len(values) != 81:
            raise NotationError(f"a board has 81 cells, not {len(values)}")
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

        Leading and trailing white space is ignored. Errors give the 1-based
        line and column of the first bad character in ``text``.

        Raises:
            NotationError: the text is not a board.
        """
        if len(text) == 81:
            try:
                raw = text.encode("ascii")
            except UnicodeEncodeError:
                raw = b""
            if raw and not raw.translate(None, _DIGITS):
                return cls._trusted(raw.translate(_TO_VALUES))
        stripped = text.strip()
        if "\n" not in stripped:
            return cls._parse_line(text)
        return cls._parse_grid(text)

    @classmethod
    def _parse_line(cls, text: str) -> Board:
        offset = len(text) - len(text.lstrip())
        line = text.strip()
        for position, char in enumerate(line):
            if char not in ".0123456789":
                raise NotationError(
                    f"{char!r} is not a cell ('.' or '0' for empty, '1'-'9' for a colour)",
                    line=1,
                    column=offset + position + 1,
                )
        if len(line) != 81:
            raise NotationError(
                f"a board line has 81 cells, this one has {len(line)}",
                line=1,
                column=offset + min(len(line), 81) + 1,
            )
        return cls._trusted(line.encode("ascii").translate(_TO_VALUES))

    @classmethod
    def _parse_grid(cls, text: str) -> Board:
        rows: list[bytes] = []
        for line_number, line in enumerate(text.splitlines(), start=1):
            if not line.strip() or _SEPARATOR_LINE.fullmatch(line):
                continue
            row = bytearray()
            for position, char in enumerate(line):
                if char in " \t|":
                    continue
                if char not in ".0123456789":
                    raise NotationError(
                        f"{char!r} is not a cell ('.' or '0' for empty, '1'-'9' for a colour)",
                        line=line_number,
                        column=position + 1,
                    )
                if len(row) == 9:
                    raise NotationError(
                        "a grid row has 9 cells; this is a 10th",
                        line=line_number,
                        column=position + 1,
                    )
                row.append(_TO_VALUES[ord(char)])
            if len(row) != 9:
                raise NotationError(
                    f"a grid row has 9 cells, this one has {len(row)}",
                    line=line_number,
                    column=len(line.rstrip()) + 1,
                )
            if len(rows) == 9:
                raise NotationError("a grid has 9 rows; this is a 10th", line=line_number, column=1)
            rows.append(bytes(row))
        if len(rows) != 9:
            raise NotationError(f"a grid has 9 rows, this one has {len(rows)}")
        return cls._trusted(b"".join(rows))

    # -- reading -------------------------------------------------------------

    @property
    def cells(self) -> bytes:
        """The 81 cell values row by row (``0`` empty, ``1``-``9`` colour)."""
        return self._cells

    def __getitem__(self, key: tuple[int, int]) -> int:
        """``board[row, col]`` (1-based): the colour there, or 0 when empty."""
        row, col = key
        if not (1 <= row <= 9 and 1 <= col <= 9):
            raise IndexError(f"r{row}c{col} is not a cell of the board")
        return self._cells[(row - 1) * 9 + col - 1]

    def pieces(self) -> tuple[Piece, ...]:
        """Every piece on the board, row by row."""
        return tuple(
            Piece(index // 9 + 1, index % 9 + 1, value)
            for index, value in enumerate(self._cells)
            if value
        )

    def count(self, colour: int) -> int:
        """How many pieces of ``colour`` are on the board."""
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
        """Whether this board holds every piece of ``other`` in the same cell."""
        return all(not b or a == b for a, b in zip(self._cells, other._cells, strict=True))

    # -- changing (new boards) -------------------------------------------------

    def place(self, piece: Piece) -> Board:
        """A new board with ``piece`` added.

        Raises:
            PositionError: the cell is not empty or the piece is malformed.
        """
        row, col, colour = piece
        if not (1 <= row <= 9 and 1 <= col <= 9 and 1 <= colour <= 9):
            raise PositionError(f"{piece!r} is not a piece on a 9x9 board with colours 1-9")
        index = piece.cell
        if self._cells[index]:
            raise PositionError(f"r{row}c{col} already holds colour {self._cells[index]}")
        cells = bytearray(self._cells)
        cells[index] = colour
        return Board._trusted(bytes(cells))

    def without(self, pieces: Iterable[Piece]) -> Board:
        """A new board with the cells of ``pieces`` emptied."""
        cells = bytearray(self._cells)
        for piece in pieces:
            cells[piece.cell] = 0
        return Board._trusted(bytes(cells))

    def only(self, pieces: Iterable[Piece]) -> Board:
        """A new board holding only ``pieces``."""
        cells = bytearray(81)
        for piece in pieces:
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


@dataclass(frozen=True, slots=True)
class Variants:
    """The variant rules in force (rules SU-12, SU-13, SU-14).

    Attributes:
        x: Sudoku X: both main diagonals hold 9 different colours (SU-12).
        parity: the odd/even marking, 81 characters row by row: ``o`` odd
            cell (colours 1, 3, 5, 7, 9), ``e`` even cell (2, 4, 6, 8),
            ``.`` unmarked (SU-13). ``""`` means no marking.
        consecutive: the marked borders, each a pair of orthogonally
            adjacent cell indices (smaller first); across a marked border
            the two colours differ by exactly 1 (SU-14).
        strict_marks: with ``consecutive``: unmarked borders must not hold
            consecutive colours (SU-14).
        non_consecutive: no two orthogonal neighbours hold consecutive
            colours (SU-14).

    Raises:
        NotationError: a malformed parity string or border.
        PositionError: ``non_consecutive`` together with consecutive marks
            (they contradict each other), or ``strict_marks`` without marks.
    """

    x: bool = False
    parity: str = ""
    consecutive: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    strict_marks: bool = False
    non_consecutive: bool = False

    def __post_init__(self) -> None:
        if self.parity:
            if len(self.parity) != 81:
                raise NotationError(f"a parity marking has 81 characters, not {len(self.parity)}")
            for index, char in enumerate(self.parity):
                if char not in ".oe":
                    raise NotationError(
                        f"{char!r} in the parity marking at {cell_name(index)} "
                        "is not 'o', 'e' or '.'",
                        column=index + 1,
                    )
            if set(self.parity) == {"."}:
                object.__setattr__(self, "parity", "")
        for border in self.consecutive:
            a, b = border
            if not (0 <= a < b <= 80) or (b - a != 9 and not (b - a == 1 and a % 9 != 8)):
                raise NotationError(f"{border!r} is not a border between orthogonal neighbours")
        if self.non_consecutive and self.consecutive:
            raise PositionError("non_consecutive contradicts consecutive marks; choose one")
        if self.strict_marks and not self.consecutive:
            raise PositionError("strict_marks needs consecutive marks (or use non_consecutive)")

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
        return names


EMPTY_VARIANTS = Variants()
"""Plain Sumodoku, with no variant in force."""


@dataclass(frozen=True, slots=True)
class Position:
    """A Sumodoku position: a board, the variants in force, and pieces out of the game.

    Attributes:
        board: the pieces on the board.
        variants: the variant rules in force.
        out: pieces out of the game per colour (rule SU-9), as a tuple of 9
            counts, ``out[k - 1]`` for colour ``k``.

    The **supply** of a colour is what is left to place: 9 minus the pieces of
    that colour on the board and out of the game (rules SU-1, SU-15).

    Raises:
        PositionError: more than 9 pieces of one colour on the board and out
            of the game together, or a negative count.
    """

    board: Board
    variants: Variants = EMPTY_VARIANTS
    out: tuple[int, ...] = (0,) * 9

    def __post_init__(self) -> None:
        if len(self.out) != 9 or any(n < 0 for n in self.out):
            raise PositionError(f"out must be 9 non-negative counts, not {self.out!r}")
        counts = self.board.counts()
        for colour in range(1, 10):
            total = counts[colour - 1] + self.out[colour - 1]
            if total > 9:
                raise PositionError(
                    f"colour {colour}: {counts[colour - 1]} on the board and "
                    f"{self.out[colour - 1]} out of the game, but only 9 pieces exist"
                )

    def supply(self) -> tuple[int, ...]:
        """Pieces left to place per colour: ``supply()[k - 1]`` for colour ``k``."""
        counts = self.board.counts()
        return tuple(9 - counts[k] - self.out[k] for k in range(9))

    def with_board(self, board: Board) -> Position:
        """The same variants and pieces out of the game, on another board."""
        return Position(board, self.variants, self.out)

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

        Raises:
            NotationError: the object does not match the schema; the message
                names the JSON path (``$.parity``) of the first problem.
            PositionError: well formed but impossible (see :class:`Position`).
        """
        _validate(data)
        board = Board.parse(data["board"])
        borders = []
        for number, text in enumerate(data.get("consecutive", ())):
            try:
                borders.append(parse_border(text))
            except NotationError as error:
                raise NotationError(f"$.consecutive[{number}]: {error.reason}") from None
        consecutive = frozenset(borders)
        variants = Variants(
            x=data.get("x", False),
            parity=data.get("parity", ""),
            consecutive=consecutive,
            strict_marks=data.get("strict_marks", False),
            non_consecutive=data.get("non_consecutive", False),
        )
        out_counts = [0] * 9
        for colour, count in data.get("out", {}).items():
            out_counts[int(colour) - 1] = count
        return cls(board, variants, tuple(out_counts))

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read a position: a board (line or grid form) or a JSON object.

        The JSON form::

            {"board": "<81 characters>", "x": true, "parity": "<81 of o e .>",
             "consecutive": ["r1c1-r1c2", ...], "strict_marks": false,
             "non_consecutive": false, "out": {"3": 1}}

        Only ``board`` is required.

        Raises:
            NotationError: bad text; the message names line and column (JSON
                syntax, board characters) or the JSON path (schema).
            PositionError: well formed but impossible (see :class:`Position`).
        """
        stripped = text.strip()
        if not stripped.startswith("{"):
            return cls(Board.parse(text))
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise NotationError(
                f"not JSON: {error.msg}", line=error.lineno, column=error.colno
            ) from None
        return cls.from_json(data)


@lru_cache(maxsize=1)
def position_schema() -> dict[str, Any]:
    """The JSON schema of the position form (``sumodoku-position.schema.json``)."""
    text = resources.files("dokuspec").joinpath("schemas/sumodoku-position.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema


@lru_cache(maxsize=1)
def _validator() -> Any:
    import jsonschema  # noqa: PLC0415 - only the JSON form needs it

    return jsonschema.Draft202012Validator(position_schema())


def _validate(data: Any) -> None:
    import jsonschema  # noqa: PLC0415 - only the JSON form needs it

    error = jsonschema.exceptions.best_match(_validator().iter_errors(data))
    if error is not None:
        raise NotationError(f"{error.json_path}: {error.message}")
