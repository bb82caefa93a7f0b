"""One-line reasons: when a single unit or cell shows that a position is impossible.

:func:`unit_reason` reads the pieces on the board and the rules in force,
with no search and no solver, and names the first of these it finds:

* two pieces of one colour in a row, column, box or diagonal (SU-3, SU-12):
  ``"row 1 holds colour 1 twice: r1c3 and r1c8"``;
* a piece its cell's mark forbids (SU-13), or two pieces a border's rule
  forbids (SU-14, SU-37): ``"r4c7 holds colour 2 on an odd mark"``;
* an empty cell where every colour breaks a rule with the pieces around it:
  ``"r3c4 has no colour left"``;
* a colour missing from a unit that no empty cell of the unit can take:
  ``"colour 2 has no place left in row 3"``.

Each is a proof a player can check by eye: the claim is about one unit or
one cell and the pieces already placed. When none applies, the answer is
``None`` and an explanation needs more steps (:func:`dokuspec.sumodoku.explain`).
Pieces out of the game (SU-9) are not read here.
"""

from __future__ import annotations

from dokuspec.engine.sumodoku.rules import MARKED
from dokuspec.spec.sumodoku import units
from dokuspec.sumodoku.search import _candidates, _rules, _used
from dokuspec.vocabulary.sumodoku import Position, cell_name

__all__ = ["unit_reason"]


def unit_reason(position: Position) -> str | None:
    """A one-line reason why ``position`` cannot be completed, when one unit or cell shows it.

    See the module notes for the reasons and their order. The claim of a
    reason holds for the position; a position with no such reason returns
    ``None`` (it may still be impossible).

    Raises:
        TypeError: ``position`` is not a :class:`~dokuspec.vocabulary.sumodoku.Position`.
    """
    if not isinstance(position, Position):
        raise TypeError(f"unit_reason() takes a Position, not {type(position).__name__}")
    cells = position.board.cells
    named = units(position.variants.x)
    for name, members in named:
        seen: dict[int, int] = {}
        for cell in members:
            colour = cells[cell]
            if colour and colour in seen:
                first = cell_name(seen[colour])
                return f"{name} holds colour {colour} twice: {first} and {cell_name(cell)}"
            if colour:
                seen[colour] = cell
    rules = _rules(position.variants)
    for cell in range(81):
        colour = cells[cell]
        if not colour:
            continue
        if not rules.allowed[cell] >> colour & 1:
            mark = "an odd" if position.variants.parity[cell] == "o" else "an even"
            return f"{cell_name(cell)} holds colour {colour} on {mark} mark"
        for other, kind in rules.neighbours[cell]:
            near = cells[other]
            if other > cell and near:
                consecutive = bool(rules.next_to[colour] >> near & 1)
                if (kind == MARKED) != consecutive:
                    rule = "consecutive" if kind == MARKED else "non-consecutive"
                    return (
                        f"{cell_name(cell)} and {cell_name(other)} hold colours {colour} and "
                        f"{near} across a {rule} border"
                    )
    used = _used(rules, cells)
    candidates = [0 if cells[c] else _candidates(rules, cells, used, c) for c in range(81)]
    for cell in range(81):
        if not cells[cell] and not candidates[cell]:
            return f"{cell_name(cell)} has no colour left"
    for name, members in named:
        present = {cells[c] for c in members}
        for colour in range(1, 10):
            if colour in present:
                continue
            if not any(candidates[c] >> colour & 1 for c in members):
                return f"colour {colour} has no place left in {name}"
    return None
