"""Minidoku as an OpenSpiel game: its action space, observation tensor and declaration.

Action ids: ``Place(digit, row, column)`` at ``(digit - 1) * 16 + (row - 1) * 4 + column -
1`` (64), ``Pass`` (64), ``Bid(digit)`` at ``64 + digit`` (65-68): 69 ids; chance:
``Draw(digit)`` at ``digit - 1``: 4 ids. Observation tensor (MD-9): 80 + 4 + 2 + 1 + 10 + 2 +
1 + 5 = 105 numbers.

Read through the game's plug-in (:attr:`dokuspec.games.GameSpec.openspiel`);
nothing here needs OpenSpiel.
"""

from __future__ import annotations

from dokuspec.engine import minidoku as md
from dokuspec.engine.base import Action, Game, JSONValue
from dokuspec.openspiel.codec import ActionCodec
from dokuspec.openspiel.features import actor, data_object, ints, one_hot
from dokuspec.openspiel.spec import OpenSpielSpec

__all__ = ["OPENSPIEL"]


def _codec() -> ActionCodec:
    places: list[Action | None] = [
        md.Place(digit, row, column)
        for digit in md.DIGITS
        for row in range(1, 5)
        for column in range(1, 5)
    ]
    actions = [*places, md.Pass(), *(md.Bid(digit) for digit in md.DIGITS)]
    return ActionCodec("minidoku", tuple(actions), tuple(md.Draw(d) for d in md.DIGITS))


def _encode(data: JSONValue) -> list[float]:
    d = data_object(data)
    board = d["board"]
    assert isinstance(board, list)
    out: list[float] = []
    for row in board:
        assert isinstance(row, str)
        for char in row:
            out += one_hot(5, 0 if char == "." else int(char))
    hand = ints(d["hand"])
    out += [float(hand.count(digit)) for digit in (1, 2, 3, 4)]
    out += [float(n) for n in ints(d["hand_sizes"])]
    stock = d["stock"]
    out.append(float(stock) if isinstance(stock, int) else 0.0)
    bids = d["bids"]
    for player in (0, 1):
        out += one_hot(5, ints(bids)[player] if isinstance(bids, list) else 0)
    out += [float(n) for n in ints(d["placed"])]
    passes = d["passes"]
    out.append(float(passes) if isinstance(passes, int) else 0.0)
    out += actor(d["to_move"])
    return out


def _extra_steps(game: Game) -> int:
    """The bid (MD-3), a simultaneous node, becomes two turns."""
    return 1


OPENSPIEL = OpenSpielSpec(
    long_name="dokuspec Minidoku",
    perfect_information=False,
    zero_sum=True,
    codec=_codec,
    tensor_size=105,
    encode=_encode,
    extra_steps=_extra_steps,
)
"""Minidoku (MD-1 to MD-9) as ``dokuspec_minidoku``."""
