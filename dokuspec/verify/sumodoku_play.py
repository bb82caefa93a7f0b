"""Cross-checks of Sumodoku play: the engine, the fast search and safe moves held to the spec.

The spec's reading of a move and of a claim is taken from the completion
model itself (:func:`dokuspec.spec.sumodoku.completion_model`): its
constraints are **evaluated** on a board, with no solver and none of the
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

On these readings rest the checks of the fast search and of safe moves,
which compare with the solvers (:func:`dokuspec.sumodoku.check`, SAT and
Z3):

* :func:`check_propose`: :func:`dokuspec.sumodoku.search.propose` gives a
  position the solver's status, and its completion is one (by the model);
* :func:`check_safe_moves`: :func:`dokuspec.sumodoku.safe_moves` lists
  exactly the valid placements, each marked as one ``check`` of the board
  with the move says (SU-15), its witness a completion agreeing with it.

Each check raises a :class:`PlayCheckError` (an :class:`AssertionError`)
naming the position and both answers when two readings disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from dokuspec.spec.model import Cardinality, Clause, Constraint, PseudoBoolean, Table
from dokuspec.spec.sumodoku import completion_model
from dokuspec.sumodoku import BackendName, check
from dokuspec.vocabulary.sumodoku import Board, Piece, Position, Variants, cell_name

__all__ = [
    "FIXED_COLOURS",
    "PlacementError",
    "PlayCheckError",
    "SafeMovesError",
    "SearchError",
    "check_propose",
    "check_safe_moves",
    "filling_problems",
    "is_completion",
    "placement_conflicts",
    "placement_is_valid",
    "spec_valid_placements",
]

FIXED_COLOURS: dict[int, tuple[int, ...]] = {1: (1, 2, 3, 4, 9), 2: (5, 6, 7, 8, 9)}
"""The colours of each player (1 or 2) under SU-1's fixed assignment (colour 9 shared)."""


class PlayCheckError(AssertionError):
    """Two readings of Sumodoku play disagree (the base of the errors below)."""


class PlacementError(PlayCheckError):
    """A placement is judged differently: valid or not (SU-3, SU-12..SU-14)."""


class SearchError(PlayCheckError):
    """The fast search and the solvers disagree about a position (SU-15)."""


class SafeMovesError(PlayCheckError):
    """``safe_moves`` lists the wrong moves or marks one wrongly (SU-15)."""


def _fail(kind: type[PlayCheckError], position: Position, problem: str) -> PlayCheckError:
    return kind(f"{problem}\n  position: {position}")


# -- the spec model evaluated on a board ---------------------------------------------------------


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
    by_literal: list[list[int]] = [[] for _ in range(730)]
    for index, (_, constraints) in enumerate(groups):
        literals: set[int] = set()
        for constraint in constraints:
            literals.update(_literals_of(constraint))
        for literal in sorted(literals):
            by_literal[literal].append(index)
    return _Rules(groups, tuple(tuple(found) for found in by_literal))


def _literals_of(constraint: Constraint) -> set[int]:
    """The placement literals (1-729) a constraint speaks of (a table: every value of its cells)."""
    if isinstance(constraint, Table):
        return {literal for var in constraint.variables for literal in var.literals}
    if isinstance(constraint, PseudoBoolean):
        literals: Iterable[int] = (literal for _, literal in constraint.terms)
    else:
        literals = constraint.literals
    return {abs(literal) for literal in literals if abs(literal) <= 729}


def _var_cell(literal: int) -> int:
    return (literal - 1) // 9


def _value(literal: int, cells: bytes) -> bool | None:
    """The literal's truth on a partial board: ``None`` for a cell still empty.

    Only cell literals (1-729) occur in the model's constraints; a selector
    guards a whole group and is taken as true (the group is in force).
    """
    variable = abs(literal)
    if variable > 729:
        raise AssertionError(f"the completion model holds an unexpected literal {literal}")
    index, colour = divmod(variable - 1, 9)
    held = cells[index]
    if not held:
        return None
    true = held == colour + 1
    return true if literal > 0 else not true


def _bounds(
    terms: Iterable[tuple[int, int]], cells: bytes
) -> tuple[int, int]:  # least and most the sum can still reach
    low = high = 0
    for coefficient, literal in terms:
        value = _value(literal, cells)
        if value is None:
            low += min(0, coefficient)
            high += max(0, coefficient)
        elif value:
            low += coefficient
            high += coefficient
    return low, high


def _broken(constraint: Constraint, cells: bytes) -> bool:
    """Whether no filling of the empty cells satisfies ``constraint`` on its own.

    Unknown literals are taken independently (a relaxation within one
    constraint, exact on a full board).
    """
    if isinstance(constraint, Clause):
        return all(_value(literal, cells) is False for literal in constraint.literals)
    if isinstance(constraint, Table):
        known = [cells[_var_cell(var.literals[0])] for var in constraint.variables]
        fits = [
            row
            for row in constraint.tuples
            if all(k in (0, v) for k, v in zip(known, row, strict=True))
        ]
        if constraint.allowed:
            return not fits
        free = 1
        for var, k in zip(constraint.variables, known, strict=True):
            if not k:
                free *= len(var.values)
        return len(set(fits)) == free  # every way to fill the empty cells is forbidden
    if isinstance(constraint, Cardinality):
        terms: Iterable[tuple[int, int]] = ((1, literal) for literal in constraint.literals)
    else:
        terms = constraint.terms
    low, high = _bounds(terms, cells)
    bound = constraint.bound
    if constraint.comparator == "<=":
        return low > bound
    if constraint.comparator == ">=":
        return high < bound
    return not low <= bound <= high


