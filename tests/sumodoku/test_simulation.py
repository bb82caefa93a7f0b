"""Sumodoku simulations: results, summaries, records written and replayed (SU-2, SU-5 to SU-10)."""

from __future__ import annotations

import json
import math
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from dokuspec import sumodoku
from dokuspec.engine.base import GameOptionError
from dokuspec.engine.sumodoku import REASONS, SumodokuState, read_record
from dokuspec.errors import DokuspecError
from dokuspec.sumodoku import (
    GameResult,
    RecordFileError,
    game_seed,
    play_game,
    replay_record,
    simulate,
    summarise,
)


def test_a_run_is_its_games_played_one_by_one(tmp_path: Path) -> None:
    results = list(simulate(6, 42, ("solver", "random"), tmp_path / "records"))
    assert [r.index for r in results] == list(range(6))
    for result in results:
        alone, state = play_game(result.index, 42, ("solver", "random"))
        assert alone == result
        assert result.seed == game_seed(42, result.index)
        assert result.bots == ("solver", "random")
        assert result.first_player == 1
        assert state.result is not None
        assert (result.winner, result.reason) == (state.result.winner + 1, state.result.reason)
        assert result.turns == state.turn_number(0) + state.turn_number(1)
        assert result.pieces == 81 - state.board.cells.count(0)
        # The record on disk replays to the same final state.
        text = (tmp_path / "records" / sumodoku.simulation.record_name(result.index)).read_text()
        assert text == sumodoku.record_text(state)
        replayed = replay_record(text, source="game.json")
        assert replayed.history() == state.history()
        assert replayed.result == state.result
        data = json.loads(text)
        assert data["game"] == "sumodoku"
        assert data["result"] == {"winner": result.winner, "reason": result.reason}
    assert sorted(p.name for p in (tmp_path / "records").iterdir()) == [
        f"game-{i:06d}.json" for i in range(6)
    ]


def test_solver_bots_end_every_game_with_the_first_players_claim() -> None:
    for first in (1, 2):
        results = list(simulate(4, 3, ("solver", "solver"), options={"first_player": first}))
        summary = summarise(results)
        assert summary.games == 4
        assert summary.reasons == {
            "all-pieces-played": 0,
            "no-valid-move": 0,
            "claim-succeeded": 4,
            "claim-failed": 0,
            "pointed-out": 0,
            "mistake-found": 0,
        }
        assert summary.first_player_wins == 4
        assert summary.first_player_win_rate == 1.0
        assert summary.wins == ((4, 0) if first == 1 else (0, 4))
        # The first player's 16th turn: 15 placements each before it, then the claim.
        assert (summary.shortest, summary.longest, summary.mean_turns) == (31, 31, 31.0)
        assert all(r.pieces == 30 for r in results)


def test_summaries_count_every_way_of_winning() -> None:
    results = list(simulate(6, 9, ("random", "random"), options={"enforcement": "tabletop"}))
    summary = summarise(results)
    assert list(summary.reasons) == list(REASONS)
    assert sum(summary.reasons.values()) == summary.games == 6
    assert summary.wins[0] + summary.wins[1] == 6
    assert summary.turns_total == sum(r.turns for r in results)
    assert summary.shortest == min(r.turns for r in results)
    assert summary.longest == max(r.turns for r in results)
    assert summary.to_json()["first_player_win_rate"] == summary.first_player_wins / 6
    assert json.loads(json.dumps(summary.to_json())) == summary.to_json()
    assert json.loads(json.dumps(results[0].to_json()))["winner"] in (1, 2)
    empty = summarise([])
    assert (empty.games, empty.first_player_win_rate, empty.mean_turns) == (0, None, None)
    with pytest.raises(TypeError, match="summarise takes GameResult values, not int"):
        summarise([1])  # type: ignore[list-item]
    bad = GameResult(0, 1, ("a", "b"), 1, 1, "resigned", "", 3, 3)
    with pytest.raises(DokuspecError, match="'resigned' is not a reason"):
        summarise([bad])
    with pytest.raises(DokuspecError, match="3 is not a player"):
        summarise([GameResult(0, 1, ("a", "b"), 1, 3, "claim-failed", "", 3, 3)])


def test_variants_and_options_are_played(tmp_path: Path) -> None:
    for options in (
        {"free_colours": True},
        {"colour_assignment": "random"},
        {"x": True},
        {"enforcement": "tabletop", "observer": 0.5},
    ):
        (result,) = simulate(1, 5, ("solver", "random"), options=options)
        assert result.winner in (1, 2)
        _, state = play_game(0, 5, ("solver", "random"), options)
        assert state.game.options == read_record(sumodoku.record_text(state)).game.options


