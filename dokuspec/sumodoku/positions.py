"""Sumodoku positions: is this board still completable?

The position queries (rules SU-3, SU-12..SU-15), re-exported by
:mod:`dokuspec.sumodoku`::

    >>> from dokuspec import sumodoku
    >>> verdict = sumodoku.check("....")            # doctest: +SKIP
    >>> verdict.status, verdict.completion           # doctest: +SKIP

* :func:`check`: ``"completable"`` (with a completion), ``"impossible"`` or
  ``"unknown"`` (budget reached).
* :func:`explain`: for an impossible position, a minimal set of placed pieces
  that is impossible on its own.
* :func:`count_completions`: how many completions, up to a limit.

A position may be given as a :class:`Position`, a :class:`Board` or a string
(a board line, a grid, or a position's JSON object; see
:meth:`Position.parse`). Compiled solvers are cached per rule set and backend,
so a second query with the same variants reuses the first one's solver
(incrementally: the pieces are assumptions). The cache is per process and not
thread-safe: use one process per worker.
"""

from __future__ import annotations

import json
import operator
import os
import re
import time
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Literal, TypeAlias

from dokuspec.errors import DokuspecError, NotationError, SolverError
from dokuspec.solvers import CACHE, Backend, Budget, CoreResult, as_budget
from dokuspec.solvers.budget import MAX_CONFLICT_LIMIT, MAX_TIME_LIMIT
from dokuspec.solvers.proofs import Refutation, check_proof_request
from dokuspec.solvers.sat import DEFAULT_SOLVER, SatBackend, canonical_solver
from dokuspec.spec.model import Model, Prohibitions, prohibitions
from dokuspec.spec.sumodoku import CompletionModel, completion_model, full_board_model
from dokuspec.sumodoku.reasons import unit_reason
from dokuspec.sumodoku.search import _CERTIFY, COMPILED, propose, propose_completions
from dokuspec.vocabulary import text
from dokuspec.vocabulary.sumodoku import (
    Board,
    Piece,
    Position,
    Variants,
)

__all__ = [
    "MAX_CONFLICT_LIMIT",
    "MAX_TIME_LIMIT",
    "Board",
    "Budget",
    "Count",
    "Piece",
    "Position",
    "Refutation",
    "Variants",
    "Verdict",
    "check",
    "check_backend",
    "compiled_model",
    "count_completions",
    "count_completions_within",
    "explain",
    "read_positions",
    "refutation",
]

Status: TypeAlias = Literal["completable", "impossible", "unknown"]
"""Whether a position can still be completed, or ``"unknown"`` when a budget ran out."""

BackendName: TypeAlias = Literal["sat", "z3"]
"""A solver backend, python-sat (CNF, CaDiCaL) or Z3."""

PositionLike: TypeAlias = Position | Board | str
"""What the queries take as a position, a :class:`Position`, a :class:`Board` (no
variant, no piece out) or a position's text (:meth:`Position.parse`)."""

