"""Cards (``r5``) and multisets of cards (``r1 b2 b2``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from operator import attrgetter
from typing import Literal

from dokuspec.errors import NotationError, PositionError, quote
from dokuspec.vocabulary.competitive.colours import (
    _COLOUR_NAMES,
    _TOKEN,
    BLACK,
    RANKS,
    RED,
    _check_colour,
    _check_str,
    _is_int,
)

__all__ = [
    "ALL_CARDS",
    "CARD_BY_INDEX",
    "Card",
    "Cards",
    "card_index",
]


# -- cards ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card: ``colour`` ``"r"`` (red) or ``"b"`` (black), ``rank`` 1-9 (CS-1).

    Cards of equal colour and rank are identical (the deck holds copies).
    Ordered black before red, then by rank; hashable. Written ``r5``;
    ``Card.parse(str(card)) == card``.

    Raises:
        TypeError: ``colour`` is not a str or ``rank`` not an int.
        PositionError: ``colour`` is not ``"r"``/``"b"`` or ``rank`` not 1-9.
    """

    colour: Literal["r", "b"]
    rank: int

    def __post_init__(self) -> None:
        _check_colour(self.colour, "a card's colour")
        if not _is_int(self.rank):
            raise TypeError(f"a card's rank is an int 1-9, not {type(self.rank).__name__}")
        if not 1 <= self.rank <= 9:
            raise PositionError(f"a card's rank is 1-9, not {quote(self.rank)}")

    @property
    def is_red(self) -> bool:
        """Whether the card is red."""
        return self.colour == RED

    def __str__(self) -> str:
        return f"{self.colour}{self.rank}"

    def _repr_svg_(self) -> str:
        """The card as an SVG document, which Jupyter shows."""
        from dokuspec.render.competitive import card_svg  # noqa: PLC0415 - drawing loads when used

        return card_svg(self)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: a colour letter ``r`` or ``b`` and a rank digit 1-9 (``r5``).

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: not a card; the column is that of the first bad
                character (or of the end, when the text is short or long).
        """
        body = _check_str(text, "Card.parse()")
        return _read_card(body, 0)


def _read_card(token: str, offset: int) -> Card:
    """The card written ``token``, found at ``offset`` of ``text`` (for the error's column)."""
    colour = token[:1]
    if colour not in _COLOUR_NAMES:
        found = repr(colour) if colour else "the end"
        raise NotationError(
            f"{quote(token)} is not a card like 'r5': {found} where the colour 'r' or 'b' "
            "is expected",
            line=1,
            column=offset + 1,
        )
    rank = token[1:2]
    if len(rank) != 1 or rank not in "123456789":
        found = repr(rank) if rank else "the end"
        raise NotationError(
            f"{quote(token)} is not a card like 'r5': {found} where a rank 1-9 is expected",
            line=1,
            column=offset + 2,
        )
    if len(token) > 2:
        raise NotationError(
            f"{quote(token)} is not a card like 'r5': it goes on after the rank",
            line=1,
            column=offset + 3,
        )
    return Card(RED if colour == RED else BLACK, int(rank))


ALL_CARDS: tuple[Card, ...] = tuple(Card(c, r) for c in (BLACK, RED) for r in RANKS)

CARD_BY_INDEX: tuple[Card, ...] = tuple(Card(c, r) for c in (RED, BLACK) for r in RANKS)


def card_index(card: Card) -> int:
    """A dense index 0-17 of a card: red ranks 1-9 are 0-8, black ranks 1-9 are 9-17.

    Raises:
        TypeError: ``card`` is not a :class:`Card`.
    """
    if not isinstance(card, Card):
        raise TypeError(f"a Card is needed, not {type(card).__name__}")
    return (0 if card.colour == RED else 9) + card.rank - 1


_CARD_ORDER = attrgetter("colour", "rank")
"""The sort key of :class:`Card`'s order (colour, then rank), without its comparisons."""


class Cards:
    """An immutable multiset of cards (a hand, a Discard Pile, the cards available).

    Compares by contents, hashable, iterates in :class:`Card` order with
    repeats. Written as its cards separated by spaces (``r1 b2 b2``), ``-``
    when empty; :meth:`parse` also accepts commas as separators and the empty
    text.

    Args:
        cards: any iterable of :class:`Card`.

    Raises:
        TypeError: an element is not a :class:`Card`.
    """

    __slots__ = ("_counts", "_sorted")

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        if isinstance(cards, (str, bytes)):
            raise TypeError("Cards takes an iterable of Card; use Cards.parse() for text")
        items = list(cards)
        for item in items:
            if not isinstance(item, Card):
                raise TypeError(f"Cards holds Card values, not {type(item).__name__}")
        items.sort(key=_CARD_ORDER)
        self._sorted = tuple(items)
        self._counts: dict[Card, int] | None = None

    @classmethod
    def _of_sorted(cls, items: tuple[Card, ...]) -> Cards:
        """Cards already checked and in card order (no copy, no check)."""
        made = object.__new__(cls)
        made._sorted = items
        made._counts = None
        return made

    def _tally(self) -> dict[Card, int]:
        """The copies of each card, counted when first needed."""
        counts = self._counts
        if counts is None:
            counts = self._counts = dict(Counter(self._sorted))
        return counts

    @classmethod
    def parse(cls, text: str) -> Cards:
        """Read cards separated by spaces or commas; ``-`` or an empty text is no card.

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: a token is not a card (its column is given).
        """
        body = _check_str(text, "Cards.parse()")
        if body.strip() == "-":
            return cls()
        return cls(_read_card(m.group(), m.start()) for m in _TOKEN.finditer(body))

    def count(self, card: Card) -> int:
        """How many copies of ``card`` the multiset holds."""
        return self._tally().get(card, 0)

    def counts(self) -> dict[Card, int]:
        """The number of copies of each card held, in card order."""
        return dict(self._tally())

    def distinct(self) -> tuple[Card, ...]:
        """The distinct cards held, in card order."""
        return tuple(self._tally())

    def of_colour(self, colour: str) -> Cards:
        """The cards of one colour (``"r"`` or ``"b"``)."""
        _check_colour(colour, "a colour")
        return Cards._of_sorted(tuple(card for card in self._sorted if card.colour == colour))

    def issubset(self, other: Cards) -> bool:
        """Whether every card here is in ``other`` at least as many times."""
        if not isinstance(other, Cards):
            raise TypeError(f"Cards are compared with Cards, not {type(other).__name__}")
        theirs = other._tally()
        return all(theirs.get(card, 0) >= n for card, n in self._tally().items())

    def __add__(self, other: Cards) -> Cards:
        if not isinstance(other, Cards):
            return NotImplemented
        return Cards._of_sorted(tuple(sorted(self._sorted + other._sorted, key=_CARD_ORDER)))

    def __sub__(self, other: Cards) -> Cards:
        """The cards left when ``other``'s are taken out.

        Raises:
            PositionError: ``other`` holds a card more often than this multiset.
        """
        if not isinstance(other, Cards):
            return NotImplemented
        theirs = other._sorted
        if not theirs:
            return self
        # Both are in card order: one merge takes each of ``other``'s cards out.
        left = []
        count, at = len(theirs), 0
        for card in self._sorted:
            if at < count and card == theirs[at]:
                at += 1
            else:
                left.append(card)
        if at < count:  # a card of ``other`` is missing here, or held too few times
            mine = self._tally()
            for card, n in other._tally().items():
                held = mine.get(card, 0)
                if held < n:
                    raise PositionError(f"cannot take {n} x {card} out of cards holding {held}")
        return Cards._of_sorted(tuple(left))

    def __len__(self) -> int:
        return len(self._sorted)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._sorted)

    def __contains__(self, card: object) -> bool:
        return card in self._tally()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return self._sorted == other._sorted

    def __hash__(self) -> int:
        return hash(self._sorted)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self._sorted) or "-"

    def __repr__(self) -> str:
        return f"Cards.parse({str(self)!r})"
