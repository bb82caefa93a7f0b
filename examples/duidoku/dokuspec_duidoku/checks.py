"""Duidoku's cross-checks in the verification campaign (:mod:`dokuspec.verify.campaign`).

Each check is a property of drawn cases (see
:class:`~dokuspec.verify.campaign.Check`); ``dokuspec verify --game duidoku``
runs them all. The engine (:mod:`dokuspec_duidoku.engine`) and the
constraint models (:mod:`dokuspec_duidoku.spec`) are two readings of the
rules DU-1 to DU-8, held against each other and against the
engine protocol. The properties are module-level functions: the campaign
pickles its tasks to other processes.
"""

from __future__ import annotations

from functools import cache

from dokuspec.engine.base import State
from dokuspec.verify.campaign import Check
from dokuspec.verify.conformance import check_playout, playouts
from hypothesis import strategies as st

from dokuspec_duidoku import queries
from dokuspec_duidoku.engine import Duidoku, Place, placements
from dokuspec_duidoku.search import Search
from dokuspec_duidoku.strategies import bad_lines, boards
from dokuspec_duidoku.vocabulary import CELLS, Board, BoardNotationError

__all__ = ["CHECKS", "full_grids"]

_PLAIN_LIMIT = 100_000
"""The most positions the plain minimax of ``duidoku/winner`` visits before it gives up."""


# -- helpers -----------------------------------------------------------------------------------


def _moves(state: State) -> list[tuple[int, int]]:
    """The engine's legal actions as ``(cell index, digit)`` pairs, in its order."""
    found = []
    for action in state.legal_actions():
        assert isinstance(action, Place), f"the engine offers {action}, not a placement"
        found.append((action.index, action.digit))
    return found


@cache
def full_grids() -> frozenset[Board]:
    """Every full 4x4 Sudoku, found by filling the cells in order with the engine's legal moves
    (DU-3): on a full board no unit holds a digit twice, so each unit holds each digit once."""
    found: set[Board] = set()

    def fill(cells: list[int]) -> None:
        if all(cells):
            found.add(Board(tuple(cells)))
            return
        first = cells.index(0)
        for index, digit in placements(cells):
            if index == first:
                cells[index] = digit
                fill(cells)
                cells[index] = 0

    fill([0] * CELLS)
    return frozenset(found)


class _TooBigError(Exception):
    """The plain minimax visited more positions than it may."""


def _plain_wins(state: State, player: int, visits: list[int]) -> bool:
    """Whether ``player``, to move in ``state``, wins with best play: plain minimax on the
    engine's states, no memory; a finished game's returns must name the loser (DU-5)."""
    visits[0] += 1
    if visits[0] > _PLAIN_LIMIT:
        raise _TooBigError
    if state.is_terminal():
        returns = state.returns()
        if returns[player] != -1 or returns[1 - player] != 1:
            raise AssertionError(
                f"{state}: player {player} is stuck, yet the returns are {returns}"
            )
        return False
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if not _plain_wins(child, 1 - player, visits):
            return True
    return False


# -- the properties ----------------------------------------------------------------------------


def _duidoku_notation(case: tuple[Board, tuple[str, int]]) -> None:
    """A board's line reads back to the board; a spoilt line is refused at its column (DU-7)."""
    board, (line, column) = case
    back = Board.parse(str(board))
    if back != board:
        raise AssertionError(f"{board} reads back as {back}")
    try:
        Board.parse(line)
    except BoardNotationError as error:
        if error.column != column:
            raise AssertionError(
                f"{line!r} is refused at column {error.column}, not {column}"
            ) from error
    else:
        raise AssertionError(f"{line!r} is read as a board")


def _duidoku_engine_vs_spec(case: tuple[Board, queries.BackendName, int]) -> None:
    """The engine's legal actions are the placement model's legal moves (DU-3, DU-4), at the
    start and after one more move."""
    board, backend, choice = case
    state = Duidoku(board=str(board)).new_initial_state()
    for _ in range(2):
        engine = _moves(state)
        model = list(queries.model_moves(state.board, backend))
        if engine != model:
            raise AssertionError(f"{state.board}: the engine allows {engine}, {backend} {model}")
        if state.is_terminal() != (not model):
            raise AssertionError(f"{state.board}: terminal is {state.is_terminal()}, moves {model}")
        if state.is_terminal():
            return
        actions = state.legal_actions()
        state.apply_action(actions[choice % len(actions)])