_STATUS: dict[str, Status] = {"sat": "completable", "unsat": "impossible", "unknown": "unknown"}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to a completability query.

    Attributes:
        status: ``"completable"``, ``"impossible"`` or ``"unknown"`` (a time or
            conflict budget ran out before an answer).
        position: the position asked about.
        completion: when completable, a full board that extends the position's
            board and obeys every active rule; otherwise ``None``.
        conflict: from :func:`explain` on an impossible position: placed
            pieces that are already impossible on their own (with the same
            variants and pieces out of the game); otherwise ``None``.
        conflict_rules: from :func:`explain`: a minimal set of the guarded
            rule groups (variant marks, diagonals, supplies) that the
            conflict needs besides the rows, columns and boxes, such as
            ``"r1c4 is odd"``, ``"main diagonal, colour 5"`` or ``"supply of
            colour 3"`` (pieces out of the game, SU-15). A rule that holds on
            every border alike is one group, named once:
            ``"non-consecutive (every border)"`` (``non_consecutive``) and
            ``"no mark (every unmarked border)"`` (``strict_marks``), SU-14.
        minimal: from :func:`explain`: whether ``conflict`` is known to be
            minimal (removing any one piece makes the rest completable);
            false when a budget cut the minimisation short.
        backend: the backend that answered (``"sat"`` or ``"z3"``).
        smallest: from :func:`explain` with ``smallest=True``: whether
            ``conflict`` is proven smallest (ruling SU-30): no set of fewer
            placed pieces is impossible on its own. False when a budget
            stopped the search first (then ``conflict`` is the smallest
            found so far) and whenever ``smallest`` was not asked for.
        proof: from :func:`check` with ``proof=True`` on an impossible
            position: a :class:`~dokuspec.solvers.proofs.Refutation` (the
            completion model's CNF with the pieces and the rules in force as
            unit clauses, and a DRUP proof) that an independent checker
            accepts (:meth:`~dokuspec.solvers.proofs.Refutation.check`).
        reason: from :func:`explain` on an impossible position: a one-line
            reason when one unit or cell shows it, such as ``"colour 2 has
            no place left in row 3"``
            (:func:`~dokuspec.sumodoku.reasons.unit_reason`); otherwise ``None``.
    """

    status: Status
    position: Position
    completion: Board | None = None
    conflict: tuple[Piece, ...] | None = None
    conflict_rules: tuple[str, ...] = ()
    minimal: bool = False
    backend: str = "sat"
    smallest: bool = False
    proof: Refutation | None = None
    reason: str | None = None


def check_backend(backend: str = "sat", solver: str | None = None) -> None:
    """Check a backend name and SAT solver name without compiling anything.

    Raises:
        TypeError: ``backend`` or ``solver`` is not a str.
        SolverError: an unknown backend, a solver with a backend other than
            ``"sat"``, or an unknown or refused SAT solver.
    """
    if not isinstance(backend, str):
        raise TypeError(f"backend must be a str, not {type(backend).__name__}")
    if solver is not None and not isinstance(solver, str):
        raise TypeError(f"solver must be a str or None, not {type(solver).__name__}")
    if backend not in ("sat", "z3"):
        raise SolverError(f"unknown backend {backend!r}; choose 'sat' or 'z3'")
    if solver is not None:
        if backend != "sat":
            raise SolverError("a SAT solver name goes with backend 'sat' only")
        canonical_solver(solver)


def compiled_model(
    position: Position, backend: str = "sat", solver: str | None = None
) -> tuple[CompletionModel, Backend]:
    """The completion model of ``position``'s rule set and its compiled backend.

    Taken from the one cache of compiled backends
    (:data:`dokuspec.solvers.base.CACHE`), keyed by the variants, the
    pieces out of the game (which set the supply), the backend and the solver, so
    every query with the same rules reuses one solver.

    Raises:
        TypeError: ``backend`` or ``solver`` is not a str.
        SolverError: an unknown backend, or an unknown or refused SAT solver.
    """
    check_backend(backend, solver)
    options = {"solver": solver} if solver is not None else {}
    spec, compiled = CACHE.get(
        ("sumodoku", position.variants, position.out),
        lambda: completion_model(position.variants, _capacity(position)),
        lambda spec: spec.model,
        backend,
        **options,
    )
    assert isinstance(spec, CompletionModel)
    return spec, compiled


def _capacity(position: Position) -> tuple[int, ...]:
    """Per colour, the pieces of it a full board may hold: 9 minus those out of the game."""
    return tuple(9 - n for n in position.out)


def _position(position: PositionLike, variants: Variants | None) -> Position:
    if isinstance(position, str):
        position = Position.parse(position)
    elif isinstance(position, Board):
        position = Position(position)
    elif not isinstance(position, Position):
        raise TypeError(f"expected a Position, Board or str, not {type(position).__name__}")
    if variants is not None:
        if not isinstance(variants, Variants):
            raise TypeError(f"variants must be a Variants, not {type(variants).__name__}")
        if not position.variants.is_plain():
            raise DokuspecError("the position already carries variants; do not pass variants too")
        position = Position(position.board, variants, position.out)
    return position


def check(
    position: PositionLike,
    *,
    backend: BackendName = "sat",
    solver: str | None = None,
    variants: Variants | None = None,
    time_limit: float | None = None,
    conflict_limit: int | None = None,
    budget: Budget | None = None,
    proof: bool = False,
) -> Verdict:
    """Is ``position`` still completable (rule SU-15)?

    Args:
        position: a :class:`Position`, a :class:`Board`, or a string in the
            board notation or the position's JSON form.
        backend: ``"sat"`` (python-sat, CNF) or ``"z3"``.
        solver: with ``backend="sat"``, a python-sat solver name (default
            CaDiCaL 1.9.5, ``"cadical195"``).
        variants: variant rules for a plain board (SU-12..SU-14).
        time_limit: seconds (0 to 1,000,000); when reached the status is
            ``"unknown"``. ``None``: no limit.
        conflict_limit: solver conflicts (0 to 2**31 - 1); when reached the
            status is ``"unknown"``. ``None``: no limit.
        budget: a :class:`Budget` instead of the two limits.
        proof: with ``backend="sat"``, give an impossible answer its
            ``proof`` (:func:`refutation`), made after the budgeted search
            answered and outside its budget.

    Returns:
        A :class:`Verdict` with ``completion`` set when completable, and
        ``proof`` when impossible and asked for.

    With ``backend="sat"`` and the compiled search built
    (:data:`dokuspec.sumodoku.search.COMPILED`), a fast search first
    proposes a completion, which is certified by evaluating the rules of
    the full-board model (:func:`~dokuspec.spec.sumodoku.full_board_model`)
    on it directly (:func:`~dokuspec.spec.model.prohibitions`), not by the
    search that found it; only when that fails does the solver search.
    Every ``"completable"`` answer is thus certified by the spec's rules, and
    every ``"impossible"`` answer comes from the solver's full search. When
    a position has several completions, which one is returned is not
    specified.

    Raises:
        NotationError: ``position`` is a string that is not a position.
        PositionError: the position cannot exist (more than 9 of a colour).
        BudgetError: a negative, NaN, infinite or too large limit.
        SolverError: an unknown backend, or an unknown or refused SAT
            solver; ``proof=True`` with the Z3 backend, or a proof-producing
            solver that finds the position completable (the two solvers disagree).
        TypeError: an argument of the wrong type.
    """
    spending = as_budget(budget, time_limit=time_limit, conflict_limit=conflict_limit)
    position = _position(position, variants)
    check_backend(backend, solver)
    check_proof_request(proof, backend)
    if COMPILED and backend == "sat" and not spending.exhausted():
        rules, solved = _full_board(position, solver or DEFAULT_SOLVER)
        # A budget the solver could not honour is refused whichever way the
        # answer comes (the full-board backend runs the same solver), before any work.
        solved.check_budget(spending)
        completion = propose(position).completion
        if completion is not None and _all_obey(rules, position, (completion,)):
            return Verdict("completable", position, completion, backend="sat")
    spec, compiled = compiled_model(position, backend, solver)
    compiled.check_budget(spending)  # a refused budget is refused before any work
    answer = compiled.solve(spec.assumptions(position.board), spending)
    completion = spec.board_of(answer.model) if answer.model is not None else None
    status = _STATUS[answer.status]
    found = refutation(position) if proof and status == "impossible" else None
    return Verdict(status, position, completion, backend=compiled.name, proof=found)


def refutation(position: PositionLike, *, solver: str | None = None) -> Refutation:
    """A proof that ``position`` cannot be completed (SU-15), for any DRAT checker.

    The CNF is the completion model of the position's rule set
    (:func:`~dokuspec.spec.sumodoku.completion_model`: every group named in
    a comment, every cell literal named ``r4c7=3``) with the pieces and the
    guarded rule groups in force as unit clauses; a fresh SAT solver with
    proof logging refutes it (:meth:`~dokuspec.solvers.sat.SatBackend.refute`).
    No budget applies.

    Args:
        position: as :func:`check`.
        solver: a solver of :data:`~dokuspec.solvers.proofs.PROOF_SOLVERS`
            (CaDiCaL 1.9.5 by default).

    Raises:
        DokuspecError: the position is completable (nothing to refute).
        NotationError: ``position`` is a string that is not a position.
        PositionError: the position cannot exist (more than 9 of a colour).
        SolverError: ``solver`` writes no checkable proof.
        TypeError: an argument of the wrong type.
    """
    position = _position(position, None)
    spec, compiled = compiled_model(position, "sat", None)
    assert isinstance(compiled, SatBackend)
    title = [
        "dokuspec: a Sumodoku position that cannot be completed (SU-15)",
        f"board {position.board}",
        f"position {json.dumps(position.to_json(), sort_keys=True)}",
        "variables r<row>c<col>=<colour>: that cell holds that colour",
    ]
    found = compiled.refute(spec.assumptions(position.board), solver=solver, title=title)
    if found is None:
        raise DokuspecError("the position is completable: there is nothing to refute")
    return found


def _certify(position: Position, completion: Board, solver: str) -> bool:
    """Whether ``completion`` is a completion of ``position``, certified by the SAT model.

    ``completion`` must be full and hold every piece of the position (read
    from the boards directly); then the SAT solver ``solver`` decides the
    position's full-board model (:func:`~dokuspec.spec.sumodoku.full_board_model`,
    the rules as prohibitions) with every cell of ``completion`` assumed,
    by propagation alone. Since that model only forbids, it is satisfiable
    exactly when the board itself obeys every rule (see
    :mod:`dokuspec.spec.sumodoku`). :func:`check` certifies its proposals
    with :func:`_certify_by_rules` instead, which the tests hold equal to this.
    """
    if not _fills(position, completion):
        return False
    _, solved = _full_board(position, solver)
    return solved.satisfiable(list(map(operator.add, _CELL_OFFSETS, completion.cells)))


def _certify_by_rules(position: Position, completion: Board) -> bool:
    """Whether ``completion`` is a completion of ``position``, by the full-board model's rules
    evaluated on it (:class:`~dokuspec.spec.model.Prohibitions`): the same
    prohibitions :func:`_certify` gives the solver, judged without one."""
    rules, _ = _full_board(position, DEFAULT_SOLVER)
    return _obeys(rules, position, completion)


def _obeys(rules: _CellRules, position: Position, completion: Board) -> bool:
    """:func:`_certify_by_rules` on the compiled prohibitions of ``position``'s rule set."""
    if not _fills(position, completion):
        return False
    total = sum(map(operator.getitem, rules.weights, completion.cells), rules.bias)
    return not total & rules.guards


