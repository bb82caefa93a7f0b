"""``dokuspec sumodoku show`` (and the game commands): output, exit statuses, one-line errors."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from framework.test_simulate_workers import stopped_after

from dokuspec import sumodoku
from dokuspec.cli import main
from dokuspec.sumodoku import Piece, Position

SVG = "{http://www.w3.org/2000/svg}"
CLASH = "55" + "." * 79  # colour 5 twice in row 1: impossible, the two pieces the conflict
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def run(*args: str, stdin: bytes | str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["sumodoku", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def one_line_error(code: int, out: str, err: str, status: int = 2) -> str:
    """The message of a one-line error with nothing on standard output."""
    assert (code, out) == (status, "")
    assert err.startswith("dokuspec: error: ") and err.count("\n") == 1
    return err.removeprefix("dokuspec: error: ").rstrip("\n")


def highlighted_cells(svg: str) -> list[tuple[str | None, str | None]]:
    root = ET.fromstring(svg)
    return [
        (e.get("x"), e.get("y"))
        for e in root.iter(f"{SVG}rect")
        if "highlight" in (e.get("class") or "").split()
    ]


# -- show ----------------------------------------------------------------------------------------


def test_show_prints_the_terminal_picture() -> None:
    code, out, err = run("show", PUZZLE)
    assert (code, err) == (0, "")
    position = Position.parse(PUZZLE)
    assert out == sumodoku.board_text(position) + "\n"
    assert all(len(line) <= 80 for line in out.splitlines())
    assert out.splitlines()[2] == "1 ┃ 4  │ .  │ .  ┃ .  │ .  │ .  ┃ 8  │ .  │ 5  ┃"


def test_show_reads_a_json_position_from_standard_input() -> None:
    text = json.dumps({"board": CLASH, "x": True, "out": {"2": 1}}, indent=2)
    code, out, err = run("show", "-", stdin=text)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert "Sudoku X (SU-12): both diagonals hold 9 colours" in lines
    assert lines[-2] == "Out of the game    .  1  .  .  .  .  .  .  .     1"


def test_show_explain_highlights_the_conflict_of_an_impossible_position(tmp_path: Path) -> None:
    svg = tmp_path / "clash.svg"
    code, out, err = run("show", CLASH, "--explain", "--svg", str(svg), "--title", "a <clash>")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "a <clash>"
    assert lines[3] == "1 ┃[5] │[5] │ .  ┃ .  │ .  │ .  ┃ .  │ .  │ .  ┃"
    assert lines[-2:] == [
        "impossible (SU-15); conflict: r1c1=5 r1c2=5",
        "reason: row 1 holds colour 5 twice: r1c1 and r1c2",
    ]
    drawn = svg.read_text(encoding="utf-8")
    position = Position.parse(CLASH)
    expected = sumodoku.board_svg(
        position, highlight=[Piece(1, 1, 5), Piece(1, 2, 5)], title="a <clash>"
    )
    assert drawn == expected + "\n"
    assert highlighted_cells(drawn) == [("2", "2"), ("50", "2")]
    assert [p.name for p in tmp_path.iterdir()] == ["clash.svg"]  # no temporary file left


def test_show_explain_of_a_completable_position() -> None:
    code, out, _ = run("show", PUZZLE, "--explain")
    assert code == 0
    assert out.splitlines()[-1] == "completable (SU-15)"
    assert "[" not in out.split(".: empty")[0]  # nothing highlighted on the board


def test_show_svg_on_standard_output_instead_of_the_text() -> None:
    code, out, err = run("show", CLASH, "--svg", "-", "--explain")
    assert (code, err) == (0, "")
    assert (
        out
        == sumodoku.board_svg(Position.parse(CLASH), highlight=[Piece(1, 1, 5), Piece(1, 2, 5)])
        + "\n"
    )


def test_show_svg_replaces_a_file_whole(tmp_path: Path) -> None:
    svg = tmp_path / "board.svg"
    svg.write_text("old", encoding="utf-8")
    assert run("show", PUZZLE, "--svg", str(svg))[0] == 0
    assert svg.read_text(encoding="utf-8") == sumodoku.board_svg(Position.parse(PUZZLE)) + "\n"


def test_show_svg_into_a_missing_directory_is_74(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "board.svg"
    message = one_line_error(*run("show", PUZZLE, "--svg", str(target)), status=74)
    assert message == f"cannot write '{target}': No such file or directory"


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["show", "5" * 80], None, "POSITION:1:81: "),
        (["show", "x" + "." * 80], None, "POSITION:1:1: "),
        (
            ["show", '{"board": "' + CLASH + '", "x": 1}'],
            None,
            "POSITION:1:101: $.x: 1 is not of type 'boolean'",
        ),
        (["show", "-"], "\n\n" + "." * 40 + "?" + "." * 40, "<stdin>:3:41: "),
        (["show", "-"], b"\xff", "<stdin>:1:1: not UTF-8: the byte 0xff"),
        (["show", PUZZLE, "--svg", "-", "--title", "a\tb"], None, "--title: column 2: "),
        (["show", PUZZLE, "--time-limit", "0"], None, "Invalid value for '--time-limit'"),
    ],
)
def test_show_bad_input_is_one_line(
    args: list[str], stdin: bytes | str | None, message: str
) -> None:
    assert one_line_error(*run(*args, stdin=stdin)).startswith(message)


def test_count_points_at_the_value_of_a_bad_member() -> None:
    position = '{"board": "' + PUZZLE + '", "x": 1}'
    assert one_line_error(*run("count", position)) == (
        "POSITION:1:101: $.x: 1 is not of type 'boolean'"
    )
    position = '{"board": "' + PUZZLE + '",\n "x": true, "out": {"10": 1}}'
    assert one_line_error(*run("count", position)) == (
        "POSITION:2:21: $.out: key '10' is not a colour '1'-'9'"
    )


def test_show_prints_markup_in_a_title_as_it_is() -> None:
    code, out, _ = run("show", PUZZLE, "--title", "[bold]x[/bold] \x1b[31m")
    assert code == 0
    assert out.splitlines()[0] == "[bold]x[/bold] \\x1b[31m"


# -- moves ---------------------------------------------------------------------------------------

FIXED = {1: (1, 2, 3, 4, 9), 2: (5, 6, 7, 8, 9)}  # SU-1


def valid_by_hand(board: str, colours: tuple[int, ...]) -> set[tuple[int, int, int]]:
    """Every (row, col, colour) SU-3 allows on an empty cell, worked out here."""
    cells = [int(c) if c in "123456789" else 0 for c in board]
    found = set()
    for index, held in enumerate(cells):
        if held:
            continue
        r, c = divmod(index, 9)
        seen = {cells[r * 9 + k] for k in range(9)} | {cells[k * 9 + c] for k in range(9)}
        seen |= {cells[(r // 3 * 3 + i) * 9 + c // 3 * 3 + j] for i in range(3) for j in range(3)}
        found |= {(r + 1, c + 1, k) for k in colours if k not in seen}
    return found


@pytest.mark.parametrize("player", [1, 2])
def test_moves_json_lists_every_valid_move_in_order(player: int) -> None:
    code, out, err = run("moves", PUZZLE, "--player", str(player), "--json")
    assert (code, err) == (0, "")
    moves = json.loads(out)["moves"]
    assert all(list(m) == ["row", "col", "colour", "safe"] for m in moves)
    listed = [(m["row"], m["col"], m["colour"]) for m in moves]
    assert listed == sorted(valid_by_hand(PUZZLE, FIXED[player]))
    assert {m["safe"] for m in moves} <= {True, False}


def test_moves_on_an_impossible_board_are_all_losing() -> None:
    # Row 1 needs a 9 at r1c9, but column 9 holds one already: nothing completes it.
    board = "12345678." + "." * 71 + "9"
    code, out, _ = run("moves", board, "--player", "1", "--json")
    assert code == 0
    moves = json.loads(out)["moves"]
    assert moves and all(m["safe"] is False for m in moves)
    assert len(moves) == len(valid_by_hand(board, FIXED[1]))


def test_moves_colours_and_the_empty_board() -> None:
    code, out, _ = run("moves", "--player", "2", "--colours", "5", "--json")
    assert code == 0
    moves = json.loads(out)["moves"]
    assert [(m["row"], m["col"]) for m in moves] == [
        (r, c) for r in range(1, 10) for c in range(1, 10)
    ]
    assert {(m["colour"], m["safe"]) for m in moves} == {(5, True)}


@pytest.mark.parametrize("player", ["1", "2"])
def test_moves_never_offer_the_spare_nine(player: str) -> None:
    # Eight nines on the board: both players' four are placed, the ninth is the spare (SU-38).
    board = "..9..............9...9.....9...............9.....9.....9.............9..........."
    code, out, err = run("moves", board, "--player", player, "--json")
    assert (code, err) == (0, "")
    listed = [(m["row"], m["col"], m["colour"]) for m in json.loads(out)["moves"]]
    assert listed == sorted(valid_by_hand(board, FIXED[int(player)][:4]))
    seven = board.replace("9", ".", 1)
    code, out, err = run("moves", seven, "--player", player, "--json")
    nines = {(m["row"], m["col"]) for m in json.loads(out)["moves"] if m["colour"] == 9}
    assert nines == {(1, 3), (9, 6)}


def test_moves_table_fits_80_columns() -> None:
    board = "12345678." + "." * 71 + "9"
    code, out, err = run("moves", board, "--player", "1")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    count = len(valid_by_hand(board, FIXED[1]))
    assert lines[0] == f"Player 1: {count} valid moves: 0 safe, {count} losing, 0 unknown"
    assert lines[1].split() == ["cell", "safe", "losing", "unknown"]
    assert all(len(line) <= 80 for line in lines)
    assert lines[2] == "r2c1   " + " " * 20 + "4 9"
    assert len(lines) == 2 + len({(r, c) for r, c, _ in valid_by_hand(board, FIXED[1])})


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["moves", "--player", "3"], "Invalid value for '--player'"),
        (["moves"], "Missing option '--player'"),
        (["moves", "--player", "1", "--colours", "0"], "Invalid value for '--colours': '0'"),
        (["moves", "1" * 82, "--player", "1"], "POSITION:1:"),
    ],
)
def test_moves_bad_input_is_one_line(args: list[str], message: str) -> None:
    assert one_line_error(*run(*args)).startswith(message)


# -- replay --------------------------------------------------------------------------------------


def a_record(**options: object) -> dict[str, object]:
    """A finished random game's record, played here through the engine."""
    import random  # noqa: PLC0415

    from dokuspec.engine.sumodoku import Sumodoku, record_json  # noqa: PLC0415

    rng = random.Random(3)
    state = Sumodoku(**options).new_initial_state(5)
    while not state.is_terminal():
        if state.current_player() < 0:
            outcomes = state.chance_outcomes()
            state.apply_action(
                rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
            )
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    record: dict[str, object] = record_json(state)
    return record