def _duidoku_sat_vs_z3(board: Board) -> None:
    """SAT and Z3 agree on completability (DU-6) with the 288 full grids; each completion
    extends the board and is filled in by legal moves of the engine (DU-3)."""
    verdicts = [queries.check(board, backend) for backend in queries.BACKENDS]
    statuses = {verdict.backend: verdict.status for verdict in verdicts}
    expected = "completable" if any(g.extends(board) for g in full_grids()) else "impossible"
    if set(statuses.values()) != {expected}:
        raise AssertionError(f"{board}: {statuses}, but the full grids say {expected}")
    for verdict in verdicts:
        completion = verdict.completion
        if completion is None:
            continue
        if not (completion.is_full() and completion.extends(board)):
            raise AssertionError(f"{board}: {verdict.backend} completes it as {completion}")
        state = Duidoku(board=str(board)).new_initial_state()
        for index in board.empty_cells():
            state.apply_action(Place(index // 4 + 1, index % 4 + 1, completion.cells[index]))
        if state.board != completion or not state.is_terminal():
            raise AssertionError(f"{board}: the engine does not end on {completion}: {state}")


def _duidoku_winner(board: Board) -> str | None:
    """The memoised search (canonical digits) and a plain minimax over the engine's states
    give the same winner and winning moves (DU-5)."""
    state = Duidoku(board=str(board)).new_initial_state()
    search = Search()
    winning = [(i, d) for i, d in search.winning_moves(board.cells)]
    visits = [0]
    try:
        plain = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            if not _plain_wins(child, 1, visits):
                assert isinstance(action, Place)
                plain.append((action.index, action.digit))
    except _TooBigError:
        return f"the plain minimax needs more than {_PLAIN_LIMIT:,} positions"
    if winning != plain:
        raise AssertionError(f"{board}: the search's winning moves {winning}, minimax {plain}")
    if search.wins(board.cells) != bool(plain):
        raise AssertionError(f"{board}: the search's winner disagrees with its winning moves")
    return None


def _duidoku_conformance(case: tuple[Board, tuple[int, int]]) -> None:
    """The engine protocol's invariants in a random Duidoku game from a random start (DU-2)."""
    start, (seed, policy_seed) = case
    check_playout(Duidoku(board=str(start)), seed, policy_seed)


# -- the strategies ----------------------------------------------------------------------------


def _notation_cases() -> st.SearchStrategy[tuple[Board, tuple[str, int]]]:
    return st.tuples(boards(), bad_lines())


def _spec_cases() -> st.SearchStrategy[tuple[Board, queries.BackendName, int]]:
    return st.tuples(boards(), st.sampled_from(queries.BACKENDS), st.integers(0, 63))


def _any_boards() -> st.SearchStrategy[Board]:
    return boards()


def _late_boards() -> st.SearchStrategy[Board]:
    return boards(min_moves=7)


def _playouts() -> st.SearchStrategy[tuple[Board, tuple[int, int]]]:
    return st.tuples(boards(max_moves=8), playouts())


# -- the checks --------------------------------------------------------------------------------

CHECKS: tuple[Check, ...] = (
    Check(
        "duidoku/notation",
        "duidoku",
        "board lines: round trip, columns",
        _notation_cases,
        _duidoku_notation,
        cost=0.2,
    ),
    Check(
        "duidoku/engine-vs-spec",
        "duidoku",
        "legal moves: engine vs SAT, Z3",
        _spec_cases,
        _duidoku_engine_vs_spec,
    ),
    Check(
        "duidoku/sat-vs-z3",
        "duidoku",
        "SAT vs Z3 vs the 288 full grids",
        _any_boards,
        _duidoku_sat_vs_z3,
    ),
    Check(
        "duidoku/winner",
        "duidoku",
        "memoised search vs plain minimax",
        _late_boards,
        _duidoku_winner,
    ),
    Check(
        "duidoku/conformance",
        "duidoku",
        "engine protocol conformance",
        _playouts,
        _duidoku_conformance,
        cost=2.0,
    ),
)
"""Duidoku's checks, in the order a campaign runs them."""
