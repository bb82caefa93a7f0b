"""The engine's plays and reveals judged by the spec's readings of TD-7, TD-8 and TD-17."""

from __future__ import annotations

import pytest
from helpers import replace_everywhere, twodoku_peers_without_boxes

import dokuspec.engine.twodoku as engine
from dokuspec.engine.twodoku import TwoDokuState
from dokuspec.verify.twodoku.engine import EngineCheckError, check_engine_plays, expected_play
from dokuspec.vocabulary.twodoku import ALL_SQUARES, Colouring, Dominoes, FaceDown, Position, Square

SEEDS = [(seed, seed + 100) for seed in range(6)]


def test_every_play_and_reveal_of_careful_games_is_what_the_spec_says() -> None:
    plays = reveals = 0
    for seed, policy in SEEDS:
        done = check_engine_plays(seed, policy)
        plays += done[0]
        reveals += done[1]
    # Enough of both for the check to mean something (measured: 6 games give 100+ plays).
    assert plays >= 50
    assert reveals >= 3


def test_expected_play_reads_td7_td8_td17() -> None:
    red = ALL_SQUARES[:36]  # rows 1-4 (and r5c1-r5c9 start at 36)
    blue = ALL_SQUARES[36:72]
    position = Position(
        Colouring(red, blue),
        {Square(1, 1): 5},
        [FaceDown(Square(9, 9), "red", 7), FaceDown(Square(9, 5), "blue", 7)],
        Dominoes(),
        None,
        None,
    )
    assert expected_play(position, "red", Square(9, 1), 3) == ("not-allowed", ())
    assert expected_play(position, "red", Square(1, 9), 5) == ("clash", ())
    assert expected_play(position, "red", Square(1, 9), 3) == ("placed", ())
    full = Position(
        Colouring(red, blue),
        {s: 1 + s.index % 6 for s in ALL_SQUARES[:36] if s != Square(4, 5)},
        [FaceDown(Square(9, 9), "red", 7), FaceDown(Square(9, 5), "blue", 7)],
        Dominoes(),
        None,
        None,
    )
    # Red's one empty square is r4c5, which shares column 5 with r9c5 (a face-down 7).
    assert expected_play(full, "red", Square(4, 5), 7) == ("hidden-clash", (Square(9, 5),))


def test_a_reveal_of_a_domino_that_does_not_clash_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A planted fault: the reveal picks among every face-down peer, clashing or not.
    def every_peer(self: TwoDokuState, square: int, digit: int) -> list[int]:
        return [
            i
            for i in range(81)
            if self._board[i] < 0 and ALL_SQUARES[i] in ALL_SQUARES[square].peers
        ]

    monkeypatch.setattr(TwoDokuState, "_clashing_face_down", every_peer)
    with pytest.raises(EngineCheckError, match="reveals one of"):
        for seed, policy in SEEDS * 3:
            check_engine_plays(seed, policy)


def test_a_dropped_box_check_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # A planted fault: the Sudoku check looks at rows and columns only.
    replace_everywhere(monkeypatch, engine.actions, "_PEERS", twodoku_peers_without_boxes())
    with pytest.raises(EngineCheckError):
        for seed, policy in SEEDS * 3:
            check_engine_plays(seed, policy, aim=0.5)


def test_a_dropped_colour_priority_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # A planted fault: TD-7 allows every empty square.
    monkeypatch.setattr(TwoDokuState, "_allowed", lambda self, player, square: True)
    with pytest.raises(EngineCheckError, match="the spec says not-allowed"):
        for seed, policy in SEEDS:
            check_engine_plays(seed, policy, aim=0.3)
