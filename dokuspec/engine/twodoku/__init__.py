"""Two-Doku as an engine (rules TD-1 to TD-18): colouring, face-down dominoes, the deal, the play.

Two players, Red (player 0) and Blue (player 1), colour the squares of a
9x9 Sudoku board, place eight unknown dominoes face down, receive forty
dominoes each from a fair deal and then take turns playing their dominoes
onto the board; whoever holds the lower sum at the end wins. This module is
an independent reading of the rules register: it imports no spec and no
solver (enforced by import-linter), counts fair deals with its own exact
arithmetic and checks plays with plain Python, so that :mod:`dokuspec.verify`
can hold the spec's constraint models against it.

The game, :class:`TwoDoku` (registered as ``"twodoku"``), follows the engine
protocol of :mod:`dokuspec.engine.base`. A game goes through these steps:

1. Colouring (TD-2): Red first, the players alternate, one square per turn
   (:class:`Colour`), until each has coloured 36 distinct squares; a square
   may carry both colours.
2. Face-down placement (TD-3): Red places 4 face-down dominoes, then Blue 4
   (:class:`PlaceFaceDown`), each on a distinct empty white square. Nobody
   knows their digits.
3. The deal (TD-3, TD-4, ruling TD-16), as chance nodes with exact
   probabilities (:class:`fractions.Fraction`):

   * the 8 face-down digits, one per node in placement order
     (:class:`DrawFaceDown`; probability copies left / dominoes left: the 8
     are drawn at random from the 90);
   * the pot (:class:`DealPot`; outcomes the distinct pairs of digits,
     probability proportional to the physical pairs times the number of fair
     piles of the 80 left);
   * Red's count of each digit 1, 2, ..., 9 (:class:`DealCount`, nine nodes;
     probability proportional to the ways to pick that many of the digit's
     dominoes times the ways to complete Red's pile from the larger digits
     with the right size and sum). Blue receives the rest.

   Together they draw exactly from "shuffle the 82, deal 2 to the pot and 40
   to each player, and deal again until the piles have equal sums" (TD-4 read
   as uniform over the physical dominoes, ruling TD-16): every fair deal of
   the physical dominoes is equally likely given the face-down draw. TD-4
   repeats the face-down draw when no fair deal exists; no draw is ever in
   that case (:func:`fair_deal_exists` gives the proof), so the engine never
   redraws, and it raises :class:`FairDealMissingError` (an internal error,
   never caught) rather than deal from an empty set if the proof were wrong.
4. Play (TD-5 to TD-9), Red first. A turn is (TD-6): optionally take one
   domino, from the pot (:class:`TakeFromPot`) or a face-up domino from the
   board (:class:`TakeFromBoard`, ruling TD-12); optionally play one domino
   of one's pile on an empty square (:class:`PlayDomino`); after a take from
   the pot and no successful play, optionally put one domino of one's pile
   into the pot (:class:`ReturnToPot`). :class:`EndTurn` ends the turn
   early; at its start it is a pass. A successful play or a return ends the
   turn by itself, and so does a failed play after a take from the board or
   no take.

   A play on a square TD-7 forbids fails at once (``"not-allowed"``, ruling
   TD-17). Otherwise the Sudoku check (TD-8): a clash with a face-up domino
   of the row, column or box fails (``"clash"``, nothing revealed); a clash
   with face-down dominoes only fails (``"hidden-clash"``) and a chance node
   (:class:`Reveal`) turns one of the clashing face-down dominoes face up,
   each with the same probability. That node exists for every hidden clash,
   even with one candidate (probability 1), so that the steps of a game do
   not depend on how many face-down dominoes clashed, which nobody may know.
   A failed play's domino goes back to the pile; all of it is public (ruling
   TD-18).
5. The end (TD-9, ruling TD-13, TD-14): as soon as a pile is empty
   (``"pile-empty"``), when two consecutive turns (one by each player) both
   ended without a successful play (``"no-successful-play"``), or after
   ``max_turns`` turns (``"max-turns"``). When one turn meets more than one
   of these, the ending named is the first of that list (the result is the
   same).
6. The result (TD-10, :class:`TwoDokuResult`): each pile is summed, the lower
   sum wins and scores the loser's sum plus the pot's sum; the loser scores
   0; equal sums are a draw. The returns are zero-sum: the winner's score
   for the winner, minus that score for the loser, 0 and 0 for a draw.

Observations (TD-11): :meth:`TwoDokuState.observation` gives the player's
:class:`~dokuspec.vocabulary.twodoku.View` as ``data`` (its JSON form) and a
readable text of it. Public: the coloured squares, the face-up dominoes, the
pot, the pile sizes and every take, play (with its result and the square
revealed) and return; private: one's own pile; hidden from both: the
face-down digits. The text is the view's terminal picture. While a hidden
clash waits for its reveal (a chance node)
the play is not yet among the events (a view's play of a hidden clash names
the square revealed). A view has no place for the result, so the
observation of a finished game does not show it (:meth:`TwoDokuState.result`
does). :meth:`TwoDokuState.resample_from_infostate` redraws what a player
cannot see with a small randomised search.

Besides the protocol a state gives :meth:`TwoDokuState.position` (the full
position), :meth:`TwoDokuState.deal` (the deal, once dealt),
:meth:`TwoDokuState.view`, :meth:`TwoDokuState.table` (a player's flat view, a
:class:`Table`, for agents) and :meth:`TwoDokuState.result`. The exact
counts behind the deal are public too: :func:`fair_deal_count`,
:func:`fair_split_count`, :func:`fair_deal_exists`, :func:`pot_probabilities`.

The package holds one idea per module: :mod:`~dokuspec.engine.twodoku.deals`
(the exact counts of fair deals), :mod:`~dokuspec.engine.twodoku.actions`
(the actions and their JSON form), :mod:`~dokuspec.engine.twodoku.game` (the
game and its option), :mod:`~dokuspec.engine.twodoku.state` (the states and
results), :mod:`~dokuspec.engine.twodoku.outcomes` (the deal's chance outcomes) and
:mod:`~dokuspec.engine.twodoku.infostate` (information states);
every name above is importable from the package itself.
"""

from __future__ import annotations

from dokuspec.engine.twodoku.actions import (
    Colour,
    DealCount,
    DealPot,
    DrawFaceDown,
    EndTurn,
    PlaceFaceDown,
    PlayDomino,
    ReturnToPot,
    Reveal,
    TakeFromBoard,
    TakeFromPot,
)
from dokuspec.engine.twodoku.deals import (
    FairDealMissingError,
    fair_deal_count,
    fair_deal_exists,
    fair_split_count,
    pot_probabilities,
)
from dokuspec.engine.twodoku.game import TwoDoku
from dokuspec.engine.twodoku.state import (
    ENDINGS,
    Table,
    TwoDokuResult,
    TwoDokuState,
)

__all__ = [
    "ENDINGS",
    "Colour",
    "DealCount",
    "DealPot",
    "DrawFaceDown",
    "EndTurn",
    "FairDealMissingError",
    "PlaceFaceDown",
    "PlayDomino",
    "ReturnToPot",
    "Reveal",
    "Table",
    "TakeFromBoard",
    "TakeFromPot",
    "TwoDoku",
    "TwoDokuResult",
    "TwoDokuState",
    "fair_deal_count",
    "fair_deal_exists",
    "fair_split_count",
    "pot_probabilities",
]
