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

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Protocol

from dokuspec.engine.base import CHANCE, Action, IllegalActionError, JSONValue
from dokuspec.engine.sumodoku import (
    Claim,
    Colours,
    Concede,
    FindMistake,
    Observe,
    Place,
    PointOut,
    Silent,
    Sumodoku,
    SumodokuState,
)
from dokuspec.errors import DiscrepancyError
from dokuspec.spec.model import Cardinality, Clause, Constraint, PseudoBoolean, Table
from dokuspec.spec.sumodoku import completion_model
from dokuspec.sumodoku import BackendName, check
from dokuspec.vocabulary.sumodoku import Board, Piece, Position, Variants, cell_name

__all__ = [
    "FIXED_COLOURS",
    "ClaimError",
    "MoveError",
    "NoMoveError",
    "PieceConservationError",
    "PlacementError",
    "PlayCheckError",
    "PlayChecker",
    "ResultError",
    "SafeMovesError",
    "SearchError",
    "TabletopError",
    "check_claims",
    "check_propose",
    "check_safe_moves",
    "filling_problems",
    "is_completion",
    "placement_conflicts",
    "placement_is_valid",
    "play_checked",
    "spec_valid_placements",
]

FIXED_COLOURS: dict[int, tuple[int, ...]] = {1: (1, 2, 3, 4, 9), 2: (5, 6, 7, 8, 9)}
"""The colours of each player (1 or 2) under SU-1's fixed assignment (colour 9 shared)."""


class PlayCheckError(DiscrepancyError):
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
class _Linear:
    """A clause, cardinality or pseudo-Boolean constraint over placement literals, read once.

    ``sum(coefficient * literal) comparator bound``, a literal given as
    ``(cell, colour, positive)``: "``cell`` holds ``colour``" (or, not
    positive, does not). A clause is "at least one true".
    """

    terms: tuple[tuple[int, int, int, bool], ...]  # coefficient, cell, colour, positive
    comparator: str
    bound: int


_Compiled = _Linear | Table


@dataclass(frozen=True, slots=True)
class _Rules:
    """The completion model's groups, indexed by the placements they speak of."""

    groups: tuple[tuple[str, tuple[_Compiled, ...]], ...]
    by_literal: tuple[tuple[int, ...], ...]
    """``by_literal[9 * cell + colour]``: the groups in which that placement's literal occurs,
    or which constrain the cell's value (tables), by index in :attr:`groups`."""


@lru_cache(maxsize=64)
def _rules(variants: Variants, out: tuple[int, ...]) -> _Rules:
    spec = completion_model(variants, tuple(9 - n for n in out))
    groups = tuple(
        (group.name, tuple(_compile(c) for c in group.constraints)) for group in spec.model.groups
    )
    by_literal: list[list[int]] = [[] for _ in range(730)]
    for index, group in enumerate(spec.model.groups):
        literals: set[int] = set()
        for constraint in group.constraints:
            literals.update(_literals_of(constraint))
        for literal in sorted(literals):
            by_literal[literal].append(index)
    return _Rules(groups, tuple(tuple(found) for found in by_literal))


def _placement(literal: int) -> tuple[int, int, bool]:
    """``(cell, colour, positive)`` of a placement literal (1-729, either sign)."""
    variable = abs(literal)
    if not 1 <= variable <= 729:
        raise AssertionError(f"the completion model holds an unexpected literal {literal}")
    cell, colour = divmod(variable - 1, 9)
    return cell, colour + 1, literal > 0


def _compile(constraint: Constraint) -> _Compiled:
    if isinstance(constraint, Table):
        return constraint
    if isinstance(constraint, Clause):
        pairs: Iterable[tuple[int, int]] = ((1, literal) for literal in constraint.literals)
        comparator, bound = ">=", 1
    elif isinstance(constraint, Cardinality):
        pairs = ((1, literal) for literal in constraint.literals)
        comparator, bound = constraint.comparator, constraint.bound
    else:
        pairs = constraint.terms
        comparator, bound = constraint.comparator, constraint.bound
    return _Linear(tuple((c, *_placement(literal)) for c, literal in pairs), comparator, bound)


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


def _broken(constraint: _Compiled, cells: bytes) -> bool:
    """Whether no filling of the empty cells satisfies ``constraint`` on its own.

    A literal of an empty cell may be true or false, independently of the
    others (a relaxation within one constraint, exact on a full board); a
    selector guards a whole group and is taken as true (the group is in
    force).
    """
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
    low = high = 0  # the least and the most the sum can still reach
    for coefficient, cell, colour, positive in constraint.terms:
        held = cells[cell]
        if not held:
            if coefficient < 0:
                low += coefficient
            else:
                high += coefficient
        elif (held == colour) == positive:
            low += coefficient
            high += coefficient
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


