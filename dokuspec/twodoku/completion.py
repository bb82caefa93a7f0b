"""Two-Doku completion: whether the board can still become a full valid Sudoku (TD-1, TD-11).

* :func:`completable`: whether the board can still be filled to a full
  valid Sudoku keeping every domino where it is, with a completion as
  witness; with face-down digits unknown, whether *some* and whether
  *every* consistent assignment of them allows one.

Answered by the completion model of
:mod:`dokuspec.spec.twodoku.position_models` (compiled once per process and
backend, in :data:`dokuspec.solvers.base.CACHE`); a budget that runs out
gives ``"unknown"``, never a guess, and every completion is checked against
the Sudoku rule before it is returned.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from dokuspec.errors import PositionError, SolverError
from dokuspec.solvers import Backend, Budget, as_budget
from dokuspec.solvers.proofs import Refutation, check_proof_request
from dokuspec.solvers.sat import SatBackend
from dokuspec.spec.twodoku import positions as spec
from dokuspec.spec.twodoku.facts import FaceDownFacts
from dokuspec.twodoku.inference import (
    _completion_backend,
    _face_down_backend,
    _facts,
    _inconsistent,
    _Worlds,
)
from dokuspec.twodoku.positions import (
    Answer,
    BackendName,
    PositionOrView,
    _Board,
    _check_backend,
    _check_subject,
)
from dokuspec.vocabulary.twodoku import DIGITS, Square, View

__all__ = [
    "Completability",
    "CompletionStatus",
    "completable",
]

CompletionStatus: TypeAlias = Literal["completable", "impossible", "depends", "unknown"]
"""The summary of a :class:`Completability`."""


@dataclass(frozen=True, slots=True)
class Completability:
    """The answer of :func:`completable`.

    With every face-down digit known, ``some`` and ``every`` are the same
    answer. With some unknown (a view, or a position with digits ``None``),
    they quantify over the *consistent* assignments of the unknown digits:
    those that fit the facts (:func:`~dokuspec.twodoku.infer_face_down`).

    Attributes:
        status: ``"completable"`` (``every`` is yes), ``"impossible"``
            (``some`` is no), ``"depends"`` (``some`` yes, ``every`` no) or
            ``"unknown"`` (any other case: nothing more is proven).
        some: whether some consistent assignment allows a completion.
        every: whether every consistent assignment allows one.
        hidden: the face-down squares whose digits are unknown, sorted.
        completion: when ``some`` is yes, a full valid board (all 81
            squares) that keeps every domino where it is, its face-down
            squares holding a consistent assignment.
        counterexample: when ``every`` is no, digits for the ``hidden``
            squares that fit the facts and allow no completion.
        assignments_checked: how many consistent assignments were checked
            one by one for ``every``.
        backend: the backend that answered.
        proof: from :func:`completable` with ``proof=True`` when
            impossible: a :class:`~dokuspec.solvers.proofs.Refutation` (the
            completion model's CNF with the dominoes on the board, and the
            facts about the face-down ones, as unit clauses, and a DRUP
            proof) that an independent checker accepts.
    """

    status: CompletionStatus
    some: Answer
    every: Answer
    hidden: tuple[Square, ...]
    completion: Mapping[Square, int] | None
    counterexample: Mapping[Square, int] | None
    assignments_checked: int
    backend: str
    proof: Refutation | None = None


def _full_board(digits: Sequence[int], fixed: Mapping[int, int]) -> dict[Square, int]:
    """A solver's board, checked: a valid full Sudoku keeping every fixed digit."""
    valid = all(sorted(digits[i] for i in members) == list(DIGITS) for _, members in spec.UNITS)
    if not valid or any(digits[i] != d for i, d in fixed.items()):  # pragma: no cover
        raise SolverError("the solver proposed a board that is not a completion")
    return {Square.from_index(i): digits[i] for i in range(81)}


def _status(some: Answer, every: Answer) -> CompletionStatus:
    if some == "no":
        return "impossible"
    if every == "yes":
        return "completable"
    if some == "yes" and every == "no":
        return "depends"
    return "unknown"


