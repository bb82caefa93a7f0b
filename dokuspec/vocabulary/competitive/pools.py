"""Stacks of at most two cards, and the Pools of Stacks of one colour."""

from __future__ import annotations

from collections.abc import Iterable

from dokuspec.errors import NotationError, PositionError, quote
from dokuspec.vocabulary.competitive.cards import Card, Cards, _read_card
from dokuspec.vocabulary.competitive.colours import (
    _COLOUR_NAMES,
    _TOKEN,
    BLACK,
    MAX_STACK_HEIGHT,
    RED,
    _check_colour,
    _check_str,
)

__all__ = [
    "Pool",
    "Stack",
]


# -- stacks and pools ----------------------------------------------------------------------------


class Stack:
    """A Stack of a Pool: 1 or 2 cards, bottom first (CS-12); the last card is on top.

    Written as its cards bottom first: ``r3 r5``.

    Raises:
        TypeError: an element is not a :class:`Card`.
        PositionError: no card, or more than 2.
    """

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[Card]) -> None:
        if isinstance(cards, (str, bytes)):
            raise TypeError("Stack takes cards; use Stack.parse() for text")
        items = tuple(cards)
        for item in items:
            if not isinstance(item, Card):
                raise TypeError(f"a Stack holds Card values, not {type(item).__name__}")
        if not 1 <= len(items) <= MAX_STACK_HEIGHT:
            raise PositionError(f"a Stack holds 1 or 2 cards, not {len(items)}")
        self._cards = items

    @classmethod
    def parse(cls, text: str) -> Stack:
        """Read a Stack: 1 or 2 cards, bottom first.

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: a token is not a card, or not 1 or 2 cards.
        """
        body = _check_str(text, "Stack.parse()")
        return _read_stack(body, 0)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, bottom first."""
        return self._cards

    @property
    def top(self) -> Card:
        """The top card (the one a player may draw, CS-10)."""
        return self._cards[-1]

    @property
    def height(self) -> int:
        """The number of cards, 1 or 2."""
        return len(self._cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Stack):
            return NotImplemented
        return self._cards == other._cards

    def __hash__(self) -> int:
        return hash(("Stack", self._cards))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self._cards)

    def __repr__(self) -> str:
        return f"Stack.parse({str(self)!r})"


def _read_stack(part: str, offset: int) -> Stack:
    tokens = list(_TOKEN.finditer(part))
    if not 1 <= len(tokens) <= MAX_STACK_HEIGHT:
        column = offset + (tokens[2].start() if len(tokens) > 2 else len(part)) + 1
        raise NotationError(f"a Stack holds 1 or 2 cards, not {len(tokens)}", line=1, column=column)
    return Stack(_read_card(t.group(), offset + t.start()) for t in tokens)


class Pool:
    """A colour's Pool (CS-8, CS-12): 0 to 2 Stacks, every card of the Pool's colour.

    Written ``red: r3 | r5 r7`` (Stacks separated by ``|``, each bottom
    first) or ``black: -`` for an empty Pool.

    Args:
        colour: ``"r"`` or ``"b"``.
        stacks: 0, 1 or 2 :class:`Stack` values.

    Raises:
        TypeError: a wrong type.
        PositionError: more than 2 Stacks, or a card of the other colour.
    """

    __slots__ = ("_colour", "_stacks")

    def __init__(self, colour: str, stacks: Iterable[Stack] = ()) -> None:
        self._colour = _check_colour(colour, "a Pool's colour")
        items = tuple(stacks)
        for item in items:
            if not isinstance(item, Stack):
                raise TypeError(f"a Pool holds Stack values, not {type(item).__name__}")
        if len(items) > 2:
            raise PositionError(f"a Pool has at most 2 Stacks, not {len(items)}")
        for item in items:
            for card in item.cards:
                if card.colour != colour:
                    raise PositionError(f"the {_COLOUR_NAMES[colour]} Pool cannot hold {card}")
        self._stacks = items

    @classmethod
    def parse(cls, text: str) -> Pool:
        """Read ``red: r3 | r5 r7`` or ``black: -``.

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: not a Pool (the column of the first bad character).
            PositionError: a card of the other colour.
        """
        body = _check_str(text, "Pool.parse()")
        head, colon, rest = body.partition(":")
        name = head.strip()
        colour = {"red": RED, "black": BLACK}.get(name)
        if colour is None or not colon:
            raise NotationError(
                f"{quote(body)} is not a Pool like 'red: r3 | r5 r7': it starts with "
                "'red:' or 'black:'",
                line=1,
                column=1,
            )
        offset = len(head) + 1
        if rest.strip() == "-":
            return cls(colour)
        stacks = []
        for part in rest.split("|"):
            stacks.append(_read_stack(part, offset))
            offset += len(part) + 1
        return cls(colour, stacks)

    @property
    def colour(self) -> str:
        """The Pool's colour letter."""
        return self._colour

    @property
    def stacks(self) -> tuple[Stack, ...]:
        """The Stacks, in order."""
        return self._stacks

    @property
    def flooded(self) -> bool:
        """Whether the Pool is Flooded, with 2 Stacks of 2 cards (CS-12)."""
        return len(self._stacks) == 2 and all(s.height == MAX_STACK_HEIGHT for s in self._stacks)

    def tops(self) -> tuple[Card, ...]:
        """The top card of each Stack, in order."""
        return tuple(stack.top for stack in self._stacks)

    def cards(self) -> Cards:
        """Every card in the Pool."""
        return Cards(card for stack in self._stacks for card in stack.cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pool):
            return NotImplemented
        return (self._colour, self._stacks) == (other._colour, other._stacks)

    def __hash__(self) -> int:
        return hash(("Pool", self._colour, self._stacks))

    def __str__(self) -> str:
        inside = " | ".join(str(stack) for stack in self._stacks) or "-"
        return f"{_COLOUR_NAMES[self._colour]}: {inside}"

    def __repr__(self) -> str:
        return f"Pool.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The Pool as an SVG document, which Jupyter shows."""
        from dokuspec.render.competitive import pool_svg  # noqa: PLC0415 - drawing loads when used

        return pool_svg(self)
