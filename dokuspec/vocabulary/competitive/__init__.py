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

The package's modules, one idea each: ``colours`` (colours, ranks, positions
and lines), ``cards``, ``deck``, ``grid``, ``pools`` (Stacks and Pools),
``table`` and ``scoring``. Every public name is imported from the package
itself, where it is documented.
"""

from __future__ import annotations

from types import FunctionType
from typing import (
    Final,
    Literal,  # noqa: F401 - in annotations get_type_hints reads here
    TypeAlias,
)

from dokuspec.vocabulary.competitive import cards as _cards
from dokuspec.vocabulary.competitive import colours as _colours
from dokuspec.vocabulary.competitive import deck as _deck
from dokuspec.vocabulary.competitive import grid as _grid
from dokuspec.vocabulary.competitive import scoring as _scoring
from dokuspec.vocabulary.competitive.cards import Card, Cards, card_index
from dokuspec.vocabulary.competitive.colours import colour_name, position_name
from dokuspec.vocabulary.competitive.deck import Deck
from dokuspec.vocabulary.competitive.grid import Grid
from dokuspec.vocabulary.competitive.pools import Pool, Stack
from dokuspec.vocabulary.competitive.scoring import Scoring
from dokuspec.vocabulary.competitive.table import Table

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

RED: Final = _colours.RED
"""The colour letter of red cards (hearts and diamonds, CS-1) and of the Red player."""

BLACK: Final = _colours.BLACK
"""The colour letter of black cards (spades and clubs, CS-1) and of the Black player."""

COLOURS = _colours.COLOURS
"""Both colour letters, red first (the order of :class:`Table`'s pairs)."""

RANKS = _colours.RANKS
"""The ranks 1-9 (the ace is 1, CS-1)."""

MAX_COPIES = _colours.MAX_COPIES
"""The most copies of each card a :class:`Deck` may hold (9 fill a Grid)."""

MAX_STACK_HEIGHT = _colours.MAX_STACK_HEIGHT
"""The most cards in a Stack (CS-12)."""

POSITIONS = _colours.POSITIONS
"""A Grid's positions as users number them, 1-9, row by row from the top left."""

ROWS = _colours.ROWS
"""The rows of a Grid, top to bottom, as position indices 0-8."""

COLUMNS = _colours.COLUMNS
"""The columns of a Grid, left to right, as position indices 0-8."""

DIAGONALS = _colours.DIAGONALS
"""The main diagonal (top left to bottom right) and the anti-diagonal, as indices 0-8."""

LINES: tuple[tuple[str, tuple[int, int, int]], ...] = _colours.LINES
"""The eight lines of a Grid as ``(name, indices)``, rows 1-3, columns 1-3, then both diagonals."""

ALL_CARDS: tuple[Card, ...] = _cards.ALL_CARDS
"""The 18 distinct cards, in :class:`Card` order (``b1`` ... ``b9``, ``r1`` ... ``r9``)."""

CARD_BY_INDEX: tuple[Card, ...] = _cards.CARD_BY_INDEX
"""The 18 distinct cards by :func:`card_index`, ``r1``-``r9`` (0-8), then ``b1``-``b9`` (9-17)."""

STANDARD_DECK = _deck.STANDARD_DECK
"""The 36-card deck of CS-1, two copies of each of the 18 cards."""

UNLIMITED_DECK = _deck.UNLIMITED_DECK
"""A deck with no limit on copies (for counting rank patterns and Grids)."""

EMPTY_GRID = _grid.EMPTY_GRID
"""A Grid with nine empty positions."""

AS_STRAIGHT: Final = _scoring.AS_STRAIGHT
"""The value of ``power_series_points`` that scores a power series as a straight (CS-20)."""

SeriesPoints: TypeAlias = _scoring.SeriesPoints
"""The points of a power series line (CS-20), an int 0-9 or ``"as_straight"``."""


# Every class and function keeps the package as its home, as when the package was one module:
# its pickles, its repr and the handbook name it ``dokuspec.vocabulary.competitive.<name>``.
for _name in __all__:
    _value = globals()[_name]
    if isinstance(_value, type | FunctionType):
        _value.__module__ = __name__
del _name, _value
