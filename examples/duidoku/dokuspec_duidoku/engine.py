"""Duidoku's engine: the game as a :class:`dokuspec.engine.base.Game`, registered as
``"duidoku"``.

An independent reading of the rules DU-1 to DU-8 (the handbook page
``docs/duidoku.rst`` of this package): it imports no constraint model and
no solver, so that the cross-checks (:mod:`dokuspec_duidoku.checks`)
compare two separate implementations.

* :class:`Duidoku` holds the option ``board`` (the starting board, DU-2,
  as a board line, DU-7) and makes states.
* :class:`DuidokuState` is a position: the board and the player to move.
  A player's legal actions are :func:`placements` of the board (DU-3); the
  game is over when the player to move has none (DU-4), and the last player
  to move wins (DU-5). No chance, no hidden information (DU-8).
* :class:`Place` is the only action: a digit in an empty cell.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from dokuspec.engine.base import (
    TERMINAL,
    Action,
    EngineError,
    Game,
    GameOptionError,
    JSONValue,
    Observation,
    OptionSpec,
    RecordError,
    State,
    register,
)
from dokuspec.errors import DokuspecError

from dokuspec_duidoku.vocabulary import CELLS, DIGITS, PEERS, SIZE, UNITS, Board, cell_name

__all__ = ["Duidoku", "DuidokuState", "Place", "clash", "placements"]


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place ``digit`` in the empty cell at ``row``, ``column`` (each 1-4; rule DU-3).

    Raises:
        EngineError: ``row``, ``column`` or ``digit`` is not an integer 1-4.
    """

    row: int
    column: int
    digit: int

    def __post_init__(self) -> None:
        for what in ("row", "column", "digit"):
            value = getattr(self, what)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= SIZE:
                raise EngineError(f"duidoku: a placement's {what} is 1-4, not {value!r}")

    @property
    def index(self) -> int:
        """The cell's index, 0-15 row by row (DU-1)."""
        return (self.row - 1) * SIZE + self.column - 1

    def to_json(self) -> dict[str, JSONValue]:
        """``{"type": "place", "row": r, "column": c, "digit": d}``."""
        return {"type": "place", "row": self.row, "column": self.column, "digit": self.digit}

    def __str__(self) -> str:
        return f"place {self.digit} at r{self.row}c{self.column}"


_FIELDS = ("row", "column", "digit")


def _read_action(data: object) -> Place:
    """The placement whose JSON form is ``data``; a :class:`RecordError` with its path if none."""
    if not isinstance(data, dict):
        raise RecordError(f"$: an action is a JSON object, not {json.dumps(data)}")
    kind = data.get("type")
    if kind != "place":
        raise RecordError(f"$.type: {json.dumps(kind)} is not an action type (place)")
    for key in data:
        if key != "type" and key not in _FIELDS:
            raise RecordError(f"$: a place action has no member {json.dumps(key)}")
    values = []
    for key in _FIELDS:
        if key not in data:
            raise RecordError(f"$: a place action needs {json.dumps(key)}")
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= SIZE:
            raise RecordError(f"$.{key}: {json.dumps(value)} is not one of 1, 2, 3, 4")
        values.append(value)
    return Place(*values)


def placements(cells: Sequence[int]) -> list[tuple[int, int]]:
    """Every legal move on a board (rule DU-3), as ``(cell index, digit)`` pairs.

    Args:
        cells: 16 values 0-4, row by row (:attr:`Board.cells`).

    Returns:
        For each empty cell in index order, each digit 1-4 in order that no
        other cell of its row, column or box holds.
    """
    found: list[tuple[int, int]] = []
    for index in range(CELLS):
        if cells[index]:
            continue
        taken = {cells[other] for other in PEERS[index]}
        found.extend((index, digit) for digit in DIGITS if digit not in taken)
    return found


def clash(cells: Sequence[int], index: int, digit: int) -> str | None:
    """Why ``digit`` may not go in cell ``index`` (rule DU-3), or ``None`` when it may.

    Args:
        cells: 16 values 0-4, row by row.
        index: the cell, 0-15.
        digit: 1-4.
    """
    where = cell_name(index)
    if cells[index]:
        return f"{where} already holds {cells[index]} (DU-3)"
    for unit, members in UNITS:
        if index in members:
            for other in members:
                if other != index and cells[other] == digit:
                    return f"{digit} is already in {unit}, at {cell_name(other)} (DU-3)"
    return None


