"""The backend contract, and the algorithms built once for every backend.

A backend compiles a :class:`~dokuspec.spec.model.Model` once and answers many
queries against it, each under *assumptions* (literals taken as true for that
query only) and a :class:`Budget`. Answers are ``"sat"`` (with a model over
every variable of the model), ``"unsat"`` (with a core over the assumptions)
or ``"unknown"`` (the budget ran out, or the query was interrupted); never a
guess. The contract every backend keeps, and which
``tests/framework/test_backend_contract.py`` checks for each of them:

* a model covers every variable of the model, ``model[v - 1]`` being ``v`` or ``-v``;
* a budget means the same on every backend: a time limit of 0 or a conflict
  limit of 0 answers ``"unknown"`` without searching; invalid limits raise
  :class:`~dokuspec.errors.BudgetError` before any work;
* a query that ran out of budget, or was interrupted, leaves the compiled
  solver as right as before: the next query gets the right answer;
* enumeration and optimisation work on a scratch copy of the compiled
  formula, so the compiled solver is left exactly as it was and does not grow;
* a solver that cannot honour assumptions or budgets is refused
  (:class:`~dokuspec.errors.SolverError`), never used.

Built on :meth:`Backend.solve`, once for all backends: minimal unsat cores
(:meth:`Backend.minimal_core`), smallest (minimum-cardinality) unsat cores
(:meth:`Backend.smallest_core`), projected enumeration
(:meth:`Backend.enumerate`) and optimisation under a budget
(:meth:`Backend.optimize`). :func:`make_backend` compiles a model by backend
name, and :data:`CACHE` keeps compiled solvers per rule set for every game.
"""

from __future__ import annotations

import atexit
import threading
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Literal

from dokuspec.errors import BudgetError, ModelError, SolverError
from dokuspec.solvers.budget import UNLIMITED, Budget
from dokuspec.solvers.results import (
    CoreResult,
    Enumeration,
    OptimizeResult,
    SmallestCoreResult,
    SolveResult,
)
from dokuspec.spec.model import Constraint, Model, Objective, PseudoBoolean, clause

__all__ = [
    "CACHE",
    "Backend",
    "BackendCache",
    "make_backend",
]