def _broken_groups(rules: _Rules, cells: bytes, indices: Iterable[int]) -> tuple[str, ...]:
    return tuple(
        rules.groups[i][0]
        for i in indices
        if any(_broken(constraint, cells) for constraint in rules.groups[i][1])
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


# -- the fast search and safe moves against the solvers ------------------------------------------


class SearchAnswerLike(Protocol):
    """What :func:`check_propose` reads of a fast-search answer."""

    @property
    def status(self) -> str: ...

    @property
    def completion(self) -> Board | None: ...


class MoveLike(Protocol):
    """What :func:`check_safe_moves` reads of a move."""

    @property
    def row(self) -> int: ...

    @property
    def col(self) -> int: ...

    @property
    def colour(self) -> int: ...

    @property
    def safe(self) -> bool | None: ...

    @property
    def witness(self) -> Board | None: ...


def _solver_status(position: Position, backends: Sequence[BackendName]) -> str:
    """The solvers' status of ``position`` (``"unknown"`` never: no budget), all agreeing."""
    answers = {backend: check(position, backend=backend) for backend in backends}
    statuses = {verdict.status for verdict in answers.values()}
    if len(statuses) != 1:
        shown = ", ".join(f"{b} says {v.status}" for b, v in answers.items())
        raise _fail(SearchError, position, f"the solvers disagree: {shown}")
    for backend, verdict in answers.items():
        if verdict.completion is not None:
            problems = filling_problems(position, verdict.completion)
            if problems:
                raise _fail(
                    SearchError,
                    position,
                    f"{backend}'s completion {verdict.completion} is not one: {problems[:3]}",
                )
    return statuses.pop()


def check_propose(
    position: Position,
    answer: SearchAnswerLike,
    *,
    backends: Sequence[BackendName] = ("sat",),
) -> str:
    """Check a fast-search answer (:func:`dokuspec.sumodoku.search.propose`) against the solvers.

    Its status must be the solvers' (``"unknown"``, a node limit reached,
    proves nothing and passes), and a completion must be a valid completion
    of ``position`` by the spec model (:func:`filling_problems`), present
    exactly when the status is ``"completable"``.

    Args:
        position: the position searched.
        answer: the search's answer (``status``, ``completion``).
        backends: the solvers to ask (each must agree).

    Returns:
        The solvers' status.

    Raises:
        SearchError: a different status, a missing or wrong completion.
    """
    status = _solver_status(position, backends)
    if (answer.completion is not None) != (answer.status == "completable"):
        raise _fail(
            SearchError,
            position,
            f"the search says {answer.status} with completion {answer.completion}",
        )
    if answer.completion is not None:
        problems = filling_problems(position, answer.completion)
        if problems:
            raise _fail(
                SearchError,
                position,
                f"the search's completion {answer.completion} is not one: "
                + "; ".join(problems[:5]),
            )
    if answer.status not in ("unknown", status):
        raise _fail(
            SearchError, position, f"the search says {answer.status}, the solvers say {status}"
        )
    return status


def check_safe_moves(
    position: Position,
    colours: Iterable[int],
    moves: Sequence[MoveLike],
    *,
    backend: BackendName = "sat",
) -> tuple[int, int, int]:
    """Check a list of moves from :func:`dokuspec.sumodoku.safe_moves` with one check per move.

    * The moves are exactly :func:`spec_valid_placements` of ``colours``,
      in the same order (by cell, then colour), each once.
    * A move marked safe (``True``) leaves the position completable
      according to ``check`` of the board with the move (SU-15); its
      witness, if any, is a valid completion of that board
      (:func:`filling_problems`). A move marked ``False`` leaves it
      impossible according to ``check``. ``None`` (a budget ran out) is
      not held against it.

    Args:
        position: the position the moves were listed for.
        colours: the colours the player may place there.
        moves: the moves, as listed.
        backend: the solver of the one check per move.

    Returns:
        ``(safe, losing, undecided)``: how many moves of each kind were checked.

    Raises:
        SafeMovesError: a missing, extra, repeated or misordered move, or a
            wrong mark or witness.
    """
    expected = spec_valid_placements(position, colours)
    listed = tuple(Piece(move.row, move.col, move.colour) for move in moves)
    if listed != expected:
        missing = sorted(set(expected) - set(listed))
        extra = sorted(set(listed) - set(expected))
        detail = [f"missing {', '.join(map(str, missing[:6]))}"] if missing else []
        detail += [f"not valid {', '.join(map(str, extra[:6]))}"] if extra else []
        if not detail:
            detail = ["the same moves in another order or repeated"]
        raise _fail(
            SafeMovesError, position, "safe_moves lists the wrong moves: " + "; ".join(detail)
        )
    counts = [0, 0, 0]
    for move, piece in zip(moves, listed, strict=True):
        after = position.with_board(position.board.place(piece))
        if move.safe is None:
            counts[2] += 1
            continue
        verdict = check(after, backend=backend)
        expected_status = "completable" if move.safe else "impossible"
        if verdict.status != expected_status:
            raise _fail(
                SafeMovesError,
                position,
                f"safe_moves marks {piece} safe={move.safe}, but {backend} says the board "
                f"after it is {verdict.status}",
            )
        witness = getattr(move, "witness", None)
        if witness is not None:
            if not move.safe:
                raise _fail(SafeMovesError, position, f"a losing move {piece} has a witness")
            problems = filling_problems(after, witness)
            if problems:
                raise _fail(
                    SafeMovesError,
                    position,
                    f"the witness {witness} of {piece} is not a completion: "
                    + "; ".join(problems[:5]),
                )
        counts[0 if move.safe else 1] += 1
    return counts[0], counts[1], counts[2]
