"""One-line reasons (dokuspec.sumodoku.reasons): each kind on a position made for it, and
every reason given on the bundled positions confirmed by the engine's rule checker.

The confirmation is independent of the code under test: a reason about a unit
or a cell is checked by placing each colour the reason rules out and asking
the engine (:func:`dokuspec.engine.sumodoku.violations`) whether it breaks a
rule, and every position with a reason is impossible by the SAT solver.
"""

from __future__ import annotations

import json
import re

import pytest
from helpers import data_lines

from dokuspec import sumodoku
from dokuspec.engine.sumodoku import violations
from dokuspec.spec.sumodoku import units
from dokuspec.sumodoku import Board, Piece, Position, Variants
from dokuspec.sumodoku.reasons import unit_reason

EMPTY = "." * 81


def _board(pieces: dict[str, int]) -> Board:
    cells = bytearray(81)
    for name, colour in pieces.items():
        row, col = int(name[1]), int(name[3])
        cells[(row - 1) * 9 + col - 1] = colour
    return Board(bytes(cells))


def test_each_kind_of_reason() -> None:
    twice = Position(_board({"r1c3": 1, "r1c8": 1}))
    assert unit_reason(twice) == "row 1 holds colour 1 twice: r1c3 and r1c8"
    diagonal = Position(_board({"r1c1": 4, "r5c5": 4}), Variants(x=True))
    assert unit_reason(diagonal) == "main diagonal holds colour 4 twice: r1c1 and r5c5"
    odd = Position(_board({"r1c1": 2}), Variants(parity="o" + "." * 80))
    assert unit_reason(odd) == "r1c1 holds colour 2 on an odd mark"
    marked = Position(_board({"r1c1": 1, "r1c2": 5}), Variants(consecutive=["r1c1-r1c2"]))
    assert unit_reason(marked) == ("r1c1 and r1c2 hold colours 1 and 5 across a consecutive border")
    apart = Position(_board({"r1c1": 1, "r1c2": 2}), Variants(non_consecutive=True))
    assert unit_reason(apart) == (
        "r1c1 and r1c2 hold colours 1 and 2 across a non-consecutive border"
    )
    # r1c1: colours 1-8 in its row, 9 in its column.
    stuck = Position(_board({**{f"r1c{c}": c - 1 for c in range(2, 10)}, "r2c1": 9}))
    assert unit_reason(stuck) == "r1c1 has no colour left"
    free = Position(_board({"r1c1": 2, "r4c4": 2, "r5c7": 2}))
    assert unit_reason(free) is None  # row 3 can still take a 2 in boxes 2 and 3
    # Row 3 without a 2: boxes 1 and 2 hold one, columns 7 and 8 too, r3c9 holds a 5.
    blocked = Position(_board({"r1c2": 2, "r2c5": 2, "r4c7": 2, "r7c8": 2, "r3c9": 5}))
    assert unit_reason(blocked) == "colour 2 has no place left in row 3"
    assert unit_reason(Position(Board(EMPTY))) is None
    with pytest.raises(TypeError, match="takes a Position"):
        unit_reason(EMPTY)  # type: ignore[arg-type]


def _confirm(position: Position, reason: str) -> None:
    """The engine's rule checker agrees with ``reason`` on ``position``."""
    board = position.board
    variants = position.variants
    named = dict(units(variants.x))
    if found := re.fullmatch(r"colour (\d) has no place left in (.+)", reason):
        colour, members = int(found[1]), named[found[2]]
        assert colour not in {board.cells[c] for c in members}
        for cell in members:
            if not board.cells[cell]:
                piece = Piece(cell // 9 + 1, cell % 9 + 1, colour)
                assert violations(board.place(piece), variants), (reason, piece)
    elif found := re.fullmatch(r"r(\d)c(\d) has no colour left", reason):
        row, col = int(found[1]), int(found[2])
        for colour in range(1, 10):
            assert violations(board.place(Piece(row, col, colour)), variants), (reason, colour)
    else:  # the pieces themselves break a rule
        assert violations(board, variants), reason


def test_every_reason_on_the_bundled_positions_is_confirmed() -> None:
    positions = [Position.parse(line) for line in data_lines("impossible.txt")]
    positions += [
        Position.from_json(json.loads(line))
        for line in data_lines("variants.jsonl")
        if line.startswith("{")
    ]
    given = 0
    for position in positions:
        reason = unit_reason(position)
        if reason is None:
            continue
        assert sumodoku.check(position).status == "impossible", reason
        _confirm(position, reason)
        given += 1
    assert given >= 25
    solutions = [Position.parse(line) for line in data_lines("sudoku17.txt")[:50]]
    assert all(unit_reason(p) is None for p in solutions)  # completable: never a reason


def test_explain_gives_the_reason() -> None:
    verdict = sumodoku.explain(Position(_board({"r1c3": 1, "r1c8": 1})))
    assert verdict.reason == "row 1 holds colour 1 twice: r1c3 and r1c8"
    puzzle = data_lines("sudoku17.txt")[0]
    assert sumodoku.explain(puzzle).reason is None
