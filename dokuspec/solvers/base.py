"""What every solver backend offers, and the algorithms built on top of it.

A backend compiles a :class:`~dokuspec.spec.model.Model` once and answers many
queries against it, each under *assumptions* (literals taken as true for that
query only). Answers are ``"sat"``, ``"unsat"`` or ``"unknown"`` (a time or
conflict budget ran out); never a guess.

On top of :meth:`Backend.solve`, this module implements, once for all
backends: minimal unsat cores over assumptions (:meth:`Backend.minimal_core`)
and enumeration of solutions projected on chosen variables
(:meth:`Backend.enumerate`).
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from dokuspec.spec.model import Model, Objective

__all__ = [
    "Backend",
    "CoreResult",
    "Enumeration",
    "OptimizeResult",
    "SolveResult",
    "Status",
]

Status: TypeAlias = Literal["sat", "unsat", "unknown"]


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The answer to one query.

    Attributes:
        status: ``"sat"``, ``"unsat"`` or ``"unknown"`` (budget reached).
        model: when sat, a list of signed literals, ``model[v - 1]`` being
            ``v`` or ``-v`` for every variable ``v`` of the model (DIMACS
            convention); otherwise ``None``.
        core: when unsat, a subset of the assumptions that is unsatisfiable
            with the model (not necessarily minimal); otherwise ``None``.
    """

    status: Status
    model: list[int] | None = None
    core: tuple[int, ...] | None = None

    def value(self, literal: int) -> bool:
        """Whether ``literal`` is true in the model.

        Raises:
            ValueError: the result has no model (status is not ``"sat"``).
        """
        if self.model is None:
            raise ValueError(f"a {self.status} result has no model")
        return self.model[abs(literal) - 1] == literal


@dataclass(frozen=True, slots=True)
class CoreResult:
    """The answer of :meth:`Backend.minimal_core`.

    Attributes:
        status: the status of the query under all the assumptions.
        core: when unsat, a subset of the assumptions that is unsatisfiable.
        minimal: whether ``core`` is known to be minimal (removing any one
            literal makes it satisfiable); false when a budget interrupted
            the minimisation.
        model: when sat, the model (as in :class:`SolveResult`).
    """

    status: Status
    core: tuple[int, ...] | None
    minimal: bool
    model: list[int] | None = None


@dataclass(frozen=True, slots=True)
class Enumeration:
    """The answer of :meth:`Backend.enumerate`.

    Attributes:
        solutions: distinct solutions projected on the requested variables,
            each a tuple of signed literals in projection order.
        complete: true when every projected solution is listed; false when
            the limit or a budget stopped the enumeration first.
    """

    solutions: list[tuple[int, ...]]
    complete: bool


@dataclass(frozen=True, slots=True)
class OptimizeResult:
    """The answer of :meth:`Backend.optimize`.

    Attributes:
        status: ``"optimal"``, ``"unsat"`` or ``"unknown"`` (budget reached).
        value: the optimal value of the objective, when optimal.
        model: an optimal model (as in :class:`SolveResult`), when optimal.
    """

    status: Literal["optimal", "unsat", "unknown"]
    value: int | None = None
    model: list[int] | None = None


