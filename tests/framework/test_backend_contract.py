"""The backend contract (dokuspec.solvers.base), held once for every backend offered.

Every SAT solver dokuspec accepts (CaDiCaL, Glucose, MiniSat, MapleSAT, ...)
and Z3 must give the same answers to the same queries: full models, the same
meaning for every budget, enumeration and optimisation that leave the
compiled solver as they found it, right answers after a query that ran out of
budget or was interrupted by SIGINT, and refusal of solvers that cannot honour
assumptions or budgets. Expected answers come from brute force over every
assignment (``helpers.brute_solutions``) or from counting, never from a backend.
"""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import textwrap
import time
from typing import Any

import pytest
from helpers import brute_projections, brute_solutions, pigeonhole, satisfies

from dokuspec import sumodoku
from dokuspec.errors import BudgetError, ModelError, SolverError
from dokuspec.solvers import (
    CACHE,
    UNLIMITED,
    Backend,
    BackendCache,
    Budget,
    SatBackend,
    SmtBackend,
    make_backend,
)
from dokuspec.solvers.base import objective_value
from dokuspec.solvers.budget import MAX_CONFLICT_LIMIT, MAX_TIME_LIMIT
from dokuspec.solvers.sat import _CANONICAL, NO_CONFLICT_LIMIT, REFUSED, solver_names
from dokuspec.spec.model import Model, Objective, at_most, clause, exactly
from dokuspec.verify.sumodoku import positions as verify
from dokuspec.vocabulary.sumodoku import Position, Variants

#: Every backend offered: each SAT solver dokuspec accepts (by canonical name), and Z3.
SAT_SOLVERS = sorted(
    {
        "cadical153",
        "cadical195",
        "cadical300",
        "ergo",
        "gluecard3",
        "gluecard4",
        "glucose3",
        "glucose4",
        "glucose42",
        "maplechrono",
        "maplecm",
        "maplesat",
        "mergesat3",
        "minicard",
        "minisat22",
        "minisatgh",
        "minisatep",
    }
)
BACKENDS: list[tuple[str, dict[str, Any]]] = [("sat", {"solver": name}) for name in SAT_SOLVERS] + [
    ("z3", {})
]
IDS = [options.get("solver", name) for name, options in BACKENDS]


@pytest.fixture(params=BACKENDS, ids=IDS)
def backend_spec(request: pytest.FixtureRequest) -> tuple[str, dict[str, Any]]:
    spec: tuple[str, dict[str, Any]] = request.param
    return spec


def compile_with(spec: tuple[str, dict[str, Any]], model: Model) -> Backend:
    name, options = spec
    return make_backend(name, model, **options)


def takes_conflict_limits(spec: tuple[str, dict[str, Any]]) -> bool:
    """Whether the backend accepts conflict limits (Glucose and GlueCard refuse them)."""
    return spec[1].get("solver") not in NO_CONFLICT_LIMIT


def spent_conflicts(backend: Backend) -> int:
    """Conflicts the backend's solver has spent so far, as the solver counts them."""
    if isinstance(backend, SatBackend):
        stats: dict[str, int] = backend._solver.accum_stats()
        return stats["conflicts"]
    assert isinstance(backend, SmtBackend)
    statistics = backend._solver.statistics()
    return int(statistics.get_key_value("sat conflicts"))


def test_every_accepted_solver_is_held_to_the_contract() -> None:
    # A solver python-sat adds later must be added here before it is offered.
    accepted = {_CANONICAL[name] for name in solver_names()}
    assert accepted == set(SAT_SOLVERS)
    assert not accepted & set(REFUSED)


# -- models ------------------------------------------------------------------------------------


def test_a_model_covers_every_variable(backend_spec: tuple[str, dict[str, Any]]) -> None:
    model = Model()
    a, b, c, d, e = (model.bool_var(n) for n in "abcde")
    model.add("only a and b occur", [clause(a, b), clause(-a)])
    backend = compile_with(backend_spec, model)
    extra = backend.new_var()
    backend.add_clause([extra, c])
    answer = backend.solve([-c])
    assert answer.status == "sat"
    assert answer.model is not None
    assert len(answer.model) == 5 == model.num_vars
    assert [abs(lit) for lit in answer.model] == [1, 2, 3, 4, 5]
    assert answer.value(-a) and answer.value(b) and answer.value(-c)
    assert answer.value(d) in (True, False) and answer.value(e) in (True, False)


# -- budgets -----------------------------------------------------------------------------------


