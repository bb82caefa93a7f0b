"""An independent check of step-by-step explanations of Sumodoku positions.

An explanation (:func:`dokuspec.sumodoku.explain_steps`, its JSON form) is a
list of steps, each with premises (pieces on the board, placements and
removed candidates of earlier steps), the rule instances it uses and a
conclusion (placements, removed candidates, or a contradiction).
:func:`check_steps` replays the list and checks each step **from its own
premises and rule instances alone**: it reads the rule instances' names
(``row 3``, ``box 5``, ``main diagonal``, ``r4c7 is odd``, ``consecutive mark
r1c1-r1c2``, ``no mark r1c1-r1c2``, ``non-consecutive r1c1-r1c2``,
``non-consecutive mark r1c1-r1c2``, ``supply of colour 3``), checks that each
is in force in the position (SU-3, SU-9, SU-12 to SU-14, SU-36, SU-37),
builds the small constraint problem they state over the cells they name
(each unit holds every colour once; a border's digits differ by 1, or must
not; a marked cell's digit is odd or even), fixes the premises in it, and
searches it: a removed candidate must have no solution with that colour
there, a placement no solution with another colour, a contradiction no
solution at all. Since the problem holds fewer rules than the game and
only facts already established, what it rules out the game rules out.

The module shares no code with the search that writes explanations; it
reads the board's geometry from the names, and the position only for its
pieces, marks and digits.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dokuspec.vocabulary.sumodoku import Position

__all__ = ["NODE_LIMIT", "check_steps"]

NODE_LIMIT = 200_000
"""Search nodes per query, past which a step counts as unchecked (a failure)."""

_ALL = 0b1111111110

_UNIT = re.compile(r"(row|column|box) ([1-9])|(main diagonal|anti-diagonal)")
_PARITY = re.compile(r"r([1-9])c([1-9]) is (odd|even)")
_BORDER = re.compile(
    r"(consecutive mark|non-consecutive mark|non-consecutive|no mark) "
    r"r([1-9])c([1-9])-r([1-9])c([1-9])"
)
_SUPPLY = re.compile(r"supply of colour ([1-9])")


class _RefusedError(Exception):
    pass


def _unit(match: re.Match[str], position: Position) -> tuple[int, ...]:
    kind, number, diagonal = match.group(1), match.group(2), match.group(3)
    if diagonal:
        if not position.variants.x:
            raise _RefusedError(f"{diagonal}: Sudoku X is not in force")
        if diagonal == "main diagonal":
            return tuple(9 * i + i for i in range(9))
        return tuple(9 * i + 8 - i for i in range(9))
    n = int(number) - 1
    if kind == "row":
        return tuple(9 * n + c for c in range(9))
    if kind == "column":
        return tuple(9 * r + n for r in range(9))
    top, left = 3 * (n // 3), 3 * (n % 3)
    return tuple(9 * (top + r) + left + c for r in range(3) for c in range(3))


class _Problem:
    """The constraint problem a step's rule instances and premises state."""

    def __init__(self, position: Position, rules: Sequence[Any]) -> None:
        variants = position.variants
        digit = [0] + [int(ch) for ch in variants.digits]
        self.units: list[tuple[int, ...]] = []
        self.borders: list[tuple[int, int, bool]] = []  # (a, b, must differ by 1)
        self.masks: dict[int, int] = {}
        self.impossible = False
        self.cells: set[int] = set()
        self.digit = digit
        for rule in rules:
            if not isinstance(rule, str):
                raise _RefusedError(f"a rule instance is a string, not {type(rule).__name__}")
            if match := _UNIT.fullmatch(rule):
                cells = _unit(match, position)
                self.units.append(cells)
                self.cells.update(cells)
            elif match := _PARITY.fullmatch(rule):
                cell = (int(match.group(1)) - 1) * 9 + int(match.group(2)) - 1
                mark = {"odd": "o", "even": "e"}[match.group(3)]
                if not variants.parity or variants.parity[cell] != mark:
                    raise _RefusedError(f"{rule}: the cell has no such mark")
                odd = mark == "o"
                allowed = sum(1 << k for k in range(1, 10) if (digit[k] % 2 == 1) == odd)
                self.masks[cell] = self.masks.get(cell, _ALL) & allowed
                self.cells.add(cell)
            elif match := _BORDER.fullmatch(rule):
                self._border(match, position, rule)
            elif match := _SUPPLY.fullmatch(rule):
                if not position.out[int(match.group(1)) - 1]:
                    raise _RefusedError(f"{rule}: no piece of the colour is out of the game")
                # a full board holds each colour once per row, 9 times (SU-3): a colour with
                # a piece out of the game (SU-9) cannot fill it
                self.impossible = True
            else:
                raise _RefusedError(f"{rule!r} is not a rule instance")

    def _border(self, match: re.Match[str], position: Position, rule: str) -> None:
        variants = position.variants
        r1, c1, r2, c2 = (int(match.group(i)) - 1 for i in range(2, 6))
        a, b = r1 * 9 + c1, r2 * 9 + c2
        if not (a < b and ((r1 == r2 and c2 == c1 + 1) or (c1 == c2 and r2 == r1 + 1))):
            raise _RefusedError(f"{rule}: not a border between neighbours, smaller cell first")
        kind = match.group(1)
        marked = (a, b) in variants.consecutive
        in_force = {
            "consecutive mark": marked,
            "non-consecutive mark": (a, b) in variants.non_consecutive_marks,
            "non-consecutive": variants.non_consecutive,
            "no mark": variants.strict_marks and not marked,
        }[kind]
        if not in_force:
            raise _RefusedError(f"{rule}: not in force in this position")
        self.borders.append((a, b, kind == "consecutive mark"))
        self.cells.update((a, b))

    def domains(self, fixed: Mapping[int, int], removed: set[tuple[int, int]]) -> dict[int, int]:
        found = {cell: self.masks.get(cell, _ALL) for cell in self.cells}
        for cell, colour in fixed.items():
            found[cell] = found.get(cell, _ALL) & (1 << colour)
        for cell, colour in removed:
            if cell in found:
                found[cell] &= ~(1 << colour)
        return found

    def _agrees(self, first: int, second: int, consecutive: bool) -> bool:
        return (abs(self.digit[first] - self.digit[second]) == 1) == consecutive

    def _propagate(self, dom: dict[int, int]) -> bool:
        changed = True
        while changed:
            changed = False
            for unit in self.units:
                for cell in unit:
                    mask = dom[cell]
                    if not mask:
                        return False
                    if not mask & (mask - 1):
                        for other in unit:
                            if other != cell and dom[other] & mask:
                                dom[other] &= ~mask
                                if not dom[other]:
                                    return False
                                changed = True
                for colour in range(1, 10):
                    bit = 1 << colour
                    places = [cell for cell in unit if dom[cell] & bit]
                    if not places:
                        return False
                    if len(places) == 1 and dom[places[0]] != bit:
                        dom[places[0]] = bit
                        changed = True
            for a, b, consecutive in self.borders:
                for here, there in ((a, b), (b, a)):
                    keep = 0
                    for colour in range(1, 10):
                        if dom[here] >> colour & 1 and any(
                            dom[there] >> other & 1 and self._agrees(colour, other, consecutive)
                            for other in range(1, 10)
                        ):
                            keep |= 1 << colour
                    if keep != dom[here]:
                        if not keep:
                            return False
                        dom[here] = keep
                        changed = True
        return True

    def solvable(self, dom: dict[int, int], budget: list[int]) -> bool:
        """Whether some assignment within ``dom`` breaks none of the rules."""
        if self.impossible or any(not mask for mask in dom.values()):
            return False
        budget[0] -= 1
        if budget[0] < 0:
            raise _RefusedError("the check needed more search than its node limit")
        dom = dict(dom)
        if not self._propagate(dom):
            return False
        open_cells = [cell for cell, mask in dom.items() if mask & (mask - 1)]
        if not open_cells:
            return True
        cell = min(open_cells, key=lambda c: (bin(dom[c]).count("1"), c))
        for colour in range(1, 10):
            if dom[cell] >> colour & 1:
                trial = dict(dom)
                trial[cell] = 1 << colour
                if self.solvable(trial, budget):
                    return True
        return False


