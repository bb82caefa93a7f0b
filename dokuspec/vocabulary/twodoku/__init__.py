"""Two-Doku's values: squares, dominoes, colourings, deals, positions and what a player has seen.

The values know no rule beyond their own well-formedness (TD-1 to TD-4 say
what exists; :mod:`dokuspec.spec.twodoku` and :mod:`dokuspec.engine.twodoku`
say what is allowed):

* :class:`Square`: a square of the 9x9 board, ``r3c5`` (rows and columns 1-9);
* :class:`Dominoes`: a multiset of one-digit dominoes, ``"1 1 3 9"``;
* :class:`Colouring`: the 36 squares each player coloured (TD-2);
* :class:`Deal`: a deal in the JSON form of the deal schema: colouring, the
  eight face-down dominoes, pot and piles (TD-2 to TD-4). Its constructor
  checks types only, so an impossible deal can be built and judged by
  :func:`dokuspec.twodoku.validate`;
* :class:`Position`: a game position, with face-down digits and piles known
  or not;
* the events :class:`Take`, :class:`Play` and :class:`Return`, and the
  :class:`View`: everything one player has seen (TD-11), which is also the
  engine's observation.

Every value has a text or JSON form that reads back equal; the JSON forms
have published schemas (``dokuspec/schemas/twodoku-*.schema.json``).

Errors: a value of the wrong Python type raises :class:`TypeError`; text or
JSON that cannot be read raises :class:`~dokuspec.errors.NotationError`
naming the JSON path (and line and column when read from text); a
well-formed but impossible value (a digit 10, eleven 5s, a square both face
up and face down) raises :class:`~dokuspec.errors.PositionError`
(:class:`~dokuspec.errors.OffBoardError` for a row or column outside 1-9).

The package's modules, one idea each: ``players`` (the players and the game's
counts), ``members`` (errors naming a member), ``squares``, ``dominoes``,
``colouring``, ``schema`` (the JSON forms' schemas and their strict reading),
``deal``, ``position``, ``events`` and ``view``. Every public name is
imported from the package itself, where it is documented.
"""

from __future__ import annotations

from collections.abc import Mapping  # noqa: F401 - in annotations get_type_hints reads here
from types import FunctionType
from typing import (
    Final,
    Literal,  # noqa: F401 - in annotations get_type_hints reads here
    TypeAlias,
)

from dokuspec.vocabulary.twodoku import deal as _deal
from dokuspec.vocabulary.twodoku import dominoes as _dominoes
from dokuspec.vocabulary.twodoku import events as _events
from dokuspec.vocabulary.twodoku import players as _players
from dokuspec.vocabulary.twodoku import squares as _squares
from dokuspec.vocabulary.twodoku.colouring import Colouring
from dokuspec.vocabulary.twodoku.deal import Deal, DealFaceDown
from dokuspec.vocabulary.twodoku.dominoes import Dominoes
from dokuspec.vocabulary.twodoku.events import Play, Return, Take, event_from_json
from dokuspec.vocabulary.twodoku.members import MemberError
from dokuspec.vocabulary.twodoku.players import counted, other_player, player_index, player_name
from dokuspec.vocabulary.twodoku.position import FaceDown, Position
from dokuspec.vocabulary.twodoku.schema import deal_schema, position_schema, view_schema
from dokuspec.vocabulary.twodoku.squares import Square, units_of
from dokuspec.vocabulary.twodoku.view import View

__all__ = [
    "ALL_SQUARES",
    "BLUE",
    "COPIES",
    "DEAL_KEYS",
    "DIGITS",
    "DOMINO_COUNT",
    "FACE_DOWN_COUNT",
    "FACE_DOWN_EACH",
    "FULL_SET",
    "HIGH_DIGITS",
    "PHASES",
    "PILE_SIZE",
    "PLAYERS",
    "PLAY_RESULTS",
    "POT_SIZE",
    "RED",
    "SQUARES_EACH",
    "UNITS",
    "UNIT_NAMES",
    "Colouring",
    "Deal",
    "DealFaceDown",
    "Dominoes",
    "Event",
    "FaceDown",
    "MemberError",
    "Play",
    "Position",
    "Return",
    "Square",
    "Take",
    "View",
    "counted",
    "deal_schema",
    "event_from_json",
    "other_player",
    "player_index",
    "player_name",
    "position_schema",
    "units_of",
    "view_schema",
]

RED: Final = _players.RED
"""The Red player, who colours first (TD-2) and plays first (TD-5); engine player 0."""

BLUE: Final = _players.BLUE
"""The Blue player; engine player 1."""

PLAYERS = _players.PLAYERS
"""Both players, Red first (the order of every pair of per-player values)."""

DIGITS = _players.DIGITS
"""The digits 1-9 a domino can carry (TD-1)."""

COPIES = _players.COPIES
"""Dominoes of each digit (TD-1)."""

DOMINO_COUNT = _players.DOMINO_COUNT
"""Dominoes in the game, ten of each digit (TD-1)."""

SQUARES_EACH = _players.SQUARES_EACH
"""Squares each player colours (TD-2)."""

FACE_DOWN_EACH = _players.FACE_DOWN_EACH
"""Face-down dominoes each player places (TD-3)."""

FACE_DOWN_COUNT = _players.FACE_DOWN_COUNT
"""Face-down dominoes in the game (TD-3)."""

POT_SIZE = _players.POT_SIZE
"""Dominoes dealt to the pot (TD-4)."""

PILE_SIZE = _players.PILE_SIZE
"""Dominoes dealt to each player's pile (TD-4)."""

HIGH_DIGITS = _players.HIGH_DIGITS
"""The digits the ``equal_high_count`` balance option counts (ruling TD-15)."""

PHASES = _players.PHASES
"""The phases of a game in order, TD-2, TD-3, TD-4, TD-5 to TD-9 and after TD-9."""

PLAY_RESULTS = _players.PLAY_RESULTS
"""What a play can do (TD-7, TD-8, ruling TD-17).

``placed``: the domino is on the board. ``clash``: it clashes with a face-up
domino; nothing is revealed. ``hidden-clash``: it clashes only with face-down
dominoes, one of which is turned face up. ``not-allowed``: TD-7 forbids the
square; the play fails before any Sudoku check.
"""

ALL_SQUARES = _squares.ALL_SQUARES
"""The 81 squares, row by row."""

UNITS: tuple[tuple[Square, ...], ...] = _squares.UNITS
"""The 27 units in which no digit may repeat (TD-8), rows 1-9, columns 1-9, boxes 1-9."""

UNIT_NAMES = _squares.UNIT_NAMES
"""The names of :data:`UNITS`, in the same order (``"row 3"``, ``"column 5"``, ``"box 7"``)."""


FULL_SET = _dominoes.FULL_SET
"""The 90 dominoes of the game, ten of each digit (TD-1)."""

Event: TypeAlias = _events.Event
"""A public step of the play phase (TD-11)."""

DEAL_KEYS = _deal.DEAL_KEYS
"""The keys of a deal's JSON form, all required, in the order :meth:`Deal.to_json` writes them."""

# Every class and function keeps the package as its home, as when the package was one module:
# its pickles, its repr and the handbook name it ``dokuspec.vocabulary.twodoku.<name>``.
for _name in __all__:
    _value = globals()[_name]
    if isinstance(_value, type | FunctionType):
        _value.__module__ = __name__
del _name, _value
