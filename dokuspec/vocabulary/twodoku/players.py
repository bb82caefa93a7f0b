"""Two-Doku's players and the game's counts (TD-1 to TD-4), and the words messages use for them."""

from __future__ import annotations

from typing import Final

from dokuspec.errors import PositionError, quote

__all__ = [
    "BLUE",
    "COPIES",
    "DIGITS",
    "DOMINO_COUNT",
    "FACE_DOWN_COUNT",
    "FACE_DOWN_EACH",
    "HIGH_DIGITS",
    "PHASES",
    "PILE_SIZE",
    "PLAYERS",
    "PLAY_RESULTS",
    "POT_SIZE",
    "RED",
    "SQUARES_EACH",
    "counted",
    "other_player",
    "player_index",
    "player_name",
]


RED: Final = "red"

BLUE: Final = "blue"

PLAYERS = (RED, BLUE)

DIGITS = range(1, 10)

COPIES = 10

DOMINO_COUNT = 90

SQUARES_EACH = 36

FACE_DOWN_EACH = 4

FACE_DOWN_COUNT = 8

POT_SIZE = 2

PILE_SIZE = 40

HIGH_DIGITS = (7, 8, 9)

PHASES = ("colouring", "placing", "dealing", "play", "over")

PLAY_RESULTS = ("placed", "clash", "hidden-clash", "not-allowed")

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
