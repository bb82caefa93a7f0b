"""Sumodoku positions on the bundled real data, through the public API (rules SU-3, SU-12..SU-15).

Expectations are computed independently of the answer under test where
possible: the 17-given and top95 puzzles have exactly one solution, so a
variant position made from one is completable exactly when that solution
obeys the variant (checked by the engine), and a puzzle with one extra piece
that differs from the solution is impossible.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from helpers import data_lines

from dokuspec import sumodoku
from dokuspec.engine.sumodoku import violations
from dokuspec.errors import BudgetError, DokuspecError, SolverError
from dokuspec.sumodoku import Board, Piece, Position, Variants
from dokuspec.verify.sumodoku import (
    check_agreement,
    check_completion,
    check_explanation,
)
from dokuspec.verify.sumodoku.strategies import BASE_GRID, X_GRID, consecutive_borders

SUDOKU17 = [Board.parse(line) for line in data_lines("sudoku17.txt")]
TOP95 = [Board.parse(line) for line in data_lines("top95.txt")]
IMPOSSIBLE = [Board.parse(line) for line in data_lines("impossible.txt")]
VARIANTS = [Position.parse(line) for line in data_lines("variants.jsonl")]
ODD_FIRST = "o" + "." * 80


@cache
def solution(board: Board) -> Board:
    """The one solution of a bundled puzzle (checked by the engine)."""
    verdict = sumodoku.check(board)
    assert verdict.completion is not None
    check_completion(Position(board), verdict)
    return verdict.completion


def test_the_data_is_all_there() -> None:
    assert len(SUDOKU17) == 500
    assert len(TOP95) == 95
    assert len(IMPOSSIBLE) == 60
    assert len(VARIANTS) == 20
    assert all(len(board.pieces()) == 17 for board in SUDOKU17)
    assert all(17 <= len(board.pieces()) <= 30 for board in TOP95)


# -- completable puzzles -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["sudoku17", "top95"])
def test_every_puzzle_is_completable_sat(name: str) -> None:
    for board in SUDOKU17 if name == "sudoku17" else TOP95:
        position = Position(board)
        verdict = sumodoku.check(position)
        assert verdict.status == "completable", board
        assert verdict.backend == "sat"
        check_completion(position, verdict)
        assert verdict.conflict is None


def test_z3_agrees_on_a_sample_of_puzzles() -> None:
    for board in SUDOKU17[::10] + TOP95[::5]:
        sat, smt = check_agreement(Position(board))
        assert smt.status == "completable"
        assert smt.backend == "z3"
        # Each puzzle has one solution: both backends find the same one.
        assert smt.completion == sat.completion


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_puzzles_have_exactly_one_completion(backend: sumodoku.BackendName) -> None:
    for board in SUDOKU17[:4] + TOP95[:4]:
        assert sumodoku.count_completions(board, 2, backend=backend) == 1, board
        assert sumodoku.count_completions(board, 1, backend=backend) == 1


def test_seventeen_givens_are_all_needed() -> None:
    # No Sudoku with 16 givens has one solution, so dropping any given of a
    # 17-given puzzle leaves at least two.
    for board in SUDOKU17[:3]:
        for piece in board.pieces():
            assert sumodoku.count_completions(board.without([piece]), 2) == 2


def swappable_rectangles(grid: Board) -> list[tuple[Piece, ...]]:
    """Four cells of ``grid`` in two rows, two columns and two boxes holding ``a b / b a``.

    Emptied, they can be refilled in exactly two ways (as they were, or swapped).
    """
    found = []
    for r1 in range(1, 10):
        for r2 in range(r1 + 1, 10):
            for c1 in range(1, 10):
                for c2 in range(c1 + 1, 10):
                    same_band = (r1 - 1) // 3 == (r2 - 1) // 3
                    same_stack = (c1 - 1) // 3 == (c2 - 1) // 3
                    if same_band != same_stack and (
                        grid[r1, c1] == grid[r2, c2] and grid[r1, c2] == grid[r2, c1]
                    ):
                        cells = ((r1, c1), (r1, c2), (r2, c1), (r2, c2))
                        found.append(tuple(Piece(r, c, grid[r, c]) for r, c in cells))
    return found


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_count_completions_counts_exactly(backend: sumodoku.BackendName) -> None:
    assert sumodoku.count_completions(BASE_GRID, 5, backend=backend) == 1
    without_row = BASE_GRID.without(BASE_GRID.pieces()[:9])
    assert sumodoku.count_completions(without_row, 5, backend=backend) == 1
    assert swappable_rectangles(BASE_GRID) == []
    for grid in (X_GRID, solution(SUDOKU17[0]), solution(TOP95[0])):
        rectangles = swappable_rectangles(grid)
        assert rectangles
        for rectangle in rectangles[:4]:
            assert sumodoku.count_completions(grid.without(rectangle), 5, backend=backend) == 2
    assert sumodoku.count_completions(Board(), 50, backend=backend) == 50


def test_explain_on_a_completable_position_gives_a_completion() -> None:
    position = Position(TOP95[0])
    verdict = sumodoku.explain(position)
    assert verdict.status == "completable"
    assert verdict.conflict is None
    check_completion(position, verdict)
    assert verdict.completion == solution(TOP95[0])


# -- impossible positions ----------------------------------------------------------------------


def source_puzzle(index: int) -> Board:
    return SUDOKU17[index] if index < 40 else TOP95[index - 40]


def test_impossible_lines_are_a_puzzle_plus_one_wrong_piece() -> None:
    for index, board in enumerate(IMPOSSIBLE):
        puzzle = source_puzzle(index)
        assert board.extends(puzzle)
        (extra,) = set(board.pieces()) - set(puzzle.pieces())
        assert solution(puzzle)[extra.row, extra.col] != extra.colour


def test_every_impossible_line_is_impossible_with_a_minimal_explanation() -> None:
    for index, board in enumerate(IMPOSSIBLE):
        position = Position(board)
        assert sumodoku.check(position).status == "impossible"
        verdict = sumodoku.explain(position)
        check_explanation(position, verdict)
        assert verdict.minimal
        # The puzzle alone is completable, so every explanation needs the extra piece.
        (extra,) = set(board.pieces()) - set(source_puzzle(index).pieces())
        assert verdict.conflict is not None
        assert extra in verdict.conflict
        assert verdict.conflict_rules == ()


def test_direct_clashes_in_the_data_are_seen_by_the_engine() -> None:
    direct = [board for index, board in enumerate(IMPOSSIBLE) if index % 5 == 4]
    assert len(direct) == 12
    for board in direct:
        assert any(v.rule == "SU-3" for v in violations(board))
        verdict = sumodoku.explain(board)
        assert verdict.conflict is not None
        assert verdict.minimal


def test_z3_explains_a_sample() -> None:
    for board in IMPOSSIBLE[::15]:
        position = Position(board)
        _, smt = check_agreement(position)
        assert smt.status == "impossible"
        verdict = sumodoku.explain(position, backend="z3")
        assert verdict.backend == "z3"
        check_explanation(position, verdict)


@pytest.mark.parametrize("backend", ["sat", "z3"])
@pytest.mark.parametrize(
    ("first", "second", "variants"),
    [
        (Piece(1, 1, 5), Piece(1, 9, 5), Variants()),  # a row
        (Piece(2, 7, 8), Piece(8, 7, 8), Variants()),  # a column
        (Piece(4, 4, 2), Piece(6, 6, 2), Variants()),  # a box
        (Piece(1, 1, 3), Piece(9, 9, 3), Variants(x=True)),  # the main diagonal
        (Piece(1, 9, 3), Piece(8, 2, 3), Variants(x=True)),  # the anti-diagonal
    ],
)
def test_a_direct_duplicate_is_explained_by_the_two_pieces(
    backend: sumodoku.BackendName, first: Piece, second: Piece, variants: Variants
) -> None:
    others = [Piece(5, 1, 1), Piece(9, 5, 7), Piece(3, 3, 9)]
    board = Board().only([first, second, *others])
    position = Position(board, variants)
    assert violations(board, variants)
    verdict = sumodoku.explain(position, backend=backend)
    assert verdict.status == "impossible"
    assert verdict.conflict == tuple(sorted([first, second]))
    assert verdict.minimal
    if variants.x:
        # "colour 3 once on the diagonal", or (as "exactly one" per colour is
        # stated) "the 8 other colours once each on the diagonal's 7 other cells".
        diagonal = "main diagonal" if first.row == first.col else "anti-diagonal"
        assert verdict.conflict_rules
        assert all(rule.startswith(f"{diagonal}, colour") for rule in verdict.conflict_rules)
    else:
        assert verdict.conflict_rules == ()
    check_explanation(position, verdict)


def test_a_hidden_conflict_needs_more_than_two_pieces() -> None:
    # Colour 1 in rows 1 and 2 (outside box 1) and in columns 2 and 3 (below
    # box 1) leaves it only r3c1 in box 1, which holds colour 2: five pieces,
    # no two of which clash, and each of them needed.
    pieces = [Piece(1, 4, 1), Piece(2, 7, 1), Piece(4, 2, 1), Piece(7, 3, 1), Piece(3, 1, 2)]
    position = Position(Board().only(pieces))
    assert not violations(position.board)
    verdict = sumodoku.explain(position)
    assert verdict.status == "impossible"
    assert verdict.conflict == tuple(sorted(pieces))
    check_explanation(position, verdict)


# -- variants ----------------------------------------------------------------------------------


def expected_status(position: Position) -> str:
    """Completable exactly when the puzzle's one solution obeys the variants (engine)."""
    if any(position.out):
        return "impossible"  # a full board needs all 9 pieces of every colour (SU-15)
    return (
        "impossible" if violations(solution(position.board), position.variants) else "completable"
    )


