"""Duidoku, the example game plug-in: its rules (DU-1 to DU-8), its parts, and its place in
dokuspec (the registry, the command line, the campaign, the conformance suite).

Run from the repository's root with the package installed
(``pip install -e examples/duidoku``)::

    python -m pytest -q -p no:cacheprovider -o addopts='' examples/duidoku/tests
"""

from __future__ import annotations

import ast
import doctest
import json
import re
import subprocess
import sys
from pathlib import Path

import click
import hypothesis
import jsonschema
import pytest
from click.testing import CliRunner
from dokuspec import games
from dokuspec.cli import main
from dokuspec.engine import load_game, registered_games, replay
from dokuspec.engine.base import (
    TERMINAL,
    GameOptionError,
    GameRecord,
    IllegalActionError,
    RecordError,
)
from dokuspec.errors import DokuspecError, NotationError, PositionError, SolverError
from dokuspec.verify.campaign import checks_named, run_campaign
from dokuspec.verify.conformance import check_game, check_playout
from hypothesis import given
from hypothesis import strategies as st

import dokuspec_duidoku as duidoku
from dokuspec_duidoku import checks, queries, spec
from dokuspec_duidoku.cli import duidoku_group
from dokuspec_duidoku.engine import Duidoku, DuidokuState, Place, placements
from dokuspec_duidoku.openspiel import OPENSPIEL, TENSOR_SIZE
from dokuspec_duidoku.search import Search, SearchLimitError, canonical
from dokuspec_duidoku.strategies import bad_lines, boards
from dokuspec_duidoku.vocabulary import (
    PEERS,
    UNITS,
    Board,
    BoardNotationError,
    RepeatedDigitError,
    cell_index,
    cell_name,
)

HERE = Path(__file__).resolve().parent.parent
DOCS = HERE / "docs" / "duidoku.rst"
PACKAGE = HERE / "dokuspec_duidoku"

PROPERTIES = hypothesis.settings(
    max_examples=25, database=None, deadline=None, derandomize=True, print_blob=False
)


def moves_of(position: str) -> list[str]:
    return [str(move) for move in duidoku.legal_moves(position)]


def invoke(*args: str) -> tuple[int, str, str]:
    """``dokuspec ARGS`` through click's runner: exit status, standard output, standard error."""
    assert isinstance(main, click.Command)
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


# -- DU-1, DU-7: the board and its line ---------------------------------------------------------


def test_units_and_peers() -> None:
    names = [name for name, _ in UNITS]
    assert names[:4] == ["row 1", "row 2", "row 3", "row 4"]
    assert names[4:8] == ["column 1", "column 2", "column 3", "column 4"]
    assert dict(UNITS)["box 2"] == (2, 3, 6, 7)
    assert dict(UNITS)["box 3"] == (8, 9, 12, 13)
    assert all(len(cells) == 4 for _, cells in UNITS)
    # r1c1's peers: its row, its column and r2c2 of its box.
    assert PEERS[0] == {1, 2, 3, 4, 8, 12, 5}
    assert all(len(peers) == 7 for peers in PEERS)
    assert [cell_name(i) for i in (0, 6, 15)] == ["r1c1", "r2c3", "r4c4"]
    assert cell_index(2, 3) == 6
    with pytest.raises(PositionError, match="a column of the 4x4 board is 1-4, not 5"):
        cell_index(1, 5)


@PROPERTIES
@given(boards())
def test_board_line_round_trip(board: Board) -> None:
    line = str(board)
    assert len(line) == 16
    assert Board.parse(line) == board
    assert repr(board) == f"Board.parse({line!r})"


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        ("12x.............", 3, "column 3: 'x' is not a digit 1-4 or '.'"),
        ("0...............", 1, "column 1: '0' is not a digit 1-4 or '.'"),
        ("1234 ...........", 5, "column 5: ' ' is not a digit 1-4 or '.'"),
        ("12..\x1b...........", 5, "column 5: '\\x1b' is not a digit 1-4 or '.'"),
        ("12..", 5, "column 5: a board is 16 characters, not 4"),
        ("", 1, "column 1: a board is 16 characters, not 0"),
        ("1" + "." * 16, 17, "column 17: a board is 16 characters, not 17"),
        ("5" + "." * 20, 1, "column 1: '5' is not a digit 1-4 or '.'"),
    ],
)
def test_board_line_errors(line: str, column: int, message: str) -> None:
    with pytest.raises(BoardNotationError) as raised:
        Board.parse(line)
    assert isinstance(raised.value, NotationError)
    assert raised.value.column == column
    assert str(raised.value) == message


