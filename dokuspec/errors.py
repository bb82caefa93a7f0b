"""Errors raised for bad input.

Every error a user can cause is a subclass of :class:`DokuspecError`, itself a
:class:`ValueError`, and its message names where the input is wrong. The
command line turns these into one line and exit status 2.
"""

from __future__ import annotations

__all__ = [
    "BudgetError",
    "DiscrepancyError",
    "DokuspecError",
    "ModelError",
    "NotationError",
    "OffBoardError",
    "PositionError",
    "SolverError",
    "quote",
]

_QUOTE_LIMIT = 40


def quote(value: object, limit: int = _QUOTE_LIMIT) -> str:
    """A short, printable rendering of a user's value for an error message.

    Strings are written with ``repr`` (so control characters, lone
    surrogates and quotes are escaped); a string longer than ``limit``
    characters is cut: ``'abc'... (1000000 characters)``. Integers too long
    to print usefully give their size instead, containers their length, so
    that a message stays one short line whatever the input.

    Args:
        value: any value a user gave.
        limit: the most characters of a string (or digits of an integer) quoted.

    Returns:
        The rendering, at most about ``limit + 30`` characters.
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value)} characters)"
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        # Python refuses to print integers of more than 4300 digits; never try.
        if value.bit_length() > 3 * limit:
            return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (bytes, bytearray)):
        if len(value) <= limit:
            return repr(bytes(value))
        return f"{bytes(value[:limit])!r}... ({len(value)} bytes)"
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        return f"a {type(value).__name__} of {len(value)} items"
    return f"a {type(value).__name__}"


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
    than the 9 that exist (rule SU-1), a piece off the 9x9 board or of a
    colour outside 1-9, or two pieces on one cell.
    """


class OffBoardError(PositionError, IndexError):
    """A cell, row or column outside the 9x9 board (also an :class:`IndexError`, as for a list)."""


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


class DiscrepancyError(AssertionError):
    """Two implementations of the rules disagree, or one breaks an invariant the rules imply.

    A finding about dokuspec, not a user's mistake (so an :class:`AssertionError`, not a
    :class:`DokuspecError`): the root of every cross-check's error in
    :mod:`dokuspec.verify` (each game's, the conformance suite's) and of the engines' own
    invariant failures (:class:`~dokuspec.engine.twodoku.deals.FairDealMissingError`).
    The campaign reports any of them as a discrepancy, with the case that shows it.
    """
