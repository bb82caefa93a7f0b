"""Two-Doku's actions and chance outcomes, their JSON form and how a record's actions are
read (TD-5 to TD-13)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from dokuspec.engine.base import (
    Action,
    JSONValue,
    RecordError,
    action_kinds,
    read_action,
    shown_json,
)
from dokuspec.vocabulary.twodoku import (
    ALL_SQUARES,
    COPIES,
    Square,
)

__all__ = [
    "Colour",
    "DealCount",
    "DealPot",
    "DrawFaceDown",
    "EndTurn",
    "PlaceFaceDown",
    "PlayDomino",
    "ReturnToPot",
    "Reveal",
    "TakeFromBoard",
    "TakeFromPot",
]

# -- squares -------------------------------------------------------------------------------------

_PEERS = tuple(tuple(sorted(p.index for p in square.peers)) for square in ALL_SQUARES)
_RED_BIT, _BLUE_BIT = 1, 2
_BITS = (_RED_BIT, _BLUE_BIT)
_NAMES = ("Red", "Blue")  # the players' names in sentences
_FACE_DOWN_UNKNOWN = -10  # a face-down domino whose digit is not drawn yet


# -- actions -------------------------------------------------------------------------------------


class _OnASquare(Action):
    """An action on one square, whose JSON form gives the square's row and column."""

    __slots__ = ()

    json_members: ClassVar[tuple[str, ...] | None] = ("row", "col")
    square: Square

    def json_values(self) -> dict[str, JSONValue]:
        """The square as its row and column."""
        return {"row": self.square.row, "col": self.square.col}

    @classmethod
    def from_members(cls, values: Mapping[str, object]) -> Action:
        """The action on the square of ``values["row"]``, ``values["col"]``."""
        row, col = values["row"], values["col"]
        assert isinstance(row, int) and isinstance(col, int)
        return cls(ALL_SQUARES[(row - 1) * 9 + col - 1])  # type: ignore[call-arg]


@dataclass(frozen=True, slots=True)
class Colour(_OnASquare):
    """Colour ``square`` in one's colour (TD-2).

    JSON form: ``{"type": "colour", "row": r, "col": c}``.
    """

    kind: ClassVar[str] = "colour"
    square: Square

    def __str__(self) -> str:
        return f"colour {self.square}"


@dataclass(frozen=True, slots=True)
class PlaceFaceDown(_OnASquare):
    """Place one of one's four face-down dominoes on the empty white ``square`` (TD-3).

    JSON form: ``{"type": "place-face-down", "row": r, "col": c}``.
    """

    kind: ClassVar[str] = "place-face-down"
    square: Square

    def __str__(self) -> str:
        return f"place a face-down domino on {self.square}"


@dataclass(frozen=True, slots=True)
class DrawFaceDown(Action):
    """A chance outcome: the next face-down domino, in placement order, carries ``digit`` (TD-3).

    JSON form: ``{"type": "draw-face-down", "digit": d}``.
    """

    kind: ClassVar[str] = "draw-face-down"

    digit: int

    def __str__(self) -> str:
        return f"face-down digit {self.digit}"


@dataclass(frozen=True, slots=True)
class DealPot(Action):
    """A chance outcome: the pot is dealt the digits ``low <= high`` (TD-4).

    JSON form: ``{"type": "deal-pot", "digits": [low, high]}``.
    """

    kind: ClassVar[str] = "deal-pot"
    json_members: ClassVar[tuple[str, ...] | None] = ("digits",)

    low: int
    high: int

    def json_values(self) -> dict[str, JSONValue]:
        """The two digits as a list: ``{"digits": [low, high]}``."""
        return {"digits": [self.low, self.high]}

    @classmethod
    def from_members(cls, values: Mapping[str, object]) -> Action:
        """The deal of ``values["digits"]``, ``[low, high]``."""
        digits = values["digits"]
        assert isinstance(digits, list)
        return cls(*digits)

    def __str__(self) -> str:
        return f"deal the pot {self.low} {self.high}"


@dataclass(frozen=True, slots=True)
class DealCount(Action):
    """A chance outcome: Red's pile is dealt ``count`` dominoes of ``digit`` (TD-4).

    Blue's pile receives the dominoes of that digit left over.

    JSON form: ``{"type": "deal-count", "digit": d, "count": k}``.
    """

    kind: ClassVar[str] = "deal-count"

    digit: int
    count: int

    def __str__(self) -> str:
        return f"deal red {self.count} of digit {self.digit}"


@dataclass(frozen=True, slots=True)
class TakeFromPot(Action):
    """Take a domino of ``digit`` from the pot into one's pile (TD-6, step 1).

    JSON form: ``{"type": "take-pot", "digit": d}``.
    """

    kind: ClassVar[str] = "take-pot"

    digit: int

    def __str__(self) -> str:
        return f"take {self.digit} from the pot"


@dataclass(frozen=True, slots=True)
class TakeFromBoard(_OnASquare):
    """Take the face-up domino on ``square`` into one's pile (TD-6 step 1, ruling TD-12).

    JSON form: ``{"type": "take-board", "row": r, "col": c}``.
    """

    kind: ClassVar[str] = "take-board"
    square: Square

    def __str__(self) -> str:
        return f"take the domino on {self.square}"


