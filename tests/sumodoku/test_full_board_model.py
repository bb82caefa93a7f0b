"""The full-board model (the rules as prohibitions) and the certificates that use it.

``check`` certifies a proposed completion on
:func:`dokuspec.spec.sumodoku.full_board_model` instead of the completion
model, by evaluating its prohibitions on the board
(:func:`dokuspec.spec.model.prohibitions`); the SAT solver deciding the
same model with the board assumed is the second certificate the tests
hold it equal to. That is sound when (1) the full-board model only forbids, (2) the
completion model implies every prohibition, and (3) on a full board the
prohibitions imply every constraint of the completion model. Here (1) is
checked by form, (2) and (3) are proven with the SAT solver constraint by
constraint on the compiled models (one query per forbidden pair or value;
the counting step of (3), "9 cells, 9 different colours: every colour
appears", once on a single unit), and the certificate itself is held
against two independent judges of a full board: the engine's rule checker
and a direct evaluation of the completion model's constraints.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterator

import pytest
from helpers import examples, satisfies
from hypothesis import given, settings
from hypothesis import strategies as st

from dokuspec.engine.sumodoku import is_valid
from dokuspec.errors import ModelError
from dokuspec.solvers.sat import SatBackend
from dokuspec.spec.model import (
    Cardinality,
    Model,
    PseudoBoolean,
    Table,
    at_least,
    at_most,
    clause,
    exactly,
)
from dokuspec.spec.sumodoku import (
    cell_literal,
    completion_model,
    full_board_model,
    is_prohibitive,
    units,
)
from dokuspec.sumodoku import Board, Position, Variants, positions
from dokuspec.verify.sumodoku import strategies

SOLVER = "cadical195"
EDGES = frozenset({(0, 1), (9, 10), (40, 49), (70, 71)})  # four borders, two of them vertical
PARITY = ("o." * 40 + "e")[:81]
RULE_SETS: dict[str, tuple[Variants, tuple[int, ...]]] = {
    "plain": (Variants(), (9,) * 9),
    "x": (Variants(x=True), (9,) * 9),
    "parity": (Variants(parity=PARITY), (9,) * 9),
    "consecutive": (Variants(consecutive=EDGES), (9,) * 9),
    "strict marks": (Variants(consecutive=EDGES, strict_marks=True), (9,) * 9),
    "non-consecutive": (Variants(non_consecutive=True), (9,) * 9),
    "non-consecutive marks": (
        Variants(consecutive=EDGES, non_consecutive_marks=[(1, 2), (30, 39)]),
        (9,) * 9,
    ),
    "digits": (
        Variants(parity=PARITY, consecutive=EDGES, strict_marks=True, digits="918273645"),
        (9,) * 9,
    ),
    "supply": (Variants(), (9, 9, 8, 9, 9, 9, 9, 9, 7)),
}


# -- (1) the full-board model only forbids ------------------------------------------------


def _model(*constraints: object) -> Model:
    model = Model()
    for _ in range(4):
        model.bool_var()
    model.add("group", constraints)  # type: ignore[arg-type]
    return model


def test_is_prohibitive_recognises_each_form() -> None:
    model = Model()
    colour = model.int_var("cell", (1, 2))
    aux = model.bool_var()
    top = 2
    assert is_prohibitive(_model(clause(-1, -2)), top)
    assert is_prohibitive(_model(clause(-1, 3)), top)  # 3 is above top: not a cell literal
    assert not is_prohibitive(_model(clause(-1, 2)), top)
    assert is_prohibitive(_model(at_most([1, 2, 3], 1)), top)
    assert not is_prohibitive(_model(at_most([-1, 2], 1)), top)
    assert not is_prohibitive(_model(at_least([1, 2], 1)), top)
    assert not is_prohibitive(_model(exactly([1, 2], 1)), top)
    assert not is_prohibitive(_model(PseudoBoolean(((1, 1), (2, 2)), "<=", 2)), top)
    model.add("banned", [Table((colour,), ((1,),), allowed=False)])
    assert is_prohibitive(model, aux) is False  # the int_var's own domain is "exactly one"
    bare = Model()
    bare.bool_var()
    bare.bool_var()
    bare.add("banned", [Table((colour,), ((1,),), allowed=False)])
    assert is_prohibitive(bare, top)
    bare.add("allowed", [Table((colour,), ((2,),))])
    assert not is_prohibitive(bare, top)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_the_full_board_model_only_forbids(name: str) -> None:
    variants, capacity = RULE_SETS[name]
    model = full_board_model(variants, capacity)
    assert is_prohibitive(model, 729)
    assert model.int_vars == []
    assert [group.selector for group in model.groups] == [None] * len(model.groups)
    compiled = SatBackend(model, solver=SOLVER)
    for cnf_clause in compiled.clauses:
        assert all(literal < 0 or literal > 729 for literal in cnf_clause), cnf_clause


# -- (2) and (3): the two models agree on full boards --------------------------------------


def _pairs_forbidden_by(model: Model) -> Iterator[tuple[int, ...]]:
    """Every set of cell literals one prohibition of ``model`` forbids together."""
    for group in model.groups:
        for constraint in group.constraints:
            if isinstance(constraint, Cardinality):
                if constraint.bound == 1:
                    yield from itertools.combinations(constraint.literals, 2)
            else:
                assert not isinstance(constraint, (PseudoBoolean, Table))
                yield tuple(-literal for literal in constraint.literals)


def _supplies(model: Model) -> set[tuple[tuple[int, ...], int]]:
    return {
        (constraint.literals, constraint.bound)
        for group in model.groups
        if group.name.startswith("supply")
        for constraint in group.constraints
        if isinstance(constraint, Cardinality)
    }


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_the_completion_model_implies_every_prohibition(name: str) -> None:
    variants, capacity = RULE_SETS[name]
    spec = completion_model(variants, capacity)
    prohibitions = full_board_model(variants, capacity)
    compiled = SatBackend(spec.model, solver=SOLVER)
    always = list(spec.always)
    checked = 0
    for together in _pairs_forbidden_by(prohibitions):
        assert not compiled.satisfiable([*together, *always]), together
        checked += 1
    assert checked >= 27 * 9 * 36
    assert _supplies(prohibitions) == _supplies(spec.model)
    assert {g.name for g in prohibitions.groups} <= set(spec.rule_groups) | {
        g.name for g in spec.model.groups
    }


def _with_domains(prohibitions: Model) -> Model:
    """The prohibitions plus "each cell holds exactly one colour": any full board."""
    model = Model()
    for _ in range(prohibitions.num_vars):
        model.bool_var()
    for group in prohibitions.groups:
        model.add(group.name, group.constraints)
    for index in range(81):
        model.add(f"cell {index}", [exactly([cell_literal(index, k) for k in range(1, 10)], 1)])
    return model


def test_on_one_unit_at_most_once_per_colour_means_every_colour() -> None:
    """The counting step: 9 cells with 9 different colours hold every colour."""
    model = Model()
    for _ in range(81):
        model.bool_var()
    for cell in range(9):
        model.add(f"cell {cell}", [exactly([9 * cell + k for k in range(1, 10)], 1)])
    for colour in range(1, 10):
        model.add(f"colour {colour}", [at_most([9 * cell + colour for cell in range(9)], 1)])
    compiled = SatBackend(model, solver=SOLVER)
    for colour in range(1, 10):
        assert not compiled.satisfiable([-(9 * cell + colour) for cell in range(9)])
    assert compiled.satisfiable([9 * cell + cell + 1 for cell in range(9)])


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_on_full_boards_the_prohibitions_imply_the_completion_model(name: str) -> None:
    variants, capacity = RULE_SETS[name]
    spec = completion_model(variants, capacity)
    prohibitions = full_board_model(variants, capacity)
    compiled = SatBackend(_with_domains(prohibitions), solver=SOLVER)
    amo = {
        frozenset(c.literals)
        for g in prohibitions.groups
        for c in g.constraints
        if isinstance(c, Cardinality) and c.bound == 1
    }
    unit_groups = 0
    for group in spec.model.groups:
        for constraint in group.constraints:
            if isinstance(constraint, Cardinality) and group.name.startswith("domain of"):
                continue  # every full board holds exactly one colour per cell
            if isinstance(constraint, Cardinality) and not group.name.startswith("supply"):
                # A unit: "at most one" is a prohibition itself; "at least one"
                # follows on a full board by the counting step proven above.
                assert (constraint.comparator, constraint.bound) == ("==", 1)
                assert frozenset(constraint.literals) in amo, group.name
                unit_groups += 1
            elif isinstance(constraint, Table):
                tables = constraint.variables
                for values in itertools.product(*(var.values for var in tables)):
                    if (values in constraint.tuples) != constraint.allowed:
                        together = [v.literal(x) for v, x in zip(tables, values, strict=True)]
                        assert not compiled.satisfiable(together), (group.name, values)
    assert unit_groups == 9 * len(units(variants.x))
    assert _supplies(prohibitions) == _supplies(spec.model)


# -- the certificate against two independent judges -----------------------------------------


def _judges(position: Position, board: Board) -> tuple[bool, bool]:
    """The engine's rule checker and a direct evaluation of the completion model."""
    extends = board.is_full() and board.extends(position.board)
    capacity = tuple(9 - n for n in position.out)
    supply = all(n <= cap for n, cap in zip(board.counts(), capacity, strict=True))
    engine = extends and supply and is_valid(board, position.variants)
    spec = completion_model(position.variants, capacity)
    true = frozenset(9 * i + v for i, v in enumerate(board.cells) if v) | frozenset(spec.always)
    evaluated = extends and satisfies(spec.model, true)
    return engine, evaluated


