"""The modelling vocabulary (dokuspec.spec.model): construction, checks, normal forms."""

from __future__ import annotations

import pytest
from helpers import assignments, compare, holds, is_true
from hypothesis import given
from hypothesis import strategies as st

from dokuspec.errors import DokuspecError, ModelError
from dokuspec.spec.model import (
    Cardinality,
    Clause,
    Comparator,
    IntVar,
    Model,
    Objective,
    PseudoBoolean,
    Table,
    at_least,
    at_most,
    clause,
    exactly,
    linear,
    sums_equal,
)


def small_model() -> Model:
    model = Model()
    for name in "abcd":
        model.bool_var(name)
    return model


# -- variables -------------------------------------------------------------------------------


def test_variables_are_numbered_from_one_with_names() -> None:
    model = Model()
    assert model.bool_var("a") == 1
    assert model.bool_var() == 2
    assert model.num_vars == 2
    assert model.describe(1) == "a"
    assert model.describe(-1) == "not a"
    assert model.describe(2) == "x2"


def test_int_var_is_one_hot_with_a_domain_group() -> None:
    model = Model()
    model.bool_var("before")
    x = model.int_var("r1c1", [4, 2, 9])
    assert x.values == (4, 2, 9)
    assert x.literals == (2, 3, 4)
    assert x.literal(9) == 4
    assert x.value_of([3, 7]) == 2
    assert x.value_of([1]) is None
    assert model.int_vars == [x]
    assert model.describe(3) == "r1c1=2"
    (group,) = model.groups
    assert group.name == "domain of r1c1"
    assert group.selector is None
    assert group.constraints == (Cardinality((2, 3, 4), "==", 1),)


@pytest.mark.parametrize("values", [[], [1, 2, 1]])
def test_bad_domains(values: list[int]) -> None:
    with pytest.raises(ModelError, match="domain of x"):
        Model().int_var("x", values)


def test_value_outside_a_domain() -> None:
    x = IntVar("x", (1, 2), (1, 2))
    with pytest.raises(ModelError, match="3 is not in the domain of x"):
        x.literal(3)


def test_model_error_is_a_value_error() -> None:
    assert issubclass(ModelError, DokuspecError)
    assert issubclass(ModelError, ValueError)


# -- constraints -----------------------------------------------------------------------------


def test_helpers_build_constraints() -> None:
    assert clause(1, -2) == Clause((1, -2))
    assert at_most([1, 2], 1) == Cardinality((1, 2), "<=", 1)
    assert at_least(iter([1, 2]), 2) == Cardinality((1, 2), ">=", 2)
    assert exactly([3], 0) == Cardinality((3,), "==", 0)
    assert linear([(2, 1), (-1, 3)], ">=", 1) == PseudoBoolean(((2, 1), (-1, 3)), ">=", 1)


def test_add_returns_the_group_and_guards_it() -> None:
    model = small_model()
    plain = model.add("plain", [clause(1, 2)])
    guarded = model.add("guarded", [at_most([1, 2, 3], 1)], guarded=True)
    assert plain.selector is None
    assert guarded.selector == 5
    assert model.num_vars == 5
    assert model.describe(5) == "selector of guarded"
    assert model.selectors() == [5]
    assert model.groups == [plain, guarded]


@pytest.mark.parametrize(
    ("constraint", "message"),
    [
        (Clause((1, 0)), "0 is not a literal"),
        (Clause((5,)), "5 is not a literal"),
        (Clause((-5,)), "-5 is not a literal"),
        (Clause(("1",)), "'1' is not a literal"),  # type: ignore[arg-type]
        (Cardinality((1, 2), "<=", -1), "bound -1 is negative"),
        (Cardinality((1, 2), "<", 1), "unknown comparator '<'"),  # type: ignore[arg-type]
        (Cardinality((1, -1), "<=", 1), "repeats a variable"),
        (Cardinality((1, 7), ">=", 1), "7 is not a literal"),
        (PseudoBoolean(((0, 1),), "<=", 1), "coefficient 0"),
        (PseudoBoolean(((1.5, 1),), "<=", 1), "coefficient 1.5"),  # type: ignore[arg-type]
        (PseudoBoolean(((1, 1), (2, -1)), "==", 1), "repeats a variable"),
        (PseudoBoolean(((1, 1),), "!=", 1), "unknown comparator"),  # type: ignore[arg-type]
        (PseudoBoolean(((1, 9),), ">=", 1), "9 is not a literal"),
    ],
)
def test_malformed_constraints_are_rejected(constraint: object, message: str) -> None:
    model = small_model()
    with pytest.raises(ModelError, match=message) as caught:
        model.add("my group", [constraint])  # type: ignore[list-item]
    assert "group 'my group'" in str(caught.value)
    assert model.groups == []
    assert model.num_vars == 4


