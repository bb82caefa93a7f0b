"""The fast completion search (dokuspec.sumodoku.search) and the propose-then-certify check.

The search's answers are held against the SAT solver's own full search (the
compiled model, never through ``check``, which uses the search) and its
completions against the engine's independent rule checker; the compiled
search against the pure-Python fallback of the same algorithm.
"""

from __future__ import annotations

import json
from array import array
from types import SimpleNamespace

import pytest
from helpers import data_lines, examples
from hypothesis import given, settings
from hypothesis import strategies as st

import dokuspec.sumodoku
from dokuspec import sumodoku
from dokuspec.engine.sumodoku import is_valid
from dokuspec.errors import SolverError
from dokuspec.solvers import Budget
from dokuspec.sumodoku import Board, Position, Variants, positions, search
from dokuspec.sumodoku.search import SearchAnswer, propose
from dokuspec.verify.sumodoku import strategies
from dokuspec.vocabulary.sumodoku import all_borders

needs_compiled = pytest.mark.skipif(not search.COMPILED, reason="the C extension is not built")

SOLUTIONS = [Board(line) for line in data_lines("solutions.txt")]


def solver_status(position: Position) -> str:
    """The SAT backend's full search on the compiled model (no proposal involved)."""
    spec, compiled = sumodoku.compiled_model(position)
    answer = compiled.solve(spec.assumptions(position.board))
    return {"sat": "completable", "unsat": "impossible"}[answer.status]


def bundled() -> list[Position]:
    found = [Position.parse(line) for line in data_lines("sudoku17.txt")[:60]]
    found += [Position.parse(line) for line in data_lines("top95.txt")]
    found += [Position.parse(line) for line in data_lines("impossible.txt")]
    found += [Position.parse(line) for line in data_lines("variants.jsonl")]
    return found


def assert_agrees(position: Position, answer: SearchAnswer) -> None:
    if answer.status == "completable":
        assert answer.completion is not None
        assert answer.completion.is_full()
        assert answer.completion.extends(position.board)
        assert is_valid(answer.completion, position.variants)
        assert solver_status(position) == "completable"
    elif answer.status == "impossible":
        assert answer.completion is None
        assert solver_status(position) == "impossible"


@pytest.mark.parametrize("compiled", [pytest.param(True, marks=needs_compiled), False])
def test_search_agrees_with_the_solver_on_the_bundled_positions(compiled: bool) -> None:
    chosen = bundled() if compiled else bundled()[::7]
    statuses = set()
    for position in chosen:
        answer = propose(position, compiled=compiled)
        assert answer.status != "unknown", position
        assert_agrees(position, answer)
        statuses.add(answer.status)
    assert statuses == {"completable", "impossible"}


@needs_compiled
def test_compiled_and_fallback_take_the_same_steps() -> None:
    for position in bundled()[::5]:
        assert propose(position, compiled=True) == propose(position, compiled=False), position


@needs_compiled
@settings(max_examples=examples(2.0))
@given(strategies.positions(min_pieces=25))
def test_search_agrees_with_the_solver_on_generated_positions(position: Position) -> None:
    answer = propose(position)
    assert answer.status != "unknown"
    assert_agrees(position, answer)
    assert propose(position, compiled=False) == answer


@settings(max_examples=examples(1.0))
@given(strategies.positions(min_pieces=45))
def test_fallback_agrees_with_the_solver_on_small_generated_positions(position: Position) -> None:
    answer = propose(position, compiled=False)
    assert answer.status != "unknown"
    assert_agrees(position, answer)


def test_every_rule_is_searched() -> None:
    grid = SOLUTIONS[0]
    neighbours = strategies.consecutive_borders(grid)
    parity = "".join("o" if v % 2 else "e" for v in grid.cells)
    # The same grid read with other digits (SU-36): colour k is digit 10 - k.
    reversed_digits = "987654321"
    odd_by_digit = "".join("o" if (10 - v) % 2 else "e" for v in grid.cells)
    mapped = strategies.consecutive_borders(grid, reversed_digits)
    apart = sorted(set(all_borders()) - neighbours)[:12]
    cases = [
        Variants(parity=parity),
        Variants(consecutive=neighbours, strict_marks=True),
        Variants(consecutive=sorted(neighbours)[:10]),
        Variants(parity=odd_by_digit, digits=reversed_digits),
        Variants(consecutive=mapped, strict_marks=True, digits=reversed_digits),
        Variants(consecutive=sorted(neighbours)[:10], non_consecutive_marks=apart),
    ]
    hole = grid.without(grid.pieces()[::2])
    for rules in cases:
        position = Position(hole, rules)
        for compiled in [False, *([True] if search.COMPILED else [])]:
            answer = propose(position, compiled=compiled)
            assert answer.status == "completable"
            assert answer.completion is not None
            assert is_valid(answer.completion, rules)
    # Non-consecutive with a grid that has consecutive neighbours: impossible when full.
    full = Position(grid, Variants(non_consecutive=True))
    assert propose(full, compiled=False).status == "impossible"
    assert solver_status(full) == "impossible"
    # Sudoku X on a grid whose diagonals repeat a colour.
    x_position = Position(grid, Variants(x=True))
    diagonal = {grid.cells[i * 10] for i in range(9)}
    expected = "completable" if len(diagonal) == 9 else "impossible"
    assert propose(x_position, compiled=False).status == expected == solver_status(x_position)