def _fills(position: Position, completion: Board) -> bool:
    """Whether ``completion`` is full and holds every piece of ``position`` (read from the
    boards directly), as every certificate asks first."""
    return completion.is_full() and completion.extends(position.board)


@dataclass(frozen=True, slots=True)
class _CellRules:
    """:class:`~dokuspec.spec.model.Prohibitions` of a full-board model read by cell and
    colour: ``weights[i][k]`` is the weight of the literal "cell ``i`` holds colour ``k``"
    (``9 * i + k``), so a full board's sum is one lookup per cell."""

    weights: tuple[tuple[int, ...], ...]
    bias: int
    guards: int
    table: tuple[bytes, bytes, bytes] | None = None


def _cell_rules(rules: Prohibitions) -> _CellRules:
    if rules.broken:  # no board obeys an empty clause: a guard bit set by every board
        return _CellRules(((0,) * 10,) * 81, 1, 1)
    weights = tuple(
        tuple(rules.weights[9 * i + k] if k else 0 for k in range(10)) for i in range(81)
    )
    return _CellRules(weights, rules.bias, rules.guards, _counting_table(rules))


def _counting_table(rules: Prohibitions) -> tuple[bytes, bytes, bytes] | None:
    """``rules.counted`` laid out for the compiled evaluator (``_fastsearch.certify``): per
    variable ``0..730`` the offset of its prohibitions in ``ids``, ``ids``, and each
    prohibition's most; ``None`` without the extension or with a prohibition it cannot count."""
    if _CERTIFY is None or any(most > 0xFFFF for _, most in rules.counted):
        return None
    counting: list[list[int]] = [[] for _ in range(731)]
    for number, (variables, _) in enumerate(rules.counted):
        for variable in variables:
            if not 1 <= variable <= 729:
                return None
            counting[variable].append(number)
    offsets = [0]
    for ids in counting[:-1]:
        offsets.append(offsets[-1] + len(ids))
    return (
        array("i", offsets).tobytes(),
        array("i", [i for ids in counting for i in ids]).tobytes(),
        array("H", [most for _, most in rules.counted]).tobytes(),
    )


