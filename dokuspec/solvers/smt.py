"""The SMT backend: a model compiled to Z3.

Every model variable becomes a Z3 Boolean constant (:func:`z3.Bool`). Clauses
become :func:`z3.Or`; cardinality constraints :func:`z3.PbLe` /
:func:`z3.PbGe` / :func:`z3.PbEq` with unit coefficients; pseudo-Boolean
constraints the same (after normalisation to positive coefficients); tables
become a disjunction of allowed tuples (or a negated conjunction per
forbidden tuple). A guarded group is asserted as ``Implies(selector, group)``
(:func:`z3.Implies`).

Queries use Z3's finite-domain solver (:func:`z3.SolverFor` with
``"QF_FD"``), which suits Boolean models with cardinality constraints, with
assumptions passed to :meth:`~z3.Solver.check`; optimisation uses
:class:`z3.Optimize`.

Budgets: a conflict limit is Z3's ``max_conflicts`` for the call; a time
limit is enforced by a watchdog thread that calls
:meth:`z3.Context.interrupt` at the deadline (Z3 releases the GIL while it
searches). Z3's own Ctrl-C handler
is switched off (``ctrl_c``), since it swallows SIGINT: the watchdog
interrupts the search on SIGINT and Python raises :class:`KeyboardInterrupt`.
A check that was interrupted or ran out of budget can leave Z3's
finite-domain solver answering later queries with models that break the
constraints, so after any ``unknown`` the solver is rebuilt from the
compiled assertions (about 10 ms for a Sumodoku rule set).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import z3

from dokuspec.solvers.base import Backend
from dokuspec.solvers.budget import Budget, Watchdog
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

__all__ = ["SmtBackend"]

_NO_LIMIT = 4294967295  # Z3's "no limit" for max_conflicts


class SmtBackend(Backend):
    """A :class:`~dokuspec.spec.model.Model` compiled to Z3.

    Args:
        model: the model to compile.
        logic: the Z3 logic for the query solver (``"QF_FD"`` by default;
            ``None`` for Z3's default solver).
    """

    name = "z3"

    def __init__(self, model: Model, *, logic: str | None = "QF_FD") -> None:
        super().__init__(model)
        self._context = z3.Context()
        self._bools: list[Any] = [None] + [
            z3.Bool(f"x{v}", self._context) for v in range(1, model.num_vars + 1)
        ]
        self._negations: dict[int, Any] = {}
        self._ids: dict[int, int] = {}
        self._assertions: list[Any] = []
        self._logic = logic
        self._decl_ids: dict[int, int] | None = None
        self._solver = self._new_solver()
        for group in model.groups:
            formulas = [self._formula(c) for c in group.constraints]
            if group.selector is None:
                for formula in formulas:
                    self._assert(formula)
            else:
                self._assert(
                    z3.Implies(self._bools[group.selector], z3.And(*formulas, self._context))
                )

    # -- compilation -------------------------------------------------------

    def _new_solver(self) -> Any:
        """A fresh Z3 solver holding every compiled assertion, with Ctrl-C handling off."""
        ctx = self._context
        solver = z3.SolverFor(self._logic, ctx=ctx) if self._logic else z3.Solver(ctx=ctx)
        solver.set("ctrl_c", False)
        for formula in self._assertions:
            solver.add(formula)
        return solver

    @property
    def top_variable(self) -> int:
        """The largest variable of the compiled formula (model and :meth:`new_var`)."""
        return len(self._bools) - 1

    def _assert(self, formula: Any) -> None:
        self._assertions.append(formula)
        self._solver.add(formula)

    def literal(self, literal: int) -> Any:
        """The Z3 Boolean expression of a literal (cached)."""
        if literal > 0:
            return self._bools[literal]
        negation = self._negations.get(literal)
        if negation is None:
            negation = z3.Not(self._bools[-literal], self._context)
            self._negations[literal] = negation
            self._ids[negation.get_id()] = literal
        return negation

    def _formula(self, constraint: Constraint) -> Any:
        ctx = self._context
        if isinstance(constraint, Clause):
            return z3.Or(
                [self.literal(lit) for lit in constraint.literals] or [z3.BoolVal(False, ctx)]
            )
        if isinstance(constraint, Cardinality):
            terms = [(self.literal(lit), 1) for lit in constraint.literals]
            return self._pb(terms, constraint.comparator, constraint.bound)
        if isinstance(constraint, PseudoBoolean):
            normal = constraint.normalized()
            terms = [(self.literal(lit), c) for c, lit in normal.terms]
            return self._pb(terms, normal.comparator, normal.bound)
        return self._table(constraint)

    def _pb(self, terms: list[tuple[Any, int]], comparator: str, bound: int) -> Any:
        ctx = self._context
        if not terms:
            holds = {"<=": bound >= 0, ">=": bound <= 0, "==": bound == 0}[comparator]
            return z3.BoolVal(holds, ctx)
        if comparator == "<=":
            return z3.PbLe(terms, bound)
        if comparator == ">=":
            return z3.PbGe(terms, bound)
        return z3.PbEq(terms, bound)

    def _table(self, table: Table) -> Any:
        ctx = self._context

        def row_formula(row: tuple[int, ...]) -> Any:
            return z3.And(
                [self.literal(var.literal(v)) for var, v in zip(table.variables, row, strict=True)]
                + [z3.BoolVal(True, ctx)]
            )

        rows = [row_formula(row) for row in dict.fromkeys(table.tuples)]
        if table.allowed:
            return z3.Or([*rows, z3.BoolVal(False, ctx)])
        return z3.And([z3.Not(r, ctx) for r in rows] + [z3.BoolVal(True, ctx)])

    # -- changing the formula ----------------------------------------------

    def new_var(self) -> int:
        """Allocate a fresh Boolean variable (above the model's)."""
        variable = len(self._bools)
        self._bools.append(z3.Bool(f"x{variable}", self._context))
        return variable

    def add_clause(self, literals: Sequence[int]) -> None:
        """Add a clause for all later queries."""
        checked = self._check_assumptions(literals)
        self._assert(self._formula(Clause(tuple(checked))))

    def add_constraint(self, constraint: Constraint) -> None:
        """Add a constraint of the modelling vocabulary for all later queries."""
        self.model._check("added constraint", constraint)
        self._assert(self._formula(constraint))

    def scratch(self) -> SmtBackend:
        """A fresh Z3 solver over the same assertions (see :meth:`Backend.scratch`)."""
        copy = SmtBackend.__new__(SmtBackend)
        Backend.__init__(copy, self.model)
        copy._context = self._context
        copy._bools = list(self._bools)
        copy._negations = dict(self._negations)
        copy._ids = dict(self._ids)
        copy._assertions = list(self._assertions)
        copy._logic = self._logic
        copy._decl_ids = self._decl_ids
        copy._solver = copy._new_solver()
        return copy

    # -- queries -----------------------------------------------------------

    def _solve(self, assumptions: list[int], budget: Budget) -> SolveResult:
        """Decide the model under ``assumptions`` (see :meth:`Backend.solve`)."""
        solver = self._solver
        conflicts = budget.conflict_limit
        solver.set("max_conflicts", _NO_LIMIT if conflicts is None else conflicts)
        expressions = [self.literal(lit) for lit in assumptions]
        watchdog = Watchdog(self._context.interrupt, budget.deadline)
        try:
            with watchdog.watching():
                answer = solver.check(*expressions)
        except KeyboardInterrupt:
            self._solver = self._new_solver()
            raise
        if answer == z3.sat:
            return SolveResult("sat", self._model(solver.model()))
        if answer == z3.unsat:
            core = []
            for expression in solver.unsat_core():
                identifier = expression.get_id()
                literal = self._ids.get(identifier)
                if literal is None:  # a positive literal: its name is x<v>
                    literal = int(str(expression)[1:])
                core.append(literal)
            return SolveResult("unsat", core=tuple(core))
        # Interrupted or out of budget: do not trust this solver's state again.
        self._solver = self._new_solver()
        return SolveResult("unknown", reason=watchdog.fired or "conflicts")

    def _declarations(self) -> dict[int, int]:
        """The AST id of each model variable's declaration, mapped to the variable (cached)."""
        if self._decl_ids is None:
            self._decl_ids = {
                self._bools[v].decl().get_id(): v for v in range(1, self.model.num_vars + 1)
            }
        return self._decl_ids

    def _model(self, z3_model: Any) -> list[int]:
        """The full model (``model[v - 1]`` is ``v`` or ``-v``) of a Z3 model.

        Read through Z3's C API: the Python wrappers build an object per
        declaration and per value, which cost five times as long (15 ms for
        a model of 1,168 variables), and enumeration reads one model per
        solution. Variables the model leaves out are false.
        """
        context = self._context.ref()
        handle = z3_model.model
        declarations = self._declarations()
        values = [-v for v in range(1, self.model.num_vars + 1)]
        for index in range(z3.Z3_model_get_num_consts(context, handle)):
            declaration = z3.Z3_model_get_const_decl(context, handle, index)
            value = z3.Z3_model_get_const_interp(context, handle, declaration)
            if z3.Z3_get_bool_value(context, value) == z3.Z3_L_TRUE:
                identifier = z3.Z3_get_ast_id(context, z3.Z3_func_decl_to_ast(context, declaration))
                variable = declarations.get(identifier)
                if variable is not None:
                    values[variable - 1] = variable
        return values

    def _optimize_exact(self, objective: Objective, assumptions: list[int]) -> OptimizeResult:
        """Optimise ``objective`` under ``assumptions`` with :class:`z3.Optimize` (no budget)."""
        ctx = self._context
        optimizer = z3.Optimize(ctx=ctx)
        optimizer.set("ctrl_c", False)
        for assertion in self._assertions:
            optimizer.add(assertion)
        for literal in assumptions:
            optimizer.add(self.literal(literal))
        cost = z3.Sum(
            [
                z3.If(self.literal(lit), z3.IntVal(c, ctx), z3.IntVal(0, ctx))
                for c, lit in objective.terms
            ]
            + [z3.IntVal(0, ctx)]
        )
        if objective.sense == "minimize":
            optimizer.minimize(cost)
        else:
            optimizer.maximize(cost)
        with Watchdog(ctx.interrupt, None).watching():
            answer = optimizer.check()
        if answer == z3.unsat:
            return OptimizeResult("unsat")
        if answer != z3.sat:  # pragma: no cover - only an interruption gets here
            return OptimizeResult("unknown")
        z3_model = optimizer.model()
        value = z3_model.eval(cost, model_completion=True).as_long()
        return OptimizeResult("optimal", value, self._model(z3_model))

    def companion(self, model: Model) -> SmtBackend:
        """A new Z3 backend with this logic compiling ``model`` (see :meth:`Backend.companion`)."""
        return SmtBackend(model, logic=self._logic)
