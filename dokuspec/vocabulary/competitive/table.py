"""The table: everything public (Grids, Pools, the Decks' sizes, the Discard Piles), as JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dokuspec.errors import NotationError, PositionError, quote
from dokuspec.vocabulary.competitive.cards import Cards
from dokuspec.vocabulary.competitive.colours import BLACK, RED
from dokuspec.vocabulary.competitive.grid import Grid
from dokuspec.vocabulary.competitive.pools import Pool

__all__ = [
    "Table",
]


# -- the table -----------------------------------------------------------------------------------


def _pair(value: object, kind: type, what: str) -> tuple[Any, Any]:
    if not isinstance(value, tuple) or len(value) != 2:
        raise TypeError(f"Table {what} is a pair (Red's, Black's), not {quote(value)}")
    for item in value:
        if not isinstance(item, kind) or (kind is int and isinstance(item, bool)):
            raise TypeError(f"Table {what} holds {kind.__name__} values, not {type(item).__name__}")
    return value[0], value[1]


@dataclass(frozen=True, slots=True)
class Table:
    """Everything public on the table; every pair is (Red's, Black's).

    Attributes:
        grids: the Red player's Grid and the Black player's Grid.
        pools: the red Pool and the black Pool.
        decks: the number of cards in the Red player's Deck and in the Black
            player's Deck (their order is hidden, CS-8).
        discards: the Red player's and the Black player's Discard Piles (CS-14).

    Raises:
        TypeError: a member is not a pair of the right type.
        PositionError: a Pool of the wrong colour, or a negative Deck size.
    """

    grids: tuple[Grid, Grid]
    pools: tuple[Pool, Pool]
    decks: tuple[int, int]
    discards: tuple[Cards, Cards]

    def __post_init__(self) -> None:
        _pair(self.grids, Grid, "grids")
        red, black = _pair(self.pools, Pool, "pools")
        if red.colour != RED or black.colour != BLACK:
            raise PositionError("Table pools are (the red Pool, the black Pool)")
        for size in _pair(self.decks, int, "decks"):
            if size < 0:
                raise PositionError(f"a Deck holds 0 or more cards, not {size}")
        _pair(self.discards, Cards, "discards")

    def to_json(self) -> dict[str, Any]:
        """``{"grids": [str, str], "pools": [str, str], "decks": [n, n], "discards": [str, str]}``.

        Each value is the text form of the Grid, Pool or Cards, Red's first.
        """
        return {
            "grids": [str(g) for g in self.grids],
            "pools": [str(p) for p in self.pools],
            "decks": list(self.decks),
            "discards": [str(d) for d in self.discards],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Table:
        """Read :meth:`to_json`'s form.

        Raises:
            TypeError: ``data`` is not a mapping, or a Deck size not an int.
            NotationError: not exactly those keys, a member of the wrong
                shape, or a text form that cannot be read.
            PositionError: an impossible value.
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"a Table's JSON form is an object, not {type(data).__name__}")
        keys = {"grids", "pools", "decks", "discards"}
        if set(data) != keys:
            extra = sorted(set(data) - keys)
            missing = sorted(keys - set(data))
            raise NotationError(
                f"a Table's JSON form has the keys {sorted(keys)}: extra {extra}, missing {missing}"
            )
        parts: dict[str, tuple[Any, Any]] = {}
        for key in ("grids", "pools", "discards"):
            value = data[key]
            if not isinstance(value, list) or len(value) != 2:
                raise NotationError(f"Table {key} is a list of two strings")
            for item in value:
                if not isinstance(item, str):
                    raise NotationError(f"Table {key} is a list of two strings")
            parts[key] = (value[0], value[1])
        decks = data["decks"]
        if not isinstance(decks, list) or len(decks) != 2:
            raise NotationError("Table decks is a list of two ints")
        return cls(
            grids=(Grid.parse(parts["grids"][0]), Grid.parse(parts["grids"][1])),
            pools=(Pool.parse(parts["pools"][0]), Pool.parse(parts["pools"][1])),
            decks=(decks[0], decks[1]),
            discards=(Cards.parse(parts["discards"][0]), Cards.parse(parts["discards"][1])),
        )

    def __str__(self) -> str:
        red, black = self.grids
        return "\n".join(
            [
                f"Black's Grid: {black}",
                f"{self.pools[0]}",
                f"{self.pools[1]}",
                f"Red's Grid:   {red}",
                f"Decks: Red {self.decks[0]}, Black {self.decks[1]}; "
                f"Discard Piles: Red {len(self.discards[0])}, Black {len(self.discards[1])}",
            ]
        )

    def _repr_svg_(self) -> str:
        """The table as an SVG document, which Jupyter shows."""
        from dokuspec.render.competitive import table_svg  # noqa: PLC0415 - drawing loads when used

        return table_svg(self)
