"""Sumodoku's moves and claims as the spec reads them: the completion model evaluated on a board.

The spec's reading of a move and of a claim is taken from the completion
model itself (:func:`dokuspec.spec.sumodoku.completion_model`): its
constraints are **evaluated** on a board
(:func:`dokuspec.spec.model.can_hold`), with no solver and none of the
engine's rule code.

* :func:`placement_conflicts` / :func:`placement_is_valid` (SU-3,
  SU-12..SU-14): a placement is valid when no constraint group of the model
  that mentions the new piece is broken on the board with the piece (a group
  is broken on a partial board when no filling of the empty cells can
  satisfy it). Earlier invalid pieces (tabletop, SU-4) do not make a later
  move invalid unless they clash with it.
* :func:`spec_valid_placements`: every valid placement of some colours.
* :func:`filling_problems` / :func:`is_completion` (SU-10, SU-15): a claim's
  filling is a valid completion when it is full, keeps every piece on the
  board and breaks no group of the model (rows, columns, boxes, variants and
  the supply: pieces out of the game, SU-9).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from dokuspec.spec.model import Constraint, PseudoBoolean, Table, can_hold
from dokuspec.spec.sumodoku import completion_model
from dokuspec.vocabulary.sumodoku import Board, Piece, Position, Variants, cell_name

__all__ = [
    "filling_problems",
    "is_completion",
    "placement_conflicts",
    "placement_is_valid",
    "spec_valid_placements",
]


@dataclass(frozen=True, slots=True)
class _Rules:
    """The completion model's groups, indexed by the placements they speak of."""

    groups: tuple[tuple[str, tuple[Constraint, ...]], ...]
    by_literal: tuple[tuple[int, ...], ...]
    """``by_literal[9 * cell + colour]``: the groups in which that placement's literal occurs,
    or which constrain the cell's value (tables), by index in :attr:`groups`."""


@lru_cache(maxsize=64)
def _rules(variants: Variants, out: tuple[int, ...]) -> _Rules:
    spec = completion_model(variants, tuple(9 - n for n in out))
    groups = tuple((group.name, group.constraints) for group in spec.model.groups)
    for _, constraints in groups:
        for constraint in constraints:
            _check_literals(constraint)
    by_literal: list[list[int]] = [[] for _ in range(730)]
    for index, group in enumerate(spec.model.groups):
        literals: set[int] = set()
        for constraint in group.constraints:
            literals.update(_literals_of(constraint))
        for literal in sorted(literals):
            by_literal[literal].append(index)
    return _Rules(groups, tuple(tuple(found) for found in by_literal))


def _check_literals(constraint: Constraint) -> None:
    """Every literal of a clause, cardinality or linear constraint is a placement's (1-729)."""
    if isinstance(constraint, Table):
        return
    if isinstance(constraint, PseudoBoolean):
        literals: Iterable[int] = (literal for _, literal in constraint.terms)
    else:
        literals = constraint.literals
    for literal in literals:
        if not 1 <= abs(literal) <= 729:
            raise AssertionError(f"the completion model holds an unexpected literal {literal}")


def _literals_of(constraint: Constraint) -> set[int]:
    """The placement literals (1-729) a constraint speaks of (a table: every value of its cells)."""
    if isinstance(constraint, Table):
        return {literal for var in constraint.variables for literal in var.literals}
    if isinstance(constraint, PseudoBoolean):
        literals: Iterable[int] = (literal for _, literal in constraint.terms)
    else:
        literals = constraint.literals
    return {abs(literal) for literal in literals if abs(literal) <= 729}


def _truth(cells: bytes) -> Callable[[int], bool | None]:
    """A board as a partial assignment: "``cell`` holds ``colour``" is true, false, or open
    (``None``) while the cell is empty."""

    def truth(literal: int) -> bool | None:
        cell, colour = divmod(abs(literal) - 1, 9)
        held = cells[cell]
        if not held:
            return None
        return (held == colour + 1) == (literal > 0)

    return truth