def test_replay_prints_the_final_position_and_the_result(tmp_path: Path) -> None:
    record = a_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run("replay", str(path))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines)
    result = record["result"]
    assert isinstance(result, dict)
    actions = record["actions"]
    assert isinstance(actions, list)
    # a game's length is its turns: placements and claims (ruling SU-25), as simulate counts
    turns = sum(a["type"] in ("place", "claim") for a in actions)
    assert any(
        line.startswith(
            f"game over after {turns} turns: Player {result['winner']} wins, "
            f"{result['reason']} (SU-"
        )
        for line in lines
    )
    code, out, _ = run("replay", "-", "--json", stdin=json.dumps(record))
    data = json.loads(out)
    assert list(data) == ["finished", "turns", "position", "result"]
    assert data["finished"] is True and data["turns"] == turns
    assert {k: data["result"][k] for k in ("winner", "reason")} == result
    board = data["position"]["board"]
    placed = [a for a in actions if isinstance(a, dict) and a.get("type") == "place"]
    # Strict play: every placement stands, nothing else is on the board.
    assert sum(c != "." for c in board) == len(placed)
    for a in placed:
        assert board[(a["row"] - 1) * 9 + a["col"] - 1] == str(a["colour"])


SOLUTION = "978654213645231798213879654796518432521347986384926175437182569159463827862795341"


