"""Competitive Sudoku's values and their notation: Card, Cards, Deck, Grid, Stack, Pool, Table.

Each value is immutable and has a text form that reads back equal
(``X.parse(str(x)) == x``):

* a **card** is its colour letter and rank: ``r5`` (red five), ``b9``;
* a multiset of **cards** is its cards separated by spaces (or commas):
  ``r1 b2 b2``; ``-`` (or nothing) is no card;
* the **deck** (rule CS-1) is ``standard`` (2 copies of each card),
  ``unlimited`` (no limit: for analysis only) or the number of copies of
  each card (``3``);
* a **Grid** is its nine positions row by row, ``..`` for an empty one, rows
  optionally separated by ``/``: ``r1 r2 r3 / b4 b5 b6 / r7 .. r9``.
  Users number the positions 1-9 row by row (position 5 is the centre);
  code indexes them 0-8;
* a **Stack** is its cards bottom first (``r3 r5``: the r5 is on top);
* a **Pool** is its colour and its Stacks: ``red: r3 | r5 r7``,
  ``black: -`` (an empty Pool).

A :class:`Table` gathers everything public on the table (both Grids, both
Pools, the Decks' sizes and the Discard Piles) and has a JSON form.
:class:`Scoring` holds the scoring options of rule CS-20.

The vocabulary knows no rule beyond its own well-formedness: which lines win
and how they score is the business of the spec and the engine. Grid, Pool and
Table draw themselves as SVG (``_repr_svg_``, for Jupyter) through
:mod:`dokuspec.render.competitive`.

Errors: a value of the wrong Python type raises :class:`TypeError`; text
that cannot be read raises :class:`~dokuspec.errors.NotationError` with the
column of the first bad character; a well-formed but impossible value (a rank
10, a Stack of three cards, a red card in the black Pool) raises
:class:`~dokuspec.errors.PositionError`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias

from dokuspec.errors import NotationError, PositionError, quote

__all__ = [
    "ALL_CARDS",
    "AS_STRAIGHT",
    "BLACK",
    "CARD_BY_INDEX",
    "COLOURS",
    "COLUMNS",
    "DIAGONALS",
    "EMPTY_GRID",
    "LINES",
    "MAX_COPIES",
    "MAX_STACK_HEIGHT",
    "POSITIONS",
    "RANKS",
    "RED",
    "ROWS",
    "STANDARD_DECK",
    "UNLIMITED_DECK",
    "Card",
    "Cards",
    "Deck",
    "Grid",
    "Pool",
    "Scoring",
    "SeriesPoints",
    "Stack",
    "Table",
    "card_index",
    "colour_name",
    "position_name",
]

RED: Final = "r"
"""The colour letter of red cards (hearts and diamonds, CS-1) and of the Red player."""

BLACK: Final = "b"
"""The colour letter of black cards (spades and clubs, CS-1) and of the Black player."""

COLOURS = (RED, BLACK)
"""Both colour letters, red first (the order of :class:`Table`'s pairs)."""

RANKS = range(1, 10)
"""The ranks 1-9 (the ace is 1, CS-1)."""

MAX_COPIES = 9
"""The most copies of each card a :class:`Deck` may hold (9 fill a Grid)."""

MAX_STACK_HEIGHT = 2
"""The most cards in a Stack (CS-12)."""

POSITIONS = range(1, 10)
"""A Grid's positions as users number them, 1-9, row by row from the top left."""

ROWS = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
"""The rows of a Grid, top to bottom, as position indices 0-8."""

COLUMNS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
"""The columns of a Grid, left to right, as position indices 0-8."""

DIAGONALS = ((0, 4, 8), (2, 4, 6))
"""The main diagonal (top left to bottom right) and the anti-diagonal, as indices 0-8."""

LINES: tuple[tuple[str, tuple[int, int, int]], ...] = (
    *((f"row {n}", cells) for n, cells in enumerate(ROWS, 1)),
    *((f"column {n}", cells) for n, cells in enumerate(COLUMNS, 1)),
    ("main diagonal", DIAGONALS[0]),
    ("anti-diagonal", DIAGONALS[1]),
)
"""The eight lines of a Grid as ``(name, indices)``, rows 1-3, columns 1-3, then both diagonals."""

_COLOUR_NAMES = {RED: "red", BLACK: "black"}
_TOKEN = re.compile(r"[^\s,]+")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_str(text: object, caller: str) -> str:
    if not isinstance(text, str):
        hint = " (decode it first)" if isinstance(text, (bytes, bytearray)) else ""
        raise TypeError(f"{caller} takes a str, not {type(text).__name__}{hint}")
    return text


def colour_name(colour: str) -> str:
    """``"red"`` or ``"black"`` for a colour letter.

    Raises:
        TypeError: ``colour`` is not a str.
        PositionError: ``colour`` is not ``"r"`` or ``"b"``.
    """
    _check_colour(colour, "a colour")
    return _COLOUR_NAMES[colour]


def _check_colour(colour: object, what: str) -> str:
    if not isinstance(colour, str):
        raise TypeError(f"{what} is the letter 'r' or 'b', not {type(colour).__name__}")
    if colour not in _COLOUR_NAMES:
        raise PositionError(f"{what} is the letter 'r' or 'b', not {quote(colour)}")
    return colour


def position_name(position: int) -> str:
    """``"position 5"`` for a Grid position 1-9.

    Raises:
        TypeError: ``position`` is not an int.
        PositionError: ``position`` is not 1-9.
    """
    return f"position {_check_position(position)}"


def _check_position(position: object) -> int:
    if not _is_int(position):
        raise TypeError(f"a Grid position is an int 1-9, not {type(position).__name__}")
    assert isinstance(position, int)
    if not 1 <= position <= 9:
        raise PositionError(f"{quote(position)} is not a Grid position 1-9")
    return position


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
"""The 18 distinct cards, in :class:`Card` order (``b1`` ... ``b9``, ``r1`` ... ``r9``)."""

CARD_BY_INDEX: tuple[Card, ...] = tuple(Card(c, r) for c in (RED, BLACK) for r in RANKS)
"""The 18 distinct cards by :func:`card_index`, ``r1``-``r9`` (0-8), then ``b1``-``b9`` (9-17)."""


def card_index(card: Card) -> int:
    """A dense index 0-17 of a card: red ranks 1-9 are 0-8, black ranks 1-9 are 9-17.

    Raises:
        TypeError: ``card`` is not a :class:`Card`.
    """
    if not isinstance(card, Card):
        raise TypeError(f"a Card is needed, not {type(card).__name__}")
    return (0 if card.colour == RED else 9) + card.rank - 1


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
        items.sort()
        self._sorted = tuple(items)
        self._counts = Counter(items)

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
        return self._counts.get(card, 0)

    def counts(self) -> dict[Card, int]:
        """The number of copies of each card held, in card order."""
        return {card: self._counts[card] for card in self.distinct()}

    def distinct(self) -> tuple[Card, ...]:
        """The distinct cards held, in card order."""
        return tuple(sorted(self._counts))

    def of_colour(self, colour: str) -> Cards:
        """The cards of one colour (``"r"`` or ``"b"``)."""
        _check_colour(colour, "a colour")
        return Cards(card for card in self._sorted if card.colour == colour)

    def issubset(self, other: Cards) -> bool:
        """Whether every card here is in ``other`` at least as many times."""
        if not isinstance(other, Cards):
            raise TypeError(f"Cards are compared with Cards, not {type(other).__name__}")
        return all(other.count(card) >= n for card, n in self._counts.items())

    def __add__(self, other: Cards) -> Cards:
        if not isinstance(other, Cards):
            return NotImplemented
        return Cards(self._sorted + other._sorted)

    def __sub__(self, other: Cards) -> Cards:
        """The cards left when ``other``'s are taken out.

        Raises:
            PositionError: ``other`` holds a card more often than this multiset.
        """
        if not isinstance(other, Cards):
            return NotImplemented
        for card, n in other._counts.items():
            if self.count(card) < n:
                raise PositionError(
                    f"cannot take {n} x {card} out of cards holding {self.count(card)}"
                )
        left = self._counts - other._counts
        return Cards(left.elements())

    def __len__(self) -> int:
        return len(self._sorted)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._sorted)

    def __contains__(self, card: object) -> bool:
        return card in self._counts

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
"""The 36-card deck of CS-1, two copies of each of the 18 cards."""

