"""Two-Doku positions: where a domino may go, what the face-down ones can be, and completion.

The public queries on one position or one player's view (TD-6 to TD-11)::

    >>> from dokuspec.twodoku.positions import infer_face_down   # doctest: +SKIP
    >>> inference = infer_face_down(view)                          # doctest: +SKIP
    >>> inference.digits(Square(4, 5)).possible                    # doctest: +SKIP
    (2, 3, 7)

* :func:`allowed_squares` and :func:`valid_plays`: where a player may play
  now (TD-7) and which digits of their pile clash there with a face-up
  domino (TD-8), read directly off the visible board;
* :func:`infer_face_down`: from one player's point of view (TD-11), the
  digits each face-down domino can still hold, each with a witness (a whole
  way the hidden dominoes can be that fits everything the player saw), and
  for planned plays whether they are certainly safe, certainly a hidden
  clash, or uncertain; :func:`assess_play` for one play;
* :func:`completable`: whether the board can still be filled to a full
  valid Sudoku keeping every domino where it is, with a completion as
  witness; with face-down digits unknown, whether *some* and whether
  *every* consistent assignment of them allows one.

Solver answers come from the models of :mod:`dokuspec.spec.twodoku.positions`,
compiled once per process and backend and kept in the shared cache
(:data:`dokuspec.solvers.base.CACHE`): facts, dominoes and links are
assumptions of each query. A budget that runs out gives ``"unknown"`` (or
undecided digits), never a guess; every witness is checked against the
direct reading of the facts, and every completion against the Sudoku rule,
before it is returned. Compiled solvers are not thread-safe: use one process
per worker.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from dokuspec.errors import PositionError, SolverError, quote
from dokuspec.solvers import CACHE, Backend, Budget, as_budget
from dokuspec.spec.twodoku import facts as spec_facts
from dokuspec.spec.twodoku import position_models as spec_models
from dokuspec.spec.twodoku import positions as spec
from dokuspec.spec.twodoku.facts import FaceDownFacts, Fact
from dokuspec.spec.twodoku.position_models import CompletionModel, FaceDownModel, FaceDownVars
from dokuspec.spec.twodoku.positions import Tier
from dokuspec.vocabulary.twodoku import (
    DIGITS,
    PLAYERS,
    Dominoes,
    MemberError,
    Position,
    Square,
    View,
    other_player,
    player_name,
)

__all__ = [
    "Answer",
    "BackendName",
    "Completability",
    "CompletionStatus",
    "FaceDownDigits",
    "Inference",
    "PlannedPlay",
    "PlayVerdict",
    "Tier",
    "ValidPlays",
    "VisibleClash",
    "Witness",
    "allowed_squares",
    "assess_play",
    "check_view",
    "completable",
    "infer_face_down",
    "valid_plays",
]

BackendName: TypeAlias = Literal["sat", "z3"]
"""A solver backend, python-sat (CNF, CaDiCaL) or Z3."""

PositionOrView: TypeAlias = Position | View

PlayVerdict: TypeAlias = Literal[
    "safe", "hidden-clash", "uncertain", "clash", "not-allowed", "unknown"
]
"""What a planned play will do (TD-7, TD-8, ruling TD-17).