def completable(
    position: PositionOrView,
    *,
    backend: BackendName = "sat",
    budget: Budget | None = None,
    limit: int | None = 10_000,
    max_digit_count_gap: int | None = None,
    equal_high_count: bool = False,
    proof: bool = False,
) -> Completability:
    """Can the board still be filled to a full valid Sudoku, keeping every domino where it is?

    Every domino on the board stays: face-up ones and face-down ones alike
    (two face-down dominoes of one digit in a row, column or box make it
    impossible). TD-1's supply never binds: a full board holds nine of each
    digit and the game has ten.

    With face-down digits unknown, two questions are answered, over the
    assignments of those digits that fit the facts (for a view, everything
    its player has seen, as :func:`~dokuspec.twodoku.infer_face_down`; for a position, the
    dominoes in sight): ``some`` by one query on the joint model; ``every``
    by looking first for an assignment that puts two equal digits in a row,
    column or box (a counterexample at once), then by checking the
    consistent assignments one by one, up to ``limit`` of them.

    Args:
        position: a :class:`~dokuspec.twodoku.Position` (face-down digits known or ``None``)
            or a :class:`View`.
        backend: ``"sat"`` or ``"z3"``.
        budget: limits for the whole call (:class:`~dokuspec.solvers.Budget`).
        limit: at most this many assignments are checked one by one for
            ``every`` (``None``: all of them, which can take very long);
            beyond it ``every`` is ``"unknown"``.
        max_digit_count_gap: the deal's balance option (TD-15); views only.
        equal_high_count: the deal's balance option (TD-15); views only.
        proof: with ``backend="sat"``, give an impossible answer its
            ``proof``: the CNF of the query the answer came from (the
            completion model, joint with the face-down facts when digits are
            unknown; every group and variable named in comments) with its
            assumptions as unit clauses, and a DRUP proof from a fresh
            proof-logging solver, made outside the budget.

    Returns:
        A :class:`Completability`.

    Raises:
        TypeError: an argument of the wrong type.
        PositionError: as :func:`~dokuspec.twodoku.infer_face_down` (a view from before the
            deal, a record the rules do not allow, facts no deal fits), or
            ``limit`` not positive.
        SolverError: an unknown backend; ``proof=True`` with Z3, or a
            proof-logging solver that finds a completion (the two solvers
            disagree).
    """
    _check_subject(position)
    _check_backend(backend)
    check_proof_request(proof, backend)
    spending = as_budget(budget)
    if limit is not None:
        if isinstance(limit, bool) or not isinstance(limit, int):
            raise TypeError(f"limit must be an int or None, not {type(limit).__name__}")
        if limit < 1:
            raise PositionError(f"limit must be at least 1, not {limit}")
    board = _Board.of(position)
    known = {f.square.index: f.digit for f in position.face_down if f.digit is not None}
    fixed = {**board.face_up, **known}
    hidden = tuple(sorted(f.square for f in position.face_down if f.digit is None))
    facts = None
    if hidden or (isinstance(position, View) and position.initial_pile is not None):
        # Read (and so check) the record of a view from the play phase even when
        # every face-down domino is revealed.
        facts = _facts(position, max_digit_count_gap, equal_high_count)
    if not hidden:
        plain, compiled = _completion_backend(0, backend)
        cells = [plain.cell_literal(i, d) for i, d in fixed.items()]
        answer = compiled.solve(cells, spending)
        found: Answer = {"sat": "yes", "unsat": "no", "unknown": "unknown"}[answer.status]  # type: ignore[assignment]
        completion = None
        if answer.model is not None:
            completion = _full_board(plain.board_of(answer.model), fixed)
        refutation = _refutation(compiled, cells) if proof and found == "no" else None
        return Completability(
            _status(found, found), found, found, (), completion, None, 0, compiled.name, refutation
        )
    assert facts is not None
    alone, facts_backend = _face_down_backend(facts.count, backend)
    assumptions, meaning = alone.vars.assumptions(facts)
    first = facts_backend.solve(assumptions, spending)
    if first.status == "unsat":
        raise _inconsistent(facts_backend, assumptions, meaning, spending)
    if first.status == "unknown":
        return Completability("unknown", "unknown", "unknown", hidden, None, None, 0, backend)
    assert first.model is not None
    worlds = _Worlds(facts, alone.vars)
    joint, compiled = _completion_backend(facts.count, backend)
    joint_assumptions, _ = joint.face_down.assumptions(facts)
    links = [joint.links[k][facts.squares[k]] for k in facts.hidden_dominoes()]
    asked = [
        *(joint.cell_literal(i, d) for i, d in board.face_up.items()),
        *joint_assumptions,
        *links,
    ]
    answer = compiled.solve(asked, spending)
    completion = None
    some: Answer = "unknown"
    if answer.status == "sat":
        assert answer.model is not None
        worlds.digits(answer.model, joint.face_down)  # checked against the facts
        completion = _full_board(joint.board_of(answer.model), fixed)
        some = "yes"
    elif answer.status == "unsat":
        return Completability(
            "impossible",
            "no",
            "no",
            hidden,
            None,
            _hidden_digits(worlds, worlds.digits(first.model)),
            0,
            compiled.name,
            _refutation(compiled, asked) if proof else None,
        )
    every, counterexample, checked = _every(
        board, fixed, facts, worlds, facts_backend, assumptions, backend, limit, spending
    )
    return Completability(
        _status(some, every),
        some,
        every,
        hidden,
        completion,
        counterexample,
        checked,
        compiled.name,
    )


