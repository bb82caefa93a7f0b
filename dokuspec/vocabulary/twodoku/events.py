"""The events of play, Take, Play and Return, in the order a player sees them (TD-5 to TD-9)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from dokuspec.errors import NotationError, PositionError, quote
from dokuspec.vocabulary.twodoku.members import _check_digit
from dokuspec.vocabulary.twodoku.players import (
    _SOURCES,
    PLAY_RESULTS,
    RED,
    _check_player,
    player_name,
)
from dokuspec.vocabulary.twodoku.schema import _read_json
from dokuspec.vocabulary.twodoku.squares import Square, _square_of

__all__ = [
    "Event",
    "Play",
    "Return",
    "Take",
    "event_from_json",
]


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