def test_variant_statuses_match_the_engine() -> None:
    statuses = []
    for position in VARIANTS:
        assert sumodoku.count_completions(position.board, 2) == 1
        verdict = sumodoku.check(position)
        assert verdict.status == expected_status(position), position
        statuses.append(verdict.status)
        if verdict.status == "completable":
            check_completion(position, verdict)
            assert verdict.completion == solution(position.board)
        else:
            why = sumodoku.explain(position)
            check_explanation(position, why)
    # The parity positions come in pairs: read off the solution, then one mark flipped.
    assert statuses[:12] == ["completable", "impossible"] * 6
    assert statuses[18:] == ["impossible", "impossible"]


def test_flipped_parity_mark_is_explained() -> None:
    for kept, flipped in zip(VARIANTS[0:12:2], VARIANTS[1:12:2], strict=True):
        (cell,) = [i for i in range(81) if kept.variants.parity[i] != flipped.variants.parity[i]]
        row, col = cell // 9 + 1, cell % 9 + 1
        piece = Piece(row, col, flipped.board[row, col])
        broken = violations(flipped.board, flipped.variants)
        assert [(v.rule, v.pieces) for v in broken] == [("SU-13", (piece,))]
        verdict = sumodoku.explain(flipped)
        check_explanation(flipped, verdict)
        # Either the piece on the flipped mark, or the marks alone (the flipped
        # mark can leave a box too many cells of one parity).
        assert verdict.conflict in ((piece,), ())
        mark = f"r{row}c{col} is {'odd' if flipped.variants.parity[cell] == 'o' else 'even'}"
        if verdict.conflict:
            assert verdict.conflict_rules == (mark,)
        else:
            assert mark in verdict.conflict_rules


