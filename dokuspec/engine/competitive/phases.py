"""The phases of a game of Competitive Sudoku, as an observation's ``"phase"`` names them
(CS-2 to CS-16); the chance phases draw cards (or toss)."""

from __future__ import annotations

_WHO = "who is Black"
_DEAL = "deal"
_PICKING = "draft"
_PLACING = "placement"
_TABLE = "table"
_TURN = "turn"
_DECK = "deck draw"
_PUT = "placing the card drawn"
_REFILL = "refill"
_REDRAW = "flood draw"
_CHOICE = "concede or continue"
_OVER = "game over"
_CHANCE_PHASES = frozenset({_WHO, _DEAL, _TABLE, _DECK, _REFILL, _REDRAW})
_PLAY_PHASES = frozenset({_TURN, _DECK, _PUT, _REFILL, _REDRAW, _CHOICE})
