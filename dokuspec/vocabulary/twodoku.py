"""Two-Doku's values: squares, dominoes, colourings, deals, positions and what a player has seen.

The values know no rule beyond their own well-formedness (TD-1 to TD-4 say
what exists; :mod:`dokuspec.spec.twodoku` and :mod:`dokuspec.engine.twodoku`
say what is allowed):

* :class:`Square`: a square of the 9x9 board, ``r3c5`` (rows and columns 1-9);
* :class:`Dominoes`: a multiset of one-digit dominoes, ``"1 1 3 9"``;
* :class:`Colouring`: the 36 squares each player coloured (TD-2);
* :class:`Deal`: a deal in the JSON form of the deal schema: colouring, the
  eight face-down dominoes, pot and piles (TD-2 to TD-4). Its constructor
  checks types only, so an impossible deal can be built and judged by
  :func:`dokuspec.twodoku.validate`;
* :class:`Position`: a game position, with face-down digits and piles known
  or not;
* the events :class:`Take`, :class:`Play` and :class:`Return`, and the
  :class:`View`: everything one player has seen (TD-11), which is also the
  engine's observation.

Every value has a text or JSON form that reads back equal; the JSON forms
have published schemas (``dokuspec/schemas/twodoku-*.schema.json``).

Errors: a value of the wrong Python type raises :class:`TypeError`; text or
JSON that cannot be read raises :class:`~dokuspec.errors.NotationError`
naming the JSON path (and line and column when read from text); a
well-formed but impossible value (a digit 10, eleven 5s, a square both face
up and face down) raises :class:`~dokuspec.errors.PositionError`
(:class:`~dokuspec.errors.OffBoardError` for a row or column outside 1-9).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, Literal, TypeAlias

from dokuspec.errors import DokuspecError, NotationError, OffBoardError, PositionError, quote
from dokuspec.vocabulary.jsontext import (
    VALUE_WORDS,
    JsonReader,
    check_depth,
    json_kind,
    json_path,
    json_value,
    line_column,
    package_schema,
    schema_problem,
)

__all__ = [
    "ALL_SQUARES",
    "BLUE",
    "COPIES",
    "DEAL_KEYS",
    "DIGITS",
    "DOMINO_COUNT",
    "FACE_DOWN_COUNT",
    "FACE_DOWN_EACH",
    "FULL_SET",
    "HIGH_DIGITS",
    "PHASES",
    "PILE_SIZE",
    "PLAYERS",
    "PLAY_RESULTS",
    "POT_SIZE",
    "RED",
    "SQUARES_EACH",
    "UNITS",
    "UNIT_NAMES",
    "Colouring",
    "Deal",
    "DealFaceDown",
    "Dominoes",
    "Event",
    "FaceDown",
    "MemberError",
    "Play",
    "Position",
    "Return",
    "Square",
    "Take",
    "View",
    "counted",
    "deal_schema",
    "event_from_json",
    "other_player",
    "player_index",
    "player_name",
    "position_schema",
    "units_of",
    "view_schema",
]

RED: Final = "red"
"""The Red player, who colours first (TD-2) and plays first (TD-5); engine player 0."""

BLUE: Final = "blue"
"""The Blue player; engine player 1."""

PLAYERS = (RED, BLUE)
"""Both players, Red first (the order of every pair of per-player values)."""

DIGITS = range(1, 10)
"""The digits 1-9 a domino can carry (TD-1)."""

COPIES = 10
"""Dominoes of each digit (TD-1)."""

DOMINO_COUNT = 90
"""Dominoes in the game, ten of each digit (TD-1)."""

SQUARES_EACH = 36
"""Squares each player colours (TD-2)."""

FACE_DOWN_EACH = 4
"""Face-down dominoes each player places (TD-3)."""

FACE_DOWN_COUNT = 8
"""Face-down dominoes in the game (TD-3)."""

POT_SIZE = 2
"""Dominoes dealt to the pot (TD-4)."""

PILE_SIZE = 40
"""Dominoes dealt to each player's pile (TD-4)."""

HIGH_DIGITS = (7, 8, 9)
"""The digits the ``equal_high_count`` balance option counts (ruling TD-15)."""

PHASES = ("colouring", "placing", "dealing", "play", "over")
"""The phases of a game in order, TD-2, TD-3, TD-4, TD-5 to TD-9 and after TD-9."""

PLAY_RESULTS = ("placed", "clash", "hidden-clash", "not-allowed")
"""What a play can do (TD-7, TD-8, ruling TD-17).

``placed``: the domino is on the board. ``clash``: it clashes with a face-up
domino; nothing is revealed. ``hidden-clash``: it clashes only with face-down
dominoes, one of which is turned face up. ``not-allowed``: TD-7 forbids the
square; the play fails before any Sudoku check.
"""

_SOURCES = ("pot", "board")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_player(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} is a player name 'red' or 'blue', not {type(value).__name__}")
    if value not in PLAYERS:
        raise PositionError(f"{what} is 'red' or 'blue', not {quote(value)}")
    return value


def player_index(player: str) -> int:
    """The engine's number of a player: 0 for ``"red"``, 1 for ``"blue"``.

    Raises:
        TypeError: ``player`` is not a str.
        PositionError: ``player`` is neither ``"red"`` nor ``"blue"``.
    """
    return PLAYERS.index(_check_player(player, "the player"))


def other_player(player: str) -> str:
    """The opponent of ``player`` (``"red"`` <-> ``"blue"``).

    Raises:
        TypeError: ``player`` is not a str.
        PositionError: ``player`` is neither ``"red"`` nor ``"blue"``.
    """
    return PLAYERS[1 - player_index(player)]


def player_name(player: str) -> str:
    """The game's word for ``player`` in a sentence: ``"Red"`` or ``"Blue"``.

    Raises:
        TypeError: ``player`` is not a str.
        PositionError: ``player`` is neither ``"red"`` nor ``"blue"``.
    """
    return ("Red", "Blue")[player_index(player)]


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``"1 domino"``, ``"3 dominoes"``: a count and its noun, singular or plural."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {plural or noun + 's'}"


# -- errors naming a member ------------------------------------------------------------------------

JsonStep: TypeAlias = str | int
"""A step of a JSON path: an object's key or an array's index."""