def test_z3_agrees_on_every_variant_position() -> None:
    for position in VARIANTS:
        sat, _ = check_agreement(position)
        assert sat.status == expected_status(position)


def test_sudoku_x_grid_and_its_own_puzzle() -> None:
    x = Variants(x=True)
    assert not violations(X_GRID, x)
    assert violations(BASE_GRID, x)
    assert sumodoku.check(BASE_GRID, variants=x).status == "impossible"
    assert sumodoku.check(X_GRID, variants=x).status == "completable"
    sparse = X_GRID.only(X_GRID.pieces()[::4])
    verdict = sumodoku.check(sparse, variants=x, backend="z3")
    check_completion(Position(sparse, x), verdict)


def test_consecutive_marks_read_off_a_grid() -> None:
    grid = X_GRID
    cells = grid.cells
    borders = [
        (a, b) for a in range(81) for b in (a + 1, a + 9) if b < 81 and (b == a + 9 or a % 9 != 8)
    ]
    consecutive = frozenset((a, b) for a, b in borders if abs(cells[a] - cells[b]) == 1)
    assert consecutive == consecutive_borders(grid)
    assert 0 < len(consecutive) < len(borders) == 144
    strict = Variants(consecutive=consecutive, strict_marks=True)
    sparse = Position(grid.only(grid.pieces()[::3]), strict)
    verdict = sumodoku.check(sparse)
    check_completion(sparse, verdict)
    wrong = Variants(consecutive=frozenset(set(borders) - consecutive))
    assert sumodoku.check(grid, variants=wrong).status == "impossible"
    assert sumodoku.check(grid, variants=Variants(non_consecutive=True)).status == "impossible"