@PROPERTIES
@given(bad_lines())
def test_spoilt_lines_are_refused_at_their_column(case: tuple[str, int]) -> None:
    line, column = case
    with pytest.raises(BoardNotationError) as raised:
        Board.parse(line)
    assert raised.value.column == column


def test_board_values() -> None:
    board = Board.parse("12..34..........")
    assert board.digit(2, 1) == 3
    assert board.placed(2, 4) == Board.parse("124.34..........")
    assert board.empty_cells()[:3] == (2, 3, 6)
    assert not board.is_full()
    assert Board.parse("1234341221434321").extends(board)
    assert not Board.parse("2134341221434321").extends(board)
    assert board.grid() == "  12|..\n  34|..\n  --+--\n  ..|..\n  ..|.."
    with pytest.raises(TypeError):
        Board.parse(12)  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="r1c2 holds 7"):
        Board((1, 7, *([0] * 14)))


def test_repeated_digit_is_refused() -> None:
    with pytest.raises(RepeatedDigitError) as raised:
        duidoku.board("1....1..........")
    error = raised.value
    assert (error.unit, error.cells, error.digit) == ("box 1", (0, 5), 1)
    assert str(error) == "1 is twice in box 1, at r1c1 and r2c2 (DU-2, DU-3)"
    for query in (duidoku.legal_moves, duidoku.check, duidoku.completable, duidoku.winner):
        with pytest.raises(RepeatedDigitError):
            query("1..1............")
    with pytest.raises(TypeError):
        duidoku.board(1234)  # type: ignore[arg-type]


# -- DU-2 to DU-5: the engine -------------------------------------------------------------------


def test_engine_start_option() -> None:
    game = load_game("duidoku")
    assert isinstance(game, Duidoku)
    assert game.options == {"board": "................"}
    assert game.max_game_length() == 16
    started = Duidoku(board="12..34..........")
    assert started.max_game_length() == 12
    assert started.new_initial_state().board == Board.parse("12..34..........")
    with pytest.raises(GameOptionError, match="does not match"):
        load_game("duidoku", board="12x.............")
    with pytest.raises(GameOptionError, match=r"'board': 1 is twice in row 1"):
        load_game("duidoku", board="1..1............")
    with pytest.raises(GameOptionError, match="unknown option"):
        load_game("duidoku", start="................")


def test_turns_alternate() -> None:
    state = Duidoku(board="12..34..........").new_initial_state()
    assert state.current_player() == 0
    state.apply_action(Place(1, 3, 3))
    assert state.current_player() == 1
    state.apply_action(Place(1, 4, 4))
    assert state.current_player() == 0
    assert [entry.player for entry in state.history()] == [0, 1]


def test_legal_moves_by_hand() -> None:
    assert moves_of("1234341221434.2.") == ["place 3 at r4c2", "place 1 at r4c4"]
    # r1c1 = 1, r1c3 = 3, r2c3 = 4: r1c2 sees 1 and 3 (2 and 4 are legal), r1c4 sees
    # 1 and 3 in its row and 3 and 4 in its box (only 2).
    moves = moves_of("1.3...4.........")
    assert [m for m in moves if m.endswith("r1c2")] == ["place 2 at r1c2", "place 4 at r1c2"]
    assert [m for m in moves if m.endswith("r1c4")] == ["place 2 at r1c4"]
    assert len(duidoku.legal_moves("................")) == 64
    assert len(duidoku.legal_moves("12..34..........")) == 32
    # A legal move may spoil completability (DU-3, DU-6): 4 at r1c3 leaves row 1 only a 3
    # for r1c4, which column 4 holds already.
    assert duidoku.completable("12.........3....")
    assert "place 4 at r1c3" in moves_of("12.........3....")
    assert not duidoku.completable("124........3....")


