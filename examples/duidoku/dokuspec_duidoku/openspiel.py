"""Duidoku as an OpenSpiel game: its action space, observation tensor and declaration.

Read through the game's plug-in (:attr:`dokuspec.games.GameSpec.openspiel`),
which makes it the pyspiel game ``dokuspec_duidoku``; nothing here needs
OpenSpiel.

* Action ids: ``Place(row, column, digit)`` at
  ``16 * (row - 1) + 4 * (column - 1) + digit - 1``: 64 ids, the cells row by
  row and the digits in order (DU-3). No chance outcome (DU-8).
* Observation tensor (DU-8: the whole position): for each cell row by row,
  5 numbers, one-hot: empty, 1, 2, 3, 4 (80); then the player to act,
  one-hot: player 0, player 1, nobody (the game is over, DU-4) (3): 83.
* Parameters: the engine's option ``board`` (the starting board, DU-2) is
  text with its four rows joined by ``/`` (``12../34../..../....``): a
  pyspiel game string reads a bare board line as a number (all digits) or
  refuses it (``.`` and digits).
"""

from __future__ import annotations

from dokuspec.engine.base import Action, JSONValue
from dokuspec.openspiel.codec import ActionCodec
from dokuspec.openspiel.spec import OpenSpielSpec, as_text

from dokuspec_duidoku.engine import Place
from dokuspec_duidoku.vocabulary import CELLS, DIGITS, SIZE, Board

__all__ = ["OPENSPIEL", "TENSOR_SIZE"]

TENSOR_SIZE = CELLS * (len(DIGITS) + 1) + 3
"""The length of an observation tensor: 83."""


def _codec() -> ActionCodec:
    actions: list[Action | None] = [
        Place(row, column, digit)
        for row in range(1, SIZE + 1)
        for column in range(1, SIZE + 1)
        for digit in DIGITS
    ]
    return ActionCodec("duidoku", tuple(actions), ())


def _encode(data: JSONValue) -> list[float]:
    """The tensor of an observation's data (``{"board", "moves", "to_move"}``), from it alone.

    Raises:
        TypeError: ``data`` is not an observation's data.
    """
    if not isinstance(data, dict):
        raise TypeError(f"an observation's data is a JSON object, not {type(data).__name__}")
    board, to_move = data.get("board"), data.get("to_move")
    if not isinstance(board, str) or len(board) != CELLS or not isinstance(to_move, int):
        raise TypeError("an observation's data holds a board line and the player to move")
    out: list[float] = []
    for char in board:
        slot = 0 if char == "." else int(char)
        out += [1.0 if value == slot else 0.0 for value in range(len(DIGITS) + 1)]
    slot = to_move if to_move in (0, 1) else 2
    out += [1.0 if value == slot else 0.0 for value in range(3)]
    return out


def _board_text(value: JSONValue) -> str:
    """The option ``board`` (a board line) as the parameter's text: rows joined by ``/``."""
    line = str(value)
    return "/".join(line[row * SIZE : (row + 1) * SIZE] for row in range(SIZE))


def _board_option(text: str) -> JSONValue:
    """The option ``board`` from the parameter's text (rows joined by ``/``).

    Raises:
        ValueError: not four rows of four characters joined by ``/``, or not
            a board line once joined (the message names the column, DU-7).
    """
    rows = text.split("/")
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise ValueError(f"board {text!r}: four rows of 4 cells joined by '/' are needed")
    return str(Board.parse("".join(rows)))


OPENSPIEL = OpenSpielSpec(
    long_name="dokuspec Duidoku",
    perfect_information=True,
    zero_sum=True,
    codec=_codec,
    tensor_size=TENSOR_SIZE,
    encode=_encode,
    options={"board": as_text("board", _board_text, _board_option)},
)
"""Duidoku (DU-1 to DU-8) as ``dokuspec_duidoku``: 64 action ids, an 83-number tensor."""
