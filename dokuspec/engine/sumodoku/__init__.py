"""Sumodoku as an engine (rules SU-1 to SU-17, rulings SU-20 to SU-29).

Two players place coloured pieces on a 9x9 board, Sudoku-like: no colour
twice in a row, column or box (SU-3). This package plays the whole game
with plain Python and bit masks; it imports no spec and no solver (enforced
by import-linter), so that :mod:`dokuspec.verify` can hold the constraint
models against it. The rule checker and the plain completion search that
:mod:`dokuspec.verify` also uses live in :mod:`dokuspec.engine.sumodoku.rules`
and are re-exported here under the same names (:class:`Violation`,
:func:`violations`, :func:`is_valid`, :class:`SearchResult`,
:func:`search_completion`, :func:`count_completions`,
:data:`DEFAULT_NODE_LIMIT`).

The game, :class:`Sumodoku` (registered as ``"sumodoku"``), follows the
engine protocol of :mod:`dokuspec.engine.base`. The protocol numbers the
players 0 and 1: engine player 0 is the rules' Player 1. Records written by
:func:`record_json` use the game's own numbers 1 and 2.

1. Setup (SU-1). With ``colour_assignment="fixed"`` Player 1 holds colours
   1-4 and four pieces of colour 9, Player 2 colours 5-8 and four of colour
   9; the ninth piece of colour 9 is the spare. With ``"random"`` the first
   step is a chance node (:class:`Colours`): every split of the nine colours
   into four for Player 1, four for Player 2 and one shared colour has
   probability exactly 1/630. With ``free_colours`` (SU-11) nothing is
   assigned: all 81 pieces form one common supply.
2. Turns (SU-2, SU-3). Players alternate from ``first_player``; a turn is
   one placement (:class:`Place`) or a claim (:class:`Claim`). A placement
   is *valid* when no piece of its colour stands in its row, column or box
   and the variants allow it (SU-12 to SU-14, combinable, SU-17).
3. Enforcement (SU-4). ``"strict"``: only valid placements are legal; any
   other raises :class:`~dokuspec.engine.base.IllegalActionError` naming
   the rule. ``"tabletop"``: every placement of one's own piece on an empty
   cell is legal; an invalid one stands on the board as an *unnoticed
   mistake* until someone points it out:

   * the opponent, right after it and before their own turn
     (:class:`PointOut`, SU-7): the mover loses (``"pointed-out"``);
   * the opponent at the start of a later turn (:class:`FindMistake`,
     SU-8): the finder wins (``"mistake-found"``). Finding one's own
     mistake wins only with the option ``own_mistake_wins`` (the literal
     reading of the rule text);
   * the observer (SU-9): once the opponent has let the mistake pass (made
     their next placement without pointing it out), a chance node after
     every placement while such a mistake stands, driven by the
     ``observer`` option ``p``: each of those ``n`` mistakes is removed
     with probability ``p / n`` (:class:`Observe`), nothing happens with
     ``1 - p`` (:class:`Silent`). The opponent's right of SU-7 always
     comes first. The removed piece leaves the game
     (:attr:`SumodokuState.out`) and does not count as placed for SU-5;
     its cell becomes a hole that a valid placement may fill later.

   The observer is modelled as chance (ruling SU-20) rather than as a third
   player: it has no goal and no return, so the game stays a two-player
   zero-sum game; its outcomes have exact probabilities and are recorded like
   any other step, so a record replays without a random number generator,
   and a study varies how attentive the observer is with one number.
4. The end. A player who has placed all 40 pieces, none of them removed
   by the observer, wins (SU-5, ``"all-pieces-played"``, not with free
   colours); a player with no valid
   move at the start of their turn loses (SU-6, ``"no-valid-move"``); a
   claim wins or loses (SU-10, ``"claim-succeeded"``, ``"claim-failed"``);
   and SU-7, SU-8 above. Every game has a winner; the returns are +1 and -1.
5. The claim (SU-10) is an *open action*: it carries the submitted filling
   (a full board) and the seconds taken, the claimant's free choice, so
   :meth:`~dokuspec.engine.base.State.legal_actions` cannot list it;
   :meth:`~dokuspec.engine.base.State.open_actions` names it (``("claim",)``)
   while the claim window is open. The engine judges a claim itself: the
   filling must extend the board, fill every empty cell (holes too) with
   exactly the remaining pieces (none of those out of the game, SU-15),
   break no rule (:func:`violations`), and ``seconds`` must be within the
   time limit of that own-turn number. It never asks a solver whether some
   completion exists: that is the spec's business.

The rulings this engine adds (SU-20 to SU-29, listed in the handbook's
register) answer what the rules leave open: the observer as chance (SU-20),
what SU-7 and SU-8 may target (SU-21), which mistakes count (SU-22), an
invalid last piece under SU-5 (SU-23), SU-6 in tabletop and conceding
(SU-24), what counts as a turn (SU-25), claims with holes or mistakes on the
board (SU-26), the filling a claim may submit (SU-27), the observer after
which steps (SU-28), and the option checks (SU-29).

Observations are public: the board, both hands, the turn numbers and the
unnoticed mistakes (which both players can see on the table) are visible to
both, so :meth:`SumodokuState.resample_from_infostate` returns a clone.
Game records in the game's own JSON form: :func:`record_json`,
:func:`record_text`, :func:`read_record`, :func:`record_schema`; the
protocol's generic :meth:`~dokuspec.engine.base.State.record` and
:func:`~dokuspec.engine.base.replay` work too.

The package holds one idea per module: :mod:`~dokuspec.engine.sumodoku.rules`
(the rules checked on a board, the completion search),
:mod:`~dokuspec.engine.sumodoku.actions` (the actions and their JSON form),
:mod:`~dokuspec.engine.sumodoku.game` (the game and its options),
:mod:`~dokuspec.engine.sumodoku.state` (the states and results) and
:mod:`~dokuspec.engine.sumodoku.records` (game records); every name above is
importable from the package itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dokuspec.lazy import attach

if TYPE_CHECKING:
    from dokuspec.engine.sumodoku.actions import (
        Claim,
        Colours,
        Concede,
        FindMistake,
        Observe,
        Place,
        PointOut,
        Silent,
    )
    from dokuspec.engine.sumodoku.game import (
        DEFAULT_CLAIM_TIME_LIMITS,
        DEFAULT_CLAIM_WINDOW,
        Sumodoku,
    )
    from dokuspec.engine.sumodoku.records import (
        read_record,
        record_json,
        record_schema,
        record_text,
    )
    from dokuspec.engine.sumodoku.rules import (
        DEFAULT_NODE_LIMIT,
        SearchResult,
        Violation,
        count_completions,
        is_valid,
        search_completion,
        violations,
    )
    from dokuspec.engine.sumodoku.state import REASONS, SumodokuResult, SumodokuState

__all__ = [
    "DEFAULT_CLAIM_TIME_LIMITS",
    "DEFAULT_CLAIM_WINDOW",
    "DEFAULT_NODE_LIMIT",
    "REASONS",
    "Claim",
    "Colours",
    "Concede",
    "FindMistake",
    "Observe",
    "Place",
    "PointOut",
    "SearchResult",
    "Silent",
    "Sumodoku",
    "SumodokuResult",
    "SumodokuState",
    "Violation",
    "count_completions",
    "is_valid",
    "read_record",
    "record_json",
    "record_schema",
    "record_text",
    "search_completion",
    "violations",
]

_SOURCES = {
    "dokuspec.engine.sumodoku.actions": (
        "Claim",
        "Colours",
        "Concede",
        "FindMistake",
        "Observe",
        "Place",
        "PointOut",
        "Silent",
    ),
    "dokuspec.engine.sumodoku.game": (
        "DEFAULT_CLAIM_TIME_LIMITS",
        "DEFAULT_CLAIM_WINDOW",
        "Sumodoku",
    ),
    "dokuspec.engine.sumodoku.state": ("REASONS", "SumodokuResult", "SumodokuState"),
    "dokuspec.engine.sumodoku.records": (
        "read_record",
        "record_json",
        "record_schema",
        "record_text",
    ),
    "dokuspec.engine.sumodoku.rules": (
        "DEFAULT_NODE_LIMIT",
        "SearchResult",
        "Violation",
        "count_completions",
        "is_valid",
        "search_completion",
        "violations",
    ),
}
"""The module of each name. Each is imported from there when it is first used
(:pep:`562`): ``dokuspec.engine.sumodoku.rules``, which the fast search and the
verification use on their own, loads without the game."""

if not TYPE_CHECKING:
    __getattr__, __dir__ = attach(
        __name__, _SOURCES, ("actions", "game", "records", "rules", "state")
    )