class Backend(ABC):
    """A compiled model that answers queries (the backend contract: see the module docstring).

    Subclasses compile in ``__init__`` and implement :meth:`_solve`,
    :meth:`scratch`, :meth:`add_clause`, :meth:`add_constraint`,
    :meth:`new_var` and :meth:`_optimize_exact`. Compiled backends are not
    thread-safe: use one per thread or process.
    """

    #: Short name of the backend ("sat", "z3").
    name: str

    def __init__(self, model: Model) -> None:
        self.model = model

    # -- what each backend implements ------------------------------------------------------

    @property
    @abstractmethod
    def top_variable(self) -> int:
        """The largest variable of the compiled formula (model, auxiliaries, :meth:`new_var`)."""

    @abstractmethod
    def _solve(self, assumptions: list[int], budget: Budget) -> SolveResult:
        """Decide the formula under ``assumptions`` within ``budget`` (not exhausted)."""

    @abstractmethod
    def scratch(self) -> Backend:
        """A fresh copy of the compiled formula (no learnt clauses) for throw-away work.

        Clauses and constraints added to the copy never reach this backend.
        """

    @abstractmethod
    def new_var(self) -> int:
        """Allocate a fresh Boolean variable in the compiled formula."""

    @abstractmethod
    def add_clause(self, literals: Sequence[int]) -> None:
        """Add a clause to the compiled formula for all later queries."""

    @abstractmethod
    def add_constraint(self, constraint: Constraint) -> None:
        """Add a constraint of the modelling vocabulary for all later queries."""

    @abstractmethod
    def _optimize_exact(self, objective: Objective, assumptions: list[int]) -> OptimizeResult:
        """Optimise with no budget, with the backend's own optimiser (proven optimal)."""

    # -- the contract ----------------------------------------------------------------------

    def _check_assumptions(self, assumptions: Sequence[int]) -> list[int]:
        top = self.top_variable
        checked = list(assumptions)
        for literal in checked:
            if isinstance(literal, bool) or not isinstance(literal, int):
                raise TypeError(f"an assumption must be an int literal, not {literal!r}")
            if literal == 0 or abs(literal) > top:
                raise ModelError(f"assumption {literal} is not a literal of the compiled formula")
        return checked

    def solve(self, assumptions: Sequence[int] = (), budget: Budget = UNLIMITED) -> SolveResult:
        """Decide the model under ``assumptions`` within ``budget``.

        Args:
            assumptions: literals taken as true for this query only.
            budget: the time and conflict limits (:class:`Budget`).

        Returns:
            ``"sat"`` with a model over every model variable, ``"unsat"`` with
            a core over the assumptions, or ``"unknown"`` with the reason.

        Raises:
            TypeError: an assumption is not an ``int``, or ``budget`` not a Budget.
            ModelError: an assumption is not a literal of the compiled formula.
            KeyboardInterrupt: SIGINT arrived during the call; the compiled
                solver is left usable.
        """
        if not isinstance(budget, Budget):
            raise TypeError(f"budget must be a Budget, not {type(budget).__name__}")
        self.check_budget(budget)
        checked = self._check_assumptions(assumptions)
        if budget.conflict_limit == 0:
            return SolveResult("unknown", reason="conflicts")
        remaining = budget.remaining()
        if remaining is not None and remaining <= 0.0:
            return SolveResult("unknown", reason="time")
        return self._solve(checked, budget)

    def check_budget(self, budget: Budget) -> None:
        """Refuse a budget this backend cannot honour, before any work (every query calls it).

        Raises:
            SolverError: the backend cannot honour one of the budget's limits.
        """
        del budget  # every budget is honoured unless a backend says otherwise

    def _full_model(self, model: Sequence[int]) -> list[int]:
        """``model`` cut or padded to exactly the model's variables (absent ones false)."""
        count = self.model.num_vars
        values = list(model[:count])
        if len(values) < count:
            values.extend(-v for v in range(len(values) + 1, count + 1))
        return values

    def minimal_core(
        self,
        assumptions: Sequence[int],
        *,
        fixed: Sequence[int] = (),
        budget: Budget = UNLIMITED,
    ) -> CoreResult:
        """A minimal unsatisfiable subset of ``assumptions``, if there is one.

        ``fixed`` literals are assumed in every query but are never part of
        the answer: the core is minimal among the subsets of
        ``assumptions`` that are unsatisfiable together with ``fixed``.

        Deletion-based minimisation with core refinement: each assumption of
        the solver's core is dropped in turn; when the rest is still unsat,
        the new (smaller) core replaces it. The result is minimal: dropping
        any one of its literals makes the query satisfiable.

        The budget's time limit bounds the whole call, its conflict limit
        each solver call. If the budget runs out during minimisation the
        current (unsat) core is returned with ``minimal=False``.
        """
        self.check_budget(budget)
        pinned = self._check_assumptions(fixed)
        pinned_set = set(pinned)
        first = self.solve([*pinned, *assumptions], budget)
        if first.status != "unsat":
            return CoreResult(first.status, None, False, first.model)
        assert first.core is not None
        core = [literal for literal in first.core if literal not in pinned_set]
        minimal = True
        index = 0
        while index < len(core):
            trial = core[:index] + core[index + 1 :]
            answer = self.solve([*pinned, *trial], budget)
            if answer.status == "unsat":
                assert answer.core is not None
                kept = set(answer.core)
                # Literals before ``index`` are necessary, so they are in every
                # core of ``trial``: refinement keeps them in place.
                core = [literal for literal in trial if literal in kept]
            elif answer.status == "unknown":
                minimal = False
                break
            else:
                index += 1
        return CoreResult("unsat", tuple(core), minimal)

    def enumerate(
        self,
        projection: Sequence[int],
        *,
        assumptions: Sequence[int] = (),
        limit: int | None = None,
        budget: Budget = UNLIMITED,
    ) -> Enumeration:
        """Enumerate the solutions projected on the variables ``projection``.

        Two models that agree on every projected variable count once. Runs on
        a :meth:`scratch` copy, blocking each solution found with a clause,
        so this backend's compiled solver is left exactly as it was.

        Args:
            projection: variables of the model (positive integers).
            assumptions: literals taken as true throughout.
            limit: stop after this many solutions (``None``: all).
            budget: time for the whole enumeration, conflicts per solver call.

        Raises:
            ModelError: a projection entry is not a variable of the model.
            TypeError: ``limit`` is not an int.
            BudgetError: ``limit`` is negative.
        """
        for variable in projection:
            if isinstance(variable, bool) or not isinstance(variable, int):
                raise TypeError(f"a projection entry must be an int variable, not {variable!r}")
            if not 1 <= variable <= self.model.num_vars:
                raise ModelError(f"projection entry {variable} is not a variable of the model")
        if limit is not None:
            if isinstance(limit, bool) or not isinstance(limit, int):
                raise TypeError(f"limit must be an int or None, not {type(limit).__name__}")
            if limit < 0:
                raise BudgetError(f"limit must be 0 or more, not {limit}")
        self.check_budget(budget)
        checked = self._check_assumptions(assumptions)
        solutions: list[tuple[int, ...]] = []
        if limit == 0:
            return Enumeration(solutions, False)
        copy = self.scratch()
        while limit is None or len(solutions) < limit:
            answer = copy.solve(checked, budget)
            if answer.status == "unsat":
                return Enumeration(solutions, True)
            if answer.status == "unknown":
                return Enumeration(solutions, False)
            assert answer.model is not None
            solution = tuple(answer.model[v - 1] for v in projection)
            solutions.append(solution)
            copy.add_clause([-literal for literal in solution])
        return Enumeration(solutions, False)

    def optimize(
        self,
        objective: Objective,
        assumptions: Sequence[int] = (),
        *,
        budget: Budget = UNLIMITED,
    ) -> OptimizeResult:
        """Find a model under ``assumptions`` that optimises ``objective``.

        With no budget the backend's own optimiser answers (python-sat's RC2
        MaxSAT solver, :class:`~examples.rc2.RC2`; :class:`z3.Optimize`):
        ``"optimal"`` or ``"unsat"``. Under
        a budget, a model-improving search runs on a :meth:`scratch` copy:
        each model found is kept as the best so far and the next query asks
        for a strictly better one (a pseudo-Boolean bound on the objective),
        until none exists (``"optimal"``) or the budget runs out
        (``"feasible"``, the best found so far, not proven optimal; or
        ``"unknown"`` if none was found).

        Raises:
            ModelError: the objective names a literal outside the model.
        """
        self.model.check_objective(objective)
        self.check_budget(budget)
        checked = self._check_assumptions(assumptions)
        if budget.unlimited:
            return self._optimize_exact(objective, checked)
        copy = self.scratch()
        return improving_search(objective, lambda: copy.solve(checked, budget), copy.add_constraint)

    # -- smallest unsat cores ----------------------------------------------------------------

    def companion(self, model: Model) -> Backend:
        """A new backend of this kind and with these options, compiling ``model``.

        Used for the auxiliary formulas of the algorithms built on
        :meth:`solve` (the hitting sets of :meth:`smallest_core`), so that
        they are solved, and budgets honoured, as this backend's queries are.
        """
        return make_backend(self.name, model)

    def smallest_core(
        self,
        assumptions: Sequence[int],
        *,
        fixed: Sequence[int] = (),
        budget: Budget = UNLIMITED,
        start: Sequence[int] | None = None,
    ) -> SmallestCoreResult:
        """An unsatisfiable subset of ``assumptions`` of minimum cardinality, if there is one.

        ``fixed`` literals are assumed in every query but are never part of
        the answer, as in :meth:`minimal_core`. Repeated assumptions count
        once.

        The implicit hitting set algorithm (Ignatiev, Previti, Liffiton and
        Marques-Silva, "Smallest MUS extraction with minimal hitting set
        dualization", CP 2015): every unsatisfiable subset meets every
        minimal correction set (the complement of a maximal satisfiable
        subset), so a minimum hitting set of the correction sets found so
        far is a lower bound. Each round takes a minimum hitting set ``h``
        of them; if ``h`` is unsatisfiable it is a smallest core; otherwise
        the model of ``h`` is grown into a maximal satisfiable subset, whose
        complement is a new correction set to hit. The hitting sets are
        found by this backend's own kind of solver (:meth:`companion`): an
        incremental formula holding one clause per correction set and a
        sequential counter, asked for a hitting set of at most ``k``
        literals with ``k`` raised from the lower bound. The search starts
        from :meth:`minimal_core`'s answer, the best core so far; it stops
        as soon as the lower bound reaches its size.

        The budget's time limit bounds the whole call, its conflict limit
        each solver call (hitting sets included). When the budget runs out
        the best core found so far is returned with ``smallest=False`` and
        the lower bound proven so far; ``minimal`` says whether it is
        known to be minimal.

        ``start``, when given, is a minimal unsatisfiable subset of
        ``assumptions`` (with ``fixed``) the caller has already found and
        proven minimal; the search starts from it instead of from
        :meth:`minimal_core`'s answer.

        Raises:
            TypeError: an assumption is not an ``int``.
            ModelError: an assumption is not a literal of the compiled formula.
            SolverError: the backend cannot honour the budget.
        """
        self.check_budget(budget)
        pinned = self._check_assumptions(fixed)
        pinned_set = set(pinned)
        candidates = list(
            dict.fromkeys(
                lit for lit in self._check_assumptions(assumptions) if lit not in pinned_set
            )
        )
        if start is not None:
            first = CoreResult("unsat", tuple(self._check_assumptions(start)), True)
        else:
            first = self.minimal_core(candidates, fixed=pinned, budget=budget)
        if first.status != "unsat":
            return SmallestCoreResult(first.status, None, False, False, 0, first.model)
        assert first.core is not None
        in_core = set(first.core)
        best = tuple(lit for lit in candidates if lit in in_core)
        if not first.minimal:
            return SmallestCoreResult("unsat", best, False, False, 0)
        # A minimal core: every proper subset, the empty one included, is sat.
        lower = min(1, len(best))
        if lower == len(best):
            return SmallestCoreResult("unsat", best, True, True, lower)
        hitting = _HittingSets(self, len(candidates), len(best))
        index = {literal: i for i, literal in enumerate(candidates)}
        variables = self.model.num_vars
        while lower < len(best):
            chosen = hitting.at_most(lower, budget)
            if chosen is None:  # the budget ran out
                break
            if chosen is False:  # no hitting set of ``lower`` literals: raise the bound
                lower += 1
                continue
            subset = [candidates[i] for i in chosen]
            answer = self.solve([*pinned, *subset], budget)
            if answer.status == "unknown":
                break
            if answer.status == "unsat":
                best = tuple(subset)
                break
            # Grow the model of ``subset`` into a maximal satisfiable subset:
            # its complement is a correction set, which every core meets.
            assert answer.model is not None
            model = answer.model
            satisfied = dict.fromkeys(subset)
            pending = [lit for lit in candidates if lit not in satisfied]
            while pending:
                holding = [lit for lit in pending if _holds(model, lit, variables)]
                satisfied.update(dict.fromkeys(holding))
                pending = [lit for lit in pending if lit not in satisfied]
                if not pending:
                    break
                trial = pending.pop(0)
                answer = self.solve([*pinned, *satisfied, trial], budget)
                if answer.status == "unknown":
                    return SmallestCoreResult("unsat", best, False, True, lower)
                if answer.status == "sat":
                    assert answer.model is not None
                    satisfied[trial] = None
                    model = answer.model
            correction = [index[lit] for lit in candidates if lit not in satisfied]
            # Every candidate together is unsat, so a satisfiable set misses one.
            assert correction
            hitting.add(correction)
        return SmallestCoreResult("unsat", best, lower >= len(best), True, lower)


