"""Two-Doku: the public API of deals, positions, hidden-information inference and the game.

The values (:class:`Square`, :class:`Dominoes`, :class:`Colouring`,
:class:`Deal`, :class:`Position`, :class:`View` and the events :class:`Take`,
:class:`Play`, :class:`Return`) are re-exported from
:mod:`dokuspec.vocabulary.twodoku`; :func:`deal_text`, :func:`position_text`
and :func:`view_text` draw them for a terminal
(:mod:`dokuspec.render.twodoku`).
"""

from __future__ import annotations

from dokuspec.render.twodoku import deal_text, position_text, view_text
from dokuspec.vocabulary.twodoku import (
    ALL_SQUARES,
    BLUE,
    DIGITS,
    FULL_SET,
    PLAYERS,
    RED,
    Colouring,
    Deal,
    DealFaceDown,
    Dominoes,
    Event,
    FaceDown,
    Play,
    Position,
    Return,
    Square,
    Take,
    View,
    deal_schema,
    position_schema,
    view_schema,
)

__all__ = [
    "ALL_SQUARES",
    "BLUE",
    "DIGITS",
    "FULL_SET",
    "PLAYERS",
    "RED",
    "Colouring",
    "Deal",
    "DealFaceDown",
    "Dominoes",
    "Event",
    "FaceDown",
    "Play",
    "Position",
    "Return",
    "Square",
    "Take",
    "View",
    "deal_schema",
    "deal_text",
    "position_schema",
    "position_text",
    "view_schema",
    "view_text",
]