class MemberError(PositionError):
    """A well-formed value that is impossible, named by the JSON path of its member at fault.

    A :class:`View` (or a :class:`Deal`'s face-down digit) raises it for a
    member that contradicts another or the rules: ``$.to_move: Blue is to
    move, not Red: ...``, ``$.events[4]: ...``. :meth:`located` finds the
    member in the JSON text it was read from, so that the message also
    names the line and column.

    Attributes:
        path: the JSON path of the member, as keys and indices
            (``("events", 4)``; ``()`` for the whole value).
        square: for an array of squares or of dominoes on squares
            (``$.face_down``), the square of the item at fault, which
            :meth:`located` finds in the text whatever the order of the
            array; ``None`` otherwise.
        reason: the message without the location: the JSON path, then why.
        line: the 1-based line of the member in the text, or ``None``.
        column: the 1-based column, or ``None``.
        source: the name of the input (a file name), or ``None``.
    """

    def __init__(
        self,
        path: tuple[JsonStep, ...],
        why: str,
        *,
        square: Square | None = None,
        line: int | None = None,
        column: int | None = None,
        source: str | None = None,
    ) -> None:
        self.path = tuple(path)
        self.square = square
        self.why = why
        self.reason = f"{json_path(self.path)}: {why}"
        self.line = line
        self.column = column
        self.source = source
        if source is not None:
            where = ":".join(str(p) for p in (source, line, column) if p is not None)
            message = f"{where}: {self.reason}"
        elif line is not None and column is not None:
            message = f"line {line}, column {column}: {self.reason}"
        else:
            message = self.reason
        super().__init__(message)

    def located(self, text: str, source: str | None = None) -> MemberError:
        """This error placed in ``text``, the JSON it was read from (line and column named).

        Args:
            text: the JSON text (a byte-order mark at its start is skipped, as
                the readers skip it).
            source: the name of the input for the message, or ``None``.

        Returns:
            A new error, of the same path and reason, with ``line`` and
            ``column`` of the member (of the deepest part of the path the
            text holds) and ``source``; the line and column stay unknown
            when ``text`` is not JSON.
        """
        if not isinstance(text, str):
            raise TypeError(f"located() takes the JSON text, a str, not {type(text).__name__}")
        reader = JsonReader(text.removeprefix("\ufeff"))
        line = column = None
        try:
            data = reader.decode()
        except NotationError:
            pass
        else:
            line, column = line_column(reader.text, _member_offset(reader, data, self))
        return MemberError(
            self.path, self.why, square=self.square, line=line, column=column, source=source
        )


def _member_offset(reader: JsonReader, data: object, error: MemberError) -> int:
    """The offset in ``reader``'s text of the member ``error`` names (or of its deepest part)."""
    steps: list[JsonStep] = list(error.path)
    if error.square is not None:
        value = data
        for step in steps:
            if isinstance(value, Mapping) and isinstance(step, str):
                value = value.get(step)
            elif isinstance(value, list) and isinstance(step, int) and 0 <= step < len(value):
                value = value[step]
            else:
                value = None
        items = value if isinstance(value, list) else []
        where = [error.square.row, error.square.col]
        for index, item in enumerate(items):
            if item == where or (
                isinstance(item, Mapping) and [item.get("row"), item.get("col")] == where
            ):
                steps.append(index)
                break
    while tuple(steps) not in reader.values and steps:
        steps.pop()
    return reader.values[tuple(steps)]  # the root () is always there


@contextmanager
def _member(*path: JsonStep, square: Square | None = None) -> Iterator[None]:
    """Name the member ``path`` in every :class:`PositionError` the block raises."""
    try:
        yield
    except MemberError:
        raise
    except PositionError as error:
        raise MemberError(path, str(error), square=square) from None


def _check_digit(value: object, what: str) -> int:
    if not _is_int(value):
        raise TypeError(f"{what} is an int digit 1-9, not {type(value).__name__}")
    assert isinstance(value, int)
    if not 1 <= value <= 9:
        raise PositionError(f"{what} is a digit 1-9, not {value}")
    return value


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
"""The 81 squares, row by row."""

UNITS: tuple[tuple[Square, ...], ...] = (
    *(tuple(Square(r, c) for c in range(1, 10)) for r in range(1, 10)),
    *(tuple(Square(r, c) for r in range(1, 10)) for c in range(1, 10)),
    *(
        tuple(Square(br + r, bc + c) for r in range(1, 4) for c in range(1, 4))
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ),
)
"""The 27 units in which no digit may repeat (TD-8), rows 1-9, columns 1-9, boxes 1-9."""

UNIT_NAMES = (
    *(f"row {n}" for n in range(1, 10)),
    *(f"column {n}" for n in range(1, 10)),
    *(f"box {n}" for n in range(1, 10)),
)
"""The names of :data:`UNITS`, in the same order (``"row 3"``, ``"column 5"``, ``"box 7"``)."""


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


# -- dominoes -----------------------------------------------------------------------------------

_TOKEN = re.compile(r"[^\s,]+")


