"""Duidoku, a two-player 4x4 Sudoku, as a dokuspec game: the public API.

An example of a game that plugs into dokuspec from a package of its own
(``examples/duidoku`` of the dokuspec repository): its declaration
(:mod:`dokuspec_duidoku.plugin`) is registered under the entry-point group
``dokuspec.games``, and nothing of dokuspec names it. The rules, DU-1 to
DU-8, are in the package's handbook page (``docs/duidoku.rst``).

Queries on a board (a :class:`Board` or its line, DU-7, such as
``"12..34.........."``)::

    >>> import dokuspec_duidoku as duidoku
    >>> duidoku.legal_moves("1234341221434.2.")
    (Place(row=4, column=2, digit=3), Place(row=4, column=4, digit=1))
    >>> duidoku.completable("1234341221434.2.")
    True
    >>> duidoku.winner("1234341221434.2.")
    1

* :func:`legal_moves`: the moves of the player to move (DU-3), by the
  engine or by the constraint model with SAT or Z3;
* :func:`check` and :func:`completable`: can the board still become a full
  4x4 Sudoku (DU-6), with a completion;
* :func:`winner` and :func:`winning_moves`: who wins with best play when the
  board is the starting board, the first player (0) to move (DU-2, DU-5).

Every query refuses a board with a digit twice in a unit
(:class:`RepeatedDigitError`, DU-2) and a line that is not a board
(:class:`BoardNotationError`, naming the column, DU-7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dokuspec.lazy import attach

if TYPE_CHECKING:
    from dokuspec_duidoku.engine import Duidoku, DuidokuState, Place
    from dokuspec_duidoku.positions import (
        BoardLike,
        MoveBackend,
        board,
        check,
        completable,
        legal_moves,
        winner,
        winning_moves,
    )
    from dokuspec_duidoku.queries import BackendName, Verdict
    from dokuspec_duidoku.search import DEFAULT_LIMIT, SearchLimitError
    from dokuspec_duidoku.vocabulary import Board, BoardNotationError, RepeatedDigitError

__all__ = [
    "DEFAULT_LIMIT",
    "BackendName",
    "Board",
    "BoardLike",
    "BoardNotationError",
    "Duidoku",
    "DuidokuState",
    "MoveBackend",
    "Place",
    "RepeatedDigitError",
    "SearchLimitError",
    "Verdict",
    "board",
    "check",
    "completable",
    "legal_moves",
    "winner",
    "winning_moves",
]

_SOURCES: dict[str, tuple[str, ...]] = {
    "dokuspec_duidoku.engine": ("Duidoku", "DuidokuState", "Place"),
    "dokuspec_duidoku.positions": (
        "BoardLike",
        "MoveBackend",
        "board",
        "check",
        "completable",
        "legal_moves",
        "winner",
        "winning_moves",
    ),
    "dokuspec_duidoku.queries": ("BackendName", "Verdict"),
    "dokuspec_duidoku.search": ("DEFAULT_LIMIT", "SearchLimitError"),
    "dokuspec_duidoku.vocabulary": ("Board", "BoardNotationError", "RepeatedDigitError"),
}
"""The module of each public name, imported from there when first used (:pep:`562`): the
game's declaration (:mod:`dokuspec_duidoku.plugin`), which every ``dokuspec`` command reads,
is a module of this package, so importing the package must load nothing else."""

_SUBMODULES = (
    "checks",
    "cli",
    "engine",
    "openspiel",
    "plugin",
    "positions",
    "queries",
    "search",
    "spec",
    "strategies",
    "vocabulary",
)

if not TYPE_CHECKING:
    __getattr__, __dir__ = attach(__name__, _SOURCES, _SUBMODULES)
