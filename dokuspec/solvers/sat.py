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
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Sequence
from typing import Any

from pysat.card import CardEnc, EncType
from pysat.examples.rc2 import RC2
from pysat.formula import WCNF
from pysat.pb import EncType as PBEncType
from pysat.pb import PBEnc
from pysat.solvers import Solver, SolverNames

from dokuspec.errors import DokuspecError
from dokuspec.solvers.base import Backend, OptimizeResult, SolveResult
from dokuspec.spec.model import (
    Cardinality,
    Clause,
    Constraint,
    Model,
    Objective,
    PseudoBoolean,
    Table,
)

__all__ = ["DEFAULT_SOLVER", "PAIRWISE_LIMIT", "SatBackend", "solver_names"]

#: The python-sat solver used when none is named.
DEFAULT_SOLVER = "cadical195"

#: Largest at-most-one constraint given the pairwise encoding.
PAIRWISE_LIMIT = 16

#: Conflicts in the first slice of a time-limited query (doubling after each,
#: up to ``_LAST_SLICE``, so the clock is read at least every 64k conflicts).
_FIRST_SLICE = 2_000
_LAST_SLICE = 65_536


def solver_names() -> list[str]:
    """Every solver name python-sat accepts (aliases included), sorted."""
    names: set[str] = set()
    for attribute, aliases in vars(SolverNames).items():
        if not attribute.startswith("_") and isinstance(aliases, tuple):
            names.update(aliases)
    return sorted(names)


class SatBackend(Backend):
    """A :class:`~dokuspec.spec.model.Model` compiled to CNF in a python-sat solver.

    Args:
        model: the model to compile.
        solver: a python-sat solver name (see :func:`solver_names`).

    Raises:
        DokuspecError: ``solver`` is not a python-sat solver name.
    """

    name = "sat"

    def __init__(self, model: Model, *, solver: str = DEFAULT_SOLVER) -> None:
        super().__init__(model)
        if solver not in solver_names():
            raise DokuspecError(
                f"unknown SAT solver {solver!r}; choose one of {', '.join(solver_names())}"
            )
        self.solver_name = solver
        self._solver: Any = Solver(name=solver)
        self._clauses: list[list[int]] = []
        self._top = model.num_vars
        self._num_vars = model.num_vars
        for group in model.groups:
            guard = [] if group.selector is None else [-group.selector]
            for constraint in group.constraints:
                for cnf_clause in self._encode(constraint):
                    self._add(cnf_clause + guard)

    def __del__(self) -> None:
        solver = getattr(self, "_solver", None)
        if solver is not None:
            solver.delete()

    # -- compilation -------------------------------------------------------

    @property
    def num_clauses(self) -> int:
        """Clauses in the compiled formula."""
        return len(self._clauses)

    @property
    def top_variable(self) -> int:
        """Largest variable in the compiled formula (model plus auxiliaries)."""
        return self._top

    def _add(self, cnf_clause: list[int]) -> None:
        self._clauses.append(cnf_clause)
        self._solver.add_clause(cnf_clause)

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

    # -- queries -----------------------------------------------------------

    def new_var(self) -> int:
        """Allocate a fresh variable above every model and auxiliary variable."""
        self._top += 1
        return self._top

    def add_clause(self, literals: Sequence[int]) -> None:
        """Add a clause for all later queries."""
        self._add(list(literals))

    def solve(
        self,
        assumptions: Sequence[int] = (),
        *,
        time_limit: float | None = None,
        conflict_limit: int | None = None,
    ) -> SolveResult:
        """Decide the formula under ``assumptions`` (see :meth:`Backend.solve`).

        A ``time_limit`` is enforced between slices of conflicts (2,000 at
        first, doubling up to 65,536), so a query may overrun it by one
        slice; learnt clauses carry over from slice to slice. A
        ``conflict_limit`` of 0 answers ``"unknown"`` at once (python-sat
        reads a budget of 0 as no budget).
        """
        solver = self._solver
        if not isinstance(assumptions, list):  # python-sat's CaDiCaL cores need a list
            assumptions = list(assumptions)
        if conflict_limit is not None and conflict_limit <= 0:
            return SolveResult("unknown")
        if time_limit is None and conflict_limit is None:
            outcome = solver.solve(assumptions=assumptions)
        elif time_limit is None:
            solver.conf_budget(conflict_limit)
            outcome = solver.solve_limited(assumptions=assumptions)
        else:
            outcome = self._solve_sliced(assumptions, time_limit, conflict_limit)
        if outcome:
            model = solver.get_model()
            if len(model) != self._num_vars:
                model = model[: self._num_vars]
            return SolveResult("sat", model, None)
        if outcome is False:
            return SolveResult("unsat", None, tuple(solver.get_core() or ()))
        return SolveResult("unknown")

    def _solve_sliced(
        self, assumptions: Sequence[int], time_limit: float, conflict_limit: int | None
    ) -> bool | None:
        deadline = time.perf_counter() + time_limit
        spent = 0
        slice_size = _FIRST_SLICE
        while time.perf_counter() < deadline:
            budget = (
                slice_size if conflict_limit is None else min(slice_size, conflict_limit - spent)
            )
            if budget <= 0:
                return None
            self._solver.conf_budget(budget)
            outcome: bool | None = self._solver.solve_limited(assumptions=assumptions)
            if outcome is not None:
                return outcome
            spent += budget
            slice_size = min(2 * slice_size, _LAST_SLICE)
        return None

    def optimize(
        self,
        objective: Objective,
        assumptions: Sequence[int] = (),
        *,
        time_limit: float | None = None,
    ) -> OptimizeResult:
        """Optimise ``objective`` with the RC2 MaxSAT solver of python-sat.

        The hard part is the compiled formula plus one unit clause per
        assumption; each objective term is a weighted soft clause. RC2 cannot
        be interrupted, so ``time_limit`` is not supported here.

        Raises:
            DokuspecError: ``time_limit`` was given.
        """
        if time_limit is not None:
            raise DokuspecError("the SAT backend's optimiser (RC2) takes no time limit; use z3")
        self.model.check_objective(objective)
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
        model = [v if v in true_literals else -v for v in range(1, self._num_vars + 1)]
        return OptimizeResult("optimal", sign * cost, model)