def _holds(model: Sequence[int], literal: int, variables: int) -> bool:
    """Whether ``literal`` is true in ``model`` (false beyond the model's variables)."""
    return abs(literal) <= variables and model[abs(literal) - 1] == literal


class _HittingSets:
    """Minimum hitting sets of a growing family of sets of candidates ``0 .. size - 1``.

    A formula in the backend's own kind of solver (:meth:`Backend.companion`):
    a variable per candidate ("chosen"), one clause per set to hit (one of
    its candidates is chosen), and a sequential counter (Sinz, 2005): the
    counter literal ``counts[i][j - 1]`` is forced true when at least ``j``
    of the first ``i + 1`` candidates are chosen, so assuming the last
    row's ``counts[-1][k]`` false allows at most ``k`` chosen. Counts up to
    ``most`` are encoded: bounds from 0 to ``most - 1`` can be asked.
    """

    def __init__(self, backend: Backend, size: int, most: int) -> None:
        model = Model()
        self.chosen = [model.bool_var() for _ in range(size)]
        constraints: list[Constraint] = []
        previous: list[int] = []
        for x in self.chosen:
            row = [model.bool_var() for _ in range(most)]
            constraints.append(clause(-x, row[0]))
            for j, earlier in enumerate(previous):
                constraints.append(clause(-earlier, row[j]))
                if j + 1 < most:
                    constraints.append(clause(-x, -earlier, row[j + 1]))
            previous = row
        model.add("at most k chosen (sequential counter)", constraints)
        self.counts = previous
        self.backend = backend.companion(model)

    def at_most(self, k: int, budget: Budget) -> list[int] | Literal[False] | None:
        """The chosen candidates of a hitting set of at most ``k``; False: none; None: budget."""
        answer = self.backend.solve([-self.counts[k]], budget)
        if answer.status == "unknown":
            return None
        if answer.status == "unsat":
            return False
        return [i for i, x in enumerate(self.chosen) if answer.value(x)]

    def add(self, indices: Sequence[int]) -> None:
        """A new set to hit: candidates ``indices``."""
        self.backend.add_clause([self.chosen[i] for i in indices])