def test_replay_counts_a_game_in_turns_as_simulate_does() -> None:
    """One turn is "1 turn"; a claim is a turn, the chance steps are not (ruling SU-25)."""
    from dokuspec.engine.sumodoku import (  # noqa: PLC0415
        Claim,
        Colours,
        Place,
        Sumodoku,
        record_text,
    )

    options = {"claim_window": [1, 1], "claim_time_limits": [[1, 1, 60]]}
    state = Sumodoku(colour_assignment="random", **options).new_initial_state(0)  # type: ignore[arg-type]
    state.apply_action(Colours((1, 2, 3, 4), (5, 6, 7, 8), 9))
    state.apply_action(Claim(sumodoku.Board(SOLUTION), 1))
    code, out, err = run("replay", "-", stdin=record_text(state))
    assert (code, err) == (0, "")
    assert out.splitlines()[-2:] == [
        "game over after 1 turn: Player 1 wins, claim-succeeded (SU-10)",
        "Player 1 completed the board in 1 s",
    ]
    code, out, _ = run("replay", "-", "--json", stdin=record_text(state))
    assert json.loads(out)["turns"] == 1
    unfinished = Sumodoku().new_initial_state(0)
    unfinished.apply_action(Place(1, 1, 1))
    code, out, _ = run("replay", "-", stdin=record_text(unfinished))
    assert out.splitlines()[-1] == "not finished after 1 turn"
    code, out, _ = run("replay", "-", "--json", stdin=record_text(unfinished))
    assert {k: v for k, v in json.loads(out).items() if k != "position"} == {
        "finished": False,
        "turns": 1,
        "result": None,
    }