# -- the colours' digits (SU-36) and non-consecutive marks (SU-37) -----------------------------

MAPPED = "918273645"  # colour 1 is digit 9, colour 2 digit 1, colour 3 digit 8, ...


def test_the_digits_are_read_by_both_backends_and_the_engine() -> None:
    grid = X_GRID
    digit = [0] + [int(d) for d in MAPPED]
    parity = "".join("o" if digit[v] % 2 else "e" for v in grid.cells)
    borders = [
        (a, b) for a in range(81) for b in (a + 1, a + 9) if b < 81 and (b == a + 9 or a % 9 != 8)
    ]
    marks = frozenset(
        (a, b) for a, b in borders if abs(digit[grid.cells[a]] - digit[grid.cells[b]]) == 1
    )
    assert marks == consecutive_borders(grid, MAPPED) != consecutive_borders(grid)
    mapped = Variants(parity=parity, consecutive=marks, strict_marks=True, digits=MAPPED)
    same_marks = Variants(parity=parity, consecutive=marks, strict_marks=True)
    assert violations(grid, mapped) == []
    assert {v.rule for v in violations(grid, same_marks)} == {"SU-13", "SU-14"}
    sparse = Position(grid.only(grid.pieces()[::4]), mapped)
    for backend in ("sat", "z3"):
        verdict = sumodoku.check(sparse, backend=backend)  # type: ignore[arg-type]
        check_completion(sparse, verdict)
        assert verdict.completion == grid  # strict marks and full parity: one completion
        full = sparse.with_board(grid)
        assert sumodoku.check(full, backend=backend).status == "completable"  # type: ignore[arg-type]
        wrong = Position(grid, same_marks)
        assert sumodoku.check(wrong, backend=backend).status == "impossible"  # type: ignore[arg-type]


def test_a_parity_mark_reads_the_digit() -> None:
    # r1c1 odd; with digits 213456789 colour 1 is digit 2: even.
    board = Board("1" + "." * 80)
    plain = Position(board, Variants(parity=ODD_FIRST))
    mapped = Position(board, Variants(parity=ODD_FIRST, digits="213456789"))
    assert violations(board, plain.variants) == []
    assert [(v.rule, v.message) for v in violations(board, mapped.variants)] == [
        ("SU-13", "colour 1 (digit 2) on the odd cell r1c1")
    ]
    for backend in ("sat", "z3"):
        assert sumodoku.check(plain, backend=backend).status == "completable"  # type: ignore[arg-type]
        verdict = sumodoku.explain(mapped, backend=backend)  # type: ignore[arg-type]
        check_explanation(mapped, verdict)
        assert verdict.conflict == (Piece(1, 1, 1),)
        assert verdict.conflict_rules == ("r1c1 is odd",)


def test_a_non_consecutive_mark_is_explained() -> None:
    board = Board("12" + "." * 79)
    marked = Variants(non_consecutive_marks=["r1c2-r1c1"])
    assert [(v.rule, v.message) for v in violations(board, marked)] == [
        ("SU-37", "r1c1-r1c2 is marked non-consecutive but holds 1 and 2")
    ]
    mapped = Variants(non_consecutive_marks=["r1c2-r1c1"], digits="132456789")
    assert violations(board, mapped) == []
    for backend in ("sat", "z3"):
        position = Position(board, marked)
        verdict = sumodoku.explain(position, backend=backend)  # type: ignore[arg-type]
        check_explanation(position, verdict)
        assert verdict.conflict == (Piece(1, 1, 1), Piece(1, 2, 2))
        assert verdict.conflict_rules == ("non-consecutive mark r1c1-r1c2",)
        verdict = sumodoku.check(Position(board, mapped), backend=backend)  # type: ignore[arg-type]
        check_completion(Position(board, mapped), verdict)
    # Marks of both kinds together: a completion obeys each.
    both = Variants(consecutive=["r5c5-r5c6"], non_consecutive_marks=["r5c5-r6c5", "r1c1-r1c2"])
    verdict = sumodoku.check(Position(Board(), both))
    check_completion(Position(Board(), both), verdict)


# -- pieces out of the game --------------------------------------------------------------------


