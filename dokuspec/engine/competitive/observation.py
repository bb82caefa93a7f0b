"""What Competitive Sudoku's players see: an observation's data and text, and the text
forms of cards, Grids and piles in it (CS-8: nothing on the table is hidden)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from dokuspec.engine.base import CHANCE, SIMULTANEOUS, JSONValue, Observation
from dokuspec.engine.competitive.phases import _CHOICE, _DEAL, _OVER, _PICKING, _PLACING, _WHO
from dokuspec.engine.competitive.rules import _TEXT, _TEXT_ORDER, _card_text

if TYPE_CHECKING:
    from dokuspec.engine.competitive.state import CompetitiveSudokuState

__all__ = ["observation_of"]


def observation_of(state: CompetitiveSudokuState, player: int) -> Observation:
    """What ``player`` (0 or 1) sees of ``state``: everything on the table, as
    :meth:`~dokuspec.engine.competitive.state.CompetitiveSudokuState.observation` describes it."""
    data: dict[str, JSONValue] = {
        "phase": state._phase,
        "to_act": state.current_player(),
        "black": state.black,
        "who_is_black": [
            [_card_text(c) for c in state._who[0::2]],
            [_card_text(c) for c in state._who[1::2]],
        ],
        "dealt": [_card_text(c) for c in state._dealt],
        "draft_pool": _counts_text(state._draft),
        "hands": [_indices_text(hand) for hand in state._hands],
        "grids": [_grid_text(grid) for grid in state._grids],
        "pools": [state._pool_text(colour) for colour in (0, 1)],
        "decks": [state._sizes[state._own_colour(seat)] for seat in (0, 1)],
        "discards": [_counts_text(pile) for pile in state._discards],
        "turn_of": state._to_move if state._playing() else None,
        "drawn": None if state._drawn < 0 else _card_text(state._drawn),
        "turns": state._turns,
        "trades": state._trades,
        "result": None if state._result is None else list(state._result),
        "ending": state._ending or None,
    }
    head = f"competitive sudoku ({state._rules.mode}), as {state._seat_name(player)} sees it"
    return Observation(player, data, "\n".join([head, *_lines(state)]))


def _lines(state: CompetitiveSudokuState) -> list[str]:
    """The state as lines of text, each at most 80 columns."""
    lines: list[str] = []
    phase = state._phase
    if phase is _WHO or state._black < 0:
        for seat in (0, 1):
            drawn = _indices_text(state._who[seat::2])
            lines.append(f"player {seat} drew (who is Black): {drawn}")
    if phase in (_DEAL, _PICKING, _PLACING) or (state._dealt and phase is _WHO):
        lines.append(f"dealt: {_indices_text(state._dealt)}")
        if state._rules.mode != "twins":
            lines.append(f"draft pool: {_counts_text(state._draft)}")
        for seat in (0, 1):
            hand = _indices_text(state._hands[seat])
            lines.append(f"{state._seat_name(seat)} holds: {hand}")
    black = state._black if state._black >= 0 else 1
    for seat in (black, 1 - black):
        lines.append(f"{state._seat_name(seat)} Grid: {_grid_text(state._grids[seat])}")
        if seat == black:
            lines.extend(state._pool_text(colour) for colour in (0, 1))
    decks = ", ".join(f"player {seat} {state._sizes[state._own_colour(seat)]}" for seat in (0, 1))
    lines.append(f"Decks: {decks}; turns {state._turns}, trades {state._trades}")
    for seat in (0, 1):
        pile = _counts_text(state._discards[seat])
        if pile != "-":
            lines.append(f"player {seat} Discard Pile: {pile}")
    if state._drawn >= 0:
        lines.append(f"drawn: {_card_text(state._drawn)}")
    lines.append(_actor(state))
    wrapped: list[str] = []
    for line in lines:
        if len(line) <= 80:
            wrapped.append(line)
        else:
            wrapped.extend(textwrap.wrap(line, width=80, subsequent_indent="    "))
    return wrapped


def _actor(state: CompetitiveSudokuState) -> str:
    """Who is to act, and in which phase, or how the game ended: one line."""
    phase = state._phase
    if phase is _OVER:
        assert state._result is not None
        return f"game over: {state._ending}; scores {state._result[0]} and {state._result[1]}"
    current = state.current_player()
    if current == CHANCE:
        if phase is _WHO and len(state._who) == 18 * state._rules.copies:
            return "to act: chance (a toss decides who is Black)"
        return f"to act: chance (a card from {state._source_name()})"
    if current == SIMULTANEOUS and phase is _CHOICE:
        turn = state._seat_name(state._to_move)
        return f"to act: both players ({phase}) before the turn of {turn}"
    if current == SIMULTANEOUS:
        return f"to act: both players ({phase})"
    return f"to act: {state._seat_name(current)} ({phase})"


def _counts_text(counts: Sequence[int]) -> str:
    """The text form of the cards of a count by card index, as :class:`Cards` writes it."""
    return " ".join(_TEXT[c] for c in _TEXT_ORDER for _ in range(counts[c])) or "-"


def _indices_text(indices: Iterable[int]) -> str:
    counts = [0] * 18
    for index in indices:
        counts[index] += 1
    return _counts_text(counts)


def _grid_text(grid: Sequence[int]) -> str:
    """The text form of a Grid of card indices, as :class:`Grid` writes it."""
    shown = [".." if c < 0 else _TEXT[c] for c in grid]
    return " / ".join(" ".join(shown[r : r + 3]) for r in (0, 3, 6))