class Dominoes:
    """An immutable multiset of one-digit dominoes: a pile, the pot, the board's digits.

    ``str`` writes the digits sorted and separated by spaces (``"1 1 3 9"``),
    ``"-"`` when empty; :meth:`parse` reads it back. Iteration yields the
    digits sorted, repeats included. Equal multisets compare equal and hash
    alike.

    Args:
        digits: the digits, each an int 1-9, in any order.

    Raises:
        TypeError: ``digits`` is not iterable or holds a non-int (or a bool).
        PositionError: a digit outside 1-9.
    """

    __slots__ = ("_counts", "_total")

    def __init__(self, digits: Iterable[int] = ()) -> None:
        if isinstance(digits, str | bytes) or not isinstance(digits, Iterable):
            raise TypeError(f"Dominoes() takes an iterable of ints, not {type(digits).__name__}")
        counts = [0] * 9
        for digit in digits:
            counts[_check_digit(digit, "a domino's digit") - 1] += 1
        self._counts = tuple(counts)
        self._total = sum(d * n for d, n in zip(DIGITS, counts, strict=True))

    @classmethod
    def from_counts(cls, counts: Iterable[int]) -> Dominoes:
        """The multiset with ``counts[d - 1]`` dominoes of digit ``d``.

        Raises:
            TypeError: a count is not an int.
            PositionError: not nine counts, or a negative count.
        """
        values = tuple(counts)
        if len(values) != 9:
            raise PositionError(f"Dominoes.from_counts() takes 9 counts, not {len(values)}")
        for value in values:
            if not _is_int(value):
                raise TypeError(f"a count is an int, not {type(value).__name__}")
            if value < 0:
                raise PositionError(f"a count is 0 or more, not {value}")
        made = cls.__new__(cls)
        made._counts = values
        made._total = sum(d * n for d, n in zip(DIGITS, values, strict=True))
        return made

    @classmethod
    def parse(cls, text: str) -> Dominoes:
        """Read digits separated by spaces and/or commas (``"1 1 3 9"``); ``-`` or nothing is none.

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: a token that is not one digit 1-9; the column is its first character.
        """
        if not isinstance(text, str):
            raise TypeError(f"Dominoes.parse() takes a str, not {type(text).__name__}")
        if text.strip() == "-":
            return cls()
        digits = []
        for match in _TOKEN.finditer(text):
            token = match[0]
            if len(token) != 1 or token not in "123456789":
                raise NotationError(
                    f"{quote(token)} is not a domino: a digit 1-9", line=1, column=match.start() + 1
                )
            digits.append(int(token))
        return cls(digits)

    def counts(self) -> tuple[int, ...]:
        """Nine counts: index ``d - 1`` holds the number of ``d`` dominoes."""
        return self._counts

    def count(self, digit: int) -> int:
        """How many dominoes carry ``digit`` (TypeError / PositionError for a bad digit)."""
        return self._counts[_check_digit(digit, "the digit") - 1]

    @property
    def total(self) -> int:
        """The sum of the digits (a pile's value at the end, TD-10)."""
        return self._total

    def distinct(self) -> tuple[int, ...]:
        """The digits present, sorted, each once."""
        return tuple(d for d, n in zip(DIGITS, self._counts, strict=True) if n)

    def issubset(self, other: Dominoes) -> bool:
        """Whether every domino of this multiset is in ``other`` (with its repeats)."""
        if not isinstance(other, Dominoes):
            raise TypeError(f"issubset() takes Dominoes, not {type(other).__name__}")
        return all(a <= b for a, b in zip(self._counts, other._counts, strict=True))

    def __add__(self, other: Dominoes) -> Dominoes:
        if not isinstance(other, Dominoes):
            return NotImplemented
        return Dominoes.from_counts(a + b for a, b in zip(self._counts, other._counts, strict=True))

    def __sub__(self, other: Dominoes) -> Dominoes:
        """The dominoes left when ``other``'s are taken out.

        Raises:
            PositionError: ``other`` holds a domino this multiset does not.
        """
        if not isinstance(other, Dominoes):
            return NotImplemented
        missing = [
            str(d) for d, a, b in zip(DIGITS, self._counts, other._counts, strict=True) if b > a
        ]
        if missing:
            raise PositionError(
                f"cannot take {other} out of {self}: not enough of {', '.join(missing)}"
            )
        return Dominoes.from_counts(a - b for a, b in zip(self._counts, other._counts, strict=True))

    def __len__(self) -> int:
        return sum(self._counts)

    def __iter__(self) -> Iterator[int]:
        for digit, count in zip(DIGITS, self._counts, strict=True):
            for _ in range(count):
                yield digit

    def __contains__(self, digit: object) -> bool:
        return _is_int(digit) and 1 <= digit <= 9 and self._counts[digit - 1] > 0  # type: ignore[operator]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dominoes):
            return NotImplemented
        return self._counts == other._counts

    def __hash__(self) -> int:
        return hash(self._counts)

    def to_json(self) -> list[int]:
        """The digits as a sorted list of ints."""
        return list(self)

    def __str__(self) -> str:
        return " ".join(map(str, self)) or "-"

    def __repr__(self) -> str:
        return f"Dominoes.parse({str(self)!r})"


FULL_SET = Dominoes.from_counts([COPIES] * 9)
"""The 90 dominoes of the game, ten of each digit (TD-1)."""


def _dominoes_of(value: object, what: str) -> Dominoes:
    if not isinstance(value, Dominoes):
        raise TypeError(f"{what} is Dominoes, not {type(value).__name__}")
    return value


def _squares_of(value: object, what: str) -> frozenset[Square]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"{what} is an iterable of Squares, not {type(value).__name__}")
    items = list(value)
    squares = frozenset(_square_of(item, f"each of {what}") for item in items)
    if len(squares) != len(items):
        twice = sorted({s for s in items if items.count(s) > 1})
        raise PositionError(f"{what} name {', '.join(map(str, twice))} twice")
    return squares