def _broken_groups(rules: _Rules, cells: bytes, indices: Iterable[int]) -> tuple[str, ...]:
    truth = _truth(cells)
    return tuple(
        rules.groups[i][0]
        for i in indices
        if not all(can_hold(constraint, truth) for constraint in rules.groups[i][1])
    )


def placement_conflicts(position: Position, piece: Piece) -> tuple[str, ...]:
    """The spec model's groups that placing ``piece`` breaks (SU-3, SU-12..SU-14).

    Evaluates the constraint groups of the completion model (of
    ``position``'s variants and supply) in which the piece's literal ("this
    cell holds this colour") occurs, or which constrain its cell's value (the
    parity and border tables), on the board with the piece. A group is
    broken when it cannot hold however the empty cells are filled: two
    pieces of a colour in a row, column, box or diagonal, a colour against
    a parity mark, a marked border whose pieces do not differ by 1, more
    pieces of a colour than are in the game. So a rule that earlier pieces
    broke elsewhere (an unnoticed invalid placement in tabletop play, SU-4)
    makes a later move invalid only when the move takes part in it.

    Args:
        position: the position before the move.
        piece: the piece placed, on an empty cell.

    Returns:
        The names of the broken groups (``"box 5, colour 7"``), in the
        model's order; empty when the placement is valid.

    Raises:
        ValueError: the piece's cell is not empty.
    """
    cells = position.board.cells
    if cells[piece.cell]:
        raise ValueError(f"{cell_name(piece.cell)} is not empty: it holds {cells[piece.cell]}")
    rules = _rules(position.variants, position.out)
    after = bytearray(cells)
    after[piece.cell] = piece.colour
    return _broken_groups(rules, bytes(after), rules.by_literal[9 * piece.cell + piece.colour])


def placement_is_valid(position: Position, piece: Piece) -> bool:
    """Whether the spec model allows ``piece`` on its empty cell (:func:`placement_conflicts`)."""
    return not placement_conflicts(position, piece)


def spec_valid_placements(position: Position, colours: Iterable[int]) -> tuple[Piece, ...]:
    """Every valid placement of ``colours`` on ``position``'s empty cells, by the spec model.

    Args:
        position: the position.
        colours: the colours that may be placed (1-9; each once).

    Returns:
        The pieces, ordered by cell (row by row) and then colour.
    """
    chosen = sorted(set(colours))
    found = []
    for index in position.board.empty_cells():
        for colour in chosen:
            piece = Piece(index // 9 + 1, index % 9 + 1, colour)
            if placement_is_valid(position, piece):
                found.append(piece)
    return tuple(found)


def filling_problems(position: Position, filling: Board) -> tuple[str, ...]:
    """Why ``filling`` is not a valid completion of ``position`` (SU-10, SU-15), if it is not.

    The filling must be full, hold every piece of ``position.board`` in its
    cell, and break no constraint group of the completion model (rows,
    columns and boxes, SU-3; the variants, SU-12..SU-14; the supply: at most
    ``9 - out[k - 1]`` pieces of colour ``k``, SU-9), each evaluated on the
    full board.

    Returns:
        Readable problems (``"r1c2 is empty"``, ``"r3c3 holds 4, not 5"``,
        the names of the broken groups); empty for a valid completion.
    """
    problems = [f"{cell_name(i)} is empty" for i in filling.empty_cells()]
    for piece in position.board.pieces():
        held = filling[piece.row, piece.col]
        if held != piece.colour:
            problems.append(
                f"{cell_name(piece.cell)} holds {held or 'nothing'}, not {piece.colour}"
            )
    if problems:
        return tuple(problems)
    rules = _rules(position.variants, position.out)
    return _broken_groups(rules, filling.cells, range(len(rules.groups)))


def is_completion(position: Position, filling: Board) -> bool:
    """Whether ``filling`` is a valid completion of ``position`` (see :func:`filling_problems`)."""
    return not filling_problems(position, filling)
