"""Sumodoku's actions and chance outcomes, their JSON form and how a record's actions are
read (SU-2 to SU-10, rulings SU-20 to SU-38)."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from dokuspec.engine.base import (
    Action,
    EngineError,
    JSONValue,
    RecordError,
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


class _Action(Action):
    """The base of this game's actions: pickled as their class and fields (fast, compact)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type[Action], tuple[object, ...]]:
        names: tuple[str, ...] = type(self).__slots__
        return type(self), tuple(getattr(self, name) for name in names)


@dataclass(frozen=True, slots=True)
class Place(_Action):
    """Place one of one's own pieces of ``colour`` on the empty cell ``row``, ``col`` (SU-3).

    Raises:
        TypeError: a field is not an int.
        PositionError: a field is not 1-9.
    """

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

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "place", "row": r, "col": c, "colour": k}``."""
        return {"type": "place", "row": self.row, "col": self.col, "colour": self.colour}

    def __str__(self) -> str:
        return f"place colour {self.colour} on r{self.row}c{self.col}"


@dataclass(frozen=True, slots=True)
class Claim(_Action):
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
    """

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

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "claim", "filling": "<81 characters>", "seconds": s}``."""
        return {"type": "claim", "filling": str(self.filling), "seconds": self.seconds}

    def __str__(self) -> str:
        return f"claim Sudoku! with a filling after {self.seconds:g} s"


@dataclass(frozen=True, slots=True)
class PointOut(_Action):
    """Point out the opponent's last placement on ``row``, ``col`` as invalid (SU-7)."""

    row: int
    col: int

    def __post_init__(self) -> None:
        _check_ints("PointOut", row=self.row, col=self.col)

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "point-out", "row": r, "col": c}``."""
        return {"type": "point-out", "row": self.row, "col": self.col}

    def __str__(self) -> str:
        return f"point out r{self.row}c{self.col}"


@dataclass(frozen=True, slots=True)
class FindMistake(_Action):
    """Point out the earlier unnoticed invalid placement on ``row``, ``col`` (SU-8)."""

    row: int
    col: int

    def __post_init__(self) -> None:
        _check_ints("FindMistake", row=self.row, col=self.col)

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "find-mistake", "row": r, "col": c}``."""
        return {"type": "find-mistake", "row": self.row, "col": self.col}

    def __str__(self) -> str:
        return f"find the mistake on r{self.row}c{self.col}"


@dataclass(frozen=True, slots=True)
class Concede(_Action):
    """Accept the loss (SU-6, SU-5; ruling SU-24): offered only when no placement is."""

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "concede"}``."""
        return {"type": "concede"}

    def __str__(self) -> str:
        return "concede"


@dataclass(frozen=True, slots=True)
class Colours(_Action):
    """A chance outcome (SU-1, random assignment): each player's four colours, the shared one.

    Args:
        player1: Player 1's four colours, increasing.
        player2: Player 2's four colours, increasing.
        shared: the ninth colour: four pieces for each player, one spare.

    Raises:
        TypeError: not tuples of ints and an int.
        PositionError: not a split of the colours 1-9 into 4 + 4 + 1, or a
            tuple not in increasing order.
    """

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

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "colours", "player1": [...], "player2": [...], "shared": k}``."""
        return {
            "type": "colours",
            "player1": list(self.player1),
            "player2": list(self.player2),
            "shared": self.shared,
        }

    def __str__(self) -> str:
        one = "".join(map(str, self.player1))
        two = "".join(map(str, self.player2))
        return f"colours: Player 1 {one}, Player 2 {two}, shared {self.shared}"


@dataclass(frozen=True, slots=True)
class Observe(_Action):
    """A chance outcome (SU-9): the observer points out the mistake on ``row``, ``col``."""

    row: int
    col: int

    def __post_init__(self) -> None:
        _check_ints("Observe", row=self.row, col=self.col)

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "observe", "row": r, "col": c}``."""
        return {"type": "observe", "row": self.row, "col": self.col}

    def __str__(self) -> str:
        return f"the observer removes the piece on r{self.row}c{self.col}"


@dataclass(frozen=True, slots=True)
class Silent(_Action):
    """A chance outcome (SU-9): the observer notices nothing this time."""

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "silent"}``."""
        return {"type": "silent"}

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

_ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "place": ("row", "col", "colour"),
    "claim": ("filling", "seconds"),
    "point-out": ("row", "col"),
    "find-mistake": ("row", "col"),
    "concede": (),
    "colours": ("player1", "player2", "shared"),
    "observe": ("row", "col"),
    "silent": (),
}
# The actions on a cell that are not placements, by type: index cell 0-80.
_ON_A_CELL: dict[str, tuple[_Action, ...]] = {
    "point-out": _POINT_OUT,
    "find-mistake": _FIND,
    "observe": _OBSERVE,
}


def _shown(value: object) -> str:
    """A JSON value as it is written, kept short."""
    if isinstance(value, dict | list) or _is_int(value):
        # quote writes an int as JSON does, a long one by its size
        return quote(value)
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        return quote(value)
    return text if len(text) <= 42 else text[:40] + '"...'


def _small_int(value: object, low: int, high: int) -> bool:
    return _is_int(value) and low <= value <= high  # type: ignore[operator]


def _read_action(data: object) -> _Action:
    """The action whose JSON form is ``data``; a :class:`RecordError` with its JSON path if none."""
    if not isinstance(data, dict):
        raise RecordError(f"$: an action is a JSON object, not {_shown(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _ACTION_FIELDS:
        kinds = ", ".join(sorted(_ACTION_FIELDS))
        raise RecordError(f"$.type: {_shown(kind)} is not an action type ({kinds})")
    fields = _ACTION_FIELDS[kind]
    for key in data:
        if key != "type" and key not in fields:
            raise RecordError(f"$: a {kind} action has no member {_shown(key)}")
    for key in fields:
        if key not in data:
            raise RecordError(f"$: a {kind} action needs {json.dumps(key)}")
    for key in ("row", "col", "colour", "shared"):
        if key in fields and not _small_int(data[key], 1, 9):
            what = f"a {key}" if key in ("row", "col") else "a colour"
            raise RecordError(f"$.{key}: {_shown(data[key])} is not {what} 1-9")
    if kind == "place":
        index = ((data["row"] - 1) * 9 + data["col"] - 1) * 10 + data["colour"]
        place: Place | None = _PLACE[index]
        assert place is not None
        return place
    if kind in _ON_A_CELL:
        cell: int = (data["row"] - 1) * 9 + data["col"] - 1
        return _ON_A_CELL[kind][cell]
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
                    f"$.{key}: {_shown(value)} is not a list of 4 different colours 1-9, increasing"
                )
        if len({*data["player1"], *data["player2"], data["shared"]}) != 9:
            raise RecordError("$: player1, player2 and shared do not split the nine colours 1-9")
        return Colours(tuple(data["player1"]), tuple(data["player2"]), data["shared"])
    # a claim
    filling, seconds = data["filling"], data["seconds"]
    if not isinstance(filling, str):
        raise RecordError(f"$.filling: {_shown(filling)} is not a board (a string)")
    try:
        board = Board.parse(filling)
    except NotationError as error:
        raise RecordError(f"$.filling: {error.reason}") from None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise RecordError(f"$.seconds: {_shown(seconds)} is not a number of seconds")
    if not (math.isfinite(seconds) and seconds >= 0):
        raise RecordError(f"$.seconds: {_shown(seconds)} is not a finite number >= 0")
    return Claim(board, seconds)