def test_a_game_line_says_1_turn_and_n_turns() -> None:
    from dokuspec.cli.sumodoku.games import _game_line  # noqa: PLC0415

    result = sumodoku.GameResult(0, 1, ("solver", "solver"), 1, 1, "claim-succeeded", "", 1, 0)
    assert _game_line(result) == "game 0: Player 1 wins, claim-succeeded (SU-10), 1 turn"
    result = sumodoku.GameResult(3, 1, ("random", "random"), 1, 2, "pointed-out", "", 2, 2)
    assert _game_line(result) == "game 3: Player 2 wins, pointed-out (SU-7), 2 turns"


def test_replay_svg_numbers_the_placements(tmp_path: Path) -> None:
    record = a_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, _ = run("replay", str(path), "--svg", "-")
    assert code == 0
    root = ET.fromstring(out)
    listed = [e.text for e in root.iter(f"{SVG}text") if e.get("class") == "move"]
    actions = record["actions"]
    assert isinstance(actions, list)
    placed = [a for a in actions if isinstance(a, dict) and a.get("type") == "place"]
    assert listed == [
        f"{i}. r{a['row']}c{a['col']}={a['colour']}" for i, a in enumerate(placed, start=1)
    ]


def test_replay_refuses_an_action_that_breaks_a_rule(tmp_path: Path) -> None:
    record = a_record()
    actions = record["actions"]
    assert isinstance(actions, list)
    places = [i for i, a in enumerate(actions) if a.get("type") == "place"]
    first, second = places[0], places[1]
    # The second placement onto the first one's cell: not an empty cell (SU-3).
    actions[second] = {
        **actions[second],
        "row": actions[first]["row"],
        "col": actions[first]["col"],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record, indent=1), encoding="utf-8")
    message = one_line_error(*run("replay", str(path)))
    assert message.startswith(f"{path}:")
    assert f"$.actions[{second}]" in message
    assert "place" in message.lower()


