"""The deck (rule CS-1): how many copies of each card, or no limit."""

from __future__ import annotations

from dataclasses import dataclass

from dokuspec.errors import NotationError, PositionError, quote
from dokuspec.vocabulary.competitive.cards import ALL_CARDS, Card, Cards
from dokuspec.vocabulary.competitive.colours import MAX_COPIES, _check_str, _is_int

__all__ = [
    "STANDARD_DECK",
    "UNLIMITED_DECK",
    "Deck",
]


# -- the deck ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deck:
    """The full deck (CS-1): ranks 1-9 in both colours, ``copies_per_colour`` of each card.

    The standard 36-card deck has 2 copies of each card (hearts and diamonds
    are red, spades and clubs black). ``None`` means no limit on copies, for
    analysis only (such a deck cannot be dealt).

    Written ``standard`` (2 copies), ``unlimited`` (``None``) or the number
    of copies (``3``).

    Raises:
        TypeError: ``copies_per_colour`` is not an int or ``None``.
        PositionError: ``copies_per_colour`` is not 1-9.
    """

    copies_per_colour: int | None = 2

    def __post_init__(self) -> None:
        copies = self.copies_per_colour
        if copies is None:
            return
        if not _is_int(copies):
            raise TypeError(f"copies_per_colour is an int 1-9 or None, not {type(copies).__name__}")
        if not 1 <= copies <= MAX_COPIES:
            raise PositionError(f"copies_per_colour is 1-{MAX_COPIES}, not {quote(copies)}")

    @property
    def unlimited(self) -> bool:
        """Whether the deck has no limit on copies."""
        return self.copies_per_colour is None

    @property
    def size(self) -> int | None:
        """The number of cards (36 for the standard deck), ``None`` when unlimited."""
        copies = self.copies_per_colour
        return None if copies is None else 18 * copies

    @property
    def description(self) -> str:
        """The deck in words, ``"the standard deck"``, ``"the unlimited deck"``,
        ``"a deck of 3 copies of each card"``."""
        copies = self.copies_per_colour
        if copies is None or copies == 2:
            return f"the {self} deck"
        return f"a deck of {copies} {'copy' if copies == 1 else 'copies'} of each card"

    def count(self, card: Card) -> int | None:
        """The copies of ``card`` in the deck, ``None`` when unlimited."""
        if not isinstance(card, Card):
            raise TypeError(f"a Card is needed, not {type(card).__name__}")
        return self.copies_per_colour

    def cards(self) -> Cards:
        """Every card of the deck.

        Raises:
            PositionError: the deck is unlimited.
        """
        copies = self.copies_per_colour
        if copies is None:
            raise PositionError("an unlimited deck has no finite list of cards")
        return Cards(card for card in ALL_CARDS for _ in range(copies))

    def of_colour(self, colour: str) -> Cards:
        """Every card of one colour (18 in the standard deck).

        Raises:
            PositionError: the deck is unlimited, or ``colour`` is not ``"r"``/``"b"``.
        """
        return self.cards().of_colour(colour)

    def holds(self, cards: Cards) -> bool:
        """Whether the deck has every card of ``cards`` as many times (always true if unlimited)."""
        if not isinstance(cards, Cards):
            raise TypeError(f"Cards are needed, not {type(cards).__name__}")
        copies = self.copies_per_colour
        return copies is None or all(n <= copies for n in cards.counts().values())

    def __str__(self) -> str:
        copies = self.copies_per_colour
        if copies is None:
            return "unlimited"
        return "standard" if copies == 2 else str(copies)

    @classmethod
    def parse(cls, text: str) -> Deck:
        """Read ``standard``, ``unlimited`` or a number of copies 1-9.

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: anything else.
        """
        body = _check_str(text, "Deck.parse()")
        if body == "standard":
            return cls(2)
        if body == "unlimited":
            return cls(None)
        if len(body) == 1 and body in "123456789":
            return cls(int(body))
        raise NotationError(
            f"{quote(body)} is not a deck: 'standard', 'unlimited' or copies of each card 1-9",
            line=1,
            column=1,
        )


STANDARD_DECK = Deck(2)

UNLIMITED_DECK = Deck(None)