def _all_obey(rules: _CellRules, position: Position, boards: Sequence[Board]) -> bool:
    """Whether every board of ``boards`` is a completion of ``position`` by the full-board
    model's prohibitions: :func:`_obeys` for each, or the compiled evaluator of the same
    prohibitions (``_fastsearch.certify``, which shares no code with the search) on all
    of them at once."""
    if rules.table is None or _CERTIFY is None:
        return all(_obeys(rules, position, board) for board in boards)
    joined = b"".join(board.cells for board in boards)
    return bool(_CERTIFY(joined, position.board.cells, *rules.table) == len(boards))


def _full_board(position: Position, solver: str) -> tuple[_CellRules, SatBackend]:
    """The full-board model of ``position``'s rule set, as prohibitions to evaluate and as a
    compiled SAT backend, from the one cache."""
    spec, compiled = CACHE.get(
        ("sumodoku full board", position.variants, position.out),
        lambda: _full_board_spec(position),
        operator.itemgetter(0),
        "sat",
        solver=solver,
    )
    assert isinstance(compiled, SatBackend)
    return spec[1], compiled


def _full_board_spec(position: Position) -> tuple[Model, _CellRules]:
    model = full_board_model(position.variants, _capacity(position))
    return model, _cell_rules(prohibitions(model, 729))