def improving_search(
    objective: Objective,
    solve: Callable[[], SolveResult],
    tighten: Callable[[PseudoBoolean], None],
) -> OptimizeResult:
    """The model-improving search of :meth:`Backend.optimize` under a budget.

    ``solve()`` asks for a model; each model found is the best so far, and
    ``tighten(bound)`` makes every later model strictly better (``bound``: the
    objective, as a pseudo-Boolean sum, at most the model's value less one, or at
    least one more when maximising). The answer is ``"optimal"`` when no better
    model exists, ``"unsat"`` when none does at all, and under a budget
    ``"feasible"`` (the best found) or ``"unknown"`` (none found).
    """
    sign = 1 if objective.sense == "minimize" else -1
    terms, constant = merged_terms((sign * c, lit) for c, lit in objective.terms)
    best: OptimizeResult | None = None
    while True:
        answer = solve()
        if answer.status == "unsat":
            return OptimizeResult("unsat") if best is None else best_optimal(best)
        if answer.status == "unknown":
            return OptimizeResult("unknown") if best is None else best
        assert answer.model is not None
        value = objective_value(objective, answer.model)
        best = OptimizeResult("feasible", value, answer.model)
        if not terms:  # a constant objective: every model is optimal
            return best_optimal(best)
        # Strictly better: sign * objective <= sign * value - 1.
        tighten(PseudoBoolean(terms, "<=", sign * value - 1 - constant))


