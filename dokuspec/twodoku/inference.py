"""Two-Doku's hidden information: what the face-down dominoes can be, from one view (TD-11).

The public queries on one player's view::

    >>> from dokuspec.twodoku.inference import infer_face_down    # doctest: +SKIP
    >>> inference = infer_face_down(view)                          # doctest: +SKIP
    >>> inference.digits(Square(4, 5)).possible                    # doctest: +SKIP
    (2, 3, 7)

* :func:`infer_face_down`: from one player's point of view (TD-11), the
  digits each face-down domino can still hold, each with a witness (a whole
  way the hidden dominoes can be that fits everything the player saw), and
  for planned plays whether they are certainly safe, certainly a hidden
  clash, or uncertain; :func:`assess_play` for one play.

Solver answers come from the models of
:mod:`dokuspec.spec.twodoku.position_models`, compiled once per process and
backend and kept in the shared cache (:data:`dokuspec.solvers.base.CACHE`):
facts, dominoes and links are assumptions of each query. A budget that runs
out gives undecided digits, never a guess; every witness is checked against
the direct reading of the facts before it is returned. Compiled solvers are
not thread-safe: use one process per worker.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from dokuspec.errors import PositionError, SolverError
from dokuspec.solvers import CACHE, Backend, Budget, as_budget
from dokuspec.spec.twodoku import facts as spec_facts
from dokuspec.spec.twodoku import position_models as spec_models
from dokuspec.spec.twodoku import positions as spec
from dokuspec.spec.twodoku.facts import FaceDownFacts, Fact
from dokuspec.spec.twodoku.position_models import CompletionModel, FaceDownModel, FaceDownVars
from dokuspec.twodoku.positions import (
    BackendName,
    PlayVerdict,
    PositionOrView,
    _Board,
    _check_backend,
    _check_subject,
    _player,
    _squares,
)
from dokuspec.vocabulary.twodoku import DIGITS, Dominoes, MemberError, Square, View

__all__ = [
    "FaceDownDigits",
    "Inference",
    "PlannedPlay",
    "Witness",
    "assess_play",
    "infer_face_down",
]


@dataclass(frozen=True, slots=True)
class Witness:
    """One way the hidden dominoes can be that fits everything the observer has seen.

    Attributes:
        face_down: a digit for every domino still face down, by square.
        opponent_pile: for a view, the opponent's pile as dealt that goes
            with these digits (the dominoes the observer did not see at the
            deal, less the face-down ones); ``None`` for a position.
    """

    face_down: Mapping[Square, int]
    opponent_pile: Dominoes | None


@dataclass(frozen=True, slots=True)
class FaceDownDigits:
    """What one face-down domino can hold.

    Attributes:
        square: where it lies.
        placed_by: who placed it (TD-3).
        possible: the digits it can hold, each proven by a witness.
        impossible: the digits it cannot hold (proven by the solver, or ruled out by
            a single fact).
        undecided: digits neither proven possible nor impossible before
            the budget ran out (empty when the answer is complete).
        witnesses: for each possible digit, a :class:`Witness` in which
            this domino holds it.
        reasons: with ``explain``, for each impossible digit, the reasons of
            a set of facts that rule it out together (a minimal one when
            ``explained_minimal``); otherwise empty.
    """

    square: Square
    placed_by: str
    possible: tuple[int, ...]
    impossible: tuple[int, ...]
    undecided: tuple[int, ...]
    witnesses: Mapping[int, Witness]
    reasons: Mapping[int, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PlannedPlay:
    """What a planned play will do, as far as the observer can know (TD-7, TD-8, TD-17).

    Attributes:
        square: where.
        digit: the digit played.
        verdict: see :data:`PlayVerdict`.
        against: for ``"clash"``, the face-up dominoes it clashes with;
            otherwise the face-down dominoes in its row, column and box that
            can hold the digit (possible or undecided), sorted.
        succeeds: a witness in which no face-down domino it meets holds the
            digit (the play is placed), when one was found.
        fails: a witness in which one does (a hidden clash), when one was found.
    """

    square: Square
    digit: int
    verdict: PlayVerdict
    against: tuple[Square, ...] = ()
    succeeds: Witness | None = None
    fails: Witness | None = None


@dataclass(frozen=True, slots=True)
class Inference:
    """The answer of :func:`infer_face_down`.

    Attributes:
        observer: whose view (``None`` for a position).
        dominoes: the dominoes still face down, by square.
        plays: the planned plays, in the order asked.
        facts: the reasons of every fact the answer rests on (see
            :mod:`dokuspec.spec.twodoku.positions`).
        complete: whether every digit of every domino is decided.
        backend: the backend that answered.
        solver_calls: how many solver queries were made (a minimal core,
            with ``explain``, counts as one).
    """

    observer: str | None
    dominoes: tuple[FaceDownDigits, ...]
    plays: tuple[PlannedPlay, ...]
    facts: tuple[str, ...]
    complete: bool
    backend: str
    solver_calls: int

    def digits(self, square: Square) -> FaceDownDigits:
        """The face-down domino on ``square``.

        Raises:
            PositionError: no domino is face down on ``square``.
        """
        for domino in self.dominoes:
            if domino.square == square:
                return domino
        raise PositionError(f"no domino is face down on {square}")


def _facts(
    position: PositionOrView, max_digit_count_gap: int | None, equal_high_count: bool
) -> FaceDownFacts:
    if isinstance(position, View):
        return spec_facts.view_facts(
            position, max_digit_count_gap=max_digit_count_gap, equal_high_count=equal_high_count
        )
    if max_digit_count_gap is not None or equal_high_count:
        raise PositionError("balance options need a view: a position has no deal to balance")
    return spec_facts.position_facts(position)


def _face_down_backend(n: int, backend: str) -> tuple[FaceDownModel, Backend]:
    model, compiled = CACHE.get(
        ("twodoku", "face-down", n),
        lambda: spec_models.face_down_model(n),
        lambda m: m.model,
        backend,
    )
    assert isinstance(model, FaceDownModel)
    return model, compiled


def _completion_backend(n: int, backend: str) -> tuple[CompletionModel, Backend]:
    model, compiled = CACHE.get(
        ("twodoku", "completion", n),
        lambda: spec_models.completion_model(n),
        lambda m: m.model,
        backend,
    )
    assert isinstance(model, CompletionModel)
    return model, compiled


class _Worlds:
    """Witnesses for one set of facts: digits read from models, checked, and turned into values."""

    def __init__(self, facts: FaceDownFacts, variables: FaceDownVars) -> None:
        self.facts = facts
        self.vars = variables
        self.hidden = facts.hidden_dominoes()
        self.known = frozenset(f.domino for f in facts.facts if f.kind == "digit")
        self._witnesses: dict[tuple[int, ...], Witness] = {}

    def digits(
        self, model: Sequence[int], variables: FaceDownVars | None = None
    ) -> tuple[int, ...]:
        """The face-down digits of a solver model, checked against every fact."""
        digits = (variables or self.vars).assignment(model)
        if not self.facts.satisfied_by(digits):  # pragma: no cover - a solver fault
            raise SolverError("the solver proposed face-down digits that break a fact")
        return digits

    def witness(self, digits: tuple[int, ...]) -> Witness:
        """The witness of one assignment (one object per assignment)."""
        found = self._witnesses.get(digits)
        if found is None:
            found = self._witnesses[digits] = self._make_witness(digits)
        return found

    def _make_witness(self, digits: Sequence[int]) -> Witness:
        face_down = {Square.from_index(self.facts.squares[k]): digits[k] for k in self.hidden}
        opponent = None
        if self.facts.unseen is not None:
            counts = list(self.facts.unseen)
            for digit in digits:
                counts[digit - 1] -= 1
            opponent = Dominoes.from_counts(counts)
        return Witness(face_down, opponent)


def _inconsistent(
    compiled: Backend, assumptions: list[int], meaning: Mapping[int, Fact], budget: Budget
) -> MemberError:
    """The error for facts no assignment obeys, naming a small set of them (at ``$``)."""
    core = compiled.minimal_core(assumptions, budget=budget)
    named = core.core if core.status == "unsat" and core.core is not None else tuple(assumptions)
    reasons = list(dict.fromkeys(meaning[literal].reason for literal in named))
    return MemberError(
        (), "no deal and no face-down digits fit everything seen: " + "; ".join(reasons)
    )


def _domains(facts: FaceDownFacts) -> list[set[int]]:
    """Each face-down domino's digits by single facts: its own (revealed, ruled out) and a
    digit no face-down domino may hold (at most 0 of it)."""
    domains = [set(DIGITS) for _ in range(facts.count)]
    for fact in facts.facts:
        if fact.digit is None:
            continue
        if fact.kind == "at-most" and fact.count is not None and fact.count <= 0:
            for domain in domains:
                domain.discard(fact.digit)
        elif fact.domino is None:
            continue
        elif fact.kind == "digit":
            domains[fact.domino] &= {fact.digit}
        elif fact.kind == "not-digit":
            domains[fact.domino].discard(fact.digit)
    return domains


def _exchanged_witnesses(
    digits: tuple[int, ...],
    hidden: Sequence[int],
    facts: FaceDownFacts,
    domains: Sequence[set[int]],
    witnesses: dict[tuple[int, int], tuple[int, ...]],
) -> None:
    """More witnesses from one assignment, without the solver: two face-down dominoes'
    digits exchanged keep every count and the total (the facts about counts), so the
    exchange obeys every fact when each digit is in the other domino's domain. Each
    assignment recorded is checked against every fact all the same."""
    for at, i in enumerate(hidden):
        for j in hidden[at + 1 :]:
            first, second = digits[i], digits[j]
            if first == second or ((i, second) in witnesses and (j, first) in witnesses):
                continue
            if second not in domains[i] or first not in domains[j]:
                continue
            exchanged = list(digits)
            exchanged[i], exchanged[j] = second, first
            found = tuple(exchanged)
            if not facts.satisfied_by(found):  # pragma: no cover - the facts count digits
                raise SolverError("an exchange of two face-down digits broke a fact")
            witnesses.setdefault((i, second), found)
            witnesses.setdefault((j, first), found)


class _Search:
    """The solver queries of :func:`infer_face_down` for one set of facts: which
    (domino, digit) pairs a solution witnesses, which are left undecided, the
    solutions found and the queries made (see :func:`infer_face_down`).

    Raises:
        MemberError: facts that no deal fits.
    """

    def __init__(self, facts: FaceDownFacts, backend: str, spending: Budget) -> None:
        model, compiled = _face_down_backend(facts.count, backend)
        variables = model.vars
        worlds = _Worlds(facts, variables)
        assumptions, meaning = variables.assumptions(facts)
        self.compiled, self.variables, self.worlds = compiled, variables, worlds
        self.assumptions, self.meaning = assumptions, meaning
        hidden = worlds.hidden
        witnesses: dict[tuple[int, int], tuple[int, ...]] = {}
        solutions: list[tuple[int, ...]] = []
        undecided: set[tuple[int, int]] = set()
        calls = 0
        pairs = [(k, d) for k in hidden for d in DIGITS]
        domains = _domains(facts)
        for at, (k, digit) in enumerate(pairs):
            if (k, digit) in witnesses:
                continue
            if digit not in domains[k]:
                # A fact rules the digit out on its own: no query.
                if k == hidden[0] and digit == 9 and not solutions:
                    raise _inconsistent(compiled, assumptions, meaning, spending)
                continue
            answer = compiled.solve([*assumptions, variables.literal(k, digit)], spending)
            calls += 1
            if answer.status == "unknown":
                undecided = {
                    (j, d) for j, d in pairs[at:] if (j, d) not in witnesses and d in domains[j]
                }
                break
            if answer.status == "sat":
                assert answer.model is not None
                digits = worlds.digits(answer.model)
                solutions.append(digits)
                for j in hidden:
                    witnesses.setdefault((j, digits[j]), digits)
                _exchanged_witnesses(digits, hidden, facts, domains, witnesses)
            elif k == hidden[0] and digit == 9 and not solutions:
                # No digit at all for the first domino: no assignment obeys the facts.
                raise _inconsistent(compiled, assumptions, meaning, spending)
        if not hidden:
            # Nothing is face down: the facts are still checked for consistency.
            answer = compiled.solve(assumptions, spending)
            calls += 1
            if answer.status == "unsat":
                raise _inconsistent(compiled, assumptions, meaning, spending)
            if answer.status == "sat":
                assert answer.model is not None
                solutions.append(worlds.digits(answer.model))
        self.witnesses, self.undecided = witnesses, undecided
        self.solutions, self.calls = solutions, calls


def _digits_left(
    view: View, *, backend: BackendName = "sat", budget: Budget
) -> dict[int, frozenset[int]]:
    """The digits each face-down domino of ``view`` can still hold or is left undecided
    on, by the index of its square: what :func:`infer_face_down` answers as
    ``possible + undecided``, without building its witnesses (for agents).

    Raises:
        As :func:`infer_face_down`.
    """
    search = _Search(_facts(view, None, False), backend, budget)
    squares = search.worlds.facts.squares
    found = {}
    for k in search.worlds.hidden:
        found[squares[k]] = frozenset(
            d for d in DIGITS if (k, d) in search.witnesses or (k, d) in search.undecided
        )
    return found


def infer_face_down(
    view: PositionOrView,
    *,
    plays: Iterable[tuple[Square, int]] = (),
    backend: BackendName = "sat",
    budget: Budget | None = None,
    max_digit_count_gap: int | None = None,
    equal_high_count: bool = False,
    explain: bool = False,
) -> Inference:
    """The digits each face-down domino can still hold, from the observer's point of view (TD-11).

    Everything the view implies is used (the facts of
    :func:`dokuspec.spec.twodoku.facts.view_facts`): the ten of each
    digit, the observer's initial pile and the initial pot, the fair deal
    (TD-4), the opponent's initial pile (it held every domino the opponent
    showed beyond what they took), every successful play (no face-down
    domino then in its row, column or box held its digit) and every reveal.
    A :class:`~dokuspec.twodoku.Position` with unknown face-down digits is answered from the
    dominoes in sight (TD-1) alone.

    One model answers for many digits: each solution found witnesses every
    (domino, digit) pair it contains, and every exchange of two dominoes'
    digits in it that their own facts allow (an exchange keeps every count
    and the total) witnesses two more, so a query is made only for a pair no
    solution has witnessed yet and no single fact rules out: under the facts
    and "this domino holds this digit", a solution witnesses it and more; no
    solution proves it impossible. When the budget runs out the pairs left
    are undecided.

    Args:
        view: a :class:`View` from the play phase or later, or a
            :class:`~dokuspec.twodoku.Position`.
        plays: planned plays ``(square, digit)`` by the observer (by the
            player to move for a position) to assess: see :data:`PlayVerdict`.
        backend: ``"sat"`` or ``"z3"``.
        budget: limits for the whole call (:class:`~dokuspec.solvers.Budget`).
        max_digit_count_gap: the deal's balance option, if the game used
            it (TD-15); views only.
        equal_high_count: whether the deal balanced 7s, 8s and 9s (TD-15);
            views only.
        explain: for each impossible digit, also find the facts that rule
            it out (one minimal unsat core per digit: slower).

    Returns:
        An :class:`Inference`.

    Raises:
        TypeError: an argument of the wrong type.
        MemberError: (a :class:`~dokuspec.errors.PositionError`) a view
            from before the deal, a view no game can show
            (:func:`~dokuspec.twodoku.check_view`), or facts that no deal fits (the message
            names them, at ``$``).
        PositionError: a planned play on a square that is not empty, or
            balance options with a position.
        SolverError: an unknown backend.
    """
    _check_subject(view)
    _check_backend(backend)
    spending = as_budget(budget)
    if not isinstance(explain, bool):
        raise TypeError(f"explain must be a bool, not {type(explain).__name__}")
    planned = _planned(view, plays)
    facts = _facts(view, max_digit_count_gap, equal_high_count)
    search = _Search(facts, backend, spending)
    compiled, variables, worlds = search.compiled, search.variables, search.worlds
    assumptions, meaning = search.assumptions, search.meaning
    hidden, witnesses, undecided = worlds.hidden, search.witnesses, search.undecided
    solutions, calls = search.solutions, search.calls
    dominoes = []
    face_down = {f.square: f for f in view.face_down}
    for k in hidden:
        square = Square.from_index(facts.squares[k])
        possible = tuple(d for d in DIGITS if (k, d) in witnesses)
        open_digits = tuple(d for d in DIGITS if (k, d) in undecided)
        impossible = tuple(d for d in DIGITS if d not in possible and d not in open_digits)
        reasons: dict[int, tuple[str, ...]] = {}
        if explain:
            for digit in impossible:
                core = compiled.minimal_core(
                    assumptions, fixed=[variables.literal(k, digit)], budget=spending
                )
                calls += 1
                if core.status == "unsat" and core.core is not None:
                    reasons[digit] = tuple(
                        dict.fromkeys(meaning[literal].reason for literal in core.core)
                    )
        dominoes.append(
            FaceDownDigits(
                square,
                face_down[square].placed_by,
                possible,
                impossible,
                open_digits,
                {d: worlds.witness(witnesses[(k, d)]) for d in possible},
                reasons,
            )
        )
    assessed = []
    for square, digit in planned:
        verdict, more = _assess(
            view,
            square,
            digit,
            facts,
            worlds,
            compiled,
            assumptions,
            witnesses,
            undecided,
            solutions,
            spending,
        )
        calls += more
        assessed.append(verdict)
    return Inference(
        view.player if isinstance(view, View) else None,
        tuple(dominoes),
        tuple(assessed),
        tuple(dict.fromkeys(fact.reason for fact in facts.facts)),
        not undecided,
        compiled.name,
        calls,
    )


def _planned(view: PositionOrView, plays: Iterable[tuple[Square, int]]) -> list[tuple[Square, int]]:
    if isinstance(plays, str | bytes) or not isinstance(plays, Iterable):
        raise TypeError(
            f"plays is an iterable of (Square, digit) pairs, not {type(plays).__name__}"
        )
    board = _Board.of(view)
    empty = board.empty()
    checked = []
    for item in plays:
        if not (isinstance(item, tuple) and len(item) == 2):
            raise TypeError(f"a planned play is a (Square, digit) pair, not {item!r}")
        square, digit = item
        if not isinstance(square, Square):
            raise TypeError(f"a planned play's square is a Square, not {type(square).__name__}")
        if isinstance(digit, bool) or not isinstance(digit, int):
            raise TypeError(f"a planned play's digit is an int, not {type(digit).__name__}")
        if digit not in DIGITS:
            raise PositionError(f"a planned play's digit is 1-9, not {digit}")
        if square.index not in empty:
            raise PositionError(f"{square} is not empty: no domino can be played there (TD-6)")
        checked.append((square, digit))
    return checked


def _assess(
    view: PositionOrView,
    square: Square,
    digit: int,
    facts: FaceDownFacts,
    worlds: _Worlds,
    compiled: Backend,
    assumptions: list[int],
    witnesses: Mapping[tuple[int, int], tuple[int, ...]],
    undecided: set[tuple[int, int]],
    solutions: Sequence[tuple[int, ...]],
    budget: Budget,
) -> tuple[PlannedPlay, int]:
    """The verdict on one planned play, and how many solver queries it took."""
    board = _Board.of(view)
    _, allowed = board.allowed(_player(view, None))
    if square.index not in allowed:
        return PlannedPlay(square, digit, "not-allowed"), 0
    against = spec.visible_clashes(board.face_up, square.index, digit)
    if against:
        return PlannedPlay(square, digit, "clash", _squares(against)), 0
    index_of = {s: k for k, s in enumerate(facts.squares)}
    peers = [index_of[s] for s in spec.face_down_peers(board.face_down, square.index)]
    suspects = [k for k in peers if (k, digit) in witnesses or (k, digit) in undecided]
    named = _squares(sorted(facts.squares[k] for k in suspects))
    if not suspects:  # every peer is proven not to hold the digit
        succeeds = worlds.witness(solutions[0]) if solutions else None
        return PlannedPlay(square, digit, "safe", (), succeeds, None), 0
    clash = next((witnesses[(k, digit)] for k in suspects if (k, digit) in witnesses), None)
    free = next((s for s in solutions if all(s[k] != digit for k in peers)), None)
    variables = worlds.vars
    queries = 0
    if free is None:
        answer = compiled.solve(
            [*assumptions, *(-variables.literal(k, digit) for k in peers)], budget
        )
        queries += 1
        if answer.status == "unsat" and solutions:
            # Every world has a clash; any solution found is one.
            clash = clash if clash is not None else solutions[0]
            return PlannedPlay(square, digit, "hidden-clash", named, None, worlds.witness(clash)), 1
        if answer.status != "sat":
            fails = None if clash is None else worlds.witness(clash)
            return PlannedPlay(square, digit, "unknown", named, None, fails), queries
        assert answer.model is not None
        free = worlds.digits(answer.model)
    if clash is None:
        wanted = {(k, digit) for k in peers}
        answer = compiled.solve(
            [
                *assumptions,
                variables.some_wanted,
                *(
                    -variables.wanted[k][d - 1]
                    for k in range(facts.count)
                    for d in DIGITS
                    if (k, d) not in wanted
                ),
            ],
            budget,
        )
        queries += 1
        if answer.status == "unsat":
            return PlannedPlay(square, digit, "safe", (), worlds.witness(free), None), queries
        if answer.status == "unknown":
            return PlannedPlay(square, digit, "unknown", named, worlds.witness(free)), queries
        assert answer.model is not None
        clash = worlds.digits(answer.model)
    return (
        PlannedPlay(square, digit, "uncertain", named, worlds.witness(free), worlds.witness(clash)),
        queries,
    )


def assess_play(
    view: PositionOrView,
    square: Square,
    digit: int,
    *,
    backend: BackendName = "sat",
    budget: Budget | None = None,
    max_digit_count_gap: int | None = None,
    equal_high_count: bool = False,
) -> PlannedPlay:
    """What playing ``digit`` on ``square`` will do, from the observer's point of view.

    The observer of a view plays (the player to move for a position). See
    :func:`infer_face_down`, whose ``plays`` this is, and :data:`PlayVerdict`.

    Raises:
        As :func:`infer_face_down`.
    """
    inference = infer_face_down(
        view,
        plays=[(square, digit)],
        backend=backend,
        budget=budget,
        max_digit_count_gap=max_digit_count_gap,
        equal_high_count=equal_high_count,
    )
    return inference.plays[0]