def test_zero_budgets_answer_unknown_at_once(backend_spec: tuple[str, dict[str, Any]]) -> None:
    model = Model()
    a, b = model.bool_var("a"), model.bool_var("b")
    model.add("easy", [clause(a, b)])
    backend = compile_with(backend_spec, model)
    cases = [(Budget(time_limit=0), "time")]
    if takes_conflict_limits(backend_spec):
        cases += [(Budget(conflict_limit=0), "conflicts"), (Budget(0.0, 5), "time")]
    for budget, reason in cases:
        answer = backend.solve([a], budget)
        assert (answer.status, answer.reason, answer.model) == ("unknown", reason, None)
        core = backend.minimal_core([a, -a], budget=budget)
        assert (core.status, core.core, core.minimal) == ("unknown", None, False)
        found = backend.enumerate([a, b], budget=budget)
        assert (found.solutions, found.complete) == ([], False)
        best = backend.optimize(Objective(((1, a),)), budget=budget)
        assert (best.status, best.value, best.model) == ("unknown", None, None)
    assert backend.solve([a]).status == "sat"


@pytest.mark.parametrize(
    ("limits", "error", "message"),
    [
        ({"time_limit": -0.5}, BudgetError, "time_limit must be between 0 and 1,000,000 seconds"),
        ({"time_limit": float("nan")}, BudgetError, "not nan"),
        ({"time_limit": float("inf")}, BudgetError, "not inf"),
        ({"time_limit": float(2**32)}, BudgetError, "not 4294967296.0"),
        ({"time_limit": MAX_TIME_LIMIT + 1}, BudgetError, "time_limit must be between"),
        ({"conflict_limit": -1}, BudgetError, "conflict_limit must be between 0 and 2,147,483,647"),
        ({"conflict_limit": 2**32}, BudgetError, "not 4294967296"),
        ({"conflict_limit": 2**64}, BudgetError, "not 18446744073709551616"),
        ({"conflict_limit": 10**400}, BudgetError, "not an integer of more than 40 digits"),
        ({"time_limit": 10**400}, BudgetError, "not an integer of more than 40 digits"),
        ({"time_limit": -(10**5000)}, BudgetError, "not an integer of more than 40 digits"),
        ({"time_limit": 1e309}, BudgetError, "not inf"),
        ({"conflict_limit": 10.0}, TypeError, "conflict_limit must be an int or None, not float"),
        ({"conflict_limit": True}, TypeError, "not bool"),
        ({"time_limit": "5"}, TypeError, "time_limit must be a number of seconds or None, not str"),
    ],
)
def test_invalid_budgets_are_precise_errors(
    limits: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Budget(**limits)


def test_the_largest_limits_give_right_answers(
    backend_spec: tuple[str, dict[str, Any]],
) -> None:
    model = pigeonhole(6, pairwise=True)
    backend = compile_with(backend_spec, model)
    most = MAX_CONFLICT_LIMIT if takes_conflict_limits(backend_spec) else None
    biggest = Budget(time_limit=MAX_TIME_LIMIT, conflict_limit=most)
    assert backend.solve([], biggest).status == "unsat"
    # 2**32 microseconds: a count that would wrap in 32 bits must not wrap here.
    assert backend.solve([], Budget(time_limit=2**32 / 10**6)).status == "unsat"


@pytest.mark.parametrize("pairwise", [True, False])
def test_conflict_limit_gives_unknown(
    backend_spec: tuple[str, dict[str, Any]], pairwise: bool
) -> None:
    backend = compile_with(backend_spec, pigeonhole(9, pairwise=pairwise))
    if not takes_conflict_limits(backend_spec):
        with pytest.raises(SolverError, match="cannot honour a conflict limit: it reads"):
            backend.solve([], Budget(conflict_limit=10))
        return
    answer = backend.solve([], Budget(conflict_limit=10))
    assert (answer.status, answer.reason, answer.model, answer.core) == (
        "unknown",
        "conflicts",
        None,
        None,
    )


@pytest.mark.parametrize("limit", [1, 10, 100])
def test_conflict_limits_are_honoured_within_two_conflicts(
    backend_spec: tuple[str, dict[str, Any]], limit: int
) -> None:
    backend = compile_with(backend_spec, pigeonhole(9, pairwise=True))
    if not takes_conflict_limits(backend_spec):
        with pytest.raises(SolverError, match="a budget of 1 ran 1,127 conflicts"):
            backend.solve([], Budget(conflict_limit=limit))
        return
    solver = backend._solver  # type: ignore[attr-defined]
    answer = backend.solve([], Budget(conflict_limit=limit))
    assert answer.status == "unknown"
    if isinstance(backend, SmtBackend):
        backend._solver = solver  # read the statistics of the solver that ran
    assert limit <= spent_conflicts(backend) <= limit + 2


def test_time_limit_gives_unknown(backend_spec: tuple[str, dict[str, Any]]) -> None:
    backend = compile_with(backend_spec, pigeonhole(12, pairwise=True))
    answer = backend.solve([], Budget(time_limit=0.05))
    assert (answer.status, answer.reason) == ("unknown", "time")
    if not takes_conflict_limits(backend_spec):
        return
    both = backend.solve([], Budget(time_limit=0.05, conflict_limit=10))
    assert both.status == "unknown"
    assert both.reason in ("time", "conflicts")


def test_minimal_core_and_enumeration_under_budget(
    backend_spec: tuple[str, dict[str, Any]],
) -> None:
    model = pigeonhole(12, pairwise=True, guarded=True)
    backend = compile_with(backend_spec, model)
    small = Budget(conflict_limit=10) if takes_conflict_limits(backend_spec) else Budget(0.05)
    result = backend.minimal_core(model.selectors(), budget=small)
    assert (result.status, result.core, result.minimal) == ("unknown", None, False)
    found = backend.enumerate([1, 2], assumptions=model.selectors(), budget=Budget(time_limit=0.05))
    assert (found.solutions, found.complete) == ([], False)


# -- the compiled solver stays right -----------------------------------------------------------


def mixed_model() -> tuple[Model, int, list[int]]:
    """A hard guarded part (pigeonhole, selector ``s``) beside an easy part with known answers.

    The easy part: exactly two of the five variables ``v`` are true (10
    solutions), and ``v[0]`` implies ``v[1]`` (leaving 7).
    """
    model = pigeonhole(12, pairwise=True, guarded=True)
    (s,) = model.selectors()
    v = [model.bool_var(f"v{i}") for i in range(5)]
    model.add("two of five", [exactly(v, 2), clause(-v[0], v[1])])
    return model, s, v


def test_answers_stay_right_after_queries_that_ran_out(
    backend_spec: tuple[str, dict[str, Any]],
) -> None:
    model, s, v = mixed_model()
    backend = compile_with(backend_spec, model)
    for _ in range(3):
        assert backend.solve([s], Budget(time_limit=0.01)).status == "unknown"
        if takes_conflict_limits(backend_spec):
            assert backend.solve([s], Budget(conflict_limit=3)).status == "unknown"
        assert (
            backend.enumerate([s], assumptions=[s], budget=Budget(time_limit=0.01)).solutions == []
        )
    # The hard part is switched off (-s) in the unlimited queries below: left
    # free, a solver may try it first, and refuting it takes as long as it likes.
    found = backend.enumerate(v, assumptions=[-s])
    assert found.complete
    assert set(found.solutions) == brute_projections_of_easy_part(v)
    assert len(found.solutions) == 7
    unsat = backend.solve([v[2], v[3], v[4], -s])
    assert unsat.status == "unsat"
    assert unsat.core is not None
    assert set(unsat.core) <= {v[2], v[3], v[4], -s}
    assert len(set(unsat.core) - {-s}) >= 2
    answer = backend.solve([v[0], -s])
    assert answer.status == "sat"
    assert answer.model is not None
    true = frozenset(lit for lit in answer.model if lit > 0)
    assert satisfies(model, true, [v[0], -s])
    core = backend.minimal_core([v[0], v[2], v[3]], fixed=[-s]).core
    assert core is not None
    assert set(core) in ({v[0], v[2]}, {v[0], v[3]})


def brute_projections_of_easy_part(v: list[int]) -> set[tuple[int, ...]]:
    easy = Model()
    w = [easy.bool_var(f"v{i}") for i in range(5)]
    easy.add("two of five", [exactly(w, 2), clause(-w[0], w[1])])
    offset = v[0] - w[0]
    return {
        tuple(lit + offset if lit > 0 else lit - offset for lit in projected)
        for projected in brute_projections(easy, w)
    }


def test_a_budget_applies_to_its_own_query_only(
    backend_spec: tuple[str, dict[str, Any]],
) -> None:
    # MiniSat-family solvers keep a conflict budget for later limited calls:
    # a time-limited query after a conflict-limited one once answered
    # "unknown" at once.
    backend = compile_with(backend_spec, pigeonhole(7, pairwise=True))
    if takes_conflict_limits(backend_spec):
        assert backend.solve([], Budget(conflict_limit=5)).status == "unknown"
    assert backend.solve([], Budget(time_limit=0.0)).status == "unknown"
    answer = backend.solve([], Budget(time_limit=60))
    assert (answer.status, answer.reason) == ("unsat", None)
    assert backend.solve([]).status == "unsat"
    if takes_conflict_limits(backend_spec):
        assert backend.solve([], Budget(conflict_limit=MAX_CONFLICT_LIMIT)).status == "unsat"


def backend_size(backend: Backend) -> tuple[int, int]:
    """What a compiled backend holds: (top variable, clauses or assertions)."""
    if isinstance(backend, SatBackend):
        return backend.top_variable, backend.num_clauses
    assert isinstance(backend, SmtBackend)
    return backend.top_variable, len(backend._assertions)


def test_enumeration_leaves_the_solver_as_it_found_it(
    backend_spec: tuple[str, dict[str, Any]],
) -> None:
    model = Model()
    v = [model.bool_var(f"v{i}") for i in range(4)]
    model.add("at most two", [at_most(v, 2)])
    backend = compile_with(backend_spec, model)
    before = backend_size(backend)
    expected = brute_projections(model, v)
    assert len(expected) == 11
    for _ in range(100):
        found = backend.enumerate(v)
        assert found.complete
        assert set(found.solutions) == expected
    assert backend_size(backend) == before
    assert backend.enumerate(v, limit=3).complete is False
    assert backend_size(backend) == before
    # The formula is unchanged: every assignment it allowed is still allowed.
    for solution in expected:
        assert backend.solve(list(solution)).status == "sat"


# -- optimisation ------------------------------------------------------------------------------


def placement(pigeons: int) -> tuple[Model, Objective]:
    """Place as many pigeons as possible in ``pigeons - 1`` holes, one per hole, one hole each.

    The optimum, ``pigeons - 1``, is easy to reach and, from about 11
    pigeons on, hard to prove (it is the pigeonhole principle).
    """
    holes = pigeons - 1
    model = Model()
    p = [[model.bool_var(f"p{i}h{j}") for j in range(holes)] for i in range(pigeons)]
    rules = [clause(-x, -y) for row in p for x, y in itertools.combinations(row, 2)]
    for j in range(holes):
        column = [p[i][j] for i in range(pigeons)]
        rules += [clause(-x, -y) for x, y in itertools.combinations(column, 2)]
    model.add("one hole per pigeon, one pigeon per hole", rules)
    objective = Objective(tuple((1, lit) for row in p for lit in row), "maximize")
    return model, objective


def test_optimisation_with_and_without_budget_reaches_the_optimum(
    backend_spec: tuple[str, dict[str, Any]],
) -> None:
    model, objective = placement(4)
    backend = compile_with(backend_spec, model)
    exact = backend.optimize(objective)
    bounded = backend.optimize(objective, budget=Budget(time_limit=60))
    for result in (exact, bounded):
        assert (result.status, result.value, result.proven_optimal) == ("optimal", 3, True)
        assert result.model is not None
        assert objective_value(objective, result.model) == 3
        assert satisfies(model, frozenset(lit for lit in result.model if lit > 0))
    minimum = Objective(objective.terms, "minimize")
    assert backend.optimize(minimum, budget=Budget(time_limit=60)).value == 0


def test_optimisation_under_a_time_limit_gives_the_best_so_far_unproven(
    backend_spec: tuple[str, dict[str, Any]],
) -> None:
    model, objective = placement(12)
    backend = compile_with(backend_spec, model)
    before = backend_size(backend)
    result = backend.optimize(objective, budget=Budget(time_limit=0.5))
    assert result.status == "feasible"
    assert not result.proven_optimal
    assert result.model is not None
    assert result.value is not None
    assert 1 <= result.value <= 11
    assert objective_value(objective, result.model) == result.value
    assert satisfies(model, frozenset(lit for lit in result.model if lit > 0))
    assert backend_size(backend) == before


def test_optimisation_with_repeated_and_negated_literals_in_the_objective(
    backend_spec: tuple[str, dict[str, Any]],
) -> None:
    model = Model()
    a, b, c = (model.bool_var(n) for n in "abc")
    model.add("one of three", [exactly([a, b, c], 1)])
    # 2a + 3a - b + 4(not c) + 0c: a gives 5 + 4 = 9, b gives -1 + 4 = 3, c gives 0.
    objective = Objective(((2, a), (3, a), (-1, b), (4, -c), (0, c)), "maximize")
    expected = {frozenset({a}): 9, frozenset({b}): 3, frozenset({c}): 0}
    assert {
        t: objective_value(objective, [v if v in t else -v for v in (1, 2, 3)]) for t in expected
    } == expected
    backend = compile_with(backend_spec, model)
    for budget in (UNLIMITED, Budget(time_limit=60)):
        best = backend.optimize(objective, budget=budget)
        assert (best.status, best.value) == ("optimal", 9)
        worst = backend.optimize(Objective(objective.terms, "minimize"), budget=budget)
        assert (worst.status, worst.value) == ("optimal", 0)


def test_optimisation_of_an_unsat_model(backend_spec: tuple[str, dict[str, Any]]) -> None:
    model = pigeonhole(5, pairwise=False)
    backend = compile_with(backend_spec, model)
    objective = Objective(((1, 1),), "minimize")
    assert backend.optimize(objective).status == "unsat"
    assert backend.optimize(objective, budget=Budget(time_limit=30)).status == "unsat"


# -- refusing what cannot be honoured ----------------------------------------------------------


@pytest.mark.parametrize(
    ("solver", "why"),
    [
        ("kissat", "ignores assumptions"),
        ("ks", "ignores assumptions"),
        ("lingeling", "refuses limited solving"),
        ("cadical103", "refuses limited solving"),
        ("cms", "pycryptosat"),
    ],
)
def test_solvers_that_cannot_honour_assumptions_or_budgets_are_refused(
    solver: str, why: str
) -> None:
    with pytest.raises(SolverError, match=f"SAT solver '{solver}' is refused: .*{why}"):
        SatBackend(Model(), solver=solver)
    assert solver not in solver_names()


def test_make_backend_names_and_options() -> None:
    model = pigeonhole(4, pairwise=False)
    assert isinstance(make_backend("sat", model), SatBackend)
    assert isinstance(make_backend("z3", model), SmtBackend)
    assert make_backend("sat", model, solver="g4").canonical_name == "glucose4"  # type: ignore[attr-defined]
    with pytest.raises(SolverError, match="unknown backend 'cvc5'; choose one of sat, z3"):
        make_backend("cvc5", model)
    with pytest.raises(SolverError, match=r"backend 'z3' takes no option in \['solver'\]"):
        make_backend("z3", model, solver="g4")
    with pytest.raises(SolverError, match="unknown SAT solver 'picosat'"):
        make_backend("sat", model, solver="picosat")
    with pytest.raises(TypeError, match="a SAT solver name must be a str, not int"):
        make_backend("sat", model, solver=4)


def test_assumptions_are_checked(backend_spec: tuple[str, dict[str, Any]]) -> None:
    model = pigeonhole(4, pairwise=False)
    backend = compile_with(backend_spec, model)
    for bad in (0, backend.top_variable + 1, -(backend.top_variable + 1)):
        with pytest.raises(ModelError, match=f"assumption {bad} is not a literal"):
            backend.solve([bad])
    with pytest.raises(TypeError, match="an assumption must be an int literal"):
        backend.solve([1.0])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="budget must be a Budget, not float"):
        backend.solve([], 1.0)  # type: ignore[arg-type]


