"""Smallest explanations: ``explain(..., smallest=True)`` (rules SU-18, ruling SU-30).

A smallest explanation is a set of placed pieces that is impossible on its
own and has as few pieces as any such set. Expectations come from brute
force over subsets, checked with the engine's independent search and the
puzzles' known solutions (``solutions.txt``), never from the explanation
under test; both backends must agree on the size.
"""

from __future__ import annotations

import itertools

import pytest
from helpers import data_lines

from dokuspec import sumodoku
from dokuspec.engine.sumodoku import search_completion, violations
from dokuspec.sumodoku import Board, Piece, Position, Variants
from dokuspec.verify.sumodoku import check_explanation

IMPOSSIBLE = [Board.parse(line) for line in data_lines("impossible.txt")]
SOLUTIONS = [Board.parse(line) for line in data_lines("solutions.txt")]
VARIANTS = [Position.parse(line) for line in data_lines("variants.jsonl")]


def solution_of(board: Board) -> tuple[Board, Piece]:
    """The bundled solution that agrees with every piece of ``board`` but one, and that piece."""
    for solution in SOLUTIONS:
        wrong = [p for p in board.pieces() if solution[p.row, p.col] != p.colour]
        if len(wrong) == 1:
            assert not violations(solution)
            return solution, wrong[0]
    raise AssertionError(f"no bundled solution is one piece away from {board}")


def brute_force_none_smaller(board: Board, size: int) -> None:
    """No ``size - 1`` pieces of ``board`` (one wrong piece) are impossible on their own.

    Smaller sets then cannot be either (a subset of a completable set is
    completable). A set without the wrong piece is completed by the
    puzzle's solution; every set with it is completed by the engine's own
    search (no solver, no spec model).
    """
    solution, wrong = solution_of(board)
    others = [p for p in board.pieces() if p != wrong]
    for subset in itertools.combinations(others, size - 2):
        found = search_completion(Position(board.only([wrong, *subset])))
        assert found.status == "completable", (wrong, subset)
    for subset in itertools.combinations(others, size - 1):
        assert all(solution[p.row, p.col] == p.colour for p in subset)


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_a_smallest_explanation_is_smaller_than_a_minimal_one_and_brute_force_agrees(
    backend: sumodoku.BackendName,
) -> None:
    # A 17-clue puzzle with a hidden wrong piece (it clashes with no piece
    # directly): it has minimal explanations of 9 pieces, and smallest of 5.
    board = IMPOSSIBLE[15]
    assert len(board.pieces()) == 18
    verdict = sumodoku.explain(board, backend=backend, smallest=True)
    assert verdict.status == "impossible"
    assert verdict.conflict is not None
    assert (len(verdict.conflict), verdict.smallest, verdict.minimal) == (5, True, True)
    assert verdict.backend == backend
    check_explanation(Position(board), verdict)


def test_brute_force_finds_no_smaller_explanation_and_a_larger_minimal_one() -> None:
    board = IMPOSSIBLE[15]
    brute_force_none_smaller(board, 5)
    # A minimal explanation that is not a smallest one: 9 pieces, each needed.
    nine = board.only(NINE_PIECES)
    assert search_completion(Position(nine)).status == "impossible"
    for piece in NINE_PIECES:
        rest = [p for p in NINE_PIECES if p != piece]
        assert search_completion(Position(board.only(rest))).status == "completable"


#: Nine pieces of ``IMPOSSIBLE[15]`` that form a minimal explanation (found
#: by the deletion-based minimisation; checked above by the engine's search).
NINE_PIECES = [
    Piece(1, 8, 3),
    Piece(3, 8, 8),
    Piece(4, 7, 7),
    Piece(5, 2, 8),
    Piece(5, 3, 3),
    Piece(6, 7, 1),
    Piece(7, 7, 6),
    Piece(8, 5, 8),
    Piece(8, 6, 3),
]


def test_direct_clashes_are_explained_by_two_pieces() -> None:
    direct = IMPOSSIBLE[4::5]
    assert len(direct) == 12
    for board in direct:
        verdict = sumodoku.explain(board, smallest=True)
        assert verdict.conflict is not None
        assert (len(verdict.conflict), verdict.smallest) == (2, True)
        clashes = {tuple(sorted(v.pieces)) for v in violations(board) if v.rule == "SU-3"}
        assert verdict.conflict in clashes
        # Every single piece is completable on its own: brute force over subsets of one.
        for piece in board.pieces():
            assert search_completion(Position(board.only([piece]))).status == "completable"


def test_both_backends_give_smallest_explanations_of_the_same_size() -> None:
    sample = IMPOSSIBLE[:6] + IMPOSSIBLE[40:42]
    sizes = []
    for board in sample:
        sat = sumodoku.explain(board, smallest=True)
        z3 = sumodoku.explain(board, backend="z3", smallest=True)
        assert sat.conflict is not None and z3.conflict is not None
        assert sat.smallest and z3.smallest
        assert len(sat.conflict) == len(z3.conflict)
        check_explanation(Position(board), z3, backend="sat")
        # Never larger than the minimal explanation of the same board.
        minimal = sumodoku.explain(board)
        assert minimal.conflict is not None
        assert not minimal.smallest
        assert len(sat.conflict) <= len(minimal.conflict)
        sizes.append(len(sat.conflict))
    assert min(sizes) == 2  # the sample holds direct clashes as well as hidden pieces