def test_illegal_action_reason() -> None:
    state = Duidoku(board="12..34..........").new_initial_state()
    with pytest.raises(IllegalActionError, match=r"r1c1 already holds 1 \(DU-3\)"):
        state.apply_action(Place(1, 1, 3))
    with pytest.raises(IllegalActionError, match=r"2 is already in row 1, at r1c2 \(DU-3\)"):
        state.apply_action(Place(1, 3, 2))
    with pytest.raises(IllegalActionError, match=r"4 is already in box 3, at r4c1"):
        fresh = Duidoku(board="............4...").new_initial_state()
        fresh.apply_action(Place(3, 2, 4))
    assert state.board == Board.parse("12..34..........")
    with pytest.raises(DokuspecError, match="row is 1-4, not 5"):
        Place(5, 1, 1)


def test_game_ends_with_a_blocked_cell() -> None:
    # r1c2 takes only 1; then r1c1, r2c4 and r3c3 are empty but each sees all four digits.
    state = Duidoku(board="..23341.43.21234").new_initial_state()
    assert state.legal_actions() == (Place(1, 2, 1),)
    state.apply_action(Place(1, 2, 1))
    assert state.board.empty_cells() == (0, 7, 10)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.returns() == (1, -1)  # the first player made the last move (DU-5)
    assert state.legal_actions() == () and state.legal_actions(1) == ()
    last = Duidoku(board="1234341221434.2.").new_initial_state()
    last.apply_action(Place(4, 2, 3))
    assert last.current_player() == 1
    last.apply_action(Place(4, 4, 1))
    assert last.is_terminal()
    assert last.returns() == (-1, 1)  # the second player made the last move (DU-5)


def test_full_board_is_over() -> None:
    state = Duidoku(board="1234341221434321").new_initial_state()
    assert state.is_terminal() and state.history() == ()
    assert state.returns() == (-1, 1)  # the first player cannot move (DU-4, DU-5)
    assert duidoku.legal_moves("1234341221434321") == ()
    assert duidoku.winner("1234341221434321") == 1
    # Not full, but blocked from the start: the first player has no move either.
    blocked = load_game("duidoku", board=".123341.43.21234")
    assert blocked.new_initial_state().is_terminal() and blocked.max_game_length() == 3


def test_returns_before_the_end() -> None:
    state = load_game("duidoku").new_initial_state()
    assert state.returns() == (0, 0)
    state.apply_action(Place(1, 1, 1))
    assert state.returns() == (0, 0)


def test_action_json() -> None:
    game = load_game("duidoku")
    action = Place(2, 3, 4)
    assert action.to_json() == {"type": "place", "row": 2, "column": 3, "digit": 4}
    assert str(action) == "place 4 at r2c3"
    assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
    for bad, message in [
        ([], r"^\$: an action is a JSON object"),
        ({"type": "pass"}, r"^\$\.type: \"pass\" is not an action type"),
        ({"type": "place", "row": 1, "column": 1}, r"needs \"digit\""),
        ({"type": "place", "row": 0, "column": 1, "digit": 1}, r"^\$\.row: 0 is not one of"),
        ({"type": "place", "row": 1, "column": 1, "digit": True}, r"^\$\.digit"),
        ({"type": "place", "row": 1, "column": 1, "digit": 1, "x": 1}, r"no member \"x\""),
    ]:
        with pytest.raises(RecordError, match=message):
            game.action_from_json(bad)


def test_record_replays() -> None:
    game = Duidoku(board="12..34..........")
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    record = state.record()
    assert record.game == "duidoku"
    assert record.options == {"board": "12..34.........."}
    assert record.result == state.returns()
    text = json.dumps(record.to_json())
    again = replay(GameRecord.from_json(json.loads(text)))
    assert isinstance(again, DuidokuState)
    assert again == state and again.board == state.board
    data = json.loads(text)
    data["actions"][0]["action"].update(row=1, column=1)
    with pytest.raises(RecordError, match=r"^\$\.actions\[0\]: duidoku: illegal action"):
        replay(GameRecord.from_json(data))
    data = json.loads(text)
    data["result"] = [0, 0]
    with pytest.raises(RecordError, match=r"^\$\.result"):
        replay(GameRecord.from_json(data))


