"""``dokuspec duidoku``: legal moves, completability and best play on a Duidoku board.

The group is this package's command line, run as ``dokuspec duidoku ...``
because the game's declaration names it (:attr:`dokuspec.games.GameSpec.cli`).
Each command reads a BOARD (a board line, DU-7), calls the public API
(:mod:`dokuspec_duidoku`) and prints within 80 columns.

Exit statuses: 0 answered; 1 no answer within the search's limit
(``winner --limit``); 2 bad input or usage: one line on standard error,
naming the column of a bad BOARD.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable

import click
from dokuspec.cli.io import Status, error_line, guarded, standard_output
from dokuspec.errors import DokuspecError

import dokuspec_duidoku as duidoku

__all__ = ["duidoku_group"]


_BOARD = click.argument("board", metavar="BOARD")


def _board(text: str) -> duidoku.Board:
    """BOARD read (DU-7) and checked (DU-2); bad input is one line naming the column, status 2.

    A line such as ``BOARD: column 3: 'x' is not a digit 1-4 or '.'``.
    """
    try:
        return duidoku.board(text)
    except DokuspecError as error:
        error_line(f"BOARD: {error}")
        sys.exit(Status.BAD_INPUT)


def _by_cell(moves: Iterable[duidoku.Place]) -> list[str]:
    """One line per cell: ``  r1c3: 3 4``."""
    cells: dict[tuple[int, int], list[str]] = {}
    for move in moves:
        cells.setdefault((move.row, move.column), []).append(str(move.digit))
    return [f"  r{row}c{column}: {' '.join(digits)}" for (row, column), digits in cells.items()]


def _print(lines: Iterable[str]) -> None:
    out = standard_output()
    out.write("".join(f"{line}\n" for line in lines))


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


@click.group(name="duidoku")
def duidoku_group() -> None:
    """Duidoku: legal moves, completions, best play (DU-1..DU-8).

    Two players take turns placing a digit 1-4 in an empty cell of a 4x4
    Sudoku board (rows, columns, 2x2 boxes) where no unit of the cell holds
    it; the player who makes the last move wins.

    A BOARD is one line of 16 characters, the cells row by row, each a digit
    1-4 or '.' for an empty cell (DU-7), such as 12..34..........; the first
    player is to move on it (DU-2).
    """


@duidoku_group.command("moves")
@_BOARD
@click.option(
    "--backend",
    type=click.Choice(["engine", "sat", "z3"]),
    default="engine",
    show_default=True,
    help="Who lists the moves: the engine, or the constraint model with SAT or Z3.",
)
def moves_command(board: str, backend: duidoku.MoveBackend) -> None:
    """List the legal moves of the player to move (DU-3), by cell."""
    with guarded():
        position = _board(board)
        found = duidoku.legal_moves(position, backend=backend)
        lines = [position.grid()]
        if found:
            lines.append(f"{_count(len(found), 'legal move')} (DU-3), by cell:")
            lines += _by_cell(found)
        else:
            lines.append("no legal move: the game is over and the player to move loses (DU-4)")
        _print(lines)


@duidoku_group.command("check")
@_BOARD
@click.option(
    "--backend",
    type=click.Choice(list(duidoku.queries.BACKENDS)),
    default="sat",
    show_default=True,
    help="The solver: python-sat (CaDiCaL) or Z3.",
)
def check_command(board: str, backend: duidoku.BackendName) -> None:
    """Whether the board can become a full 4x4 Sudoku (DU-6), and how.

    Prints a completion (a full board that extends BOARD, every row, column
    and box holding each digit once) when there is one. A BOARD with a digit
    twice in a row, column or box is refused (DU-2).
    """
    with guarded():
        position = _board(board)
        verdict = duidoku.check(position, backend=backend)
        if verdict.completion is not None:
            lines = [
                f"completable (DU-6), by {backend}: {verdict.completion}",
                verdict.completion.grid(),
            ]
        else:
            lines = [f"impossible (DU-6), by {backend}: no full 4x4 Sudoku extends the board"]
        _print(lines)


@duidoku_group.command("winner")
@_BOARD
@click.option(
    "--limit",
    type=click.IntRange(1, 100_000_000),
    default=duidoku.DEFAULT_LIMIT,
    show_default=True,
    help="The most boards the search may value; past it there is no answer (status 1).",
)
def winner_command(board: str, limit: int) -> None:
    """Who wins with best play, the first player to move (DU-2, DU-5)."""
    with guarded():
        position = _board(board)
        legal = duidoku.legal_moves(position)
        try:
            winning = duidoku.winning_moves(position, limit=limit)
        except duidoku.SearchLimitError as error:
            error_line(str(error))
            sys.exit(Status.UNKNOWN)
        if not legal:
            lines = ["the second player wins: the first player has no legal move (DU-4, DU-5)"]
        elif not winning:
            lines = [
                "the second player wins with best play (DU-5):",
                f"each of the first player's {_count(len(legal), 'legal move')} loses",
            ]
        else:
            lines = [
                "the first player wins with best play (DU-5):",
                f"{len(winning)} of their {_count(len(legal), 'legal move')} "
                f"{'wins' if len(winning) == 1 else 'win'}, by cell:",
                *_by_cell(winning),
            ]
        _print(lines)
