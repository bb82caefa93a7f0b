"""Repairs: the fewest pieces to take off an impossible position so that it can be completed.

A **repair** of an impossible position is a set of its pieces whose removal
leaves a completable position (SU-15); a *minimum* repair is one of the
fewest pieces: a minimum correction set of the pieces, taken as soft
constraints over the completion model's rules (the complement of a maximum
satisfiable subset). :func:`repairs` finds one by MaxSAT (python-sat's RC2,
through :meth:`dokuspec.solvers.base.Backend.optimize`: keep as many pieces
as a full board obeying the rules can), then the other repairs of the same
size one by one, each time requiring that one of the pieces already removed
stays. Every repair is confirmed by :func:`~dokuspec.sumodoku.check` on the
position without its pieces, which certifies the completion.

No removal of pieces repairs a position whose variant marks alone, or
whose pieces out of the game (SU-9), make it impossible: its answer has no
repair.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from dokuspec.errors import SolverError
from dokuspec.solvers import as_budget
from dokuspec.spec.model import Objective
from dokuspec.sumodoku.positions import (
    BackendName,
    PositionLike,
    _position,
    check,
    check_backend,
    compiled_model,
)
from dokuspec.vocabulary.sumodoku import Board, Piece, Position, Variants

__all__ = ["DEFAULT_LIMIT", "Repair", "Repairs", "RepairsStatus", "repairs"]

RepairsStatus: TypeAlias = Literal["completable", "impossible", "unknown"]

DEFAULT_LIMIT = 10
"""Repairs of the minimum size :func:`repairs` lists at most by default."""


@dataclass(frozen=True, slots=True)
class Repair:
    """One way to make a position completable by taking pieces off.

    Attributes:
        remove: the pieces to take off, sorted.
        completion: a completion of the position without them (certified by
            :func:`~dokuspec.sumodoku.check`).
    """

    remove: tuple[Piece, ...]
    completion: Board

    def __str__(self) -> str:
        return "remove " + " ".join(str(piece) for piece in self.remove)


@dataclass(frozen=True, slots=True)
class Repairs:
    """What :func:`repairs` found.

    Attributes:
        status: the position's status: ``"completable"`` (nothing to repair),
            ``"impossible"`` or ``"unknown"`` (the time limit ran out first).
        position: the position asked about.
        repairs: minimum repairs, each of ``size`` pieces (sorted by their
            pieces); empty when completable, when no removal of pieces
            repairs it, or when the time ran out before one was found.
        size: the number of pieces each repair removes; ``0`` when
            completable; ``None`` when no removal repairs it or none was found.
        minimum: whether ``size`` is proven the fewest.
        complete: whether ``repairs`` lists every repair of that size.
    """

    status: RepairsStatus
    position: Position
    repairs: tuple[Repair, ...]
    size: int | None
    minimum: bool
    complete: bool


def _without(position: Position, pieces: tuple[Piece, ...]) -> Position:
    cells = bytearray(position.board.cells)
    for piece in pieces:
        cells[(piece.row - 1) * 9 + piece.col - 1] = 0
    return Position(Board(bytes(cells)), position.variants, position.out)


def repairs(
    position: PositionLike,
    *,
    limit: int = DEFAULT_LIMIT,
    backend: BackendName = "sat",
    variants: Variants | None = None,
    time_limit: float | None = None,
) -> Repairs:
    """The fewest pieces to take off ``position`` so that it can be completed (SU-15).

    Args:
        position: a :class:`~dokuspec.vocabulary.sumodoku.Position`, a
            ``Board`` or a position's text.
        limit: list at most this many repairs of the minimum size (1 or more).
        backend: ``"sat"`` (python-sat, RC2) or ``"z3"`` (``z3.Optimize``).
        variants: the variants, for a board or text that carries none.
        time_limit: seconds for the whole call (``None``: no limit). With a
            limit the optimiser searches by improving bounds and ``minimum``
            may come back false.

    Returns:
        :class:`Repairs`.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``limit`` is less than 1.
        NotationError: ``position`` is text that does not parse.
        BudgetError: a negative, NaN or too large time limit.
        SolverError: an unknown backend; or a repair the certified check
            finds impossible (the optimiser and the check disagree: a defect).
    """
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise TypeError(f"limit must be an int, not {type(limit).__name__}")
    if limit < 1:
        raise ValueError(f"limit must be 1 or more, not {limit}")
    budget = as_budget(None, time_limit=time_limit)
    position = _position(position, variants)
    check_backend(backend)
    first = check(position, backend=backend, budget=budget)
    if first.status != "impossible":
        nothing = 0 if first.status == "completable" else None
        return Repairs(first.status, position, (), nothing, first.status == "completable", True)
    spec, compiled = compiled_model(position, backend)
    pieces = spec.piece_literals(position.board)
    objective = Objective(tuple((1, literal) for literal in pieces), "maximize")
    copy = compiled.scratch()
    found: list[Repair] = []
    size: int | None = None
    minimum = True
    complete = False
    while True:
        answer = copy.optimize(objective, spec.always, budget=budget)
        if answer.status in ("unsat", "unknown"):
            complete = answer.status == "unsat"
            minimum = minimum and answer.status == "unsat"
            break
        assert answer.model is not None and answer.value is not None
        removed = len(pieces) - answer.value
        if size is not None and removed > size:
            complete = True
            break
        if len(found) == limit:  # one more of the same size: the list is not complete
            break
        if answer.status != "optimal":
            minimum = False
        size = removed
        kept = {literal for literal in answer.model if literal > 0}
        dropped = [literal for literal in pieces if literal not in kept]
        remove = tuple(sorted(p for p in map(spec.piece_of, dropped) if p is not None))
        verdict = check(_without(position, remove))
        if not dropped or verdict.completion is None:
            pieces_named = " ".join(map(str, remove)) or "nothing"
            raise SolverError(f"the optimiser's repair (remove {pieces_named}) is not completable")
        found.append(Repair(remove, verdict.completion))
        copy.add_clause(dropped)  # the next repair keeps one of these pieces
        if answer.status != "optimal":
            break
    if not found:
        return Repairs("impossible", position, (), None, minimum and complete, complete)
    found.sort(key=lambda repair: repair.remove)
    return Repairs("impossible", position, tuple(found), size, minimum, complete)