@pytest.mark.parametrize(
    ("text", "message"),
    [("{", ":1:2: "), ("[]", ":1:1: "), ('{"game": "twodoku"}', ":1:")],
)
def test_replay_bad_records_are_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    assert one_line_error(*run("replay", str(path))).startswith(f"{path}{message}")


# -- simulate ------------------------------------------------------------------------------------


def test_simulate_prints_each_game_then_the_summary() -> None:
    code, out, err = run("simulate", "--games", "4", "--seed", "1")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines)
    results = list(sumodoku.simulate(4, 1, ("solver", "random")))
    assert [line.split(":")[0] for line in lines[:4]] == [f"game {i}" for i in range(4)]
    assert lines[5] == "4 games, seed 1"
    wins = [sum(r.winner == p for r in results) for p in (1, 2)]
    first = lines.index(next(line for line in lines if line.startswith("first player")))
    assert lines[first] == f"first player (Player 1) won {100 * wins[0] / 4:.1f}% of the games"
    start = lines.index(next(line for line in lines if line.startswith("way of winning")))
    rows = {line.split()[0]: int(line.split()[-2]) for line in lines[start + 1 :]}
    assert sum(rows.values()) == 4
    assert rows == {
        reason: sum(r.reason == reason for r in results)
        for reason in ("all-pieces-played", "no-valid-move", "pointed-out", "mistake-found",
                       "claim-succeeded", "claim-failed")
    }  # fmt: skip


def test_simulate_json_lines_then_the_summary() -> None:
    code, out, err = run("simulate", "--games", "3", "--seed", "7", "--json", "--bots", "random")
    assert (code, err) == (0, "")
    lines = [json.loads(line) for line in out.splitlines()]
    results = list(sumodoku.simulate(3, 7, ("random", "random")))
    assert lines[:-1] == [r.to_json() for r in results]
    assert lines[-1] == {"summary": sumodoku.summarise(results).to_json()}


def test_simulate_interrupted_keeps_the_games_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        sumodoku, "simulate", stopped_after(sumodoku.simulate, 2, KeyboardInterrupt)
    )
    code, out, err = run("simulate", "--games", "10", "--bots", "random")
    assert (code, err) == (130, "dokuspec: interrupted\n")
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines[:2]] == ["game 0", "game 1"]
    assert lines[3] == "2 games, seed 0"


def test_simulate_takes_every_variant() -> None:
    parity = "o" + "." * 79 + "e"
    args = ["--parity", parity, "--consecutive", "r5c5-r5c6", "--non-consecutive-marks",
            "r1c1-r1c2, r2c1-r3c1", "--digits", "918273645", "--x"]  # fmt: skip
    code, out, err = run("simulate", "--games", "2", "--bots", "random", "--json", *args)
    assert (code, err) == (0, "")
    options = {"parity": parity, "consecutive": ["r5c5-r5c6"], "digits": "918273645",
               "non_consecutive_marks": ["r1c1-r1c2", "r2c1-r3c1"], "x": True}  # fmt: skip
    results = list(sumodoku.simulate(2, 0, ("random", "random"), options=options))
    assert [json.loads(line) for line in out.splitlines()[:-1]] == [r.to_json() for r in results]
    code, out, err = run("simulate", "--games", "1", "--consecutive", "r5c5-r5c6",
                         "--strict-marks", "--non-consecutive-marks", "r1c1-r1c2")  # fmt: skip
    assert one_line_error(code, out, err) == (
        "sumodoku: option 'non_consecutive_marks': strict_marks already forbids consecutive "
        "digits across these borders; give the marks or it, not both (SU-37)"
    )
    code, out, err = run("simulate", "--games", "1", "--digits", "213456789", "--x")
    assert one_line_error(code, out, err) == (
        "sumodoku: option 'digits': digits 213456789 changes nothing without a parity marking "
        "or a consecutive rule to read them (SU-36)"
    )


