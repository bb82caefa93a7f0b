"""Properties over generated positions (dokuspec.verify.sumodoku.strategies), checked by
dokuspec.verify.

* SAT and Z3 give every position the same status (SU-15).
* Every completion is full, extends its board and obeys every active rule
  according to the independent engine (SU-3, SU-12..SU-14), within the supply.
* Every explanation is impossible on its own and minimal.

The number of examples follows the Hypothesis profile (``HYPOTHESIS_PROFILE``:
``ci`` by default, ``dev`` randomised, ``thorough`` for a campaign; see
conftest.py); the Z3 explanations, which cost many solver queries each, get a
fraction of it.
"""

from __future__ import annotations

import os

import pytest
from helpers import CI_EXAMPLES, examples
from hypothesis import event, find, given, note, settings
from hypothesis import strategies as st

from dokuspec import sumodoku
from dokuspec.engine.sumodoku import violations
from dokuspec.sumodoku import Board, Position
from dokuspec.verify.sumodoku import (
    check_agreement,
    check_completion,
    check_explanation,
    check_position,
)
from dokuspec.verify.sumodoku.strategies import (
    X_GRID,
    bundled_solutions,
    full_grids,
    positions,
    variants,
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


@pytest.mark.slow
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


@settings(max_examples=examples(1))
@given(positions(), st.permutations(range(1, 10)))
def test_relabelling_colours_with_their_digits_keeps_the_status(
    position: Position, labels: list[int]
) -> None:
    # Renaming colour k to labels[k - 1] and giving it colour k's digit (SU-36) renames the
    # pieces only: parity, marks and diagonals read the same digits, so no answer changes.
    relabelled_board = Board(bytes(labels[v - 1] if v else 0 for v in position.board.cells))
    out = [0] * 9
    digits = ["0"] * 9
    for colour in range(1, 10):
        out[labels[colour - 1] - 1] = position.out[colour - 1]
        digits[labels[colour - 1] - 1] = position.variants.digits[colour - 1]
    rules = position.variants
    if not (rules.parity or rules.consecutive or rules.non_consecutive_marks
            or rules.non_consecutive):  # fmt: skip
        digits = list("123456789")  # nothing reads them (SU-36)
    relabelled = Position(
        relabelled_board,
        sumodoku.Variants(
            x=rules.x,
            parity=rules.parity,
            consecutive=rules.consecutive,
            strict_marks=rules.strict_marks,
            non_consecutive=rules.non_consecutive,
            non_consecutive_marks=rules.non_consecutive_marks,
            digits="".join(digits),
        ),
        tuple(out),
    )
    event(f"variants: {', '.join(position.variants.names()) or 'none'}")
    before = sumodoku.check(position, time_limit=TIME_LIMIT)
    after = sumodoku.check(relabelled, backend="z3", time_limit=TIME_LIMIT)
    if "unknown" not in (before.status, after.status):
        assert after.status == before.status
    if after.status == "completable":
        check_completion(relabelled, after)


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


@given(st.data())
def test_positions_follow_their_parameters(data: st.DataObject) -> None:
    low = data.draw(st.integers(0, 81), label="min_pieces")
    high = data.draw(st.integers(low, 81), label="max_pieces")
    planted = data.draw(st.integers(0, 3), label="planted")
    with_variants, with_out = data.draw(st.booleans()), data.draw(st.booleans())
    position = data.draw(
        positions(
            min_pieces=low,
            max_pieces=high,
            planted=(planted, planted),
            with_variants=with_variants,
            with_out=with_out,
        )
    )
    pieces = len(position.board.pieces())
    # Planted pieces go on empty cells, so they add to the kept ones (none when full).
    assert low <= pieces <= min(81, high + planted)
    if not with_variants:
        assert position.variants.is_plain()
    if not with_out:
        assert position.out == (0,) * 9
    event(f"variants: {', '.join(position.variants.names()) or 'none'}")


@pytest.mark.parametrize(("low", "high"), [(-1, 3), (5, 4), (0, 82)])
def test_positions_refuse_impossible_piece_counts(low: int, high: int) -> None:
    with pytest.raises(ValueError, match="need 0 <= min_pieces <= max_pieces <= 81"):
        find(positions(min_pieces=low, max_pieces=high), lambda _: True)


def test_full_grids_shrink_to_their_seeds() -> None:
    # The simplest grid is the first real solution (sudoku17.txt's first puzzle), untransformed.
    assert find(full_grids(), lambda _: True) == bundled_solutions()[0]
    assert find(full_grids(x=True), lambda _: True) == X_GRID


@pytest.mark.skipif(
    os.environ.get("HYPOTHESIS_PROFILE", "ci") != "ci", reason="another profile was chosen"
)
def test_the_default_profile_is_hypothesis_ci_profile_with_few_examples() -> None:
    active = settings.default
    assert active.derandomize is True
    assert active.database is None
    assert active.deadline is None
    assert active.print_blob is True
    assert active.max_examples == CI_EXAMPLES
    assert examples(2) == 2 * CI_EXAMPLES
    assert examples(0.01) == 3
