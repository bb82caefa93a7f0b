"""``dokuspec competitive``: hand, count, outs, best; output forms, pictures, exit statuses,
one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dokuspec import competitive
from dokuspec.cli import main
from dokuspec.competitive import Grid, Scoring

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


# -- the cards the deck cannot hold, named by the argument or option that holds them -------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["outs", HAND, "--available", "r3 r3 r3"],
            "--available: the standard deck has 2 copies of r3, but the available cards hold 3",
        ),
        (
            ["best", HAND, "--available", "b9 b9 b9"],
            "--available: the standard deck has 2 copies of b9, but the available cards hold 3",
        ),
        (
            ["outs", "r1 r1 r1 / .. .. .. / .. .. ..", "--available", "b1"],
            "GRID: the standard deck has 2 copies of r1, but the Grid holds 3",
        ),
        (
            ["outs", TWO_WAYS, "--available", "b2 b2"],
            "GRID and --available: the standard deck has 2 copies of b2, but the Grid and "
            "the available cards hold 3",
        ),
        (
            ["best", "r4 .. .. / .. .. .. / .. .. ..", "--available", "r4 b5", "--deck", "1"],
            "GRID and --available: a deck of 1 copy of each card has 1 copy of r4, but the "
            "Grid and the available cards hold 2",
        ),
    ],
)
def test_cards_the_deck_cannot_hold_name_the_option(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert (code, out) == (2, "")
    assert err == f"dokuspec: error: {message}\n"


def test_plurals_agree() -> None:
    code, out, _ = run("outs", TWO_WAYS, "--available", "r9")
    assert (code, out.splitlines()[-1]) == (0, "no outs among 1 available card")
    code, out, _ = run("outs", TWO_WAYS, "--available", "r9 b9")
    assert out.splitlines()[-1] == "no outs among 2 available cards"


# -- best ----------------------------------------------------------------------------------------

PARTIAL = "r1 r2 .. / .. .. .. / .. .. .."
PARTIAL_CARDS = "r3 b1 b2 b3 r1 r2 r3"


def test_best_prints_the_best_hand_its_placements_and_lines() -> None:
    code, out, err = run("best", PARTIAL, "--available", PARTIAL_CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        PARTIAL,
        "the best winning hand (optimal: no reachable hand scores more)",
        "r1 r2 r3 / r1 r2 r3 / b1 b2 b3",
        "cards placed, by position: 3 r3, 4 r1, 5 r2, 6 r3, 7 b1, 8 b2, 9 b3",
        "  line           cards       kind           points",
        "  row 1          r1 r2 r3    one-straight        2",
        "  row 2          r1 r2 r3    one-straight        2",
        "  row 3          b1 b2 b3    one-straight        2",
        "  column 1       r1 r1 b1    triplet             3",
        "  column 2       r2 r2 b2    triplet             3",
        "  column 3       r3 r3 b3    triplet             3",
        "  main diagonal  r1 r2 b3    one-straight        1",
        "  anti-diagonal  r3 r2 b1    one-straight        1",
        "value 17; score as the winner 20",
    ]
    best = competitive.best_completion(PARTIAL, PARTIAL_CARDS)
    assert (best.status, str(best.completion), best.score) == (
        "optimal",
        "r1 r2 r3 / r1 r2 r3 / b1 b2 b3",
        20,
    )


def test_best_json() -> None:
    code, out, _ = run("best", PARTIAL, "--available", PARTIAL_CARDS, "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == [
        "grid",
        "available",
        "status",
        "completion",
        "placements",
        "lines",
        "value",
        "score",
        "backend",
        "scoring",
    ]
    assert (data["status"], data["completion"], data["value"], data["score"]) == (
        "optimal",
        "r1 r2 r3 / r1 r2 r3 / b1 b2 b3",
        17,
        20,
    )
    assert data["placements"][0] == {"position": 3, "card": "r3"}
    assert len(data["placements"]) == 7 and len(data["lines"]) == 8
    assert data["lines"][3] == {
        "name": "column 1",
        "positions": [1, 4, 7],
        "cards": ["r1", "r1", "b1"],
        "kind": "triplet",
        "points": 3,
    }
    assert (data["backend"], data["scoring"]) == (
        "sat",
        {"power_series_points": 0, "three_triplets_bonus": False},
    )


def test_best_scoring_options_and_backend() -> None:
    # TWO_WAYS with a 4 at position 5 makes row 2 and column 2 power series: worth
    # nothing by default, so a 5 does as well (9); at 3 points each the 4 wins (13).
    code, out, _ = run("best", TWO_WAYS, "--available", "r4 b5", "--json")
    assert (code, json.loads(out)["score"]) == (0, 9)
    code, out, _ = run(
        "best", TWO_WAYS, "--available", "r4 b5", "--power-series-points", "3",
        "--backend", "z3", "--json",
    )  # fmt: skip
    data = json.loads(out)
    assert (data["score"], data["placements"], data["backend"]) == (
        13,
        [{"position": 5, "card": "r4"}],
        "z3",
    )
    assert data["scoring"] == {"power_series_points": 3, "three_triplets_bonus": False}
    code, out, _ = run("best", HAND, "--available", "-", "--three-triplets-bonus")
    assert out.splitlines()[-1] == "value 17; score as the winner 23"
    assert "cards placed, by position: none" in out.splitlines()


def test_best_says_impossible_in_the_game_s_words() -> None:
    code, out, _ = run("best", PARTIAL, "--available", "r4 b4 b9")
    assert (code, out) == (
        0,
        f"{PARTIAL}\nimpossible: no winning hand is reachable with these cards (CS-19)\n",
    )
    code, out, _ = run("best", PARTIAL, "--available", "r4 b4 b9", "--json")
    data = json.loads(out)
    assert (data["status"], data["completion"], data["score"], data["lines"]) == (
        "impossible",
        None,
        None,
        [],
    )


def test_best_writes_a_proof_of_impossible_and_never_overwrites_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("best", PARTIAL, "--available", "r4 b4 b9", "--proof", "proofs")
    assert code == 0
    cnf, drat = Path("proofs/best.cnf"), Path("proofs/best.drat")
    found = competitive.completions(PARTIAL, "r4 b4 b9", proof=True)
    assert found.proof is not None
    assert found.proof.lemmas == 1  # unit propagation refutes it: the empty clause alone
    assert out.splitlines()[-1] == "proof (1 lemma): proofs/best.cnf, proofs/best.drat"
    assert (cnf.read_text(), drat.read_text()) == (found.proof.cnf, found.proof.proof)
    checked = CliRunner().invoke(main, ["proof", "check", str(cnf), str(drat)])
    assert checked.exit_code == 0 and checked.stdout.startswith("accepted by dratify")
    code, _, err = run("best", PARTIAL, "--available", "r4 b4 b9", "--proof", "proofs")
    assert (code, err) == (
        2,
        "dokuspec: error: proofs/best.cnf exists already (proofs are never overwritten)\n",
    )
    code, out, _ = run("best", PARTIAL, "--available", "r4 b4 b9", "--json", "--proof", "p2")
    assert json.loads(out)["proof"]["cnf"] == "p2/best.cnf"
    code, _, err = run("best", PARTIAL, "--available", "r4 b4", "--backend", "z3", "--proof", "x")
    assert code == 2 and "--proof needs --backend sat" in err


@pytest.mark.parametrize(
    ("status", "line"),
    [
        (
            "feasible",
            "the best winning hand found; the budget ran out before it was proven the best",
        ),
        ("unknown", "unknown: the budget ran out before any winning hand was found"),
    ],
)
def test_best_exits_1_when_the_budget_runs_out(
    monkeypatch: pytest.MonkeyPatch, status: str, line: str
) -> None:
    asked: dict[str, Any] = {}
    hand = Grid.parse(HAND)

    def budgeted(grid: Any, available: Any, scoring: Scoring, **options: Any) -> Any:
        asked.update(options)
        if status == "unknown":
            return competitive.BestCompletion("unknown", grid, available)
        return competitive.BestCompletion("feasible", grid, available, hand, (), 20)

    monkeypatch.setattr(competitive, "best_completion", budgeted)
    code, out, _ = run("best", HAND, "--available", "-", "--time-limit", "2.5")
    assert (code, out.splitlines()[1]) == (1, line)
    assert (asked["time_limit"], asked["conflict_limit"], asked["backend"]) == (2.5, None, "sat")
    code, out, _ = run("best", HAND, "--available", "-", "--conflict-limit", "7", "--json")
    assert (code, json.loads(out)["status"], asked["conflict_limit"]) == (1, status, 7)


# -- pictures ------------------------------------------------------------------------------------


def test_hand_draws_its_grid_with_each_line_labelled(tmp_path: Path) -> None:
    grid = Grid.parse(HAND)
    labels = [
        ((0, 1, 2), "one-straight 2"),
        ((3, 4, 5), "one-straight 2"),
        ((6, 7, 8), "one-straight 2"),
        ((0, 3, 6), "triplet 3"),
        ((1, 4, 7), "triplet 3"),
        ((2, 5, 8), "triplet 3"),
        ((0, 4, 8), "one-straight 1"),
        ((2, 4, 6), "one-straight 1"),
    ]
    picture = competitive.grid_svg(grid, annotations=labels) + "\n"
    code, out, _ = run("hand", HAND, "--svg", "-")
    assert (code, out) == (0, picture)
    path = tmp_path / "hand.svg"
    code, out, _ = run("hand", HAND, "--svg", str(path))
    assert code == 0 and out.splitlines()[-1] == "value 17; score as the winner 20"
    assert path.read_text(encoding="utf-8") == picture


def test_outs_and_best_draw_their_grids(tmp_path: Path) -> None:
    grid = "r1 r2 r3 / b1 b2 b3 / r1 r2 .."
    code, out, _ = run("outs", grid, "--available", "r3 b3 b9", "--svg", "-")
    assert (code, out) == (
        0,
        competitive.grid_svg(Grid.parse(grid), title="outs: b3 at 9, r3 at 9") + "\n",
    )
    code, out, _ = run("outs", grid, "--available", "b9", "--svg", "-")
    assert out == competitive.grid_svg(Grid.parse(grid), title="outs: none") + "\n"
    path = tmp_path / "best.svg"
    code, out, _ = run("best", PARTIAL, "--available", PARTIAL_CARDS, "--svg", str(path))
    assert code == 0 and out.splitlines()[2] == "r1 r2 r3 / r1 r2 r3 / b1 b2 b3"
    best = Grid.parse("r1 r2 r3 / r1 r2 r3 / b1 b2 b3")
    labels = [
        (tuple(p - 1 for p in line.positions), f"{line.kind} {line.points}")
        for line in competitive.lines(best)
    ]
    assert path.read_text(encoding="utf-8") == competitive.grid_svg(best, annotations=labels) + "\n"
    # No winning hand: the Grid asked about, unlabelled.
    code, out, _ = run("best", PARTIAL, "--available", "r4 b4 b9", "--svg", "-")
    assert (code, out) == (0, competitive.grid_svg(Grid.parse(PARTIAL)) + "\n")


@pytest.mark.parametrize(
    "args",
    [["hand", HAND], ["outs", HAND, "--available", "-"], ["best", HAND, "--available", "-"]],
)
def test_svg_to_standard_output_and_json_are_refused_together(args: list[str]) -> None:
    code, out, err = run(*args, "--svg", "-", "--json")
    assert (code, out) == (2, "")
    assert err == (
        "dokuspec: error: --svg - and --json both write standard output: choose one (see --help)\n"
    )


def test_an_svg_file_that_cannot_be_written_exits_74(tmp_path: Path) -> None:
    missing = tmp_path / "no such directory" / "hand.svg"
    code, _, err = run("hand", HAND, "--svg", str(missing))
    assert code == 74
    assert err.startswith(f"dokuspec: error: cannot write '{missing}': ")
    assert not missing.parent.exists()


def test_the_drawing_functions_are_public() -> None:
    from dokuspec.render import competitive as render  # noqa: PLC0415

    for name in (
        "card_svg",
        "grid_svg",
        "grid_text",
        "pool_svg",
        "pool_text",
        "table_svg",
        "table_text",
    ):
        assert getattr(competitive, name) is getattr(render, name)
        assert name in competitive.__all__


# -- deal ----------------------------------------------------------------------------------------


def test_deal_prints_the_deal_its_advantage_and_its_seed() -> None:
    code, out, err = run("deal", "--seed", "3")
    assert (code, err) == (0, "")
    found = competitive.deal("draft", 3)
    value = competitive.advantage("draft", found.pool)
    assert out.splitlines() == [
        *str(found).splitlines(),
        f"advantage for Black: {value:.3f} bits",
        "seed 3",
    ]


def test_a_balanced_deal_names_the_game_that_starts_with_it() -> None:
    code, out, err = run(
        "deal", "--seed", "3", "--balance", "0.5", "--json", "--mode", "twins-draft"
    )
    assert (code, err) == (0, "")
    data = json.loads(out)
    seed = competitive.balanced_seed("twins-draft", 3, 0.5)
    assert data["seed"] == seed
    assert competitive.Deal.from_json(data["deal"]) == competitive.deal("twins-draft", seed)
    assert data["advantage"] <= 0.5
    assert data["advantage"] == competitive.advantage(
        "twins-draft", competitive.deal("twins-draft", seed).pool
    )
    code, out, _ = run("deal", "--seed", "3", "--balance", "0.5")
    chosen = competitive.balanced_seed("draft", 3, 0.5)
    assert out.splitlines()[-1] == f"game seed {chosen} (drawn from seed 3, balance 0.5)"
    code, out, _ = run("deal", "--seed", "3", "--balance", "0.5", "--target", "1.5")
    chosen = competitive.balanced_seed("draft", 3, 0.5, target=1.5)
    assert out.splitlines()[-1] == (f"game seed {chosen} (drawn from seed 3, balance 0.5 of 1.5)")
    assert all(len(line) <= 80 for line in out.splitlines())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--balance", "-1"), "'--balance'"),
        (("--copies", "5"), "'--copies'"),
        (("--mode", "chess"), "'--mode'"),
        (("--seed", "-3"), "seed"),
        (("--balance", "1", "--target", "inf"), "not a finite number"),
    ],
)
def test_deal_refuses_bad_arguments_in_one_line(args: tuple[str, ...], message: str) -> None:
    code, out, err = run("deal", *args)
    assert (code, out) == (2, "")
    assert err.startswith("dokuspec: error: ") and err.count("\n") == 1 and message in err