def _facts(items: Any, what: str) -> list[tuple[int, int, int | None]]:
    if not isinstance(items, list):
        raise _RefusedError(f"{what} is a list")
    found = []
    for item in items:
        if not isinstance(item, dict):
            raise _RefusedError(f"an item of {what} is an object")
        values = [item.get(key) for key in ("row", "col", "colour")]
        if not all(type(v) is int and 1 <= v <= 9 for v in values):
            raise _RefusedError(f"an item of {what} needs row, col and colour, each 1-9")
        row, col, colour = (int(v) for v in values)  # type: ignore[arg-type]
        step = item.get("step")
        found.append(((row - 1) * 9 + col - 1, colour, step if type(step) is int else None))
    return found


def _check(
    position: Position,
    step: Mapping[str, Any],
    placed: dict[tuple[int, int], int],
    eliminated: dict[tuple[int, int], int],
    number: int,
) -> None:
    cells = position.board.cells
    premises = step.get("premises")
    conclusion = step.get("conclusion")
    if not isinstance(premises, dict) or not isinstance(conclusion, dict):
        raise _RefusedError("a step has premises and a conclusion, each an object")
    problem = _Problem(position, step.get("rules", []))
    fixed: dict[int, int] = {}
    removed: set[tuple[int, int]] = set()
    for cell, colour, _ in _facts(premises.get("pieces", []), "premises.pieces"):
        if cells[cell] != colour:
            raise _RefusedError(
                f"premise r{cell // 9 + 1}c{cell % 9 + 1}={colour} is not on the board"
            )
        fixed[cell] = colour
    for cell, colour, origin in _facts(premises.get("placed", []), "premises.placed"):
        if (cell, colour) not in placed or (origin is not None and placed[cell, colour] != origin):
            raise _RefusedError(
                f"premise r{cell // 9 + 1}c{cell % 9 + 1}={colour} was not placed by an earlier "
                "step" + ("" if origin is None else f" (step {origin})")
            )
        fixed[cell] = colour
    for cell, colour, origin in _facts(premises.get("eliminated", []), "premises.eliminated"):
        if (cell, colour) not in eliminated or (
            origin is not None and eliminated[cell, colour] != origin
        ):
            raise _RefusedError(
                f"premise r{cell // 9 + 1}c{cell % 9 + 1}≠{colour} was not concluded by an "
                "earlier step" + ("" if origin is None else f" (step {origin})")
            )
        removed.add((cell, colour))
    places = _facts(conclusion.get("places", []), "conclusion.places")
    eliminates = _facts(conclusion.get("eliminates", []), "conclusion.eliminates")
    contradiction = conclusion.get("contradiction", False)
    if not isinstance(contradiction, bool):
        raise _RefusedError("conclusion.contradiction is true or false")
    if not (places or eliminates or contradiction):
        raise _RefusedError("the step concludes nothing")
    problem.cells.update(fixed)
    problem.cells.update(cell for cell, _, _ in places + eliminates)
    budget = [NODE_LIMIT]
    base = problem.domains(fixed, removed)

    def rules_out(cell: int, colour: int) -> bool:
        trial = dict(base)
        trial[cell] = trial[cell] & (1 << colour)
        return not problem.solvable(trial, budget)

    if contradiction and problem.solvable(base, budget):
        raise _RefusedError("its premises and rules can all hold: no contradiction follows")
    for cell, colour, _ in eliminates:
        if not rules_out(cell, colour):
            raise _RefusedError(
                f"r{cell // 9 + 1}c{cell % 9 + 1} can still hold colour {colour} under its "
                "premises and rules"
            )
    for cell, colour, _ in places:
        if cells[cell]:
            raise _RefusedError(f"r{cell // 9 + 1}c{cell % 9 + 1} already holds a piece")
        for other in range(1, 10):
            if other != colour and not rules_out(cell, other):
                raise _RefusedError(
                    f"r{cell // 9 + 1}c{cell % 9 + 1} could hold colour {other} as well as "
                    f"{colour} under its premises and rules"
                )
    for cell, colour, _ in places:
        placed[cell, colour] = number
    for cell, colour, _ in eliminates:
        eliminated[cell, colour] = number