#: ``9 * i`` for each cell ``i``: the literal of colour ``k`` there is ``9 * i + k``.
_CELL_OFFSETS = range(0, 729, 9)


def explain(
    position: PositionLike,
    *,
    backend: BackendName = "sat",
    solver: str | None = None,
    variants: Variants | None = None,
    time_limit: float | None = None,
    conflict_limit: int | None = None,
    budget: Budget | None = None,
    smallest: bool = False,
) -> Verdict:
    """Check ``position`` and, when impossible, explain why (rules SU-18, SU-30).

    The explanation (``Verdict.conflict``) is a minimal set of placed pieces
    that is impossible on its own: the position with only those pieces (same
    variants, same pieces out of the game) cannot be completed, and removing
    any one of them makes it completable. A duplicate colour in a row,
    column or box (SU-3) is explained by the two clashing pieces. The
    conflict is empty when the variant marks or the pieces out of the game
    alone make completion impossible.

    With ``smallest=True`` the conflict is a *smallest* such set (ruling
    SU-30: minimum cardinality, not just minimal; found by implicit hitting
    sets, :meth:`~dokuspec.solvers.base.Backend.smallest_core`), and
    ``Verdict.smallest`` says whether that is proven; when the budget runs
    out first, the conflict is the smallest found so far (a minimal one
    whenever the first minimisation finished) with ``smallest`` false.
    Several smallest sets may exist; which one is given may differ between
    backends, its size does not.

    Then, with those pieces in place, ``Verdict.conflict_rules`` names a
    minimal set of variant marks, diagonals and supplies that the conflict
    needs (removing any one of them makes it completable), sorted by name so
    that both backends list them alike.

    Arguments are those of :func:`check`; the time limit bounds the whole
    call and the conflict limit each solver query. When the budget runs out
    after the position is known to be impossible, the verdict is
    ``"impossible"`` with the conflict found so far and ``minimal`` false. A
    completable position gets its completion, as with :func:`check`.

    Raises:
        As :func:`check`; TypeError also when ``smallest`` is not a bool.
    """
    if not isinstance(smallest, bool):
        raise TypeError(f"smallest must be a bool, not {type(smallest).__name__}")
    spending = as_budget(budget, time_limit=time_limit, conflict_limit=conflict_limit)
    position = _position(position, variants)
    spec, compiled = compiled_model(position, backend, solver)
    pieces = spec.piece_literals(position.board)
    proven_smallest = False
    start: frozenset[int] | None = None
    result, start = _pieces_core(position, spec, compiled, pieces, spending)
    if smallest and result.status == "unsat" and result.core is not None:
        # the implicit hitting sets, from the minimal conflict just found when it is minimal
        found = compiled.smallest_core(
            pieces,
            fixed=spec.always,
            budget=spending,
            start=result.core if result.minimal else None,
        )
        proven_smallest = found.smallest
        if found.core is None or set(found.core) != set(result.core):
            start = None
        result = CoreResult(found.status, found.core, found.minimal, found.model)
    if result.status != "unsat":
        completion = spec.board_of(result.model) if result.model is not None else None
        return Verdict(_STATUS[result.status], position, completion, backend=compiled.name)
    assert result.core is not None
    minimal = result.minimal
    rules: tuple[str, ...] = ()
    if spec.always:
        named, rules_minimal = _rules_core(spec, compiled, result.core, spending, start)
        rules = tuple(sorted(named))
        minimal = minimal and rules_minimal
    conflict = tuple(sorted(p for p in map(spec.piece_of, result.core) if p is not None))
    return Verdict(
        "impossible",
        position,
        conflict=conflict,
        conflict_rules=rules,
        minimal=minimal,
        backend=compiled.name,
        smallest=proven_smallest,
        reason=unit_reason(position),
    )