def test_malformed_tables_are_rejected() -> None:
    model = Model()
    x = model.int_var("x", [1, 2, 3])
    y = model.int_var("y", [5, 6])
    with pytest.raises(ModelError, match="needs at least one variable"):
        model.add("t", [Table((), ())])
    with pytest.raises(ModelError, match=r"tuple \(1,\) has 1 values, not 2"):
        model.add("t", [Table((x, y), ((1, 5), (1,)))])
    with pytest.raises(ModelError, match="7 is not in the domain of y"):
        model.add("t", [Table((x, y), ((1, 7),))])
    with pytest.raises(ModelError, match="4 is not in the domain of x"):
        model.add("t", [Table((x,), ((4,),), allowed=False)])
    model.add("fine", [Table((x, y), ((3, 6),)), Table((y,), ())])


def test_objective_checks() -> None:
    model = small_model()
    model.check_objective(Objective(((2, 1), (-3, -4))))
    with pytest.raises(ModelError, match="sense"):
        model.check_objective(Objective(((1, 1),), "smallest"))  # type: ignore[arg-type]
    with pytest.raises(ModelError, match="objective"):
        model.check_objective(Objective(((1, 5),)))
    with pytest.raises(ModelError, match="coefficient"):
        model.check_objective(Objective((("2", 1),)))  # type: ignore[arg-type]


def test_check_literal() -> None:
    model = small_model()
    model.check_literal(4)
    model.check_literal(-4)
    for bad in (0, 5, -5):
        with pytest.raises(ModelError, match=f"{bad} is not a literal of this model"):
            model.check_literal(bad)


# -- pseudo-Boolean normal form and equal sums -------------------------------------------------


def value(terms: tuple[tuple[int, int], ...], true: frozenset[int]) -> int:
    return sum(c for c, lit in terms if is_true(lit, true))


def test_normalized_example() -> None:
    pb = PseudoBoolean(((2, 1), (-3, 2), (-1, -3)), "<=", 1)
    assert pb.normalized() == PseudoBoolean(((2, 1), (3, -2), (1, 3)), "<=", 5)
    positive = PseudoBoolean(((1, 1), (4, -2)), ">=", 2)
    assert positive.normalized() == positive


TERMS = st.lists(
    st.tuples(st.integers(-6, 6).filter(bool), st.integers(1, 5), st.booleans()),
    max_size=5,
    unique_by=lambda t: t[1],
).map(lambda ts: tuple((c, v if positive else -v) for c, v, positive in ts))


@given(
    terms=TERMS,
    comparator=st.sampled_from(["<=", ">=", "=="]),
    bound=st.integers(-15, 15),
)
def test_normalized_is_equivalent_with_positive_coefficients(
    terms: tuple[tuple[int, int], ...], comparator: Comparator, bound: int
) -> None:
    pb = PseudoBoolean(terms, comparator, bound)
    normal = pb.normalized()
    assert all(c > 0 for c, _ in normal.terms)
    assert normal.comparator == comparator
    assert sorted(abs(lit) for _, lit in normal.terms) == sorted(abs(lit) for _, lit in terms)
    for true in assignments(5):
        assert holds(pb, true) == holds(normal, true)
        assert holds(pb, true) == compare(value(terms, true), comparator, bound)


@given(left=TERMS, right=TERMS)
def test_sums_equal_means_equal_sums(
    left: tuple[tuple[int, int], ...], right: tuple[tuple[int, int], ...]
) -> None:
    # Shift the right side to variables 6-10 so that the sides share no variable.
    right = tuple((c, lit + 5 if lit > 0 else lit - 5) for c, lit in right)
    pb = sums_equal(left, right)
    assert pb.comparator == "=="
    assert pb.bound == 0
    assert len(pb.terms) == len(left) + len(right)
    model = Model()
    for _ in range(10):
        model.bool_var()
    model.add("equal sums", [pb])
    for true in assignments(10):
        assert holds(pb, true) == (value(left, true) == value(right, true))


def test_sums_equal_example() -> None:
    pb = sums_equal([(1, 1), (2, 2)], [(3, 3)])
    assert pb == PseudoBoolean(((1, 1), (2, 2), (-3, 3)), "==", 0)
