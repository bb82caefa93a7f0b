"""A constraint evaluated on a partial assignment (dokuspec.spec.model.can_hold).

Within one constraint over distinct variables the answer is exact, checked
here by trying every value of the unassigned variables: it can hold exactly
when some values satisfy it; a linear equality is judged by the range of its
sum, so it can only be too lenient.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from helpers import holds
from hypothesis import given
from hypothesis import strategies as st

from dokuspec.spec.model import (
    Cardinality,
    Clause,
    Constraint,
    IntVar,
    PseudoBoolean,
    Table,
    can_hold,
    clause,
    linear,
)

VARIABLES = 5
COMPARATORS = st.sampled_from(["<=", ">=", "=="])


@st.composite
def literals(draw: st.DrawFn) -> list[int]:
    variables = draw(st.lists(st.integers(1, VARIABLES), unique=True, max_size=VARIABLES))
    return [v if draw(st.booleans()) else -v for v in variables]


@st.composite
def boolean_constraints(draw: st.DrawFn) -> Constraint:
    chosen = draw(literals())
    kind = draw(st.sampled_from(["clause", "cardinality", "linear"]))
    if kind == "clause":
        return Clause(tuple(chosen))
    if kind == "cardinality":
        return Cardinality(tuple(chosen), draw(COMPARATORS), draw(st.integers(0, VARIABLES + 1)))
    coefficients = st.integers(-4, 4).filter(bool)
    terms = tuple((draw(coefficients), literal) for literal in chosen)
    return PseudoBoolean(terms, draw(COMPARATORS), draw(st.integers(-10, 10)))


def _truth(assigned: dict[int, bool]) -> Callable[[int], bool | None]:
    def truth(literal: int) -> bool | None:
        value = assigned.get(abs(literal))
        return None if value is None else value == (literal > 0)

    return truth


@given(
    boolean_constraints(),
    st.dictionaries(st.integers(1, VARIABLES), st.booleans(), max_size=VARIABLES),
)
def test_a_boolean_constraint_can_hold_exactly_when_some_completion_satisfies_it(
    constraint: Constraint, assigned: dict[int, bool]
) -> None:
    open_variables = [v for v in range(1, VARIABLES + 1) if v not in assigned]
    some = any(
        holds(
            constraint,
            frozenset(v for v, value in assigned.items() if value)
            | frozenset(v for v, bit in zip(open_variables, bits, strict=True) if bit),
        )
        for bits in itertools.product((False, True), repeat=len(open_variables))
    )
    answer = can_hold(constraint, _truth(assigned))
    if isinstance(constraint, PseudoBoolean) and constraint.comparator == "==":
        assert answer or not some
    else:
        assert answer == some


@st.composite
def tables(draw: st.DrawFn) -> tuple[Table, dict[int, int]]:
    arity = draw(st.integers(1, 3))
    variables = []
    literal = 1
    for index in range(arity):
        size = draw(st.integers(1, 3))
        variables.append(
            IntVar(f"x{index}", tuple(range(size)), tuple(range(literal, literal + size)))
        )
        literal += size
    every = list(itertools.product(*(var.values for var in variables)))
    rows = draw(st.lists(st.sampled_from(every), max_size=len(every)))
    table = Table(tuple(variables), tuple(rows), draw(st.booleans()))
    known = {
        i: draw(st.sampled_from(var.values))
        for i, var in enumerate(variables)
        if draw(st.booleans())
    }
    return table, known


@given(tables())
def test_a_table_can_hold_exactly_when_some_values_of_the_open_variables_fit(
    case: tuple[Table, dict[int, int]],
) -> None:
    table, known = case
    true = {var.literal(known[i]) for i, var in enumerate(table.variables) if i in known}
    assigned = {
        literal: literal in true
        for i, var in enumerate(table.variables)
        if i in known
        for literal in var.literals
    }
    fillings = itertools.product(
        *((known[i],) if i in known else var.values for i, var in enumerate(table.variables))
    )
    rows = set(table.tuples)
    some = any((filling in rows) == table.allowed for filling in fillings)
    assert can_hold(table, _truth(assigned)) == some


def test_worked_examples() -> None:
    assert not can_hold(clause(1, -2), _truth({1: False, 2: True}))
    assert can_hold(clause(1, -2), _truth({1: False}))
    at_most_one = Cardinality((1, 2, 3), "<=", 1)
    assert not can_hold(at_most_one, _truth({1: True, 3: True}))
    assert can_hold(at_most_one, _truth({1: True}))
    # 2a - 3b == -1: a false and b true gives -3; with a open, -3 or -1.
    assert can_hold(linear([(2, 1), (-3, 2)], "==", -1), _truth({2: True}))
    assert not can_hold(linear([(2, 1), (-3, 2)], "==", -1), _truth({1: False, 2: True}))
    # 2x == 1 has no solution, but its sum ranges over 0..2: judged by the range.
    assert can_hold(linear([(2, 1)], "==", 1), _truth({}))