# -- colouring ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, init=False)
class Colouring:
    """The squares each player coloured: exactly 36 distinct squares each (TD-2).

    A square may carry both colours, or none (a white square).

    Args:
        red: Red's 36 squares.
        blue: Blue's 36 squares.

    Raises:
        TypeError: not iterables of :class:`Square`.
        PositionError: a square given twice, or not exactly 36 squares.
    """

    red: frozenset[Square]
    blue: frozenset[Square]

    def __init__(self, red: Iterable[Square], blue: Iterable[Square]) -> None:
        reds = _squares_of(red, "Red's squares")
        blues = _squares_of(blue, "Blue's squares")
        for player, squares in ((RED, reds), (BLUE, blues)):
            if len(squares) != SQUARES_EACH:
                raise PositionError(
                    f"{player_name(player)} colours {SQUARES_EACH} squares (TD-2), not "
                    f"{len(squares)}"
                )
        object.__setattr__(self, "red", reds)
        object.__setattr__(self, "blue", blues)

    def of(self, player: str) -> frozenset[Square]:
        """The squares ``player`` (``"red"`` or ``"blue"``) coloured."""
        return self.red if player_index(player) == 0 else self.blue

    def colours(self, square: Square) -> frozenset[str]:
        """The players who coloured ``square``: empty for a white square."""
        _square_of(square, "the square")
        return frozenset(p for p, s in ((RED, self.red), (BLUE, self.blue)) if square in s)

    @property
    def white(self) -> frozenset[Square]:
        """The squares neither player coloured."""
        return frozenset(ALL_SQUARES) - self.red - self.blue

    def to_json(self) -> dict[str, Any]:
        """``{"red_squares": [[r, c], ...], "blue_squares": [...]}``, squares sorted."""
        return {
            "red_squares": [s.to_json() for s in sorted(self.red)],
            "blue_squares": [s.to_json() for s in sorted(self.blue)],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Colouring:
        """Read ``{"red_squares": [[r, c], ...], "blue_squares": [...]}`` (other keys ignored).

        Raises:
            TypeError: ``data`` is not a mapping.
            NotationError: a missing key or a value of the wrong form (JSON path named).
            PositionError: not 36 distinct squares each.
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"Colouring.from_json() takes a mapping, not {type(data).__name__}")
        sides = []
        for key in ("red_squares", "blue_squares"):
            if key not in data:
                raise NotationError(f"$: the key {key!r} is missing")
            sides.append(_json_squares(data[key], (key,)))
        return cls(sides[0], sides[1])


def _json_squares(value: object, path: tuple[str | int, ...]) -> list[Square]:
    if not isinstance(value, list):
        raise NotationError(f"{json_path(path)}: {json_kind(value)} is not a list of [row, col]")
    squares = []
    for number, item in enumerate(value):
        where = (*path, number)
        if not (isinstance(item, list) and len(item) == 2 and all(_is_int(v) for v in item)):
            raise NotationError(f"{json_path(where)}: {json_value(item)} is not [row, col]")
        try:
            squares.append(Square(item[0], item[1]))
        except OffBoardError as error:
            raise OffBoardError(f"{json_path(where)}: {error}") from None
    return squares


# -- the JSON forms ------------------------------------------------------------------------------


def _schema(name: str) -> dict[str, Any]:
    return package_schema(f"twodoku-{name}")


def deal_schema() -> dict[str, Any]:
    """The JSON schema of a deal (``dokuspec/schemas/twodoku-deal.schema.json``)."""
    return _schema("deal")


def position_schema() -> dict[str, Any]:
    """The JSON schema of a position (``dokuspec/schemas/twodoku-position.schema.json``)."""
    return _schema("position")


def view_schema() -> dict[str, Any]:
    """The JSON schema of a player's view (``dokuspec/schemas/twodoku-view.schema.json``)."""
    return _schema("view")


def _read_json(name: str, text_or_data: object, caller: str, *, text: bool = False) -> Any:
    """Read text (with positions) or check data against the schema ``name``; the data."""
    reader: JsonReader | None = None
    if text and not isinstance(text_or_data, str):
        raise TypeError(f"{caller} takes a str, not {type(text_or_data).__name__}")
    if text and isinstance(text_or_data, str):
        reader = JsonReader(text_or_data.removeprefix("\ufeff"))
        data = reader.decode()
    elif isinstance(text_or_data, Mapping):
        check_depth(text_or_data)
        data = text_or_data
    else:
        raise TypeError(f"{caller} takes a mapping, not {type(text_or_data).__name__}")
    if not isinstance(data, Mapping):
        raise NotationError(f"$: a {name} is a JSON object, not {json_kind(data)}")
    known = _schema(name)["properties"]
    for key in data:
        if key not in known:
            lower = key.lower() if isinstance(key, str) else ""
            close = [k for k in known if k == lower] or [
                k for k in known if lower and k.startswith(lower[:3])
            ]
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            message = f"$: unknown key {quote(key)}{hint}"
            offset = None if reader is None else reader.keys.get(((), key))
            if offset is not None:
                line, column = line_column(reader.text, offset)  # type: ignore[union-attr]
                raise NotationError(message, line=line, column=column)
            raise NotationError(message)
    problem = schema_problem(data, _schema(name), VALUE_WORDS)
    if problem is not None:
        if reader is not None:
            raise reader.located(problem.reason, problem.path, key=problem.key)
        raise NotationError(f"{json_path(problem.path)}: {problem.reason}")
    return data


def _dumps(data: object) -> str:
    return json.dumps(data, separators=(",", ":"))


# -- deals --------------------------------------------------------------------------------------


def _int_tuple(value: object, what: str, size: int | None = None) -> tuple[int, ...]:
    if not isinstance(value, tuple):
        raise TypeError(f"{what} is a tuple of ints, not {type(value).__name__}")
    for item in value:
        if not _is_int(item):
            raise TypeError(f"{what} holds ints, not {type(item).__name__}")
    if size is not None and len(value) != size:
        raise TypeError(f"{what} is a tuple of {size} ints, not {len(value)}")
    return value


@dataclass(frozen=True, slots=True)
class DealFaceDown:
    """A face-down domino of a deal: its square, its digit and who placed it (TD-3).

    Types are checked, values are not (:func:`dokuspec.twodoku.validate` judges them).

    Attributes:
        row: the square's row (1-9 in a valid deal).
        col: the square's column (1-9 in a valid deal).
        digit: the domino's digit (1-9 in a valid deal).
        placed_by: ``"red"`` or ``"blue"``.

    Raises:
        TypeError: a field of the wrong type, or ``placed_by`` not ``"red"``/``"blue"``.
    """

    row: int
    col: int
    digit: int
    placed_by: str

    def __post_init__(self) -> None:
        for name in ("row", "col", "digit"):
            if not _is_int(getattr(self, name)):
                raise TypeError(f"a face-down domino's {name} is an int")
        if self.placed_by not in PLAYERS:
            raise TypeError(f"placed_by is 'red' or 'blue', not {self.placed_by!r}")

    def to_json(self) -> dict[str, Any]:
        """``{"row": r, "col": c, "digit": d, "placed_by": "red"}``."""
        return {"row": self.row, "col": self.col, "digit": self.digit, "placed_by": self.placed_by}


DEAL_KEYS = ("red_squares", "blue_squares", "face_down", "pot", "red", "blue")
"""The keys of a deal's JSON form, all required, in the order :meth:`Deal.to_json` writes them."""


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal as the game of Two-Doku starts (TD-2 to TD-4), in the JSON form of the deal schema.

    The constructor checks types only: squares, digits and counts may be
    anything an int can hold, so that :func:`dokuspec.twodoku.validate` can
    list what is wrong with a deal someone wrote.

    Attributes:
        red_squares: the squares Red coloured, as ``(row, col)`` pairs.
        blue_squares: the squares Blue coloured.
        face_down: the eight face-down dominoes.
        pot: the digits of the pot (2 in a valid deal).
        red: the digits of Red's pile (40 in a valid deal).
        blue: the digits of Blue's pile (40 in a valid deal).

    Raises:
        TypeError: a field of the wrong type.
    """

    red_squares: tuple[tuple[int, int], ...]
    blue_squares: tuple[tuple[int, int], ...]
    face_down: tuple[DealFaceDown, ...]
    pot: tuple[int, ...]
    red: tuple[int, ...]
    blue: tuple[int, ...]

    def __post_init__(self) -> None:
        for name in ("red_squares", "blue_squares"):
            squares = getattr(self, name)
            if not isinstance(squares, tuple):
                raise TypeError(f"{name} is a tuple of (row, col) pairs")
            for pair in squares:
                _int_tuple(pair, f"each of {name}", 2)
        if not isinstance(self.face_down, tuple) or not all(
            isinstance(f, DealFaceDown) for f in self.face_down
        ):
            raise TypeError("face_down is a tuple of DealFaceDown values")
        for name in ("pot", "red", "blue"):
            _int_tuple(getattr(self, name), name)

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the deal schema, keys in :data:`DEAL_KEYS` order."""
        return {
            "red_squares": [list(p) for p in self.red_squares],
            "blue_squares": [list(p) for p in self.blue_squares],
            "face_down": [f.to_json() for f in self.face_down],
            "pot": list(self.pot),
            "red": list(self.red),
            "blue": list(self.blue),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Deal:
        """Build a deal from its JSON object (checked against the deal schema).

        Raises:
            TypeError: ``data`` is not a mapping.
            NotationError: a missing or unknown key or a value of the wrong
                type; the message starts with its JSON path (``$.face_down[3].digit``).
        """
        return cls._build(_read_json("deal", data, "Deal.from_json()"))

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read a deal's JSON text; errors name the JSON path, line and column.

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: not JSON, or not of the deal schema.
        """
        return cls._build(_read_json("deal", text, "Deal.parse()", text=True))

    @classmethod
    def _build(cls, data: Mapping[str, Any]) -> Deal:
        return cls(
            red_squares=tuple((p[0], p[1]) for p in data["red_squares"]),
            blue_squares=tuple((p[0], p[1]) for p in data["blue_squares"]),
            face_down=tuple(
                DealFaceDown(f["row"], f["col"], f["digit"], f["placed_by"])
                for f in data["face_down"]
            ),
            pot=tuple(data["pot"]),
            red=tuple(data["red"]),
            blue=tuple(data["blue"]),
        )

    def colouring(self) -> Colouring:
        """The colouring (PositionError unless 36 distinct squares on the board each)."""
        return Colouring(
            (Square(r, c) for r, c in self.red_squares),
            (Square(r, c) for r, c in self.blue_squares),
        )

    def pile(self, player: str) -> Dominoes:
        """``player``'s pile (PositionError for a digit outside 1-9)."""
        return Dominoes(self.red if player_index(player) == 0 else self.blue)

    def pot_dominoes(self) -> Dominoes:
        """The pot (PositionError for a digit outside 1-9)."""
        return Dominoes(self.pot)

    def face_down_dominoes(self) -> Dominoes:
        """The face-down digits.

        Raises:
            MemberError: a digit outside 1-9 (``$.face_down[3].digit``).
        """
        for index, face_down in enumerate(self.face_down):
            with _member("face_down", index, "digit"):
                _check_digit(face_down.digit, "a face-down domino's digit")
        return Dominoes(f.digit for f in self.face_down)

    def __str__(self) -> str:
        return _dumps(self.to_json())

    def _repr_svg_(self) -> str | None:
        """The deal as an SVG document, which Jupyter shows (``None`` if it cannot be drawn)."""
        from dokuspec.render.twodoku import deal_svg  # noqa: PLC0415 - drawing loads when used

        try:
            return deal_svg(self)
        except DokuspecError:  # an impossible value: Jupyter shows the plain repr instead
            return None


# -- positions ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FaceDown:
    """A face-down domino on the board (TD-3).

    Attributes:
        square: where it lies.
        placed_by: ``"red"`` or ``"blue"``.
        digit: its digit, or ``None`` when the holder of this value does
            not know it (nobody does in a game, TD-11).

    Raises:
        TypeError: a field of the wrong type.
        PositionError: ``placed_by`` not a player, or a digit outside 1-9.
    """

    square: Square
    placed_by: str
    digit: int | None = None

    def __post_init__(self) -> None:
        _square_of(self.square, "a face-down domino's square")
        _check_player(self.placed_by, "placed_by")
        if self.digit is not None:
            _check_digit(self.digit, "a face-down domino's digit")

    def to_json(self) -> dict[str, Any]:
        """``{"row": r, "col": c, "placed_by": p, "digit": d or null}``."""
        return {
            "row": self.square.row,
            "col": self.square.col,
            "placed_by": self.placed_by,
            "digit": self.digit,
        }


def _face_up_of(value: object) -> dict[Square, int]:
    if not isinstance(value, Mapping):
        raise TypeError(f"face_up is a mapping of Square to digit, not {type(value).__name__}")
    return {
        _square_of(square, "a face-up domino's square"): _check_digit(digit, "a face-up digit")
        for square, digit in sorted(value.items())
    }


def _face_down_of(value: object, *, known: bool) -> tuple[FaceDown, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"face_down is an iterable of FaceDown, not {type(value).__name__}")
    items = []
    for item in value:
        if not isinstance(item, FaceDown):
            raise TypeError(f"face_down holds FaceDown values, not {type(item).__name__}")
        if not known and item.digit is not None:
            raise PositionError(f"the face-down domino on {item.square} shows a digit in a view")
        items.append(item)
    items.sort(key=lambda f: f.square)
    if len(items) > FACE_DOWN_COUNT:
        raise PositionError(f"{len(items)} face-down dominoes; the game has {FACE_DOWN_COUNT}")
    if len({f.square for f in items}) != len(items):
        raise PositionError("two face-down dominoes on one square")
    for player in PLAYERS:
        placed = sum(1 for f in items if f.placed_by == player)
        if placed > FACE_DOWN_EACH:
            raise PositionError(f"{player} placed {placed} face-down dominoes; at most 4 (TD-3)")
    return tuple(items)


def _view_face_down(value: object) -> tuple[FaceDown, ...]:
    """A view's face-down dominoes, sorted by square; errors name their member."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"face_down is an iterable of FaceDown, not {type(value).__name__}")
    items: list[FaceDown] = []
    for index, item in enumerate(value):
        if not isinstance(item, FaceDown):
            raise TypeError(f"face_down holds FaceDown values, not {type(item).__name__}")
        if item.digit is not None:
            raise MemberError(
                ("face_down", index),
                f"the face-down domino on {item.square} shows a digit in a view (TD-11)",
            )
        if any(f.square == item.square for f in items):
            raise MemberError(
                ("face_down", index), f"two face-down dominoes on {item.square} (TD-3)"
            )
        items.append(item)
    if len(items) > FACE_DOWN_COUNT:
        raise MemberError(
            ("face_down",),
            f"{len(items)} face-down dominoes; the game has {FACE_DOWN_COUNT} (TD-3)",
        )
    for player in PLAYERS:
        placed = [index for index, f in enumerate(items) if f.placed_by == player]
        if len(placed) > FACE_DOWN_EACH:
            raise MemberError(
                ("face_down", placed[FACE_DOWN_EACH]),
                f"{player_name(player)} placed {len(placed)} face-down dominoes; "
                f"{FACE_DOWN_EACH} at most (TD-3)",
            )
    return tuple(sorted(items, key=lambda f: f.square))


def _check_board(face_up: Mapping[Square, int], face_down: tuple[FaceDown, ...]) -> None:
    both = sorted(f.square for f in face_down if f.square in face_up)
    if both:
        raise PositionError(f"{both[0]} holds a face-up and a face-down domino")


def _check_copies(parts: Iterable[tuple[str, Iterable[int]]]) -> None:
    counts = [0] * 9
    for _, digits in parts:
        for digit in digits:
            counts[digit - 1] += 1
    over = [(d, n) for d, n in zip(DIGITS, counts, strict=True) if n > COPIES]
    if over:
        digit, number = over[0]
        raise PositionError(
            f"{number} dominoes of digit {digit} are in sight; the game has {COPIES} (TD-1)"
        )


def _json_face_up(items: Iterable[Mapping[str, Any]]) -> dict[Square, int]:
    found: dict[Square, int] = {}
    for index, item in enumerate(items):
        square = Square(item["row"], item["col"])
        if square in found:
            raise MemberError(("face_up", index), f"two face-up dominoes on {square}")
        found[square] = item["digit"]
    return found


def _json_dominoes(value: Iterable[int] | None) -> Dominoes | None:
    return None if value is None else Dominoes(value)


@dataclass(frozen=True, slots=True, init=False)
class Position:
    """A position of the play phase (TD-5 to TD-9), with what is hidden known or not.

    Attributes:
        colouring: both players' 36 squares (TD-2).
        face_up: the face-up dominoes on the board (played, or face-down
            ones revealed by TD-8), by square, squares sorted.
        face_down: the dominoes still face down, sorted by square; a digit
            ``None`` is unknown.
        pot: the pot's dominoes.
        red: Red's pile, or ``None`` when unknown.
        blue: Blue's pile, or ``None`` when unknown.
        to_move: whose turn it is (``"red"``/``"blue"``), or ``None`` when
            the game is over.

    Raises:
        TypeError: a field of the wrong type.
        PositionError: a square both face up and face down; more than 8
            face-down dominoes or more than 4 placed by one player; more than
            ten dominoes of a digit among those known (TD-1).
    """

    colouring: Colouring
    face_up: Mapping[Square, int]
    face_down: tuple[FaceDown, ...]
    pot: Dominoes
    red: Dominoes | None
    blue: Dominoes | None
    to_move: str | None

    def __init__(
        self,
        colouring: Colouring,
        face_up: Mapping[Square, int],
        face_down: Iterable[FaceDown],
        pot: Dominoes,
        red: Dominoes | None,
        blue: Dominoes | None,
        to_move: str | None = RED,
    ) -> None:
        if not isinstance(colouring, Colouring):
            raise TypeError(f"colouring is a Colouring, not {type(colouring).__name__}")
        ups = _face_up_of(face_up)
        downs = _face_down_of(face_down, known=True)
        _check_board(ups, downs)
        _dominoes_of(pot, "the pot")
        for name, pile in (("Red's pile", red), ("Blue's pile", blue)):
            if pile is not None:
                _dominoes_of(pile, name)
        if to_move is not None:
            _check_player(to_move, "to_move")
        _check_copies(
            [
                ("board", ups.values()),
                ("face down", (f.digit for f in downs if f.digit is not None)),
                ("pot", pot),
                ("red", red or ()),
                ("blue", blue or ()),
            ]
        )
        fields: tuple[tuple[str, object], ...] = (
            ("colouring", colouring),
            ("face_up", ups),
            ("face_down", downs),
            ("pot", pot),
            ("red", red),
            ("blue", blue),
            ("to_move", to_move),
        )
        for name, field_value in fields:
            object.__setattr__(self, name, field_value)

    def pile(self, player: str) -> Dominoes | None:
        """``player``'s pile, or ``None`` when unknown."""
        return self.red if player_index(player) == 0 else self.blue

    def empty_squares(self) -> tuple[Square, ...]:
        """The squares with no domino, row by row."""
        down = {f.square for f in self.face_down}
        return tuple(s for s in ALL_SQUARES if s not in self.face_up and s not in down)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(_dumps(self.to_json()))

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the position schema."""
        return {
            **self.colouring.to_json(),
            "face_up": [
                {"row": s.row, "col": s.col, "digit": d} for s, d in sorted(self.face_up.items())
            ],
            "face_down": [f.to_json() for f in self.face_down],
            "pot": self.pot.to_json(),
            "red": None if self.red is None else self.red.to_json(),
            "blue": None if self.blue is None else self.blue.to_json(),
            "to_move": self.to_move,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        """Build a position from its JSON object (checked against the position schema).

        Raises:
            TypeError: ``data`` is not a mapping.
            NotationError: not of the position schema (JSON path named).
            PositionError: well formed but impossible (see :class:`Position`).
        """
        return cls._build(_read_json("position", data, "Position.from_json()"))

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read a position's JSON text; errors name the JSON path, line and column.

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: not JSON, or not of the position schema.
            PositionError: well formed but impossible (see :class:`Position`).
        """
        return cls._build(_read_json("position", text, "Position.parse()", text=True))

    @classmethod
    def _build(cls, data: Mapping[str, Any]) -> Position:
        return cls(
            Colouring.from_json(data),
            _json_face_up(data["face_up"]),
            (
                FaceDown(Square(f["row"], f["col"]), f["placed_by"], f["digit"])
                for f in data["face_down"]
            ),
            Dominoes(data["pot"]),
            _json_dominoes(data["red"]),
            _json_dominoes(data["blue"]),
            data["to_move"],
        )

    def __str__(self) -> str:
        return _dumps(self.to_json())

    def _repr_svg_(self) -> str | None:
        """The position as an SVG document, which Jupyter shows (``None`` if it cannot be drawn)."""
        from dokuspec.render.twodoku import position_svg  # noqa: PLC0415 - drawing loads when used

        try:
            return position_svg(self)
        except DokuspecError:  # an impossible value: Jupyter shows the plain repr instead
            return None


# -- events and views ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Take:
    """Step 1 of a turn (TD-6): a domino taken into the player's pile.

    Attributes:
        player: who took it.
        source: ``"pot"`` or ``"board"`` (a face-up domino; TD-12).
        digit: its digit.
        square: where it lay, for ``"board"``; ``None`` for ``"pot"``.
    """

    player: str
    source: Literal["pot", "board"]
    digit: int
    square: Square | None = None

    def __post_init__(self) -> None:
        _check_player(self.player, "the player")
        if self.source not in _SOURCES:
            raise PositionError(f"a take's source is 'pot' or 'board', not {quote(self.source)}")
        _check_digit(self.digit, "the digit taken")
        if (self.square is None) != (self.source == "pot"):
            raise PositionError("a take from the board names its square; one from the pot does not")
        if self.square is not None:
            _square_of(self.square, "the square taken from")

    def to_json(self) -> dict[str, Any]:
        """``{"player", "type": "take", "source", "digit"}``, plus ``"row"``, ``"col"`` (board)."""
        data: dict[str, Any] = {
            "player": self.player,
            "type": "take",
            "source": self.source,
            "digit": self.digit,
        }
        if self.square is not None:
            data.update(row=self.square.row, col=self.square.col)
        return data

    def __str__(self) -> str:
        where = "the pot" if self.square is None else str(self.square)
        return f"{player_name(self.player)} takes {self.digit} from {where}"


@dataclass(frozen=True, slots=True)
class Play:
    """Step 2 of a turn (TD-6 to TD-8): a domino played, and what happened.

    Attributes:
        player: who played.
        square: where.
        digit: the domino's digit (shown to both players, ruling TD-18).
        result: one of :data:`PLAY_RESULTS`.
        revealed: for ``"hidden-clash"``, the face-down domino turned face
            up (its digit is ``digit``); ``None`` otherwise.
    """

    player: str
    square: Square
    digit: int
    result: str
    revealed: Square | None = None

    def __post_init__(self) -> None:
        _check_player(self.player, "the player")
        _square_of(self.square, "the square played on")
        _check_digit(self.digit, "the digit played")
        if self.result not in PLAY_RESULTS:
            raise PositionError(
                f"a play's result is one of {PLAY_RESULTS}, not {quote(self.result)}"
            )
        if (self.revealed is None) != (self.result != "hidden-clash"):
            raise PositionError(
                "a play reveals a face-down domino exactly when it is a hidden clash"
            )
        if self.revealed is not None:
            _square_of(self.revealed, "the revealed square")

    @property
    def succeeded(self) -> bool:
        """Whether the domino is now on the board."""
        return self.result == "placed"

    def to_json(self) -> dict[str, Any]:
        """``{"player", "type": "play", "row", "col", "digit", "result", "revealed"}``."""
        return {
            "player": self.player,
            "type": "play",
            "row": self.square.row,
            "col": self.square.col,
            "digit": self.digit,
            "result": self.result,
            "revealed": None
            if self.revealed is None
            else {"row": self.revealed.row, "col": self.revealed.col},
        }

    def __str__(self) -> str:
        text = f"{player_name(self.player)} plays {self.digit} on {self.square}: {self.result}"
        return text if self.revealed is None else f"{text}, {self.revealed} revealed"


@dataclass(frozen=True, slots=True)
class Return:
    """Step 3 of a turn (TD-6): a domino put from the player's pile into the pot.

    Attributes:
        player: who put it there.
        digit: its digit.
    """

    player: str
    digit: int

    def __post_init__(self) -> None:
        _check_player(self.player, "the player")
        _check_digit(self.digit, "the digit returned")

    def to_json(self) -> dict[str, Any]:
        """``{"player", "type": "return", "digit"}``."""
        return {"player": self.player, "type": "return", "digit": self.digit}

    def __str__(self) -> str:
        return f"{player_name(self.player)} puts {self.digit} into the pot"


Event: TypeAlias = Take | Play | Return
"""A public step of the play phase (TD-11)."""


def _event(data: Mapping[str, Any]) -> Event:
    kind = data["type"]
    if kind == "take":
        square = Square(data["row"], data["col"]) if data["source"] == "board" else None
        return Take(data["player"], data["source"], data["digit"], square)
    if kind == "play":
        shown = data["revealed"]
        revealed = None if shown is None else Square(shown["row"], shown["col"])
        return Play(
            data["player"],
            Square(data["row"], data["col"]),
            data["digit"],
            data["result"],
            revealed,
        )
    return Return(data["player"], data["digit"])


def event_from_json(data: Mapping[str, Any]) -> Event:
    """Read one event's JSON object (the ``events`` items of the view schema).

    Raises:
        TypeError: ``data`` is not a mapping.
        NotationError: not an event's JSON form.
        PositionError: well formed but impossible (a take from the board
            without its square...).
    """
    if not isinstance(data, Mapping):
        raise TypeError(f"event_from_json() takes a mapping, not {type(data).__name__}")
    view = {
        "player": RED,
        "phase": "play",
        "to_move": RED,
        "red_squares": [],
        "blue_squares": [],
        "face_down": [],
        "face_up": [],
        "pot": [],
        "pile": [],
        "pile_sizes": {"red": 0, "blue": 0},
        "initial_pot": None,
        "initial_pile": None,
        "events": [data],
    }
    try:
        checked = _read_json("view", view, "event_from_json()")
    except NotationError as error:
        raise NotationError(str(error).replace("$.events[0]", "$", 1)) from None
    return _event(checked["events"][0])


@dataclass(frozen=True, slots=True, init=False)
class View:
    """Everything one player has seen of a game (TD-11): the engine's observation.

    Attributes:
        player: whose view (``"red"``/``"blue"``).
        phase: one of :data:`PHASES`.
        to_move: whose turn it is, or ``None`` (chance, or the game is over).
        red_squares: the squares Red has coloured so far (36 once coloured).
        blue_squares: the squares Blue has coloured so far.
        face_down: the dominoes still face down, digits unknown, sorted by square.
        face_up: the face-up dominoes on the board, by square.
        pot: the pot now.
        pile: the player's own pile now.
        pile_sizes: ``(red, blue)`` pile sizes now (public).
        initial_pot: the pot as dealt, ``None`` before the deal.
        initial_pile: the player's pile as dealt, ``None`` before the deal.
        events: every take, play and return of the play phase, in order.

    The constructor checks each field and what the fields say of each
    other on their own (TD-1 to TD-3, TD-11); whether the phase, whose turn
    it is, the events and the board agree with the rules is for
    :func:`dokuspec.twodoku.check_view`.

    Raises:
        TypeError: a field of the wrong type.
        MemberError: (a :class:`~dokuspec.errors.PositionError`) naming the
            field at fault by its JSON path: an unknown phase or player; a
            square coloured twice by one player or more than 36 squares; a
            face-down domino showing its digit, two on one square, more than
            8, or more than 4 placed by one player (TD-3); a square both
            face up and face down; a negative pile size, or the own pile's
            size not its pile size; more than ten of a digit in sight (TD-1).
    """

    player: str
    phase: str
    to_move: str | None
    red_squares: frozenset[Square]
    blue_squares: frozenset[Square]
    face_down: tuple[FaceDown, ...]
    face_up: Mapping[Square, int]
    pot: Dominoes
    pile: Dominoes
    pile_sizes: tuple[int, int]
    initial_pot: Dominoes | None
    initial_pile: Dominoes | None
    events: tuple[Event, ...]

    def __init__(
        self,
        player: str,
        phase: str,
        to_move: str | None,
        red_squares: Iterable[Square],
        blue_squares: Iterable[Square],
        face_down: Iterable[FaceDown],
        face_up: Mapping[Square, int],
        pot: Dominoes,
        pile: Dominoes,
        pile_sizes: tuple[int, int],
        initial_pot: Dominoes | None,
        initial_pile: Dominoes | None,
        events: Iterable[Event] = (),
    ) -> None:
        with _member("player"):
            _check_player(player, "the player")
        if phase not in PHASES:
            raise MemberError(
                ("phase",), f"the phase is one of {', '.join(PHASES)}, not {quote(phase)}"
            )
        if to_move is not None:
            with _member("to_move"):
                _check_player(to_move, "to_move")
        coloured = []
        for key, name, squares in (
            ("red_squares", "Red", red_squares),
            ("blue_squares", "Blue", blue_squares),
        ):
            if isinstance(squares, str | bytes) or not isinstance(squares, Iterable):
                raise TypeError(f"{key} is an iterable of Squares, not {type(squares).__name__}")
            items = [_square_of(item, f"each of {key}") for item in squares]
            seen: set[Square] = set()
            for index, square in enumerate(items):
                if square in seen:
                    raise MemberError((key, index), f"{name} coloured {square} twice (TD-2)")
                seen.add(square)
            if len(items) > SQUARES_EACH:
                raise MemberError(
                    (key,), f"{name} coloured {len(items)} squares; at most {SQUARES_EACH} (TD-2)"
                )
            coloured.append(frozenset(items))
        reds, blues = coloured
        downs = _view_face_down(face_down)
        if not isinstance(face_up, Mapping):
            raise TypeError(
                f"face_up is a mapping of Square to digit, not {type(face_up).__name__}"
            )
        for square, digit in face_up.items():
            with _member("face_up", square=_square_of(square, "a face-up domino's square")):
                _check_digit(digit, "a face-up digit")
        ups = _face_up_of(face_up)
        both = sorted(f.square for f in downs if f.square in ups)
        if both:
            raise MemberError(
                ("face_down",), f"{both[0]} holds a face-up and a face-down domino", square=both[0]
            )
        _dominoes_of(pot, "the pot")
        _dominoes_of(pile, "the pile")
        if not (
            isinstance(pile_sizes, tuple)
            and len(pile_sizes) == 2
            and all(_is_int(n) for n in pile_sizes)
        ):
            raise TypeError("pile_sizes is a pair of ints (red, blue)")
        for who, size in zip(PLAYERS, pile_sizes, strict=True):
            if size < 0:
                raise MemberError(("pile_sizes", who), f"a pile size is 0 or more, not {size}")
        own = pile_sizes[player_index(player)]
        if len(pile) != own:
            raise MemberError(
                ("pile_sizes", player),
                f"{player_name(player)}'s pile holds {counted(len(pile), 'domino', 'dominoes')}"
                f" but its size is {own}",
            )
        for name, value in (("initial_pot", initial_pot), ("initial_pile", initial_pile)):
            if value is not None:
                _dominoes_of(value, name)
        if isinstance(events, str | bytes) or not isinstance(events, Iterable):
            raise TypeError(f"events is an iterable of events, not {type(events).__name__}")
        happened = tuple(events)
        for event in happened:
            if not isinstance(event, Take | Play | Return):
                raise TypeError(f"events holds Take, Play and Return, not {type(event).__name__}")
        in_sight = [("face_up", Dominoes(ups.values())), ("pot", pot), ("pile", pile)]
        for digit in DIGITS:
            number = sum(dominoes.count(digit) for _, dominoes in in_sight)
            if number > COPIES:
                where = next(key for key, dominoes in reversed(in_sight) if digit in dominoes)
                raise MemberError(
                    (where,),
                    f"{number} dominoes of digit {digit} are in sight (on the board, in the pot "
                    f"and in the pile); the game has {COPIES} (TD-1)",
                )
        fields: tuple[tuple[str, object], ...] = (
            ("player", player),
            ("phase", phase),
            ("to_move", to_move),
            ("red_squares", reds),
            ("blue_squares", blues),
            ("face_down", downs),
            ("face_up", ups),
            ("pot", pot),
            ("pile", pile),
            ("pile_sizes", pile_sizes),
            ("initial_pot", initial_pot),
            ("initial_pile", initial_pile),
            ("events", happened),
        )
        for name, field_value in fields:
            object.__setattr__(self, name, field_value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(_dumps(self.to_json()))

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the view schema."""
        return {
            "player": self.player,
            "phase": self.phase,
            "to_move": self.to_move,
            "red_squares": [s.to_json() for s in sorted(self.red_squares)],
            "blue_squares": [s.to_json() for s in sorted(self.blue_squares)],
            "face_down": [
                {"row": f.square.row, "col": f.square.col, "placed_by": f.placed_by}
                for f in self.face_down
            ],
            "face_up": [
                {"row": s.row, "col": s.col, "digit": d} for s, d in sorted(self.face_up.items())
            ],
            "pot": self.pot.to_json(),
            "pile": self.pile.to_json(),
            "pile_sizes": {"red": self.pile_sizes[0], "blue": self.pile_sizes[1]},
            "initial_pot": None if self.initial_pot is None else self.initial_pot.to_json(),
            "initial_pile": None if self.initial_pile is None else self.initial_pile.to_json(),
            "events": [e.to_json() for e in self.events],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> View:
        """Build a view from its JSON object (checked against the view schema).

        Raises:
            TypeError: ``data`` is not a mapping.
            NotationError: not of the view schema (JSON path named).
            PositionError: well formed but impossible (see :class:`View`).
        """
        return cls._build(_read_json("view", data, "View.from_json()"))

    @classmethod
    def parse(cls, text: str) -> View:
        """Read a view's JSON text; errors name the JSON path, line and column.

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: not JSON, or not of the view schema.
            MemberError: well formed but impossible (see :class:`View`); the
                message names the member's line and column.
        """
        data = _read_json("view", text, "View.parse()", text=True)
        try:
            return cls._build(data)
        except MemberError as error:
            raise error.located(text) from None

    @classmethod
    def _build(cls, data: Mapping[str, Any]) -> View:
        def squares(key: str) -> list[Square]:
            return [Square(r, c) for r, c in data[key]]

        return cls(
            data["player"],
            data["phase"],
            data["to_move"],
            squares("red_squares"),
            squares("blue_squares"),
            (FaceDown(Square(f["row"], f["col"]), f["placed_by"]) for f in data["face_down"]),
            _json_face_up(data["face_up"]),
            Dominoes(data["pot"]),
            Dominoes(data["pile"]),
            (data["pile_sizes"]["red"], data["pile_sizes"]["blue"]),
            _json_dominoes(data["initial_pot"]),
            _json_dominoes(data["initial_pile"]),
            (_event(e) for e in data["events"]),
        )

    def __str__(self) -> str:
        return _dumps(self.to_json())

    def _repr_svg_(self) -> str | None:
        """The view as an SVG document, which Jupyter shows (``None`` if it cannot be drawn)."""
        from dokuspec.render.twodoku import view_svg  # noqa: PLC0415 - drawing loads when used

        try:
            return view_svg(self)
        except DokuspecError:  # an impossible value: Jupyter shows the plain repr instead
            return None
