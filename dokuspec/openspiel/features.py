"""Observation tensors: fixed-size vectors of numbers made from the engines' observations.

Each encoder reads only :attr:`Observation.data
<dokuspec.engine.base.Observation.data>`, what the engine lets one player
see (MD-9, TD-11; everything is public in Sumodoku and Competitive Sudoku),
so a tensor can never carry more than the observation: in Two-Doku no
face-down digit reaches it. Every encoder returns a list of exactly
:func:`tensor_size` numbers; one-hot blocks use 0 and 1, counts their value.
Nothing here needs OpenSpiel.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dokuspec.engine.base import JSONValue

__all__ = ["encode", "tensor_size"]

_CARD = re.compile(r"\b([rb])([1-9])\b")
_GRID_SLOT = re.compile(r"[rb][1-9]|\.\.")


def _one_hot(size: int, index: int | None) -> list[float]:
    vector = [0.0] * size
    if index is not None:
        vector[index] = 1.0
    return vector


def _actor(value: JSONValue) -> list[float]:
    """The player or marker to act, one-hot: player 0, player 1, chance, simultaneous, none."""
    slots = {0: 0, 1: 1, -1: 2, -2: 3}
    index = slots.get(value, 4) if isinstance(value, int) else 4
    return _one_hot(5, index)


def _dict(data: JSONValue) -> dict[str, JSONValue]:
    if not isinstance(data, dict):
        raise TypeError(f"an observation's data is a JSON object, not {type(data).__name__}")
    return data


def _ints(value: JSONValue) -> list[int]:
    assert isinstance(value, list)
    return [int(v) for v in value if isinstance(v, int)]


# -- Minidoku (MD-9): 80 + 4 + 2 + 1 + 10 + 2 + 1 + 5 = 105 -------------------------------------


def _minidoku(data: JSONValue) -> list[float]:
    d = _dict(data)
    board = d["board"]
    assert isinstance(board, list)
    out: list[float] = []
    for row in board:
        assert isinstance(row, str)
        for char in row:
            out += _one_hot(5, 0 if char == "." else int(char))
    hand = _ints(d["hand"])
    out += [float(hand.count(digit)) for digit in (1, 2, 3, 4)]
    out += [float(n) for n in _ints(d["hand_sizes"])]
    stock = d["stock"]
    out.append(float(stock) if isinstance(stock, int) else 0.0)
    bids = d["bids"]
    for player in (0, 1):
        out += _one_hot(5, _ints(bids)[player] if isinstance(bids, list) else 0)
    out += [float(n) for n in _ints(d["placed"])]
    passes = d["passes"]
    out.append(float(passes) if isinstance(passes, int) else 0.0)
    out += _actor(d["to_move"])
    return out


# -- Sumodoku (public): 810 + 9 + 18 + 18 + 2 + 3 + 81 + 81 + 1 = 1023 ---------------------------


_PIECE = re.compile(r"r([1-9])c([1-9])")


def _cell_mask(pieces: JSONValue) -> list[float]:
    """The cells of pieces written ``"r1c2=3"`` (one, a list of them, or ``None``)."""
    mask = [0.0] * 81
    items = pieces if isinstance(pieces, list) else [pieces]
    for piece in items:
        found = _PIECE.match(piece) if isinstance(piece, str) else None
        if found:
            mask[(int(found[1]) - 1) * 9 + int(found[2]) - 1] = 1.0
    return mask


def _sumodoku(data: JSONValue) -> list[float]:
    d = _dict(data)
    board = d["board"]
    assert isinstance(board, str)
    out: list[float] = []
    for char in board:
        out += _one_hot(10, 0 if char == "." else int(char))
    out += [float(n) for n in _ints(d["out"])]
    hands = d["hands"]
    assert isinstance(hands, list)
    for hand in hands:
        out += [float(n) for n in _ints(hand)]
    colours = d["colours"]
    assert isinstance(colours, list)
    for owned in colours:
        mine = set(_ints(owned))
        out += [1.0 if k in mine else 0.0 for k in range(1, 10)]
    out += [float(n) for n in _ints(d["turns"])]
    to_move = d["to_move"]
    # The rules' numbers: Player 1 (engine player 0), Player 2, or nobody/chance.
    out += _one_hot(3, to_move - 1 if isinstance(to_move, int) and to_move in (1, 2) else 2)
    out += _cell_mask(d["unnoticed"])
    out += _cell_mask(d["point_out"])
    out.append(1.0 if d["claim_open"] else 0.0)
    return out


# -- Competitive Sudoku (public): 2*9*19 + 4*18 + 2*18 + 2 + 19 + 5 + 2 = 478 -------------------


def _card_index(colour: str, rank: str) -> int:
    return (0 if colour == "r" else 9) + int(rank) - 1


def _card_counts(text: JSONValue) -> list[float]:
    counts = [0.0] * 18
    if isinstance(text, str):
        for colour, rank in _CARD.findall(text):
            counts[_card_index(colour, rank)] += 1
    return counts


def _competitive(data: JSONValue) -> list[float]:
    d = _dict(data)
    out: list[float] = []
    grids = d["grids"]
    assert isinstance(grids, list)
    for grid in grids:
        assert isinstance(grid, str)
        slots = _GRID_SLOT.findall(grid)
        if len(slots) != 9:
            raise ValueError(f"a Grid of 9 positions was expected, not {grid!r}")
        for slot in slots:
            out += _one_hot(19, 18 if slot == ".." else _card_index(slot[0], slot[1]))
    pools = d["pools"]
    assert isinstance(pools, list)
    for pool in pools:
        # The top cards of each Stack (after the last '|' of each), and every card in it.
        assert isinstance(pool, str)
        tops = "".join(part.split()[-1] if part.split() else "" for part in pool.split("|"))
        out += _card_counts(tops.replace("red:", "").replace("black:", ""))
        out += _card_counts(pool)
    discards = d["discards"]
    assert isinstance(discards, list)
    for pile in discards:
        out += _card_counts(pile)
    out += [float(n) for n in _ints(d["decks"])]
    drawn = d["drawn"]
    found = _CARD.findall(drawn) if isinstance(drawn, str) else []
    out += _one_hot(19, _card_index(*found[0]) if found else 18)
    out += _actor(d["to_act"])
    turns, trades = d["turns"], d["trades"]
    out += [float(turns) if isinstance(turns, int) else 0.0]
    out += [float(trades) if isinstance(trades, int) else 0.0]
    return out


# -- Two-Doku (TD-11): 81*(2+2+10) + 9 + 9 + 2 + 3 = 1157 ---------------------------------------


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


def _twodoku(data: JSONValue) -> list[float]:
    d = _dict(data)
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
        out += _one_hot(2, down_by.get(square))
        out += _one_hot(10, face_up.get(square, 0))
    pile = _ints(d["pile"]) if isinstance(d["pile"], list) else []
    pot = _ints(d["pot"]) if isinstance(d["pot"], list) else []
    out += [float(pile.count(digit)) for digit in range(1, 10)]
    out += [float(pot.count(digit)) for digit in range(1, 10)]
    sizes = d["pile_sizes"]
    assert isinstance(sizes, dict)
    out += [float(sizes.get("red", 0) or 0), float(sizes.get("blue", 0) or 0)]  # type: ignore[arg-type]
    to_move = d["to_move"]
    out += _one_hot(3, {"red": 0, "blue": 1}.get(to_move, 2) if isinstance(to_move, str) else 2)
    return out


_ENCODERS: dict[str, tuple[int, Callable[[JSONValue], list[float]]]] = {
    "minidoku": (105, _minidoku),
    "sumodoku": (1023, _sumodoku),
    "competitive": (478, _competitive),
    "twodoku": (1157, _twodoku),
}


def tensor_size(game: str) -> int:
    """The length of ``game``'s observation tensor.

    Raises:
        KeyError: no encoder for that game.
    """
    return _ENCODERS[game][0]


def encode(game: str, data: JSONValue) -> list[float]:
    """The observation tensor of one observation's ``data`` (its JSON form).

    Raises:
        KeyError: no encoder for that game.
        AssertionError: ``data`` has not the shape the engine gives (a bug).
    """
    size, encoder = _ENCODERS[game]
    vector = encoder(data)
    if len(vector) != size:
        raise AssertionError(f"{game}: a tensor of {len(vector)} numbers, not {size}")
    return vector
