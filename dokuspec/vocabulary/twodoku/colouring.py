"""The colouring: the 36 squares each player coloured (TD-2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from dokuspec.errors import NotationError, OffBoardError, PositionError
from dokuspec.vocabulary.jsontext import (
    json_kind,
    json_path,
    json_value,
)
from dokuspec.vocabulary.twodoku.dominoes import _squares_of
from dokuspec.vocabulary.twodoku.players import (
    BLUE,
    RED,
    SQUARES_EACH,
    _is_int,
    player_index,
    player_name,
)
from dokuspec.vocabulary.twodoku.squares import ALL_SQUARES, Square, _square_of

__all__ = [
    "Colouring",
]


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