# -- the cache ---------------------------------------------------------------------------------


def test_the_cache_is_bounded_and_least_recently_used_goes_first() -> None:
    cache = BackendCache(maxsize=2)
    builds: list[int] = []

    def build(n: int) -> Model:
        builds.append(n)
        return pigeonhole(3 + n, pairwise=False)

    def get(n: int) -> Backend:
        return cache.get(("test", n), lambda: build(n), lambda m: m, "sat")[1]

    first = get(1)
    assert get(1) is first
    get(2)
    get(1)  # 1 is now the most recently used
    get(3)  # drops 2
    assert len(cache) == 2
    assert get(1) is first
    get(2)
    assert builds == [1, 2, 3, 2]


def test_one_cache_serves_the_public_api_and_the_cross_checks() -> None:
    position = Position(sumodoku.Board(), Variants(x=True))
    _, public = sumodoku.compiled_model(position, "sat")
    assert verify.compiled_model is sumodoku.compiled_model
    assert sumodoku.check(position).status == "completable"
    assert sumodoku.compiled_model(position, "sat")[1] is public
    assert (
        CACHE.get(("sumodoku", position.variants, (0,) * 9), lambda: None, lambda m: m, "sat")[1]
        is public
    )


# -- SIGINT ------------------------------------------------------------------------------------