``"not-allowed"``: TD-7 forbids the square (the play fails, nothing is
revealed); ``"clash"``: a face-up domino in its row, column or box holds the
digit (the play fails, nothing is revealed); otherwise, over every way the
face-down digits can be: ``"safe"``: no face-down domino it would meet holds
the digit, the play succeeds; ``"hidden-clash"``: one always does, the play
fails and reveals one; ``"uncertain"``: it depends; ``"unknown"``: the
budget ran out first.
"""

Answer: TypeAlias = Literal["yes", "no", "unknown"]
"""A proven yes, a proven no, or unknown (the budget ran out)."""


def _check_backend(backend: object) -> None:
    if not isinstance(backend, str):
        raise TypeError(f"backend must be a str, not {type(backend).__name__}")
    if backend not in ("sat", "z3"):
        raise SolverError(f"unknown backend {quote(backend)}; choose 'sat' or 'z3'")


def _check_subject(position: object) -> None:
    if not isinstance(position, Position | View):
        raise TypeError(f"expected a Position or a View, not {type(position).__name__}")


def _player(position: PositionOrView, player: object) -> str:
    if player is None:
        player = position.player if isinstance(position, View) else position.to_move
        if player is None:
            raise PositionError("nobody is to move in this position: name the player")
    if not isinstance(player, str):
        raise TypeError(f"player must be 'red' or 'blue', not {type(player).__name__}")
    if player not in PLAYERS:
        raise PositionError(f"player is 'red' or 'blue', not {quote(player)}")
    return player


@dataclass(frozen=True, slots=True)
class _Board:
    """The visible board as plain data: colourings, face-up digits, face-down squares."""

    colours: Mapping[str, frozenset[int]]
    face_up: Mapping[int, int]
    face_down: frozenset[int]

    @classmethod
    def of(cls, position: PositionOrView) -> _Board:
        if isinstance(position, View):
            red, blue = position.red_squares, position.blue_squares
        else:
            red, blue = position.colouring.red, position.colouring.blue
        return cls(
            {"red": frozenset(s.index for s in red), "blue": frozenset(s.index for s in blue)},
            {s.index: d for s, d in position.face_up.items()},
            frozenset(f.square.index for f in position.face_down),
        )

    def empty(self) -> set[int]:
        return set(range(81)) - set(self.face_up) - self.face_down

    def allowed(self, player: str) -> tuple[Tier | None, tuple[int, ...]]:
        return spec.allowed_squares(
            self.empty(), self.colours[player], self.colours[other_player(player)]
        )


def _squares(indices: Iterable[int]) -> tuple[Square, ...]:
    return tuple(Square.from_index(i) for i in indices)


# -- what a view must agree with -------------------------------------------------------------------


def check_view(view: View) -> None:
    """Refuse a view that no game of Two-Doku can show its player (TD-2 to TD-9, TD-11).

    Its phase, whose turn it is, its events and its board must agree with
    each other and with the rules: each condition is listed at
    :func:`dokuspec.spec.twodoku.positions.check_view`, which this is.
    :func:`infer_face_down` checks a view this way before it answers.

    Args:
        view: a :class:`View`, as the engine shows it or read from JSON.

    Raises:
        TypeError: ``view`` is not a View.
        MemberError: (a :class:`~dokuspec.errors.PositionError`) naming the
            member at fault by its JSON path (``$.to_move``,
            ``$.events[4].result``) and why; :meth:`MemberError.located`
            places it in the JSON text the view was read from (line and
            column).
    """
    spec.check_view(view)


# -- where a domino may go -------------------------------------------------------------------------


def allowed_squares(
    position: PositionOrView, player: str | None = None
) -> tuple[Tier | None, tuple[Square, ...]]:
    """Where ``player`` may play now (TD-7).

    Args:
        position: a :class:`Position` or a :class:`View`.
        player: ``"red"`` or ``"blue"``; by default the view's player, or the
            position's player to move.

    Returns:
        ``(tier, squares)``: ``"own"`` while an empty square carries the
        player's colour (a square with both colours counts for both), then
        ``"white"`` (empty squares of neither colour), then ``"any"``; the
        squares sorted. ``(None, ())`` when no square is empty.

    Raises:
        TypeError: an argument of the wrong type.
        PositionError: ``player`` is not a player, or none is given and
            nobody is to move; a view no game can show (:func:`check_view`).
    """
    _check_subject(position)
    if isinstance(position, View):
        spec.check_view(position)
    who = _player(position, player)
    tier, allowed = _Board.of(position).allowed(who)
    return tier, _squares(allowed)


@dataclass(frozen=True, slots=True)
class VisibleClash:
    """A digit that clashes with face-up dominoes on a square TD-7 allows (TD-8).

    Attributes:
        square: where it would be played.
        digit: the digit.
        against: the face-up dominoes of that digit in the square's row,
            column and box, sorted.
    """

    square: Square
    digit: int
    against: tuple[Square, ...]


@dataclass(frozen=True, slots=True)
class ValidPlays:
    """Where each domino of a pile may go now, as far as the visible board tells (TD-7, TD-8).

    Attributes:
        player: whose pile.
        pile: the pile.
        tier: which clause of TD-7 applies (``"own"``, ``"white"``, ``"any"``),
            or ``None`` when no square is empty.
        allowed: the squares TD-7 allows now, sorted; a play anywhere else
            fails as ``"not-allowed"`` (ruling TD-17).
        plays: for each distinct digit of the pile, the allowed squares
            where no face-up domino clashes with it, sorted. Such a play
            succeeds unless a face-down domino holds the digit
            (:func:`infer_face_down` says whether one can).
        clashes: every allowed square and digit of the pile that clashes
            with a face-up domino (the play fails, nothing is revealed),
            by square, then digit.
    """

    player: str
    pile: Dominoes
    tier: Tier | None
    allowed: tuple[Square, ...]
    plays: Mapping[int, tuple[Square, ...]]
    clashes: tuple[VisibleClash, ...]

    def moves(self) -> tuple[tuple[Square, int], ...]:
        """Every ``(square, digit)`` of :attr:`plays`, by square, then digit."""
        return tuple(sorted((s, d) for d, squares in self.plays.items() for s in squares))


def valid_plays(position: PositionOrView, player: str | None = None) -> ValidPlays:
    """Where each domino of ``player``'s pile may go now (TD-7, TD-8 on the visible board).

    Args:
        position: a :class:`Position` (the player's pile must be known) or
            a :class:`View` (of that player: the other pile is hidden, TD-11).
        player: ``"red"`` or ``"blue"``; by default the view's player, or the
            position's player to move.

    Returns:
        A :class:`ValidPlays`.

    Raises:
        TypeError: an argument of the wrong type.
        PositionError: ``player`` is not a player, or their pile is not
            known to ``position``; a view no game can show (:func:`check_view`).
    """
    _check_subject(position)
    if isinstance(position, View):
        spec.check_view(position)
    who = _player(position, player)
    if isinstance(position, View):
        if who != position.player:
            viewer = player_name(position.player)
            raise PositionError(
                f"{player_name(who)}'s pile is hidden from {viewer} (TD-11): "
                f"ask {viewer}'s view about {viewer}"
            )
        pile = position.pile
    else:
        known = position.pile(who)
        if known is None:
            raise PositionError(f"{player_name(who)}'s pile is not known in this position")
        pile = known
    board = _Board.of(position)
    tier, allowed = board.allowed(who)
    plays: dict[int, tuple[Square, ...]] = {}
    clashes: list[VisibleClash] = []
    for digit in pile.distinct():
        free = []
        for square in allowed:
            against = spec.visible_clashes(board.face_up, square, digit)
            if against:
                clashes.append(VisibleClash(Square.from_index(square), digit, _squares(against)))
            else:
                free.append(square)
        plays[digit] = _squares(free)
    clashes.sort(key=lambda c: (c.square, c.digit))
    return ValidPlays(who, pile, tier, _squares(allowed), plays, tuple(clashes))


# -- the face-down digits ------------------------------------------------------------------------


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
        impossible: the digits it cannot hold (proven by the solver).
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
    A :class:`Position` with unknown face-down digits is answered from the
    dominoes in sight (TD-1) alone.

    One model answers for many digits: each solution found witnesses every
    (domino, digit) pair it contains, so a query is made only for a pair no
    solution has witnessed yet: under the facts and "this domino holds this
    digit", a solution witnesses it and more; no solution proves it
    impossible. When the budget runs out the pairs left are undecided.

    Args:
        view: a :class:`View` from the play phase or later, or a :class:`Position`.
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
            (:func:`check_view`), or facts that no deal fits (the message
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
    model, compiled = _face_down_backend(facts.count, backend)
    variables = model.vars
    worlds = _Worlds(facts, variables)
    assumptions, meaning = variables.assumptions(facts)
    hidden = worlds.hidden
    witnesses: dict[tuple[int, int], tuple[int, ...]] = {}
    solutions: list[tuple[int, ...]] = []
    undecided: set[tuple[int, int]] = set()
    calls = 0
    pairs = [(k, d) for k in hidden for d in DIGITS]
    for at, (k, digit) in enumerate(pairs):
        if (k, digit) in witnesses:
            continue
        answer = compiled.solve([*assumptions, variables.literal(k, digit)], spending)
        calls += 1
        if answer.status == "unknown":
            undecided = {pair for pair in pairs[at:] if pair not in witnesses}
            break
        if answer.status == "sat":
            assert answer.model is not None
            digits = worlds.digits(answer.model)
            solutions.append(digits)
            for j in hidden:
                witnesses.setdefault((j, digits[j]), digits)
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


# -- completion -----------------------------------------------------------------------------------

CompletionStatus: TypeAlias = Literal["completable", "impossible", "depends", "unknown"]
"""The summary of a :class:`Completability`."""


@dataclass(frozen=True, slots=True)
class Completability:
    """The answer of :func:`completable`.

    With every face-down digit known, ``some`` and ``every`` are the same
    answer. With some unknown (a view, or a position with digits ``None``),
    they quantify over the *consistent* assignments of the unknown digits:
    those that fit the facts (:func:`infer_face_down`).

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
    """

    status: CompletionStatus
    some: Answer
    every: Answer
    hidden: tuple[Square, ...]
    completion: Mapping[Square, int] | None
    counterexample: Mapping[Square, int] | None
    assignments_checked: int
    backend: str


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
) -> Completability:
    """Can the board still be filled to a full valid Sudoku, keeping every domino where it is?

    Every domino on the board stays: face-up ones and face-down ones alike
    (two face-down dominoes of one digit in a row, column or box make it
    impossible). TD-1's supply never binds: a full board holds nine of each
    digit and the game has ten.

    With face-down digits unknown, two questions are answered, over the
    assignments of those digits that fit the facts (for a view, everything
    its player has seen, as :func:`infer_face_down`; for a position, the
    dominoes in sight): ``some`` by one query on the joint model; ``every``
    by looking first for an assignment that puts two equal digits in a row,
    column or box (a counterexample at once), then by checking the
    consistent assignments one by one, up to ``limit`` of them.

    Args:
        position: a :class:`Position` (face-down digits known or ``None``)
            or a :class:`View`.
        backend: ``"sat"`` or ``"z3"``.
        budget: limits for the whole call (:class:`~dokuspec.solvers.Budget`).
        limit: at most this many assignments are checked one by one for
            ``every`` (``None``: all of them, which can take very long);
            beyond it ``every`` is ``"unknown"``.
        max_digit_count_gap: the deal's balance option (TD-15); views only.
        equal_high_count: the deal's balance option (TD-15); views only.

    Returns:
        A :class:`Completability`.

    Raises:
        TypeError: an argument of the wrong type.
        PositionError: as :func:`infer_face_down` (a view from before the
            deal, a record the rules do not allow, facts no deal fits), or
            ``limit`` not positive.
        SolverError: an unknown backend.
    """
    _check_subject(position)
    _check_backend(backend)
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
        answer = compiled.solve([plain.cell_literal(i, d) for i, d in fixed.items()], spending)
        found: Answer = {"sat": "yes", "unsat": "no", "unknown": "unknown"}[answer.status]  # type: ignore[assignment]
        completion = None
        if answer.model is not None:
            completion = _full_board(plain.board_of(answer.model), fixed)
        return Completability(
            _status(found, found), found, found, (), completion, None, 0, compiled.name
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
    answer = compiled.solve(
        [
            *(joint.cell_literal(i, d) for i, d in board.face_up.items()),
            *joint_assumptions,
            *links,
        ],
        spending,
    )
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
