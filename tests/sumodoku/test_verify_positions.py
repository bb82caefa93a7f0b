"""The cross-checks of dokuspec.verify.sumodoku catch wrong answers (they can fail)."""

from __future__ import annotations

import copy
import dataclasses

import pytest
from helpers import data_lines

from dokuspec import sumodoku
from dokuspec.solvers import BackendCache
from dokuspec.spec import sumodoku as spec_sumodoku
from dokuspec.spec.model import Model, clause
from dokuspec.sumodoku import Board, Piece, Position, Variants, Verdict
from dokuspec.sumodoku import positions as public_sumodoku
from dokuspec.verify.sumodoku import (
    check_agreement,
    check_completion,
    check_explanation,
    check_position,
    check_search,
)
from dokuspec.verify.sumodoku import positions as verify
from dokuspec.verify.sumodoku.strategies import BASE_GRID, X_GRID

PUZZLE = Board.parse(data_lines("sudoku17.txt")[0])
IMPOSSIBLE = Board.parse(data_lines("impossible.txt")[0])


def completable(position: Position) -> Verdict:
    verdict = sumodoku.check(position)
    assert verdict.status == "completable"
    return verdict


def swap_cells(board: Board, a: int, b: int) -> Board:
    cells = bytearray(board.cells)
    cells[a], cells[b] = cells[b], cells[a]
    return Board(bytes(cells))


# -- check_completion ------------------------------------------------------------------------


def test_a_good_completion_passes() -> None:
    position = Position(PUZZLE)
    check_completion(position, completable(position))


@pytest.mark.parametrize(
    ("completion", "message"),
    [
        (None, "has no completion"),
        (BASE_GRID.without(BASE_GRID.pieces()[:1]), "not full"),
        (swap_cells(BASE_GRID, 0, 1), "breaks rules: SU-3"),
    ],
)
def test_bad_completions_fail(completion: Board | None, message: str) -> None:
    position = Position(Board())
    verdict = Verdict("completable", position, completion)
    with pytest.raises(AssertionError, match=message):
        check_completion(position, verdict)


def test_a_completion_that_moves_a_piece_fails() -> None:
    position = Position(Board().place(Piece(1, 1, BASE_GRID[1, 2])))
    verdict = Verdict("completable", position, BASE_GRID)
    with pytest.raises(AssertionError, match="does not keep the pieces r1c1="):
        check_completion(position, verdict)


def test_a_completion_must_obey_the_variants() -> None:
    position = Position(Board(), Variants(x=True))
    with pytest.raises(AssertionError, match="SU-12"):
        check_completion(position, Verdict("completable", position, BASE_GRID))
    check_completion(position, Verdict("completable", position, X_GRID))
    parity = "".join("e" if v % 2 else "o" for v in X_GRID.cells)  # every mark wrong
    wrong = Position(Board(), Variants(parity=parity))
    with pytest.raises(AssertionError, match="SU-13"):
        check_completion(wrong, Verdict("completable", wrong, X_GRID))


def test_a_completion_must_respect_the_supply() -> None:
    position = Position(Board(), out=(0, 0, 1, 0, 0, 0, 0, 0, 0))
    with pytest.raises(AssertionError, match="9 pieces of colour 3, but only 8"):
        check_completion(position, Verdict("completable", position, BASE_GRID))


def test_a_completion_must_be_of_a_completable_verdict_about_the_position() -> None:
    position = Position(PUZZLE)
    verdict = completable(position)
    with pytest.raises(AssertionError, match="expected a completable verdict"):
        check_completion(position, dataclasses.replace(verdict, status="impossible"))
    with pytest.raises(AssertionError, match="another position"):
        check_completion(Position(Board()), verdict)


# -- check_explanation -----------------------------------------------------------------------


def explained() -> tuple[Position, Verdict]:
    position = Position(IMPOSSIBLE)
    verdict = sumodoku.explain(position)
    assert verdict.status == "impossible"
    assert verdict.conflict is not None
    assert len(verdict.conflict) >= 3
    return position, verdict


def test_a_good_explanation_passes() -> None:
    position, verdict = explained()
    check_explanation(position, verdict)
    check_explanation(position, verdict, backend="z3")