def test_observation() -> None:
    schema = json.loads((PACKAGE / "schemas" / "duidoku-observation.schema.json").read_text())
    state = Duidoku(board="1234341221434.2.").new_initial_state()
    seen = state.observation(1)
    assert seen.player == 1
    assert seen.data == {"board": "1234341221434.2.", "moves": 0, "to_move": 0}
    assert seen.text.splitlines() == [
        "duidoku, as player 1 sees it",
        "  12|34",
        "  34|12",
        "  --+--",
        "  21|43",
        "  4.|2.",
        "moves made: 0; to act: player 0 (2 legal moves)",
    ]
    jsonschema.validate(seen.data, schema)
    state.apply_action(Place(4, 2, 3))
    state.apply_action(Place(4, 4, 1))
    final = state.observation(0)
    assert final.data == {"board": "1234341221434321", "moves": 2, "to_move": TERMINAL}
    jsonschema.validate(final.data, schema)
    assert "game over: player 0 has no legal move" in final.text
    assert str(state) == (
        "duidoku 1234341221434321; to act: nobody (game over: player 0 has no legal move)"
    )
    with pytest.raises(DokuspecError, match="no player 2"):
        state.observation(2)
    assert state.resample_from_infostate(0, __import__("random").Random(0)) == state


# -- DU-5: best play ----------------------------------------------------------------------------


def test_winner_by_hand() -> None:
    # Two moves left, r4c2 and r4c4: the second player makes the last one.
    assert duidoku.winner("1234341221434.2.") == 1
    assert duidoku.winning_moves("1234341221434.2.") == ()
    # One move left: the first player makes it and wins.
    assert duidoku.winner("1234341221434.21") == 0
    assert duidoku.winning_moves("123434122143432.") == (Place(4, 4, 1),)
    # One move, then three empty cells that are blocked: the first player wins.
    assert duidoku.winning_moves("..23341.43.21234") == (Place(1, 2, 1),)
    # 4 at r3c2 wins (the search, and the worked example of the handbook).
    assert duidoku.winner("21343..1......12") == 0
    assert duidoku.winning_moves("21343..1......12") == (Place(3, 2, 4),)


def test_second_player_wins_the_empty_board() -> None:
    search = Search()
    assert not search.wins((0,) * 16)
    assert 150_000 < search.valued < 300_000


def test_canonical_digits_and_limit() -> None:
    assert canonical((3, 0, 1, 3, *([0] * 12))) == (1, 0, 2, 1, *([0] * 12))
    with pytest.raises(SearchLimitError, match="stopped after 10 boards") as raised:
        duidoku.winner("12..34..........", limit=10)
    assert raised.value.limit == 10
    with pytest.raises(DokuspecError, match="at least 1"):
        duidoku.winner("................", limit=0)


@PROPERTIES
@given(boards(min_moves=8))
def test_search_against_plain_minimax(board: Board) -> None:
    assert checks._duidoku_winner(board) is None


# -- the spec: DU-3 and DU-6 --------------------------------------------------------------------


def test_spec_groups() -> None:
    placement = spec.placement_model()
    names = [group.name for group in placement.groups]
    assert names[0] == "r1c1 holds one digit at most"
    assert "row 2, digit 3" in names and "box 4, digit 1" in names
    assert len(names) == 16 + 12 * 4
    assert placement.num_vars == 64 and placement.describe(spec.literal(6, 4)) == "r2c3=4"
    completion = spec.completion_model()
    names = [group.name for group in completion.groups]
    assert names[0] == "domain of r1c1" and "column 4, digit 2" in names
    assert [v.name for v in completion.int_vars][:2] == ["r1c1", "r1c2"]
    assert spec.move_of(spec.literal(15, 4)) == (15, 4)
    board = Board.parse("12..34..........")
    assert spec.board_literals(board) == [1, 6, 19, 24]
    assert len(spec.move_literals(board)) == 60
    assert spec.board_of([1, -2, 6, 19, 24, 64]) == Board.parse("12..34.........4")


