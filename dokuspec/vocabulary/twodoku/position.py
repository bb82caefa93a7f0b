"""Game positions: the board face up and face down, pot, piles and hands."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from dokuspec.errors import DokuspecError, PositionError
from dokuspec.vocabulary.twodoku.colouring import Colouring
from dokuspec.vocabulary.twodoku.dominoes import Dominoes, _dominoes_of
from dokuspec.vocabulary.twodoku.members import MemberError, _check_digit
from dokuspec.vocabulary.twodoku.players import (
    COPIES,
    DIGITS,
    FACE_DOWN_COUNT,
    FACE_DOWN_EACH,
    PLAYERS,
    RED,
    _check_player,
    player_index,
    player_name,
)
from dokuspec.vocabulary.twodoku.schema import _dumps, _read_json
from dokuspec.vocabulary.twodoku.squares import ALL_SQUARES, Square, _square_of

__all__ = [
    "FaceDown",
    "Position",
]


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
