"""Compile a :class:`~dokuspec.spec.model.Model` and solve it. Knows no game.

* :mod:`dokuspec.solvers.base`: the backend contract, :func:`make_backend`
  and the one cache of compiled backends, :data:`CACHE`;
  :mod:`dokuspec.solvers.budget`: :class:`Budget` and the watchdog that
  keeps it; :mod:`dokuspec.solvers.results`: what a backend answers.
* :class:`~dokuspec.solvers.sat.SatBackend`: CNF and python-sat (CaDiCaL by default);
  :mod:`dokuspec.solvers.proofs`: its refutations (a CNF and a DRUP proof),
  checked by an independent checker.
* :class:`~dokuspec.solvers.smt.SmtBackend`: Z3.

Each backend's module is imported when it is first used (as
:class:`SatBackend`, :class:`SmtBackend`, ``BACKENDS``, or by
:func:`make_backend`), so that a program loads only the solver libraries it
uses: Z3 only for the backend ``"z3"``.
"""

from typing import TYPE_CHECKING

from dokuspec.solvers.base import CACHE, Backend, BackendCache, make_backend
from dokuspec.solvers.budget import UNLIMITED, Budget, as_budget
from dokuspec.solvers.results import (
    CoreResult,
    Enumeration,
    OptimizeResult,
    SmallestCoreResult,
    SolveResult,
)

if TYPE_CHECKING:
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

if TYPE_CHECKING:
    #: Backend classes by their short name.
    BACKENDS: dict[str, type[Backend]] = {"sat": SatBackend, "z3": SmtBackend}
else:

    def __getattr__(name: str) -> object:
        """The backends, imported when first used (:pep:`562`): ``SatBackend`` imports
        python-sat; ``SmtBackend`` and ``BACKENDS`` import Z3 too."""
        if name not in ("SatBackend", "SmtBackend", "BACKENDS"):
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        from dokuspec.solvers.sat import SatBackend  # noqa: PLC0415 - python-sat loads here

        globals()["SatBackend"] = SatBackend
        if name != "SatBackend":
            from dokuspec.solvers.smt import SmtBackend  # noqa: PLC0415 - Z3 loads here

            globals().update(SmtBackend=SmtBackend, BACKENDS={"sat": SatBackend, "z3": SmtBackend})
        return globals()[name]

    def __dir__() -> list[str]:
        return sorted({*globals(), *__all__})