def test_spec_and_engine_moves_agree() -> None:
    for line in ("................", "12..34..........", "21343..1......12", "1234341221434.21"):
        board = Board.parse(line)
        engine = tuple(placements(board.cells))
        for backend in ("sat", "z3"):
            assert queries.model_moves(board, backend) == engine, (line, backend)
        assert duidoku.legal_moves(line, backend="z3") == duidoku.legal_moves(line)
    with pytest.raises(SolverError, match="unknown backend"):
        duidoku.legal_moves("................", backend="cp")  # type: ignore[arg-type]


@PROPERTIES
@given(boards(), st.sampled_from(queries.BACKENDS), st.integers(0, 63))
def test_engine_against_spec_in_random_positions(board: Board, backend: str, pick: int) -> None:
    checks._duidoku_engine_vs_spec((board, backend, pick))  # type: ignore[arg-type]


def test_completable_by_hand() -> None:
    verdict = duidoku.check("1..4.........32.")
    assert verdict.status == "completable" and verdict.backend == "sat"
    assert str(verdict.completion) == "1234341221434321"  # the only completion
    assert not duidoku.completable("12....3.........")  # row 2 needs 4 twice
    assert duidoku.check("12....3.........", backend="z3").completion is None
    assert duidoku.completable("................")
    assert len(checks.full_grids()) == 288
    assert duidoku.check("................", conflict_limit=0).status == "unknown"
    with pytest.raises(SolverError, match="unknown backend"):
        duidoku.check("................", backend="cp")  # type: ignore[arg-type]


@PROPERTIES
@given(boards())
def test_sat_and_z3_agree(board: Board) -> None:
    checks._duidoku_sat_vs_z3(board)


# -- the plug-in ---------------------------------------------------------------------------------


