"""Two-Doku's actions and chance outcomes, their JSON form and how a record's actions are
read (TD-5 to TD-13)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from dokuspec.engine.base import (
    Action,
    JSONValue,
    RecordError,
)
from dokuspec.errors import quote
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


class _Action(Action):
    """The base of this game's actions: pickled as their class and fields (fast, compact)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type[Action], tuple[object, ...]]:
        names: tuple[str, ...] = type(self).__slots__
        return type(self), tuple(getattr(self, name) for name in names)


@dataclass(frozen=True, slots=True)
class Colour(_Action):
    """Colour ``square`` in one's colour (TD-2)."""

    square: Square

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "colour", "row": r, "col": c}``."""
        return {"type": "colour", "row": self.square.row, "col": self.square.col}

    def __str__(self) -> str:
        return f"colour {self.square}"


@dataclass(frozen=True, slots=True)
class PlaceFaceDown(_Action):
    """Place one of one's four face-down dominoes on the empty white ``square`` (TD-3)."""

    square: Square

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "place-face-down", "row": r, "col": c}``."""
        return {"type": "place-face-down", "row": self.square.row, "col": self.square.col}

    def __str__(self) -> str:
        return f"place a face-down domino on {self.square}"


@dataclass(frozen=True, slots=True)
class DrawFaceDown(_Action):
    """A chance outcome: the next face-down domino, in placement order, carries ``digit`` (TD-3)."""

    digit: int

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "draw-face-down", "digit": d}``."""
        return {"type": "draw-face-down", "digit": self.digit}

    def __str__(self) -> str:
        return f"face-down digit {self.digit}"


@dataclass(frozen=True, slots=True)
class DealPot(_Action):
    """A chance outcome: the pot is dealt the digits ``low <= high`` (TD-4)."""

    low: int
    high: int

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "deal-pot", "digits": [low, high]}``."""
        return {"type": "deal-pot", "digits": [self.low, self.high]}

    def __str__(self) -> str:
        return f"deal the pot {self.low} {self.high}"


@dataclass(frozen=True, slots=True)
class DealCount(_Action):
    """A chance outcome: Red's pile is dealt ``count`` dominoes of ``digit`` (TD-4).

    Blue's pile receives the dominoes of that digit left over.
    """

    digit: int
    count: int

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "deal-count", "digit": d, "count": k}``."""
        return {"type": "deal-count", "digit": self.digit, "count": self.count}

    def __str__(self) -> str:
        return f"deal red {self.count} of digit {self.digit}"


@dataclass(frozen=True, slots=True)
class TakeFromPot(_Action):
    """Take a domino of ``digit`` from the pot into one's pile (TD-6, step 1)."""

    digit: int

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "take-pot", "digit": d}``."""
        return {"type": "take-pot", "digit": self.digit}

    def __str__(self) -> str:
        return f"take {self.digit} from the pot"


@dataclass(frozen=True, slots=True)
class TakeFromBoard(_Action):
    """Take the face-up domino on ``square`` into one's pile (TD-6 step 1, ruling TD-12)."""

    square: Square

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "take-board", "row": r, "col": c}``."""
        return {"type": "take-board", "row": self.square.row, "col": self.square.col}

    def __str__(self) -> str:
        return f"take the domino on {self.square}"


@dataclass(frozen=True, slots=True)
class PlayDomino(_Action):
    """Play a domino of ``digit`` from one's pile on the empty ``square`` (TD-6 to TD-8)."""

    digit: int
    square: Square

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "play", "digit": d, "row": r, "col": c}``."""
        return {"type": "play", "digit": self.digit, "row": self.square.row, "col": self.square.col}

    def __str__(self) -> str:
        return f"play {self.digit} on {self.square}"


@dataclass(frozen=True, slots=True)
class ReturnToPot(_Action):
    """Put a domino of ``digit`` from one's pile into the pot (TD-6, step 3)."""

    digit: int

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "return", "digit": d}``."""
        return {"type": "return", "digit": self.digit}

    def __str__(self) -> str:
        return f"put {self.digit} into the pot"


@dataclass(frozen=True, slots=True)
class EndTurn(_Action):
    """End one's turn now; at the start of a turn, a pass (TD-6)."""

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "end-turn"}``."""
        return {"type": "end-turn"}

    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True, slots=True)
class Reveal(_Action):
    """A chance outcome: the face-down domino on ``square`` is turned face up (TD-8)."""

    square: Square

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "reveal", "row": r, "col": c}``."""
        return {"type": "reveal", "row": self.square.row, "col": self.square.col}

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

# The members of each action's JSON form.
_ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "colour": ("row", "col"),
    "place-face-down": ("row", "col"),
    "draw-face-down": ("digit",),
    "deal-pot": ("digits",),
    "deal-count": ("digit", "count"),
    "take-pot": ("digit",),
    "take-board": ("row", "col"),
    "play": ("digit", "row", "col"),
    "return": ("digit",),
    "end-turn": (),
    "reveal": ("row", "col"),
}


def _shown(value: object) -> str:
    """A JSON value as it is written, kept short."""
    if isinstance(value, dict | list):
        return quote(value)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return quote(value)
    text = json.dumps(value)
    return text if len(text) <= 42 else text[:40] + '"...'


def _small_int(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _read_action(data: object) -> Action:
    """The action whose JSON form is ``data``; a :class:`RecordError` with its JSON path if none."""
    if isinstance(data, dict) and all(
        type(v) is str
        or v is None
        or _small_int(v, 0, COPIES)
        or (type(v) is list and all(_small_int(x, 1, 9) for x in v))
        for v in data.values()
    ):
        # A fast path: on a miss the checks below find the same action or the error.
        known = _KNOWN.get(json.dumps(data))  # pragma: no mutate
        if known is not None:
            return known
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
    for key in ("row", "col"):
        if key in fields and not _small_int(data[key], 1, 9):
            raise RecordError(f"$.{key}: {_shown(data[key])} is not a {key} 1-9")
    if "digit" in fields and not _small_int(data["digit"], 1, 9):
        raise RecordError(f"$.digit: {_shown(data['digit'])} is not a digit 1-9")
    if kind == "deal-count" and not _small_int(data["count"], 0, COPIES):
        raise RecordError(f"$.count: {_shown(data['count'])} is not a count 0-{COPIES}")
    if kind == "deal-pot":
        digits = data["digits"]
        if not (
            isinstance(digits, list)
            and len(digits) == 2
            and all(_small_int(d, 1, 9) for d in digits)
        ):
            raise RecordError(f"$.digits: {_shown(digits)} is not a list of two digits 1-9")
        if digits[0] > digits[1]:
            raise RecordError(f"$.digits: {_shown(digits)} is not in increasing order")
    # Every well-formed action is one of the actions made above.
    canonical = {key: data[key] for key in ("type", *fields)}
    found = _KNOWN.get(json.dumps(canonical))
    if found is None:  # pragma: no cover - every well-formed form is known
        # Unreachable (every well-formed form is known): its message is never seen.
        raise RecordError(f"$: {_shown(data)} is not an action")  # pragma: no mutate
    return found