@register
class Duidoku(Game):
    """Duidoku (rules DU-1 to DU-8): two players fill a 4x4 Sudoku board; the last to move wins.

    Args:
        board: the starting board as a board line (DU-2, DU-7), 16 characters
            ``1``-``4`` or ``.``; by default the empty board.

    Raises:
        GameOptionError: an unknown option, a ``board`` that is not a board
            line, or a starting board with a digit twice in a unit (DU-2).
    """

    name: ClassVar[str] = "duidoku"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "board",
            "." * CELLS,
            {"type": "string", "pattern": "^[.1-4]{16}$"},
            "the starting board, 16 characters 1-4 or '.' row by row (DU-2, DU-7)",
        ),
    )

    def __init__(self, **options: JSONValue) -> None:
        super().__init__(**options)
        text = self._options["board"]
        assert isinstance(text, str)  # the option's schema
        try:
            self._start = Board.parse(text).check()
        except DokuspecError as error:
            raise GameOptionError(self.name, "board", str(error)) from None

    @property
    def start(self) -> Board:
        """The starting board (DU-2)."""
        return self._start

    def num_players(self) -> int:
        """2: the first player (0) and the second player (1) (DU-2)."""
        return 2

    def min_utility(self) -> float:
        """-1, the loser's return (DU-5)."""
        return -1

    def max_utility(self) -> float:
        """+1, the winner's return (DU-5)."""
        return 1

    def max_game_length(self) -> int:
        """The number of empty cells of the starting board: each move fills one (DU-3)."""
        return len(self._start.empty_cells())

    def new_initial_state(self, seed: int = 0) -> DuidokuState:
        """The starting board with the first player to move (DU-2).

        ``seed``: an integer 0 to ``2**64 - 1``, as
        :meth:`~dokuspec.engine.base.Game.new_initial_state` takes it; Duidoku
        has no chance node, so it changes nothing but the records.
        """
        return DuidokuState(self, seed)

    def action_from_json(self, data: object) -> Action:
        """Read a :class:`Place` from ``{"type": "place", "row", "column", "digit"}``.

        Raises:
            RecordError: not that form (the message starts with the JSON path).
        """
        return _read_action(data)


class DuidokuState(State):
    """A Duidoku position: the board and the player to move.

    Use :meth:`Duidoku.new_initial_state`; the protocol is documented on
    :class:`~dokuspec.engine.base.State`.
    """

    def __init__(self, game: Duidoku, seed: int) -> None:
        super().__init__(game, seed)
        self._cells = list(game.start.cells)
        self._to_move = 0
        self._moves = tuple(placements(self._cells))

    def clone(self) -> DuidokuState:
        """An independent copy (the game is shared; it does not change)."""
        other = object.__new__(DuidokuState)
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        other._cells = list(self._cells)
        return other

    @property
    def board(self) -> Board:
        """The board now."""
        return Board(tuple(self._cells))

    def current_player(self) -> int:
        """The player to move, or :data:`~dokuspec.engine.base.TERMINAL` once that player
        has no legal move (DU-4)."""
        return self._to_move if self._moves else TERMINAL

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        return tuple(
            Place(index // SIZE + 1, index % SIZE + 1, digit) for index, digit in self._moves
        )

    def _illegal_reason(self, player: int, action: Action) -> str:
        if not isinstance(action, Place):
            return "a move places a digit in an empty cell (DU-3)"
        reason = clash(self._cells, action.index, action.digit)
        # A digit in an empty cell that no unit of it holds is legal (DU-3).
        assert reason is not None
        return reason

    def _apply(self, player: int, action: Action) -> None:
        assert isinstance(action, Place)
        self._cells[action.index] = action.digit
        self._to_move = 1 - player
        self._moves = tuple(placements(self._cells))

    def returns(self) -> tuple[float, ...]:
        """Once over, -1 for the player to move, who has no legal move, and +1 for the
        other (DU-5); (0, 0) before."""
        if self._moves:
            return (0, 0)
        return (-1, 1) if self._to_move == 0 else (1, -1)

    def observation(self, player: int) -> Observation:
        """The whole position (DU-8: everything is public).

        ``data`` is ``{"board": a board line (DU-7), "moves": the moves made,
        "to_move": the player to move, or -4 once the game is over}``
        (``schemas/duidoku-observation.schema.json``).

        Raises:
            EngineError: ``player`` is not 0 or 1.
        """
        self._check_player(player)
        board = self.board
        data: dict[str, JSONValue] = {
            "board": str(board),
            "moves": len(self._history),
            "to_move": self.current_player(),
        }
        lines = [f"duidoku, as player {player} sees it", board.grid()]
        lines.append(f"moves made: {len(self._history)}; to act: {self._actor()}")
        return Observation(player, data, "\n".join(lines))

    def _actor(self) -> str:
        if self._moves:
            return f"player {self._to_move} ({len(self._moves)} legal moves)"
        return f"nobody (game over: player {self._to_move} has no legal move)"

    def __str__(self) -> str:
        return f"duidoku {self.board}; to act: {self._actor()}"

    def resample_from_infostate(self, player: int, rng: random.Random) -> DuidokuState:
        """A clone: Duidoku hides nothing (DU-8).

        Raises:
            EngineError: ``player`` is not 0 or 1.
        """
        self._check_player(player)
        return self.clone()
