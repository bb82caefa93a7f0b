"""``dokuspec competitive``: hand, count, outs; output forms, exit statuses, one-line errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dokuspec.cli import main

HAND = "r1 r2 r3 / b1 b2 b3 / r1 r2 r3"
TWO_WAYS = "r4 b2 r6 / r2 .. b8 / b6 r8 b7"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["competitive", *args])
    return result.exit_code, result.stdout, result.stderr


# -- hand ----------------------------------------------------------------------------------------


def test_hand_prints_every_line_value_and_score() -> None:
    code, out, err = run("hand", HAND)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:2] == [HAND, "a winning hand"]
    assert lines[2].split() == ["line", "cards", "kind", "points"]
    # Rows one-straights in one colour (2), columns triplets (3), diagonals mixed (1).
    assert [line.split()[-2:] for line in lines[3:11]] == [
        ["one-straight", "2"],
        ["one-straight", "2"],
        ["one-straight", "2"],
        ["triplet", "3"],
        ["triplet", "3"],
        ["triplet", "3"],
        ["one-straight", "1"],
        ["one-straight", "1"],
    ]
    assert lines[9].split()[:2] == ["main", "diagonal"]
    assert lines[11] == "value 17; score as the winner 20"
    assert all(len(line) <= 80 for line in lines)


def test_hand_scoring_options() -> None:
    # All three columns are triplets: +3 with the bonus.
    _, out, _ = run("hand", HAND, "--three-triplets-bonus")
    assert out.splitlines()[-1] == "value 17; score as the winner 23"
    # b2 b4 b8 / r2 r4 r8 / b2 b4 b8: power series rows (3 each with the
    # option), triplet columns (3 each), mixed power series diagonals (3 each).
    _, out, _ = run("hand", "b2 b4 b8 / r2 r4 r8 / b2 b4 b8", "--power-series-points", "3")
    assert out.splitlines()[-1] == "value 24; score as the winner 27"
    # By default the power series scores nothing (CS-20): the triplets' 9.
    _, out, _ = run("hand", "b2 b4 b8 / r2 r4 r8 / b2 b4 b8")
    assert out.splitlines()[-1] == "value 9; score as the winner 12"
    assert out.splitlines()[3].split() == ["row", "1", "b2", "b4", "b8", "power-series", "0"]
    # As straights: one-colour rows 2 each, mixed diagonals 1 each.
    _, out, _ = run(
        "hand", "b2 b4 b8 / r2 r4 r8 / b2 b4 b8", "--power-series-points", "as_straight"
    )
    assert out.splitlines()[-1] == "value 17; score as the winner 20"


def test_a_losing_hand_scores_as_the_loser() -> None:
    # Row 3 a triplet (3), column 1 and the anti-diagonal mixed straights (1 + 1).
    grid = "r1 r5 r9 / b2 b6 b7 / r3 b3 r3"
    code, out, _ = run("hand", grid)
    assert code == 0
    assert out.splitlines()[1] == "not a winning hand: row 1 is not a line"
    assert out.splitlines()[-1] == "value 5; score as the loser 0"
    _, out, _ = run("hand", grid, "--score-loser-hand")
    assert out.splitlines()[-1] == "value 5; score as the loser 5"


def test_hand_json() -> None:
    code, out, _ = run("hand", "r1 r2 r3 / b1 .. b3 / r1 r2 r3", "--json")
    assert code == 0
    record = json.loads(out)
    assert record["winning"] is False
    assert record["reason"] == "position 5 is empty"
    assert (record["value"], record["score"], record["scored_as"]) == (0, 0, "loser")
    assert record["lines"][1] == {
        "name": "row 2",
        "positions": [4, 5, 6],
        "cards": ["b1", None, "b3"],
        "kind": None,
        "points": 0,
    }
    assert record["scoring"] == {
        "power_series_points": 0,
        "three_triplets_bonus": False,
        "score_loser_hand": False,
    }


# -- count ---------------------------------------------------------------------------------------


def test_count_sentence_and_json() -> None:
    code, out, _ = run("count")
    assert (code, out) == (0, "13,956 winning rank patterns (the standard deck)\n")
    code, out, _ = run("count", "--json", "--deck", "unlimited", "--colours", "--backend", "engine")
    assert code == 0
    assert json.loads(out) == {
        "deck": "unlimited",
        "colours": True,
        "backend": "engine",
        "count": 8_624_640,
        "exact": True,
    }


def test_count_cut_short_is_a_lower_bound_with_status_1() -> None:
    code, out, _ = run("count", "--conflict-limit", "0", "--json")
    assert code == 1
    assert json.loads(out)["exact"] is False
    code, out, _ = run("count", "--conflict-limit", "0")
    assert (code, out) == (
        1,
        "at least 0 winning rank patterns (the standard deck); the budget ran out\n",
    )


# -- outs ----------------------------------------------------------------------------------------


def test_outs_list_and_json() -> None:
    # Position 5 of TWO_WAYS takes a 4 or a 5.
    code, out, _ = run("outs", TWO_WAYS, "--available", "r4 b4 b5 r9")
    assert code == 0
    assert out.splitlines() == [
        TWO_WAYS,
        "  b4  place on position 5",
        "  b5  place on position 5",
        "  r4  place on position 5",
    ]
    code, out, _ = run("outs", "r1 r2 r3 / b1 b2 b3 / r1 r2 r4", "--available", "r3,b9", "--json")
    assert code == 0
    assert json.loads(out) == {
        "grid": "r1 r2 r3 / b1 b2 b3 / r1 r2 r4",
        "available": "b9 r3",
        "outs": [{"card": "r3", "position": 9, "kind": "swap"}],
    }
    code, out, _ = run("outs", TWO_WAYS, "--available", "-")
    assert out.splitlines()[1] == "no outs among 0 available cards"


# -- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hand", "r1 r2 x3 / b1 b2 b3 / r1 r2 r3"], "GRID:1:7: 'x3' is not a card"),
        (["hand", "r1 r2 r3 / b1 b2 b3"], "GRID:1:20: a Grid has 9 positions"),
        (["outs", TWO_WAYS, "--available", "r4 r10"], "--available:1:6: 'r10' is not a card"),
        (["outs", TWO_WAYS, "--available", "b2 b2"], "2 copies of b2, but the Grid and the"),
        (["outs", TWO_WAYS], "Missing option '--available'"),
        (["count", "--deck", "12"], "Invalid value for '--deck': '12'"),
        (["count", "--backend", "glpk"], "Invalid value for '--backend'"),
        (["count", "--time-limit", "-1"], "Invalid value for '--time-limit'"),
        (
            ["hand", HAND, "--power-series-points", "x"],
            "'x': give a whole number 0-9 or 'as_straight'",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("dokuspec: error: ")
    assert message in err


def test_control_characters_in_bad_input_are_escaped() -> None:
    code, _, err = run("hand", "r1 \x1b[31m")
    assert code == 2
    assert "\x1b" not in err
    assert "\\x1b" in err


def test_hand_refuses_a_grid_the_deck_cannot_hold() -> None:
    """CS-1: the standard deck has 2 copies of each card, so nine r1 are no hand."""
    code, out, err = run("hand", "r1 r1 r1 / r1 r1 r1 / r1 r1 r1")
    assert (code, out) == (2, "")
    assert err == (
        "dokuspec: error: GRID: the standard deck has 2 copies of r1, but the Grid holds 9\n"
    )
    code, out, _ = run("hand", "--deck", "unlimited", "r1 r1 r1 / r1 r1 r1 / r1 r1 r1")
    assert code == 0 and "a winning hand" in out
    code, _, err = run("hand", "--deck", "1", "r1 r1 r1 / b2 b2 b2 / .. .. ..")
    assert err == (
        "dokuspec: error: GRID: a deck of 1 copy of each card has 1 copy of b2, "
        "but the Grid holds 3\n"
    )


def test_outs_says_why_there_are_none_or_that_the_hand_already_wins() -> None:
    code, out, _ = run("outs", "r1 r2 .. / b1 b2 b3 / r1 r2 ..", "--available", "r3 b3")
    assert (code, out) == (
        0,
        "r1 r2 .. / b1 b2 b3 / r1 r2 ..\nno outs: 2 empty positions, and one card fills one\n",
    )
    code, out, _ = run("outs", "r1 r2 r3 / b1 b2 b3 / r1 r2 r3", "--available", "b9 b3")
    assert (code, out) == (
        0,
        "r1 r2 r3 / b1 b2 b3 / r1 r2 r3\n"
        "already a winning hand; these swaps keep it one:\n"
        "  b3  swap into position 3\n"
        "  b3  swap into position 6\n"
        "  b3  swap into position 9\n",
    )