# -- games played through the engine -------------------------------------------------------------


class MoveError(PlacementError):
    """The engine offers, refuses or records a placement against the spec (SU-3, SU-4)."""


class NoMoveError(PlayCheckError):
    """The engine's "no valid move" (SU-6) differs from the spec's."""


class ClaimError(PlayCheckError):
    """A claim is allowed, timed or judged against the rules and the spec (SU-10)."""


class PieceConservationError(PlayCheckError):
    """The 81 pieces are not all accounted for, per colour or per player (SU-1, SU-9)."""


class TabletopError(PlayCheckError):
    """Pointing out, finding a mistake or the observer against the rules (SU-7..SU-9)."""


class ResultError(PlayCheckError):
    """A game ended, or did not, against the rules (SU-5..SU-10)."""


_LIMITS_DEFAULT = ((16, 20, 960.0), (21, 25, 720.0), (26, 30, 480.0), (31, 35, 240.0))


@dataclass
class _Ledger:
    """The game replayed from its history alone, with the spec judging every placement."""

    free: bool
    allotment: list[list[int]]  # per engine player, per colour: pieces dealt (SU-1)
    shared: int | None  # the colour both hold 4 of (SU-1), one more being the spare
    board: bytearray
    owner: list[int | None]
    out: list[int]
    out_by: list[list[int]]
    turns: list[int]
    unnoticed: list[Piece]
    last: tuple[int, Piece] | None  # the last placement and its player


def _new_ledger(free: bool) -> _Ledger:
    return _Ledger(
        free=free,
        allotment=[[0] * 9, [0] * 9],
        shared=None,
        board=bytearray(81),
        owner=[None] * 81,
        out=[0] * 9,
        out_by=[[0] * 9, [0] * 9],
        turns=[0, 0],
        unnoticed=[],
        last=None,
    )


def _deal(ledger: _Ledger, one: Iterable[int], two: Iterable[int], shared: int) -> None:
    ledger.allotment = [[0] * 9, [0] * 9]
    for player, colours in enumerate((one, two)):
        for colour in colours:
            ledger.allotment[player][colour - 1] = 9
        ledger.allotment[player][shared - 1] = 4
    ledger.shared = shared


