"""What a backend answers: a status, and the model, core, solutions or optimum behind it.

An answer is ``"sat"`` (with a model over every variable of the model),
``"unsat"`` (with a core over the assumptions) or ``"unknown"`` (the budget
ran out, or the query was interrupted); never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

__all__ = [
    "CoreResult",
    "Enumeration",
    "OptimizeResult",
    "SmallestCoreResult",
    "SolveResult",
    "Status",
]

Status: TypeAlias = Literal["sat", "unsat", "unknown"]


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The answer to one query.

    Attributes:
        status: ``"sat"``, ``"unsat"`` or ``"unknown"``.
        model: when sat, a list of signed literals covering every variable of
            the model, ``model[v - 1]`` being ``v`` or ``-v`` (DIMACS
            convention); otherwise ``None``.
        core: when unsat, a subset of the assumptions that is unsatisfiable
            with the model (not necessarily minimal); otherwise ``None``.
        reason: when unknown, why: ``"time"``, ``"conflicts"`` (the budget
            ran out); otherwise ``None``.
    """

    status: Status
    model: list[int] | None = None
    core: tuple[int, ...] | None = None
    reason: str | None = None

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
    """The answer of :meth:`~dokuspec.solvers.base.Backend.minimal_core`.

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
class SmallestCoreResult:
    """The answer of :meth:`~dokuspec.solvers.base.Backend.smallest_core`.

    Attributes:
        status: the status of the query under all the assumptions.
        core: when unsat, a subset of the assumptions that is unsatisfiable
            (the smallest found), in the order the assumptions were given.
        smallest: whether ``core`` is proven to be of minimum cardinality:
            no unsatisfiable subset of the assumptions has fewer literals.
            False when a budget stopped the search first.
        minimal: whether ``core`` is known to be minimal (removing any one
            literal makes it satisfiable); a smallest core is minimal.
        lower_bound: a proven lower bound on the size of every unsatisfiable
            subset (``len(core)`` when ``smallest``; 0 when nothing is known).
        model: when sat, the model (as in :class:`SolveResult`).
    """

    status: Status
    core: tuple[int, ...] | None
    smallest: bool
    minimal: bool
    lower_bound: int = 0
    model: list[int] | None = None


@dataclass(frozen=True, slots=True)
class Enumeration:
    """The answer of :meth:`~dokuspec.solvers.base.Backend.enumerate`.

    Attributes:
        solutions: distinct solutions projected on the requested variables,
            each a tuple of signed literals in projection order.
        complete: true when every projected solution is listed; false when
            the limit or the budget stopped the enumeration first.
    """

    solutions: list[tuple[int, ...]]
    complete: bool


@dataclass(frozen=True, slots=True)
class OptimizeResult:
    """The answer of :meth:`~dokuspec.solvers.base.Backend.optimize`.

    Attributes:
        status: ``"optimal"`` (proven), ``"feasible"`` (the budget ran out
            after a solution was found: ``value`` is the best found so far,
            not proven optimal), ``"unsat"`` or ``"unknown"`` (the budget ran
            out before any solution).
        value: the objective's value of ``model`` (optimal or feasible).
        model: the best model found (as in :class:`SolveResult`).
    """

    status: Literal["optimal", "feasible", "unsat", "unknown"]
    value: int | None = None
    model: list[int] | None = None

    @property
    def proven_optimal(self) -> bool:
        """Whether ``value`` is proven optimal."""
        return self.status == "optimal"
