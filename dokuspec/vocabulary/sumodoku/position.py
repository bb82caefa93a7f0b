"""Positions: a board with its variants and the pieces out of the game, and their JSON form."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dokuspec.errors import NotationError, PositionError, quote
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
from dokuspec.vocabulary.sumodoku.board import Board, _read_board
from dokuspec.vocabulary.sumodoku.cells import (
    _WHITE,
    Piece,
    _is_int,
    _Syntax,
    _without_bom,
    border_name,
    parse_border,
)
from dokuspec.vocabulary.sumodoku.variants import (
    EMPTY_VARIANTS,
    IDENTITY_DIGITS,
    Variants,
    _digits_problem,
    _parity_problem,
)

__all__ = [
    "Position",
    "position_schema",
]


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

    @classmethod
    def _trusted(cls, board: Board, variants: Variants, out: tuple[int, ...]) -> Position:
        """A position from parts already known to be one (no check: an engine's own state)."""
        position = cls.__new__(cls)
        object.__setattr__(position, "board", board)
        object.__setattr__(position, "variants", variants)
        object.__setattr__(position, "out", out)
        return position

    def place(self, piece: Piece) -> Position:
        """The same position with ``piece`` added to the board (:meth:`Board.place`).

        Raises:
            TypeError: ``piece`` is not a :class:`Piece`.
            PositionError: the cell is not empty, or every piece of the
                colour is already on the board or out of the game (SU-16).
        """
        board = self.board.place(piece)
        colour = piece.colour
        if board.count(colour) + self.out[colour - 1] > 9:
            raise PositionError(
                f"colour {colour}: all 9 pieces are already on the board or out of the game"
            )
        return Position._trusted(board, self.variants, self.out)

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
