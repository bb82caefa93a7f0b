"""Prohibitive models judged by one sum (dokuspec.spec.model.prohibitions).

The compiled test must agree, on every assignment of a small model, with the
constraints evaluated one by one (:func:`~dokuspec.spec.model.can_hold`, exact
on a full assignment), for every recognised form: clauses of negative
literals (variables repeated too), "at most" cardinalities with any bound,
forbidden tables, and an empty clause. Other forms are refused.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dokuspec.errors import ModelError
from dokuspec.spec.model import (
    Clause,
    Constraint,
    IntVar,
    Model,
    PseudoBoolean,
    Table,
    at_least,
    at_most,
    can_hold,
    clause,
    exactly,
    prohibitions,
)

VARIABLES = 6


@st.composite
def prohibitive_models(draw: st.DrawFn) -> Model:
    model = Model()
    for _ in range(VARIABLES):
        model.bool_var()
    # A finite-domain view of variables 1-3 (one literal per value) for tables.
    colour = IntVar("colour", (1, 2, 3), (1, 2, 3))
    variable = st.integers(1, VARIABLES)
    constraints: list[Constraint] = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["clause", "at most", "table", "empty"]))
        if kind == "clause":
            constraints.append(Clause(tuple(-v for v in draw(st.lists(variable, max_size=4)))))
        elif kind == "at most":
            chosen = draw(st.lists(variable, unique=True, max_size=VARIABLES))
            constraints.append(at_most(chosen, draw(st.integers(0, VARIABLES + 1))))
        elif kind == "table":
            rows = draw(st.lists(st.tuples(st.sampled_from((1, 2, 3))), max_size=3))
            constraints.append(Table((colour,), tuple(rows), allowed=False))
        elif draw(st.integers(0, 3)) == 0:
            constraints.append(Clause(()))
    model.add("rules", constraints)
    return model


def _obeyed(model: Model, true: set[int]) -> bool:
    def truth(literal: int) -> bool:
        return (abs(literal) in true) == (literal > 0)

    return all(can_hold(c, truth) for g in model.groups for c in g.constraints)


@given(prohibitive_models())
def test_one_sum_agrees_with_each_constraint_on_every_assignment(model: Model) -> None:
    compiled = prohibitions(model, VARIABLES)
    tables = any(isinstance(c, Table) for g in model.groups for c in g.constraints)
    for bits in itertools.product((False, True), repeat=VARIABLES):
        true = {v for v, bit in zip(range(1, VARIABLES + 1), bits, strict=True) if bit}
        if tables and len(true & {1, 2, 3}) != 1:
            continue  # a table's variable takes exactly one value
        assert compiled.allow(sorted(true)) == _obeyed(model, true), sorted(true)


def test_wide_counts_do_not_carry_into_the_next_rule() -> None:
    model = Model()
    cells = [model.bool_var() for _ in range(81)]
    model.add("at most 8 of 81", [at_most(cells, 8)])
    model.add("not both 1 and 2", [clause(-1, -2)])
    compiled = prohibitions(model, 81)
    assert compiled.allow(range(3, 11))
    assert not compiled.allow(range(3, 12))  # 9 true: the count's guard, not the clause's
    assert compiled.allow(range(2, 10))
    assert not compiled.allow([1, 2])
    assert compiled.allow([])
    assert not compiled.allow(range(3, 82))  # 79 true: the widest count a field must hold
    assert not compiled.allow(range(1, 82))
    none_of_six = Model()
    six = [none_of_six.bool_var() for _ in range(6)]
    none_of_six.add("none", [at_most(six, 0)])
    compiled = prohibitions(none_of_six, 6)
    assert [compiled.allow(six[:n]) for n in range(7)] == [True] + [False] * 6


@pytest.mark.parametrize(
    "constraint",
    [clause(1, -2), at_least([1, 2], 1), exactly([1, 2], 1), at_most([-1, 2], 1)],
    ids=["clause requiring", "at least", "exactly", "negative literal counted"],
)
def test_what_requires_is_refused(constraint: Constraint) -> None:
    model = Model()
    model.bool_var()
    model.bool_var()
    model.add("rule", [constraint])
    with pytest.raises(ModelError, match="group 'rule'"):
        prohibitions(model, 2)


def test_allowed_tables_linear_constraints_and_guards_are_refused() -> None:
    model = Model()
    model.bool_var()
    model.bool_var()
    colour = IntVar("colour", (1, 2), (1, 2))  # no domain group: only the table speaks
    model.add("allowed", [Table((colour,), ((1,),))])
    with pytest.raises(ModelError, match="group 'allowed'"):
        prohibitions(model, 2)
    linear_model = Model()
    linear_model.bool_var()
    linear_model.add("sum", [PseudoBoolean(((2, 1),), "<=", 1)])
    with pytest.raises(ModelError, match="group 'sum'"):
        prohibitions(linear_model, 1)
    guarded = Model()
    guarded.bool_var()
    guarded.add("guarded", [clause(-1)], guarded=True)
    with pytest.raises(ModelError, match="guarded"):
        prohibitions(guarded, 1)
    for top in (0, 5, True):
        with pytest.raises(ModelError, match="top must be"):
            prohibitions(guarded, top)  # type: ignore[arg-type]


def test_a_variable_above_top_is_refused() -> None:
    model = Model()
    for _ in range(3):
        model.bool_var()
    model.add("rule", [clause(-1, -3)])
    with pytest.raises(ModelError, match=r"outside 1\.\.2"):
        prohibitions(model, 2)
    assert prohibitions(model, 3).allow([1])
