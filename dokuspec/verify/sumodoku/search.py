"""Sumodoku's fast search and safe moves held to the solvers and to the spec's reading of a move.

The checks compare with the solvers (:func:`dokuspec.sumodoku.check`, SAT
and Z3) and read moves and completions by the completion model
(:mod:`dokuspec.verify.sumodoku.placements`):

* :func:`check_propose`: :func:`dokuspec.sumodoku.search.propose` gives a
  position the solver's status, and its completion is one (by the model);
* :func:`check_safe_moves`: :func:`dokuspec.sumodoku.safe_moves` lists
  exactly the valid placements, each marked as one ``check`` of the board
  with the move says (SU-15), its witness a completion agreeing with it.

Each check raises a :class:`~dokuspec.verify.sumodoku.errors.PlayCheckError`
(an :class:`AssertionError`) naming the position and both answers when two
readings disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from dokuspec.sumodoku import BackendName, check
from dokuspec.verify.sumodoku.errors import SafeMovesError, SearchError
from dokuspec.verify.sumodoku.errors import play_failure as _fail
from dokuspec.verify.sumodoku.placements import filling_problems, spec_valid_placements
from dokuspec.vocabulary.sumodoku import Board, Piece, Position

__all__ = [
    "FIXED_COLOURS",
    "check_propose",
    "check_safe_moves",
]

FIXED_COLOURS: dict[int, tuple[int, ...]] = {1: (1, 2, 3, 4, 9), 2: (5, 6, 7, 8, 9)}
"""The colours of each player (1 or 2) under SU-1's fixed assignment (colour 9 shared)."""


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


def solver_status(position: Position, backends: Sequence[BackendName]) -> str:
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
    status = solver_status(position, backends)
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
