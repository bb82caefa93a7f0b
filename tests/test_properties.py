"""Properties over generated positions (dokuspec.verify.strategies), checked by dokuspec.verify.

* SAT and Z3 give every position the same status (SU-15).
* Every completion is full, extends its board and obeys every active rule
  according to the independent engine (SU-3, SU-12..SU-14), within the supply.
* Every explanation is impossible on its own and minimal.

The number of examples follows the Hypothesis profile (``HYPOTHESIS_PROFILE``:
``ci`` by default, ``thorough`` for a campaign); the Z3 explanations, which
cost many solver queries each, get a fraction of it.
"""

from __future__ import annotations

from helpers import examples
from hypothesis import event, given, note, settings
from hypothesis import strategies as st

from dokuspec import sumodoku
from dokuspec.engine.sumodoku import violations
from dokuspec.sumodoku import Board, Position
from dokuspec.verify.strategies import full_grids, positions, variants
from dokuspec.verify.sumodoku import (
    check_agreement,
    check_completion,
    check_explanation,
    check_position,
)

# Budgets keep a rare hard position (strict marks with Sudoku X, say) from
# stalling the run; an answer cut short proves nothing and fails nothing.
TIME_LIMIT = 2.0


@settings(max_examples=examples(1))
@given(positions())
def test_sat_and_z3_agree(position: Position) -> None:
    sat, smt = check_agreement(position, time_limit=TIME_LIMIT)
    event(f"status: {sat.status} / {smt.status}")


@settings(max_examples=examples(2))
@given(positions())
def test_completions_obey_every_rule(position: Position) -> None:
    verdict = sumodoku.check(position)
    event(f"status: {verdict.status}")
    if violations(position.board, position.variants) or any(position.out):
        # A broken rule among the pieces, or a colour short (SU-15): impossible.
        assert verdict.status == "impossible"
    if verdict.status == "completable":
        check_completion(position, verdict)


@settings(max_examples=examples(1))
@given(positions(planted=(0, 0), with_out=False, consistent_variants=True))
def test_positions_cut_from_a_grid_are_completable(position: Position) -> None:
    verdict = sumodoku.check(position)
    assert verdict.status == "completable"
    check_completion(position, verdict)


@settings(max_examples=examples(1))
@given(positions(with_variants=False, planted=(1, 2)))
def test_plain_explanations_are_impossible_and_minimal(position: Position) -> None:
    verdict = sumodoku.explain(position)
    event(f"status: {verdict.status}")
    if verdict.status == "impossible":
        check_explanation(position, verdict)
        if not any(position.out):
            assert verdict.conflict
    else:
        assert verdict.status == "completable"
        check_completion(position, verdict)


@settings(max_examples=examples(1))
@given(positions(planted=(0, 1)))
def test_explanations_with_variants(position: Position) -> None:
    verdict = sumodoku.explain(position, time_limit=TIME_LIMIT)
    event(f"status: {verdict.status}, minimal: {verdict.minimal}")
    if verdict.status == "impossible":
        note(f"conflict: {verdict.conflict}, rules: {verdict.conflict_rules}")
        check_explanation(position, verdict, require_minimal=False, time_limit=TIME_LIMIT)
    elif verdict.status == "completable":
        check_completion(position, verdict)


@settings(max_examples=examples(0.5))
@given(positions(with_variants=False, planted=(1, 2)))
def test_z3_explanations_are_impossible_and_minimal(position: Position) -> None:
    verdict = check_position(position, explain_with="z3")
    event(f"status: {verdict.status}")


@settings(max_examples=examples(0.5))
@given(positions(max_pieces=30))
def test_z3_explanations_with_variants(position: Position) -> None:
    verdict = sumodoku.explain(position, backend="z3", time_limit=TIME_LIMIT)
    event(f"status: {verdict.status}, minimal: {verdict.minimal}")
    if verdict.status == "impossible":
        check_explanation(position, verdict, require_minimal=False, time_limit=TIME_LIMIT)
    elif verdict.status == "completable":
        check_completion(position, verdict)


@settings(max_examples=examples(1))
@given(positions(with_variants=False), st.permutations(range(1, 10)))
def test_relabelling_colours_keeps_the_status(position: Position, labels: list[int]) -> None:
    # Plain rules treat the nine colours alike: renaming them changes no answer.
    relabelled_board = Board(bytes(labels[v - 1] if v else 0 for v in position.board.cells))
    out = [0] * 9
    for colour, count in enumerate(position.out, start=1):
        out[labels[colour - 1] - 1] = count
    relabelled = Position(relabelled_board, position.variants, tuple(out))
    assert sumodoku.check(relabelled).status == sumodoku.check(position).status


# -- the strategies themselves -----------------------------------------------------------------


@given(st.booleans().flatmap(lambda x: st.tuples(st.just(x), full_grids(x=x))))
def test_full_grids_are_valid(drawn: tuple[bool, Board]) -> None:
    x, grid = drawn
    assert grid.is_full()
    assert violations(grid, sumodoku.Variants(x=x)) == []


@given(full_grids().flatmap(lambda g: st.tuples(st.just(g), variants(g, consistent=True))))
def test_consistent_variants_are_obeyed(drawn: tuple[Board, sumodoku.Variants]) -> None:
    grid, rules = drawn
    assert violations(grid, rules) == []


@given(positions())
def test_positions_respect_the_supply(position: Position) -> None:
    assert all(n >= 0 for n in position.supply())
    event(f"variants: {', '.join(position.variants.names()) or 'none'}")
    event(f"pieces out: {any(position.out)}")