def test_records_are_never_overwritten_and_bad_records_are_located(tmp_path: Path) -> None:
    list(simulate(2, 1, ("random", "random"), tmp_path))
    with pytest.raises(DokuspecError, match=r"holds .*game-000000\.json already"):
        simulate(2, 1, ("random", "random"), tmp_path)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]
    text = (tmp_path / "game-000000.json").read_text()
    lines = text.splitlines()
    # Make the first placement illegal: colour 5 is not Player 1's (SU-1).
    first = next(i for i, line in enumerate(lines) if '"type": "place"' in line)
    step = json.loads(lines[first].rstrip(","))
    step["colour"] = 5
    lines[first] = "    " + json.dumps(step) + ("," if lines[first].endswith(",") else "")
    with pytest.raises(RecordFileError, match=rf"^bad\.json:{first + 1}:\d+: \$\.actions\[0\]"):
        replay_record("\n".join(lines), source="bad.json")
    with pytest.raises(RecordFileError, match=r"^x\.json:1:2: not JSON: "):
        replay_record("{", source="x.json")
    with pytest.raises(TypeError, match="a record is JSON text"):
        replay_record(5)  # type: ignore[arg-type]
    state = replay_record(text.encode())
    assert isinstance(state, SumodokuState)


def test_simulation_arguments() -> None:
    with pytest.raises(TypeError, match="games is an int"):
        simulate("2", 1)  # type: ignore[arg-type]
    with pytest.raises(DokuspecError, match="the number of games is 0 or more, not -1"):
        simulate(-1, 1)
    with pytest.raises(TypeError, match="the seed is an int"):
        simulate(1, 1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="bots is a pair"):
        simulate(1, 1, ("solver",))
    with pytest.raises(DokuspecError, match="unknown bot 'x'"):
        simulate(1, 1, ("solver", "x"))
    with pytest.raises(DokuspecError, match="first_player"):
        simulate(1, 1, options={"first_player": 3})
    with pytest.raises(DokuspecError, match="a game's index is 0 or more"):
        play_game(-1, 1)
    assert list(simulate(0, 1)) == []


TABLETOP = {"enforcement": "tabletop"}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {**TABLETOP, "observer": math.nan},
            "sumodoku: option 'observer': nan is not a finite number from 0 to 1",
        ),
        (
            {**TABLETOP, "observer": Decimal("NaN")},
            "sumodoku: option 'observer': Decimal('NaN') is not a finite number from 0 to 1",
        ),
        (
            {**TABLETOP, "observer": Fraction(3, 2)},
            "sumodoku: option 'observer': Fraction(3, 2) is not a chance from 0 to 1",
        ),
        (
            {"claim_time_limits": [[16, 35, math.inf]]},
            "sumodoku: option 'claim_time_limits': [0]: inf is not a finite number of seconds > 0",
        ),
        (
            {"claim_time_limits": [[16, 35, math.nan]]},
            "sumodoku: option 'claim_time_limits': [0]: nan is not a finite number of seconds > 0",
        ),
        (
            {"own_mistake_wins": "yes"},
            "sumodoku: option 'own_mistake_wins': 'yes' is not of type 'boolean'",
        ),
    ],
)
def test_bad_options_are_refused_by_name_before_any_game(
    options: dict[str, object], message: str
) -> None:
    """SU-29: simulate and play_game refuse them when called, naming the option."""
    with pytest.raises(GameOptionError) as caught:
        simulate(1, 0, options=options)  # type: ignore[arg-type]
    assert str(caught.value) == message
    with pytest.raises(GameOptionError) as caught:
        play_game(0, 0, options=options)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_the_observer_is_played_exactly_whatever_its_number_type() -> None:
    """SU-20: Fraction(1, 3) is "1/3" in the record; Decimal("0.5") is the game of 0.5."""
    bots = ("random", "random")
    result, state = play_game(0, 5, bots, {**TABLETOP, "observer": Fraction(1, 3)})
    assert state.game.observer == Fraction(1, 3)
    assert json.loads(sumodoku.record_text(state))["options"]["observer"] == "1/3"
    (same,) = simulate(1, 5, bots, options={**TABLETOP, "observer": "1/3"})
    assert same == result
    half, _ = play_game(0, 5, bots, {**TABLETOP, "observer": Decimal("0.5")})
    assert half == play_game(0, 5, bots, {**TABLETOP, "observer": 0.5})[0]


def test_only_the_literal_reading_lets_a_player_win_by_their_own_mistake() -> None:
    """SU-8 revised: random bots in tabletop play find only the opponent's mistakes; with
    own_mistake_wins most games end with a player finding their own."""
    bots = ("random", "random")
    revised = list(simulate(8, 2, bots, options=TABLETOP))
    literal = list(simulate(8, 2, bots, options={**TABLETOP, "own_mistake_wins": True}))
    assert [r.reason for r in revised].count("mistake-found") == 7
    assert not [r for r in revised if "their own mistake" in r.detail]
    assert len([r for r in literal if "found their own mistake" in r.detail]) == 5


def test_an_observer_who_always_acts_leaves_pointing_out_and_wins_no_game() -> None:
    """SU-9 revised: with observer=1 random players still point mistakes out (SU-7), and a
    player whose pieces were removed never wins by placing all 40 (SU-5). (Read as before,
    the observer took every mistake first: no pointing out, and all-pieces-played wins.)"""
    results = list(simulate(6, 4, ("random", "random"), options={**TABLETOP, "observer": 1}))
    assert summarise(results).reasons == {
        "all-pieces-played": 0,
        "no-valid-move": 4,
        "claim-succeeded": 0,
        "claim-failed": 0,
        "pointed-out": 2,
        "mistake-found": 0,
    }
