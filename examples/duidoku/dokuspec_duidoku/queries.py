"""Duidoku's constraint models solved: completability (DU-6) and legal moves (DU-3).

The models of :mod:`dokuspec_duidoku.spec` are compiled by
:func:`dokuspec.solvers.make_backend` through the one cache of compiled
backends (:data:`dokuspec.solvers.CACHE`), once per process and backend:
``"sat"`` (python-sat, CaDiCaL) or ``"z3"``. Every query takes the board's
digits as assumptions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from dokuspec.errors import SolverError
from dokuspec.solvers import CACHE, Backend, Budget, as_budget
from dokuspec.spec.model import Model

from dokuspec_duidoku.spec import (
    board_literals,
    board_of,
    completion_model,
    move_literals,
    move_of,
    placement_model,
)
from dokuspec_duidoku.vocabulary import Board

__all__ = ["BACKENDS", "BackendName", "Status", "Verdict", "check", "model_moves"]

BackendName: TypeAlias = Literal["sat", "z3"]
"""A solver backend: python-sat (CNF, CaDiCaL) or Z3."""

BACKENDS: tuple[BackendName, ...] = ("sat", "z3")
"""The backends, in the order the command line lists them."""

Status: TypeAlias = Literal["completable", "impossible", "unknown"]
"""Whether a board can be completed (DU-6), or ``"unknown"`` when a budget ran out."""

_STATUS: dict[str, Status] = {"sat": "completable", "unsat": "impossible", "unknown": "unknown"}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to "can this board still become a full 4x4 Sudoku?" (DU-6).

    Attributes:
        status: ``"completable"``, ``"impossible"``, or ``"unknown"`` when a
            time or conflict budget ran out first.
        board: the board asked about.
        completion: when completable, a full board that extends ``board``
            with every unit holding each digit once; otherwise ``None``.
        backend: the backend that answered, ``"sat"`` or ``"z3"``.
    """

    status: Status
    board: Board
    completion: Board | None
    backend: BackendName


def _compiled(which: str, backend: str) -> Backend:
    if not isinstance(backend, str):
        raise TypeError(f"backend must be a str, not {type(backend).__name__}")
    if backend not in BACKENDS:
        raise SolverError(f"unknown backend {backend!r}; choose 'sat' or 'z3'")
    build = completion_model if which == "completion" else placement_model
    _, compiled = CACHE.get(("duidoku", which), build, _model, backend)
    return compiled


def _model(model: Model) -> Model:
    return model


def check(
    board: Board,
    backend: BackendName = "sat",
    *,
    time_limit: float | None = None,
    conflict_limit: int | None = None,
    budget: Budget | None = None,
) -> Verdict:
    """Is ``board`` completable to a full 4x4 Sudoku (DU-6), and with which completion?

    Solves :func:`~dokuspec_duidoku.spec.completion_model` under the board's
    digits. The board is taken as it is: a board with a repeated digit is
    simply impossible here (:func:`dokuspec_duidoku.check` refuses one).

    Args:
        board: the board.
        backend: ``"sat"`` or ``"z3"``.
        time_limit: seconds for the query, or ``None``.
        conflict_limit: solver conflicts, or ``None``.
        budget: a :class:`~dokuspec.solvers.Budget` instead of the two limits.

    Returns:
        A :class:`Verdict`; which completion a completable board gets is the
        solver's choice.

    Raises:
        SolverError: an unknown backend.
        BudgetError: a bad limit, or both a budget and limits.
        TypeError: an argument of the wrong type.
    """
    spending = as_budget(budget, time_limit=time_limit, conflict_limit=conflict_limit)
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, not {type(board).__name__}")
    compiled = _compiled("completion", backend)
    answer = compiled.solve(board_literals(board), spending)
    completion = board_of(answer.model) if answer.model is not None else None
    return Verdict(_STATUS[answer.status], board, completion, backend)


def model_moves(board: Board, backend: BackendName = "sat") -> tuple[tuple[int, int], ...]:
    """The legal moves of ``board`` by the placement model (DU-3), as ``(cell, digit)``.

    A move is a cell literal outside the board that
    :func:`~dokuspec_duidoku.spec.placement_model` accepts together with the
    board's literals: one solver query per candidate (at most 64).

    Args:
        board: a board with no repeated digit (with one, the model accepts
            nothing: no move).
        backend: ``"sat"`` or ``"z3"``.

    Returns:
        The moves, cell by cell (index 0-15) and digit by digit, as the
        engine's :func:`~dokuspec_duidoku.engine.placements` lists them.

    Raises:
        SolverError: an unknown backend, or a solver that did not answer.
        TypeError: an argument of the wrong type.
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, not {type(board).__name__}")
    compiled = _compiled("placement", backend)
    given = board_literals(board)
    found = []
    for candidate in move_literals(board):
        answer = compiled.solve([*given, candidate])
        if answer.status == "unknown":  # no budget: only an interrupted solver stops early
            raise SolverError(f"the {backend} backend did not decide a move ({answer.reason})")
        if answer.status == "sat":
            found.append(move_of(candidate))
    return tuple(found)