def best_optimal(result: OptimizeResult) -> OptimizeResult:
    """``result`` marked proven optimal."""
    return OptimizeResult("optimal", result.value, result.model)


def merged_terms(terms: Iterable[tuple[int, int]]) -> tuple[tuple[tuple[int, int], ...], int]:
    """A linear sum over literals as one positive-literal term per variable, plus a constant.

    ``c * -v`` is ``c - c * v``; terms of one variable are added; zero terms
    are dropped. Returns ``(terms, constant)`` with ``sum(terms) + constant``
    equal to the given sum under every assignment.
    """
    coefficients: dict[int, int] = {}
    constant = 0
    for coefficient, literal in terms:
        if literal > 0:
            coefficients[literal] = coefficients.get(literal, 0) + coefficient
        else:
            coefficients[-literal] = coefficients.get(-literal, 0) - coefficient
            constant += coefficient
    merged = tuple((c, v) for v, c in sorted(coefficients.items()) if c)
    return merged, constant


def objective_value(objective: Objective, model: Sequence[int]) -> int:
    """The value of ``objective`` in a model (``model[v - 1]`` is ``v`` or ``-v``)."""
    total = 0
    for coefficient, literal in objective.terms:
        if model[abs(literal) - 1] == literal:
            total += coefficient
    return total


