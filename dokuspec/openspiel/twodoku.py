"""Two-Doku as an OpenSpiel game: its action space, observation tensor and declaration.

Squares by their index 0-80. Action ids: ``Colour`` (81), ``PlaceFaceDown`` (81),
``TakeFromPot`` (9), ``TakeFromBoard`` (81), ``PlayDomino`` (729: digit, square),
``ReturnToPot`` (9), ``EndTurn``: 991 ids; chance: ``DrawFaceDown`` (9), ``DealPot`` (45 pairs
``low <= high``), ``DealCount`` (9 digits x counts 0-10), ``Reveal`` (81): 234 ids. Observation
tensor (TD-11): 81*(2+2+10) + 9 + 9 + 2 + 3 = 1157 numbers; no face-down digit reaches it.

Read through the game's plug-in (:attr:`dokuspec.games.GameSpec.openspiel`);
nothing here needs OpenSpiel.
"""

from __future__ import annotations

from dokuspec.engine import twodoku as td
from dokuspec.engine.base import Action, JSONValue
from dokuspec.openspiel.codec import ActionCodec
from dokuspec.openspiel.features import data_object, ints, one_hot
from dokuspec.openspiel.spec import OpenSpielSpec
from dokuspec.vocabulary.twodoku import ALL_SQUARES, COPIES

__all__ = ["OPENSPIEL"]


def _codec() -> ActionCodec:
    digits = range(1, 10)
    actions: list[Action | None] = [td.Colour(s) for s in ALL_SQUARES]
    actions += [td.PlaceFaceDown(s) for s in ALL_SQUARES]
    actions += [td.TakeFromPot(d) for d in digits]
    actions += [td.TakeFromBoard(s) for s in ALL_SQUARES]
    actions += [td.PlayDomino(d, s) for d in digits for s in ALL_SQUARES]
    actions += [td.ReturnToPot(d) for d in digits]
    actions += [td.EndTurn()]
    outcomes: list[Action] = [td.DrawFaceDown(d) for d in digits]
    outcomes += [td.DealPot(a, b) for a in digits for b in digits if a <= b]
    outcomes += [td.DealCount(d, k) for d in digits for k in range(COPIES + 1)]
    outcomes += [td.Reveal(s) for s in ALL_SQUARES]
    return ActionCodec("twodoku", tuple(actions), tuple(outcomes))


def _squares(value: JSONValue) -> list[int]:
    found = []
    for item in value if isinstance(value, list) else []:
        if isinstance(item, list) and len(item) == 2:
            row, col = item
        elif isinstance(item, dict):
            row, col = item.get("row"), item.get("col")
        else:
            continue
        assert isinstance(row, int) and isinstance(col, int)
        found.append((row - 1) * 9 + col - 1)
    return found


def _encode(data: JSONValue) -> list[float]:
    d = data_object(data)
    red = set(_squares(d["red_squares"]))
    blue = set(_squares(d["blue_squares"]))
    face_down = d["face_down"]
    assert isinstance(face_down, list)
    down_by: dict[int, int] = {}
    for item in face_down:
        assert isinstance(item, dict)
        (square,) = _squares([item])
        down_by[square] = 0 if item.get("placed_by") == "red" else 1
    face_up: dict[int, int] = {}
    items = d["face_up"]
    assert isinstance(items, list)
    for item in items:
        assert isinstance(item, dict)
        (square,) = _squares([item])
        digit = item.get("digit")
        assert isinstance(digit, int)
        face_up[square] = digit
    out: list[float] = []
    for square in range(81):
        out += [1.0 if square in red else 0.0, 1.0 if square in blue else 0.0]
        out += one_hot(2, down_by.get(square))
        out += one_hot(10, face_up.get(square, 0))
    pile = ints(d["pile"]) if isinstance(d["pile"], list) else []
    pot = ints(d["pot"]) if isinstance(d["pot"], list) else []
    out += [float(pile.count(digit)) for digit in range(1, 10)]
    out += [float(pot.count(digit)) for digit in range(1, 10)]
    sizes = d["pile_sizes"]
    assert isinstance(sizes, dict)
    out += [float(sizes.get("red", 0) or 0), float(sizes.get("blue", 0) or 0)]  # type: ignore[arg-type]
    to_move = d["to_move"]
    out += one_hot(3, {"red": 0, "blue": 1}.get(to_move, 2) if isinstance(to_move, str) else 2)
    return out


OPENSPIEL = OpenSpielSpec(
    long_name="dokuspec Two-Doku",
    perfect_information=False,
    zero_sum=True,
    codec=_codec,
    tensor_size=1157,
    encode=_encode,
)
"""Two-Doku (TD-1 to TD-18) as ``dokuspec_twodoku``."""
