"""Duidoku's queries on a board: legal moves (DU-3), completability (DU-6), best play (DU-5).

The public API, :mod:`dokuspec_duidoku`, re-exports every name here. A board
is a :class:`~dokuspec_duidoku.vocabulary.Board` or its line (DU-7); every
query refuses a board with a digit twice in a unit
(:class:`~dokuspec_duidoku.vocabulary.RepeatedDigitError`, DU-2) and a line
that is not a board (:class:`~dokuspec_duidoku.vocabulary.BoardNotationError`,
naming the column).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from dokuspec.errors import DokuspecError, SolverError

from dokuspec_duidoku import queries
from dokuspec_duidoku.engine import Place, placements
from dokuspec_duidoku.queries import BackendName, Verdict
from dokuspec_duidoku.search import DEFAULT_LIMIT, Search
from dokuspec_duidoku.vocabulary import Board

__all__ = [
    "BoardLike",
    "MoveBackend",
    "board",
    "check",
    "completable",
    "legal_moves",
    "winner",
    "winning_moves",
]

BoardLike: TypeAlias = Board | str
"""A board, or its line (DU-7)."""

MoveBackend: TypeAlias = Literal["engine", "sat", "z3"]
"""Who lists the legal moves: the engine, or the placement model with SAT or Z3."""


def board(value: BoardLike) -> Board:
    """``value`` as a board of the game: parsed when it is a line (DU-7), and checked (DU-2).

    Raises:
        BoardNotationError: a line that is not a board (the message names the column).
        RepeatedDigitError: a digit twice in a row, column or box.
        TypeError: neither a :class:`Board` nor a str.
    """
    if isinstance(value, str):
        value = Board.parse(value)
    elif not isinstance(value, Board):
        raise TypeError(f"a board is a Board or its line, not {type(value).__name__}")
    return value.check()


def _place(index: int, digit: int) -> Place:
    return Place(index // 4 + 1, index % 4 + 1, digit)


def legal_moves(position: BoardLike, *, backend: MoveBackend = "engine") -> tuple[Place, ...]:
    """The legal moves of the player to move on ``position`` (DU-3).

    Args:
        position: the board.
        backend: ``"engine"`` (:func:`dokuspec_duidoku.engine.placements`), or
            ``"sat"`` / ``"z3"``: the placement model
            (:func:`dokuspec_duidoku.queries.model_moves`). All three agree.

    Returns:
        The moves cell by cell (row by row), digits in order; empty when the
        game is over (DU-4).

    Raises:
        BoardNotationError, RepeatedDigitError, TypeError: see :func:`board`.
        SolverError: an unknown backend.
    """
    checked = board(position)
    if backend == "engine":
        moves = placements(checked.cells)
    elif backend in queries.BACKENDS:
        moves = list(queries.model_moves(checked, backend))
    else:
        raise SolverError(f"unknown backend {backend!r}; choose 'engine', 'sat' or 'z3'")
    return tuple(_place(index, digit) for index, digit in moves)


def check(
    position: BoardLike,
    *,
    backend: BackendName = "sat",
    time_limit: float | None = None,
    conflict_limit: int | None = None,
) -> Verdict:
    """Can ``position`` still become a full 4x4 Sudoku (DU-6)? With a completion if so.

    Args:
        position: the board.
        backend: ``"sat"`` or ``"z3"``.
        time_limit: seconds, or ``None``; when reached the status is ``"unknown"``.
        conflict_limit: solver conflicts, or ``None``; likewise.

    Returns:
        A :class:`Verdict`: ``"completable"`` with a completion,
        ``"impossible"``, or ``"unknown"`` (a limit was reached).

    Raises:
        BoardNotationError, RepeatedDigitError, TypeError: see :func:`board`.
        SolverError: an unknown backend.
        BudgetError: a negative, NaN, infinite or too large limit.
    """
    return queries.check(
        board(position), backend, time_limit=time_limit, conflict_limit=conflict_limit
    )


def completable(position: BoardLike, *, backend: BackendName = "sat") -> bool:
    """Whether ``position`` can still become a full 4x4 Sudoku (DU-6).

    Raises:
        BoardNotationError, RepeatedDigitError, TypeError: see :func:`board`.
        SolverError: an unknown backend.
    """
    verdict = check(position, backend=backend)
    if verdict.status == "unknown":  # pragma: no cover - no limit was given
        raise DokuspecError(f"the {backend} backend gave no answer")
    return verdict.status == "completable"


def winner(position: BoardLike, *, limit: int = DEFAULT_LIMIT) -> int:
    """Who wins with best play from ``position`` as the starting board (DU-2, DU-5).

    Args:
        position: the board; the first player (0) is to move on it.
        limit: the most boards the search may value
            (:class:`dokuspec_duidoku.search.Search`).

    Returns:
        0 when the first player (to move) wins, 1 when the second player does.

    Raises:
        BoardNotationError, RepeatedDigitError, TypeError: see :func:`board`.
        SearchLimitError: the search reached ``limit`` before an answer.
        DokuspecError: ``limit`` is not an integer of at least 1.
    """
    return 0 if Search(limit).wins(board(position).cells) else 1


def winning_moves(position: BoardLike, *, limit: int = DEFAULT_LIMIT) -> tuple[Place, ...]:
    """The first player's moves on ``position`` after which they win with best play (DU-5).

    Args:
        position: the board; the first player (0) is to move on it.
        limit: the most boards the search may value.

    Returns:
        The winning moves in :func:`legal_moves` order; empty when the second
        player wins (every move loses, or there is none).

    Raises:
        BoardNotationError, RepeatedDigitError, TypeError: see :func:`board`.
        SearchLimitError: the search reached ``limit`` before an answer.
        DokuspecError: ``limit`` is not an integer of at least 1.
    """
    found = Search(limit).winning_moves(board(position).cells)
    return tuple(_place(index, digit) for index, digit in found)