def _refutation(compiled: Backend, assumptions: Sequence[int]) -> Refutation:
    """The refutation of the completion query ``assumptions`` on ``compiled`` (a SAT backend)."""
    assert isinstance(compiled, SatBackend)
    title = [
        "dokuspec: a Two-Doku board that cannot become a full valid Sudoku (TD-1, TD-11)",
        "variables: 'r4c7=3' a square's digit; the others, the face-down dominoes' facts",
    ]
    found = compiled.refute(assumptions, title=title)
    if found is None:
        raise SolverError("the proof-logging solver found a completion")
    return found


def _hidden_digits(worlds: _Worlds, digits: Sequence[int]) -> dict[Square, int]:
    """The digits of the face-down dominoes whose digits are unknown, by square."""
    return {
        Square.from_index(worlds.facts.squares[k]): digits[k]
        for k in worlds.hidden
        if k not in worlds.known
    }


def _every(
    board: _Board,
    fixed: Mapping[int, int],
    facts: FaceDownFacts,
    worlds: _Worlds,
    facts_backend: Backend,
    assumptions: list[int],
    backend: str,
    limit: int | None,
    budget: Budget,
) -> tuple[Answer, dict[Square, int] | None, int]:
    """Whether every consistent assignment allows a completion.

    Returns:
        The answer, a counterexample when it is no, and the assignments checked.
    """
    variables = worlds.vars
    hidden = facts.hidden_dominoes()
    search = facts_backend.scratch()
    # First, an assignment with two equal digits in a unit: no completion at once.
    indicators: list[int] = []
    for k in hidden:
        square = facts.squares[k]
        for digit in sorted({board.face_up[s] for s in spec.PEERS[square] if s in board.face_up}):
            indicators.append(variables.literal(k, digit))
    for a, k in enumerate(hidden):
        for j in hidden[a + 1 :]:
            if facts.squares[j] in spec.PEERS[facts.squares[k]]:
                for digit in DIGITS:
                    both = search.new_var()
                    search.add_clause([-both, variables.literal(k, digit)])
                    search.add_clause([-both, variables.literal(j, digit)])
                    indicators.append(both)
    if indicators:
        switch = search.new_var()
        search.add_clause([-switch, *indicators])
        answer = search.solve([*assumptions, switch], budget)
        if answer.status == "sat":
            assert answer.model is not None
            return "no", _hidden_digits(worlds, worlds.digits(answer.model)), 0
        if answer.status == "unknown":
            return "unknown", None, 0
        search.add_clause([-switch])
    plain, compiled = _completion_backend(0, backend)
    checked = 0
    while limit is None or checked < limit:
        answer = search.solve(assumptions, budget)
        if answer.status == "unsat":
            return "yes", None, checked
        if answer.status == "unknown":
            return "unknown", None, checked
        assert answer.model is not None
        digits = worlds.digits(answer.model)
        cells = dict(fixed)
        cells.update((facts.squares[k], digits[k]) for k in hidden)
        completion = compiled.solve([plain.cell_literal(i, d) for i, d in cells.items()], budget)
        if completion.status == "unsat":
            return "no", _hidden_digits(worlds, digits), checked + 1
        if completion.status == "unknown":
            return "unknown", None, checked
        checked += 1
        search.add_clause([-variables.literal(k, digits[k]) for k in hidden])
    return "unknown", None, checked