def test_plugin_declaration() -> None:
    assert "duidoku" in games.names()
    spec_ = games.game("duidoku")
    assert spec_.title == "Duidoku" and spec_.rules == "DU" and spec_.order == 100
    assert len(spec_.summary) <= 60 and spec_.summary.endswith(".")
    assert spec_.load("engine") is Duidoku
    assert spec_.load("api") is duidoku
    assert spec_.load("checks") is checks.CHECKS
    assert spec_.load("openspiel") is OPENSPIEL
    for schema in spec_.schemas:
        assert json.loads((PACKAGE / schema).read_text())["type"] == "object"
    tree = ast.parse((PACKAGE / "plugin.py").read_text())
    imported = {
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert imported == {"__future__", "dokuspec.games"}


def test_reading_the_declaration_loads_no_part_of_the_game() -> None:
    script = (
        "import sys\n"
        "from dokuspec import games\n"
        "games.game('duidoku')\n"
        "print(' '.join(sorted(m for m in sys.modules if 'duidoku' in m or 'dokuspec.' in m)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = set(done.stdout.split())
    assert {"dokuspec_duidoku", "dokuspec_duidoku.plugin"} <= loaded
    heavy = ("engine", "queries", "search", "spec", "positions", "vocabulary", "cli")
    assert not loaded & {f"dokuspec_duidoku.{part}" for part in heavy}
    assert not loaded & {"dokuspec.engine.base", "dokuspec.solvers", "dokuspec.spec.model"}


def test_engine_registry() -> None:
    assert "duidoku" in registered_games()
    game = load_game("duidoku")
    assert type(game) is Duidoku and isinstance(game.new_initial_state(), DuidokuState)


def test_checks_are_named_and_short() -> None:
    found = checks_named(games=["duidoku"])
    assert [check.name for check in found] == [
        "duidoku/notation",
        "duidoku/engine-vs-spec",
        "duidoku/sat-vs-z3",
        "duidoku/winner",
        "duidoku/conformance",
    ]
    assert all(len(check.summary) <= 33 and len(check.name) <= 30 for check in found)


def test_campaign_passes() -> None:
    results = list(run_campaign(games=("duidoku",), examples=5, seed=0))
    assert [result.name for result in results] == [c.name for c in checks.CHECKS]
    for result in results:
        assert result.passed, (result.name, result.counterexample, result.error)
        assert result.cases >= 1


def test_conformance() -> None:
    check_game(
        "duidoku",
        games=15,
        seed=0,
        settings=hypothesis.settings(database=None, derandomize=True, print_blob=False),
    )
    for start in ("................", "12..34..........", "1234341221434.2.", "1234341221434321"):
        record = check_playout(Duidoku(board=start), 3, 5)
        assert record.result is not None


def test_openspiel_declaration() -> None:
    codec = OPENSPIEL.codec()
    assert codec.game == "duidoku"
    assert codec.num_actions == 64 and codec.num_outcomes == 0
    assert codec.action_id(Place(1, 1, 1)) == 0
    assert codec.action_id(Place(4, 2, 3)) == 54
    assert codec.action(63) == Place(4, 4, 4)
    assert OPENSPIEL.perfect_information and OPENSPIEL.zero_sum
    assert OPENSPIEL.long_name == "dokuspec Duidoku"
    state = Duidoku(board="1.........4.....").new_initial_state()
    tensor = OPENSPIEL.encode(state.observation(0).data)
    assert len(tensor) == TENSOR_SIZE == 83
    assert tensor[:5] == [0.0, 1.0, 0.0, 0.0, 0.0]  # r1c1 holds 1
    assert tensor[5:10] == [1.0, 0.0, 0.0, 0.0, 0.0]  # r1c2 is empty
    assert tensor[-3:] == [1.0, 0.0, 0.0]  # player 0 to act
    board = OPENSPIEL.options["board"]
    assert board.to_parameters("12..34..........") == {"board": "12../34../..../...."}
    assert board.from_parameters({"board": "12../34../..../...."}) == "12..34.........."
    with pytest.raises(ValueError, match="four rows"):
        board.from_parameters({"board": "12..34.........."})
    with pytest.raises(NotationError, match="column 3"):
        board.from_parameters({"board": "12x./34../..../...."})


# -- the command line ----------------------------------------------------------------------------


def test_cli_moves() -> None:
    status, out, err = invoke("duidoku", "moves", "1234341221434.2.")
    assert (status, err) == (0, "")
    assert out == (
        "  12|34\n  34|12\n  --+--\n  21|43\n  4.|2.\n"
        "2 legal moves (DU-3), by cell:\n  r4c2: 3\n  r4c4: 1\n"
    )
    for backend in ("sat", "z3"):
        assert invoke("duidoku", "moves", "1234341221434.2.", "--backend", backend)[1] == out
    status, out, err = invoke("duidoku", "moves", ".123341.43.21234")
    assert status == 0
    assert out.endswith("no legal move: the game is over and the player to move loses (DU-4)\n")


def test_cli_check() -> None:
    status, out, err = invoke("duidoku", "check", "1..4.........32.", "--backend", "z3")
    assert (status, err) == (0, "")
    assert out == (
        "completable (DU-6), by z3: 1234341221434321\n  12|34\n  34|12\n  --+--\n  21|43\n  43|21\n"
    )
    status, out, err = invoke("duidoku", "check", "12....3.........")
    assert (status, out) == (
        0,
        "impossible (DU-6), by sat: no full 4x4 Sudoku extends the board\n",
    )


def test_cli_winner() -> None:
    status, out, err = invoke("duidoku", "winner", "21343..1......12")
    assert (status, err) == (0, "")
    assert out == (
        "the first player wins with best play (DU-5):\n"
        "1 of their 12 legal moves wins, by cell:\n  r3c2: 4\n"
    )
    status, out, _ = invoke("duidoku", "winner", "1234341221434321")
    assert out == "the second player wins: the first player has no legal move (DU-4, DU-5)\n"
    status, out, err = invoke("duidoku", "winner", "12..34..........", "--limit", "10")
    assert (status, out) == (1, "")
    assert err == (
        "dokuspec: error: the search of best play stopped after 10 boards without an answer "
        "(raise the limit)\n"
    )


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("12x.............", "BOARD: column 3: 'x' is not a digit 1-4 or '.'"),
        ("1234", "BOARD: column 5: a board is 16 characters, not 4"),
        ("1" * 20, "BOARD: column 17: a board is 16 characters, not 20"),
        ("1...1...........", "BOARD: 1 is twice in column 1, at r1c1 and r2c1 (DU-2, DU-3)"),
        ("\x1b[31m..........", "BOARD: column 1: '\\x1b' is not a digit 1-4 or '.'"),
    ],
)
@pytest.mark.parametrize("command", ["moves", "check", "winner"])
def test_cli_bad_board(command: str, board: str, message: str) -> None:
    status, out, err = invoke("duidoku", command, board)
    assert (status, out) == (2, "")
    assert err == f"dokuspec: error: {message}\n"
    assert len(err.rstrip("\n")) <= 80


