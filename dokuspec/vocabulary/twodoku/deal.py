"""Deals: the colouring, the eight face-down dominoes, pot and piles (TD-2 to TD-4)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from dokuspec.errors import DokuspecError
from dokuspec.vocabulary.twodoku.colouring import Colouring
from dokuspec.vocabulary.twodoku.dominoes import Dominoes
from dokuspec.vocabulary.twodoku.members import _check_digit, _member
from dokuspec.vocabulary.twodoku.players import PLAYERS, _is_int, player_index
from dokuspec.vocabulary.twodoku.schema import _dumps, _read_json
from dokuspec.vocabulary.twodoku.squares import Square

__all__ = [
    "DEAL_KEYS",
    "Deal",
    "DealFaceDown",
]


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


_T = TypeVar("_T")


def _unchecked(cls: type[_T], values: tuple[object, ...]) -> _T:
    """An instance of the frozen dataclass ``cls`` with its fields set to ``values`` in order,
    without ``__post_init__``'s checks."""
    made = object.__new__(cls)
    for name, value in zip(cls.__match_args__, values, strict=True):  # type: ignore[attr-defined]
        object.__setattr__(made, name, value)
    return made


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

    @classmethod
    def _unchecked(cls, row: int, col: int, digit: int, placed_by: str) -> DealFaceDown:
        """A face-down domino built without the type checks, for code whose values are of
        the right types by construction (the sampler of :func:`dokuspec.twodoku.deal`)."""
        return _unchecked(cls, (row, col, digit, placed_by))

    def to_json(self) -> dict[str, Any]:
        """``{"row": r, "col": c, "digit": d, "placed_by": "red"}``."""
        return {"row": self.row, "col": self.col, "digit": self.digit, "placed_by": self.placed_by}


DEAL_KEYS = ("red_squares", "blue_squares", "face_down", "pot", "red", "blue")


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

    @classmethod
    def _unchecked(
        cls,
        red_squares: tuple[tuple[int, int], ...],
        blue_squares: tuple[tuple[int, int], ...],
        face_down: tuple[DealFaceDown, ...],
        pot: tuple[int, ...],
        red: tuple[int, ...],
        blue: tuple[int, ...],
    ) -> Deal:
        """A deal built without the type checks, for code whose values are of the right
        types by construction (the sampler of :func:`dokuspec.twodoku.deal`)."""
        return _unchecked(cls, (red_squares, blue_squares, face_down, pot, red, blue))

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