# -- making and caching backends ---------------------------------------------------------------


def make_backend(name: str, model: Model, **options: Any) -> Backend:
    """Compile ``model`` with the backend called ``name``.

    Args:
        name: ``"sat"`` (python-sat; option ``solver``, a SAT solver name,
            CaDiCaL 1.9.5 by default) or ``"z3"``.
        model: the model to compile.
        options: backend options (``solver=`` for ``"sat"``).

    Raises:
        SolverError: an unknown backend name, an unknown option, or a SAT
            solver that cannot honour assumptions and budgets.
    """
    from dokuspec import solvers  # noqa: PLC0415 - the backends import this module

    if not isinstance(name, str):
        raise TypeError(f"a backend name must be a str, not {type(name).__name__}")
    # "sat" without solvers.BACKENDS, which imports Z3
    backend_class = solvers.SatBackend if name == "sat" else solvers.BACKENDS.get(name)
    if backend_class is None:
        known = ", ".join(sorted(solvers.BACKENDS))
        raise SolverError(f"unknown backend {name!r}; choose one of {known}")
    try:
        return backend_class(model, **options)
    except TypeError as error:
        if "unexpected keyword" in str(error):
            raise SolverError(f"backend {name!r} takes no option in {sorted(options)}") from None
        raise


class BackendCache:
    """A bounded cache of compiled backends, keyed by rule set, backend name and options.

    The least recently used entry is dropped when more than ``maxsize`` are
    kept. One cache (:data:`CACHE`) serves the public API of every game and
    the cross-checks of :mod:`dokuspec.verify`, so a rule set is compiled
    once per process. Lookups are thread-safe; the backends themselves are not.
    """

    def __init__(self, maxsize: int = 32) -> None:
        self.maxsize = maxsize
        self._entries: OrderedDict[Hashable, tuple[Any, Backend]] = OrderedDict()
        self._lock = threading.Lock()

    def get(
        self,
        rules: Hashable,
        build: Callable[[], Any],
        model_of: Callable[[Any], Model],
        backend: str,
        **options: Any,
    ) -> tuple[Any, Backend]:
        """The spec object and compiled backend for ``rules``, compiling them on a miss.

        Args:
            rules: a hashable key naming the game and its rule set.
            build: makes the spec object (a game's model wrapper) on a miss.
            model_of: the :class:`~dokuspec.spec.model.Model` inside that object.
            backend: the backend name for :func:`make_backend`.
            options: backend options (part of the key).

        Raises:
            SolverError: as :func:`make_backend`.
        """
        key = (rules, backend, tuple(sorted(options.items())))
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                return found
        spec = build()
        compiled = make_backend(backend, model_of(spec), **options)
        with self._lock:
            self._entries[key] = (spec, compiled)
            while len(self._entries) > self.maxsize:
                self._entries.popitem(last=False)
        return spec, compiled

    def discard(self, compiled: Backend) -> None:
        """Forget ``compiled`` (for a backend that can no longer be trusted)."""
        with self._lock:
            for key, (_, entry) in list(self._entries.items()):
                if entry is compiled:
                    del self._entries[key]

    def clear(self) -> None:
        """Forget every compiled backend."""
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


#: The one cache of compiled backends (public API and cross-checks).
CACHE = BackendCache(32)

# Free the compiled solvers while their libraries are still loaded: python-sat
# cannot delete a solver once the interpreter has begun to tear its modules down.
atexit.register(CACHE.clear)
