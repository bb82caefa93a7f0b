"""What Sumodoku's players see: the observation's data and its text (perfect
information: both players see everything)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dokuspec.engine.base import CHANCE, JSONValue
from dokuspec.engine.sumodoku.game import _COLOURS_NODE

if TYPE_CHECKING:
    from dokuspec.engine.sumodoku.state import SumodokuState

__all__ = ["observation_data", "observation_text"]


def observation_data(state: SumodokuState) -> dict[str, JSONValue]:
    """What both players see (SU rules' player numbers 1 and 2): the data of
    :meth:`~dokuspec.engine.sumodoku.state.SumodokuState.observation` without the
    observing player's number."""
    current = state.current_player()
    to_move: JSONValue = None
    if current >= 0:
        to_move = current + 1
    elif current == CHANCE:
        to_move = "chance"
    target = state.point_out_target()
    result = state._result
    mover = current if current >= 0 else None
    limit = state.claim_time_limit(mover) if mover is not None else None
    return {
        "board": str(state.board),
        "out": list[JSONValue](state.out),
        "hands": [list[JSONValue](state.hand(p)) for p in (0, 1)],
        "colours": [list[JSONValue](sorted(state.colours(p))) for p in (0, 1)],
        "turns": list[JSONValue](state._turns),
        "to_move": to_move,
        "unnoticed": [str(piece) for piece in state.unnoticed()],
        "point_out": None if target is None else str(target),
        "claim_open": mover is not None and state._claim_open(mover),
        "claim_time_limit": limit,
        "result": None
        if result is None
        else {"winner": result.winner + 1, "reason": result.reason, "detail": result.detail},
    }


def observation_text(state: SumodokuState) -> str:
    """The state drawn in at most 80 columns: the title, the board, the hands, the turns,
    the pieces out, the unnoticed mistakes and who is to act or how the game ended."""
    rules = state._rules
    mode = "tabletop" if rules.tabletop else "strict"
    names = [mode, *state._rules.variants.names(), *(["free colours"] if rules.free else [])]
    lines = ["Sumodoku"]
    for name in names:  # the title, in lines of at most 80 columns
        if len(lines[-1]) + len(name) + 3 <= 80:
            lines[-1] += ", " + name
        else:
            lines[-1] += ","
            lines.append("  " + name)
    mistakes = set(state._mistakes)
    lines.append("     1 2 3   4 5 6   7 8 9")
    rule = "   +-------+-------+-------+"
    for row in range(9):
        if row % 3 == 0:
            lines.append(rule)
        parts = []
        for col in range(9):
            cell = row * 9 + col
            value = state._cells[cell]
            mark = "." if not value else str(value)
            parts.append(mark + ("!" if cell in mistakes else " "))
        text = "".join(("| " if col % 3 == 0 else "") + parts[col] for col in range(9))
        lines.append(f" {row + 1} {text}|")
    lines.append(rule)
    for player in (0, 1):
        hand = state.hand(player)
        left = " ".join(f"{k}:{n}" for k, n in enumerate(hand, start=1) if n)
        who = "supply" if rules.free else f"Player {player + 1}"
        if rules.free and player == 1:
            break
        lines.append(f"{who}: {left or 'nothing'}")
    lines.append(f"Turns taken: Player 1 {state._turns[0]}, Player 2 {state._turns[1]}")
    if any(state._out):
        lines.append(
            "Out of the game: " + " ".join(f"{k}:{n}" for k, n in enumerate(state._out) if n)
        )
    if state._mistakes:
        lines.append("Unnoticed mistakes (!): " + " ".join(str(p) for p in state.unnoticed()))
    current = state.current_player()
    if state._result is not None:
        lines.append(f"Player {state._result.winner + 1} won: {state._result.reason}")
        lines.append(state._result.detail)
    elif current == CHANCE:
        lines.append(
            "The colours are drawn" if state._node == _COLOURS_NODE else "The observer looks"
        )
    else:
        status = f"Player {current + 1} to move, own turn {state._turns[current] + 1}"
        limit = state.claim_time_limit(current)
        if limit is not None:
            status += f"; may claim within {limit:g} s"
        lines.append(status)
    return "\n".join(line[:80] for line in lines)
