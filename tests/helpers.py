"""Helpers shared by the tests: bundled data, example counts, brute-force model semantics."""

from __future__ import annotations

import importlib
import itertools
import pkgutil
import sys
from collections.abc import Iterable, Iterator, Sequence
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import settings

import dokuspec
import dokuspec.engine.twodoku as twodoku_engine
from dokuspec import games
from dokuspec.solvers import Backend
from dokuspec.spec.model import (
    Cardinality,
    Clause,
    Constraint,
    Model,
    PseudoBoolean,
    Table,
)
from dokuspec.vocabulary.twodoku import ALL_SQUARES

DATA = Path(dokuspec.__file__).parent / "data" / "sumodoku"

CI_EXAMPLES = 30
"""Examples per property test in the ``ci`` and ``dev`` Hypothesis profiles (see conftest.py)."""

MUTATION_EXAMPLES = 10
"""Examples per property test in the ``mutation`` profile (see conftest.py)."""


def data_lines(name: str) -> list[str]:
    """The non-blank, non-comment lines of a bundled Sumodoku data file."""
    text = (DATA / name).read_text()
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


def examples(fraction: float, minimum: int = 3) -> int:
    """``fraction`` of the active Hypothesis profile's ``max_examples`` (at least ``minimum``)."""
    return max(minimum, int(settings.default.max_examples * fraction))


# -- brute-force semantics of the modelling vocabulary ---------------------------------------


def is_true(literal: int, true: frozenset[int]) -> bool:
    """Whether ``literal`` holds when exactly the variables in ``true`` are true."""
    return (literal in true) if literal > 0 else (-literal not in true)


def compare(left: int, comparator: str, bound: int) -> bool:
    if comparator == "<=":
        return left <= bound
    if comparator == ">=":
        return left >= bound
    assert comparator == "=="
    return left == bound


def holds(constraint: Constraint, true: frozenset[int]) -> bool:
    """Whether ``constraint`` holds under the assignment ``true`` (written from the docs)."""
    if isinstance(constraint, Clause):
        return any(is_true(lit, true) for lit in constraint.literals)
    if isinstance(constraint, Cardinality):
        count = sum(is_true(lit, true) for lit in constraint.literals)
        return compare(count, constraint.comparator, constraint.bound)
    if isinstance(constraint, PseudoBoolean):
        total = sum(c for c, lit in constraint.terms if is_true(lit, true))
        return compare(total, constraint.comparator, constraint.bound)
    assert isinstance(constraint, Table)
    matches = [
        all(
            is_true(var.literal(value), true)
            for var, value in zip(constraint.variables, row, strict=True)
        )
        for row in constraint.tuples
    ]
    return any(matches) if constraint.allowed else not any(matches)


def satisfies(model: Model, true: frozenset[int], assumptions: Iterable[int] = ()) -> bool:
    """Whether the assignment satisfies every group (a guarded one only when its selector holds)."""
    if not all(is_true(lit, true) for lit in assumptions):
        return False
    for group in model.groups:
        if group.selector is not None and group.selector not in true:
            continue
        if not all(holds(c, true) for c in group.constraints):
            return False
    return True


def assignments(num_vars: int) -> Iterator[frozenset[int]]:
    """Every assignment of variables 1..num_vars, as the set of true variables."""
    for bits in itertools.product((False, True), repeat=num_vars):
        yield frozenset(v for v, bit in enumerate(bits, start=1) if bit)


def brute_solutions(model: Model, assumptions: Iterable[int] = ()) -> list[frozenset[int]]:
    """Every satisfying assignment of ``model`` (feasible for up to ~16 variables)."""
    fixed = list(assumptions)
    return [t for t in assignments(model.num_vars) if satisfies(model, t, fixed)]


def project(true: frozenset[int], projection: Sequence[int]) -> tuple[int, ...]:
    return tuple(v if v in true else -v for v in projection)