class PlayChecker:
    """Plays one game through the engine, checking every step against the spec and the rules.

    The checker keeps its own account of the game (the board, the pieces
    out of the game, who placed what, each player's own turns, the invalid
    placements nobody pointed out), replayed from the actions alone with
    the spec judging each placement (:func:`placement_is_valid`), and after
    every step holds the engine's state to it:

    * placements (SU-3, SU-4, SU-12..SU-14): ``valid_moves`` of both
      players are exactly :func:`spec_valid_placements` of the colours left
      in their hands; in strict play the legal placements are exactly
      those, in tabletop play every own piece on every empty cell; an
      invalid placement played in tabletop is listed by ``unnoticed``;
    * no valid move (SU-6): a game ends with ``no-valid-move`` only when the
      spec finds none for the loser; a player the spec finds without one is
      never offered a placement in strict play, and is left some action;
    * the claim window and time limit (SU-10) from the player's own turns,
      counted here; the judgement of every claim (:meth:`try_claim`):
      success exactly when in time and :func:`is_completion`;
    * conservation (SU-1, SU-9, SU-11): board, hands, the spare and the
      pieces out of the game hold 9 pieces of each colour, 81 in all, and
      each player's hand plus their pieces on the board and out of the game
      is what they were dealt;
    * pointing out, finding a mistake and the observer (SU-7..SU-9) name
      only unnoticed invalid placements: pointing out the opponent's last
      placement only; finding any other of the opponent's, one's own too
      only with the ``own_mistake_wins`` option (SU-8); the observer acts
      after every placement while an unnoticed mistake stands that the
      opponent let pass, never on the last placement (which the opponent
      may still point out), with the chance of the ``observer`` option;
      a piece it removes is not one of its owner's placed pieces (SU-5);
    * results (SU-5..SU-10): the winner and reason of each ending.

    Args:
        state: a state of :class:`dokuspec.engine.sumodoku.Sumodoku` before
            any action (the checker follows it through :meth:`apply`).

    Raises:
        PlayCheckError: from :meth:`apply` and :meth:`check`: a subclass
            naming the rule and the step.
    """

    def __init__(self, state: SumodokuState) -> None:
        if state.history():
            raise ValueError("a PlayChecker starts from a new game")
        self.state = state
        options = state.game.options
        self.options = options
        self.free = bool(options.get("free_colours", False))
        self.tabletop = options.get("enforcement") == "tabletop"
        window = options.get("claim_window", [16, 35])
        assert isinstance(window, list)
        self.window = (int(window[0]), int(window[1]))  # type: ignore[arg-type]
        limits = options.get("claim_time_limits")
        self.limits: tuple[tuple[int, int, float], ...] = _LIMITS_DEFAULT
        if isinstance(limits, list):
            self.limits = tuple(
                (int(item[0]), int(item[1]), float(item[2]))  # type: ignore[arg-type, index]
                for item in limits
            )
        self.observer = Fraction(str(options.get("observer", 0)))
        self.own_mistakes = options.get("own_mistake_wins") is True
        self.ledger = _new_ledger(self.free)
        if self.free:
            self.ledger.allotment = [[9] * 9, [9] * 9]
        elif options.get("colour_assignment", "fixed") == "fixed":
            _deal(self.ledger, (1, 2, 3, 4), (5, 6, 7, 8), 9)
        self.steps = 0
        self.claimed: Board | None = None
        self._moves: dict[tuple[bytes, tuple[int, ...], tuple[int, ...]], tuple[Piece, ...]] = {}
        self.check()

    # -- what the checker expects ------------------------------------------------------------

    def where(self) -> str:
        return f"seed {self.state.seed}, step {self.steps} ({self.options})"

    def fail(self, kind: type[PlayCheckError], problem: str) -> PlayCheckError:
        return kind(f"{self.where()}: {problem}\n  position: {self.state.position}")

    def hand(self, player: int) -> tuple[int, ...]:
        """Pieces ``player`` holds per colour, by the checker's account (free: the supply)."""
        ledger = self.ledger
        if self.free:
            return tuple(9 - ledger.board.count(k) - ledger.out[k - 1] for k in range(1, 10))
        placed = [0] * 9
        for index, colour in enumerate(ledger.board):
            if colour and ledger.owner[index] == player:
                placed[colour - 1] += 1
        return tuple(
            ledger.allotment[player][k] - placed[k] - ledger.out_by[player][k] for k in range(9)
        )

    def position(self) -> Position:
        return Position(
            Board(bytes(self.ledger.board)), self.state.position.variants, tuple(self.ledger.out)
        )

    def spec_moves(self, player: int) -> tuple[Piece, ...]:
        """``player``'s valid placements by the spec, with the colours left in their hand."""
        hand = self.hand(player)
        key = (bytes(self.ledger.board), tuple(self.ledger.out), hand)
        if key not in self._moves:
            colours = [k for k in range(1, 10) if hand[k - 1]]
            self._moves = {key: spec_valid_placements(self.position(), colours)} | {
                k: v for k, v in self._moves.items() if k[0] == key[0]
            }
        return self._moves[key]

    def time_limit(self, player: int) -> float | None:
        turn = self.ledger.turns[player] + 1
        if not self.window[0] <= turn <= self.window[1]:
            return None
        for first, last, seconds in self.limits:
            if first <= turn <= last:
                return seconds
        return None

    def claim_open(self, player: int) -> bool:
        state = self.state
        return (
            not state.is_terminal()
            and state.current_player() == player
            and self.done() is None
            and self.window[0] <= self.ledger.turns[player] + 1 <= self.window[1]
        )

    # -- checks of the state -----------------------------------------------------------------

    def check(self) -> None:
        """Hold the engine's state to the checker's account (see the class)."""
        self._check_conservation()
        self._check_tabletop()
        state = self.state
        if state.is_terminal():
            self._check_result()
            return
        for player in (0, 1):
            self._check_moves(player)
            self._check_window(player)
        current = state.current_player()
        if current == CHANCE:
            self._check_chance()

    def _check_conservation(self) -> None:
        state, ledger = self.state, self.ledger
        result = state.result if state.is_terminal() else None
        claimed = result is not None and result.reason == "claim-succeeded"
        board = state.board
        if board != Board(bytes(ledger.board)) and not (claimed and board == self.claimed):
            raise self.fail(
                PieceConservationError,
                f"the board is {board}, but the actions put {Board(bytes(ledger.board))}",
            )
        if tuple(state.out) != tuple(ledger.out):
            raise self.fail(
                PieceConservationError,
                f"out of the game: the engine has {tuple(state.out)}, the actions "
                f"{tuple(ledger.out)} (SU-9)",
            )
        for player in (0, 1):
            if state.turn_number(player) != ledger.turns[player]:
                raise self.fail(
                    PieceConservationError,
                    f"engine player {player} has taken {state.turn_number(player)} turns, "
                    f"not {ledger.turns[player]} (SU-10, ruling SU-25)",
                )
        if claimed:
            return  # the claimant took every remaining piece (SU-10)
        if not self.free and ledger.shared is None:
            return  # the colours are not dealt yet (SU-1, a chance node)
        for player in (0, 1):
            expected = self.hand(player)
            held = tuple(state.hand(player))
            if held != expected:
                raise self.fail(
                    PieceConservationError,
                    f"engine player {player}'s hand is {held}, but they were dealt "
                    f"{tuple(ledger.allotment[player])} and placed or lost the rest: {expected}",
                )
            colours = frozenset(k for k in range(1, 10) if ledger.allotment[player][k - 1])
            if frozenset(state.colours(player)) != colours:
                raise self.fail(
                    PieceConservationError,
                    f"engine player {player}'s colours are {sorted(state.colours(player))}, "
                    f"not {sorted(colours)} (SU-1)",
                )
        counts = board.counts()
        for colour in range(1, 10):
            hands = (
                state.hand(0)[colour - 1]
                if self.free
                else state.hand(0)[colour - 1] + state.hand(1)[colour - 1]
            )
            spare = 1 if colour == ledger.shared else 0
            total = counts[colour - 1] + state.out[colour - 1] + hands + spare
            if total != 9:
                raise self.fail(
                    PieceConservationError,
                    f"colour {colour}: {counts[colour - 1]} on the board, {hands} in hands, "
                    f"{spare} spare, {state.out[colour - 1]} out of the game: {total}, not 9",
                )

    def _check_tabletop(self) -> None:
        state, ledger = self.state, self.ledger
        engine_says = sorted(state.unnoticed())
        if engine_says != sorted(ledger.unnoticed):
            raise self.fail(
                TabletopError,
                f"unnoticed invalid placements: the engine lists "
                f"{[str(p) for p in engine_says]}, the spec {[str(p) for p in ledger.unnoticed]}",
            )

    def _check_moves(self, player: int) -> None:
        state = self.state
        expected = self.spec_moves(player)
        engine_says = tuple(Piece(m.row, m.col, m.colour) for m in state.valid_moves(player))
        if sorted(engine_says) != sorted(expected):
            missing = sorted(set(expected) - set(engine_says))
            extra = sorted(set(engine_says) - set(expected))
            raise self.fail(
                MoveError,
                f"engine player {player}'s valid moves: the spec also allows "
                f"{[str(p) for p in missing[:6]]}, refuses {[str(p) for p in extra[:6]]}"
                + "".join(f"\n  {p}: {placement_conflicts(self.position(), p)}" for p in extra[:3]),
            )
        if state.current_player() != player:
            return
        legal = state.legal_actions(player)
        places = {Piece(a.row, a.col, a.colour) for a in legal if isinstance(a, Place)}
        done = self.done()
        wanted: set[Piece] = set()
        if done is None and expected:
            if self.tabletop:  # every own piece on every empty cell (SU-4, ruling SU-24)
                hand = self.hand(player)
                wanted = {
                    Piece(i // 9 + 1, i % 9 + 1, k)
                    for i in range(81)
                    if not self.ledger.board[i]
                    for k in range(1, 10)
                    if hand[k - 1]
                }
            else:
                wanted = set(expected)
        if places != wanted:
            missing = sorted(wanted - places)
            extra = sorted(places - wanted)
            raise self.fail(
                MoveError,
                f"engine player {player} may place {[str(p) for p in extra[:6]]} and not "
                f"{[str(p) for p in missing[:6]]}, against the spec "
                f"({'tabletop' if self.tabletop else 'strict'}, SU-4)",
            )
        pointable = self.pointable(player)
        points = {(a.row, a.col) for a in legal if isinstance(a, PointOut)}
        finds = {(a.row, a.col) for a in legal if isinstance(a, FindMistake)}
        want_points = {(pointable.row, pointable.col)} if pointable else set()
        want_finds = {(p.row, p.col) for p in self.findable(player)}
        if points != want_points or finds != want_finds:
            raise self.fail(
                TabletopError,
                f"engine player {player} may point out {sorted(points)} and find {sorted(finds)}; "
                f"the unnoticed invalid placements are "
                f"{[str(p) for p in self.ledger.unnoticed]}, the last move's {pointable}, "
                f"own mistakes {'' if self.own_mistakes else 'not '}found "
                "(SU-7, SU-8, ruling SU-21)",
            )
        stuck = not expected or done is not None
        if stuck != (Concede() in legal):
            raise self.fail(
                NoMoveError,
                f"engine player {player} {'may' if not stuck else 'may not'} concede, with "
                f"{len(expected)} valid moves (SU-6, ruling SU-24)",
            )
        if not expected and not (points or finds or self.claim_open(player)):
            raise self.fail(
                NoMoveError,
                f"engine player {player} has no valid move and nothing else to do, but the game "
                "goes on (SU-6)",
            )

    def done(self) -> int | None:
        """A player who placed every piece, the last one invalid, while the game goes on
        (ruling SU-23), or ``None``."""
        if self.free or self.ledger.shared is None:
            return None
        for player in (0, 1):
            if self.all_placed(player):
                return player
        return None

    def all_placed(self, player: int) -> bool:
        """Whether ``player`` has placed all their pieces, none of them removed by the
        observer (SU-5, SU-9)."""
        return not any(self.hand(player)) and not any(self.ledger.out_by[player])

    def pending(self) -> Piece | None:
        """The last placement, if invalid and unnoticed: the opponent may still point it out
        (SU-7), and the observer may not act on it yet (SU-9)."""
        last = self.ledger.last
        if last is None or last[1] not in self.ledger.unnoticed:
            return None
        return last[1]

    def pointable(self, player: int) -> Piece | None:
        """The opponent's last placement, if invalid and unnoticed: ``player`` may point it out
        (SU-7)."""
        last = self.ledger.last
        return None if last is None or last[0] == player else self.pending()

    def passed(self) -> list[Piece]:
        """The unnoticed mistakes the opponent has let pass: the observer's to remove (SU-9)."""
        pending = self.pending()
        return [p for p in self.ledger.unnoticed if p != pending]

    def findable(self, player: int) -> list[Piece]:
        """The unnoticed mistakes ``player`` may find now (SU-8, ruling SU-21): not the
        opponent's last placement; the opponent's, one's own too with ``own_mistake_wins``."""
        pointable = self.pointable(player)
        return [
            p
            for p in self.ledger.unnoticed
            if p != pointable and (self.own_mistakes or self.ledger.owner[p.cell] != player)
        ]

    def _check_window(self, player: int) -> None:
        state = self.state
        expected = self.claim_open(player)
        if state.claim_open(player) != expected:
            raise self.fail(
                ClaimError,
                f"engine player {player} on own turn {self.ledger.turns[player] + 1}: the engine "
                f"says a claim is {'open' if state.claim_open(player) else 'closed'}, the window "
                f"is {self.window} (SU-10)",
            )
        if ("claim" in state.open_actions(player)) != expected:
            raise self.fail(ClaimError, f"open_actions({player}) disagree with the claim window")
        limit = self.time_limit(player) if expected else None
        if state.claim_time_limit(player) != limit:
            raise self.fail(
                ClaimError,
                f"engine player {player}'s claim time limit is {state.claim_time_limit(player)}, "
                f"not {limit} (SU-10)",
            )

    def _check_chance(self) -> None:
        state, ledger = self.state, self.ledger
        outcomes = state.chance_outcomes()
        if any(isinstance(a, Colours) for a, _ in outcomes):
            if self.free or self.options.get("colour_assignment") != "random" or state.history():
                raise self.fail(ResultError, "colours are dealt at random only at the start (SU-1)")
            return
        passed = self.passed()
        if not self.tabletop or not passed or not self.observer:
            raise self.fail(
                TabletopError,
                "the observer acts with no unnoticed invalid placement standing that the "
                "opponent let pass (SU-9)",
            )
        seen = Fraction(0)
        for action, probability in outcomes:
            if isinstance(action, Observe):
                piece = Piece(
                    action.row, action.col, ledger.board[(action.row - 1) * 9 + action.col - 1] or 1
                )
                if piece == self.pending():
                    raise self.fail(
                        TabletopError,
                        f"the observer may point out {piece}, which the opponent may still "
                        "point out (SU-7, SU-9)",
                    )
                if piece not in passed:
                    raise self.fail(
                        TabletopError,
                        f"the observer may point out r{action.row}c{action.col}, "
                        "which is no unnoticed invalid placement (SU-9)",
                    )
                if probability != self.observer / len(passed):
                    raise self.fail(
                        TabletopError,
                        f"the observer points out {piece} with chance {probability}, not "
                        f"{self.observer / len(passed)} (SU-9, ruling SU-20)",
                    )
                seen += probability
            elif not isinstance(action, Silent):
                raise self.fail(TabletopError, f"the observer's node offers {action}")
        if seen != self.observer:
            raise self.fail(
                TabletopError,
                f"the observer points out with chance {seen}, not {self.observer} (SU-9)",
            )

    def _check_result(self) -> None:
        state = self.state
        result = state.result
        if result is None:
            raise self.fail(ResultError, "a finished game has no result")
        if result.reason == "no-valid-move":
            loser = 1 - result.winner
            if self.spec_moves(loser):
                raise self.fail(
                    NoMoveError,
                    f"engine player {loser} lost for having no valid move (SU-6), but the spec "
                    f"allows {[str(p) for p in self.spec_moves(loser)[:6]]}",
                )
        elif result.reason == "all-pieces-played" and (
            self.free or not self.all_placed(result.winner)
        ):
            raise self.fail(
                ResultError,
                f"engine player {result.winner} won with all pieces played (SU-5) holding "
                f"{self.hand(result.winner)}, {sum(self.ledger.out_by[result.winner])} of "
                "theirs removed by the observer (SU-9)",
            )

    # -- steps ------------------------------------------------------------------------------

    def _piece_at(self, row: int, col: int) -> Piece | None:
        colour = self.ledger.board[(row - 1) * 9 + col - 1]
        return Piece(row, col, colour) if colour else None

    def _allowed(self, player: int, action: Action) -> tuple[bool, tuple[int, str] | None]:
        """Whether the rules allow ``action`` now, and the result it must give (if it ends it)."""
        ledger = self.ledger
        if player < 0:
            return True, None  # chance outcomes: checked at the chance node
        if isinstance(action, Place):
            piece = Piece(action.row, action.col, action.colour)
            mine = self.hand(player)[piece.colour - 1] > 0 and not ledger.board[piece.cell]
            if not mine or self.done() is not None or not self.spec_moves(player):
                return False, None  # nothing to place, or SU-6 (ruling SU-24), or SU-23
            valid = placement_is_valid(self.position(), piece)
            if not self.tabletop and not valid:
                return False, None
            last = not self.free and sum(self.hand(player)) == 1
            # SU-5: the last piece, valid, none removed by the observer (SU-9)
            if valid and last and not any(self.ledger.out_by[player]):
                return True, (player, "all-pieces-played")
            return True, None
        if isinstance(action, Claim):
            if not self.claim_open(player):
                return False, None
            limit = self.time_limit(player)
            good = (limit is None or action.seconds <= limit) and is_completion(
                self.position(), action.filling
            )
            return True, ((player, "claim-succeeded") if good else (1 - player, "claim-failed"))
        if isinstance(action, PointOut):
            target = self._piece_at(action.row, action.col)
            return target is not None and target == self.pointable(player), (player, "pointed-out")
        if isinstance(action, FindMistake):
            target = self._piece_at(action.row, action.col)
            return target in self.findable(player), (player, "mistake-found")
        if isinstance(action, Concede):
            # When a player may concede is the engine's ruling; the loss is theirs.
            return action in self.state.legal_actions(), (1 - player, "")
        return False, None

    def apply(self, action: Action) -> None:
        """Apply ``action`` to the state, check what it did, then check the state.

        Raises:
            PlayCheckError: as the class says; also when the engine refuses
                an action the rules allow (a placement, a claim in the
                window...) or takes one they do not.
            IllegalActionError: the engine refused an action the rules do
                not allow either (the state is unchanged).
        """
        state, ledger = self.state, self.ledger
        player = state.current_player()
        allowed, expected = self._allowed(player, action)
        kind: type[PlayCheckError] = (
            MoveError
            if isinstance(action, Place)
            else ClaimError
            if isinstance(action, Claim)
            else TabletopError
            if isinstance(action, (PointOut, FindMistake, Observe, Silent))
            else ResultError
        )
        valid = None
        if isinstance(action, Place) and allowed:
            valid = placement_is_valid(
                self.position(), Piece(action.row, action.col, action.colour)
            )
        try:
            state.apply_action(action)
        except IllegalActionError as error:
            if allowed:
                raise self.fail(
                    kind, f"the engine refused {action}, which the rules allow: {error.reason}"
                ) from None
            raise
        self.steps += 1
        if not allowed:
            raise self.fail(kind, f"the engine took {action}, which the rules do not allow now")
        if isinstance(action, Place):
            piece = Piece(action.row, action.col, action.colour)
            ledger.board[piece.cell] = piece.colour
            ledger.owner[piece.cell] = player
            ledger.turns[player] += 1
            ledger.last = (player, piece)
            if not valid:
                ledger.unnoticed.append(piece)
        elif isinstance(action, Observe):
            index = (action.row - 1) * 9 + action.col - 1
            piece = Piece(action.row, action.col, ledger.board[index])
            ledger.unnoticed.remove(piece)
            owner = ledger.owner[index]
            assert owner is not None
            ledger.out[piece.colour - 1] += 1
            ledger.out_by[owner][piece.colour - 1] += 1
            ledger.board[index] = 0
            ledger.owner[index] = None
            # Ruling SU-22: a mistake that breaks no rule once the piece is gone is no mistake.
            after = self.position()
            ledger.unnoticed = [
                p
                for p in ledger.unnoticed
                if placement_conflicts(after.with_board(after.board.without([p])), p)
            ]
        elif isinstance(action, Colours):
            _deal(ledger, action.player1, action.player2, action.shared)
        elif isinstance(action, Claim):
            ledger.turns[player] += 1  # a claim is a turn (ruling SU-25)
            self.claimed = action.filling
        if isinstance(action, Place) and not state.is_terminal():
            # SU-9, ruling SU-28: after every placement while a mistake let pass stands
            observes = bool(self.tabletop and self.observer and self.passed())
            if observes != (state.current_player() == CHANCE):
                raise self.fail(
                    TabletopError,
                    f"after {action} the observer {'does not act' if observes else 'acts'}; "
                    f"the mistakes let pass are {[str(p) for p in self.passed()]} (SU-9)",
                )
        if expected is not None:
            result = state.result
            got = None if result is None else (result.winner, result.reason)
            if got is None or got[0] != expected[0] or expected[1] not in ("", got[1]):
                raise self.fail(
                    kind,
                    f"after {action} by engine player {player} the result is {got}, "
                    f"the rules say {expected}",
                )
        self.check()

    def try_claim(self, filling: Board, seconds: float = 0.0) -> bool | None:
        """Claim with ``filling`` on a copy of the state, checking the engine's judgement.

        Returns:
            Whether the claim succeeded; ``None`` when the engine refused it
            as not allowed now (outside the window, SU-10; checked).

        Raises:
            ClaimError: the engine allowed, refused or judged it against SU-10.
        """
        copy = PlayChecker.__new__(PlayChecker)
        copy.__dict__.update(self.__dict__)
        copy.state = self.state.clone()
        copy.ledger = _copy_ledger(self.ledger)
        try:
            copy.apply(Claim(filling, seconds))
        except IllegalActionError:
            return None
        result = copy.state.result
        return result is not None and result.reason == "claim-succeeded"


def _copy_ledger(ledger: _Ledger) -> _Ledger:
    return _Ledger(
        free=ledger.free,
        allotment=[list(a) for a in ledger.allotment],
        shared=ledger.shared,
        board=bytearray(ledger.board),
        owner=list(ledger.owner),
        out=list(ledger.out),
        out_by=[list(a) for a in ledger.out_by],
        turns=list(ledger.turns),
        unnoticed=list(ledger.unnoticed),
        last=ledger.last,
    )


def _swapped(filling: Board, board: Board) -> Board | None:
    """``filling`` with two of the pieces it adds to ``board`` swapped (colours differ), or None."""
    empty = board.empty_cells()
    cells = bytearray(filling.cells)
    for a in empty:
        for b in empty:
            if cells[a] != cells[b]:
                cells[a], cells[b] = cells[b], cells[a]
                return Board(bytes(cells))
    return None


def check_claims(checker: PlayChecker, *, backends: Sequence[BackendName] = ("sat", "z3")) -> str:
    """Claims judged against the solvers, each on a copy of the game (SU-10, SU-15).

    The solvers decide whether the board can be completed with the pieces
    left (every backend must agree, its completion checked by the spec
    model). When it can, a claim with the solver's completion succeeds
    in time, and fails when late (one second over the limit) or with two of
    its pieces swapped. When it cannot, no claim succeeds: the engine must
    turn down fillings that are near misses (a completion that ignores the
    pieces out of the game, or the variants) and a naive one (the pieces
    left, cell by cell).

    Args:
        checker: a game whose current player may claim now.
        backends: the solvers to ask.

    Returns:
        The solvers' status of the position.

    Raises:
        ClaimError: a claim judged against the spec, or the claim window closed.
        SearchError: the solvers disagree.
    """
    state = checker.state
    player = state.current_player()
    if not checker.claim_open(player):
        raise checker.fail(ClaimError, "check_claims needs a game in which a claim is open")
    position = checker.position()
    status = _solver_status(position, backends)
    tried: list[tuple[str, Board, float, bool]] = []
    if status == "completable":
        filling = check(position, backend=backends[0]).completion
        assert filling is not None
        limit = checker.time_limit(player)
        tried.append(("the solver's completion", filling, 0.0, True))
        if limit is not None:
            tried.append(("the solver's completion, in time", filling, limit, True))
            tried.append(("the solver's completion, late", filling, limit + 1.0, False))
        swapped = _swapped(filling, position.board)
        if swapped is not None:
            tried.append(("the solver's completion with two pieces swapped", swapped, 0.0, False))
    else:
        relaxed = [
            Position(position.board, position.variants),
            Position(position.board, out=position.out),
            Position(position.board),
        ]
        for near in relaxed:
            answer = check(near, backend=backends[0])
            if answer.completion is not None:
                tried.append((f"a completion of {near}", answer.completion, 0.0, False))
        left = [k for k in range(1, 10) for _ in range(position.supply()[k - 1])]
        cells = bytearray(position.board.cells)
        for index in position.board.empty_cells():
            cells[index] = left.pop() if left else 1
        tried.append(("the pieces left, cell by cell", Board(bytes(cells)), 0.0, False))
    for what, filling, seconds, wins in tried:
        got = checker.try_claim(filling, seconds)
        if got is not wins:
            raise checker.fail(
                ClaimError,
                f"a claim with {what} ({filling}, {seconds} s) "
                + ("was refused" if got is None else "succeeded" if got else "failed")
                + f"; the solvers say the position is {status}",
            )
    return status


def play_checked(
    options: Mapping[str, JSONValue],
    seed: int,
    policy_seed: int,
    *,
    mistakes: float = 0.1,
    claims: float = 0.1,
    max_steps: int | None = None,
    backends: Sequence[BackendName] = ("sat",),
) -> PlayChecker:
    """Play one random game through the engine with a :class:`PlayChecker` at every step.

    The players place valid pieces at random, in tabletop play make an
    invalid placement with chance ``mistakes``, point out and find mistakes
    when they can (half the time), and in the claim window run
    :func:`check_claims` with chance ``claims`` and then claim with the
    solver's completion or a wrong one half the time each.

    Args:
        options: the game's options.
        seed: the game's seed (chance: colours, the observer).
        policy_seed: the seed of the players' choices.
        mistakes: the chance of an invalid placement (tabletop).
        claims: the chance of checking claims when one is open.
        max_steps: stop after this many steps (``None``: play to the end).
        backends: the solvers :func:`check_claims` asks.

    Returns:
        The checker, its state at the end.

    Raises:
        PlayCheckError: as :class:`PlayChecker`.
    """
    state = Sumodoku(**options).new_initial_state(seed)
    checker = PlayChecker(state)
    rng = random.Random(policy_seed)
    while not state.is_terminal() and (max_steps is None or checker.steps < max_steps):
        player = state.current_player()
        if player == CHANCE:
            checker.apply(state.sample_chance_outcome())
            continue
        if checker.claim_open(player) and rng.random() < claims:
            status = check_claims(checker, backends=backends)
            if rng.random() < 0.5:
                position = checker.position()
                filling = check(position).completion if status == "completable" else None
                checker.apply(
                    Claim(filling or Board(bytes(x or 1 for x in position.board.cells)), 0.0)
                )
                break
        checker.apply(choose_action(state, rng, mistakes=mistakes))
    return checker


def choose_action(state: SumodokuState, rng: random.Random, *, mistakes: float = 0.1) -> Action:
    """A random player's action: a valid placement, or now and then a tabletop one.

    Points out or finds a mistake half the time when one is offered; an
    invalid placement (tabletop) with chance ``mistakes``; otherwise a
    valid placement, or a concession when there is none.
    """
    legal = state.legal_actions()
    tabletop = [a for a in legal if isinstance(a, (PointOut, FindMistake))]
    if tabletop and rng.random() < 0.5:
        return rng.choice(tabletop)
    places = [a for a in legal if isinstance(a, Place)]
    valid = set(state.valid_moves(state.current_player()))
    good = [a for a in places if a in valid]
    bad = [a for a in places if a not in good]
    if bad and rng.random() < mistakes:
        return rng.choice(bad)
    if good:
        return rng.choice(good)
    return rng.choice(legal)
