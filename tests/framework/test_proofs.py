"""Proofs of unsatisfiability (dokuspec.solvers.proofs) and the backend's refutations.

Every proof produced is accepted by the independent checker (dratify); a
proof is rejected when the CNF it is checked against is satisfiable (a
planted case: the same proof against the CNF less one clause), when it is
cut short, and when it is not a proof. The CNF states what the model states:
its clauses are the compiled groups' plus one unit clause per assumption.
"""

from __future__ import annotations

import pytest
from pysat.solvers import Solver

from dokuspec.errors import NotationError, SolverError
from dokuspec.solvers.proofs import (
    PROOF_SOLVERS,
    UNIT_PROPAGATION,
    check_refutation,
    dimacs,
    read_dimacs,
    refute,
)
from dokuspec.solvers.sat import SatBackend
from dokuspec.spec.model import Model, at_most, clause, exactly

NAMES = {1: "a", 2: "b", 3: "c"}


def _pigeons(holes: int) -> tuple[list[list[int]], int]:
    """holes + 1 pigeons in ``holes`` holes: unsatisfiable, and not by unit propagation."""
    pigeons = holes + 1
    var = {(p, h): p * holes + h + 1 for p in range(pigeons) for h in range(holes)}
    clauses = [[var[p, h] for h in range(holes)] for p in range(pigeons)]
    for h in range(holes):
        for p in range(pigeons):
            for q in range(p + 1, pigeons):
                clauses.append([-var[p, h], -var[q, h]])
    return clauses, pigeons * holes


@pytest.mark.parametrize("solver", PROOF_SOLVERS)
def test_every_proof_solver_writes_proofs_the_checker_accepts(solver: str) -> None:
    clauses, variables = _pigeons(5)
    found = refute([("pigeons", clauses)], variables, {}, solver=solver)
    assert found is not None
    assert (found.solver, found.variables, found.clauses) == (solver, variables, len(clauses))
    verdict = found.check()
    assert verdict.accepted, verdict.reason
    assert verdict.steps > 0 and found.lemmas > 0
    assert verdict.checker.startswith("dratify ")


def test_a_cnf_unit_propagation_refutes_gets_the_empty_clause_alone() -> None:
    found = refute([("facts", [[1, 2], [-1], [-2]])], 2, NAMES)
    assert found is not None
    assert (found.proof, found.solver, found.lemmas) == ("0\n", UNIT_PROPAGATION, 1)
    assert found.check().accepted
    # the same proof of a CNF that propagation does not refute is rejected
    assert not check_refutation(dimacs([("x", [[1, 2], [-1]])], 2, NAMES), "0\n").accepted


def test_a_satisfiable_cnf_has_no_refutation() -> None:
    assert refute([("rules", [[1, 2], [-1]])], 2, NAMES) is None


def test_a_proof_is_rejected_against_a_satisfiable_cnf() -> None:
    clauses, variables = _pigeons(4)
    found = refute([("pigeons", clauses)], variables, {})
    assert found is not None and found.check().accepted
    weaker = dimacs([("pigeons less one", clauses[1:])], variables, {})
    with Solver(name="cadical195", bootstrap_with=clauses[1:]) as sat:
        assert sat.solve()  # the planted CNF is satisfiable...
    verdict = check_refutation(weaker, found.proof)
    assert not verdict.accepted  # ...so no proof of it may be accepted
    assert verdict.reason


def test_cut_and_malformed_proofs_are_rejected() -> None:
    clauses, variables = _pigeons(4)
    found = refute([("pigeons", clauses)], variables, {})
    assert found is not None
    cut = "".join(found.proof.splitlines(keepends=True)[: found.lemmas // 2])
    assert not check_refutation(found.cnf, cut).accepted
    assert not check_refutation(found.cnf, "").accepted
    garbage = check_refutation(found.cnf, "1 2 x 0\n")
    assert not garbage.accepted


def test_the_cnf_names_its_variables_and_groups() -> None:
    text = dimacs(
        [("group: one of a and b", [[1, 2]]), ("the facts", [[-1], [-2]])],
        3,
        NAMES,
        title=["a title"],
    )
    assert text.splitlines() == [
        "c a title",
        "c 3 named variables, then auxiliary ones of the encodings:",
        "c var 1 a",
        "c var 2 b",
        "c var 3 c",
        "p cnf 3 3",
        "c group: one of a and b",
        "1 2 0",
        "c the facts",
        "-1 0",
        "-2 0",
    ]
    assert read_dimacs(text) == (3, [(1, 2), (-1,), (-2,)])
    with pytest.raises(SolverError, match=r"literal 4 is outside 1\.\.3"):
        dimacs([("x", [[4]])], 3, NAMES)


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ("1 2 0\n", "f:1:1", "a clause before the header"),
        ("p cnf 2\n", "f:1:1", "a header is 'p cnf VARIABLES CLAUSES'"),
        ("p cnf 2 1\np cnf 2 1\n", "f:2:1", "a second header"),
        ("p cnf 2 1\n1  x 0\n", "f:2:4", "'x' is not a literal"),
        ("p cnf 2 1\n1 -3 0\n", "f:2:3", "literal -3 is outside -2..2"),
        ("c only a comment\n", "f:1", "no 'p cnf' header"),
        ("p cnf 2 1\n1 2\n", "f:2", "the last clause is not ended by 0"),
        ("p cnf 2 2\n1 2 0\n", "f", "the header declares 2 clauses, the file holds 1"),
    ],
)
def test_bad_dimacs_is_located(text: str, where: str, what: str) -> None:
    with pytest.raises(NotationError) as caught:
        read_dimacs(text, source="f")
    assert str(caught.value) == f"{where}: {what}"


def test_refute_refuses_a_solver_without_checkable_proofs() -> None:
    with pytest.raises(SolverError, match="solver 'maplesat' writes no checkable proof"):
        refute([("x", [[1], [-1]])], 1, {}, solver="maplesat")


def test_a_backend_refutes_its_model_under_assumptions() -> None:
    model = Model()
    cells = [model.bool_var(f"cell {i}") for i in range(4)]
    model.add("exactly one cell", [exactly(cells, 1)])
    model.add("not both ends", [clause(-cells[0], -cells[3])], guarded=True)
    model.add("at most one of the middle", [at_most(cells[1:3], 1)])
    backend = SatBackend(model)
    assert backend.refute([cells[0]]) is None  # satisfiable
    found = backend.refute([-cells[0], -cells[1], -cells[2], -cells[3]], title=["a query"])
    assert found is not None and found.check().accepted
    lines = found.cnf.splitlines()
    assert lines[0] == "c a query"
    assert "c var 1 cell 0" in lines
    assert "c var 5 selector of not both ends" in lines
    assert [line for line in lines if line.startswith("c group: ")] == [
        "c group: exactly one cell",
        "c group: not both ends",
        "c group: at most one of the middle",
    ]
    variables, clauses = read_dimacs(found.cnf)
    facts = [(-cells[0],), (-cells[1],), (-cells[2],), (-cells[3],)]
    assert clauses == [*backend.clauses, *facts]
    assert variables == backend.top_variable