def test_show_draws_the_non_consecutive_marks_and_names_the_digits() -> None:
    position = json.dumps(
        {"board": "12" + "." * 79, "non_consecutive_marks": ["r1c2-r1c3"], "digits": "213456789"}
    )
    code, out, err = run("show", position)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[2] == "1 ┃ 1  │ 2  × .  ┃ .  │ .  │ .  ┃ .  │ .  │ .  ┃"
    assert "Non-consecutive marks (SU-37): across an ×, never digits 1 apart" in lines
    assert "Digits (SU-36): colours 1-9 are digits 2 1 3 4 5 6 7 8 9" in lines
    code, out, err = run("show", "--svg", "-", position)
    assert code == 0
    crosses = [e for e in ET.fromstring(out).iter(f"{SVG}g") if e.get("class") == "non-consecutive"]
    assert len(crosses) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "-1"], "Invalid value for '--games'"),
        (["--bots", "random,clever"], "Invalid value for '--bots'"),
        (
            ["--observer", "1.5"],
            "Invalid value for '--observer': '1.5': give a probability from 0 to 1 (0.25 or 1/3)",
        ),
        (
            ["--observer", "4/3"],
            "Invalid value for '--observer': '4/3': give a probability from 0 to 1 (0.25 or 1/3)",
        ),
        (
            ["--observer", "1/0"],
            "Invalid value for '--observer': '1/0': give a probability from 0 to 1 (0.25 or 1/3)",
        ),
        (
            ["--observer", "nan"],
            "Invalid value for '--observer': 'nan': give a probability from 0 to 1 (0.25 or 1/3)",
        ),
        (
            ["--observer", "0.5"],
            "sumodoku: option 'observer': the observer points out invalid placements, which "
            "only enforcement 'tabletop' plays (SU-4, SU-9)",
        ),
        (["--enforcement", "loose"], "Invalid value for '--enforcement'"),
    ],
)
def test_simulate_usage_errors_are_one_line(args: list[str], message: str) -> None:
    assert one_line_error(*run("simulate", *args)).startswith(message)


def test_simulate_plays_the_tabletop_options_exactly(tmp_path: Path) -> None:
    """--observer takes a fraction, read exactly (SU-20); --own-mistake-wins is SU-8's option;
    the records hold both."""
    args = ["--games", "1", "--bots", "random", "--enforcement", "tabletop"]
    records = tmp_path / "games"
    code, out, err = run(
        "simulate", *args, "--observer", "1/3", "--own-mistake-wins", "--records", str(records)
    )
    assert (code, err) == (0, "")
    options = json.loads((records / "game-000000.json").read_text())["options"]
    assert (options["observer"], options["own_mistake_wins"]) == ("1/3", True)
    (result,) = sumodoku.simulate(
        1, 0, ("random", "random"),
        options={"enforcement": "tabletop", "observer": "1/3", "own_mistake_wins": True},
    )  # fmt: skip
    assert out.splitlines()[0] == (
        f"game 0: Player {result.winner} wins, {result.reason} "
        f"({_RULES[result.reason]}), {result.turns} turns"
    )
    code, _, err = run("simulate", *args, "--records", str(tmp_path / "default"))
    options = json.loads((tmp_path / "default" / "game-000000.json").read_text())["options"]
    assert (code, err, options["observer"], options["own_mistake_wins"]) == (0, "", 0, False)
    # a decimal is read as written, not as the float nearest to it
    code, _, err = run(
        "simulate", *args, "--observer", "0.3333333333333333333", "--records", str(tmp_path / "d")
    )
    options = json.loads((tmp_path / "d" / "game-000000.json").read_text())["options"]
    assert (code, err, options["observer"]) == (0, "", "3333333333333333333/10000000000000000000")
    assert one_line_error(*run("simulate", *args, "--observer", "1e-999999999")) == (
        "sumodoku: option 'observer': Decimal('1E-999999999') has more than 100 decimal places"
    )


_RULES = {
    "all-pieces-played": "SU-5",
    "no-valid-move": "SU-6",
    "pointed-out": "SU-7",
    "mistake-found": "SU-8",
    "claim-succeeded": "SU-10",
    "claim-failed": "SU-10",
}
