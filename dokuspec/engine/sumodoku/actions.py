"""Sumodoku's actions and chance outcomes, their JSON form and how a record's actions are
read (SU-2 to SU-10, rulings SU-20 to SU-38)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import ClassVar

from dokuspec.engine.base import (
    Action,
    EngineError,
    RecordError,
    action_kinds,
    read_action,
    shown_json,
)
from dokuspec.errors import NotationError, PositionError, quote
from dokuspec.vocabulary.sumodoku import (
    Board,
    Piece,
)

__all__ = [
    "Claim",
    "Colours",
    "Concede",
    "FindMistake",
    "Observe",
    "Place",
    "PointOut",
    "Silent",
]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_ints(kind: str, **fields: object) -> None:
    """Refuse a field of a ``kind`` action that is not an int 1-9."""
    for name, value in fields.items():
        if not _is_int(value):
            raise TypeError(f"{kind} {name} must be an int 1-9, not {type(value).__name__}")
    for name, value in fields.items():
        if not 1 <= value <= 9:  # type: ignore[operator]
            what = f"a {name}" if name in ("row", "col") else "a colour"
            raise PositionError(f"{kind} {name} {quote(value)} is not {what} 1-9")


# -- actions -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place one of one's own pieces of ``colour`` on the empty cell ``row``, ``col`` (SU-3).

    Raises:
        TypeError: a field is not an int.
        PositionError: a field is not 1-9.

    JSON form: ``{"type": "place", "row": r, "col": c, "colour": k}``.
    """

    kind: ClassVar[str] = "place"

    row: int
    col: int
    colour: int

    def __post_init__(self) -> None:
        _check_ints("Place", row=self.row, col=self.col, colour=self.colour)

    @property
    def piece(self) -> Piece:
        """The piece this placement puts on the board."""
        return Piece(self.row, self.col, self.colour)

    @property
    def cell(self) -> int:
        """The cell's index 0-80, row by row."""
        return (self.row - 1) * 9 + self.col - 1

    def __str__(self) -> str:
        return f"place colour {self.colour} on r{self.row}c{self.col}"


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Shout "Sudoku!" (SU-10): the submitted ``filling`` and the ``seconds`` it took.

    An open action: legal on one's own turn within the claim window whatever
    the filling, which the engine then judges.

    Args:
        filling: the full board the claimant submits (a :class:`Board`, or
            its text, read by :meth:`Board.parse`).
        seconds: the time taken, in seconds: a finite number >= 0.

    Raises:
        TypeError: ``filling`` is neither a Board nor a str, ``seconds`` not
            an int or float.
        NotationError: ``filling`` is text that is not a board.
        EngineError: ``seconds`` is negative, NaN or infinite.

    JSON form: ``{"type": "claim", "filling": "<81 characters>", "seconds": s}``.
    """

    kind: ClassVar[str] = "claim"

    filling: Board
    seconds: float

    def __post_init__(self) -> None:
        filling: object = self.filling
        if isinstance(filling, str):
            object.__setattr__(self, "filling", Board.parse(filling))
        elif not isinstance(filling, Board):
            raise TypeError(f"a claim's filling is a Board, not {type(filling).__name__}")
        seconds: object = self.seconds
        if isinstance(seconds, bool) or not isinstance(seconds, int | float):
            raise TypeError(f"a claim's seconds are a number, not {type(seconds).__name__}")
        if not (math.isfinite(seconds) and seconds >= 0):
            raise EngineError(f"a claim's seconds are a finite number >= 0, not {seconds!r}")

    def __str__(self) -> str:
        return f"claim Sudoku! with a filling after {self.seconds:g} s"


@dataclass(frozen=True, slots=True)
class PointOut(Action):
    """Point out the opponent's last placement on ``row``, ``col`` as invalid (SU-7).

    JSON form: ``{"type": "point-out", "row": r, "col": c}``.
    """

    kind: ClassVar[str] = "point-out"

    row: int
    col: int

    def __post_init__(self) -> None:
        _check_ints("PointOut", row=self.row, col=self.col)

    def __str__(self) -> str:
        return f"point out r{self.row}c{self.col}"


@dataclass(frozen=True, slots=True)
class FindMistake(Action):
    """Point out the earlier unnoticed invalid placement on ``row``, ``col`` (SU-8).

    JSON form: ``{"type": "find-mistake", "row": r, "col": c}``.
    """

    kind: ClassVar[str] = "find-mistake"

    row: int
    col: int

    def __post_init__(self) -> None:
        _check_ints("FindMistake", row=self.row, col=self.col)

    def __str__(self) -> str:
        return f"find the mistake on r{self.row}c{self.col}"


@dataclass(frozen=True, slots=True)
class Concede(Action):
    """Accept the loss (SU-6, SU-5; ruling SU-24): offered only when no placement is.

    JSON form: ``{"type": "concede"}``.
    """

    kind: ClassVar[str] = "concede"

    def __str__(self) -> str:
        return "concede"


@dataclass(frozen=True, slots=True)
class Colours(Action):
    """A chance outcome (SU-1, random assignment): each player's four colours, the shared one.

    Args:
        player1: Player 1's four colours, increasing.
        player2: Player 2's four colours, increasing.
        shared: the ninth colour: four pieces for each player, one spare.

    Raises:
        TypeError: not tuples of ints and an int.
        PositionError: not a split of the colours 1-9 into 4 + 4 + 1, or a
            tuple not in increasing order.

    JSON form: ``{"type": "colours", "player1": [...], "player2": [...], "shared": k}``.
    """

    kind: ClassVar[str] = "colours"

    player1: tuple[int, ...]
    player2: tuple[int, ...]
    shared: int

    def __post_init__(self) -> None:
        for name in ("player1", "player2"):
            value: object = getattr(self, name)
            if isinstance(value, list):
                value = tuple(value)
                object.__setattr__(self, name, value)
            if not isinstance(value, tuple):
                raise TypeError(
                    f"Colours {name} is a tuple of 4 colours, not {type(value).__name__}"
                )
            for colour in value:
                _check_ints("Colours", **{name: colour})
            if len(value) != 4 or list(value) != sorted(set(value)):
                raise PositionError(
                    f"Colours {name} {list(value)} is not 4 different colours, increasing"
                )
        _check_ints("Colours", shared=self.shared)
        if len({*self.player1, *self.player2, self.shared}) != 9:
            raise PositionError(
                f"Colours {list(self.player1)}, {list(self.player2)} and {self.shared} "
                "do not split the nine colours"
            )

    def __str__(self) -> str:
        one = "".join(map(str, self.player1))
        two = "".join(map(str, self.player2))
        return f"colours: Player 1 {one}, Player 2 {two}, shared {self.shared}"


@dataclass(frozen=True, slots=True)
class Observe(Action):
    """A chance outcome (SU-9): the observer points out the mistake on ``row``, ``col``.

    JSON form: ``{"type": "observe", "row": r, "col": c}``.
    """

    kind: ClassVar[str] = "observe"

    row: int
    col: int

    def __post_init__(self) -> None:
        _check_ints("Observe", row=self.row, col=self.col)

    def __str__(self) -> str:
        return f"the observer removes the piece on r{self.row}c{self.col}"


@dataclass(frozen=True, slots=True)
class Silent(Action):
    """A chance outcome (SU-9): the observer notices nothing this time.

    JSON form: ``{"type": "silent"}``.
    """

    kind: ClassVar[str] = "silent"

    def __str__(self) -> str:
        return "the observer is silent"


# Every fixed action, made once (legal actions are these very objects).
_PLACE = tuple(
    Place(cell // 9 + 1, cell % 9 + 1, colour) if colour else None
    for cell in range(81)
    for colour in range(10)
)  # index cell * 10 + colour
_POINT_OUT = tuple(PointOut(cell // 9 + 1, cell % 9 + 1) for cell in range(81))
_FIND = tuple(FindMistake(cell // 9 + 1, cell % 9 + 1) for cell in range(81))
_OBSERVE = tuple(Observe(cell // 9 + 1, cell % 9 + 1) for cell in range(81))
_CONCEDE = Concede()
_SILENT = Silent()


def _all_colours() -> tuple[Colours, ...]:
    found = []
    for shared in range(1, 10):
        rest = [k for k in range(1, 10) if k != shared]
        for first in combinations(rest, 4):
            second = tuple(k for k in rest if k not in first)
            found.append(Colours(first, second, shared))
    return tuple(found)


_COLOURS = _all_colours()
_COLOURS_OUTCOMES = tuple((action, Fraction(1, len(_COLOURS))) for action in _COLOURS)

# -- reading actions from JSON -------------------------------------------------------------------

_KINDS = action_kinds(Place, Claim, PointOut, FindMistake, Concede, Colours, Observe, Silent)
# The actions on a cell that are not placements, by type: index cell 0-80.
_ON_A_CELL: dict[str, tuple[Action, ...]] = {
    "point-out": _POINT_OUT,
    "find-mistake": _FIND,
    "observe": _OBSERVE,
}


def _small_int(value: object, low: int, high: int) -> bool:
    return _is_int(value) and low <= value <= high  # type: ignore[operator]


def _read_action(data: object) -> Action:
    """The action whose JSON form is ``data``; a :class:`RecordError` with its JSON path if none."""
    return read_action(data, _KINDS, make=_make)


def _make(kind: str, data: dict[str, object]) -> Action:
    """The action of ``kind`` with the members ``data``, checked as a whole (SU-1 to SU-10)."""
    for key in ("row", "col", "colour", "shared"):
        if key in data and not _small_int(data[key], 1, 9):
            what = f"a {key}" if key in ("row", "col") else "a colour"
            raise RecordError(f"$.{key}: {shown_json(data[key])} is not {what} 1-9")
    if kind == "place" or kind in _ON_A_CELL:
        row, col = data["row"], data["col"]
        # The asserts here are for the type checker: the checks above ensured them.
        assert isinstance(row, int) and isinstance(col, int)  # pragma: no mutate
        cell = (row - 1) * 9 + col - 1
        if kind in _ON_A_CELL:
            return _ON_A_CELL[kind][cell]
        colour = data["colour"]
        assert isinstance(colour, int)
        place: Place | None = _PLACE[cell * 10 + colour]
        assert place is not None
        return place
    if kind == "concede":
        return _CONCEDE
    if kind == "silent":
        return _SILENT
    if kind == "colours":
        for key in ("player1", "player2"):
            value = data[key]
            if not (
                isinstance(value, list)
                and len(value) == 4
                and all(_small_int(k, 1, 9) for k in value)
                and value == sorted(set(value))
            ):
                raise RecordError(
                    f"$.{key}: {shown_json(value)} is not a list of 4 different colours 1-9, "
                    "increasing"
                )
        player1, player2, shared = data["player1"], data["player2"], data["shared"]
        # for the type checker: the checks above ensured them
        assert isinstance(player1, list) and isinstance(player2, list)  # pragma: no mutate
        assert isinstance(shared, int)
        if len({*player1, *player2, shared}) != 9:
            raise RecordError("$: player1, player2 and shared do not split the nine colours 1-9")
        return Colours(tuple(player1), tuple(player2), shared)
    # a claim
    filling, seconds = data["filling"], data["seconds"]
    if not isinstance(filling, str):
        raise RecordError(f"$.filling: {shown_json(filling)} is not a board (a string)")
    try:
        board = Board.parse(filling)
    except NotationError as error:
        raise RecordError(f"$.filling: {error.reason}") from None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise RecordError(f"$.seconds: {shown_json(seconds)} is not a number of seconds")
    if not (math.isfinite(seconds) and seconds >= 0):
        raise RecordError(f"$.seconds: {shown_json(seconds)} is not a finite number >= 0")
    return Claim(board, seconds)
