"""``dokuspec competitive simulate`` and ``replay``: output, streaming, records, exit statuses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from framework.test_simulate_workers import interrupted_run, stopped_after

from dokuspec import competitive
from dokuspec.cli import main
from dokuspec.engine import records


def run(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["competitive", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


# -- simulate ------------------------------------------------------------------------------------


def test_simulate_prints_a_summary_table_within_80_columns() -> None:
    code, out, err = run("simulate", "--games", "12", "--seed", "1", "--mode", "twins")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert lines[0] == "12 games, twins mode, seed 1"
    assert lines[1].split() == ["player", "0", "player", "1"]
    assert lines[2].split() == ["bot", "random", "random"]
    summary = competitive.summarise(competitive.simulate(12, 1, "twins"))
    start = lines.index(next(line for line in lines if line.startswith("ending")))
    rows = {line.split()[0]: int(line.split()[1]) for line in lines[start + 1 : start + 8]}
    assert rows == summary.endings
    assert sum(rows.values()) == 12
    wins = lines[3].split()
    assert (int(wins[1]), int(wins[3])) == summary.wins
    assert lines[-1] == (
        f"the first player won {summary.first_wins} "
        f"({100 * summary.first_wins / 12:.1f}%); Black won {summary.black_wins} "
        f"({100 * summary.black_wins / 12:.1f}%)"
    )


def test_simulate_json_lines_then_the_summary() -> None:
    code, out, err = run("simulate", "--games", "5", "--seed", "7", "--json")
    assert (code, err) == (0, "")
    lines = [json.loads(line) for line in out.splitlines()]
    results = list(competitive.simulate(5, 7, "draft"))
    assert lines[:-1] == [result.to_json() for result in results]
    assert lines[-1] == {"summary": competitive.summarise(results).to_json()}


def test_simulate_with_one_bot_name_for_both_seats() -> None:
    code, out, _ = run("simulate", "--games", "1", "--bots", "greedy", "--mode", "twins-draft")
    assert code == 0
    assert out.splitlines()[2].split() == ["bot", "greedy", "greedy"]
    assert out.splitlines()[0] == "1 game, twins-draft mode, seed 0"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--games", "-1"], "Invalid value for '--games': '-1': give a whole number"),
        (["--games", "1e3"], "Invalid value for '--games'"),
        (["--seed", "x"], "Invalid value for '--seed': 'x': give an integer"),
        (["--bots", "random,clever"], "Invalid value for '--bots': 'random,clever'"),
        (["--bots", "random,random,random"], "Invalid value for '--bots'"),
        (["--mode", "chess"], "Invalid value for '--mode'"),
    ],
)
def test_simulate_usage_errors_are_one_line(args: list[str], words: str) -> None:
    code, out, err = run("simulate", *args)
    assert (code, out) == (2, "")
    assert err.startswith(f"dokuspec: error: {words}")
    assert err.count("\n") == 1


def test_simulate_writes_records_that_replay(tmp_path: Path) -> None:
    records = tmp_path / "records"
    code, out, _ = run(
        "simulate", "--games", "3", "--seed", "2", "--bots", "greedy,random", "--json",
        "--records", str(records),
    )  # fmt: skip
    assert code == 0
    games = [json.loads(line) for line in out.splitlines()[:-1]]
    assert sorted(p.name for p in records.iterdir()) == [
        "game-000000.json",
        "game-000001.json",
        "game-000002.json",
    ]
    for game in games:
        path = str(records / competitive.record_name(game["index"]))
        code, out, err = run("replay", path, "--json")
        assert (code, err) == (0, "")
        replayed = json.loads(out)
        assert replayed["finished"] is True
        assert replayed["outcome"] == {
            key: game[key]
            for key in ("ending", "winner", "scores", "black", "first", "turns", "trades")
        }
        assert (replayed["turns"], replayed["trades"]) == (game["turns"], game["trades"])
        code, out, _ = run("replay", path)
        lines = out.splitlines()
        assert code == 0 and all(len(line) <= 80 for line in lines)
        assert lines[0].startswith("Black: Deck ")

        def named(player: int, black: int = game["black"]) -> str:
            return f"{'Black' if player == black else 'Red'} (player {player})"

        assert lines[-2] == (
            f"scores: {named(0)} {game['scores'][0]}, {named(1)} {game['scores'][1]}: "
            + ("a draw" if game["winner"] is None else f"{named(game['winner'])} wins")
        )
        assert lines[-1].startswith(f"{named(game['first'])} moved first; {game['turns']} turns")


def test_simulate_refuses_a_directory_holding_records(tmp_path: Path) -> None:
    taken = tmp_path / "game-000000.json"
    taken.write_text("keep me", encoding="utf-8")
    code, out, err = run("simulate", "--games", "2", "--records", str(tmp_path))
    assert (code, out) == (2, "")
    assert err == (
        f"dokuspec: error: the records directory holds {taken} already; give an empty "
        "directory (records are never overwritten)\n"
    )
    assert taken.read_text(encoding="utf-8") == "keep me"


def test_a_record_that_cannot_be_written_ends_with_74_after_the_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    written: list[int] = []

    def full_disk(directory: Path, index: int, state: Any) -> None:
        if index == 2:
            raise OSError(28, "No space left on device")
        written.append(index)

    monkeypatch.setattr(records, "write_record", full_disk)
    code, out, err = run("simulate", "--games", "5", "--records", str(tmp_path), "--json")
    assert code == 74
    assert (
        err == f"dokuspec: error: cannot write a record to '{tmp_path}': No space left on device\n"
    )
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["index"] for line in lines[:-1]] == written == [0, 1]
    assert lines[-1]["summary"]["games"] == 2


def test_an_interrupt_keeps_the_games_printed_and_summarises_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        competitive, "simulate", stopped_after(competitive.simulate, 2, KeyboardInterrupt)
    )
    code, out, err = run("simulate", "--games", "10", "--json")
    assert code == 130
    assert err == "dokuspec: interrupted\n"
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line.get("index") for line in lines[:-1]] == [0, 1]
    assert lines[-1]["summary"]["games"] == 2
    code, out, err = run("simulate", "--games", "10")
    assert (code, err) == (130, "dokuspec: interrupted\n")
    assert out.splitlines()[0] == "2 games, draft mode, seed 0"


def test_json_lines_stream_and_sigint_ends_with_130() -> None:
    games = interrupted_run("competitive", "simulate", "--games", "1000000000", "--json")
    assert all(game["mode"] == "draft" for game in games)


# -- replay --------------------------------------------------------------------------------------


def record_lines(tmp_path: Path) -> list[str]:
    _, state = competitive.play_game(0, 5, "draft")
    return competitive.record_text(state).splitlines()


def test_replay_reads_standard_input() -> None:
    result, state = competitive.play_game(1, 5, "twins")
    code, out, err = run("replay", "-", stdin=competitive.record_text(state).encode())
    assert (code, err) == (0, "")
    assert competitive.table_text(state.table()) in out
    assert f"{result.turns} turns, {result.trades} trades" in out.splitlines()[-1]


def test_replay_of_an_unfinished_record(tmp_path: Path) -> None:
    state = competitive.CompetitiveSudoku().new_initial_state(4)
    for _ in range(9):
        state.apply_action(state.sample_chance_outcome())
    path = tmp_path / "start.json"
    path.write_text(competitive.record_text(state), encoding="utf-8")
    code, out, _ = run("replay", str(path))
    assert code == 0
    assert out.splitlines()[-1] == "not finished: 0 turns played"
    code, out, _ = run("replay", str(path), "--json")
    data = json.loads(out)
    assert list(data) == ["finished", "turns", "trades", "table", "outcome"]
    assert (data["finished"], data["turns"], data["trades"], data["outcome"]) == (
        False,
        0,
        0,
        None,
    )


def test_a_bad_card_exits_2_with_one_line_naming_its_place(tmp_path: Path) -> None:
    lines = record_lines(tmp_path)
    number = next(n for n, line in enumerate(lines) if '"pick"' in line)
    column = lines[number].index('"card": "') + len('"card": ') + 1
    lines[number] = lines[number].replace('"card": "', '"card": "x', 1)
    path = tmp_path / "bad.json"
    path.write_text("\n".join(lines), encoding="utf-8")
    code, out, err = run("replay", str(path))
    assert (code, out) == (2, "")
    card = lines[number].split('"card": "')[1][:3]
    assert err == (
        f"dokuspec: error: {path}:{number + 1}:{column}: $.actions[{number - 5}].action.card: "
        f"'{card}' is not a card like 'r5': 'x' where the colour 'r' or 'b' is expected\n"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{"game": "competitive",\n "seed": 1,,}',
            "2:12: not JSON: Expecting property name enclosed in double quotes",
        ),
        ("[]", "1:1: $: [] is not of type 'object'"),
        (
            '{"game": "competitive", "options": {}, "seed": 1, "actions": [], "result": [1, 0]}',
            "1:76: $.result: the record says [1, 0], the game gives null (not finished)",
        ),
        (
            '{"game": "competitive", "options": {}, "seed": 1, "actions": [{"player": 0, '
            '"action": {"type": "pass"}}], "result": null}',
            "1:74: $.actions[0].player: recorded for player 0, but chance is to act",
        ),
    ],
)
def test_bad_records_exit_2_with_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("replay", str(path))
    assert (code, out) == (2, "")
    assert err == f"dokuspec: error: {path}:{message}\n"


def test_bad_input_names_standard_input() -> None:
    code, out, err = run("replay", "-", stdin=b"\xfe\n")
    assert (code, out) == (2, "")
    assert err == (
        "dokuspec: error: <stdin>:1:1: not UTF-8: the byte 0xfe cannot start or continue "
        "a character\n"
    )


def test_replay_of_a_missing_file_or_a_directory(tmp_path: Path) -> None:
    code, _, err = run("replay", str(tmp_path / "none.json"))
    assert code == 2
    assert (
        err
        == f"dokuspec: error: '{tmp_path / 'none.json'}': cannot open: No such file or directory\n"
    )
    code, _, err = run("replay", "")
    assert (code, err) == (2, "dokuspec: error: '': cannot open: No such file or directory\n")
    code, _, err = run("replay", str(tmp_path))
    assert code == 2 and err.startswith("dokuspec: error: Invalid value for 'RECORD'")
    assert err.count("\n") == 1


def test_control_characters_in_a_file_name_are_escaped(tmp_path: Path) -> None:
    path = tmp_path / "a\x1b[31mb.json"
    path.write_text("{", encoding="utf-8")
    code, _, err = run("replay", str(path))
    assert code == 2
    assert "\x1b" not in err and "\\x1b[31mb.json:1:2: not JSON" in err


# A finished record with a fixed seed (game 13 of the run with seed 5, random against
# random, written when the power series scored as a straight by default).
RECORD = Path(__file__).parents[1] / "data" / "competitive-as-straight-record.json"


def test_replay_names_players_by_colour_and_number_and_counts_turns() -> None:
    code, out, err = run("replay", str(RECORD))
    assert (code, err) == (0, "")
    assert out.splitlines()[-3:] == [
        "game over: one player conceded: both score their hands (CS-16)",
        "scores: Black (player 0) 2, Red (player 1) 1: Black (player 0) wins",
        "Red (player 1) moved first; 51 turns, 1 trade",
    ]
    code, out, _ = run("replay", str(RECORD), "--json")
    data = json.loads(out)
    assert (data["finished"], data["turns"], data["trades"]) == (True, 51, 1)
    assert data["outcome"] == {
        "ending": "concede-hands",
        "winner": 0,
        "scores": [2, 1],
        "black": 0,
        "first": 1,
        "turns": 51,
        "trades": 1,
    }


def test_an_unfinished_replay_counts_turns_as_simulate_does(tmp_path: Path) -> None:
    data = json.loads(RECORD.read_text(encoding="utf-8"))
    path = tmp_path / "part.json"
    for steps, line in ((34, "not finished: 1 turn played"), (40, "not finished: 3 turns played")):
        path.write_text(
            json.dumps({**data, "actions": data["actions"][:steps], "result": None}),
            encoding="utf-8",
        )
        code, out, _ = run("replay", str(path))
        assert (code, out.splitlines()[-1]) == (0, line)


def test_replay_draws_the_final_table(tmp_path: Path) -> None:
    state = competitive.replay_record(RECORD.read_bytes())
    title = "game over: one player conceded: both score their hands (CS-16)"
    picture = competitive.table_svg(state.table(), title=title) + "\n"
    code, out, _ = run("replay", str(RECORD), "--svg", "-")
    assert (code, out) == (0, picture)
    path = tmp_path / "table.svg"
    code, out, _ = run("replay", str(RECORD), "--svg", str(path))
    assert code == 0 and out.splitlines()[-1] == "Red (player 1) moved first; 51 turns, 1 trade"
    assert path.read_text(encoding="utf-8") == picture
    code, out, err = run("replay", str(RECORD), "--svg", "-", "--json")
    assert (code, out) == (2, "")
    assert err == (
        "dokuspec: error: --svg - and --json both write standard output: choose one (see --help)\n"
    )