#: Pieces the compiled search may place when it decides, for :func:`explain`, whether some of a
#: position's pieces can stand together (about 0.25 s at most); past it the SAT solver decides.
_EXPLAIN_NODE_LIMIT = 2_000_000

#: Seconds the solver's first answer of :func:`explain` must take before the compiled search
#: helps decide the smaller sets (on most positions the solver answers them in milliseconds).
#: Under a rule on every border (non-consecutive, strict marks) the search always helps: a
#: solver that has learnt enough to answer the whole position at once still takes seconds
#: over the smaller sets of a sparse board.
_EXPLAIN_SEARCH_AFTER = 0.1


def _pieces_core(
    position: Position,
    spec: CompletionModel,
    compiled: Backend,
    pieces: list[int],
    spending: Budget,
) -> tuple[CoreResult, frozenset[int] | None]:
    """A minimal subset of ``pieces`` that cannot stand together (deletion-based, as
    :meth:`~dokuspec.solvers.base.Backend.minimal_core`), with each smaller set decided
    first by the compiled search when it is built; and, when known, the rule selectors of
    an unsatisfiable core of exactly that subset (where the rules' minimisation starts).

    A piece stays when the set without it has a completion (found by the search and
    certified by the rules, or found by the solver); it goes when the solver finds the set
    without it impossible, or the search exhausts it. A core that rests on an exhausted
    search is confirmed impossible by the solver at the end; should the solver disagree,
    the solver's own minimisation answers instead.
    """
    if not (COMPILED and compiled.name == "sat") or any(position.out):
        return compiled.minimal_core(pieces, fixed=spec.always, budget=spending), None
    rules, _ = _full_board(position, DEFAULT_SOLVER)
    pinned = set(spec.always)
    # The solver decides the whole position first: its core is where the deletions start,
    # and what it learns speeds up the confirmation of the final core.
    started = time.monotonic()
    first = compiled.solve([*spec.always, *pieces], spending)
    if first.status != "unsat":
        return CoreResult(first.status, None, False, first.model), None
    assert first.core is not None
    every_border = position.variants.non_consecutive or position.variants.strict_marks
    if not every_border and time.monotonic() - started < _EXPLAIN_SEARCH_AFTER:
        # the solver is quick here
        return compiled.minimal_core(pieces, fixed=spec.always, budget=spending), None
    core = [literal for literal in first.core if literal not in pinned]
    searched = False
    selectors: frozenset[int] | None = frozenset(first.core) & pinned  # of exactly ``core``
    minimal = True
    index = 0
    while index < len(core):
        if spending.exhausted():
            minimal = False
            break
        trial = core[:index] + core[index + 1 :]
        board = Board(bytes(_cells_of(trial)))
        fewer = Position(board, position.variants, position.out)
        found = propose(fewer, node_limit=_EXPLAIN_NODE_LIMIT)
        if found.status == "completable":
            assert found.completion is not None
            if _obeys(rules, fewer, found.completion):
                index += 1
                continue
        if found.status == "impossible":
            core, searched, selectors = trial, True, None
            continue
        answer = compiled.solve([*spec.always, *trial], spending)
        if answer.status == "unsat":
            assert answer.core is not None
            kept = set(answer.core)
            core = [literal for literal in trial if literal in kept]
            selectors = frozenset(answer.core) & pinned
        elif answer.status == "sat":
            index += 1
        else:
            minimal = False
            break
    if searched and selectors is None:
        confirmed = compiled.solve([*spec.always, *core], spending)
        if confirmed.status == "sat":  # the search and the solver disagree: trust the solver
            return compiled.minimal_core(pieces, fixed=spec.always, budget=spending), None
        if confirmed.status != "unsat":  # out of time: the solver's first core stands
            first_core = tuple(x for x in first.core if x not in pinned)
            return CoreResult("unsat", first_core, False), frozenset(first.core) & pinned
        assert confirmed.core is not None
        selectors = frozenset(confirmed.core) & pinned
    return CoreResult("unsat", tuple(core), minimal), selectors