@st.composite
def _candidates(draw: st.DrawFn) -> tuple[Position, Board]:
    """A position and a full board that is often, not always, a completion of it."""
    grid = draw(strategies.full_grids(x=draw(st.booleans())))
    variants = draw(strategies.variants(grid))
    cells = bytearray(grid.cells)
    for _ in range(draw(st.integers(0, 2))):
        kind = draw(st.sampled_from(["swap", "recolour"]))
        first, second = draw(st.integers(0, 80)), draw(st.integers(0, 80))
        if kind == "swap":
            cells[first], cells[second] = cells[second], cells[first]
        else:
            cells[first] = draw(st.integers(1, 9))
    board = Board(bytes(cells))
    kept = draw(st.sets(st.integers(0, 80), max_size=40))
    pieces = bytearray(81)
    for index in kept:
        pieces[index] = grid.cells[index]
    if draw(st.integers(0, 4)) == 0 and kept:
        index = draw(st.sampled_from(sorted(kept)))
        pieces[index] = pieces[index] % 9 + 1  # a piece the board does not hold
    out = (0,) * 9
    if draw(st.integers(0, 9)) == 0:
        colour = draw(st.integers(0, 8))
        out = tuple(1 if k == colour else 0 for k in range(9))
    try:
        position = Position(Board(bytes(pieces)), variants, out)
    except ValueError:
        position = Position(Board(bytes(pieces)), variants)
    return position, board


