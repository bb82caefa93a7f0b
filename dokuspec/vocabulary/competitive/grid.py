"""Grids: nine positions, each empty or holding a card."""

from __future__ import annotations

import re
from collections.abc import Iterable

from dokuspec.errors import NotationError, PositionError, quote
from dokuspec.vocabulary.competitive.cards import Card, Cards, _read_card
from dokuspec.vocabulary.competitive.colours import _check_position, _check_str, position_name

__all__ = [
    "EMPTY_GRID",
    "Grid",
]


# -- grids ---------------------------------------------------------------------------------------


class Grid:
    """A player's 3x3 Grid: nine positions row by row, each a :class:`Card` or empty.

    Immutable, hashable, compares by contents. Written
    ``r1 r2 r3 / b4 b5 b6 / r7 .. r9`` (``..`` empty); ``Grid.parse(str(g)) == g``.

    Args:
        cards: nine items, each a :class:`Card` or ``None``, row by row.

    Raises:
        TypeError: an item is neither a Card nor None.
        PositionError: not nine positions.
    """

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[Card | None]) -> None:
        if isinstance(cards, (str, bytes)):
            raise TypeError("Grid takes nine cards or None; use Grid.parse() for text")
        items = tuple(cards)
        for item in items:
            if item is not None and not isinstance(item, Card):
                raise TypeError(f"a Grid position holds a Card or None, not {type(item).__name__}")
        if len(items) != 9:
            raise PositionError(f"a Grid has 9 positions, not {len(items)}")
        self._cards = items

    @classmethod
    def parse(cls, text: str) -> Grid:
        """Read nine positions row by row: cards (``r5``) or ``..``, rows optionally split by ``/``.

        Slashes, when present, must separate the rows: exactly two, after the
        third and the sixth position.

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: a bad token, a misplaced slash or not nine
                positions (with the column where it goes wrong).
        """
        body = _check_str(text, "Grid.parse()")
        cards: list[Card | None] = []
        slashes: list[int] = []
        for match in re.finditer(r"/|[^\s/]+", body):
            token, start = match.group(), match.start()
            if token == "/":
                if len(cards) not in (3, 6) or len(cards) in slashes:
                    raise NotationError(
                        f"a '/' separates rows, so it comes after position 3 or 6, "
                        f"not after {len(cards)} position{'' if len(cards) == 1 else 's'}",
                        line=1,
                        column=start + 1,
                    )
                slashes.append(len(cards))
                continue
            if len(cards) == 9:
                raise NotationError(
                    f"a Grid has 9 positions; {quote(token)} would be a tenth",
                    line=1,
                    column=start + 1,
                )
            cards.append(None if token == ".." else _read_card(token, start))
        if len(cards) != 9:
            raise NotationError(
                f"a Grid has 9 positions ('..' for an empty one), not {len(cards)}",
                line=1,
                column=len(body) + 1,
            )
        if slashes and slashes != [3, 6]:
            raise NotationError(
                "rows are separated by two slashes or none, not one", line=1, column=len(body) + 1
            )
        return cls(cards)

    @property
    def cards(self) -> tuple[Card | None, ...]:
        """The nine positions row by row (index 0-8), ``None`` for an empty one."""
        return self._cards

    @property
    def ranks(self) -> tuple[int | None, ...]:
        """The rank at each position (index 0-8), ``None`` for an empty one."""
        return tuple(None if card is None else card.rank for card in self._cards)

    @property
    def is_full(self) -> bool:
        """Whether no position is empty."""
        return None not in self._cards

    def at(self, position: int) -> Card | None:
        """The card at ``position`` (1-9), or ``None``.

        Raises:
            TypeError: ``position`` is not an int.
            PositionError: ``position`` is not 1-9.
        """
        return self._cards[_check_position(position) - 1]

    def empty_positions(self) -> tuple[int, ...]:
        """The empty positions, numbered 1-9."""
        return tuple(i + 1 for i, card in enumerate(self._cards) if card is None)

    def contents(self) -> Cards:
        """The cards on the Grid."""
        return Cards(card for card in self._cards if card is not None)

    def replaced(self, position: int, card: Card | None) -> Grid:
        """This Grid with ``position`` (1-9) holding ``card`` (or emptied, with ``None``)."""
        index = _check_position(position) - 1
        if card is not None and not isinstance(card, Card):
            raise TypeError(f"a Grid position holds a Card or None, not {type(card).__name__}")
        cards = list(self._cards)
        cards[index] = card
        return Grid(cards)

    def with_card(self, position: int, card: Card) -> Grid:
        """This Grid with ``card`` placed on the empty ``position`` (1-9).

        Raises:
            PositionError: the position is not empty.
        """
        if not isinstance(card, Card):
            raise TypeError(f"a Card is needed, not {type(card).__name__}")
        if self.at(position) is not None:
            raise PositionError(f"{position_name(position)} already holds {self.at(position)}")
        return self.replaced(position, card)

    def without(self, position: int) -> Grid:
        """This Grid with ``position`` (1-9) emptied."""
        return self.replaced(position, None)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self._cards == other._cards

    def __hash__(self) -> int:
        return hash(self._cards)

    def __str__(self) -> str:
        shown = [".." if card is None else str(card) for card in self._cards]
        return " / ".join(" ".join(shown[r : r + 3]) for r in (0, 3, 6))

    def __repr__(self) -> str:
        return f"Grid.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The Grid as an SVG document, which Jupyter shows."""
        from dokuspec.render.competitive import grid_svg  # noqa: PLC0415 - drawing loads when used

        return grid_svg(self)


EMPTY_GRID = Grid([None] * 9)