def test_variant_marks_and_pieces_out_of_the_game() -> None:
    for kept, flipped in zip(VARIANTS[0:12:2], VARIANTS[1:12:2], strict=True):
        (cell,) = [i for i in range(81) if kept.variants.parity[i] != flipped.variants.parity[i]]
        verdict = sumodoku.explain(flipped, smallest=True)
        check_explanation(flipped, verdict)
        assert verdict.smallest
        # The piece on the flipped mark alone, or the marks alone.
        piece = Piece(cell // 9 + 1, cell % 9 + 1, flipped.board.cells[cell])
        assert verdict.conflict in ((piece,), ())
    for position in [p for p in VARIANTS if any(p.out)]:
        verdict = sumodoku.explain(position, smallest=True, backend="z3")
        (colour,) = [k for k in range(1, 10) if position.out[k - 1]]
        assert (verdict.conflict, verdict.smallest) == ((), True)
        assert verdict.conflict_rules == (f"supply of colour {colour}",)


def test_completable_positions_get_their_completion() -> None:
    board = Board.parse(data_lines("sudoku17.txt")[0])
    verdict = sumodoku.explain(board, smallest=True)
    assert (verdict.status, verdict.conflict, verdict.smallest) == ("completable", None, False)
    assert verdict.completion == SOLUTIONS[0]
    x = sumodoku.explain(board.only(board.pieces()[:3]), smallest=True, variants=Variants(x=True))
    assert x.status == "completable"
    assert x.completion is not None and not violations(x.completion, Variants(x=True))


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_budgets_are_honoured(backend: sumodoku.BackendName) -> None:
    board = IMPOSSIBLE[0]
    full = sumodoku.explain(board, backend=backend, smallest=True)
    assert full.conflict is not None and full.smallest
    nothing = sumodoku.explain(board, backend=backend, smallest=True, time_limit=0)
    assert (nothing.status, nothing.conflict, nothing.smallest) == ("unknown", None, False)
    seen = set()
    for conflict_limit in (0, 1, 3, 10, 30, 100, 1000):
        cut = sumodoku.explain(board, backend=backend, smallest=True, conflict_limit=conflict_limit)
        seen.add(cut.status)
        assert cut.status in ("impossible", "unknown")
        if cut.status == "unknown":
            assert (cut.conflict, cut.smallest, cut.minimal) == (None, False, False)
            continue
        assert cut.conflict is not None
        check_explanation(Position(board), cut, require_minimal=False)
        if cut.smallest:
            assert len(cut.conflict) == len(full.conflict)
            assert cut.minimal
        else:
            assert len(cut.conflict) >= len(full.conflict)
    assert "impossible" in seen
    assert "unknown" in seen


def test_smallest_must_be_a_bool() -> None:
    with pytest.raises(TypeError, match="smallest must be a bool, not int"):
        sumodoku.explain(IMPOSSIBLE[0], smallest=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("variants", "family", "backend"),
    [
        (Variants(non_consecutive=True), "non-consecutive (every border)", "sat"),
        (Variants(non_consecutive=True), "non-consecutive (every border)", "z3"),
        (
            Variants(consecutive=["r9c8-r9c9"], strict_marks=True),
            "no mark (every unmarked border)",
            "sat",
        ),
        pytest.param(  # about 10 s: with the slow cross-checks
            Variants(consecutive=["r9c8-r9c9"], strict_marks=True),
            "no mark (every unmarked border)",
            "z3",
            marks=pytest.mark.slow,
        ),
    ],
)
def test_a_rule_on_every_border_is_named_once(
    variants: Variants, family: str, backend: str
) -> None:
    position = Position(Board("12" + "." * 79), variants)  # 1 and 2 side by side
    verdict = sumodoku.explain(position, backend=backend)  # type: ignore[arg-type]
    assert verdict.conflict == (Piece(1, 1, 1), Piece(1, 2, 2))
    assert verdict.conflict_rules == (family,)
    assert verdict.minimal
    check_explanation(position, verdict)


@pytest.mark.slow
def test_a_sparse_non_consecutive_board_is_explained_in_seconds() -> None:
    # 35 to 73 s when every border was a group of its own; a few seconds now
    text = "...................4.1............6.......5...2.......................7.6........"
    position = Position(Board(text), Variants(non_consecutive=True))
    verdict = sumodoku.explain(position)
    assert verdict.minimal and len(verdict.conflict or ()) == 6
    assert verdict.conflict_rules == ("non-consecutive (every border)",)
    check_explanation(position, verdict)