def test_an_explanation_with_an_extra_piece_is_not_minimal() -> None:
    position, verdict = explained()
    assert verdict.conflict is not None
    extra = next(p for p in position.board.pieces() if p not in verdict.conflict)
    bigger = dataclasses.replace(verdict, conflict=tuple(sorted([*verdict.conflict, extra])))
    with pytest.raises(AssertionError, match=f"not minimal: without {extra}"):
        check_explanation(position, bigger)
    # Not claimed minimal, it passes (it is still impossible).
    check_explanation(position, dataclasses.replace(bigger, minimal=False), require_minimal=False)
    with pytest.raises(AssertionError, match="not marked minimal"):
        check_explanation(position, dataclasses.replace(bigger, minimal=False))


def test_an_explanation_missing_a_piece_is_not_impossible() -> None:
    position, verdict = explained()
    assert verdict.conflict is not None
    smaller = dataclasses.replace(verdict, conflict=verdict.conflict[1:])
    with pytest.raises(
        AssertionError, match="alone, according to z3, is completable, not impossible"
    ):
        check_explanation(position, smaller)


def test_an_explanation_with_strange_pieces_fails() -> None:
    position, verdict = explained()
    assert verdict.conflict is not None
    empty = position.board.empty_cells()[0]
    stranger = Piece(empty // 9 + 1, empty % 9 + 1, 1)
    with pytest.raises(AssertionError, match="not on the board"):
        check_explanation(position, dataclasses.replace(verdict, conflict=(stranger,)))
    twice = (*verdict.conflict, verdict.conflict[0])
    with pytest.raises(AssertionError, match="repeats a piece"):
        check_explanation(position, dataclasses.replace(verdict, conflict=twice))
    with pytest.raises(AssertionError, match="has no conflict"):
        check_explanation(position, dataclasses.replace(verdict, conflict=None))
    with pytest.raises(AssertionError, match="expected an impossible verdict"):
        check_explanation(position, dataclasses.replace(verdict, status="unknown"))


def test_conflict_rules_are_checked() -> None:
    # Colour 4 twice on the main diagonal under Sudoku X, plus a parity mark.
    parity = "o" + "." * 80
    position = Position(
        Board().only([Piece(2, 2, 4), Piece(7, 7, 4), Piece(1, 1, 3)]),
        Variants(x=True, parity=parity),
    )
    verdict = sumodoku.explain(position)
    assert verdict.conflict == (Piece(2, 2, 4), Piece(7, 7, 4))
    assert verdict.conflict_rules
    check_explanation(position, verdict)
    more = (*verdict.conflict_rules, "r1c1 is odd")
    with pytest.raises(AssertionError, match="not minimal: without 'r1c1 is odd'"):
        check_explanation(position, dataclasses.replace(verdict, conflict_rules=more))
    with pytest.raises(AssertionError, match="only the rules"):
        check_explanation(position, dataclasses.replace(verdict, conflict_rules=()))
    with pytest.raises(AssertionError, match="names no rule group"):
        check_explanation(position, dataclasses.replace(verdict, conflict_rules=("row 1",)))
    doubled = (*verdict.conflict_rules, verdict.conflict_rules[0])
    with pytest.raises(AssertionError, match="repeats a rule"):
        check_explanation(position, dataclasses.replace(verdict, conflict_rules=doubled))


# -- check_agreement and check_position ------------------------------------------------------


def test_agreement_on_real_positions() -> None:
    sat, smt = check_agreement(Position(PUZZLE))
    assert (sat.status, smt.status) == ("completable", "completable")
    assert (sat.backend, smt.backend) == ("sat", "z3")
    assert check_position(Position(IMPOSSIBLE)).conflict


def test_a_disagreement_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real_check = sumodoku.check

    def lying_check(position: Position, **kwargs: object) -> Verdict:
        verdict = real_check(position, **kwargs)  # type: ignore[arg-type]
        if kwargs.get("backend") == "z3":
            return dataclasses.replace(verdict, status="impossible", completion=None)
        return verdict

    monkeypatch.setattr(verify, "check", lying_check)
    with pytest.raises(AssertionError, match="sat says completable, z3 says impossible"):
        check_agreement(Position(PUZZLE))


def test_unknown_without_a_budget_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def unknown(position: Position, **kwargs: object) -> Verdict:
        return Verdict("unknown", position, backend=str(kwargs.get("backend")))

    monkeypatch.setattr(verify, "check", unknown)
    with pytest.raises(AssertionError, match="'unknown' without a budget"):
        check_agreement(Position(PUZZLE))
    sat, smt = check_agreement(Position(PUZZLE), time_limit=1.0)
    assert sat.status == smt.status == "unknown"


# -- planted faults: an answer cannot confirm itself --------------------------------------------


def test_a_lying_backend_cannot_confirm_its_own_explanation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The SAT backend, planted with a fault, calls every position impossible.
    position, verdict = explained()
    assert verdict.conflict is not None
    wrong = dataclasses.replace(verdict, conflict=verdict.conflict[1:])  # completable alone
    real_check = sumodoku.check

    def lying_check(position: Position, **kwargs: object) -> Verdict:
        if kwargs.get("backend", "sat") == "sat":
            return Verdict("impossible", position, backend="sat")
        return real_check(position, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(verify, "check", lying_check)
    # By default the other backend (Z3) checks a SAT verdict.
    with pytest.raises(AssertionError, match="alone, according to z3, is completable"):
        check_explanation(position, wrong)
    # Checked by the lying backend itself, the engine's search still catches it.
    with pytest.raises(AssertionError, match="completable according to the engine's search"):
        check_explanation(position, wrong, backend="sat")


def wrong_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plant a fault in the spec model both backends solve: colour 5 may not go on r1c1."""
    real_model = spec_sumodoku.completion_model

    def model_with_a_wrong_rule(
        variants: Variants, capacity: tuple[int, ...] = (9,) * 9
    ) -> spec_sumodoku.CompletionModel:
        spec = copy.deepcopy(real_model(variants, capacity))
        spec.model.add("a rule of no game", [clause(-spec_sumodoku.cell_literal(0, 5))])
        return spec

    real_full_board = spec_sumodoku.full_board_model

    def full_board_with_a_wrong_rule(
        variants: Variants, capacity: tuple[int, ...] = (9,) * 9
    ) -> Model:
        model = copy.deepcopy(real_full_board(variants, capacity))
        model.add("a rule of no game", [clause(-spec_sumodoku.cell_literal(0, 5))])
        return model

    # The spec states the rules twice (the completion model, and the full-board
    # model that certifies completions; proven equivalent in
    # sumodoku/test_full_board_model.py): a wrong rule goes into both.
    monkeypatch.setattr(public_sumodoku, "completion_model", model_with_a_wrong_rule)
    monkeypatch.setattr(public_sumodoku, "full_board_model", full_board_with_a_wrong_rule)
    # A cache of its own (the public API and the cross-checks share it), so no
    # solver compiled from the right model answers, and the wrong one is not
    # kept afterwards.
    monkeypatch.setattr(public_sumodoku, "CACHE", BackendCache(4))


def test_a_wrong_spec_cannot_confirm_its_own_explanation(monkeypatch: pytest.MonkeyPatch) -> None:
    position = Position(Board().only([Piece(1, 1, 5), Piece(9, 9, 1)]))
    wrong_spec(monkeypatch)
    for backend in ("sat", "z3"):
        verdict = sumodoku.explain(position, backend=backend)
        # Both backends solve the wrong model alike, so they agree on a wrong answer...
        assert (verdict.status, verdict.conflict) == ("impossible", (Piece(1, 1, 5),))
        check_explanation(position, verdict, node_limit=0)
        # ...which the engine's search, reading the rules on its own, refutes.
        with pytest.raises(AssertionError, match="completable according to the engine's search"):
            check_explanation(position, verdict)
        with pytest.raises(AssertionError, match="says impossible, the engine's search says"):
            check_search(position, verdict)


def test_check_search_catches_a_wrong_status() -> None:
    impossible = Position(IMPOSSIBLE)
    with pytest.raises(AssertionError, match="sat says completable, the engine's search says imp"):
        check_search(impossible, Verdict("completable", impossible, BASE_GRID))
    puzzle = Position(PUZZLE)
    with pytest.raises(AssertionError, match="z3 says impossible, the engine's search says comp"):
        check_search(puzzle, Verdict("impossible", puzzle, backend="z3"))
    with pytest.raises(AssertionError, match="about another position"):
        check_search(puzzle, Verdict("impossible", impossible))
    # Cut short by its node limit, the search proves nothing and fails nothing.
    found = check_search(puzzle, Verdict("impossible", puzzle), node_limit=5)
    assert (found.status, found.nodes) == ("unknown", 5)
    assert check_search(puzzle, completable(puzzle)).status == "completable"
