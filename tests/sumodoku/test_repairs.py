"""Repairs: the fewest pieces to take off, confirmed by brute force over the pieces and by the
engine's rule checker."""

from __future__ import annotations

from importlib import resources

import pytest

from dokuspec import sumodoku
from dokuspec.engine.sumodoku.rules import violations
from dokuspec.sumodoku import Board, Piece, Position
from dokuspec.sumodoku.corrections import _without


def _lines(name: str) -> list[str]:
    text = resources.files("dokuspec").joinpath("data", "sumodoku", name).read_text()
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


IMPOSSIBLE = _lines("impossible.txt")
VARIANTS = [Position.parse(line) for line in _lines("variants.jsonl")]


def _pieces(position: Position) -> list[Piece]:
    cells = position.board.cells
    return [Piece(c // 9 + 1, c % 9 + 1, cells[c]) for c in range(81) if cells[c]]


def _single_repairs(position: Position) -> list[tuple[Piece, ...]]:
    """Every one-piece removal that makes ``position`` completable, by trying each."""
    return [
        (piece,)
        for piece in _pieces(position)
        if sumodoku.check(_without(position, (piece,))).status == "completable"
    ]


def _valid(position: Position, removed: tuple[Piece, ...], completion: Board) -> None:
    kept = _without(position, removed).board.cells
    assert all(not k or k == v for k, v in zip(kept, completion.cells, strict=True))
    assert 0 not in completion.cells
    assert violations(completion, position.variants) == []


def test_a_clash_is_repaired_by_taking_off_either_piece_and_by_nothing_else() -> None:
    position = Position.parse(IMPOSSIBLE[4])
    found = sumodoku.repairs(position)
    assert (found.status, found.size, found.minimum, found.complete) == (
        "impossible",
        1,
        True,
        True,
    )
    assert [repair.remove for repair in found.repairs] == _single_repairs(position)
    for repair in found.repairs:
        _valid(position, repair.remove, repair.completion)


def test_two_pieces_when_no_single_piece_will_do() -> None:
    two = [p for p in VARIANTS if sumodoku.repairs(p, limit=1).size == 2]
    assert two, "the bundled variant positions include ones that need two pieces off"
    position = two[0]
    assert _single_repairs(position) == []  # so 2 is the fewest
    found = sumodoku.repairs(position, limit=3)
    assert found.minimum and found.size == 2
    for repair in found.repairs:
        assert len(repair.remove) == 2
        _valid(position, repair.remove, repair.completion)


def test_the_list_stops_at_the_limit_and_says_whether_it_is_complete() -> None:
    position = Position.parse(IMPOSSIBLE[0])
    every = _single_repairs(position)
    found = sumodoku.repairs(position, limit=3)
    assert len(found.repairs) == 3 and not found.complete
    assert {r.remove for r in found.repairs} <= set(every)
    found = sumodoku.repairs(position, limit=len(every))
    assert found.complete and [r.remove for r in found.repairs] == every


def test_no_removal_repairs_pieces_out_of_the_game() -> None:
    position = Position(Board("1" + "." * 80), out=(0, 1, 0, 0, 0, 0, 0, 0, 0))
    found = sumodoku.repairs(position)
    assert (found.status, found.repairs, found.size, found.complete) == (
        "impossible",
        (),
        None,
        True,
    )


def test_a_completable_position_needs_no_repair() -> None:
    found = sumodoku.repairs("." * 81)
    assert (found.status, found.repairs, found.size) == ("completable", (), 0)


def test_the_z3_backend_finds_the_same_size() -> None:
    position = Position.parse(IMPOSSIBLE[4])
    assert sumodoku.repairs(position, backend="z3").size == 1


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="1 or more"):
        sumodoku.repairs(IMPOSSIBLE[0], limit=0)
    with pytest.raises(TypeError):
        sumodoku.repairs(IMPOSSIBLE[0], limit=True)