def _cells_of(literals: list[int]) -> bytearray:
    """The board (81 colours, 0 empty) holding the pieces of piece ``literals``."""
    cells = bytearray(81)
    for literal in literals:
        cell, colour = divmod(literal - 1, 9)
        cells[cell] = colour + 1
    return cells


def _rules_core(
    spec: CompletionModel,
    compiled: Backend,
    core: tuple[int, ...],
    spending: Budget,
    start: frozenset[int] | None = None,
) -> tuple[list[str], bool]:
    """The rule groups ``core`` needs, by name, and whether they are known to be minimal.

    A rule that holds on every border alike (:attr:`CompletionModel.families`) is one
    group here, named once; the others are the guarded groups. Deletion-based with core
    refinement, as :meth:`~dokuspec.solvers.base.Backend.minimal_core`, over these groups.
    When the budget runs out, every group in force is named and the answer is not minimal.
    """
    in_family = {s: name for name, members in spec.families.items() for s in members}
    blocks: dict[str, tuple[int, ...]] = dict(spec.families)
    for selector, name in spec.rule_names.items():
        if selector not in in_family:
            blocks[name] = (selector,)
    if start is None:
        first = compiled.solve([*core, *spec.always], spending)
        if first.status != "unsat" or first.core is None:
            return sorted(blocks), False
        start = frozenset(first.core)
    used = set(start)
    kept = [name for name, members in blocks.items() if used.intersection(members)]
    index = 0
    while index < len(kept):
        trial = kept[:index] + kept[index + 1 :]
        selectors = [s for name in trial for s in blocks[name]]
        answer = compiled.solve([*core, *selectors], spending)
        if answer.status == "unsat":
            assert answer.core is not None
            used = set(answer.core)
            kept = [name for name in trial if used.intersection(blocks[name])]
        elif answer.status == "sat":
            index += 1
        else:
            return sorted(blocks), False
    return kept, True


@dataclass(frozen=True, slots=True)
class Count:
    """The answer of :func:`count_completions`.

    Attributes:
        count: completions found (distinct full boards).
        exact: whether ``count`` is every completion; false when the limit
            or the budget stopped the count (then "at least ``count``").
    """

    count: int
    exact: bool

    def __int__(self) -> int:
        return self.count


def count_completions(
    position: PositionLike,
    limit: int,
    *,
    backend: BackendName = "sat",
    solver: str | None = None,
    variants: Variants | None = None,
    time_limit: float | None = None,
    conflict_limit: int | None = None,
    budget: Budget | None = None,
) -> int:
    """How many different completions ``position`` has, counting at most ``limit``.

    A result below ``limit`` is exact unless a budget ran out; a result equal
    to ``limit`` means "at least ``limit``". A proper Sudoku puzzle has
    exactly one completion (``count_completions(p, 2) == 1``). With a budget,
    use :func:`count_completions_within`, which says whether the count is
    exact; this function raises rather than return a count cut short.

    With ``backend="sat"`` and the compiled search built, the search lists
    the completions (:func:`~dokuspec.sumodoku.search.propose_completions`);
    they are counted only when they all differ and each is certified by the
    full-board model's prohibitions (as :func:`check` certifies its
    proposals); otherwise, past the search's node limit, and when the search
    finds none (an impossible position, the solver's to say), the solver
    enumerates them (a fresh solver, blocking each completion found).
    Milliseconds for a thousand completions.

    Raises:
        TypeError: ``limit`` is not an int.
        DokuspecError: ``limit`` is not positive; or as :func:`check`.
        TimeoutError: the budget ran out before the count was known.
    """
    found = count_completions_within(
        position,
        limit,
        backend=backend,
        solver=solver,
        variants=variants,
        time_limit=time_limit,
        conflict_limit=conflict_limit,
        budget=budget,
    )
    if not found.exact and found.count < limit:
        raise TimeoutError(
            f"the budget ran out after {found.count} completion(s), before the count was known"
        )
    return found.count