@dataclass(frozen=True, slots=True)
class PlayDomino(Action):
    """Play a domino of ``digit`` from one's pile on the empty ``square`` (TD-6 to TD-8).

    JSON form: ``{"type": "play", "digit": d, "row": r, "col": c}``.
    """

    kind: ClassVar[str] = "play"
    json_members: ClassVar[tuple[str, ...] | None] = ("digit", "row", "col")

    digit: int
    square: Square

    def json_values(self) -> dict[str, JSONValue]:
        """The digit, then the square as its row and column."""
        return {"digit": self.digit, "row": self.square.row, "col": self.square.col}

    @classmethod
    def from_members(cls, values: Mapping[str, object]) -> Action:
        """The play of ``values["digit"]`` on the square of ``values["row"]``, ``values["col"]``."""
        square = ALL_SQUARES[(values["row"] - 1) * 9 + values["col"] - 1]  # type: ignore[operator]
        digit = values["digit"]
        assert isinstance(digit, int)
        return cls(digit, square)

    def __str__(self) -> str:
        return f"play {self.digit} on {self.square}"


@dataclass(frozen=True, slots=True)
class ReturnToPot(Action):
    """Put a domino of ``digit`` from one's pile into the pot (TD-6, step 3).

    JSON form: ``{"type": "return", "digit": d}``.
    """

    kind: ClassVar[str] = "return"

    digit: int

    def __str__(self) -> str:
        return f"put {self.digit} into the pot"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End one's turn now; at the start of a turn, a pass (TD-6).

    JSON form: ``{"type": "end-turn"}``.
    """

    kind: ClassVar[str] = "end-turn"

    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True, slots=True)
class Reveal(_OnASquare):
    """A chance outcome: the face-down domino on ``square`` is turned face up (TD-8).

    JSON form: ``{"type": "reveal", "row": r, "col": c}``.
    """

    kind: ClassVar[str] = "reveal"
    square: Square

    def __str__(self) -> str:
        return f"reveal the face-down domino on {self.square}"


# Every action the engine offers, made once (legal actions are these very objects).
_DIGITS = range(1, 10)
_COLOUR = tuple(Colour(s) for s in ALL_SQUARES)
_PLACE = tuple(PlaceFaceDown(s) for s in ALL_SQUARES)
_DRAW = {d: DrawFaceDown(d) for d in _DIGITS}
_POT = {(a, b): DealPot(a, b) for a in _DIGITS for b in _DIGITS if a <= b}
_COUNT = tuple(tuple(DealCount(d, k) for k in range(COPIES + 1)) if d else () for d in range(10))
_TAKE_POT = {d: TakeFromPot(d) for d in _DIGITS}
_TAKE_BOARD = tuple(TakeFromBoard(s) for s in ALL_SQUARES)
_PLAY = {d: tuple(PlayDomino(d, s) for s in ALL_SQUARES) for d in _DIGITS}
_RETURN = {d: ReturnToPot(d) for d in _DIGITS}
_END_TURN = EndTurn()
_REVEAL = tuple(Reveal(s) for s in ALL_SQUARES)

_KNOWN: dict[str, Action] = {
    json.dumps(action.to_json()): action
    for action in (
        *_COLOUR,
        *_PLACE,
        *_DRAW.values(),
        *_POT.values(),
        *(a for row in _COUNT for a in row),
        *_TAKE_POT.values(),
        *_TAKE_BOARD,
        *(a for row in _PLAY.values() for a in row),
        *_RETURN.values(),
        _END_TURN,
        *_REVEAL,
    )
}

_KINDS = action_kinds(
    Colour,
    PlaceFaceDown,
    DrawFaceDown,
    DealPot,
    DealCount,
    TakeFromPot,
    TakeFromBoard,
    PlayDomino,
    ReturnToPot,
    EndTurn,
    Reveal,
)
_OWN = frozenset(_KINDS.values())  # Two-Doku's kinds of action (not another game's)


def _small_int(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _read_action(data: object) -> Action:
    """The action whose JSON form is ``data``; a :class:`RecordError` with its JSON path if none."""
    # A fast path for the forms the engine writes, guarded so that only JSON values reach
    # json.dumps: a stricter guard only sends more forms down the checks below, which find
    # the same action or the error, so its mutants change nothing.
    if isinstance(data, dict) and all(
        type(v) is str  # pragma: no mutate
        or v is None  # pragma: no mutate
        or _small_int(v, 0, COPIES)  # pragma: no mutate
        or (type(v) is list and all(_small_int(x, 1, 9) for x in v))  # pragma: no mutate
        for v in data.values()
    ):
        known = _KNOWN.get(json.dumps(data))  # pragma: no mutate
        if known is not None:
            return known
    return read_action(data, _KINDS, make=_make)


def _make(kind: str, data: dict[str, object]) -> Action:
    """The action of ``kind`` with the members ``data``, checked as a whole (TD-2 to TD-8)."""
    for key in ("row", "col"):
        if key in data and not _small_int(data[key], 1, 9):
            raise RecordError(f"$.{key}: {shown_json(data[key])} is not a {key} 1-9")
    if "digit" in data and not _small_int(data["digit"], 1, 9):
        raise RecordError(f"$.digit: {shown_json(data['digit'])} is not a digit 1-9")
    if kind == "deal-count" and not _small_int(data["count"], 0, COPIES):
        raise RecordError(f"$.count: {shown_json(data['count'])} is not a count 0-{COPIES}")
    if kind == "deal-pot":
        digits = data["digits"]
        if not (
            isinstance(digits, list)
            and len(digits) == 2
            and all(_small_int(d, 1, 9) for d in digits)
        ):
            raise RecordError(f"$.digits: {shown_json(digits)} is not a list of two digits 1-9")
        if digits[0] > digits[1]:
            raise RecordError(f"$.digits: {shown_json(digits)} is not in increasing order")
    # Every well-formed action is one of the actions made above.
    found = _KNOWN.get(json.dumps({"type": kind, **data}))
    if found is None:  # pragma: no cover - every well-formed form is known
        # Unreachable (every well-formed form is known): its message is never seen.
        raise RecordError(f"$: {shown_json(data)} is not an action")  # pragma: no mutate
    return found