def test_the_digits_and_non_consecutive_marks_are_searched() -> None:
    # r1c1 = colour 1 beside an empty r1c2 across a non-consecutive mark: colour 2 is barred
    # there by its digit 2, unless the digits make colour 2 digit 3 (SU-36, SU-37).
    board = Board("1" + "." * 80)
    marked = Position(board, Variants(non_consecutive_marks=["r1c1-r1c2"]))
    mapped = Position(board, Variants(non_consecutive_marks=["r1c1-r1c2"], digits="132456789"))
    assert not search.valid_colours(marked)[1] >> 2 & 1
    assert search.valid_colours(mapped)[1] >> 2 & 1
    assert not search.valid_colours(mapped)[1] >> 3 & 1  # colour 3 is digit 2
    for compiled in [False, *([True] if search.COMPILED else [])]:
        for position in (marked, mapped):
            answer = propose(position, compiled=compiled)
            assert answer.status == "completable"
            assert answer.completion is not None
            assert is_valid(answer.completion, position.variants)
        clash = Position(Board("12" + "." * 79), marked.variants)
        assert propose(clash, compiled=compiled) == SearchAnswer("impossible", None, 0)
        fine = Position(Board("12" + "." * 79), mapped.variants)
        assert propose(fine, compiled=compiled).status == "completable"


def test_an_extension_built_for_other_tables_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    # A compiled search from older sources reads the rule tables otherwise: not used.
    stale = SimpleNamespace(search=lambda *args: (1, None, 0))
    monkeypatch.setattr(dokuspec.sumodoku, "_fastsearch", stale, raising=False)
    assert search._compiled_core() is None
    current = SimpleNamespace(search=lambda *args: (1, None, 0), PACKED_LAYOUT=2)
    monkeypatch.setattr(dokuspec.sumodoku, "_fastsearch", current, raising=False)
    assert search._compiled_core() is not None


def test_pieces_out_of_the_game_make_it_impossible_by_counting() -> None:
    position = Position(Board(), out=(1, 0, 0, 0, 0, 0, 0, 0, 0))
    for compiled in [False, *([True] if search.COMPILED else [])]:
        assert propose(position, compiled=compiled) == SearchAnswer("impossible", None, 0)
    assert solver_status(position) == "impossible"


def test_pieces_that_break_a_rule_are_impossible_without_search() -> None:
    board = Board("11" + "." * 79)
    for compiled in [False, *([True] if search.COMPILED else [])]:
        assert propose(Position(board), compiled=compiled) == SearchAnswer("impossible", None, 0)


def test_node_limit_gives_unknown() -> None:
    position = Position.parse(data_lines("top95.txt")[0])
    for compiled in [False, *([True] if search.COMPILED else [])]:
        answer = propose(position, node_limit=1, compiled=compiled)
        assert answer == SearchAnswer("unknown", None, 1)


def test_propose_refuses_bad_arguments() -> None:
    position = Position(Board())
    with pytest.raises(TypeError):
        propose("." * 81)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        propose(position, node_limit=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="positive"):
        propose(position, node_limit=0)


def test_valid_colours_follow_the_rules() -> None:
    board = Board("1" + "." * 80)
    masks = search.valid_colours(Position(board, Variants(parity="o" + "e" * 80)))
    assert masks[0] == 0
    assert masks[1] == sum(1 << k for k in (2, 4, 6, 8))  # row of a 1; even cell
    assert masks[10] == sum(1 << k for k in (2, 4, 6, 8))  # box of a 1
    assert masks[80] == sum(1 << k for k in (2, 4, 6, 8))
    marked = search.valid_colours(Position(board, Variants(consecutive=["r1c1-r1c2"])))
    assert marked[1] == 1 << 2
    apart = search.valid_colours(Position(board, Variants(non_consecutive=True)))
    assert apart[9] == sum(1 << k for k in range(3, 10))  # below the 1: not 1 (column), not 2