def check_steps(
    position: Position,
    steps: Sequence[Mapping[str, Any]],
    *,
    complete: bool = True,
    progress: Callable[[int], None] | None = None,
) -> str | None:
    """Check an explanation of ``position`` step by step; ``None`` when every step holds.

    Args:
        position: the position explained.
        steps: the steps in their JSON form (``Explanation.to_json()["steps"]``):
            each an object with ``rules`` (rule instances' names), ``premises``
            (``pieces``, ``placed``, ``eliminated``: lists of ``{"row", "col",
            "colour"}``, a placed or eliminated one with the ``"step"`` that
            concluded it, 0 for a trial's assumption) and ``conclusion``
            (``places``, ``eliminates``, ``contradiction``). A trial's
            ``chain`` is not needed: the trial's conclusion is checked as a
            whole.
        complete: also require the last step to conclude a contradiction (the
            steps prove the position impossible).
        progress: called with each step's number once it is checked.

    Returns:
        ``None``, or the first problem as one line: ``"step 4: r3c4 can still
        hold colour 2 under its premises and rules"``.

    Raises:
        TypeError: ``position`` is not a Position.
    """
    if not isinstance(position, Position):
        raise TypeError(f"check_steps() takes a Position, not {type(position).__name__}")
    placed: dict[tuple[int, int], int] = {}
    eliminated: dict[tuple[int, int], int] = {}
    for number, step in enumerate(steps, 1):
        if not isinstance(step, Mapping):
            return f"step {number}: a step is an object"
        try:
            _check(position, step, placed, eliminated, number)
        except _RefusedError as refused:
            return f"step {number}: {refused}"
        if progress is not None:
            progress(number)
        conclusion = step.get("conclusion")
        if isinstance(conclusion, dict) and conclusion.get("contradiction") and number < len(steps):
            return f"step {number + 1}: a step follows the contradiction"
    if complete and not (
        steps
        and isinstance(steps[-1].get("conclusion"), dict)
        and steps[-1]["conclusion"].get("contradiction") is True
    ):
        return "the steps do not end in a contradiction"
    return None