def test_pieces_out_of_the_game_are_explained_by_the_supply() -> None:
    out_lines = [p for p in VARIANTS if any(p.out)]
    assert len(out_lines) == 2
    for position in out_lines:
        (colour,) = [k for k in range(1, 10) if position.out[k - 1]]
        verdict = sumodoku.explain(position)
        assert verdict.status == "impossible"
        assert verdict.conflict == ()
        assert verdict.conflict_rules == (f"supply of colour {colour}",)
        check_explanation(position, verdict)
        assert sumodoku.check(Position(position.board)).status == "completable"


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_one_piece_out_makes_even_a_near_full_board_impossible(
    backend: sumodoku.BackendName,
) -> None:
    last = BASE_GRID.pieces()[40]
    board = BASE_GRID.without([last])
    assert sumodoku.check(board, backend=backend).status == "completable"
    out = tuple(1 if k == last.colour else 0 for k in range(1, 10))
    position = Position(board, out=out)
    assert position.supply()[last.colour - 1] == 0
    verdict = sumodoku.explain(position, backend=backend)
    assert verdict.status == "impossible"
    assert verdict.conflict == ()
    assert verdict.conflict_rules == (f"supply of colour {last.colour}",)
    check_explanation(position, verdict)


# -- budgets -----------------------------------------------------------------------------------


def hard_variants(tag: int) -> Variants:
    """Rules under which even the empty board needs thousands of solver conflicts.

    Non-consecutive (SU-14); the one parity mark at cell ``80 - tag`` makes
    the rule set, and so the cached solver, one that no other query uses, so
    no learnt clause helps.
    """
    parity = ["."] * 81
    parity[80 - tag] = "o"
    return Variants(non_consecutive=True, parity="".join(parity))


@pytest.mark.parametrize("backend", ["sat", "z3"])
@pytest.mark.parametrize("conflict_limit", [0, 1, 10])
def test_conflict_limit_gives_unknown(backend: sumodoku.BackendName, conflict_limit: int) -> None:
    rules = hard_variants(conflict_limit)
    verdict = sumodoku.check(
        Board(), variants=rules, backend=backend, conflict_limit=conflict_limit
    )
    assert verdict.status == "unknown"
    assert verdict.completion is None
    assert verdict.conflict is None
    explained = sumodoku.explain(
        Board(), variants=rules, backend=backend, conflict_limit=conflict_limit
    )
    assert explained.status in ("unknown", "completable")


def test_z3_time_limit_gives_unknown() -> None:
    verdict = sumodoku.check(Board(), variants=hard_variants(20), backend="z3", time_limit=0.01)
    assert verdict.status == "unknown"


@pytest.mark.parametrize("backend", ["sat", "z3"])
@pytest.mark.parametrize("conflict_limit", [0, 1, 5])
def test_small_budgets_answer_within_the_allowed_statuses(
    backend: sumodoku.BackendName, conflict_limit: int
) -> None:
    for board in TOP95[:3]:
        position = Position(board)
        verdict = sumodoku.check(position, backend=backend, conflict_limit=conflict_limit)
        assert verdict.status in ("completable", "unknown")
        if verdict.status == "completable":
            check_completion(position, verdict)
        timed = sumodoku.check(position, backend=backend, time_limit=0.001)
        assert timed.status in ("completable", "unknown")
    impossible = Position(IMPOSSIBLE[45])
    verdict = sumodoku.explain(impossible, backend=backend, conflict_limit=conflict_limit)
    assert verdict.status in ("impossible", "unknown")
    if verdict.status == "impossible":
        check_explanation(impossible, verdict, require_minimal=False)
    timed = sumodoku.explain(impossible, backend=backend, time_limit=0.001)
    assert timed.status in ("impossible", "unknown")
    if timed.status == "impossible":
        check_explanation(impossible, timed, require_minimal=False)


# -- the public API's arguments ----------------------------------------------------------------


def test_positions_given_as_text() -> None:
    puzzle = str(SUDOKU17[0])
    assert sumodoku.check(puzzle).status == "completable"
    assert sumodoku.check(SUDOKU17[0].grid()).status == "completable"
    as_json = json.dumps({"board": puzzle, "x": True})
    verdict = sumodoku.check(as_json)
    assert verdict.position == Position(SUDOKU17[0], Variants(x=True))
    assert verdict.status == expected_status(verdict.position)