# -- check: propose, then certify -----------------------------------------------------------


def test_check_answers_as_the_solver_on_the_bundled_positions() -> None:
    for position in bundled():
        verdict = sumodoku.check(position)
        assert verdict.status == solver_status(position), position
        if verdict.completion is not None:
            assert verdict.completion.extends(position.board)
            assert is_valid(verdict.completion, position.variants)


def test_check_without_the_compiled_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(positions, "COMPILED", False)
    calls: list[Position] = []
    monkeypatch.setattr(positions, "propose", calls.append)
    for position in bundled()[::20]:
        assert sumodoku.check(position).status == solver_status(position)
    assert calls == []


def test_a_wrong_proposal_is_not_certified(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = Position.parse(data_lines("sudoku17.txt")[0])
    right = sumodoku.check(puzzle).completion
    assert right is not None
    wrong = Board(bytes(9 - (v % 9) for v in right.cells))  # a full board, not a completion
    monkeypatch.setattr(positions, "COMPILED", True)
    monkeypatch.setattr(positions, "propose", lambda p: SearchAnswer("completable", wrong, 1))
    verdict = sumodoku.check(puzzle)
    assert verdict.status == "completable"
    assert verdict.completion == right
    impossible = Position.parse(data_lines("impossible.txt")[0])
    assert sumodoku.check(impossible).status == "impossible"


def test_check_budgets_still_answer_unknown() -> None:
    puzzle = data_lines("sudoku17.txt")[1]
    assert sumodoku.check(puzzle, conflict_limit=0).status == "unknown"
    assert sumodoku.check(puzzle, time_limit=0).status == "unknown"
    assert sumodoku.check(puzzle, budget=Budget(conflict_limit=0)).status == "unknown"


@pytest.mark.parametrize("limit", [1, 5])
def test_small_budgets_never_give_a_wrong_answer(limit: int) -> None:
    for line in data_lines("impossible.txt")[:10] + data_lines("top95.txt")[:10]:
        position = Position.parse(line)
        verdict = sumodoku.check(position, conflict_limit=limit)
        assert verdict.status in ("unknown", solver_status(position))


def test_z3_is_unchanged() -> None:
    line = json.loads(data_lines("variants.jsonl")[1])
    position = Position.from_json(line)
    assert sumodoku.check(position, backend="z3").status == solver_status(position)


@settings(max_examples=examples(1.0))
@given(strategies.positions(min_pieces=20), st.sampled_from(["sat", "z3"]))
def test_check_agrees_with_the_full_search(position: Position, backend: str) -> None:
    verdict = sumodoku.check(position, backend=backend)  # type: ignore[arg-type]
    assert verdict.status == solver_status(position)


def test_a_budget_the_solver_cannot_honour_is_refused_first() -> None:
    puzzle = data_lines("sudoku17.txt")[2]
    with pytest.raises(SolverError, match="cannot honour a conflict limit"):
        sumodoku.check(puzzle, solver="glucose4", conflict_limit=5)


# -- counting completions by the compiled search ---------------------------------------------


def sat_count(position: Position, limit: int) -> sumodoku.Count:
    """The SAT backend's projected enumeration (no proposal involved)."""
    spec, compiled = sumodoku.compiled_model(position)
    empty = position.board.empty_cells()
    projection = [lit for i in empty for lit in spec.cells[i].literals]
    found = compiled.enumerate(
        projection, assumptions=spec.assumptions(position.board), limit=limit
    )
    return sumodoku.Count(len(found.solutions), found.complete)


def sparse(position: Position, keep: int, seed: int) -> Position:
    """``position`` with only ``keep`` of its pieces (the first after a seeded shuffle)."""
    pieces = [i for i, colour in enumerate(position.board.cells) if colour]
    order = sorted(pieces, key=lambda i: hash((seed, i)) % 1009)
    cells = bytearray(81)
    for i in order[:keep]:
        cells[i] = position.board.cells[i]
    return Position(Board(bytes(cells)), position.variants, position.out)


@needs_compiled
def test_counts_agree_with_the_sat_enumeration() -> None:
    cases = [sparse(p, len(p.board.cells) - p.board.cells.count(0) - 3, 1) for p in bundled()[::9]]
    cases += [sparse(Position(board), 24, n) for n, board in enumerate(SOLUTIONS[:6])]
    counted = 0
    for position in cases:
        for limit in (1, 7, 40):
            assert sumodoku.count_completions_within(position, limit) == sat_count(
                position, limit
            ), (position, limit)
            counted += 1
    assert counted == 3 * len(cases)


@needs_compiled
def test_proposed_completions_are_distinct_valid_completions_in_search_order() -> None:
    position = sparse(Position(SOLUTIONS[0]), 22, 3)
    boards = search.propose_completions(position, 200)
    assert boards is not None and 1 < len(boards) <= 200
    assert len(set(boards)) == len(boards)
    for board in boards:
        assert board.is_full() and board.extends(position.board)
        assert is_valid(board, position.variants)
    assert boards[0] == propose(position).completion  # the search's first, as propose's
    assert search.propose_completions(position, 1) == boards[:1]


@needs_compiled
def test_a_count_past_the_node_limit_is_left_to_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    position = Position(Board())
    assert search.propose_completions(position, 1000, node_limit=50) is None
    monkeypatch.setattr(positions, "propose_completions", lambda p, limit: None)
    assert sumodoku.count_completions_within(position, 12) == sumodoku.Count(12, False)


@needs_compiled
def test_a_wrong_proposed_completion_is_never_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = Position.parse(data_lines("sudoku17.txt")[0])
    right = sumodoku.check(puzzle).completion
    assert right is not None
    wrong = Board(bytes(9 - (v % 9) for v in right.cells))
    for proposal in ([right, wrong], [right, right]):
        monkeypatch.setattr(positions, "propose_completions", lambda p, limit, b=proposal: b)
        # the solver counts instead: one completion, exactly
        assert sumodoku.count_completions_within(puzzle, 5) == sumodoku.Count(1, True)


def test_counting_without_the_compiled_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(positions, "COMPILED", False)
    monkeypatch.setattr(positions, "propose_completions", lambda *args: pytest.fail("called"))
    position = sparse(Position(SOLUTIONS[1]), 30, 2)
    assert sumodoku.count_completions_within(position, 9) == sat_count(position, 9)


@needs_compiled
@settings(max_examples=examples(2.0))
@given(
    strategies.positions(min_pieces=0),
    st.sampled_from(SOLUTIONS[:20]),
    st.lists(st.tuples(st.integers(0, 80), st.integers(0, 9)), max_size=3),
)
def test_the_compiled_certifier_judges_boards_as_the_prohibitions_sum(
    position: Position, solution: Board, changes: list[tuple[int, int]]
) -> None:
    # Full boards near a solution (some cells changed, 0 for an empty cell), judged
    # against a position's pieces and rule set by both evaluators of the prohibitions.
    cells = bytearray(solution.cells)
    for cell, colour in changes:
        cells[cell] = colour
    board = Board(bytes(cells))
    half = bytes(colour if cell % 2 else 0 for cell, colour in enumerate(solution.cells))
    own = Position(Board(half), position.variants)
    for pieces in (position, own):
        rules, _ = positions._full_board(pieces, "cadical195")
        assert rules.table is not None
        summed = positions._obeys(rules, pieces, board)
        assert positions._all_obey(rules, pieces, [board]) == summed
        assert positions._all_obey(rules, pieces, [solution, board]) == (
            summed and positions._obeys(rules, pieces, solution)
        )


@needs_compiled
def test_the_compiled_certifier_refuses_a_malformed_table() -> None:
    certify = search._CERTIFY
    assert certify is not None
    board = SOLUTIONS[0].cells
    offsets = array("i", [0] * 731).tobytes()
    assert certify(board, bytes(81), offsets, b"", b"") == 1  # no prohibition: it passes
    assert certify(board * 2 + bytes(81), bytes(81), offsets, b"", b"") == 2  # an empty cell
    far = array("i", [0] * 10 + [5] * 721).tobytes()  # offsets past the ids
    with pytest.raises(ValueError, match="out of range"):
        certify(board, bytes(81), far, array("i", [0]).tobytes(), array("H", [1]).tobytes())
    with pytest.raises(ValueError, match="81 bytes"):
        certify(board[:80], bytes(81), offsets, b"", b"")


@needs_compiled
@settings(max_examples=examples(1.0))
@given(strategies.positions(min_pieces=22), st.sampled_from([1, 3, 12]))
def test_counts_agree_with_the_sat_enumeration_on_generated_positions(
    position: Position, limit: int
) -> None:
    assert sumodoku.count_completions_within(position, limit) == sat_count(position, limit)
