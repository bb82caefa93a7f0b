"""Compile a :class:`~dokuspec.spec.model.Model` and solve it. Knows no game.

* :class:`~dokuspec.solvers.sat.SatBackend`: CNF and python-sat (CaDiCaL by default).
* :class:`~dokuspec.solvers.smt.SmtBackend`: Z3.
"""

from dokuspec.solvers.base import Backend, CoreResult, Enumeration, OptimizeResult, SolveResult
from dokuspec.solvers.sat import SatBackend
from dokuspec.solvers.smt import SmtBackend

__all__ = [
    "BACKENDS",
    "Backend",
    "CoreResult",
    "Enumeration",
    "OptimizeResult",
    "SatBackend",
    "SmtBackend",
    "SolveResult",
]

#: Backend classes by their short name.
BACKENDS: dict[str, type[Backend]] = {"sat": SatBackend, "z3": SmtBackend}
