"""Competitive Sudoku, the card game, as an engine (rules CS-1 to CS-25).

Two players draft or receive five cards, lay them on their own 3x3 Grids,
then draw from the Pools and their Decks until one of them holds a winning
hand. This module is an independent reading of the rules register: it
classifies lines, tests winning hands, values and scores Grids with its own
plain Python, and imports no spec and no solver, so that
:mod:`dokuspec.verify` can hold the spec's constraint models against it.

The rule helpers, usable on their own:

* :func:`line_kind`: the kind of a line of three ranks (CS-18);
* :func:`is_winning_hand`: whether a Grid is a winning hand (CS-19);
* :func:`line_points`, :func:`hand_value`, :func:`winner_score`: what a line,
  a Grid and a winner score (CS-17, CS-20);
* :func:`winning_rank_patterns`, :func:`count_winning_hands`: every winning
  pattern of ranks, and the number of winning Grids, for a deck;
* :func:`max_score`: the largest score a player can get under given options.

The package holds one idea per module: :mod:`~dokuspec.engine.competitive.rules`
(line kinds, winning hands, values and scores), :mod:`~dokuspec.engine.competitive.analysis`
(patterns, counts, the largest score), :mod:`~dokuspec.engine.competitive.actions` (the
actions and their JSON form), :mod:`~dokuspec.engine.competitive.game` (the game and its
options), :mod:`~dokuspec.engine.competitive.phases` (the phases of a game),
:mod:`~dokuspec.engine.competitive.state` (the states),
:mod:`~dokuspec.engine.competitive.observation` (what the players see) and
:mod:`~dokuspec.engine.competitive.dealing` (a seed's deal without building states); every
name below is importable from the package itself.

The game, :class:`CompetitiveSudoku` (registered as ``"competitive"``),
follows the engine protocol of :mod:`dokuspec.engine.base`. Players are the
seats 0 and 1. A game goes through these steps, every random event being a
chance node whose outcomes are the distinct cards left, each with its exact
probability (copies left / cards left):

1. Who is Black (CS-2): seat 0, then seat 1, draw a card from the full deck;
   the higher rank is Black. On equal ranks both draw again and compare the
   sums of their cards, until they differ; if the deck runs out while the
   sums are equal, a toss (1/2 each) decides. All cards go back.
2. The deal: in ``draft`` mode (CS-3) 5 cards from the red cards and 5 from
   the black cards form the draft pool; in ``twins`` (CS-4) 5 cards drawn from
   the red cards go to Red, and the same ranks in black to Black; in
   ``twins-draft`` (CS-5) 5 cards are drawn from the red cards and the pool
   holds each of their ranks once in red and once in black. In the draft
   modes the players pick alternately, Black first (:class:`Pick`).
3. Placement (CS-6, CS-21): five simultaneous rounds; in each, both players
   place one of their remaining cards on an empty position (:class:`Place`).
4. The table (CS-7, CS-8): the cards outside the Grids become the Decks, red
   cards Red's and black cards Black's; Red, then Black, draws 2 cards from
   their own Deck, each card starting a Stack in the Pool of its colour.
5. Turns, starting with Red in the draft modes and with the player of the
   Pool with the higher sum in ``twins`` (CS-9). At the start of a turn:
   if both Decks are empty, the players choose to Concede or Continue at
   once (CS-16, :class:`Concede`, :class:`Continue`); else a player whose
   own Deck is empty passes (CS-15, :class:`Pass`); else a Flooded Pool is
   cleared (CS-14, CS-22, :class:`Flood`; the red Pool first), which ends
   the turn; else the player takes the top card of a Stack (:class:`Take`)
   or of their own Deck (:class:`TakeDeck`, CS-10) and places it on an
   empty position (:class:`Place`), or, with a full Grid, swaps it into a
   position (:class:`Swap`) or returns it to its Pool (:class:`Return`,
   CS-11, CS-12). A winning hand ends the game at once (CS-19). At the end
   of every turn the Pools are refilled (CS-13).
   When both choose to Continue, the cards outside the Grids are gathered
   by colour: the red cards become Black's Deck and the black cards Red's,
   and the table is drawn again (CS-16, CS-8). A Pool then refills from
   the Deck holding its colour, the opponent's (CS-23), and the player whose
   turn was starting moves (CS-24).
6. The end: a winning hand scores for its holder (CS-20), the concede
   choices score as CS-16 says, and the game is a draw, 0-0, after
   ``max_turns`` turns or when both players continue after ``max_trades``
   trades (CS-25).

Everything on the table is public (CS-8): both Grids, the Pools, the Discard
Piles, the Decks' sizes, the draft and every card drawn. The Decks' order is
hidden, but the engine never fixes it: each card is drawn by a chance node
when it is drawn. So there is no hidden information in a state.
"""

from __future__ import annotations

from dokuspec.engine.competitive.actions import (
    Concede,
    Continue,
    Draw,
    Flood,
    Pass,
    Pick,
    Place,
    Return,
    Swap,
    Take,
    TakeDeck,
    Toss,
)
from dokuspec.engine.competitive.analysis import (
    count_winning_hands,
    max_score,
    winning_rank_patterns,
)
from dokuspec.engine.competitive.dealing import DealDraws, deal_draws
from dokuspec.engine.competitive.game import MODES, CompetitiveSudoku
from dokuspec.engine.competitive.rules import (
    LINE_KINDS,
    hand_value,
    is_winning_hand,
    line_kind,
    line_points,
    winner_score,
)
from dokuspec.engine.competitive.state import CompetitiveSudokuState

__all__ = [
    "LINE_KINDS",
    "MODES",
    "CompetitiveSudoku",
    "CompetitiveSudokuState",
    "Concede",
    "Continue",
    "DealDraws",
    "Draw",
    "Flood",
    "Pass",
    "Pick",
    "Place",
    "Return",
    "Swap",
    "Take",
    "TakeDeck",
    "Toss",
    "count_winning_hands",
    "deal_draws",
    "hand_value",
    "is_winning_hand",
    "line_kind",
    "line_points",
    "max_score",
    "winner_score",
    "winning_rank_patterns",
]