def test_cli_usage_errors() -> None:
    status, _, err = invoke("duidoku", "check", "................", "--backend", "engine")
    assert status == 2 and err.count("\n") == 1 and "--backend" in err
    status, _, err = invoke("duidoku", "moves")
    assert status == 2 and err.count("\n") == 1 and "BOARD" in err


def test_cli_help() -> None:
    status, out, _ = invoke("--help")
    assert status == 0
    assert "  duidoku      Duidoku: legal moves, completions, best play (DU-1..DU-8).\n" in out
    status, out, _ = invoke("duidoku", "--help")
    assert status == 0
    assert "Duidoku: legal moves, completions, best play (DU-1..DU-8)." in out
    for command in ("moves", "check", "winner"):
        status, text, _ = invoke("duidoku", command, "--help")
        assert status == 0
        assert all(len(line) <= 80 for line in (out + text).splitlines())
    first = (duidoku_group.help or "").split("\n")[0]
    assert len(first) <= 60


def test_cli_verify_list() -> None:
    status, out, _ = invoke("verify", "--list", "--game", "duidoku")
    assert status == 0
    assert out.splitlines()[0] == "duidoku/notation                board lines: round trip, columns"
    assert len(out.splitlines()) == 5


# -- the handbook page ---------------------------------------------------------------------------


def _blocks(kind: str) -> list[str]:
    """The bodies of the page's ``.. code-block:: kind`` directives, dedented."""
    text = DOCS.read_text(encoding="utf-8")
    pattern = re.compile(rf"^\.\. code-block:: {kind}\n\n((?:   .*\n|\n)+)", re.MULTILINE)
    return [
        "\n".join(line[3:] for line in match.group(1).rstrip("\n").split("\n")) + "\n"
        for match in pattern.finditer(text)
    ]


def test_docs_number_the_rules() -> None:
    text = DOCS.read_text(encoding="utf-8")
    found = re.findall(r"^\.\. admonition:: Rule (DU-\d+)$", text, re.MULTILINE)
    assert found == [f"DU-{n}" for n in range(1, 9)]
    assert "this example's own statement of the rules" in text
    tested = set(re.findall(r"``(test_\w+)``", text))
    defined = {name for name in globals() if name.startswith("test_")}
    assert tested <= defined, tested - defined


def test_docs_console_output_is_real() -> None:
    commands = 0
    for block in _blocks("console"):
        for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, _, expected = chunk.partition("\n")
            words = command.split()
            if words[:2] == ["dokuspec", "duidoku"] or words[:2] == ["dokuspec", "verify"]:
                status, out, err = invoke(*words[1:])
                assert out + err == expected, command
                assert all(len(line) <= 80 for line in expected.splitlines()), command
                assert status == (2 if err else 0), command
                commands += 1
    assert commands == 9


def test_docs_python_examples_run() -> None:
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(_blocks("pycon")):
        runner.run(parser.get_doctest(block, {}, f"duidoku.rst pycon {number}", str(DOCS), 0))
    assert runner.summarize(verbose=False).failed == 0


def test_docs_show_the_real_declaration() -> None:
    plugin = (PACKAGE / "plugin.py").read_text(encoding="utf-8")
    declared = next(block for block in _blocks("python") if "GAME = GameSpec(" in block)
    assert declared in plugin
    pyproject = (HERE / "pyproject.toml").read_text(encoding="utf-8")
    toml = next(block for block in _blocks("toml"))
    assert toml in pyproject


def test_module_doctest() -> None:
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner()
    for test in finder.find(duidoku):
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
