"""Competitive Sudoku as an OpenSpiel game: its action space, observation tensor and declaration.

Cards by their index 0-17 (red ranks 1-9, then black ranks 1-9). Action ids: ``Pick`` (18),
``Place`` (162), ``Swap`` (486: card, position, stack ``None``/1/2), ``Return`` (54), ``Take``
(4), ``Flood`` (2), ``TakeDeck``, ``Pass``, ``Concede``, ``Continue``: 730 ids; chance:
``Draw`` (18), ``Toss`` (2): 20 ids. Observation tensor (public): 2*9*19 + 4*18 + 2*18 + 2 + 19
+ 5 + 2 = 478 numbers. Perfect information in the rules (CS-8), but the simultaneous
placements (CS-6) become two turns in a row, the second player not seeing the first's card.

Read through the game's plug-in (:attr:`dokuspec.games.GameSpec.openspiel`);
nothing here needs OpenSpiel.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import cast

from dokuspec.engine import competitive as cs
from dokuspec.engine.base import Action, Game, JSONValue
from dokuspec.openspiel.codec import ActionCodec
from dokuspec.openspiel.features import actor, data_object, ints, one_hot
from dokuspec.openspiel.spec import OpenSpielSpec, OptionParameters
from dokuspec.vocabulary.competitive import CARD_BY_INDEX

__all__ = ["OPENSPIEL"]

_CARD = re.compile(r"\b([rb])([1-9])\b")
_GRID_SLOT = re.compile(r"[rb][1-9]|\.\.")


def _codec() -> ActionCodec:
    cards = CARD_BY_INDEX
    stacks: Sequence[int | None] = (None, 1, 2)
    actions: list[Action | None] = [cs.Pick(card) for card in cards]
    actions += [cs.Place(card, p) for card in cards for p in range(1, 10)]
    actions += [cs.Swap(card, p, s) for card in cards for p in range(1, 10) for s in stacks]
    actions += [cs.Return(card, s) for card in cards for s in stacks]
    actions += [cs.Take(colour, s) for colour in ("r", "b") for s in (1, 2)]
    actions += [cs.Flood(colour) for colour in ("r", "b")]
    actions += [cs.TakeDeck(), cs.Pass(), cs.Concede(), cs.Continue()]
    outcomes: list[Action] = [cs.Draw(card) for card in cards]
    outcomes += [cs.Toss(0), cs.Toss(1)]
    return ActionCodec("competitive", tuple(actions), tuple(outcomes))


def _card_index(colour: str, rank: str) -> int:
    return (0 if colour == "r" else 9) + int(rank) - 1


def _card_counts(text: JSONValue) -> list[float]:
    counts = [0.0] * 18
    if isinstance(text, str):
        for colour, rank in _CARD.findall(text):
            counts[_card_index(colour, rank)] += 1
    return counts


def _encode(data: JSONValue) -> list[float]:
    d = data_object(data)
    out: list[float] = []
    grids = d["grids"]
    assert isinstance(grids, list)
    for grid in grids:
        assert isinstance(grid, str)
        slots = _GRID_SLOT.findall(grid)
        if len(slots) != 9:
            raise ValueError(f"a Grid of 9 positions was expected, not {grid!r}")
        for slot in slots:
            out += one_hot(19, 18 if slot == ".." else _card_index(slot[0], slot[1]))
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
    out += [float(n) for n in ints(d["decks"])]
    drawn = d["drawn"]
    found = _CARD.findall(drawn) if isinstance(drawn, str) else []
    out += one_hot(19, _card_index(*found[0]) if found else 18)
    out += actor(d["to_act"])
    turns, trades = d["turns"], d["trades"]
    out += [float(turns) if isinstance(turns, int) else 0.0]
    out += [float(trades) if isinstance(trades, int) else 0.0]
    return out


def _extra_steps(game: Game) -> int:
    """Each simultaneous node becomes two turns: the 5 placement rounds (CS-21) and at most
    ``max_trades + 1`` concede-or-continue choices."""
    trades = game.options["max_trades"]  # an int, by the option's schema
    return 5 + cast(int, trades) + 1


def _power_series_points() -> OptionParameters:
    """``power_series_points`` (CS-20): an integer, or ``"as_straight"`` as -1."""
    name = "power_series_points"
    return OptionParameters(
        (name,),
        lambda value: {name: -1 if value == "as_straight" else value},
        lambda params: "as_straight" if params[name] == -1 else params[name],
    )


OPENSPIEL = OpenSpielSpec(
    long_name="dokuspec Competitive Sudoku",
    perfect_information=False,
    zero_sum=False,
    codec=_codec,
    tensor_size=478,
    encode=_encode,
    options={"power_series_points": _power_series_points()},
    extra_steps=_extra_steps,
)
"""Competitive Sudoku (CS-1 to CS-25) as ``dokuspec_competitive``."""
