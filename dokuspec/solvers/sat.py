"""The SAT backend: a model compiled to CNF and solved by python-sat.

Compilation (each group's clauses get ``-selector`` appended when guarded):

* :class:`~dokuspec.spec.model.Clause`: as is.
* :class:`~dokuspec.spec.model.Cardinality`: at most one of up to
  :data:`PAIRWISE_LIMIT` literals (the common case: one value per cell, one
  cell per colour in a row) is the pairwise encoding, which needs no
  auxiliary variable and propagates best; larger bounds use the totalizer of
  :mod:`pysat.card`.
* :class:`~dokuspec.spec.model.PseudoBoolean`: normalised to positive
  coefficients; all-ones is a cardinality constraint, the rest is encoded by
  :mod:`pysat.pb` (``EncType.best``).
* :class:`~dokuspec.spec.model.Table`: binary tables by the support encoding
  (for each value of one variable, a clause listing its supports in the
  other), which unit propagation keeps arc consistent; larger tables by one
  selector variable per allowed tuple; forbidden tuples by one clause each.

The solver is incremental: one compiled formula answers many queries under
assumptions, and learnt clauses carry over. The default solver is CaDiCaL
1.9.5 (``"cadical195"``); any name python-sat knows may be given.

Budgets. A conflict limit is python-sat's conflict budget of one call
(:meth:`~pysat.solvers.Solver.conf_budget`, then
:meth:`~pysat.solvers.Solver.solve_limited`). A time
limit is enforced in one of two ways, by solver: solvers that release the
GIL and support :meth:`~pysat.solvers.Solver.interrupt` (Glucose, MiniSat,
MapleSAT, ...) are interrupted on time by a watchdog thread; CaDiCaL, which
holds the GIL and cannot be interrupted, runs in slices of conflicts sized
from its measured speed so that each slice takes about
:data:`SLICE_SECONDS`, the clock being read between slices. Solvers that
cannot honour assumptions (Kissat) or budgets (Lingeling, CaDiCaL 1.0.3)
are refused (:data:`REFUSED`).

SIGINT during a call raises :class:`KeyboardInterrupt`. CaDiCaL runs every
call, limited or not, in slices that a signal cannot cut short: python-sat,
called on the main thread, would leave the C++ search by a long jump from its
SIGINT handler, which can corrupt CaDiCaL's memory or the C allocator's (a
later call then aborts with ``free(): invalid pointer``). Instead SIGINT only
sets Python's flag, the slice ends (about :data:`SLICE_SECONDS`), and the
interrupt is raised between slices with the solver whole. Other solvers
interrupted by python-sat's long jump are rebuilt from the compiled clauses
before the next query.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import pysat.solvers
from pysat.card import CardEnc, EncType
from pysat.formula import WCNF
from pysat.solvers import Solver, SolverNames

from dokuspec.errors import ModelError, SolverError
from dokuspec.solvers.base import Backend, improving_search
from dokuspec.solvers.budget import UNLIMITED, Budget, Watchdog, _clock
from dokuspec.solvers.proofs import DEFAULT_PROOF_SOLVER, Refutation
from dokuspec.solvers.proofs import refute as refute_cnf
from dokuspec.solvers.results import OptimizeResult, SolveResult
from dokuspec.spec.model import (
    Cardinality,
    Clause,
    Constraint,
    Model,
    Objective,
    PseudoBoolean,
    Table,
)

__all__ = [
    "DEFAULT_SOLVER",
    "NO_CONFLICT_LIMIT",
    "PAIRWISE_LIMIT",
    "REFUSED",
    "RETIRED_LIMIT",
    "SLICE_SECONDS",
    "SatBackend",
    "canonical_solver",
    "solver_names",
]

#: The python-sat solver used when none is named.
DEFAULT_SOLVER = "cadical195"

#: Largest at-most-one constraint given the pairwise encoding.
PAIRWISE_LIMIT = 16

#: Solvers refused, by python-sat's canonical name, and why.
REFUSED: dict[str, str] = {
    "kissat404": "python-sat's Kissat ignores assumptions, so its answers would be wrong",
    "lingeling": "python-sat's Lingeling refuses limited solving, so it cannot honour a budget",
    "cadical103": "CaDiCaL 1.0.3 in python-sat refuses limited solving: it cannot honour a budget",
    "cryptosat": "CryptoMiniSat needs the pycryptosat package, which dokuspec does not install",
}

#: Solvers that read a conflict budget only at their restarts. Measured on a
#: pigeonhole formula, a budget of 1 conflict ran 1,127. They take time
#: limits (they are interrupted on time) but refuse conflict limits. Every
#: other solver accepted here stops within 2 conflicts of its budget.
NO_CONFLICT_LIMIT = frozenset({"glucose3", "glucose4", "glucose42", "gluecard3", "gluecard4"})

#: Solvers that hold the GIL and cannot be interrupted: time limits run in slices.
_SLICED = frozenset({"cadical153", "cadical195", "cadical300"})

#: Target duration of one slice of conflicts (seconds), for the sliced solvers.
SLICE_SECONDS = 0.02

#: Activation literals a lean solver (:meth:`SatBackend.solve_lean`) may
#: retire before it is replaced by a fresh one (retired clauses stay behind).
_LEAN_ACTIVATIONS = 4096

#: Clauses of retired bounds (:meth:`SatBackend.optimize_incremental`) kept before they
#: are dropped and the solver rebuilt without them: their variables make every model the
#: solver returns longer. Greedy games of Competitive Sudoku ran fastest near this limit
#: (11.8 games a second at 200,000, 16-19 at 20,000-50,000).
RETIRED_LIMIT = 20_000

_FIRST_SLICE = 500
_MAX_SLICE = 1 << 20

#: python-sat's limited-solve entry point of each sliced solver, called as its
#: ``solve_limited`` calls it but with the main-thread flag off, so that no
#: SIGINT handler is installed around the search (:func:`_cadical_call`).
_PYSOLVERS: Any = getattr(pysat.solvers, "pysolvers", None)  # python-sat's C extension
_SOLVE_LIMITED: dict[str, Any] = {
    name: getattr(_PYSOLVERS, f"{name}_solve_lim")
    for name in _SLICED
    if hasattr(_PYSOLVERS, f"{name}_solve_lim")
}


def _cadical_call(solver: Any, canonical: str, assumptions: list[int]) -> bool | None:
    """One limited call of a CaDiCaL ``solver`` (python-sat's :class:`~pysat.solvers.Solver`).

    Does what python-sat's ``solve_limited`` does for CaDiCaL (the call, then
    the status and assumptions that ``get_model``/``get_core`` read), except
    that python-sat's SIGINT handler is not installed: on the main thread that
    handler leaves the C++ search by ``longjmp``, which may leave CaDiCaL or
    the C allocator corrupted. Here SIGINT only sets Python's flag, and
    :class:`KeyboardInterrupt` is raised as soon as the call returns, with
    the solver whole. Falls back to ``solve_limited`` where python-sat's
    internals differ.

    Returns:
        ``True`` (sat), ``False`` (unsat) or ``None`` (the conflict budget ran out).
    """
    inner: Any = getattr(solver, "solver", None)
    handle = getattr(inner, "cadical", None)
    call = _SOLVE_LIMITED.get(canonical)
    if call is None or handle is None:
        outcome: bool | None = solver.solve_limited(assumptions=assumptions)
        return outcome
    status = call(handle, assumptions, 0)
    inner.status = None if status == 0 else status > 0
    inner.prev_assumps = assumptions
    found: bool | None = inner.status
    return found


def _canonical_names() -> tuple[dict[str, str], dict[str, str]]:
    """Canonical solver name by accepted name, and a name python-sat accepts by canonical name."""
    names: dict[str, str] = {}
    pysat_names: dict[str, str] = {}
    for attribute, aliases in vars(SolverNames).items():
        if not attribute.startswith("_") and isinstance(aliases, tuple) and aliases:
            pysat_names[attribute] = aliases[0]
            for alias in (attribute, *aliases):
                names[alias] = attribute
    return names, pysat_names


_CANONICAL, _PYSAT_NAME = _canonical_names()


def solver_names() -> list[str]:
    """Every SAT solver name dokuspec accepts (python-sat's aliases included), sorted.

    The solvers of :data:`REFUSED` are left out.
    """
    return sorted(name for name, canonical in _CANONICAL.items() if canonical not in REFUSED)


def canonical_solver(solver: str) -> str:
    """python-sat's canonical name of the SAT solver ``solver`` (an alias or a canonical name).

    Raises:
        TypeError: ``solver`` is not a str.
        SolverError: ``solver`` is unknown, or refused (:data:`REFUSED`).
    """
    if not isinstance(solver, str):
        raise TypeError(f"a SAT solver name must be a str, not {type(solver).__name__}")
    canonical = _CANONICAL.get(solver)
    if canonical is None:
        usable = sorted({c for c in _CANONICAL.values() if c not in REFUSED})
        raise SolverError(
            f"unknown SAT solver {solver!r}; choose one of {', '.join(usable)} "
            "(or a python-sat alias of one)"
        )
    if canonical in REFUSED:
        raise SolverError(f"SAT solver {solver!r} is refused: {REFUSED[canonical]}")
    return canonical


def _is_interrupt(error: BaseException) -> bool:
    """Whether python-sat raised its error for a SIGINT caught inside the solver."""
    return "keyboard interrupt" in str(error).lower()


class SatBackend(Backend):
    """A :class:`~dokuspec.spec.model.Model` compiled to CNF in a python-sat solver.

    Args:
        model: the model to compile.
        solver: a python-sat solver name (see :func:`solver_names`).

    Raises:
        TypeError: ``solver`` is not a str.
        SolverError: ``solver`` is unknown, or refused (:data:`REFUSED`).
    """

    name = "sat"

    def __init__(self, model: Model, *, solver: str = DEFAULT_SOLVER) -> None:
        super().__init__(model)
        canonical = canonical_solver(solver)
        self.solver_name = solver
        self.canonical_name = canonical
        self._sliced = canonical in _SLICED
        self._rate = 0.0  # measured conflicts per second (sliced solvers)
        # Tuples, not lists: a tuple of ints is untracked by the garbage
        # collector once a collection has seen it, so a compiled formula of a
        # million clauses costs no full collection any time (a cached backend
        # lives as long as the process; lists would be traversed every time).
        self._clauses: list[tuple[int, ...]] = []
        self._top = model.num_vars
        # Where each group's clauses are (its name, the first and one past the last).
        self._sections: list[tuple[str, int, int]] = []
        for group in model.groups:
            guard = [] if group.selector is None else [-group.selector]
            start = len(self._clauses)
            for constraint in group.constraints:
                for cnf_clause in self._encode(constraint):
                    self._clauses.append((*cnf_clause, *guard))
            self._sections.append((group.name, start, len(self._clauses)))
        self._model_top = self._top  # the variables of the model's own clauses
        self._guarded: list[int] = []  # where the clauses of those guards are, units included
        self._solver: Any = self._new_solver()

    def _new_solver(self) -> Any:
        return Solver(name=_PYSAT_NAME[self.canonical_name], bootstrap_with=self._clauses)

    # -- compilation -------------------------------------------------------

    @property
    def num_clauses(self) -> int:
        """Clauses in the compiled formula."""
        return len(self._clauses)

    @property
    def clauses(self) -> tuple[tuple[int, ...], ...]:
        """The clauses of the compiled formula (immutable; for inspection)."""
        return tuple(self._clauses)

    @property
    def top_variable(self) -> int:
        """Largest variable in the compiled formula (model plus auxiliaries)."""
        return self._top

    def _encode(self, constraint: Constraint) -> Iterable[list[int]]:
        if isinstance(constraint, Clause):
            return [list(constraint.literals)]
        if isinstance(constraint, Cardinality):
            return self._cardinality(
                list(constraint.literals), constraint.comparator, constraint.bound
            )
        if isinstance(constraint, PseudoBoolean):
            return self._pseudo_boolean(constraint.normalized())
        return self._table(constraint)

    def _cardinality(self, literals: list[int], comparator: str, bound: int) -> list[list[int]]:
        n = len(literals)
        clauses: list[list[int]] = []
        if comparator in ("<=", "=="):
            if bound == 0:
                clauses += [[-lit] for lit in literals]
            elif bound == 1 and n <= PAIRWISE_LIMIT:
                clauses += [[-a, -b] for a, b in itertools.combinations(literals, 2)]
            elif bound < n:
                clauses += self._card_enc(CardEnc.atmost, literals, bound)
        if comparator in (">=", "=="):
            if bound > n:
                clauses.append([])
            elif bound == 1:
                clauses.append(list(literals))
            elif bound == n:
                clauses += [[lit] for lit in literals]
            elif bound > 1:
                clauses += self._card_enc(CardEnc.atleast, literals, bound)
        return clauses

    def _card_enc(self, encode: Any, literals: list[int], bound: int) -> list[list[int]]:
        cnf = encode(lits=literals, bound=bound, top_id=self._top, encoding=EncType.totalizer)
        self._top = max(self._top, cnf.nv)
        return [list(c) for c in cnf.clauses]

    def _pseudo_boolean(self, constraint: PseudoBoolean) -> list[list[int]]:
        weights = [c for c, _ in constraint.terms]
        literals = [lit for _, lit in constraint.terms]
        if all(w == 1 for w in weights):
            if constraint.bound < 0:
                return [] if constraint.comparator == ">=" else [[]]
            return self._cardinality(literals, constraint.comparator, constraint.bound)
        total = sum(weights)
        bound = constraint.bound
        comparator = constraint.comparator
        # Trivial bounds, which the encoder need not see.
        if comparator == "<=" and bound >= total:
            return []
        if comparator == ">=" and bound <= 0:
            return []
        if (comparator != ">=" and bound < 0) or (comparator != "<=" and bound > total):
            return [[]]
        from pysat.pb import EncType as PBEncType  # noqa: PLC0415 - loaded when first needed
        from pysat.pb import PBEnc  # noqa: PLC0415

        encode = {"<=": PBEnc.leq, ">=": PBEnc.geq, "==": PBEnc.equals}[comparator]
        cnf = encode(
            lits=literals, weights=weights, bound=bound, top_id=self._top, encoding=PBEncType.best
        )
        self._top = max(self._top, cnf.nv)
        return [list(c) for c in cnf.clauses]

    def _table(self, table: Table) -> list[list[int]]:
        variables = table.variables
        if not table.allowed:
            return [
                [-var.literal(value) for var, value in zip(variables, row, strict=True)]
                for row in table.tuples
            ]
        rows = list(dict.fromkeys(table.tuples))
        if len(variables) == 1:
            (var,) = variables
            allowed = {row[0] for row in rows}
            return [
                [-lit]
                for value, lit in zip(var.values, var.literals, strict=True)
                if value not in allowed
            ]
        if len(variables) == 2:
            clauses = []
            for side in (0, 1):
                var, other = variables[side], variables[1 - side]
                for value, lit in zip(var.values, var.literals, strict=True):
                    supports = sorted(
                        {other.literal(row[1 - side]) for row in rows if row[side] == value}
                    )
                    clauses.append([-lit, *supports])
            return clauses
        clauses = []
        selectors = []
        for row in rows:
            self._top += 1
            selector = self._top
            selectors.append(selector)
            clauses += [
                [-selector, var.literal(value)] for var, value in zip(variables, row, strict=True)
            ]
        clauses.append(selectors)
        for position, var in enumerate(variables):
            for value, lit in zip(var.values, var.literals, strict=True):
                supports = [
                    s for s, row in zip(selectors, rows, strict=True) if row[position] == value
                ]
                clauses.append([-lit, *supports])
        return clauses

    # -- changing the formula ----------------------------------------------

    def new_var(self) -> int:
        """Allocate a fresh variable above every model and auxiliary variable."""
        self._top += 1
        return self._top

    def add_clause(self, literals: Sequence[int]) -> None:
        """Add a clause for all later queries."""
        cnf_clause = self._check_assumptions(literals)
        self._clauses.append(tuple(cnf_clause))
        self._solver.add_clause(cnf_clause)

    def add_constraint(self, constraint: Constraint) -> None:
        """Add a constraint of the modelling vocabulary for all later queries."""
        self.model._check("added constraint", constraint)
        for cnf_clause in self._encode(constraint):
            self._clauses.append(tuple(cnf_clause))
            self._solver.add_clause(cnf_clause)

    def scratch(self) -> SatBackend:
        """A fresh solver over the same clauses (see :meth:`Backend.scratch`)."""
        copy = SatBackend.__new__(SatBackend)
        Backend.__init__(copy, self.model)
        copy.solver_name = self.solver_name
        copy.canonical_name = self.canonical_name
        copy._sliced = self._sliced
        copy._rate = self._rate
        copy._clauses = list(self._clauses)
        copy._top = self._top
        copy._guarded = []
        copy._solver = copy._new_solver()
        return copy

    # -- proofs ------------------------------------------------------------

    def refute(
        self,
        assumptions: Sequence[int] = (),
        *,
        solver: str | None = None,
        title: Sequence[str] = (),
    ) -> Refutation | None:
        """A refutation of the model under ``assumptions``, or ``None`` when satisfiable.

        The CNF holds the model's clauses, group by group (each preceded by a
        comment naming the group, a guarded group's clauses with the negation
        of its selector), then one unit clause per assumption, since a proof
        does not cover assumptions; its comments name the model's variables.
        Clauses added to this backend after compilation are not in it. A
        fresh solver with proof logging decides it
        (:func:`~dokuspec.solvers.proofs.refute`); no budget applies.

        Args:
            assumptions: literals of the model, the query's facts.
            solver: a solver of :data:`~dokuspec.solvers.proofs.PROOF_SOLVERS`
                (CaDiCaL 1.9.5 by default, whatever this backend's solver).
            title: comment lines at the top of the CNF.

        Raises:
            ModelError: an assumption is not a literal of the compiled formula.
            SolverError: ``solver`` writes no checkable proof.
        """
        checked = self._check_assumptions(assumptions)
        clauses = self._clauses
        sections: list[tuple[str, Sequence[Sequence[int]]]] = [
            (f"group: {name}", clauses[start:end]) for name, start, end in self._sections
        ]
        facts = [[literal] for literal in checked]
        sections.append(("the facts of the query, one unit clause each:", facts))
        return refute_cnf(
            sections,
            self._model_top,
            self.model.names,
            title=title,
            solver=solver or DEFAULT_PROOF_SOLVER,
        )

    # -- lean queries --------------------------------------------------------

    def satisfiable(self, assumptions: Sequence[int]) -> bool:
        """Whether the formula is satisfiable under ``assumptions``: the shortest query.

        No budget and no model: for queries that unit propagation decides,
        such as checking a full assignment (every cell of a board assumed),
        where reading the budget, the model or the core would cost more
        than the answer. The main solver answers; its learnt clauses stay.

        Args:
            assumptions: literals (ints) of the compiled formula, taken as
                true for this query only. Checked by range only.

        Returns:
            ``True`` (satisfiable) or ``False`` (unsatisfiable).

        Raises:
            ModelError: a literal outside the compiled formula.
            KeyboardInterrupt: an interrupt during the search (the solver is
                rebuilt, so the next query starts clean).
        """
        literals = list(assumptions)
        top = self._top
        # All positive and in range (the usual case) needs no look for a 0.
        if (
            literals
            and not (min(literals) > 0 and max(literals) <= top)
            and (min(literals) < -top or max(literals) > top or 0 in literals)
        ):
            bad = next(lit for lit in literals if not 0 < abs(lit) <= top)
            raise ModelError(f"literal {bad} is not a literal of the compiled formula")
        with self._rebuilt_on_interrupt():
            if self._sliced:
                outcome, _ = self._solve_sliced(literals, UNLIMITED)
                return bool(outcome)
            return bool(self._solver.solve(assumptions=literals))

    def solve_lean(
        self,
        assumptions: Sequence[int],
        *,
        clause: Sequence[int] = (),
        prefer: Sequence[int] = (),
        budget: Budget = UNLIMITED,
        model: bool = True,
    ) -> SolveResult:
        """Decide the formula under ``assumptions`` on a second solver, kept lean.

        For many small queries around one position: certifying a proposed
        full assignment (every cell assumed: no search, only propagation) and
        asking for witnesses of moves. The second solver holds the same
        compiled clauses but none of the main solver's learnt clauses, and
        its learnt clauses stay there, so :meth:`solve` is not affected.

        Args:
            assumptions: literals (ints) of the compiled formula, taken as
                true for this query only. Checked by range only.
            clause: literals of which at least one must be true, for this
                query only (a clause guarded by a fresh activation literal
                that is assumed now and retired afterwards). Empty: none.
            prefer: literals the solver tries true first when it decides
                their variables (its decision phases, python-sat's
                ``set_phases``; they stay set on the second solver): a search
                heuristic that changes which model is found, never whether
                one exists. With ``clause`` the same literals, a model tends
                to satisfy many of them at once.
            budget: as in :meth:`solve`.
            model: ``False`` to skip reading the model back (a ``"sat"``
                answer then has ``model=None``; the status is unchanged).

        Returns:
            As :meth:`solve`; with ``clause``, an unsat core may hold the
            activation literal (a variable above :attr:`top_variable`).

        Raises:
            ModelError: a literal outside the compiled formula.
            SolverError: a budget the solver cannot honour.
        """
        self.check_budget(budget)
        top = self._top
        literals = list(assumptions)
        extra = list(clause)
        for given in (literals, extra, list(prefer)):
            if given and (min(given) < -top or max(given) > top or 0 in given):
                bad = next(lit for lit in given if not 0 < abs(lit) <= top)
                raise ModelError(f"literal {bad} is not a literal of the compiled formula")
        lean: SatBackend | None = self.__dict__.get("_lean_backend")
        if lean is None or lean._top - self._top > _LEAN_ACTIVATIONS:
            if lean is not None:
                lean._solver.delete()
            lean = self.scratch()
            self.__dict__["_lean_backend"] = lean
        if prefer:
            lean._solver.set_phases(list(prefer))
        activation = 0
        if extra:
            lean._top += 1
            activation = lean._top
            lean._solver.add_clause([-activation, *extra])
            literals.append(activation)
        try:
            if not model and budget.unlimited:
                if lean._sliced:
                    outcome, _ = lean._solve_sliced(literals, UNLIMITED)
                else:
                    outcome = lean._solver.solve(assumptions=literals)
                if outcome:
                    return SolveResult("sat")
                return SolveResult("unsat", core=tuple(lean._solver.get_core() or ()))
            if budget.conflict_limit == 0:
                return SolveResult("unknown", reason="conflicts")
            remaining = budget.remaining()
            if remaining is not None and remaining <= 0.0:
                return SolveResult("unknown", reason="time")
            answer = lean._solve(literals, budget)
            if answer.model is not None and not model:
                return SolveResult("sat")
            return answer
        finally:
            if activation and lean._solver is not None:
                lean._solver.add_clause([-activation])

    # -- queries -----------------------------------------------------------

    def check_budget(self, budget: Budget) -> None:
        """Refuse a conflict limit that this solver cannot honour (:data:`NO_CONFLICT_LIMIT`).

        Raises:
            SolverError: a conflict limit for a solver of :data:`NO_CONFLICT_LIMIT`.
        """
        if budget.conflict_limit is not None and self.canonical_name in NO_CONFLICT_LIMIT:
            raise SolverError(
                f"SAT solver {self.solver_name!r} cannot honour a conflict limit: it reads "
                "its conflict budget only at restarts (a budget of 1 ran 1,127 conflicts); "
                "give it a time limit, or use another solver"
            )

    def _solve(self, assumptions: list[int], budget: Budget) -> SolveResult:
        """Decide the formula under ``assumptions`` (see :meth:`Backend.solve`)."""
        with self._rebuilt_on_interrupt():
            if self._sliced:
                outcome, reason = self._solve_sliced(assumptions, budget)
            elif budget.time_limit is None:
                outcome, reason = self._solve_plain(assumptions, budget.conflict_limit)
            else:
                outcome, reason = self._solve_interruptible(assumptions, budget)
        solver = self._solver
        if outcome:
            return SolveResult("sat", self._full_model(solver.get_model()))
        if outcome is False:
            return SolveResult("unsat", core=tuple(solver.get_core() or ()))
        return SolveResult("unknown", reason=reason)

    @contextlib.contextmanager
    def _rebuilt_on_interrupt(self) -> Iterator[None]:
        """Rebuild the solver when an interrupt stops it (python-sat's or Python's own)."""
        try:
            yield
        except KeyboardInterrupt:
            self._rebuild()
            raise
        except Exception as error:
            if _is_interrupt(error):
                self._rebuild()
                raise KeyboardInterrupt from None
            raise

    def _rebuild(self) -> None:
        """Replace a solver that a signal may have left in an undefined state."""
        old, self._solver = self._solver, None
        if old is not None:
            old.delete()
        self._solver = self._new_solver()

    def _solve_plain(
        self, assumptions: list[int], conflict_limit: int | None
    ) -> tuple[bool | None, str | None]:
        solver = self._solver
        if conflict_limit is None:
            return solver.solve(assumptions=assumptions), None
        solver.conf_budget(conflict_limit)
        return solver.solve_limited(assumptions=assumptions), "conflicts"

    def _solve_interruptible(
        self, assumptions: list[int], budget: Budget
    ) -> tuple[bool | None, str | None]:
        solver = self._solver
        # Always set: MiniSat-family solvers keep the last budget for every
        # later limited call (0 switches it off; a conflict limit of 0 never
        # gets here, it answers "unknown" at once).
        solver.conf_budget(budget.conflict_limit or 0)
        watchdog = Watchdog(solver.interrupt, budget.deadline)
        try:
            with watchdog.watching():
                outcome: bool | None = solver.solve_limited(
                    assumptions=assumptions, expect_interrupt=True
                )
        finally:
            solver.clear_interrupt()
        if outcome is None:
            return None, watchdog.fired or "conflicts"
        return outcome, None

    def _solve_sliced(
        self, assumptions: list[int], budget: Budget
    ) -> tuple[bool | None, str | None]:
        """Run CaDiCaL in slices of conflicts, reading the clock between slices.

        Every CaDiCaL call goes through here, limited or not, so that SIGINT
        is raised between slices (:func:`_cadical_call`); without a time
        limit a slice still lasts about :data:`SLICE_SECONDS`.
        """
        solver = self._solver
        canonical = self.canonical_name
        left = budget.conflict_limit
        while True:
            remaining = budget.remaining()
            if remaining is not None and remaining <= 0.0:
                return None, "time"
            if left is not None and left <= 0:
                return None, "conflicts"
            seconds = SLICE_SECONDS if remaining is None else min(remaining, SLICE_SECONDS)
            size = int(self._rate * seconds) if self._rate else _FIRST_SLICE
            size = max(1, min(size, _MAX_SLICE))
            if left is not None:
                size = min(size, left)
            solver.conf_budget(size)
            started = _clock()
            outcome = _cadical_call(solver, canonical, assumptions)
            if outcome is not None:
                return outcome, None
            spent = _clock() - started
            if spent > 0:
                rate = size / spent
                self._rate = rate if not self._rate else 0.5 * (self._rate + rate)
            if left is not None:
                left -= size

    def optimize_incremental(
        self,
        objective: Objective,
        assumptions: Sequence[int] = (),
        *,
        budget: Budget = UNLIMITED,
    ) -> OptimizeResult:
        """:meth:`~dokuspec.solvers.base.Backend.optimize`'s model-improving search, on
        this backend's own solver instead of a :meth:`scratch` copy.

        Each bound "strictly better than the last model" is a pseudo-Boolean
        constraint guarded by a fresh activation literal (its clauses hold only
        while the literal is assumed); once the search ends every guard is
        retired by the unit clause of its negation, so the formula means what
        it meant before, and the solver keeps what it learnt. Retired clauses
        are dropped, and the solver rebuilt, when they exceed
        :data:`RETIRED_LIMIT`. ``budget`` applies to each query, as in
        :meth:`optimize`. Answers are those of :meth:`optimize`: ``"optimal"``
        or ``"unsat"`` are exact; under a budget, whether the search ends
        before it runs out may depend on the queries made before (what the
        solver learnt), so callers that need the same answer whatever the
        history fall back to :meth:`optimize` without a budget when the
        answer is ``"feasible"`` or ``"unknown"``.

        Raises:
            ModelError: the objective names a literal outside the model, or an
                assumption is not a literal of the compiled formula.
        """
        self.model.check_objective(objective)
        self.check_budget(budget)
        checked = self._check_assumptions(assumptions)
        guards: list[int] = []

        def solve() -> SolveResult:
            return self.solve([*checked, *guards[-1:]], budget)  # the latest bound only

        def tighten(bound: PseudoBoolean) -> None:
            guard = self.new_var()
            guards.append(guard)
            for cnf_clause in self._encode(bound):
                self._add_guarded((*cnf_clause, -guard))

        try:
            return improving_search(objective, solve, tighten)
        finally:
            for guard in guards:
                self._add_guarded((-guard,))
            self._compact()

    def _add_guarded(self, cnf_clause: tuple[int, ...]) -> None:
        self._guarded.append(len(self._clauses))
        self._clauses.append(cnf_clause)
        self._solver.add_clause(list(cnf_clause))

    def _compact(self) -> None:
        """Drop the clauses of retired guards (always satisfied) once there are many.

        Every guarded clause holds the negation of its guard, and every guard
        is retired when its search ends, so all of them go; the other clauses
        keep their order.
        """
        if len(self._guarded) <= RETIRED_LIMIT:
            return
        clauses = self._clauses
        kept: list[tuple[int, ...]] = []
        start = 0
        for at in self._guarded:  # ascending
            if at > start:
                kept.extend(clauses[start:at])
            start = at + 1
        kept.extend(clauses[start:])
        self._clauses = kept
        self._guarded = []
        # The retired bounds' variables are free again: the solver's models (every
        # variable up to the top) stay as short as the formula.
        present = list(filter(None, kept))  # no empty clause: each has a largest literal
        self._top = max(
            self.model.num_vars,
            max(map(max, present), default=0),
            -min(map(min, present), default=0),
        )
        self._rebuild()

    def _optimize_exact(self, objective: Objective, assumptions: list[int]) -> OptimizeResult:
        """Optimise ``objective`` with python-sat's RC2 MaxSAT solver (no budget).

        The hard part is the compiled formula plus one unit clause per
        assumption; each objective term is a weighted soft clause.
        """
        from pysat.examples.rc2 import RC2  # noqa: PLC0415 - loaded when first needed

        wcnf = WCNF()
        for cnf_clause in self._clauses:
            wcnf.append(cnf_clause)
        for literal in assumptions:
            wcnf.append([literal])
        sign = 1 if objective.sense == "minimize" else -1
        offset = 0
        for coefficient, literal in objective.terms:
            weight = sign * coefficient
            if weight > 0:  # pay ``weight`` when the literal is true
                wcnf.append([-literal], weight=weight)
            elif weight < 0:  # gain when true: pay ``-weight`` when false
                offset += weight
                wcnf.append([literal], weight=-weight)
        with RC2(wcnf, solver="g4") as rc2:
            found = rc2.compute()
            if found is None:
                return OptimizeResult("unsat")
            cost = rc2.cost + offset
        true_literals = set(found)
        model = [v if v in true_literals else -v for v in range(1, self.model.num_vars + 1)]
        return OptimizeResult("optimal", sign * cost, model)

    def companion(self, model: Model) -> SatBackend:
        """A new backend with this SAT solver, compiling ``model`` (:meth:`Backend.companion`)."""
        return SatBackend(model, solver=self.solver_name)