def test_bad_arguments() -> None:
    board = SUDOKU17[0]
    with pytest.raises(SolverError, match="unknown backend 'minisat'"):
        sumodoku.check(board, backend="minisat")  # type: ignore[arg-type]
    with pytest.raises(SolverError, match="backend 'sat' only"):
        sumodoku.check(board, backend="z3", solver="glucose4")
    with pytest.raises(SolverError, match="unknown SAT solver 'no-such-solver'"):
        sumodoku.check(board, solver="no-such-solver")
    with pytest.raises(DokuspecError, match="already carries variants"):
        sumodoku.check(Position(board, Variants(x=True)), variants=Variants(x=True))
    with pytest.raises(TypeError, match="expected a Position, Board or str, not int"):
        sumodoku.check(42)  # type: ignore[arg-type]
    for limit in (0, -1):
        with pytest.raises(DokuspecError, match="positive integer"):
            sumodoku.count_completions(board, limit)
    with pytest.raises(TypeError, match="limit must be a positive int, not float"):
        sumodoku.count_completions(board, 1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize("solver", ["kissat", "ks", "lingeling", "cadical103"])
def test_solvers_that_cannot_honour_the_contract_are_refused(solver: str) -> None:
    with pytest.raises(SolverError, match=f"SAT solver '{solver}' is refused"):
        sumodoku.check(IMPOSSIBLE[0], solver=solver)


@pytest.mark.parametrize("query", ["check", "explain", "count"])
@pytest.mark.parametrize(
    ("limits", "error", "message"),
    [
        ({"time_limit": -1.0}, BudgetError, "time_limit must be between 0 and"),
        ({"time_limit": float("nan")}, BudgetError, "not nan"),
        ({"time_limit": float("inf")}, BudgetError, "not inf"),
        ({"time_limit": 2.0**32}, BudgetError, "not 4294967296.0"),
        ({"conflict_limit": -1}, BudgetError, "conflict_limit must be between 0 and"),
        ({"conflict_limit": 2**32}, BudgetError, "not 4294967296"),
        ({"conflict_limit": 1.5}, TypeError, "conflict_limit must be an int or None, not float"),
        ({"time_limit": "1"}, TypeError, "time_limit must be a number of seconds or None"),
        ({"time_limit": True}, TypeError, "not bool"),
    ],
)
def test_invalid_budgets_are_errors_not_unknown(
    query: str, limits: dict[str, object], error: type[Exception], message: str
) -> None:
    position = IMPOSSIBLE[0]
    with pytest.raises(error, match=message):
        if query == "check":
            sumodoku.check(position, **limits)  # type: ignore[arg-type]
        elif query == "explain":
            sumodoku.explain(position, **limits)  # type: ignore[arg-type]
        else:
            sumodoku.count_completions(position, 2, **limits)  # type: ignore[arg-type]


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_budgets_at_zero_answer_unknown_at_once(backend: sumodoku.BackendName) -> None:
    for limits in ({"time_limit": 0}, {"conflict_limit": 0}, {"time_limit": 0.0}):
        verdict = sumodoku.check(TOP95[0], backend=backend, **limits)  # type: ignore[arg-type]
        assert verdict.status == "unknown"
        found = sumodoku.count_completions_within(
            TOP95[0],
            2,
            backend=backend,
            **limits,  # type: ignore[arg-type]
        )
        assert found == sumodoku.Count(0, exact=False)
        with pytest.raises(TimeoutError, match="after 0 completion"):
            sumodoku.count_completions(TOP95[0], 2, backend=backend, **limits)  # type: ignore[arg-type]


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_interrupted_queries_leave_the_solver_right(backend: sumodoku.BackendName) -> None:
    # The reported failure: two checks cut short by a 1 ms limit, then a count
    # on the same compiled solver answered 5 for a puzzle with one completion.
    puzzle = SUDOKU17[0]
    for _ in range(2):
        assert sumodoku.check(puzzle, backend=backend, time_limit=0.001).status in (
            "unknown",
            "completable",
        )
    assert sumodoku.count_completions(puzzle, 5, backend=backend) == 1
    verdict = sumodoku.check(puzzle, backend=backend)
    check_completion(Position(puzzle), verdict)
    for board in IMPOSSIBLE[:3]:
        sumodoku.check(board, backend=backend, conflict_limit=1)
        sumodoku.explain(board, backend=backend, time_limit=0.002)
        why = sumodoku.explain(board, backend=backend)
        check_explanation(Position(board), why)


def test_another_sat_solver() -> None:
    for board in IMPOSSIBLE[:5]:
        verdict = sumodoku.explain(board, solver="glucose4")
        check_explanation(Position(board), verdict)
    verdict = sumodoku.check(TOP95[1], solver="glucose4")
    check_completion(Position(TOP95[1]), verdict)
