"""Errors raised for bad input.

Every error a user can cause is a subclass of :class:`DokuspecError`, itself a
:class:`ValueError`, and its message names where the input is wrong. The
command line turns these into one line and exit status 2.
"""

from __future__ import annotations

__all__ = [
    "BudgetError",
    "DokuspecError",
    "ModelError",
    "NotationError",
    "PositionError",
    "SolverError",
]


class DokuspecError(ValueError):
    """Base class of every error dokuspec raises for bad input."""


class NotationError(DokuspecError):
    """A text form (board, position) could not be read.

    Attributes:
        line: 1-based line of the first bad character, or ``None`` when the
            problem is not tied to one line (for example a wrong line count).
        column: 1-based column of the first bad character, or ``None``.
        source: the name of the input (a file name), or ``None``; with it the
            message reads ``source:line:column: reason``.
        reason: the message without the location.
    """

    def __init__(
        self,
        reason: str,
        *,
        line: int | None = None,
        column: int | None = None,
        source: str | None = None,
    ) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        self.source = source
        if source is not None:
            where = ":".join(str(p) for p in (source, line, column) if p is not None)
            message = f"{where}: {reason}"
        else:
            parts = []
            if line is not None:
                parts.append(f"line {line}")
            if column is not None:
                parts.append(f"column {column}")
            message = f"{', '.join(parts)}: {reason}" if parts else reason
        super().__init__(message)


class PositionError(DokuspecError):
    """A position is well formed but not a possible position of the game.

    For example more pieces of one colour on the board and out of the game
    than the 9 that exist (rule SU-1).
    """


class ModelError(DokuspecError):
    """A constraint model is malformed (unknown literal, value outside a domain, bad bound)."""


class BudgetError(DokuspecError):
    """A time or conflict limit that is negative, NaN, infinite or beyond the largest accepted.

    Raised before any solving starts; the message names the limit and its accepted range.
    """


class SolverError(DokuspecError):
    """A solver backend or SAT solver that dokuspec cannot use correctly.

    Unknown names, and solvers that cannot honour assumptions or budgets
    (python-sat's Kissat ignores assumptions, Lingeling refuses limited
    solving), are refused with this error rather than used.
    """