@settings(max_examples=examples(3.0))
@given(_candidates())
def test_the_certificate_agrees_with_the_rule_checker_and_the_model(
    candidate: tuple[Position, Board],
) -> None:
    position, board = candidate
    engine, evaluated = _judges(position, board)
    assert engine == evaluated
    assert positions._certify(position, board, SOLVER) == engine
    assert positions._certify_by_rules(position, board) == engine


@pytest.mark.parametrize("solver", ["cadical195", "glucose4", "minisat22"])
def test_the_certificate_with_each_solver_on_bundled_solutions(solver: str) -> None:
    for grid in strategies.bundled_solutions()[:40]:
        position = Position(Board(bytes(v if i % 4 == 0 else 0 for i, v in enumerate(grid.cells))))
        assert positions._certify(position, grid, solver)
        assert positions._certify_by_rules(position, grid)
        swapped = bytearray(grid.cells)
        swapped[0], swapped[1] = swapped[1], swapped[0]
        assert not positions._certify(position, Board(bytes(swapped)), solver)
        assert not positions._certify_by_rules(position, Board(bytes(swapped)))
        assert not positions._certify(position, Board(grid.cells[:80] + b"\x00"), solver)
        assert not positions._certify_by_rules(position, Board(grid.cells[:80] + b"\x00"))


def test_the_certificate_needs_every_piece_of_the_position() -> None:
    grid = strategies.bundled_solutions()[0]
    pieces = bytearray(81)
    pieces[5] = grid.cells[5] % 9 + 1  # a piece the grid does not hold there
    assert not positions._certify(Position(Board(bytes(pieces))), grid, SOLVER)
    assert not positions._certify_by_rules(Position(Board(bytes(pieces))), grid)
    pieces[5] = grid.cells[5]
    assert positions._certify(Position(Board(bytes(pieces))), grid, SOLVER)
    assert positions._certify_by_rules(Position(Board(bytes(pieces))), grid)


def test_satisfiable_checks_its_literals() -> None:
    compiled = SatBackend(full_board_model(Variants()), solver=SOLVER)
    literals = list(map(operator.add, range(0, 729, 9), strategies.bundled_solutions()[0].cells))
    assert compiled.satisfiable(literals)
    assert compiled.satisfiable([])
    assert not compiled.satisfiable([1, 10])  # r1c1 and r1c2 both colour 1
    for bad in (0, 730, -730):
        with pytest.raises(ModelError, match=f"literal {bad} is not a literal"):
            compiled.satisfiable([1, bad])
    assert compiled.satisfiable([-1, -2])