UNLIMITED_DECK = Deck(None)
"""A deck with no limit on copies (for counting rank patterns and Grids)."""


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
"""A Grid with nine empty positions."""


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


# -- scoring options -----------------------------------------------------------------------------


AS_STRAIGHT: Final = "as_straight"
"""The value of ``power_series_points`` that scores a power series as a straight (CS-20)."""

SeriesPoints: TypeAlias = int | Literal["as_straight"]
"""The points of a power series line (CS-20), an int 0-9 or ``"as_straight"``."""


def _series_points(points: object, name: str = "power_series_points") -> SeriesPoints:
    """``points`` checked as a value of ``power_series_points`` (CS-20)."""
    if isinstance(points, str):
        if points != AS_STRAIGHT:
            raise PositionError(f"{name} is 'as_straight' or an int 0-9, not {quote(points)}")
        return AS_STRAIGHT
    if not _is_int(points):
        raise TypeError(f"{name} is an int 0-9 or 'as_straight', not {type(points).__name__}")
    assert isinstance(points, int)
    if not 0 <= points <= 9:
        raise PositionError(f"{name} is 'as_straight' or an int 0-9, not {quote(points)}")
    return points


@dataclass(frozen=True, slots=True)
class Scoring:
    """The scoring options of rule CS-20.

    Attributes:
        power_series_points: points of a power series line (``{2, 4, 8}``):
            an int 0-9, whatever its colours (CS-32), or ``"as_straight"``
            to score it as a straight (1 in mixed colours, 2 in one
            colour). The default, 0, is the rule text read literally: the
            power series is no straight, and only the optional rule gives
            it points (CS-20, revised).
        three_triplets_bonus: +3 when all three rows, or all three columns,
            are triplets (off by default).
        score_loser_hand: the loser scores their hand value instead of 0
            (off by default).

    Raises:
        TypeError: a wrong type (``bool`` and ``None`` are refused for the
            points).
        PositionError: ``power_series_points`` is a str other than
            ``"as_straight"`` or an int outside 0-9.
    """

    power_series_points: SeriesPoints = 0
    three_triplets_bonus: bool = False
    score_loser_hand: bool = False

    def __post_init__(self) -> None:
        _series_points(self.power_series_points)
        for name in ("three_triplets_bonus", "score_loser_hand"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} is a bool, not {type(getattr(self, name)).__name__}")

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Scoring:
        """The scoring options among a game's options (other options are ignored).

        ``power_series_points`` is ``"as_straight"`` or an int 0-9;
        ``three_triplets_bonus`` and ``score_loser_hand`` are bools; a
        missing one takes its default (points 0, both off).

        Raises:
            TypeError: a value of the wrong type.
            PositionError: a value out of range or an unknown word.
        """
        if not isinstance(options, Mapping):
            raise TypeError(f"options are a mapping, not {type(options).__name__}")
        return cls(
            power_series_points=_series_points(options.get("power_series_points", 0)),
            three_triplets_bonus=options.get("three_triplets_bonus", False),
            score_loser_hand=options.get("score_loser_hand", False),
        )

    def to_options(self) -> dict[str, Any]:
        """The game options for these scoring rules (the inverse of :meth:`from_options`)."""
        return {
            "power_series_points": self.power_series_points,
            "three_triplets_bonus": self.three_triplets_bonus,
            "score_loser_hand": self.score_loser_hand,
        }