def count_completions_within(
    position: PositionLike,
    limit: int,
    *,
    backend: BackendName = "sat",
    solver: str | None = None,
    variants: Variants | None = None,
    time_limit: float | None = None,
    conflict_limit: int | None = None,
    budget: Budget | None = None,
) -> Count:
    """Count completions of ``position`` up to ``limit`` within a budget.

    Returns:
        A :class:`Count`: ``exact`` when every completion was counted (fewer
        than ``limit`` exist); otherwise at least ``count`` exist (the limit
        was reached, or the budget ran out).

    Raises:
        As :func:`count_completions` (but never :class:`TimeoutError`).
    """
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise TypeError(f"limit must be a positive int, not {type(limit).__name__}")
    if limit < 1:
        raise DokuspecError(f"limit must be a positive integer, not {limit!r}")
    spending = as_budget(budget, time_limit=time_limit, conflict_limit=conflict_limit)
    position = _position(position, variants)
    check_backend(backend, solver)
    if COMPILED and backend == "sat" and not spending.exhausted():
        rules, solved = _full_board(position, solver or DEFAULT_SOLVER)
        solved.check_budget(spending)  # a budget the solver could not honour is refused alike
        proposed = propose_completions(position, limit)
        # Counted only when every proposal is a different completion, certified by the
        # spec's rules; otherwise (past the search's node limit, or with no completion at
        # all: "impossible" is the solver's to say, as in check) the solver counts.
        if (
            proposed
            and len(set(proposed)) == len(proposed)
            and _all_obey(rules, position, proposed)
        ):
            return Count(len(proposed), len(proposed) < limit)
    spec, compiled = compiled_model(position, backend, solver)
    empty = position.board.empty_cells()
    projection = [lit for i in empty for lit in spec.cells[i].literals]
    found = compiled.enumerate(
        projection, assumptions=spec.assumptions(position.board), limit=limit, budget=spending
    )
    return Count(len(found.solutions), found.complete)


def read_positions(
    lines: Iterable[str] | IO[bytes] | os.PathLike[str], *, source: str | None = None
) -> Iterator[tuple[int, Position]]:
    """Read positions from a file, a binary stream or lines of text, one at a time.

    The records (see :mod:`dokuspec.vocabulary.text` for decoding):

    * blank lines and lines starting with ``#`` are skipped;
    * a line starting with ``{`` is a position's JSON object, on that line;
    * a *grid line* is a row of a grid or a separator: a line holding a
      space, a tab or ``|`` between its first and last character, a line of
      only ``-``, ``+``, ``=`` and ``|``, or a line of at most 20 characters.
      Consecutive grid lines form one grid (so grids are separated by a
      blank line or a comment); it must have 9 rows of 9 cells;
    * any other line is a board of 81 cells on one line.

    Args:
        lines: a binary stream (decoded as UTF-8, a byte-order mark
            skipped), a path, or an iterable of text lines (a text file).
        source: the input's name in the messages (default: the path, the
            stream's name or ``"<input>"``).

    Yields:
        ``(line_number, position)`` pairs, in input order, as each record is
        read; the number is the record's first line (1-based).

    Raises:
        NotationError: the text is not a position, or is not UTF-8 text; the
            message starts with ``source:line:column:``.
        PositionError: a position cannot exist; the message starts with
            ``source:line:``.
        TypeError: ``lines`` is a single ``str`` or ``bytes``.
        OSError: the input cannot be read.
    """
    if source is not None and not isinstance(source, str):
        raise TypeError(f"source must be a str or None, not {type(source).__name__}")
    numbered = text.lines_of(lines, source=source)
    for record in text.records(numbered, block_line=_is_grid_line):
        try:
            position = Position.parse(record.text)
        except NotationError as error:
            raise record.locate(error) from None
        except DokuspecError as error:
            raise type(error)(f"{record.source}:{record.line}: {error}") from None
        yield record.line, position


_GRID_SEPARATOR = re.compile(r"[-+=|]+")

#: A line of at most this many characters is a grid row (9 cells, and room
#: for a mistyped row to be reported as a grid row, not as a board line).
_GRID_ROW_MAX = 20


def _is_grid_line(line: str) -> bool:
    content = line.strip(text.BLANK)
    if content.startswith("{"):
        return False
    return (
        len(content) <= _GRID_ROW_MAX
        or any(char in " \t|" for char in content)
        or _GRID_SEPARATOR.fullmatch(content) is not None
    )