def solver_projections(
    backend: Backend, projection: Sequence[int], assumptions: Sequence[int] = ()
) -> set[tuple[int, ...]]:
    """Every projected solution, enumerated by the backend (which must finish)."""
    found = backend.enumerate(projection, assumptions=list(assumptions))
    assert found.complete
    solutions = set(found.solutions)
    assert len(solutions) == len(found.solutions), "enumerate repeated a solution"
    return solutions


def all_projections(backend: Backend, model: Model) -> set[tuple[int, ...]]:
    """Every solution over all model variables, enumerated by the backend."""
    return solver_projections(backend, range(1, model.num_vars + 1))


def brute_projections(
    model: Model, projection: Sequence[int], assumptions: Iterable[int] = ()
) -> set[tuple[int, ...]]:
    return {project(t, projection) for t in brute_solutions(model, assumptions)}


def pigeonhole(pigeons: int, *, pairwise: bool, guarded: bool = False) -> Model:
    """``pigeons`` pigeons into ``pigeons - 1`` holes: unsat, and hard for resolution.

    With ``pairwise`` each hole's "at most one pigeon" is a set of binary
    clauses (hard for every backend from about 11 pigeons on); otherwise a
    cardinality constraint.
    """
    from dokuspec.spec.model import at_most, clause  # noqa: PLC0415

    holes = pigeons - 1
    model = Model()
    p = [[model.bool_var(f"p{i}h{j}") for j in range(holes)] for i in range(pigeons)]
    constraints: list[Constraint] = [clause(*row) for row in p]
    for j in range(holes):
        column = [p[i][j] for i in range(pigeons)]
        if pairwise:
            constraints += [clause(-x, -y) for x, y in itertools.combinations(column, 2)]
        else:
            constraints.append(at_most(column, 1))
    model.add("pigeons", constraints, guarded=guarded)
    return model


def twodoku_peers_without_boxes() -> tuple[tuple[int, ...], ...]:
    """A planted fault for the Two-Doku engine (TD-8): its table of peers, each square's
    peers cut down to its row and column, as if the Sudoku check dropped the boxes."""
    return tuple(
        tuple(
            p
            for p in peers
            if ALL_SQUARES[p].row == ALL_SQUARES[i].row or ALL_SQUARES[p].col == ALL_SQUARES[i].col
        )
        for i, peers in enumerate(twodoku_engine.actions._PEERS)
    )


def replace_everywhere(mp: pytest.MonkeyPatch, module: ModuleType, name: str, value: Any) -> None:
    """Replace ``module.name`` and every other binding of the same object in dokuspec.

    Every module of the engines, the public game modules and the cross-checks is
    imported first, and every name they load on first use is bound: a module first
    imported, or a name first used, while the replacement is in place would bind the
    replacement and keep it after the test (the monkeypatch restores only what it
    replaced), so a later test would run against the planted code.
    """
    packages = ("engine", "sumodoku", "competitive", "twodoku", "verify")
    for package in (importlib.import_module(f"dokuspec.{layer}") for layer in packages):
        for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(found.name)
    original = getattr(module, name)
    for loaded in list(sys.modules.values()):
        if loaded is None or not loaded.__name__.startswith("dokuspec"):
            continue
        if name in getattr(loaded, "__all__", ()) and name not in vars(loaded):
            getattr(loaded, name)  # a name loaded on first use, bound now
    for loaded in list(sys.modules.values()):
        if loaded is None or not loaded.__name__.startswith("dokuspec"):
            continue
        for attribute, bound in list(vars(loaded).items()):
            if bound is original:
                mp.setattr(loaded, attribute, value)


def declarations() -> set[str]:
    """The modules of the games' declarations (:mod:`dokuspec.games`), and the packages above
    them: any command loads them (and through them nothing more) to know the games."""
    found = set()
    for point in entry_points(group=games.ENTRY_POINT_GROUP):
        parts = point.module.split(".")
        found |= {".".join(parts[:end]) for end in range(2, len(parts) + 1)}
    return found
