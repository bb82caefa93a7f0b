"""The solver backends on small models with known answers (both backends, two SAT solvers).

Counts of solutions are checked by enumerating them with the backend and by
brute force over every assignment (``helpers.brute_solutions``).
"""

from __future__ import annotations

import gc
import itertools
from collections.abc import Callable
from math import comb

import pytest
from helpers import (
    all_projections,
    brute_projections,
    brute_solutions,
    examples,
    pigeonhole,
    satisfies,
    solver_projections,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from dokuspec.errors import DokuspecError, ModelError
from dokuspec.solvers import Backend, SatBackend, SmtBackend, SolveResult
from dokuspec.solvers.sat import solver_names
from dokuspec.spec.model import (
    Comparator,
    Model,
    Objective,
    Table,
    at_least,
    at_most,
    clause,
    exactly,
    linear,
    sums_equal,
)

Compile = Callable[[Model], Backend]

COMPILERS: dict[str, Compile] = {
    "sat": SatBackend,
    "glucose4": lambda model: SatBackend(model, solver="glucose4"),
    "z3": SmtBackend,
}


@pytest.fixture(params=list(COMPILERS))
def compile_model(request: pytest.FixtureRequest) -> Compile:
    """Compile a model with one backend: SAT (CaDiCaL), SAT (Glucose 4) or Z3."""
    return COMPILERS[request.param]


def variables(model: Model, n: int) -> list[int]:
    return [model.bool_var(f"v{i}") for i in range(n)]


def count(compile_model: Compile, model: Model) -> int:
    return len(all_projections(compile_model(model), model))


# -- clauses and cardinality -------------------------------------------------------------------


def test_clauses_have_the_brute_force_solutions(compile_model: Compile) -> None:
    model = Model()
    a, b, c, d = variables(model, 4)
    model.add("clauses", [clause(a, b), clause(-a, c), clause(-b, -c, d), clause(-d, a)])
    expected = brute_projections(model, range(1, 5))
    assert len(expected) == 4
    assert all_projections(compile_model(model), model) == expected


def test_empty_clause_is_unsat(compile_model: Compile) -> None:
    model = Model()
    variables(model, 2)
    model.add("nothing", [clause()])
    assert compile_model(model).solve([]).status == "unsat"


@pytest.mark.parametrize("comparator", ["<=", ">=", "=="])
def test_cardinality_counts_are_binomial(compile_model: Compile, comparator: Comparator) -> None:
    for n in (1, 2, 3, 4, 6):
        for k in range(n + 2):
            model = Model()
            literals = variables(model, n)
            model.add(f"{comparator} {k}", [linear([(1, v) for v in literals], comparator, k)])
            if comparator == "<=":
                expected = sum(comb(n, i) for i in range(min(k, n) + 1))
            elif comparator == ">=":
                expected = sum(comb(n, i) for i in range(k, n + 1))
            else:
                expected = comb(n, k)
            model2 = Model()
            literals2 = variables(model2, n)
            helper = {"<=": at_most, ">=": at_least, "==": exactly}[comparator]
            model2.add(f"card {comparator} {k}", [helper(literals2, k)])
            assert count(compile_model, model) == expected, (n, comparator, k, "linear")
            assert count(compile_model, model2) == expected, (n, comparator, k, "cardinality")


@pytest.mark.parametrize(
    ("n", "k", "comparator", "expected"),
    [
        (17, 1, "<=", 1 + 17),  # above the pairwise limit of the SAT encoding
        (12, 1, "==", 12),
        (12, 2, "<=", 1 + 12 + 66),
        (12, 10, ">=", 66 + 12 + 1),
        (10, 5, "==", 252),
    ],
)
def test_larger_cardinality(
    compile_model: Compile, n: int, k: int, comparator: Comparator, expected: int
) -> None:
    model = Model()
    literals = variables(model, n)
    helper = {"<=": at_most, ">=": at_least, "==": exactly}[comparator]
    model.add("card", [helper(literals, k)])
    assert count(compile_model, model) == expected


def test_cardinality_over_negative_literals(compile_model: Compile) -> None:
    model = Model()
    a, b, c, d = variables(model, 4)
    model.add("at most one false", [at_most([-a, -b, -c], 1)])
    model.add("exactly two of mixed", [exactly([a, -d, c], 2)])
    expected = brute_projections(model, range(1, 5))
    assert all_projections(compile_model(model), model) == expected


# -- pseudo-Boolean ----------------------------------------------------------------------------


@pytest.mark.parametrize("comparator", ["<=", ">=", "=="])
@pytest.mark.parametrize("bound", [-4, -1, 0, 2, 3, 5, 9, 13])
def test_pseudo_boolean_mixed_coefficients(
    compile_model: Compile, comparator: Comparator, bound: int
) -> None:
    model = Model()
    a, b, c, d, e = variables(model, 5)
    terms = [(3, a), (-2, b), (5, -c), (1, d), (-4, -e)]
    model.add("pb", [linear(terms, comparator, bound)])
    expected = brute_projections(model, range(1, 6))
    assert all_projections(compile_model(model), model) == expected


def test_sums_equal_counts(compile_model: Compile) -> None:
    model = Model()
    a, b, c, d, e, f = variables(model, 6)
    model.add("fair", [sums_equal([(1, a), (2, b), (3, c)], [(3, d), (2, e), (1, f)])])
    expected = brute_projections(model, range(1, 7))
    # Equal sums of {1, 2, 3}-weighted picks: sum over s of (ways to make s)^2.
    ways = [0] * 7
    for bits in itertools.product((0, 1), repeat=3):
        ways[bits[0] + 2 * bits[1] + 3 * bits[2]] += 1
    assert len(expected) == sum(w * w for w in ways) == 10
    assert all_projections(compile_model(model), model) == expected


TERMS = st.lists(
    st.tuples(st.integers(-5, 5).filter(bool), st.integers(1, 5), st.booleans()),
    min_size=1,
    max_size=5,
    unique_by=lambda t: t[1],
)


@settings(max_examples=examples(0.5))
@given(
    backend=st.sampled_from(sorted(COMPILERS)),
    terms=TERMS,
    comparator=st.sampled_from(["<=", ">=", "=="]),
    bound=st.integers(-12, 12),
    extra=st.lists(st.lists(st.integers(-5, 5).filter(bool), max_size=3), max_size=3),
)
def test_random_pseudo_boolean_models_match_brute_force(
    backend: str,
    terms: list[tuple[int, int, bool]],
    comparator: Comparator,
    bound: int,
    extra: list[list[int]],
) -> None:
    model = Model()
    variables(model, 5)
    pb = [(c, v if positive else -v) for c, v, positive in terms]
    model.add("pb", [linear(pb, comparator, bound)])
    model.add("clauses", [clause(*lits) for lits in extra])
    compiled = COMPILERS[backend](model)
    assert all_projections(compiled, model) == brute_projections(model, range(1, 6))


# -- tables ------------------------------------------------------------------------------------


def table_solutions(backend: Backend, model: Model) -> set[tuple[int | None, ...]]:
    """The value tuples of the model's finite-domain variables over all solutions."""
    projection = [lit for var in model.int_vars for lit in var.literals]
    found = set()
    for solution in solver_projections(backend, projection):
        true = [lit for lit in solution if lit > 0]
        found.add(tuple(var.value_of(true) for var in model.int_vars))
    return found


DOMAINS = ([1, 2, 3], [0, 2, 5], [7, 8])


@pytest.mark.parametrize("allowed", [True, False])
@pytest.mark.parametrize(
    ("arity", "rows"),
    [
        (1, [(1,), (3,)]),
        (1, []),
        (2, [(1, 0), (1, 5), (3, 2), (1, 0)]),
        (2, [(2, 2)]),
        (3, [(1, 0, 7), (2, 5, 8), (3, 5, 7), (3, 5, 8)]),
        (3, []),
    ],
)
def test_tables_match_brute_force(
    compile_model: Compile, arity: int, rows: list[tuple[int, ...]], allowed: bool
) -> None:
    model = Model()
    int_vars = [model.int_var(name, DOMAINS[i]) for i, name in enumerate("xyz")]
    model.add("table", [Table(tuple(int_vars[:arity]), tuple(rows), allowed)])
    wanted = set(rows)
    expected = {
        values for values in itertools.product(*DOMAINS) if (values[:arity] in wanted) == allowed
    }
    assert table_solutions(compile_model(model), model) == expected


def test_two_tables_together(compile_model: Compile) -> None:
    model = Model()
    x = model.int_var("x", range(1, 5))
    y = model.int_var("y", range(1, 5))
    z = model.int_var("z", range(1, 5))
    differ_by_one = tuple((a, b) for a in range(1, 5) for b in range(1, 5) if abs(a - b) == 1)
    model.add("x, y consecutive", [Table((x, y), differ_by_one)])
    model.add("y, z not consecutive", [Table((y, z), differ_by_one, allowed=False)])
    expected = {
        (a, b, c)
        for a, b, c in itertools.product(range(1, 5), repeat=3)
        if abs(a - b) == 1 and abs(b - c) != 1
    }
    assert table_solutions(compile_model(model), model) == expected


# -- guarded groups and cores ------------------------------------------------------------------


def guarded_model() -> tuple[Model, list[int]]:
    model = Model()
    a, b = variables(model, 2)
    g1 = model.add("a", [clause(a)], guarded=True)
    g2 = model.add("not a", [clause(-a)], guarded=True)
    g3 = model.add("b", [clause(b)], guarded=True)
    g4 = model.add("a or not b", [clause(a, -b)], guarded=True)
    return model, [g.selector for g in (g1, g2, g3, g4) if g.selector is not None]


def test_guarded_groups_hold_only_when_selected(compile_model: Compile) -> None:
    model, (s1, s2, s3, s4) = guarded_model()
    assert model.selectors() == [s1, s2, s3, s4]
    backend = compile_model(model)
    assert backend.solve([]).status == "sat"
    answer = backend.solve([s1])
    assert answer.status == "sat"
    assert answer.value(1)
    assert backend.solve([s2]).value(-1)
    unsat = backend.solve([s1, s2, s3])
    assert unsat.status == "unsat"
    assert unsat.core is not None
    assert {s1, s2} <= set(unsat.core) <= {s1, s2, s3}
    unsat = backend.solve([s2, s3, s4])
    assert unsat.status == "unsat"
    assert unsat.core is not None
    assert set(unsat.core) == {s2, s3, s4}


def test_minimal_core_over_selectors(compile_model: Compile) -> None:
    model, (s1, s2, s3, s4) = guarded_model()
    backend = compile_model(model)
    result = backend.minimal_core([s3, s1, s4, s2])
    assert result.status == "unsat"
    assert result.minimal
    assert result.core is not None
    assert set(result.core) in ({s1, s2}, {s2, s3, s4})
    result = backend.minimal_core([s3, s4, s2])
    assert result.core is not None
    assert set(result.core) == {s2, s3, s4}
    satisfiable = backend.minimal_core([s1, s3])
    assert satisfiable.status == "sat"
    assert satisfiable.core is None
    assert satisfiable.model is not None
    assert satisfiable.model[0] == 1


def test_minimal_core_is_minimal_and_respects_fixed(compile_model: Compile) -> None:
    model = Model()
    v = variables(model, 6)
    # Minimal unsatisfiable subsets of the positive assumptions: {1, 2}, {3, 4, 5}, {1, 6}.
    model.add("clauses", [clause(-v[0], -v[1]), clause(-v[2], -v[3], -v[4]), clause(-v[0], -v[5])])
    backend = compile_model(model)
    result = backend.minimal_core(v)
    assert result.status == "unsat"
    assert result.minimal
    assert result.core is not None
    assert set(result.core) in ({1, 2}, {3, 4, 5}, {1, 6})
    # With 1 and 3 fixed: {2}, {4, 5} or {6}, and never the fixed literals.
    fixed = backend.minimal_core([2, 4, 5, 6], fixed=[1, 3])
    assert fixed.core is not None
    assert set(fixed.core) in ({2}, {4, 5}, {6})
    only = backend.minimal_core([4, 5], fixed=[3])
    assert only.core is not None
    assert sorted(only.core) == [4, 5]
    assert backend.minimal_core([4], fixed=[3, 5]).core == (4,)
    # Fixed literals alone unsat: the core over the assumptions is empty.
    empty = backend.minimal_core([4, 6], fixed=[1, 2])
    assert empty.status == "unsat"
    assert empty.core == ()


@settings(max_examples=examples(0.5))
@given(
    backend=st.sampled_from(sorted(COMPILERS)),
    clauses=st.lists(
        st.lists(st.integers(-6, 6).filter(bool), min_size=1, max_size=3), min_size=1, max_size=8
    ),
    assumptions=st.lists(st.integers(-6, 6).filter(bool), max_size=6, unique_by=abs),
    fixed_count=st.integers(0, 2),
)
def test_random_minimal_cores_are_minimal(
    backend: str, clauses: list[list[int]], assumptions: list[int], fixed_count: int
) -> None:
    model = Model()
    variables(model, 6)
    model.add("clauses", [clause(*c) for c in clauses])
    fixed, assumed = assumptions[:fixed_count], assumptions[fixed_count:]
    result = COMPILERS[backend](model).minimal_core(assumed, fixed=fixed)
    if not brute_solutions(model, [*fixed, *assumed]):
        assert result.status == "unsat"
        assert result.minimal
        assert result.core is not None
        assert set(result.core) <= set(assumed)
        assert not brute_solutions(model, [*fixed, *result.core])
        for literal in result.core:
            rest = [lit for lit in result.core if lit != literal]
            assert brute_solutions(model, [*fixed, *rest]), f"{literal} is not needed"
    else:
        assert result.status == "sat"
        assert result.model is not None
        true = frozenset(lit for lit in result.model if lit > 0)
        assert satisfies(model, true, [*fixed, *assumed])


# -- enumeration -------------------------------------------------------------------------------


def test_projected_enumeration_counts_distinct_projections(compile_model: Compile) -> None:
    model = Model()
    a, b, c, d, _ = variables(model, 5)
    model.add("rules", [clause(a, b, c), clause(-a, -d), at_most([b, c, d], 2)])
    backend = compile_model(model)
    everything = brute_projections(model, range(1, 6))
    for projection in ([a, c], [d], [b, a, d], [1, 2, 3, 4, 5]):
        expected = brute_projections(model, projection)
        assert solver_projections(backend, projection) == expected
    assert len(brute_projections(model, [d])) == 2 < len(everything)
    # Enumeration under assumptions.
    assert solver_projections(backend, [b, c], [a]) == brute_projections(model, [b, c], [a])
    # The formula is unchanged afterwards: all solutions are still there.
    assert all_projections(backend, model) == everything
    assert backend.solve([a, b]).status == "sat"


def test_enumeration_limit_and_bad_projection(compile_model: Compile) -> None:
    model = Model()
    variables(model, 3)
    backend = compile_model(model)
    partial = backend.enumerate([1, 2, 3], limit=3)
    assert len(partial.solutions) == 3
    assert not partial.complete
    assert len(set(partial.solutions)) == 3
    assert all_projections(backend, model) == brute_projections(model, [1, 2, 3])
    for bad in ([0], [-1], [4]):
        with pytest.raises(ModelError, match=f"projection entry {bad[0]} is not a variable"):
            backend.enumerate(bad)


def test_enumeration_of_unsat_model(compile_model: Compile) -> None:
    model = Model()
    a, b = variables(model, 2)
    model.add("contradiction", [clause(a), clause(-a, b), clause(-b)])
    found = compile_model(model).enumerate([a, b])
    assert found.solutions == []
    assert found.complete


# -- optimisation ------------------------------------------------------------------------------


def brute_optimum(model: Model, objective: Objective) -> int | None:
    values = [
        sum(c for c, lit in objective.terms if (lit in t if lit > 0 else -lit not in t))
        for t in brute_solutions(model)
    ]
    if not values:
        return None
    return min(values) if objective.sense == "minimize" else max(values)


def optimisation_model() -> Model:
    model = Model()
    a, b, c, d, e = variables(model, 5)
    model.add("two of four", [at_least([a, b, c, d], 2)])
    model.add("rules", [clause(-a, -b), clause(c, e), clause(-d, -e)])
    return model


@pytest.mark.parametrize(
    "objective",
    [
        Objective(((1, 1), (1, 2), (1, 3), (1, 4), (1, 5)), "minimize"),
        Objective(((1, 1), (1, 2), (1, 3), (1, 4), (1, 5)), "maximize"),
        Objective(((3, 1), (-2, 2), (5, -3), (1, 4), (-4, 5)), "minimize"),
        Objective(((3, 1), (-2, 2), (5, -3), (1, 4), (-4, 5)), "maximize"),
        Objective((), "minimize"),
    ],
)
def test_optimize_finds_the_known_optimum(compile_model: Compile, objective: Objective) -> None:
    model = optimisation_model()
    expected = brute_optimum(model, objective)
    result = compile_model(model).optimize(objective)
    assert result.status == "optimal"
    assert result.value == expected
    assert result.model is not None
    true = frozenset(lit for lit in result.model if lit > 0)
    assert satisfies(model, true)
    achieved = sum(
        c for c, lit in objective.terms if (lit in true if lit > 0 else -lit not in true)
    )
    assert achieved == expected


def test_optimize_under_assumptions_and_unsat(compile_model: Compile) -> None:
    model = optimisation_model()
    backend = compile_model(model)
    objective = Objective(((1, 1), (1, 2), (1, 3), (1, 4), (1, 5)), "minimize")
    assert brute_optimum(model, objective) == 2
    result = backend.optimize(objective, [1, 4])
    assert result.status == "optimal"
    assert result.value == 3  # a and d force not e, then c
    assert backend.optimize(objective, [1, 2]).status == "unsat"
    # The backend still answers plain queries afterwards.
    assert backend.solve([1]).status == "sat"


def test_optimize_rejects_a_foreign_literal(compile_model: Compile) -> None:
    model = optimisation_model()
    with pytest.raises(ModelError):
        compile_model(model).optimize(Objective(((1, 99),), "minimize"))


# -- solver names and results ------------------------------------------------------------------


def test_unknown_sat_solver_name() -> None:
    with pytest.raises(DokuspecError, match="unknown SAT solver 'no-such-solver'"):
        SatBackend(Model(), solver="no-such-solver")


def test_solver_names_include_the_default_and_glucose() -> None:
    names = solver_names()
    assert "cadical195" in names
    assert "glucose4" in names
    assert names == sorted(names)


@pytest.mark.parametrize("name", ["glucose4", "minisat22", "cadical153"])
def test_other_sat_solvers(name: str) -> None:
    model = pigeonhole(6, pairwise=False)
    backend = SatBackend(model, solver=name)
    assert backend.solver_name == name
    assert backend.solve([]).status == "unsat"
    small = Model()
    variables(small, 4)
    small.add("two", [exactly([1, 2, 3, 4], 2)])
    assert len(all_projections(SatBackend(small, solver=name), small)) == 6


def test_a_compiled_formula_is_left_out_of_garbage_collections() -> None:
    # A compiled backend lives as long as the process (the backend cache), and
    # a Two-Doku deal model has some 600,000 clauses. As lists, every clause
    # was traversed by every full collection: a test worker holding a full
    # cache spent over 5 s in pytest's last collections, and xdist's worker
    # then interrupted itself (SIGINT), printing a KeyboardInterrupt after
    # the run. Tuples of ints leave the collector's lists after one collection.
    model = pigeonhole(6, pairwise=True, guarded=True)
    backend = SatBackend(model)
    extra = backend.new_var()
    backend.add_clause([-extra, 1])
    backend.add_constraint(at_most([1, 2, 3], 1))
    gc.collect()
    clauses = backend.clauses
    assert len(clauses) == backend.num_clauses == 85
    assert clauses[81:] == ((-extra, 1), (-1, -2), (-1, -3), (-2, -3))
    assert [clause for clause in clauses if gc.is_tracked(clause)] == []
    assert backend.solve(list(model.selectors())).status == "unsat"


def test_result_without_model_has_no_values() -> None:
    with pytest.raises(ValueError, match="has no model"):
        SolveResult("unsat").value(1)


def test_new_var_and_add_clause(compile_model: Compile) -> None:
    model = Model()
    a, b = variables(model, 2)
    backend = compile_model(model)
    extra = backend.new_var()
    assert extra > model.num_vars
    backend.add_clause([-extra, a])
    backend.add_clause([-extra, -b])
    answer = backend.solve([extra])
    assert answer.status == "sat"
    assert answer.value(a)
    assert answer.value(-b)
    assert backend.solve([extra, b]).status == "unsat"


def test_solve_accepts_any_sequence_of_assumptions(compile_model: Compile) -> None:
    # Unsat answers found by search (not while loading the clauses), with the
    # assumptions given as a list, a tuple, or the default.
    backend = compile_model(pigeonhole(5, pairwise=True))
    assert backend.solve([]).status == "unsat"
    assert backend.solve([1]).status == "unsat"
    assert backend.solve((1,)).status == "unsat"
    assert backend.solve(()).status == "unsat"
    assert backend.solve().status == "unsat"


# -- the lean solver's preferred phases ----------------------------------------------------------


@pytest.mark.parametrize("solver", ["cadical195", "glucose4", "minisat22"])
@pytest.mark.parametrize(
    ("preferred", "found"),
    [((1, -2, 3, 4), [True, False, True, True]), ((-1, 2, -3, -4), [False, True, False, False])],
)
def test_preferred_literals_choose_the_model_never_the_answer(
    solver: str, preferred: tuple[int, ...], found: list[bool]
) -> None:
    model = Model()
    x = variables(model, 4)
    model.add("not both, one of all", [clause(-x[0], -x[1]), clause(*x)])
    backend = SatBackend(model, solver=solver)
    # Each variable is decided as preferred, in whatever order the solver decides them.
    answer = backend.solve_lean([], prefer=preferred)
    assert answer.status == "sat" and answer.model is not None
    true = {literal for literal in answer.model if literal > 0}
    assert [v in true for v in x] == found
    # A preference the formula forbids changes nothing about the answer.
    assert backend.solve_lean([x[0]], prefer=[x[1]]).status == "sat"
    assert backend.solve_lean([x[0], x[1]], prefer=[x[2]]).status == "unsat"


def test_a_preferred_literal_outside_the_formula_is_refused() -> None:
    model = Model()
    variables(model, 2)
    with pytest.raises(ModelError, match="literal 3 is not a literal of the compiled formula"):
        SatBackend(model).solve_lean([], prefer=[3])
