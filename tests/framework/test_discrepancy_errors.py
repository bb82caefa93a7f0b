"""One root for every finding: each error a cross-check or an engine's invariant raises is a
DiscrepancyError (an AssertionError), each error of bad input a DokuspecError, and no two
error classes of dokuspec share a name."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import dokuspec
from dokuspec.errors import DiscrepancyError, DokuspecError
from dokuspec.verify.twodoku.positions import UndecidedError


def _modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(dokuspec.__path__, "dokuspec."):
        if info.name.startswith(("dokuspec.openspiel.games", "dokuspec.__main__")):
            continue  # needs OpenSpiel; runs the command line
        names.append(info.name)
    return names


def _exceptions() -> dict[str, type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for name in _modules():
        module = importlib.import_module(name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__ == name:
                found[f"{name}.{value.__qualname__}"] = value
    return found


def test_every_error_of_dokuspec_has_one_of_the_two_roots() -> None:
    # Public errors of the library; private ones stop a search and never leave their module,
    # and the command line's own turn I/O failures into exit statuses.
    orphans = [
        where
        for where, error in _exceptions().items()
        if not error.__name__.startswith("_")
        and not where.startswith("dokuspec.cli.")
        and not issubclass(error, DiscrepancyError | DokuspecError)
        and error is not UndecidedError  # "unknown": a limit, neither a finding nor bad input
        and not issubclass(error, OSError)  # files and records that cannot be written
    ]
    assert orphans == []


def test_every_error_of_the_cross_checks_is_a_discrepancy() -> None:
    checks = {
        where: error
        for where, error in _exceptions().items()
        if where.startswith("dokuspec.verify.") and error is not UndecidedError
    }
    assert checks  # the cross-checks have error classes
    wrong = [w for w, e in checks.items() if not issubclass(e, DiscrepancyError | DokuspecError)]
    assert wrong == []
    from dokuspec.engine.twodoku.deals import FairDealMissingError  # noqa: PLC0415

    assert issubclass(FairDealMissingError, DiscrepancyError)


def test_no_two_error_classes_share_a_name() -> None:
    seen: dict[str, str] = {}
    twice = []
    for where, error in _exceptions().items():
        name = error.__name__
        if name in seen:
            twice.append((seen[name], where))
        seen[name] = where
    assert twice == []