SIGINT_SCRIPT = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {tests!r})
    from helpers import pigeonhole
    from dokuspec.solvers import Budget, make_backend
    name, solver, budgeted = sys.argv[1], sys.argv[2], sys.argv[3] == "budget"
    options = {{"solver": solver}} if name == "sat" else {{}}
    model = pigeonhole(14, pairwise=True, guarded=True)
    backend = make_backend(name, model, **options)
    (selector,) = model.selectors()
    budget = Budget(time_limit=600) if budgeted else Budget()
    print("searching", flush=True)
    try:
        backend.solve([selector], budget)
        print("finished: the signal was swallowed", flush=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    small = backend.solve([-selector])
    print("after:", small.status, flush=True)
    hard_small = make_backend(name, pigeonhole(5, pairwise=True), **options).solve([])
    print("fresh:", hard_small.status, flush=True)
    """
)


@pytest.mark.parametrize("budgeted", ["budget", "unlimited"])
@pytest.mark.parametrize(
    ("name", "solver"),
    [("sat", "cadical195"), ("sat", "glucose4"), ("sat", "minisat22"), ("z3", "-")],
)
def test_sigint_stops_a_search_at_once_and_leaves_the_solver_usable(
    name: str, solver: str, budgeted: str
) -> None:
    tests = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    process = subprocess.Popen(
        [sys.executable, "-c", SIGINT_SCRIPT.format(tests=tests), name, solver, budgeted],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "searching"
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:  # pragma: no cover - the failure this test exists for
        process.kill()
        pytest.fail("SIGINT did not stop the search")
    assert out.splitlines() == ["interrupted", "after: sat", "fresh: unsat"], err


HANDLER_SCRIPT = textwrap.dedent(
    """
    import signal, sys
    sys.path.insert(0, {tests!r})
    from helpers import pigeonhole
    from dokuspec.solvers import Budget, make_backend
    seen = []
    signal.signal(signal.SIGINT, lambda number, frame: seen.append(number))
    model = pigeonhole(14, pairwise=True, guarded=True)
    backend = make_backend("sat", model, solver="cadical195")
    (selector,) = model.selectors()
    print("searching", flush=True)
    answer = backend.solve([selector], Budget(time_limit=float(sys.argv[1])))
    print(answer.status, answer.reason, len(seen), flush=True)
    print("after:", backend.solve([-selector]).status, flush=True)
    """
)


@pytest.mark.parametrize("limited", [True, False])
def test_cadical_leaves_sigint_to_python_s_own_handler(limited: bool) -> None:
    """No SIGINT handler of the C extension's is installed around a CaDiCaL search.

    python-sat's own, on the main thread, would leave the search by a long
    jump and raise its "keyboard interrupt" error, which can corrupt memory;
    here the program's handler runs, and the search goes on to its answer.
    """
    tests = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    limit = "1.5" if limited else "inf"
    script = HANDLER_SCRIPT.format(tests=tests)
    if not limited:  # no time limit: a conflict limit ends the search instead
        script = script.replace(
            "Budget(time_limit=float(sys.argv[1]))", "Budget(conflict_limit=60_000)"
        )
    process = subprocess.Popen(
        [sys.executable, "-c", script, limit],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "searching"
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    reason = "time" if limited else "conflicts"
    assert out.splitlines() == [f"unknown {reason} 1", "after: sat"], err


# -- the model itself (independent of any backend) ---------------------------------------------


def test_brute_force_agrees_with_counting_on_the_easy_part() -> None:
    easy = Model()
    w = [easy.bool_var(f"v{i}") for i in range(5)]
    easy.add("two of five", [exactly(w, 2), clause(-w[0], w[1])])
    # Pairs of five (10), less the three that hold v0 without v1.
    assert len(brute_solutions(easy)) == 7
    assert UNLIMITED.unlimited


# -- smallest cores ----------------------------------------------------------------------------


def random_formula(seed: int) -> tuple[Model, list[int]]:
    """A random 3-CNF over 7 variables and 7 assumptions (a literal of each variable)."""
    import random  # noqa: PLC0415

    rng = random.Random(seed)
    model = Model()
    variables = [model.bool_var(f"x{i}") for i in range(7)]
    clauses = [
        clause(*(v if rng.random() < 0.5 else -v for v in rng.sample(variables, 3)))
        for _ in range(rng.randint(6, 14))
    ]
    model.add("random 3-CNF", clauses)
    assumptions = [v if rng.random() < 0.5 else -v for v in variables]
    return model, assumptions


def brute_smallest(model: Model, assumptions: list[int]) -> int | None:
    """The size of a smallest unsat subset of ``assumptions``, by brute force; None if sat."""
    solutions = brute_solutions(model)
    for size in range(len(assumptions) + 1):
        for subset in itertools.combinations(assumptions, size):
            if not any(all(helpers_is_true(lit, t) for lit in subset) for t in solutions):
                return size
    return None


def helpers_is_true(literal: int, true: frozenset[int]) -> bool:
    return (literal in true) if literal > 0 else (-literal not in true)


def test_smallest_cores_have_the_brute_force_size(
    backend_spec: tuple[str, dict[str, Any]],
) -> None:
    found_unsat = 0
    for seed in range(40):
        model, assumptions = random_formula(seed)
        expected = brute_smallest(model, assumptions)
        backend = compile_with(backend_spec, model)
        before = backend_size(backend)
        result = backend.smallest_core(assumptions)
        if expected is None:
            assert (result.status, result.core, result.smallest) == ("sat", None, False)
            assert result.model is not None
            assert satisfies(model, frozenset(lit for lit in result.model if lit > 0), assumptions)
            continue
        found_unsat += 1
        assert result.status == "unsat"
        assert result.core is not None
        assert (len(result.core), result.smallest, result.minimal) == (expected, True, True)
        assert result.lower_bound == expected
        assert set(result.core) <= set(assumptions)
        assert list(result.core) == [lit for lit in assumptions if lit in result.core]
        assert not brute_solutions(model, result.core)
        assert backend_size(backend) == before
    assert 10 <= found_unsat <= 30  # the sample holds both kinds


def several_cores() -> tuple[Model, list[int], list[int]]:
    """Assumptions with cores of sizes 2, 3 and 4, where the deletion order finds a big one.

    ``a1..a4`` may not all hold, nor ``b1..b3``, nor ``c1, c2``; the
    assumptions list the big cores first, so a minimal core is found among
    them first (by deletion from the front) while the smallest is ``{c1, c2}``.
    """
    model = Model()
    a = [model.bool_var(f"a{i}") for i in range(4)]
    b = [model.bool_var(f"b{i}") for i in range(3)]
    c = [model.bool_var(f"c{i}") for i in range(2)]
    model.add("cores", [clause(*(-x for x in a)), clause(*(-x for x in b)), clause(-c[0], -c[1])])
    return model, [*a, *b, *c], c


def test_the_smallest_core_is_smaller_than_a_minimal_one_when_one_is(
    backend_spec: tuple[str, dict[str, Any]],
) -> None:
    model, assumptions, smallest = several_cores()
    backend = compile_with(backend_spec, model)
    result = backend.smallest_core(assumptions)
    assert (result.status, result.core, result.smallest) == ("unsat", tuple(smallest), True)
    # Repeated assumptions count once; ``fixed`` literals are never part of the answer.
    again = backend.smallest_core([*assumptions, *assumptions])
    assert again.core == tuple(smallest)
    pinned = backend.smallest_core(assumptions, fixed=[smallest[0]])
    assert (pinned.core, pinned.smallest, pinned.lower_bound) == ((smallest[1],), True, 1)
    # Fixed literals unsat on their own: the empty core is the smallest.
    empty = backend.smallest_core(assumptions[:3], fixed=smallest)
    assert (empty.status, empty.core, empty.smallest, empty.lower_bound) == ("unsat", (), True, 0)


def test_smallest_core_under_budget_gives_the_best_so_far_unproven(
    backend_spec: tuple[str, dict[str, Any]],
) -> None:
    # The selector of a hard pigeonhole is a core of one literal, too hard to
    # prove in the budget; v2, v3, v4 (three of "exactly two of five") is a
    # core found at once (by propagation, before the selector is assumed).
    # Whether its minimality is proven in the budget depends on the solver's
    # choices for the free selector; it is a minimal core either way.
    model, s, v = mixed_model()
    backend = compile_with(backend_spec, model)

    limited = takes_conflict_limits(backend_spec)
    small = Budget(conflict_limit=50) if limited else Budget(time_limit=0.5)
    result = backend.smallest_core([v[2], v[3], v[4], s], budget=small)
    assert result.status == "unsat"
    assert result.core == (v[2], v[3], v[4])
    assert not result.smallest
    assert result.lower_bound == (1 if result.minimal else 0)
    # With an easy pigeonhole the one-literal core is found and proven.
    easy = pigeonhole(4, pairwise=True, guarded=True)
    (selector,) = easy.selectors()
    w = [easy.bool_var(f"w{i}") for i in range(3)]
    easy.add("not all three", [clause(*(-x for x in w))])
    enough = Budget(conflict_limit=50) if limited else Budget(time_limit=60)
    proven = compile_with(backend_spec, easy).smallest_core([*w, selector], budget=enough)
    assert (proven.core, proven.smallest) == ((selector,), True)


def test_smallest_core_zero_budgets_and_bad_input(
    backend_spec: tuple[str, dict[str, Any]],
) -> None:
    model, assumptions, _ = several_cores()
    backend = compile_with(backend_spec, model)
    budgets = [Budget(time_limit=0)]
    if takes_conflict_limits(backend_spec):
        budgets.append(Budget(conflict_limit=0))
    else:
        with pytest.raises(SolverError, match="cannot honour a conflict limit"):
            backend.smallest_core(assumptions, budget=Budget(conflict_limit=5))
    for budget in budgets:
        result = backend.smallest_core(assumptions, budget=budget)
        assert (result.status, result.core, result.smallest, result.minimal) == (
            "unknown",
            None,
            False,
            False,
        )
    with pytest.raises(ModelError, match="assumption 99 is not a literal"):
        backend.smallest_core([99])
    with pytest.raises(TypeError, match="an assumption must be an int literal"):
        backend.smallest_core(["a"])  # type: ignore[list-item]


# -- the watchdog ------------------------------------------------------------------------------


def test_the_watchdog_interrupts_again_a_call_that_began_after_its_deadline() -> None:
    """An interrupt sent before the solver's call began is lost (Z3 forgets it when its check
    starts); on a busy machine a deadline can pass before then. The watchdog repeats it."""
    import threading  # noqa: PLC0415

    from dokuspec.solvers.budget import Watchdog, _clock  # noqa: PLC0415

    interrupted = threading.Event()
    watchdog = Watchdog(interrupted.set, _clock())  # the deadline has passed already
    with watchdog.watching():
        assert interrupted.wait(5)  # the first interrupt, before the call
        interrupted.clear()  # the call begins and forgets it
        stopped = interrupted.wait(5)  # the call runs until interrupted again
    assert stopped
    assert watchdog.fired == "time"


def test_the_watchdog_stops_interrupting_once_the_call_has_ended() -> None:
    import threading  # noqa: PLC0415

    from dokuspec.solvers.budget import Watchdog, _clock  # noqa: PLC0415

    calls: list[float] = []
    lock = threading.Lock()

    def interrupt() -> None:
        with lock:
            calls.append(_clock())

    with Watchdog(interrupt, _clock()).watching():
        time.sleep(0.1)
    with lock:
        made = len(calls)
    time.sleep(0.1)
    assert made >= 2  # repeated while the call ran
    assert len(calls) == made  # and never after it ended


# -- optimisation on the backend's own solver (SAT) -----------------------------------------------


def _weighted(seed: int) -> tuple[Model, Objective, list[int]]:
    """A small random model with a weighted objective, and its variables."""
    import random  # noqa: PLC0415

    rng = random.Random(seed)
    model = Model()
    v = [model.bool_var(f"v{i}") for i in range(7)]
    rules = []
    for _ in range(9):
        chosen = rng.sample(v, 3)
        rules.append(clause(*(x if rng.random() < 0.5 else -x for x in chosen)))
    model.add("random clauses", rules)
    terms = tuple((rng.randint(-4, 6), x if rng.random() < 0.7 else -x) for x in v)
    return model, Objective(terms, rng.choice(["maximize", "minimize"])), v


def _brute_optimum(
    model: Model, objective: Objective, v: list[int], fixed: list[int]
) -> int | None:
    values = [
        objective_value(objective, [x if x in true else -x for x in v])
        for true in brute_solutions(model, fixed)
    ]
    if not values:
        return None
    return max(values) if objective.sense == "maximize" else min(values)


@pytest.mark.parametrize("seed", range(12))
def test_incremental_optimisation_finds_the_brute_force_optimum_and_changes_nothing(
    seed: int,
) -> None:
    model, objective, v = _weighted(seed)
    backend = SatBackend(model)
    allowed = brute_solutions(model)
    for fixed in ([], [v[0]], [-v[1], v[2]]):
        expected = _brute_optimum(model, objective, v, fixed)
        found = backend.optimize_incremental(objective, fixed, budget=Budget(conflict_limit=10**5))
        if expected is None:
            assert found.status == "unsat"
            continue
        assert (found.status, found.value) == ("optimal", expected)
        assert found.model is not None
        assert objective_value(objective, found.model) == expected
    # The formula still allows exactly what it allowed: the bounds were retired.
    for solution in allowed:
        assumptions = [x if x in solution else -x for x in v]
        assert backend.solve(assumptions).status == "sat"


def test_retired_bounds_are_dropped_and_answers_stay_right(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dokuspec.solvers import sat  # noqa: PLC0415

    monkeypatch.setattr(sat, "RETIRED_LIMIT", 5)
    model, objective = placement(5)
    backend = SatBackend(model)
    clauses, top = backend.num_clauses, backend.top_variable
    for round_ in range(6):
        found = backend.optimize_incremental(objective, budget=Budget(conflict_limit=10**5))
        assert (found.status, found.value) == ("optimal", 4)
        # Every bound's clauses were dropped again, and their variables freed; a clause
        # added between the searches stays, in its place.
        assert (backend.num_clauses, backend.top_variable) == (clauses + min(round_, 1), top)
        if round_ == 0:
            backend.add_clause([1, -1])
    assert backend.clauses[clauses] == (1, -1)
    minimum = Objective(objective.terms, "minimize")
    assert backend.optimize_incremental(minimum).value == 0


def test_incremental_optimisation_under_a_tiny_budget_is_not_proven() -> None:
    model, objective = placement(12)
    backend = SatBackend(model)
    found = backend.optimize_incremental(objective, budget=Budget(conflict_limit=50))
    assert found.status in ("feasible", "unknown")
    assert not found.proven_optimal