class Backend(ABC):
    """A compiled model that answers queries.

    Subclasses compile in ``__init__``; every query may carry assumptions and
    a budget: ``time_limit`` in seconds and ``conflict_limit`` in solver
    conflicts. A query whose budget runs out answers ``"unknown"``.
    """

    #: Short name of the backend ("sat", "z3").
    name: str

    def __init__(self, model: Model) -> None:
        self.model = model

    @abstractmethod
    def solve(
        self,
        assumptions: Sequence[int] = (),
        *,
        time_limit: float | None = None,
        conflict_limit: int | None = None,
    ) -> SolveResult:
        """Decide the model under ``assumptions``.

        Args:
            assumptions: literals taken as true for this query only.
            time_limit: seconds, or ``None`` for no limit.
            conflict_limit: solver conflicts, or ``None`` for no limit.
        """

    @abstractmethod
    def new_var(self) -> int:
        """Allocate a fresh Boolean variable in the compiled formula."""

    @abstractmethod
    def add_clause(self, literals: Sequence[int]) -> None:
        """Add a clause to the compiled formula for all later queries."""

    @abstractmethod
    def optimize(
        self,
        objective: Objective,
        assumptions: Sequence[int] = (),
        *,
        time_limit: float | None = None,
    ) -> OptimizeResult:
        """Find a model under ``assumptions`` that optimises ``objective``."""

    def minimal_core(
        self,
        assumptions: Sequence[int],
        *,
        fixed: Sequence[int] = (),
        time_limit: float | None = None,
        conflict_limit: int | None = None,
    ) -> CoreResult:
        """A minimal unsatisfiable subset of ``assumptions``, if there is one.

        ``fixed`` literals are assumed in every query but are never part of
        the answer: the core is minimal among the subsets of
        ``assumptions`` that are unsatisfiable together with ``fixed``.

        Deletion-based minimisation with core refinement: each assumption of
        the solver's core is dropped in turn; when the rest is still unsat,
        the new (smaller) core replaces it. The result is minimal: dropping
        any one of its literals makes the query satisfiable.

        ``time_limit`` bounds the whole call; ``conflict_limit`` each query.
        If a budget runs out during minimisation the current (unsat) core is
        returned with ``minimal=False``.
        """
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        pinned = list(fixed)
        pinned_set = set(pinned)
        first = self.solve(
            [*pinned, *assumptions], time_limit=time_limit, conflict_limit=conflict_limit
        )
        if first.status != "unsat":
            return CoreResult(first.status, None, False, first.model)
        assert first.core is not None
        core = [literal for literal in first.core if literal not in pinned_set]
        minimal = True
        index = 0
        while index < len(core):
            remaining = None if deadline is None else deadline - time.perf_counter()
            if remaining is not None and remaining <= 0:
                minimal = False
                break
            trial = core[:index] + core[index + 1 :]
            answer = self.solve(
                [*pinned, *trial], time_limit=remaining, conflict_limit=conflict_limit
            )
            if answer.status == "unsat":
                assert answer.core is not None
                kept = set(answer.core)
                # Literals before ``index`` are necessary, so they are in every
                # core of ``trial``: refinement keeps them in place.
                core = [literal for literal in trial if literal in kept]
            else:
                if answer.status == "unknown":
                    minimal = False
                index += 1
        return CoreResult("unsat", tuple(core), minimal)

    def enumerate(
        self,
        projection: Sequence[int],
        *,
        assumptions: Sequence[int] = (),
        limit: int | None = None,
        time_limit: float | None = None,
        conflict_limit: int | None = None,
    ) -> Enumeration:
        """Enumerate the solutions projected on the variables ``projection``.

        Two models that agree on every projected variable count once. Each
        solution found is blocked by a clause guarded by a fresh activation
        literal, which is retired at the end, so later queries see the
        formula unchanged.

        Args:
            projection: variables (positive integers).
            assumptions: literals taken as true throughout.
            limit: stop after this many solutions (``None``: all).
            time_limit: seconds for the whole enumeration.
            conflict_limit: conflicts per query.

        Raises:
            ValueError: a projection entry is not a variable of the model.
        """
        for variable in projection:
            if variable <= 0:
                raise ValueError(f"projection entry {variable} is not a variable")
            self.model.check_literal(variable, "projection")
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        activation = self.new_var()
        solutions: list[tuple[int, ...]] = []
        complete = False
        try:
            while limit is None or len(solutions) < limit:
                remaining = None if deadline is None else deadline - time.perf_counter()
                if remaining is not None and remaining <= 0:
                    break
                answer = self.solve(
                    [*assumptions, activation],
                    time_limit=remaining,
                    conflict_limit=conflict_limit,
                )
                if answer.status == "unsat":
                    complete = True
                    break
                if answer.status == "unknown":
                    break
                assert answer.model is not None
                solution = tuple(answer.model[v - 1] for v in projection)
                solutions.append(solution)
                self.add_clause([-activation, *(-literal for literal in solution)])
        finally:
            self.add_clause([-activation])
        return Enumeration(solutions, complete)
