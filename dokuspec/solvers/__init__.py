"""Compile a :class:`~dokuspec.spec.model.Model` and solve it. Knows no game.

* :mod:`dokuspec.solvers.base`: the backend contract, :class:`Budget`,
  :func:`make_backend` and the one cache of compiled backends, :data:`CACHE`.
* :class:`~dokuspec.solvers.sat.SatBackend`: CNF and python-sat (CaDiCaL by default).
* :class:`~dokuspec.solvers.smt.SmtBackend`: Z3.
"""

from dokuspec.solvers.base import (
    CACHE,
    UNLIMITED,
    Backend,
    BackendCache,
    Budget,
    CoreResult,
    Enumeration,
    OptimizeResult,
    SmallestCoreResult,
    SolveResult,
    as_budget,
    make_backend,
)
from dokuspec.solvers.sat import SatBackend
from dokuspec.solvers.smt import SmtBackend

__all__ = [
    "BACKENDS",
    "CACHE",
    "UNLIMITED",
    "Backend",
    "BackendCache",
    "Budget",
    "CoreResult",
    "Enumeration",
    "OptimizeResult",
    "SatBackend",
    "SmallestCoreResult",
    "SmtBackend",
    "SolveResult",
    "as_budget",
    "make_backend",
]

#: Backend classes by their short name.
BACKENDS: dict[str, type[Backend]] = {"sat": SatBackend, "z3": SmtBackend}
