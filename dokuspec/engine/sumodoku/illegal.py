"""Why an action is illegal in a Sumodoku state, in the rules' words: the reason an
:class:`~dokuspec.engine.base.IllegalActionError` gives (SU-1 to SU-11, rulings SU-21 to
SU-24)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dokuspec.engine.base import CHANCE, Action
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
from dokuspec.engine.sumodoku.game import _COLOUR_NUMBERS, _COLOURS_NODE, _PIECES_EACH
from dokuspec.vocabulary.sumodoku import cell_name

if TYPE_CHECKING:
    from dokuspec.engine.sumodoku.state import SumodokuState

__all__ = ["illegal_reason"]


def illegal_reason(state: SumodokuState, player: int, action: Action) -> str:
    """Why ``action`` is not legal for ``player`` (a player or :data:`CHANCE`) in ``state``,
    naming the rule or ruling it breaks (SU-1 to SU-11, rulings SU-21 to SU-24)."""
    kind = type(action)
    if player == CHANCE:
        if kind in (Colours, Observe, Silent):
            if state._node == _COLOURS_NODE:
                return "the colours are being drawn; this is not one of the splits"
            return "this is not an unnoticed mistake the observer may remove (SU-9)"
        return "the colours or the observer (chance) act here, not a player"
    if kind in (Colours, Observe, Silent):
        return f"{action} is a chance outcome, not a player's action"
    if kind is Place:
        assert isinstance(action, Place)
        return _place_reason(state, player, action)
    if kind is Claim:
        low, high = state._rules.window
        if state._done >= 0:
            return _done_reason(state)
        return (
            f"a claim is allowed on own turns {low}-{high} (SU-10); this would be "
            f"Player {player + 1}'s turn {state._turns[player] + 1}"
        )
    if not state._rules.tabletop and kind in (PointOut, FindMistake):
        return "only enforcement 'tabletop' plays invalid placements to point out (SU-4)"
    if kind is PointOut:
        assert isinstance(action, PointOut)
        if state._moment < 0:
            return (
                "only an invalid last placement of the opponent may be pointed out, "
                "right after it (SU-7); there is none"
            )
        return (
            f"the opponent's last placement is {state._name(state._moment)}, "
            f"not on r{action.row}c{action.col} (SU-7)"
        )
    if kind is FindMistake:
        assert isinstance(action, FindMistake)
        cell = (action.row - 1) * 9 + action.col - 1
        if cell == state._moment:
            return (
                f"{state._name(cell)} is the opponent's last placement: point it out "
                "(SU-7, ruling SU-21)"
            )
        if cell in state._mistakes:
            return (
                f"{state._name(cell)} is Player {player + 1}'s own mistake: only the "
                "opponent's may be found (SU-8; option own_mistake_wins)"
            )
        return f"r{action.row}c{action.col} holds no unnoticed mistake (SU-8, ruling SU-22)"
    if kind is Concede:
        return "conceding is allowed only with no valid move to make (ruling SU-24)"
    return "not an action of this game"


def _done_reason(state: SumodokuState) -> str:
    return (
        f"Player {state._done + 1} placed all {_PIECES_EACH} pieces, the last one invalid: "
        "point it out (SU-7), find a mistake (SU-8) or concede (ruling SU-23)"
    )


def _place_reason(state: SumodokuState, player: int, action: Place) -> str:
    if state._done >= 0:
        return _done_reason(state)
    cell, colour = action.cell, action.colour
    if state._cells[cell]:
        return f"{cell_name(cell)} already holds colour {state._cells[cell]}"
    if state._rules.free:
        if not state._supply[colour]:
            return f"no piece of colour {colour} is left in the supply (SU-11)"
    elif not state._owned[player] >> colour & 1:
        mine = "".join(str(k) for k in _COLOUR_NUMBERS if state._owned[player] >> k & 1)
        return f"colour {colour} is not Player {player + 1}'s (their colours: {mine}), SU-1"
    elif not state._hands[player][colour]:
        return f"Player {player + 1} has no piece of colour {colour} left"
    if not state._can_move(player):
        return f"Player {player + 1} has no valid move (SU-6, ruling SU-24)"
    return f"invalid placement: {state._conflict(cell, colour)}"
